"""What a seat can look forward to: the steam its next deliveries cost.

The stronger bots judge a position the way a player reads the map: not how
far the train is as the crow flies, but how much steam the next delivery
needs along the track (a hill 2, every other tile 1, a town nothing, never
reversing except in a town, as :mod:`.movement` moves a train), how much
steam the seat has, and so how many turns that delivery is away.

A delivery is either the good aboard to a town of its colour (not its
origin), or a good waiting in a town, taken and carried to a town of its
colour. What it is worth to the seat: 2 points plus what it adds to the
colour bonus (a fourth colour adds 2), or the game when it brings the seat
to the winning points.

Distances are cached per layout of the map for one decision
(:class:`Outlook`), never between decisions or threads.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field

from .board import Board
from .geometry import Cell, key, neighbour, opposite, unkey
from .movement import start_exits
from .params import param, variety_bonus
from .scoring import score
from .state import DaysOfSteamState

STEAM_PER_TURN = 1.4
"""The steam a turn of tile play brings, on average (a 2-coal tile now and then)."""
WIN = 40.0
"""What reaching the winning points is worth, in points."""

Distances = dict[Cell, int]
"""Town cell -> the least steam to reach it."""


def _walk(board: Board, starts: list[tuple[Cell, int]]) -> Distances:
    """Least steam from leaving each (cell, edge) of ``starts`` to every town
    (Dijkstra over "about to leave cell by edge"; towns may be left by any
    edge, a track tile only along the segment the train entered on)."""
    best: dict[tuple[Cell, int], int] = {}
    towns: Distances = {}
    queue = [(0, cell, edge) for cell, edge in starts]
    heapq.heapify(queue)
    while queue:
        cost, cell, edge = heapq.heappop(queue)
        if best.get((cell, edge), 1 << 30) <= cost:
            continue
        best[(cell, edge)] = cost
        nxt, entry = neighbour(cell, edge), opposite(edge)
        if not board.has_track(nxt, entry):
            continue
        if nxt in board.towns:
            if cost < towns.get(nxt, 1 << 30):
                towns[nxt] = cost
                for e in range(4):
                    heapq.heappush(queue, (cost, nxt, e))
            continue
        step = cost + (param("hill_cost") if nxt in board.hills else 1)
        for _seg, far in board.through_segments(nxt, entry):
            if step < best.get((nxt, far), 1 << 30):
                heapq.heappush(queue, (step, nxt, far))
    return towns


def layout_key(state: DaysOfSteamState) -> tuple[tuple[str, str, int, str], ...]:
    """The map's track and towns, as a key for cached distances."""
    return tuple(sorted((k, t["kind"], int(t["rot"]), t.get("colour", "")) for k, t in state["tiles"].items()))


def delivery_points(delivered: list[str], colour: str, points: int) -> float:
    """What delivering a good of ``colour`` adds to a seat with ``points``
    that has delivered ``delivered``: 2 plus the colour bonus it adds; the
    game when it reaches the winning points."""
    before = set(delivered)
    gain = param("points_per_good") + variety_bonus(len(before | {colour})) - variety_bonus(len(before))
    return WIN if points + gain >= param("winning_points") else float(gain)


@dataclass(frozen=True)
class Prospect:
    """One delivery open to a seat: its worth in points and its steam."""

    worth: float
    steam: int
    colour: str


@dataclass
class Outlook:
    """Track distances for one decision, cached per layout of the map."""

    walks: dict[tuple[object, Cell, int], Distances] = field(default_factory=dict)
    boards: dict[object, Board] = field(default_factory=dict)
    onward: dict[tuple[object, Cell, str, str], int | None] = field(default_factory=dict)
    values: dict[tuple[object, ...], float] = field(default_factory=dict)
    """Any caller's memo for one decision (keyed by what the value depends on)."""

    def carry(self, board: Board, layout: object, town: Cell, colour: str, origin: str) -> int | None:
        """Least steam from ``town`` to a town of ``colour`` that is not ``origin``."""
        k = (layout, town, colour, origin)
        if k not in self.onward:
            onward = self.reach(board, layout, town, 0)
            ends = [d for d in onward if board.towns[d] == colour and key(d) != origin]
            self.onward[k] = min((onward[d] for d in ends), default=None)
        return self.onward[k]

    def reach(self, board: Board, layout: object, cell: Cell, piece: int) -> Distances:
        """Least steam from (cell, piece) to every town (cached per layout)."""
        found = self.walks.get((layout, cell, piece))
        if found is None:
            if cell in board.towns:
                found = _walk(board, [(cell, e) for e in range(4)])
                found[cell] = 0
            else:
                found = _walk(board, [(cell, e) for e in start_exits(board, cell, piece)])
            self.walks[(layout, cell, piece)] = found
        return found

    def prospects(self, state: DaysOfSteamState, seat: int, layout: object = None) -> list[Prospect]:
        """Every delivery open to ``seat`` on the map as it is. ``layout``:
        a key standing for the map's track (two states with the same key
        must have the same distances); by default the placed tiles."""
        layout = layout if layout is not None else layout_key(state)
        board = self.boards.get(layout)
        if board is None:
            board = self.boards[layout] = Board.of(state)
        train = state["trains"][seat]
        here = unkey(train["cell"])
        reach = self.reach(board, layout, here, int(train["piece"]))
        delivered = state["delivered"][seat]
        points = score(state, seat)
        out: list[Prospect] = []
        cargo = train["cargo"]
        if cargo is not None:
            worth = delivery_points(delivered, cargo["colour"], points)
            for town, colour in board.towns.items():
                if colour == cargo["colour"] and key(town) != cargo["origin"] and town in reach:
                    out.append(Prospect(worth, reach[town], colour))
            return out
        for town in board.towns:
            if town not in reach:
                continue
            goods = {(g["colour"], g["origin"]) for g in state["tiles"][key(town)].get("goods", [])}
            for colour, origin in goods:
                onward = self.carry(board, layout, town, colour, origin)
                if onward is not None:
                    steam = reach[town] + onward
                    out.append(Prospect(delivery_points(delivered, colour, points), steam, colour))
        return out


def turns_for(steam_needed: int, steam: int) -> float:
    """Turns until a delivery of ``steam_needed`` is made with ``steam`` in
    hand: the turns of tile play that bring the steam short, plus one move
    per 6 steam (the most a train holds)."""
    short = max(0, steam_needed - steam)
    moves = max(1, math.ceil(steam_needed / param("max_steam")))
    return short / STEAM_PER_TURN + moves
