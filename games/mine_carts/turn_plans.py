"""Mine Carts' play-out player: a team that plans its whole turn once and
lays the plan's cards, then sets its switch, without planning again.

The normal bot (:mod:`.tactics`) plans the rest of its turn before every
card it lays and keeps only the first card of its best plan; in a play-out
(:mod:`.hard`) that means planning a three-card turn three times over. The
cards of a turn are laid before anything is drawn (the draw ends the turn),
so the plan's second and third cards, and its switch, meet exactly the
table the plan foresaw: :class:`TurnPlans` plans at the first card
(:func:`~.tactics.best_plan`), notes the action for each position the plan
passes through, and plays the noted action when it meets that position.

A :class:`TurnPlans` holds the positions it noted, so it belongs to one
search (:class:`~.hard.HardPolicy` makes one per decision; it is never
shared between threads). A position it did not foresee (a turn with no card
to lay, a plan the rules refuse) is played by the tactics themselves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.core import Game, IllegalAction, State

from .plans import team_of
from .state import MineCartsState, typed
from .tactics import TacticsPolicy, Weights, best_plan

Position = tuple[object, ...]
"""What a noted action is looked up by (:func:`position`)."""


def position(state: MineCartsState) -> Position:
    """Everything a turn's plan depends on: the round, the team to play, the
    phase, the cards laid this turn, the grid, the carts, the factories and
    allotments, the gold."""
    carts = tuple((c["square"], tuple(c["path"] or ())) for t in state["teams"] for c in t["carts"].values())
    teams = tuple((tuple(t["factory"]), t["allotment"], t["laid"], t["gold"]) for t in state["teams"])
    gold = state["gold_cart"]
    grid = tuple(sorted((sq, p["card"], p["rotation"]) for sq, p in state["grid"].items()))
    return (state["round"], state["team"], state["phase"], grid, carts, teams,
            gold["square"], tuple(gold["path"] or ()))


@dataclass
class TurnPlans:
    """See the module docstring: the tactics with ``weights``, each turn
    planned once."""

    weights: Weights
    noted: dict[Position, str] = field(default_factory=dict)

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        key = position(s)
        if key in self.noted:
            return self.noted[key]
        if s["phase"] == "lay":
            whole = best_plan(s, team_of(s, seat), rng, self.weights)
            if whole is not None and self.note(game, state, seat, *whole):
                return self.noted[key]
        return TacticsPolicy(self.weights).choose(game, state, seat, rng)

    def note(self, game: Game, state: State, seat: int, lays: tuple[str, ...], switch: str) -> bool:
        """Notes each lay of the plan at the position it is laid in, and the
        switch at the position after the last lay (when the turn's cards are
        then all laid); False when the rules refuse a lay (never expected)."""
        now = state
        for text in lays:
            self.noted[position(typed(now))] = text
            try:
                now = game.apply(now, seat, text).state
            except IllegalAction:
                return False
        if typed(now)["phase"] == "switch":
            self.noted[position(typed(now))] = switch
        return True
