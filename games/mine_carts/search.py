"""Mine Carts' hard bot: the normal bot's best few moves, each played out.

:class:`games.bot_search.Rollouts` over :mod:`games.mine_carts.tactics`:
the normal bot ranks the moves worth playing now (the first cards of its
best whole-turn plans, or every switch by its value), and each of the best
:data:`WIDTH` is played out for the rest of this turn and the other
team's next turn (:data:`HORIZON` actions), every team played by a quicker
normal bot (:data:`QUICK`: a narrower beam) and the draws
drawn from the bot's own rng. The position reached is judged by
:func:`evaluate`: the gold between the teams first, then the cards each
team's gold cart route still needs.

What it reads is what the table shows: the grid, the carts, both factories
(face up) and the allotments. The deck's order is not kept (each draw is
chance), so the play-outs' draws come from the bot's rng and the view is
the world as it is (:func:`games.bot_search.as_seen`).
"""

from __future__ import annotations

import random

from games.bot_search import Rollouts
from games.core import Game, State

from .policy import GOLD_VALUE, cards_needed, team_of
from .state import typed
from .tactics import NORMAL, TacticsPolicy, Weights, ranked

WIDTH = 3
"""Moves played out (the normal bot's best)."""
SAMPLES = 1
"""Play-outs of each move (the same draws for every move): one, since the
other team's factory is face up and only the draws after its turn are chance."""
HORIZON = 8
"""Actions played out: about the rest of this turn and the other team's (with the draws)."""
QUICK = TacticsPolicy(Weights(beam=2, sift=6, spoil_squares=2))
"""The play-outs' player: the normal bot with a narrower beam."""
TIME_LIMIT = 2.0
"""Seconds after which the search stops (a safety stop: its play-outs take
about 0.15 s of one core; only a machine ten times overloaded reaches it)."""
ROUTE_CAP = 12.0
"""Cards needed counted at most (a route that long is as good as none)."""


def candidates(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The normal bot's moves, best first."""
    s = typed(state)
    return ranked(s, team_of(s, seat), rng, NORMAL.weights)


def evaluate(game: Game, state: State, seat: int) -> float:
    """Gold ahead of the other team (a gold is :data:`GOLD_VALUE` cards),
    then the cards the gold cart needs to reach the other team's town less
    those it needs to reach ours."""
    s = typed(state)
    team = team_of(s, seat)
    golds = s["teams"][team]["gold"] - s["teams"][1 - team]["gold"]
    if s["ended"]:
        return GOLD_VALUE * golds * 10
    ours = cards_needed(s, team)[0]
    theirs = cards_needed(s, 1 - team)[0]
    return GOLD_VALUE * golds - min(ours, ROUTE_CAP) + min(theirs, ROUTE_CAP)


HARD = Rollouts(policy=QUICK, candidates=candidates, evaluate=evaluate, width=WIDTH, samples=SAMPLES,
                horizon=HORIZON, time_limit=TIME_LIMIT)
