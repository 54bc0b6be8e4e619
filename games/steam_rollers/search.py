"""Steam Rollers' hard bot: the normal bot's best few actions, each played
out a round or so ahead (:class:`games.bot_search.Rollouts`, every seat played
by the normal bot's judgement over fewer builds), the position
reached judged by the normal bot's evaluation.

What the look ahead adds to the normal bot's one ply: the die it leaves
behind (the next player picks from what is left, and may take the cube it
was counting on), and the next roll (a build that only pays if the right
region comes up again soon is worth less than one that pays with many
dice). Nothing in Steam Rollers is hidden but the dice still to be rolled,
which the play-outs draw from the bot's own rng (the view is used as it is).
"""

from __future__ import annotations

import random

from games.bot_search import Rollouts
from games.bots import Greedy
from games.core import Game, IllegalAction, State

from .planner import JUDGE
from .policy import promising


def ranked(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The promising actions, best first by the normal bot's judgement of
    the position each leads to (actions the view cannot settle left out)."""
    scored: list[tuple[float, str]] = []
    for text in dict.fromkeys(promising(game, state, seat, rng)):
        try:
            after = game.apply(state, seat, text).state
        except IllegalAction:
            continue
        scored.append((JUDGE(game, after, seat), text))
    scored.sort(key=lambda pair: -pair[0])
    return [text for _, text in scored]


QUICK_BUILDS = 8
"""The builds a play-out's player tries (a random few of the promising ones)."""


def quick(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """A play-out's candidates: the promising actions that build no track
    (deliveries, the engine, cards: what a rival would answer with) and a
    random :data:`QUICK_BUILDS` of the promising builds."""
    texts = promising(game, state, seat, rng)
    builds = [t for t in texts if "build" in t.split()]
    others = [t for t in texts if "build" not in t.split()]
    return others + rng.sample(builds, min(QUICK_BUILDS, len(builds)))


PLAYOUT = Greedy(JUDGE, quick, limit=400)
"""The play-outs' player: the normal bot's judgement over fewer builds."""

HARD = Rollouts(PLAYOUT, ranked, JUDGE, width=3, samples=1, horizon=3, time_limit=6.0)
"""The hard level: the normal bot's best 3 actions, each played out once
for 3 actions (the roll counts as one: at least the next player's answer
and the next roll, the same sampled roll for all three) by :data:`PLAYOUT`
for every seat. The time limit is a safety net only, well above what the
search takes even on a loaded machine, so a decision depends on the view
and the rng alone."""
