"""Mine Carts' bot: a team that lays the gold cart's way home.

What wins Mine Carts is one finished track from the gold cart to a town of
the team: the gold cart runs it on every turn (the other team's too), and
once it scores it goes back to the mine, so a track from the mine home
scores again and again. So the bot measures a position in cards: how many
the gold cart still needs, along the track as it lies, to reach the team's
nearest town (:func:`~games.mine_carts.planner.gold_route`).

A turn is planned whole: the cards of the allotment are laid in every order
worth trying (each card on a square of a cheapest route that needs one,
turned to lead the route on; beside a town of the team where a cart still
waits, or ahead of a cart of the team with no track on, to lead that cart
out of the gold cart's way; on the squares a cart of the team would enter
next, either way, to stop it or turn it before the switch meant for the
gold cart leads it onto the route ahead of the gold cart, where it would
halt the gold cart; or, for a pit or a card that fits nowhere, on a square
away from the route), the best few plans kept after each card (a beam, ties
going to plans that leave the team's carts a track ahead). The best whole
plans are judged again by the team's own move with its best switch; the
beam's are then finished with every switch (and every pick of track out of
a town or the mine), the carts moved on a copy by the rules' own
:func:`~games.mine_carts.phases.run_moves`, then the other team's carts
moved with the switch worst for the team (its cards left out), and the
result judged: a gold scored (or conceded) on either move, the cards still
needed, a gold cart whose track already runs into the other team's town, a
higher allotment. The reply matters since the switch gates coloured
branches from both ends and a cart blocked at once halts: a gold cart sent
next to a cart that can never move away stays there for good. The first
card of the best plan is laid; the next card is planned again from what the
board shows. Nothing in Mine Carts is hidden: the factories are face up and
the deck's order is left to chance.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from games.bots import Policy
from games.core import Game, IllegalAction, State
from games.playout import random_action

from .board import all_squares, distance, neighbour, opposite
from .cards import why_not
from .movement import GOLD, allotment_for
from .params import rules
from .phases import carts_copy, plan, run_moves
from .planner import CARD, gold_route, leads
from .state import Cart, MineCartsState, Move, Placed, typed
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


_Changed = tuple[tuple[str, str], ...]
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


def after_switch(state: MineCartsState, team: int, colour: str, chosen: tuple[int, ...]) -> float:
    """The position after phases II and III with this switch (:func:`moved`),
    then the other team's worst reply (:func:`worst_reply`)."""
    value, sim = moved(state, team, colour, chosen)
    return value + worst_reply(sim, team)


def quick_switch(state: MineCartsState, team: int) -> float:
    """The best switch's value on the team's own move alone (:func:`moved`,
    then :func:`judge`): a first sifting of whole plans."""
    best = -GOLD_VALUE * 10
    for _text, colour, chosen in switch_texts(state):
        value, sim = moved(state, team, colour, chosen)
        best = max(best, value + judge(sim, team))
    return best


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


def best_switch(state: MineCartsState, team: int, rng: random.Random) -> tuple[float, str]:
    """The best switch action's value and text (ties by the rng)."""
    best: tuple[float, float, str] | None = None
    for text, colour, chosen in switch_texts(state):
        key = (after_switch(state, team, colour, chosen), rng.random(), text)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[0], best[2]


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


def sifted(grown: dict[_Changed, tuple[float, float, Plan]], team: int) -> dict[_Changed, tuple[float, float, Plan]]:
    """The :data:`SIFT` best whole plans judged again by the team's own move
    (:func:`quick_switch`): what the switch will make the team's carts do to
    the gold cart's way."""
    out = dict(grown)
    for key in sorted(grown, key=lambda k: grown[k][:2], reverse=True)[:SIFT]:
        _value, r, p = grown[key]
        again = quick_switch(p.state, team) + MOBILITY * mobility(p.state, team)
        out[key] = (again, r, Plan(p.actions, p.state, p.factory, again))
    return out


def plan_turn(state: MineCartsState, team: int, rng: random.Random) -> str | None:
    """The first card of the best plan for the rest of the turn's allotment
    (see the module docstring); None when no card can be laid."""
    t = state["teams"][team]
    left = t["allotment"] - t["laid"]
    beam = [Plan((), state, tuple(t["factory"]), 0.0)]
    for step in range(left):
        grown: dict[_Changed, tuple[float, float, Plan]] = {}
        for p in beam:
            for code, square, r in candidates(p.state, team, p.factory, rng):
                sim = laid(p.state, code, square, r)
                factory = list(p.factory)
                factory.remove(code)
                changed = tuple(sorted((sq, f"{c['card']} {c['rotation']}") for sq, c in sim["grid"].items()
                                       if state["grid"].get(sq) != c))
                if changed in grown:
                    continue
                value = judge(sim, team) + MOBILITY * mobility(sim, team)
                nxt = Plan(p.actions + (lay_text(code, square, r),), sim, tuple(factory), value)
                grown[changed] = (nxt.value, rng.random(), nxt)
        if not grown:
            break
        if step == left - 1:
            grown = sifted(grown, team)
        beam = [p for _v, _r, p in sorted(grown.values(), key=lambda k: k[:2], reverse=True)[:BEAM]]
    best: tuple[float, float, str] | None = None
    for p in beam:
        if not p.actions:
            continue
        value, _text = best_switch(p.state, team, rng)
        key = (value, rng.random(), p.actions[0])
        if best is None or key[:2] > best[:2]:
            best = key
    return None if best is None else best[2]


class MineCartsPolicy:
    """See the module docstring. A plan the rules refuse (never expected)
    or a turn with nothing to plan falls back on a random legal action."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        team = team_of(s, seat)
        text: str | None = None
        if s["phase"] == "lay":
            text = plan_turn(s, team, rng)
        elif s["phase"] == "switch":
            text = best_switch(s, team, rng)[1]
        if text is not None:
            try:
                game.apply(state, seat, text)
            except IllegalAction:
                text = None
        return text if text is not None else random_action(game, state, seat, rng)


POLICY = MineCartsPolicy()


def __getattr__(name: str) -> dict[str, Policy]:
    """``LEVELS``, the stronger levels (:mod:`games.bots`): :mod:`tactics`'
    team that reads the other factory (normal) and :mod:`search`'s, which
    plays its choices out (hard); ``POLICY`` is the easy bot. Read lazily:
    both build on this module."""
    if name == "LEVELS":
        from .search import HARD
        from .tactics import NORMAL
        return {"normal": NORMAL, "hard": HARD}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
