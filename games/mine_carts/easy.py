"""Mine Carts' easy bot: a team that lays the gold cart's way home.

What wins Mine Carts is one finished track from the gold cart to a town of
the team: the gold cart runs it on every turn (the other team's too), and
once it scores it goes back to the mine, so a track from the mine home
scores again and again. So the bot measures a position in cards: how many
the gold cart still needs, along the track as it lies, to reach the team's
nearest town (:func:`~games.mine_carts.planner.gold_route`). What it shares
with the stronger levels (a plan, the cards laid on a copy, the carts moved
with a switch, the other team's worst reply) is in :mod:`.plans`.

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

import random

from games.core import Game, IllegalAction, State
from games.playout import random_action

from .plans import (BEAM, GOLD_VALUE, MOBILITY, SIFT, Changed, Plan, judge, lay_text, laid, mobility, moved,
                    switch_texts, team_of, worst_reply, candidates)
from .state import MineCartsState, typed


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


def best_switch(state: MineCartsState, team: int, rng: random.Random) -> tuple[float, str]:
    """The best switch action's value and text (ties by the rng)."""
    best: tuple[float, float, str] | None = None
    for text, colour, chosen in switch_texts(state):
        key = (after_switch(state, team, colour, chosen), rng.random(), text)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[0], best[2]


def sifted(grown: dict[Changed, tuple[float, float, Plan]], team: int) -> dict[Changed, tuple[float, float, Plan]]:
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
        grown: dict[Changed, tuple[float, float, Plan]] = {}
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


EASY = MineCartsPolicy()
