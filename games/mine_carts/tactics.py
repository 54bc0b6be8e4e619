"""Mine Carts' tactics (the normal bot, and the hard one's candidates and
play-outs): the easy bot's whole-turn plans, judged with the other team's
cards in mind.

The easy bot (:mod:`games.mine_carts.easy`) plans its turn well but sees
the other team's reply only as its carts moving with the switch worst for
us, its cards left out. A good player looks at the other factory, face up on
the table: a gold cart left two cards from the other team's town is a gold
conceded when that team lays two cards a turn and holds the shapes that fit.
So this bot:

- judges each finished plan (cards laid, switch set, carts moved) by the
  other team's **threat**: the cards its gold cart's cheapest route home
  still needs (:func:`~games.mine_carts.planner.gold_route`, from where our
  move leaves the gold cart), against the cards that team lays a turn and
  the shapes of its factory (:func:`fits`): a route it can finish is a gold
  it scores, a route one card too long a gold it may score the turn after;
- also tries its cards on the first squares of that route (:func:`spoilers`):
  a pit, or a card that takes the gold cart away from that town, costs the
  other team a turn or more (a card that only breaks the route is covered
  again by its next card);
- values a higher allotment more (a team laying three cards a turn builds
  three times as fast as one laying one): it counts the spaces a cart of
  its own could run next turn, up to the 3 (then 5) that raise the
  allotment (:func:`run_value`), and tries its cards just past where its
  carts would stop (:func:`run_ends`);
- keeps, after each card, the plans best by the cards the gold cart still
  needs alone as well as the best overall, so a plan that finishes the
  gold cart's route is never lost behind plans that lengthen a cart's run.

Everything it reads is on the table: the grid, the carts, both factories
(face up) and the allotments; the deck's order is not kept (each draw is
chance), so nothing hidden is read.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass

from games.core import Game, IllegalAction, State
from games.playout import random_action

from . import plans
from .cards import why_not
from .board import neighbour
from .movement import Travel, exits, in_station, travel
from .params import rules
from .planner import CARD, Route, gold_route, leads
from .state import MineCartsState, typed


@dataclass(frozen=True)
class Weights:
    """What the normal bot's judgement weighs, in cards needed (a gold is
    :data:`~games.mine_carts.plans.GOLD_VALUE`)."""

    threat: float = 0.8
    """The share of a gold lost when the other team can finish its route on its next turn."""
    near: float = 0.25
    """The share of a gold lost when its route is one card longer than it lays a turn."""
    allotment: float = 6.0
    """Each card a turn the team lays beyond the first."""
    run: float = 1.0
    """Each space a cart of the team could move next turn, up to the spaces
    that raise the allotment (:func:`run_value`)."""
    spoil_squares: int = 3
    """The first squares of the other team's route tried as spoilers."""
    beam: int = plans.BEAM
    """Plans kept after each card of the turn."""
    route_beam: int = 3
    """Plans kept after each card by the cards the gold cart still needs
    alone (two cards that lead it home are kept though a cart's run looks better)."""
    sift: int = plans.SIFT
    """Whole plans judged again by the team's own move."""


def fits(route: Route, factory: list[str]) -> bool:
    """Whether the factory holds a card for every square of the route that
    needs one, turned to lead the route on (each card used once)."""
    needs = [(enter, leave) for _sq, enter, leave, needed in route.path if needed]
    if len(needs) > len(factory):
        return False

    def place(i: int, left: tuple[str, ...]) -> bool:
        if i == len(needs):
            return True
        enter, leave = needs[i]
        for j, code in enumerate(left):
            if any(leave in leads(code, r)[enter] for r in rules().kinds[code].rotations):
                if place(i + 1, left[:j] + left[j + 1:]):
                    return True
        return False

    return place(0, tuple(factory))


def threat(state: MineCartsState, team: int, w: Weights) -> float:
    """After our move: the share of a gold the other team (next to play) is
    expected to score on its turn with the cards it holds (a route needing
    no card is left to :func:`~games.mine_carts.plans.worst_reply`, which
    moves it exactly)."""
    other = 1 - team
    route = gold_route(state, other)
    needed = route.to_team(other) // CARD
    if needed == 0 or needed >= 10:
        return 0.0
    t = state["teams"][other]
    if needed <= t["allotment"]:
        return w.threat if fits(route, t["factory"]) else w.threat / 3
    return w.near if needed == t["allotment"] + 1 else 0.0


def goal(allotment: int) -> int:
    """The spaces one move must reach to raise this allotment (0: it is the highest)."""
    return min((spaces for spaces, cards in rules().allotment_for_spaces if cards > allotment), default=0)


def runs(state: MineCartsState, team: int) -> list[Travel]:
    """Where each cart (1 or 2) of the team would go on its next turn, the
    other carts where they are, with each switch (and each track out of its town)."""
    out: list[Travel] = []
    sim = copy.copy(state)
    for colour in rules().switch_colours:
        sim["switch"] = colour
        for number, c in state["teams"][team]["carts"].items():
            firsts: list[int | None] = list(exits(sim, team, number)) if in_station(c) else [None]
            out.extend(travel(sim, team, number, first) for first in firsts)
    return out


