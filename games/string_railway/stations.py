"""Placing a station tile: the legal cells and the panel's blocks.

A tile is legal when it lies inside the field and off the field string,
touches no other station tile, and lies on no railroad string, the river or
the mountain range string (it may lie inside the mountains). Touching a
string is lying on it, a single corner of the tile included, and it is
decided exactly (:mod:`games.string_railway.touching`).
"""

from __future__ import annotations

import math

import json
from functools import cache

from shapely import STRtree

from games.per_thread import Recent
from games.string_railway import board, touching
from games.string_railway.params import table
from games.string_railway.state import StringRailwayState


def legal_cells(state: StringRailwayState) -> list[str]:
    """Every cell a drawn station may be centred on now, in grid order."""
    key = json.dumps([state["shape"], state["river"], state["mountain"], [s["cell"] for s in state["stations"]],
                      [s["path"] for s in state["strings"]]])
    return list(RECENT_LEGAL_CELLS.get(key, lambda: _legal_cells(state)))


RECENT_LEGAL_CELLS: Recent[str, tuple[str, ...]] = Recent(32)


def _legal_cells(state: StringRailwayState) -> tuple[str, ...]:
    """The cells whose tile touches no station tile (decided by shapely:
    tiles lie on whole centimetres, exact in floating point) and no string
    (decided exactly, :mod:`games.string_railway.touching`)."""
    cells, tiles = board.cell_tiles(state["shape"])
    bad: set[str] = set()
    if state["stations"]:
        hit = STRtree([board.tile(s["cell"]) for s in state["stations"]]).query(tiles, predicate="intersects")
        bad = {cells[int(i)] for i in hit[0]}
    strings = [([list(board.centre(c)) for c in s["path"]], False) for s in state["strings"]]
    strings += [(state["river"], False), (state["mountain"], True)]
    free = tuple(c for c in cells if c not in bad)
    bad |= touching.touching_cells(free, strings)
    return tuple(c for c in cells if c not in bad)


@cache
def block_of(cell: str) -> str:
    """The panel's block holding ``cell``: ``block_cells`` columns by rows,
    named by its first and last cells ("K11-O15")."""
    n = table().block_cells
    col, row = board.cell_index(cell)
    c0, r0 = col - col % n, row - row % n
    return f"{board.cell_name(c0, r0)}-{board.cell_name(c0 + n - 1, r0 + n - 1)}"


def network(state: StringRailwayState, company: int) -> list[str]:
    """The company's home and the stations its strings lie on."""
    mine = {s["cell"] for s in state["stations"] if s["owner"] == company and s["kind"] == "home"}
    for rs in state["strings"]:
        if rs["company"] == company:
            mine.update(rs["entered"])
    return sorted(mine)


def nearness(mine: list[str], cell: str) -> float:
    """Distance from ``cell`` to the nearest station of ``mine``."""
    here = board.centre(cell)
    return min((math.dist(here, board.centre(c)) for c in mine), default=0.0)


def blocks(state: StringRailwayState, company: int) -> list[tuple[str, list[str]]]:
    """The blocks with legal cells and their cells, nearest the company's
    network first (within a block too)."""
    grouped: dict[str, list[str]] = {}
    mine = network(state, company)
    for c in sorted(legal_cells(state), key=lambda c: (nearness(mine, c), c)):
        grouped.setdefault(block_of(c), []).append(c)
    return list(grouped.items())


def in_mountains(state: StringRailwayState, cell: str) -> bool:
    return bool(board.mountain_area(state["mountain"]).contains(board.tile(cell)))
