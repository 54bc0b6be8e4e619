"""Mine Carts' turn plans, shared by the bot levels: cards laid on a copy of
the table, the carts moved with a switch, and the other team's worst reply.

A position is measured in cards: how many the gold cart still needs, along
the track as it lies, to reach a team's nearest town
(:func:`~games.mine_carts.planner.gold_route`). A :class:`Plan` is the cards
laid so far this turn on a copy of the state; :func:`candidates` are the
lays worth trying next; :func:`moved` plays phases II and III with a switch
on a copy, and :func:`worst_reply` the other team's carts with the switch
worst for us (its cards left out).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from .board import all_squares, distance, neighbour, opposite
from .cards import why_not
from .movement import GOLD, allotment_for
from .params import rules
from .phases import carts_copy, plan, run_moves
from .planner import CARD, gold_route, leads
from .state import Cart, MineCartsState, Move, Placed
from .track import EDGE_NAMES


GOLD_VALUE = 100.0
"""A gold scored (for the team) or conceded (to the other team), in cards."""
CONCEDE = 30.0
"""The gold cart's track already running into the other team's town."""
ALLOTMENT = 2.0
"""Each card a turn the team lays beyond the first."""
MOBILITY = 0.1
"""Each cart of the team with a track ahead, a tie-break between plans of equal cards needed."""
SIFT = 24
"""Whole plans (the best by the cards they leave needed) judged again by the team's move."""
BEAM = 6
"""Plans kept after each card of the turn."""
AWAY = 3
"""Squares away from the route tried for each card (for pits above all)."""


Changed = tuple[tuple[str, str], ...]
"""A plan's key: the squares it lays on, with the card and rotation laid."""


def team_of(state: MineCartsState, seat: int) -> int:
    return next(t for t, team in enumerate(state["teams"]) if seat in team["seats"])


@dataclass(frozen=True)
class Plan:
    """Cards laid so far this turn (action texts), on a copy of the state,
    the cards left in the factory, and the plan's value so far."""

    actions: tuple[str, ...]
    state: MineCartsState
    factory: tuple[str, ...]
    value: float


def cards_needed(state: MineCartsState, team: int) -> tuple[float, float]:
    """(cards the gold cart still needs to reach the team's nearest town,
    to reach the other team's: exact when no dearer than the team's,
    else 50 000), from the :func:`gold_route`."""
    route = gold_route(state, team)
    return route.to_team(team) / CARD, route.to_team(1 - team) / CARD


def judge(state: MineCartsState, team: int) -> float:
    """A position between moves: fewer cards needed is better; a track that
    already runs into the other team's town is bad."""
    ours, theirs = cards_needed(state, team)
    return -min(ours, 20.0) - (CONCEDE if theirs == 0 else 0.0)


def switch_texts(state: MineCartsState) -> list[tuple[str, str, tuple[int, ...]]]:
    """Every complete switch action: (text, colour, picks), the picks being
    the edges the carts leaving a town or the mine take (the rules' own
    :func:`plan`, asked after each pick)."""
    out: list[tuple[str, str, tuple[int, ...]]] = []
    for colour in rules().switch_colours:
        todo: list[tuple[tuple[int, ...], tuple[str, ...]]] = [((), ())]
        while todo:
            chosen, tokens = todo.pop(0)
            ask = plan(state, colour, chosen)
            if ask is None:
                out.append((" ".join((colour,) + tokens), colour, chosen))
            else:
                cart, _square, edges = ask
                todo.extend((chosen + (d,), tokens + (f"{cart}{EDGE_NAMES[d]}",)) for d in edges)
    return out


def moved(state: MineCartsState, team: int, colour: str, chosen: tuple[int, ...],
          per_card: float = ALLOTMENT) -> tuple[float, MineCartsState]:
    """Phases II and III with this switch on a copy: the gold scored (or
    conceded) and the allotment earned (``per_card`` each card a turn
    beyond the first), and the copy (with that allotment)."""
    sim = carts_copy(state)
    moves = run_moves(sim, colour, chosen)
    allotment = state["teams"][team]["allotment"]
    for m in moves:
        if m["cart"] != GOLD and m["team"] == team:
            allotment = allotment_for(len(m["squares"]) - 1, allotment)
    sim["teams"][team]["allotment"] = allotment  # the copy's own team dict
    return gold_value(moves, team) + per_card * (allotment - 1), sim


def gold_value(moves: list[Move], team: int) -> float:
    """The gold these moves score for ``team`` (less the gold they concede)."""
    return sum(GOLD_VALUE if m["scored"] == team else -GOLD_VALUE for m in moves if m["scored"] is not None)