def longest_run(state: MineCartsState, team: int) -> int:
    """The most spaces a cart (1 or 2) of the team could move on its next
    turn (:func:`runs`)."""
    return max((trip.spaces for trip in runs(state, team)), default=0)


def run_ends(state: MineCartsState, team: int, factory: tuple[str, ...]) -> list[tuple[str, str, int]]:
    """While the allotment can still rise: each card, any way round, on the
    square just past where a cart of the team would stop (a longer move)."""
    if not goal(state["teams"][team]["allotment"]):
        return []
    squares = {neighbour(trip.cart["square"], trip.cart["path"][1]) for trip in runs(state, team)
               if trip.cart["path"] is not None}
    return [(code, square, r) for square in sorted(squares) if why_not(state, square) is None
            for code in sorted(set(factory)) for r in rules().kinds[code].rotations]


def run_value(state: MineCartsState, team: int, w: Weights) -> float:
    """A cart's way to a higher allotment: :attr:`Weights.run` for each
    space its next move could go, up to the :func:`goal`."""
    target = goal(state["teams"][team]["allotment"])
    return w.run * min(longest_run(state, team), target) if target else 0.0


def after_switch(state: MineCartsState, team: int, colour: str, chosen: tuple[int, ...], w: Weights) -> float:
    """Our move with this switch, then the other team's reply: its carts
    moved with the switch worst for us (:func:`plans.worst_reply`) and the
    gold its cards threaten (:func:`threat`)."""
    value, sim = plans.moved(state, team, colour, chosen, w.allotment)
    if any(t["gold"] >= rules().gold_to_win for t in sim["teams"]) or value >= plans.GOLD_VALUE / 2:
        return value + plans.judge(sim, team)
    return (value + plans.worst_reply(sim, team) - plans.GOLD_VALUE * threat(sim, team, w)
            + run_value(sim, team, w))


def best_switch(state: MineCartsState, team: int, rng: random.Random, w: Weights) -> tuple[float, str]:
    """The best switch action's value and text (ties by the rng)."""
    best: tuple[float, float, str] | None = None
    for text, colour, chosen in plans.switch_texts(state):
        key = (after_switch(state, team, colour, chosen, w), rng.random(), text)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[0], best[2]


def quick_switch(state: MineCartsState, team: int, w: Weights) -> float:
    """The best switch's value on our own move and the threat it leaves."""
    best = -plans.GOLD_VALUE * 10
    for _text, colour, chosen in plans.switch_texts(state):
        value, sim = plans.moved(state, team, colour, chosen, w.allotment)
        if value < plans.GOLD_VALUE / 2:
            value -= plans.GOLD_VALUE * threat(sim, team, w)
        best = max(best, value + plans.judge(sim, team) + run_value(sim, team, w))
    return best


def spoilers(state: MineCartsState, team: int, factory: tuple[str, ...], w: Weights) -> list[tuple[str, str, int]]:
    """Cards on the first squares of the other team's cheapest route that
    it cannot simply cover again: a pit, or a card that takes the gold cart
    onto it and turns it away from that route (a card that only breaks the
    route is covered by the other team's next card)."""
    route = gold_route(state, 1 - team)
    if route.to_team(1 - team) // CARD >= 10:
        return []
    out: list[tuple[str, str, int]] = []
    for square, enter, leave, _needed in route.path[:w.spoil_squares]:
        if why_not(state, square) is not None:
            continue
        for code in sorted(set(factory)):
            for r in rules().kinds[code].rotations:
                ways = leads(code, r)[enter]
                if rules().kinds[code].is_pit or (ways and leave not in ways):
                    out.append((code, square, r))
    return out


_Grown = dict[plans.Changed, tuple[float, float, plans.Plan]]


def plan_turn(state: MineCartsState, team: int, rng: random.Random, w: Weights) -> list[tuple[float, str]]:
    """The first cards of the best plans for the rest of the turn's
    allotment, best first with their values (the easy bot's beam, with
    :func:`spoilers` among the candidates and :func:`quick_switch` and
    :func:`best_switch` judging whole plans); empty when no card can be laid."""
    beam = plan_beam(state, team, rng, w)
    firsts: dict[str, tuple[float, float]] = {}
    for value, tie, actions, _switch in whole_plans(beam, team, rng, w):
        if actions[0] not in firsts or (value, tie) > firsts[actions[0]]:
            firsts[actions[0]] = (value, tie)
    return [(v[0], text) for text, v in sorted(firsts.items(), key=lambda kv: kv[1], reverse=True)]


