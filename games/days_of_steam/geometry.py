"""Square-grid geometry: cells, edges, rotations, tile shapes and cell names.

The board is an unbounded square grid around the first town at (0, 0); x
grows east, y grows south. Edges are numbered clockwise from north
(0 = N, 1 = E, 2 = S, 3 = W); a tile rotated by ``r`` quarter turns
clockwise moves its edge ``e`` to ``(e + r) % 4``.

A *segment* is a tuple of edges: two for a track joining two tile edges,
one for a dead end, four for a town (a town joins every edge to every other).
A *piece* is a group of segments that share an edge: a train on a piece may
leave by any of its edges next turn (a junction is one piece; a bridge or a
double curve is two).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .params import EDGE_LETTERS, tile_defs

Cell = tuple[int, int]
Segment = tuple[int, ...]

STEPS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def neighbour(cell: Cell, edge: int) -> Cell:
    dx, dy = STEPS[edge]
    return (cell[0] + dx, cell[1] + dy)


def opposite(edge: int) -> int:
    return (edge + 2) % 4


def key(cell: Cell) -> str:
    """The JSON key of a cell ("x,y")."""
    return f"{cell[0]},{cell[1]}"


def unkey(text: str) -> Cell:
    x, y = text.split(",")
    return (int(x), int(y))


def is_curve(segment: Segment) -> bool:
    """A two-edge segment whose ends are not opposite: a curve (speed limit 2)."""
    return len(segment) == 2 and (segment[0] - segment[1]) % 2 == 1


def boundary(cell: Cell, edge: int) -> tuple[int, int, int]:
    """The tile border crossed when leaving ``cell`` by ``edge``, the same
    from both sides: (x, y, 0) east of (x, y) or (x, y, 1) south of it."""
    if edge == 1:
        return (cell[0], cell[1], 0)
    if edge == 2:
        return (cell[0], cell[1], 1)
    other = neighbour(cell, edge)
    return (other[0], other[1], 0 if edge == 3 else 1)


@dataclass(frozen=True)
class Shape:
    """A tile kind in one rotation: its segments, pieces and track edges."""

    kind: str
    rotation: int
    segments: tuple[Segment, ...]
    pieces: tuple[tuple[int, ...], ...]
    """Per piece, the indices of its segments."""
    piece_of: tuple[int, ...]
    """Per segment, the index of its piece."""
    edges: frozenset[int]
    """Edges that carry track (a dead end's edge counts)."""

    def piece_edges(self, piece: int) -> frozenset[int]:
        return frozenset(e for s in self.pieces[piece] for e in self.segments[s])

    @property
    def code(self) -> str:
        """The orientation as players name it: each segment's ends, e.g. "NS+SE"."""
        return "+".join("".join(EDGE_LETTERS[e] for e in seg) for seg in self.segments)


@cache
def shape(kind: str, rotation: int) -> Shape:
    """The track of ``kind`` turned ``rotation`` quarter turns clockwise."""
    tdef = tile_defs()[kind]
    segs = sorted(tuple(sorted((e + rotation) % 4 for e in seg)) for seg in tdef.segments)
    segments = tuple(segs)
    piece_of = list(range(len(segments)))
    changed = True
    while changed:
        changed = False
        for i, a in enumerate(segments):
            for j, b in enumerate(segments):
                if piece_of[i] != piece_of[j] and set(a) & set(b):
                    low = min(piece_of[i], piece_of[j])
                    piece_of[i] = piece_of[j] = low
                    changed = True
    roots = sorted(set(piece_of))
    piece_of = [roots.index(p) for p in piece_of]
    pieces = tuple(tuple(i for i, p in enumerate(piece_of) if p == r) for r in range(len(roots)))
    edges = frozenset(e for seg in segments for e in seg)
    return Shape(kind, rotation % 4, segments, pieces, tuple(piece_of), edges)


@cache
def orientations(kind: str) -> tuple[Shape, ...]:
    """The distinct rotations of a kind (a straight has two, a bridge one)."""
    seen: dict[tuple[Segment, ...], Shape] = {}
    for r in range(4):
        s = shape(kind, r)
        seen.setdefault(s.segments, s)
    return tuple(seen.values())


# -- cell names ---------------------------------------------------------------

START_COLUMN = 25
"""The column index of the first town: column Z."""
START_ROW = 26
"""The row number of the first town: row 26, so the first town is Z26."""

NAME_GRAMMAR = re.compile(r"(-?)([A-Za-z]{1,3})(-?[0-9]{1,6})", re.ASCII)
"""A cell name as typed: column letters (either case), row digits (leading
zeros allowed); a minus sign only far west of column A or north of row 1."""


def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    s = ""
    i = index + 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def column_index(name: str) -> int:
    n = 0
    for ch in name:
        n = n * 26 + (ord(ch) - 64)
    return n - 1


def column_label(x: int) -> str:
    """The letters of column ``x``: the first town's column is Z, west of it
    Y, X, ... A, east of it AA, AB, ...; a column more than 25 west of the
    first town (never seen in play) is -A, -B, ..."""
    i = x + START_COLUMN
    return column_name(i) if i >= 0 else "-" + column_name(-i - 1)


def row_label(y: int) -> str:
    """The number of row ``y``: the first town's row is 26, north of it 25,
    24, ... 1, then 0, -1, ... (never seen in play), south of it 27, 28, ..."""
    return str(y + START_ROW)


def cell_name(cell: Cell) -> str:
    """The fixed name of a cell ("Z26" for the first town). It never changes
    during a game, however the map grows."""
    return column_label(cell[0]) + row_label(cell[1])


def parse_cell_name(text: str) -> Cell | None:
    """The cell a typed name stands for, any case, leading zeros allowed
    ("z026" is Z26); None if ``text`` is not a cell name."""
    m = NAME_GRAMMAR.fullmatch(text)
    if not m:
        return None
    index = column_index(m.group(2).upper())
    x = (-index - 1 if m.group(1) else index) - START_COLUMN
    return (x, int(m.group(3)) - START_ROW)


@dataclass(frozen=True)
class Extent:
    """The part of the grid on the map: the placed tiles plus a one-cell
    margin. Cells keep their names (:func:`cell_name`) however the map grows."""

    min_x: int
    min_y: int
    max_x: int
    max_y: int

    @property
    def columns(self) -> int:
        return self.max_x - self.min_x + 1

    @property
    def rows(self) -> int:
        return self.max_y - self.min_y + 1

    def name(self, cell: Cell) -> str:
        return cell_name(cell)

    def contains(self, cell: Cell) -> bool:
        return self.min_x <= cell[0] <= self.max_x and self.min_y <= cell[1] <= self.max_y

    def parse(self, text: str) -> Cell | None:
        """The cell a typed name stands for, if it is on the map."""
        cell = parse_cell_name(text)
        return cell if cell is not None and self.contains(cell) else None


def extent_of(cells: list[Cell]) -> Extent:
    xs = [c[0] for c in cells] or [0]
    ys = [c[1] for c in cells] or [0]
    return Extent(min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