def worst_reply(state: MineCartsState, team: int) -> float:
    """The position after the other team's carts move on its next turn (its
    cards left out), with the switch (and picks) worst for ``team``: the gold
    it makes the gold cart score or concede, then :func:`judge`. The gold
    cart runs on every turn, so a gold cart sent into a cart that can never
    move away, or onto a track leading into the other team's town, is seen
    before it happens."""
    other = copy.copy(state)
    other["team"] = 1 - team
    worst: float | None = None
    for _text, colour, chosen in switch_texts(other):
        after = carts_copy(other)
        value = gold_value(run_moves(after, colour, chosen), team) + judge(after, team)
        worst = value if worst is None else min(worst, value)
    assert worst is not None
    return worst


def laid(state: MineCartsState, code: str, square: str, rotation: int) -> MineCartsState:
    """A copy with ``code`` on ``square`` (the grid is the copy's own; the
    rest is shared and must not be changed)."""
    sim = copy.copy(state)
    sim["grid"] = {**state["grid"], square: Placed(card=code, rotation=rotation)}
    return sim


def lay_text(code: str, square: str, rotation: int) -> str:
    return f"pit {square}" if rules().kinds[code].is_pit else f"{code} {square} {rotation}"


def candidates(state: MineCartsState, team: int, factory: tuple[str, ...],
               rng: random.Random) -> list[tuple[str, str, int]]:
    """The lays worth trying: every card of the factory turned to lead a
    cheapest route on at each of its squares that needs a card; beside a
    town of the team where a cart still waits, each card touching the town
    (:func:`doors`); every card, any way round, on the squares the team's
    carts on track would enter next (:func:`beside`); and each card on a few
    squares away from the route and the carts."""
    route = gold_route(state, team)
    out: list[tuple[str, str, int]] = []
    codes = sorted(set(factory))
    for square, enter, leave, needed in route.path:
        if not needed or why_not(state, square) is not None:
            continue
        for code in codes:
            for r in rules().kinds[code].rotations:
                if leave in leads(code, r)[enter]:
                    out.append((code, square, r))
    on_route = {sq for sq, _e, _x, _n in route.path}
    for square, enter in doors(state, team):
        if why_not(state, square) is None:
            for code in codes:
                out.extend((code, square, r) for r in rules().kinds[code].rotations if leads(code, r)[enter])
    for square in beside(state, team):
        if why_not(state, square) is None:
            out.extend((code, square, r) for code in codes for r in rules().kinds[code].rotations)
    near = on_route | {state["gold_cart"]["square"]}
    near |= {c["square"] for t in state["teams"] for c in t["carts"].values()}
    free = [sq for sq in all_squares() if why_not(state, sq) is None]
    away = [sq for sq in free if min(distance(sq, n) for n in near) >= 2] or free
    for code in codes:
        for sq in rng.sample(away, min(AWAY, len(away))):
            out.append((code, sq, rng.choice(rules().kinds[code].rotations)))
    return out


def doors(state: MineCartsState, team: int) -> list[tuple[str, int]]:
    """Where a card would lead a cart of the team still waiting in its town
    out of the gold cart's way: (square, the edge the cart would enter it
    by) beside that town."""
    return [(neighbour(c["square"], d), opposite(d)) for c in state["teams"][team]["carts"].values()
            if c["path"] is None for d in range(4)]


def beside(state: MineCartsState, team: int) -> list[str]:
    """The squares the team's carts on track would enter next, either way
    along their length: a card there leads on a cart with no track ahead,
    and a card (a pit above all) stops or turns a cart that the switch meant
    for the gold cart would lead onto its route, ahead of it."""
    return [neighbour(c["square"], d) for c in state["teams"][team]["carts"].values()
            if c["path"] is not None for d in c["path"]]


def joins_ahead(state: MineCartsState, c: Cart) -> bool:
    """Whether a track joins the square ahead of a cart on track."""
    assert c["path"] is not None
    ahead = c["path"][1]
    placed = state["grid"].get(neighbour(c["square"], ahead))
    return placed is not None and bool(leads(placed["card"], placed["rotation"])[opposite(ahead)])


def mobility(state: MineCartsState, team: int) -> int:
    """How many of the team's carts on track have a track joining ahead
    (a tie-break between plans: a cart with somewhere to go leaves the way)."""
    return sum(joins_ahead(state, c) for c in state["teams"][team]["carts"].values() if c["path"] is not None)


