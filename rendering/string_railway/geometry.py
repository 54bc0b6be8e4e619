"""Where things sit on the String Railway image: its measures and font sizes,
the colours that carry meaning (field, river, mountains, each company's
dash pattern) with the ``PALETTES`` the colour-blind tests check, the
cards' kind codes, the field's scale and origin, and a string's points in
pixels.
"""

from __future__ import annotations

from typing import Any, Sequence

from games.string_railway import board
from games.string_railway.params import table
from rendering import kit


WIDTH = 1000
MARGIN = 40
HEADER = 104
ROW = 52
TURN_SIZE = 32
TURN_MIN = 24
"""A long status line shrinks down to this before it is cut."""
LAST_SIZE = 24
STANDING_SIZE = 26
LEGEND = 92
"""The height of the cards' legend under the field."""
FIELD_FILL: kit.RGB = (228, 224, 196)
GRID: kit.RGB = (222, 217, 196)
BLOCK: kit.RGB = (196, 190, 168)
RIVER: kit.RGB = (130, 185, 235)
RIVER_EDGE: kit.RGB = (40, 90, 150)
MOUNTAIN: kit.RGB = (180, 175, 166)
MOUNTAIN_EDGE: kit.RGB = (95, 90, 85)
DASHES: tuple[tuple[float, float] | None, ...] = (None, (22.0, 10.0), (8.0, 8.0), (30.0, 8.0), (4.0, 6.0))
"""Each company's dash pattern (None: solid), so colour is never the only cue."""
SHORT: dict[str, str] = {"home": "HOME", "central": "CEN", "local": "LOC", "suburban": "SUB",
                         "countryside": "CTY", "town": "TWN", "transfer": "TRF", "junction": "JCT",
                         "terminal": "TRM", "landmark": "LMK"}
"""Each station kind's code on its card (the rules topic spells them out)."""
PALETTES: dict[str, Sequence[kit.RGB]] = {
    "companies": kit.PLAYER_COLOURS[:5],
    "terrain": (FIELD_FILL, MOUNTAIN, RIVER),
}
"""The colours that carry meaning: the companies (at most five), and the
field, the mountain range and the river (each also told by its form)."""

Geometry = tuple[float, float, float]


def field_geometry(shape: str) -> Geometry:
    """(scale px per cm, left, top) of the field on the image."""
    cols, rows = board.grid_size(shape)
    cell = table().grid_cell
    scale = (WIDTH - 2 * MARGIN) / (cols * cell)
    return scale, MARGIN, HEADER + MARGIN


def to_pixels(g: Geometry, x: float, y: float) -> tuple[float, float]:
    return g[1] + x * g[0], g[2] + y * g[0]


def image_height(state: dict[str, Any]) -> int:
    cols, rows = board.grid_size(str(state["shape"]))
    g = field_geometry(str(state["shape"]))
    return int(g[2] + rows * table().grid_cell * g[0] + MARGIN + 6 + 34 + ROW * len(state["companies"]) + LEGEND)


def string_points(g: Geometry, path: list[str]) -> list[tuple[float, float]]:
    return [to_pixels(g, *board.centre(c)) for c in path]
