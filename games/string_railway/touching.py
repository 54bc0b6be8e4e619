"""Touching: whether a string (the river, the mountain range string, a
railroad string) touches a station tile, decided exactly.

The rulebook: a station tile "must not be placed on top of or beneath a
railroad string, river string, or mountain range string". A string that
meets the tile anywhere, its edge or a single corner included, is under or
over it, so the tile may not go there. Touching decides, not rounding: the
table's points are the decimals written in the state (the river and the
mountains in hundredths of a centimetre, grid points in whole ones), read as
exact fractions, so a river passing exactly through a tile's corner touches
it even where floating point puts it 3.6e-15 cm away.

The exact test is the separating axis one: a segment and a closed
axis-parallel square are apart exactly when their x ranges or their y
ranges are apart, or every corner of the square lies strictly on one side
of the segment's line.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString

from games.string_railway import board
from games.string_railway.params import table

Exact = tuple[Fraction, Fraction]

NEAR = 1e-6
"""A margin (cm) far wider than floating point's error on the table (about
1e-14): a string that floating point puts farther than this from a tile
surely misses it, one it puts this deep inside surely touches it; only the
strings in between are decided exactly. The margin picks what to decide,
never decides."""


def exact(points: list[list[float]]) -> list[Exact]:
    """The points as written (the shortest decimal of each number), as
    fractions."""
    return [(Fraction(repr(float(x))), Fraction(repr(float(y)))) for x, y in points]


def segment_touches_square(p: Exact, q: Exact, centre: Exact, half: Fraction) -> bool:
    """Whether segment ``p``-``q`` meets the closed square of half side
    ``half`` round ``centre`` (edges and corners included)."""
    x0, x1 = centre[0] - half, centre[0] + half
    y0, y1 = centre[1] - half, centre[1] + half
    if max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0 or min(p[1], q[1]) > y1:
        return False
    dx, dy = q[0] - p[0], q[1] - p[1]
    sides = {side(dx * (cy - p[1]) - dy * (cx - p[0])) for cx in (x0, x1) for cy in (y0, y1)}
    return sides != {1} and sides != {-1}


def side(cross: Fraction) -> int:
    """Which side of a line a point is on, from their cross product: 1, -1,
    or 0 on the line."""
    return (cross > 0) - (cross < 0)


def touching_cells(cells: tuple[str, ...], strings: list[tuple[list[list[float]], bool]]) -> set[str]:
    """The cells of ``cells`` whose station tile a string touches; each
    string is its points and whether it is closed (the mountain range)."""
    if not cells or not strings:
        return set()
    segments: list[tuple[list[float], list[float]]] = []
    for points, closed in strings:
        pts = list(points) + ([points[0]] if closed and points[0] != points[-1] else [])
        segments += list(zip(pts, pts[1:])) if len(pts) > 1 else [(pts[0], pts[0])]
    tree = STRtree([LineString([p, q]) for p, q in segments])
    xy = np.array([board.centre(c) for c in cells])
    half = table().tile_size / 2
    near = tree.query(_squares(xy, half + NEAR), predicate="intersects")
    out = {cells[int(t)] for t in tree.query(_squares(xy, half - NEAR), predicate="intersects")[0]}
    exact_half = Fraction(repr(float(table().tile_size))) / 2
    for t, s in zip(near[0], near[1]):
        cell = cells[int(t)]
        if cell not in out:
            p, q = exact(list(segments[int(s)]))
            if segment_touches_square(p, q, exact([list(board.centre(cell))])[0], exact_half):
                out.add(cell)
    return out


def _squares(xy: Any, half: float) -> Any:
    """Squares of half side ``half`` round the points ``xy`` (a shapely array)."""
    return shapely.box(xy[:, 0] - half, xy[:, 1] - half, xy[:, 0] + half, xy[:, 1] + half)
