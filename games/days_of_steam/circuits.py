"""Circuits: loops of track through at least two towns.

A circuit is a loop a train could run from one town, through another and
back, never reversing and never running over any part of a track segment
twice. We read "any part" as: no tile border is crossed twice, so the two
segments of a junction (which share the stem) are never both used, while
the two separate segments of a bridge or double curve may be.

The loop may pass through the same town twice (a figure-8): the rulebook
asks only that it reach a second town, never reverse and never reuse track.

The loop is searched as a cycle of *links*: runs of track from a town to a
town with no town in between (a link may run from a town back to itself).
A tile completes a new circuit when some circuit runs over a segment the
tile added: every segment of a tile laid on an empty cell, but only the
segments an overbuild did not already have (a "play over" tile laid in the
same track as the one it replaced closes no new circuit).

Only simple cycles are searched, each town met once, except the figure-8
that a link from a town back to itself needs: a closed run of links that
shares no border splits into loops that share none, and the loop holding a
link between two towns is such a simple cycle. So a circuit over the new
tile is either a simple cycle through its link, or its link back to its own
town plus a simple cycle through that town and another.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .geometry import Cell, Segment, boundary, neighbour, opposite

Border = tuple[int, int, int]


@dataclass(frozen=True)
class Link:
    """A run of track from town ``start`` to town ``end`` (no town between)."""

    start: Cell
    end: Cell
    borders: frozenset[Border]
    cells: frozenset[Cell]
    segments: frozenset[tuple[Cell, Segment]]
    """The track segments run over, as (cell, segment edges)."""


def links_from(board: Board, town: Cell) -> list[Link]:
    """Every link leaving ``town``, by any edge and any junction branch."""
    found: list[Link] = []

    def walk(cell: Cell, edge: int, borders: frozenset[Border], cells: frozenset[Cell],
             segs: frozenset[tuple[Cell, Segment]]) -> None:
        border = boundary(cell, edge)
        if border in borders:
            return
        borders = borders | {border}
        nxt, entry = neighbour(cell, edge), opposite(edge)
        if not board.has_track(nxt, entry):
            return
        if nxt in board.towns:
            found.append(Link(town, nxt, borders, cells, segs))
            return
        shp = board.shapes[nxt]
        for i, far in board.through_segments(nxt, entry):
            walk(nxt, far, borders, cells | {nxt}, segs | {(nxt, shp.segments[i])})

    for e in range(4):
        walk(town, e, frozenset(), frozenset(), frozenset())
    return found


def completes_circuit(board: Board, played: Cell, fresh: frozenset[Segment] | None = None) -> bool:
    """Whether a circuit through two or more towns runs over ``played``
    (over one of its ``fresh`` segments, when only those are new)."""
    if fresh is not None and not fresh:
        return False
    by_start: dict[Cell, list[Link]] = {t: links_from(board, t) for t in board.towns}
    if played in board.towns:
        seeds = by_start[played]
    else:
        seeds = [l for ls in by_start.values() for l in ls if played in l.cells
                 and (fresh is None or any((played, seg) in l.segments for seg in fresh))]

    def closes(home: Cell, here: Cell, used: frozenset[Border], visited: frozenset[Cell]) -> bool:
        """Whether links sharing no border with ``used`` run from ``here``
        back ``home``, through towns not ``visited``, so that the whole loop
        meets two towns or more."""
        for link in by_start[here]:
            if link.borders & used:
                continue
            if link.end == home:
                if len(visited) > 1:
                    return True
                continue
            if link.end in visited:
                continue
            if closes(home, link.end, used | link.borders, visited | {link.end}):
                return True
        return False

    return any(closes(s.start, s.end, s.borders, frozenset({s.start, s.end})) for s in seeds)
