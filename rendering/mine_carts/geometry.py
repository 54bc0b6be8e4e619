"""Where things sit on the Mine Carts image: its measures (the 9 x 9 grid,
its wrap bands and names, the header, the teams' panel), the colours that
carry meaning (teams, the gold cart, the track's branches) with the
``PALETTES`` the colour-blind tests check, how far each cart's path runs
from the track, and a square's box, centre and edges in pixels.
"""

from __future__ import annotations

from typing import Any, Sequence

from games.mine_carts.board import coords
from games.mine_carts.movement import GOLD
from games.mine_carts.state import MineCartsState
from rendering import kit


CELL = 70
BAND = 24                      # the ghosted wrap band on each side
LABEL = 22                     # row and column names outside the bands
MARGIN = 8
SPAN = 9 * CELL
HEADER = 104                   # whose turn, and the last move in two lines
GRID_X = MARGIN + LABEL + BAND
GRID_Y = HEADER + LABEL + BAND
WIDTH = 2 * GRID_X + SPAN
GRID_BOTTOM = GRID_Y + SPAN + BAND + LABEL
PANEL_Y = GRID_BOTTOM + 10
TEAM_W = (WIDTH - 3 * 10) // 2
TEAM_H = 196
FOOT_Y = PANEL_Y + TEAM_H + 12
HEIGHT = FOOT_Y + 62

EMPTY: kit.RGB = (226, 217, 196)
CARD: kit.RGB = (252, 249, 242)
PIT: kit.RGB = (70, 48, 30)
MINE: kit.RGB = (88, 88, 92)
GOLD_RGB: kit.RGB = (242, 196, 28)
BRANCH: dict[str, kit.RGB] = {"black": kit.INK, "green": (0, 158, 115), "orange": (230, 159, 0),
                              "fuchsia": (204, 121, 167)}
TEAM_RGB: tuple[kit.RGB, ...] = ((213, 94, 0), (0, 114, 178))   # vermillion, blue (Okabe-Ito)
TEAM_TINT: tuple[kit.RGB, ...] = ((246, 214, 196), (200, 224, 240))
TEAM_SHAPE = ("circle", "square")
TEAM_LETTER = ("R", "B")
PALETTES: dict[str, Sequence[kit.RGB]] = {
    "carts": (*TEAM_RGB, GOLD_RGB),
    "branches": tuple(BRANCH.values()),
}
"""The colours that carry meaning: the teams' carts and the gold cart (each
also a shape and a letter), and the track's branches (each also a letter)."""
PATH_WIDTH = 5
PATH_OFFSET: dict[str, float] = {"1": -14, "2": 14, GOLD: -27}
"""How far each cart's path runs from the track's centre line, along the
diagonal (so beside both a horizontal and a vertical length of track)."""


def as_state(state: dict[str, Any]) -> MineCartsState:
    return state  # type: ignore[return-value]


def cell_box(square: str) -> tuple[int, int, int, int]:
    x, y = coords(square)
    return GRID_X + x * CELL, GRID_Y + y * CELL, GRID_X + (x + 1) * CELL, GRID_Y + (y + 1) * CELL


def centre(square: str) -> tuple[float, float]:
    left, top, right, bottom = cell_box(square)
    return (left + right) / 2, (top + bottom) / 2


def edge_point(c: tuple[float, float], edge: int, size: float = CELL) -> tuple[float, float]:
    half = size / 2
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[edge]
    return c[0] + dx * half, c[1] + dy * half


def box_around(boxes: list[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    left = min(b[0] for b in boxes) - CELL
    top = min(b[1] for b in boxes) - CELL
    right = max(b[2] for b in boxes) + CELL
    bottom = max(b[3] for b in boxes) + CELL
    return (max(GRID_X - BAND, left), max(GRID_Y - BAND, top), min(GRID_X + SPAN + BAND, right),
            min(GRID_Y + SPAN + BAND, bottom))
