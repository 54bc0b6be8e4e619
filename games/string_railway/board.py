"""The continuous table: the field outline, the lettered grid, station tiles,
and the river and mountain range generated from a set-up outcome.

Lengths are centimetres, x to the right and y downwards; the field's
bounding box starts at (0, 0). Grid cells are ``grid_cell`` wide, columns
lettered A, B, ... AA, rows numbered from 1; a cell's name stands for its
centre, the points stations sit on and strings bend at.

Threads (see :mod:`games.per_thread`): the field, the inner field and the
tiles Context prepares are prepared shapely geometries, made and kept per
thread (:func:`field`, :func:`inner_field`, :func:`prepared_tile`); every
other cached geometry here is unprepared and shared, and the cached arrays
are read-only.
"""

from __future__ import annotations

import math
import random
import re
from functools import cache
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LinearRing, LineString, Point, Polygon, box

from games.core import IllegalAction
from games.per_thread import per_thread_cache, read_only
from games.string_railway.params import table
from games.tree import quote

_CELL = re.compile(r"([A-Za-z]{1,2})([0-9]{1,3})", re.ASCII)

XY = tuple[float, float]


# -- the field ---------------------------------------------------------------

@cache
def field_corners(shape: str) -> tuple[XY, ...]:
    """The field's corners (in the order of its corner names), a regular
    polygon of the table's side, its bounding box at the origin."""
    f = table().fields[shape]
    radius = f.side / (2 * math.sin(math.pi / f.sides))
    start = -135.0 if f.sides == 4 else -90.0
    pts = [(radius * math.cos(math.radians(start + 360 * i / f.sides)),
            radius * math.sin(math.radians(start + 360 * i / f.sides))) for i in range(f.sides)]
    x0 = min(p[0] for p in pts)
    y0 = min(p[1] for p in pts)
    return tuple((round(x - x0, 6), round(y - y0, 6)) for x, y in pts)


@per_thread_cache
def field(shape: str) -> Polygon:
    """The field: the area the field string encloses (prepared, so one per
    thread)."""
    poly = Polygon(field_corners(shape))
    shapely.prepare(poly)
    return poly


@per_thread_cache
def inner_field(shape: str) -> Polygon:
    """Where a railroad string may lie: inside the field and off the field
    string (half its width from the outline; prepared, so one per thread)."""
    poly = field(shape).buffer(-table().field_string_half_width, join_style="mitre")
    shapely.prepare(poly)
    return poly


@cache
def grid_size(shape: str) -> tuple[int, int]:
    """(columns, rows) of the lettered grid covering the field."""
    cell = table().grid_cell
    xs = [p[0] for p in field_corners(shape)]
    ys = [p[1] for p in field_corners(shape)]
    return math.ceil(max(xs) / cell - 1e-9), math.ceil(max(ys) / cell - 1e-9)


def column_name(i: int) -> str:
    """A, B, ..., Z, AA, AB, ..."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def column_index(letters: str) -> int:
    n = 0
    for c in letters.upper():
        n = n * 26 + (ord(c) - 64)
    return n - 1


def cell_name(col: int, row: int) -> str:
    return f"{column_name(col)}{row + 1}"


@cache
def cell_index(name: str) -> tuple[int, int]:
    """(column, row) of a canonical cell name."""
    m = _CELL.fullmatch(name)
    assert m is not None, name
    return column_index(m.group(1)), int(m.group(2)) - 1


@cache
def centre(name: str) -> XY:
    """The centre of a cell: the point its name stands for."""
    col, row = cell_index(name)
    cell = table().grid_cell
    return (col + 0.5) * cell, (row + 0.5) * cell


def parse_cell(shape: str, text: str) -> str:
    """A typed cell ("k12", "K012") as its canonical name ("K12"), or
    IllegalAction naming the grid's range."""
    m = _CELL.fullmatch(text) if text.isascii() else None
    cols, rows = grid_size(shape)
    if m is not None:
        col, row = column_index(m.group(1)), int(m.group(2)) - 1
        if 0 <= col < cols and 0 <= row < rows:
            return cell_name(col, row)
    raise IllegalAction(f"'{quote(text)}' is not a grid point: name one like K12, columns A-"
                        f"{column_name(cols - 1)}, rows 1-{rows}.")


@cache
def all_cells(shape: str) -> tuple[str, ...]:
    cols, rows = grid_size(shape)
    return tuple(cell_name(c, r) for r in range(rows) for c in range(cols))


@cache
def cell_tiles(shape: str) -> tuple[tuple[str, ...], Any]:
    """The cells whose tile lies inside the field, off the field string, and
    their tiles (a shapely array)."""
    cells = all_cells(shape)
    h = table().tile_size / 2
    xy = np.array([centre(c) for c in cells])
    tiles = shapely.box(xy[:, 0] - h, xy[:, 1] - h, xy[:, 0] + h, xy[:, 1] + h)
    ok = shapely.contains_properly(inner_field(shape), tiles)
    return tuple(c for c, good in zip(cells, ok) if bool(good)), read_only(tiles[ok])


# -- tiles -------------------------------------------------------------------

@cache
def tile(cell: str) -> Polygon:
    """The square station tile centred on ``cell``."""
    x, y = centre(cell)
    h = table().tile_size / 2
    return box(x - h, y - h, x + h, y + h)


@per_thread_cache
def prepared_tile(cell: str) -> Polygon:
    """:func:`tile`, prepared for the laying rules' many tests against it
    (so one per thread)."""
    poly = Polygon(tile(cell).exterior.coords)
    shapely.prepare(poly)
    return poly