def plan_beam(state: MineCartsState, team: int, rng: random.Random, w: Weights) -> list[plans.Plan]:
    """The plans kept for the rest of the turn's allotment (:func:`plan_turn`'s beam)."""
    t = state["teams"][team]
    left = t["allotment"] - t["laid"]
    beam = [plans.Plan((), state, tuple(t["factory"]), 0.0)]
    for step in range(left):
        grown: _Grown = {}
        base: dict[plans.Changed, float] = {}
        spoiled: set[plans.Changed] = set()
        for p in beam:
            spoiling = set(spoilers(p.state, team, p.factory, w))
            tried = plans.candidates(p.state, team, p.factory, rng) + sorted(spoiling) + run_ends(p.state, team, p.factory)
            for code, square, r in tried:
                sim = plans.laid(p.state, code, square, r)
                factory = list(p.factory)
                factory.remove(code)
                changed = tuple(sorted((sq, f"{c['card']} {c['rotation']}") for sq, c in sim["grid"].items()
                                       if state["grid"].get(sq) != c))
                if (code, square, r) in spoiling:
                    spoiled.add(changed)
                if changed in grown:
                    continue
                base[changed] = plans.judge(sim, team)
                value = base[changed] + plans.MOBILITY * plans.mobility(sim, team) + run_value(sim, team, w)
                nxt = plans.Plan(p.actions + (plans.lay_text(code, square, r),), sim, tuple(factory), value)
                grown[changed] = (nxt.value, rng.random(), nxt)
        if not grown:
            break
        if step == left - 1:
            grown = sifted(grown, base, spoiled, team, w)
        kept = sorted(grown, key=lambda k: grown[k][:2], reverse=True)[:w.beam]
        kept += sorted(grown, key=lambda k: (base[k], grown[k][:2]), reverse=True)[:w.route_beam]
        beam = [grown[k][2] for k in dict.fromkeys(kept)]
    return beam


def whole_plans(beam: list[plans.Plan], team: int, rng: random.Random,
                w: Weights) -> list[tuple[float, float, tuple[str, ...], str]]:
    """Each plan of the beam that lays a card, finished with its best
    switch (:func:`best_switch`): (value, a tie-break drawn from the rng,
    the lays, the switch text)."""
    out: list[tuple[float, float, tuple[str, ...], str]] = []
    for p in beam:
        if not p.actions:
            continue
        value, text = best_switch(p.state, team, rng, w)
        out.append((value, rng.random(), p.actions, text))
    return out


def best_plan(state: MineCartsState, team: int, rng: random.Random, w: Weights) -> tuple[tuple[str, ...], str] | None:
    """The best whole plan for the rest of the turn (its lays and its
    switch), or None when no card can be laid."""
    finished = whole_plans(plan_beam(state, team, rng, w), team, rng, w)
    if not finished:
        return None
    _value, _tie, actions, switch = max(finished, key=lambda plan: plan[:2])
    return actions, switch


def sifted(grown: _Grown, base: dict[plans.Changed, float], spoiled: set[plans.Changed], team: int,
           w: Weights) -> _Grown:
    """The ``w.sift`` best whole plans, as many by the cards the gold cart
    still needs alone (a plan that finishes its route is never lost behind
    plans that lengthen a cart's run), and every plan whose last card is a
    spoiler (:func:`spoilers`), judged again by our own move
    and the threat it leaves (:func:`quick_switch`); only those go on (a
    plan not judged again has no threat counted against it)."""
    out: _Grown = {}
    best = sorted(grown, key=lambda k: grown[k][:2], reverse=True)[:w.sift]
    best += sorted(grown, key=lambda k: (base[k], grown[k][1]), reverse=True)[:w.sift]
    best += sorted(spoiled, key=lambda k: grown[k][:2], reverse=True)
    for key in dict.fromkeys(best):
        _value, r, p = grown[key]
        again = quick_switch(p.state, team, w) + plans.MOBILITY * plans.mobility(p.state, team)
        out[key] = (again, r, plans.Plan(p.actions, p.state, p.factory, again))
    return out


def ranked(state: MineCartsState, team: int, rng: random.Random, w: Weights) -> list[str]:
    """The actions worth playing now, best first: the first cards of the
    best plans (phase I) or every switch by its value (phases II-III)."""
    if state["phase"] == "lay":
        return [text for _v, text in plan_turn(state, team, rng, w)]
    if state["phase"] == "switch":
        scored = [(after_switch(state, team, colour, chosen, w), rng.random(), text)
                  for text, colour, chosen in plans.switch_texts(state)]
        return [text for *_k, text in sorted(scored, reverse=True)]
    return []


@dataclass(frozen=True)
class TacticsPolicy:
    """See the module docstring. A plan the rules refuse (never expected)
    or a turn with nothing to plan falls back on a random legal action."""

    weights: Weights = Weights()

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        texts = ranked(s, plans.team_of(s, seat), rng, self.weights)
        if texts:
            try:
                game.apply(state, seat, texts[0])
                return texts[0]
            except IllegalAction:
                pass
        return random_action(game, state, seat, rng)


TACTICS = TacticsPolicy()
