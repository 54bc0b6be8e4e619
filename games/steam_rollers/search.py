"""Steam Rollers' hard bot: the normal bot's best few actions, each played
out a round or so ahead (:class:`games.bot_search.Rollouts`), the position
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
from games.core import Game, IllegalAction, State

from .planner import JUDGE, NORMAL
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


HARD = Rollouts(NORMAL, ranked, JUDGE, width=3, samples=2, horizon=3, time_limit=1.5)
"""The hard level: the normal bot's best 3 actions, each played out twice
for 3 actions (the roll counts as one: at least the next player's answer and
the next roll) by the normal bot for every seat."""
