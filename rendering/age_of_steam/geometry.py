"""Where things sit on the Age of Steam board: the image's measures (hex
size, margins, the map and the side panel), the colours that carry meaning
(terrain, goods, unowned track, the casing under track, the row of the
player whose turn it is) with the ``PALETTES`` the colour-blind tests check,
and the points every part draws at: a hex's centre, an edge's midpoint, the
line a piece of track follows and where each section's marker stands."""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Sequence

from games.age_of_steam.hexmap import board, hex_sort_key
from games.age_of_steam.maps import RUST_BELT
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network, pieces
from rendering import kit


SIZE = 34  # hex circumradius
SQ3 = math.sqrt(3)
APOTHEM = SQ3 * SIZE / 2
MARGIN = 30
MAP_W = int(MARGIN * 2 + SIZE * 2 + SIZE * 1.5 * 17)
MAP_H = int(MARGIN * 2 + SQ3 * SIZE * 11) + 8
PANEL_W = 500
WIDTH = MAP_W + PANEL_W
HEIGHT = MAP_H

TERRAIN = {
    "plain": (214, 230, 184),
    "river": (176, 212, 226),
    "mountain": (196, 168, 130),
    "town": (214, 230, 184),
    "lake": (96, 152, 205),
}
GOODS = {
    "red": (214, 62, 52),
    "blue": (60, 130, 220),
    "purple": (120, 50, 140),
    "yellow": (240, 205, 60),
    "black": (70, 70, 70),
}
UNOWNED = (150, 150, 150)
CASING = (252, 250, 244)
"""The light band under every track, so it reads on any terrain."""
TURN_FILL = (255, 236, 170)
"""The panel row of the player whose turn it is (with an arrow and a frame)."""

PALETTES: dict[str, Sequence[kit.RGB]] = {
    "players": kit.PLAYER_COLOURS,
    "goods": tuple(GOODS.values()),
    "terrain": (TERRAIN["plain"], TERRAIN["river"], TERRAIN["mountain"], TERRAIN["lake"]),
}
"""The colours that carry meaning; each also has a letter or a shape (seat
markers, lettered cubes and city tags, river waves and mountain peaks)."""


def centre(col: int, row: int) -> tuple[float, float]:
    x = MARGIN + SIZE + col * 1.5 * SIZE
    y = MARGIN + SQ3 * SIZE / 2 + row * SQ3 * SIZE + (SQ3 * SIZE / 2 if col % 2 else 0)
    return x, y


def hex_centre(label: str) -> tuple[float, float]:
    """The centre of hex ``label`` ("H6": column H, row 6), on any map."""
    return centre(*hex_sort_key(label))


MAP_CUBE = 17
"""The side of a cube lying on a map hex (St. Lucia), bigger than a city's:
it is alone on its hex and must read over the track."""
MAP_CUBE_OFF = 16
"""How far left of the hex's centre a map cube sits (clear of a straight
link's marker at the centre)."""


def map_cube_box(label: str) -> tuple[float, float, float, float]:
    """Where the cube lying on hex ``label`` is drawn (left, top, right, bottom)."""
    cx, cy = hex_centre(label)
    left, top = cx - MAP_CUBE_OFF - MAP_CUBE / 2, cy - MAP_CUBE / 2
    return left, top, left + MAP_CUBE, top + MAP_CUBE


SEA_MAPS = frozenset({"barbados", "st-lucia"})
"""The maps whose lakes are the sea around an island: drawn as sea from
edge to edge of the image, with the coast marked."""


@cache
def map_size(slug: str) -> tuple[int, int]:
    """The map image's width and height: the Rust Belt's ``MAP_W`` x
    ``MAP_H``; another map's from its columns and its lowest hex."""
    if slug == RUST_BELT:
        return MAP_W, MAP_H
    b = board(slug)
    bottom = max(centre(mh.col, mh.row)[1] for mh in b.hexes.values())
    return int(MARGIN * 2 + SIZE * 2 + SIZE * 1.5 * (b.columns - 1)), int(bottom + APOTHEM + MARGIN) + 8


def _edge(cx: float, cy: float, e: int) -> tuple[float, float]:
    return kit.hex_edge_midpoint(cx, cy, SIZE, e, flat_top=True)


def _marker_point(state: AgeOfSteamState, sec: Any) -> tuple[float, float]:
    """Where an unfinished section's locomotive marker stands: half-way
    between the last hex's centre and the open end."""
    label, i = sec.paths[-1]
    cx, cy = hex_centre(label)
    piece = pieces(state, label)[i]
    ex, ey = _edge(cx, cy, piece[-1] if sec.open_end is None else sec.open_end[1])
    return (cx + ex) / 2, (cy + ey) / 2


def piece_points(piece: tuple[int, ...], cx: float, cy: float, steps: int = 12) -> list[tuple[float, float]]:
    """The line a piece of track follows, from its first edge to its second
    (a town exit: from the centre to its edge); curves bend through the
    centre as ``kit.draw_track_between`` draws them."""
    if len(piece) == 1:
        return [(cx, cy), _edge(cx, cy, piece[0])]
    a, b = _edge(cx, cy, piece[0]), _edge(cx, cy, piece[1])
    if math.dist(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (cx, cy)) < 1e-6:
        return [a, b]
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t * t * b[1])
            for t in (i / steps for i in range(steps + 1))]


def marker_places(state: AgeOfSteamState, net: Network) -> list[tuple[float, float, int, bool]]:
    """Where each owned section's marker stands (x, y, owner, complete): on
    the middle piece of a completed link, or half-way to the open end of an
    unfinished section (:func:`_marker_point`)."""
    out: list[tuple[float, float, int, bool]] = []
    for sec in net.sections:
        if sec.owner is None or not sec.paths:
            continue
        if sec.complete:
            label, i = sec.paths[len(sec.paths) // 2]
            cx, cy = hex_centre(label)
            pts = piece_points(pieces(state, label)[i], cx, cy)
            x, y = pts[len(pts) // 2]
        else:
            x, y = _marker_point(state, sec)
        out.append((x, y, sec.owner, sec.complete))
    return out
