"""Moving a train: every destination reachable this turn, with its cost.

A move follows a valid path: the train leaves its tile by any edge of the
piece it stands on (it may turn round between turns) and then never
reverses, except in a town, where it may leave by any edge, even the one
it came in by. Entering a segment costs 1 steam, a hill 2, plus 1 when
another train stands on that piece (always on a junction tile). Entering a
town costs nothing: the rulebook's worked example counts 3 steam from the
yellow to the red town over three track tiles. A dead end stops the train. It may not end on a piece holding
another train (towns hold any number).

Goods: on reaching a town the train first delivers its good if the town
has the good's colour and is not where the good started, then, if empty,
may take one good there. A good still aboard when the train stops in a
town is unloaded there.

The speed limit: a move that spends more than 2 steam and enters any curved
segment needs a die roll; the train derails on a roll of ``spent - 2`` or
less.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Board
from .geometry import Cell, is_curve, key, neighbour, opposite, unkey
from .params import param
from .state import DaysOfSteamState

Good = tuple[str, str]
"""A goods cube: (colour, key of the town it started in)."""

GoodsEvent = tuple[str, str, str, Cell]
"""("take" | "deliver", colour, origin key, town cell)."""


@dataclass(frozen=True)
class Route:
    """One way to move: where the train stops and what happens on the way."""

    dest: Cell
    piece: int
    spent: int
    curve: bool
    events: tuple[GoodsEvent, ...]
    cargo: Good | None
    """The good aboard at the end (before any unloading)."""
    unload: bool
    """True when the train stops in a town with a good it cannot deliver there."""
    path: tuple[Cell, ...]

    @property
    def derail_on(self) -> int:
        """The highest roll that derails the train (0: no roll needed)."""
        limit = param("speed_limit")
        return self.spent - limit if self.curve and self.spent > limit else 0

    @property
    def deliveries(self) -> int:
        return sum(1 for e in self.events if e[0] == "deliver")


def town_goods(state: DaysOfSteamState, town: Cell) -> list[Good]:
    return [(g["colour"], g["origin"]) for g in state["tiles"][key(town)].get("goods", [])]


def occupied_pieces(state: DaysOfSteamState, board: Board, seat: int) -> dict[tuple[Cell, int], int]:
    """(cell, piece) -> trains of other players there, towns left out."""
    out: dict[tuple[Cell, int], int] = {}
    for s, train in enumerate(state["trains"]):
        cell = unkey(train["cell"])
        if s == seat or cell in board.towns:
            continue
        spot = (cell, int(train["piece"]))
        out[spot] = out.get(spot, 0) + 1
    return out


def start_exits(board: Board, cell: Cell, piece: int) -> list[int]:
    if cell in board.towns:
        return [e for e in range(4) if board.has_track(neighbour(cell, e), opposite(e))]
    return sorted(board.shapes[cell].piece_edges(piece))


class _Search:
    """Depth-first walk over every valid path the steam allows."""

    def __init__(self, state: DaysOfSteamState, board: Board, seat: int) -> None:
        self.state = state
        self.board = board
        self.steam = int(state["steam"][seat])
        self.others = occupied_pieces(state, board, seat)
        self.hill_cost = param("hill_cost")
        self.passing = param("passing_cost")
        self.best: dict[tuple[Any, ...], Route] = {}

    def record(self, dest: Cell, piece: int, spent: int, curve: bool,
               events: tuple[GoodsEvent, ...], cargo: Good | None, path: tuple[Cell, ...]) -> None:
        in_town = dest in self.board.towns
        if not in_town and (dest, piece) in self.others:
            return
        route = Route(dest, piece, spent, curve, events, cargo, in_town and cargo is not None, path)
        # keep the cheapest way and the cheapest way without a derailment roll
        for safe in (False, True):
            if safe and route.derail_on:
                continue
            k = (dest, piece, events, cargo, safe)
            old = self.best.get(k)
            if old is None or (route.spent, route.derail_on) < (old.spent, old.derail_on):
                self.best[k] = route

    def in_town(self, town: Cell, spent: int, curve: bool, events: tuple[GoodsEvent, ...],
                cargo: Good | None, taken: tuple[tuple[Cell, Good], ...], path: tuple[Cell, ...],
                came_by: int | None) -> None:
        colour = self.board.towns[town]
        if came_by is not None:
            if cargo is not None and cargo[0] == colour and cargo[1] != key(town):
                events = events + (("deliver", cargo[0], cargo[1], town),)
                cargo = None
            self.record(town, 0, spent, curve, events, cargo, path)
        choices: list[tuple[Good | None, tuple[GoodsEvent, ...], tuple[tuple[Cell, Good], ...]]]
        choices = [(cargo, events, taken)]
        if cargo is None:
            left = town_goods(self.state, town)
            for place, good in taken:
                if place == town:
                    left.remove(good)
            for good in sorted(set(left)):
                choices.append((good, events + (("take", good[0], good[1], town),),
                                taken + ((town, good),)))
        for aboard, evs, tk in choices:
            for e in range(4):
                self.leave(town, e, spent, curve, evs, aboard, tk, path)

    def leave(self, cell: Cell, edge: int, spent: int, curve: bool, events: tuple[GoodsEvent, ...],
              cargo: Good | None, taken: tuple[tuple[Cell, Good], ...], path: tuple[Cell, ...]) -> None:
        nxt, entry = neighbour(cell, edge), opposite(edge)
        if not self.board.has_track(nxt, entry):
            return
        if nxt in self.board.towns:
            self.in_town(nxt, spent, curve, events, cargo, taken, path + (nxt,), entry)
            return
        shp = self.board.shapes[nxt]
        for i, seg in enumerate(shp.segments):
            if entry not in seg:
                continue
            piece = shp.piece_of[i]
            cost = self.hill_cost if nxt in self.board.hills else 1
            if (nxt, piece) in self.others:
                cost += self.passing
            if spent + cost > self.steam:
                continue
            bent = curve or is_curve(seg)
            self.record(nxt, piece, spent + cost, bent, events, cargo, path + (nxt,))
            if len(seg) == 2:
                far = seg[1] if seg[0] == entry else seg[0]
                self.leave(nxt, far, spent + cost, bent, events, cargo, taken, path + (nxt,))


def routes(state: DaysOfSteamState, board: Board, seat: int) -> list[Route]:
    """Every distinct move of ``seat`` now, best first (deliveries first,
    then goods taken, then the least steam)."""
    train = state["trains"][seat]
    cell, piece = unkey(train["cell"]), int(train["piece"])
    cargo: Good | None = (train["cargo"]["colour"], train["cargo"]["origin"]) if train["cargo"] else None
    search = _Search(state, board, seat)
    if cell in board.towns:
        search.in_town(cell, 0, False, (), cargo, (), (cell,), None)
    else:
        for e in start_exits(board, cell, piece):
            search.leave(cell, e, 0, False, (), cargo, (), (cell,))
    unique = {(r.dest, r.piece, r.events, r.cargo, r.spent): r for r in search.best.values()}
    return sorted(unique.values(), key=lambda r: (-r.deliveries, -len(r.events), r.spent, r.derail_on, r.dest))
