"""Crossing: where a new string crosses another string (a railroad string,
the river or the mountain line), decided exactly.

The rulebook: "for each railroad string, river string or mountain string
crossed: -1 point (no penalty for crossing strings on top of a station
tile)". Each place where the two strings meet, a point or a stretch along
which they run together, is a crossing when the other string comes in on one
side of the new one and goes out on the other. The sides are read from the
directions of the two polylines' own segments at the meeting, never from a
small circle round it, so no two crossings are too close to be told apart
(the old 0.01 cm circle dropped two crossings 0.005 cm apart). Touching
(meeting and turning back, ending on it, running along and leaving on the
same side) is not crossing; a meeting on or at the edge of a station tile is
free.
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

XY = tuple[float, float]

ON = 1e-9
"""How near (cm) a meeting point must be to a vertex to be that vertex. It
only says where on a polyline a point lies, never whether a crossing is."""


def parts(geom: BaseGeometry) -> list[BaseGeometry]:
    """The simple pieces of a geometry (points, lines), collections opened."""
    if geom.is_empty:
        return []
    if hasattr(geom, "geoms"):
        out: list[BaseGeometry] = []
        for g in geom.geoms:
            out.extend(parts(g))
        return out
    return [geom]


def _meetings(new: LineString, other: BaseGeometry) -> list[BaseGeometry]:
    """The places ``new`` and ``other`` meet: single points, and stretches
    along which they run together (each stretch merged into one line)."""
    pieces = parts(new.intersection(other))
    lines = [p for p in pieces if p.geom_type != "Point"]
    if lines:
        lines = parts(shapely.line_merge(shapely.unary_union(lines)))
    points = [p for p in pieces if p.geom_type == "Point" and not any(p.distance(q) <= ON for q in lines)]
    return lines + points


def _off(a: XY, b: XY, p: XY) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _rays(coords: list[XY], closed: bool, p: XY) -> tuple[XY | None, XY | None]:
    """The directions from ``p``, a point on the polyline, back to where the
    line comes from and on to where it goes (None at an open line's end)."""
    n = len(coords)
    best = min(range(n - 1), key=lambda i: _off(coords[i], coords[i + 1], p))
    a, b = coords[best], coords[best + 1]
    if math.dist(a, p) <= ON or math.dist(b, p) <= ON:
        k = best if math.dist(a, p) <= ON else best + 1
        if closed and k == n - 1:
            k = 0
        back = coords[k - 1] if k > 0 else (coords[n - 2] if closed else None)
        on = coords[k + 1] if k < n - 1 else None
        at = coords[k]
    else:
        back, on, at = a, b, p
    return (None if back is None else (back[0] - at[0], back[1] - at[1]),
            None if on is None else (on[0] - at[0], on[1] - at[1]))


def _turn(frm: XY, to: XY) -> float:
    """The counter-clockwise angle from direction ``frm`` to ``to``, in [0, 2pi)."""
    return (math.atan2(to[1], to[0]) - math.atan2(frm[1], frm[0])) % (2 * math.pi)


def _left(back: XY, on: XY, ray: XY) -> bool:
    """Whether ``ray`` lies on one given side of a line passing through
    along ``back`` -> ``on`` (the sector swept from ``on`` to ``back``)."""
    return 0.0 < _turn(on, ray) < _turn(on, back)


def _crosses_at_point(new: list[XY], other: list[XY], closed: bool, p: XY) -> bool:
    back, on = _rays(new, False, p)
    q1, q2 = _rays(other, closed, p)
    if back is None or on is None or q1 is None or q2 is None:
        return False  # a string ending on the other: touching
    return _left(back, on, q1) != _left(back, on, q2)


def _outside(rays: tuple[XY | None, XY | None], along: XY) -> XY | None:
    """Of a line's two rays at one end of a stretch, the one leaving the
    stretch (None: the line ends there)."""
    candidates = [r for r in rays if r is not None]
    if len(candidates) < 2:
        return None
    return max(candidates, key=lambda r: min(_turn(along, r), 2 * math.pi - _turn(along, r)))


def _crosses_along(new_line: LineString, new: list[XY], other: list[XY], closed: bool,
                   stretch: BaseGeometry) -> bool:
    ends: list[XY] = [(float(x), float(y)) for x, y in (stretch.coords[0], stretch.coords[-1])]
    a, b = sorted(ends, key=lambda e: new_line.project(Point(e)))
    back_a, on_a = _rays(new, False, a)
    back_b, on_b = _rays(new, False, b)
    if back_a is None or on_b is None or on_a is None or back_b is None:
        return False  # the new string ends along the other: touching
    out_a = _outside(_rays(other, closed, a), on_a)
    out_b = _outside(_rays(other, closed, b), back_b)
    if out_a is None or out_b is None:
        return False  # the other ends along the new string: touching
    return _left(back_a, on_a, out_a) != _left(back_b, on_b, out_b)


def crossing_points(new: LineString, other: BaseGeometry, tiles: Any) -> list[tuple[float, float]]:
    """Where ``new`` crosses ``other`` outside every station tile (one point
    per crossing, for the board)."""
    found: list[tuple[float, float]] = []
    mine = [(float(x), float(y)) for x, y in new.coords]
    theirs = [(float(x), float(y)) for x, y in other.coords]
    closed = other.geom_type == "LinearRing" or (len(theirs) > 2 and theirs[0] == theirs[-1])
    for piece in _meetings(new, other):
        if len(tiles) and bool(shapely.intersects(piece, tiles).any()):
            continue
        if isinstance(piece, Point):
            if not _crosses_at_point(mine, theirs, closed, (piece.x, piece.y)):
                continue
            c = piece
        else:
            if not _crosses_along(new, mine, theirs, closed, piece):
                continue
            c = piece.interpolate(0.5, normalized=True)
        assert isinstance(c, Point)
        found.append((round(c.x, 2), round(c.y, 2)))
    return found
