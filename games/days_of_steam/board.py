"""The map as the rules read it: which track lies where, and how far each
open tile edge is from a town along a valid path.

A *valid path* is a run of track segments a train can follow in one
direction without reversing; a junction lets a train from its stem take
either branch, but never from one branch to the other. Distances count
track segments (a hill counts as one), never the towns themselves.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterator

from .geometry import Cell, Shape, neighbour, opposite, shape, unkey
from .params import param, tile_defs
from .state import DaysOfSteamState

Arrivals = dict[tuple[Cell, int], int]
"""(cell, edge) -> fewest segments a valid path from a town crosses before
reaching that edge of ``cell`` from outside."""


@dataclass
class Board:
    """The placed tiles of a state, decoded once for the rule checks."""

    shapes: dict[Cell, Shape]
    towns: dict[Cell, str]
    """Town cell -> colour."""
    hills: frozenset[Cell]

    @classmethod
    def of(cls, state: DaysOfSteamState) -> "Board":
        shapes: dict[Cell, Shape] = {}
        towns: dict[Cell, str] = {}
        hills: set[Cell] = set()
        defs = tile_defs()
        for k, t in state["tiles"].items():
            cell = unkey(k)
            shapes[cell] = shape(t["kind"], int(t["rot"]))
            if t["kind"] == "town":
                towns[cell] = t["colour"]
            elif defs[t["kind"]].hill:
                hills.add(cell)
        return cls(shapes, towns, frozenset(hills))

    def has_track(self, cell: Cell, edge: int) -> bool:
        s = self.shapes.get(cell)
        return s is not None and edge in s.edges

    def through_segments(self, cell: Cell, edge: int) -> Iterator[tuple[int, int]]:
        """(segment index, far edge) of the non-dead-end segments of a track
        tile entered by ``edge`` (a town is never traversed here)."""
        s = self.shapes[cell]
        for i, seg in enumerate(s.segments):
            if len(seg) == 2 and edge in seg:
                yield i, seg[1] if seg[0] == edge else seg[0]


def arrivals(board: Board, skip: Cell | None = None) -> Arrivals:
    """How far every reachable tile edge is from the nearest town.

    Breadth-first over "leaving cell by edge" from every town; ``skip`` is
    treated as empty (the cell being played over). Edges of placed tiles
    are recorded too: that is the most a "play over" tile there could gain
    from a town, so a cell no path reaches is not tried."""
    best: Arrivals = {}
    seen: set[tuple[Cell, int]] = set()
    queue: deque[tuple[Cell, int, int]] = deque()
    for town in board.towns:
        if town == skip:
            continue
        for e in range(4):
            queue.append((town, e, 0))
            seen.add((town, e))
    while queue:
        cell, edge, dist = queue.popleft()
        nxt, entry = neighbour(cell, edge), opposite(edge)
        if dist < best.get((nxt, entry), 1 << 30):
            best[(nxt, entry)] = dist
        if nxt == skip or nxt not in board.shapes:
            continue
        if nxt in board.towns or entry not in board.shapes[nxt].edges:
            continue
        for _seg, far in board.through_segments(nxt, entry):
            if (nxt, far) not in seen:
                seen.add((nxt, far))
                queue.append((nxt, far, dist + 1))
    return best


def edge_mismatch(board: Board, cell: Cell, placed: Shape) -> int | None:
    """The first edge of ``placed`` at ``cell`` whose track does not meet
    its neighbour's (track against no track), or None."""
    for e in range(4):
        other = board.shapes.get(neighbour(cell, e))
        if other is None:
            continue
        if (e in placed.edges) != (opposite(e) in other.edges):
            return e
    return None


def track_distance(arr: Arrivals, cell: Cell, placed: Shape) -> int | None:
    """Which tile along a valid path from a town ``placed`` would be (1 =
    next to a town), counting only its non-dead-end segments; None if none
    of them traces a valid path back to a town."""
    best: int | None = None
    for seg in placed.segments:
        if len(seg) != 2:
            continue
        for e in seg:
            d = arr.get((cell, e))
            if d is not None and (best is None or d + 1 < best):
                best = d + 1
    return best


def town_spacing(arr: Arrivals, cell: Cell) -> int | None:
    """Fewest track segments between a town at ``cell`` and the nearest town
    along a valid path; None when no valid path joins it to a town."""
    found = [arr[(cell, e)] for e in range(4) if (cell, e) in arr]
    return min(found) if found else None


def max_tiles_from_town() -> int:
    return param("max_tiles_from_town")