@cache
def home_cell(shape: str, corner: str) -> str:
    """A home station's cell: its tile touches the corner (the rulebook's
    "touch the white corner markers"), reaching as far into the field as a
    tile touching the corner can (the most of its area in the field, then
    the centre nearest the corner). In the square it lies in the corner,
    touching both sides; in the triangle's and pentagon's corners a square
    tile on the grid cannot fit, so it overhangs the field string there, as
    a card held against a string's sharp corner does."""
    index = table().fields[shape].corners.index(corner)
    vertex = field_corners(shape)[index]
    room = field(shape)
    touching = [c for c in all_cells(shape) if tile(c).intersects(Point(vertex))]
    return max(touching, key=lambda c: (round(tile(c).intersection(room).area, 6),
                                        -math.dist(centre(c), vertex), c))


def home_tiles(shape: str) -> list[Polygon]:
    return [tile(home_cell(shape, c)) for c in table().fields[shape].corners]


# -- river and mountain range ------------------------------------------------

def river_line(points: list[list[float]]) -> LineString:
    return LineString([(p[0], p[1]) for p in points])


def mountain_ring(points: list[list[float]]) -> LinearRing:
    return LinearRing([(p[0], p[1]) for p in points])


def mountain_area(points: list[list[float]]) -> Polygon:
    return Polygon([(p[0], p[1]) for p in points])


def layout_problems(shape: str, river: list[list[float]], mountain: list[list[float]]) -> list[str]:
    """What breaks the rulebook's conditions: the river inside the field, not
    crossing itself, at most one end (slightly) outside; the mountain range
    inside the field, not crossing itself. Ours: both keep clear of every
    corner's home station."""
    out: list[str] = []
    t = table()
    area = field(shape)
    line = river_line(river)
    if not line.is_simple:
        out.append("the river crosses itself")
    outside = line.difference(area)
    if not outside.is_empty:
        parts = list(getattr(outside, "geoms", [outside]))
        ends = [Point(line.coords[0]), Point(line.coords[-1])]
        if len(parts) > 1 or not any(parts[0].distance(e) < 1e-9 for e in ends) \
                or outside.length > t.river_end_outside_max:
            out.append("the river leaves the field other than at one end")
    ring = mountain_ring(mountain)
    if not ring.is_simple or not mountain_area(mountain).is_valid:
        out.append("the mountain range crosses itself")
    if not area.buffer(-t.field_string_half_width).contains(mountain_area(mountain)):
        out.append("the mountain range leaves the field")
    clear = shapely.unary_union(home_tiles(shape)).buffer(t.layout_clearance_from_homes)
    if clear.intersects(line) or clear.intersects(mountain_area(mountain)):
        out.append("the river or the mountains cover a corner's home station")
    return out


def _river(shape: str, rng: random.Random) -> list[list[float]]:
    t = table()
    area = field(shape)
    minx, miny, maxx, maxy = area.bounds
    cx, cy = area.centroid.x, area.centroid.y
    if rng.random() < 0.5:  # from just outside an edge, flowing in
        edge = area.exterior
        p = edge.interpolate(rng.uniform(0, edge.length))
        heading = math.atan2(cy - p.y, cx - p.x) + rng.uniform(-0.6, 0.6)
        back = rng.uniform(0.2, t.river_end_outside_max * 0.6)
        x, y = p.x - back * math.cos(heading), p.y - back * math.sin(heading)
    else:
        x, y = rng.uniform(minx + 8, maxx - 8), rng.uniform(miny + 8, maxy - 8)
        heading = rng.uniform(0, 2 * math.pi)
    pts = [[round(x, 2), round(y, 2)]]
    turn = 0.0
    for _ in range(round(t.river_length / t.river_step)):
        turn = 0.6 * turn + rng.gauss(0, 0.35)
        heading += turn
        x += t.river_step * math.cos(heading)
        y += t.river_step * math.sin(heading)
        pts.append([round(x, 2), round(y, 2)])
    return pts


def _mountain(shape: str, rng: random.Random) -> list[list[float]]:
    t = table()
    area = field(shape)
    minx, miny, maxx, maxy = area.bounds
    r0 = t.mountain_length / (2 * math.pi)
    cx, cy = rng.uniform(minx + r0, maxx - r0), rng.uniform(miny + r0, maxy - r0)
    n = 24
    waves = [(rng.uniform(-0.18, 0.18), rng.uniform(0, 2 * math.pi), k) for k in (2, 3, 5)]
    radii = [1 + sum(a * math.sin(k * 2 * math.pi * i / n + ph) for a, ph, k in waves) for i in range(n)]
    raw = [(radii[i] * math.cos(2 * math.pi * i / n), radii[i] * math.sin(2 * math.pi * i / n)) for i in range(n)]
    perimeter = LinearRing(raw).length
    scale = t.mountain_length / perimeter
    return [[round(cx + scale * x, 2), round(cy + scale * y, 2)] for x, y in raw]


def generate_layout(shape: str, number: int) -> tuple[list[list[float]], list[list[float]]]:
    """The river and the mountain range laid from a set-up outcome's number:
    the first drawing from it that meets :func:`layout_problems`' conditions
    (the rulebook has players lay them by hand; the number stands for that)."""
    rng = random.Random(f"string-railway-layout:{shape}:{number}")
    for _ in range(5000):
        river = _river(shape, rng)
        mountain = _mountain(shape, rng)
        if not layout_problems(shape, river, mountain):
            return river, mountain
    raise RuntimeError(f"no layout for {shape} {number}")  # pragma: no cover - never seen


# -- placed strings ----------------------------------------------------------

def polyline(path: list[str]) -> LineString:
    return LineString([centre(c) for c in path])
