"""Steam Rollers' hard bot: the normal bot's judgement with the special
cards valued (:mod:`card_worth`), and its best few actions each followed to
the end of the round.

What the hard bot adds to the normal bot's one ply:

- **Cards.** It takes a card when the card is worth more than what its die
  could build (a permanent die-changer early, a one-time card when the dice
  are poor) and plays its cards: a changed die, a second die (2a), an
  unlimited delivery (4a). The normal bot judges a card by its victory
  points alone and never takes one.
- **The dice it leaves behind.** The players after it this round pick from
  what it leaves, and may take the cube it was counting on or the die that
  would finish their route. Each of its best actions (:data:`WIDTH`, and
  the best of each die) is followed by the rest of the round, every other seat played by
  the normal bot (the likeliest answer), and judged where the round ends.

- **The end of the game.** A play-out that ends the game is judged by who
  won (:data:`HARD_EVALUATION`), not by the cubes and engine the normal bot's
  judgement would still count: in the last round it ends the game when
  ahead and keeps it going when behind, and takes the points that win
  rather than the position that looks best.

A setting of :class:`games.bot_search.Rollouts`: one play-out per action,
to the round's end (:func:`round_over`), its own later choices by
:data:`CARD_GREEDY` and the rivals' by the planner. Nothing in Steam Rollers
is hidden but the dice still to be rolled, which the search draws from the
bot's own rng (the view is used as it is). The number of play-outs is
fixed, so a decision depends on the view and the rng alone; the time limit only stops a search that runs far too long, and reads
:mod:`games.bot_search`'s clock (``bench/bot_strength.py --whole-searches``
stops it).
"""

from __future__ import annotations

import random

from games.bot_search import Rollouts, WinFirst
from games.bots import Candidates, Evaluate, Greedy, score_margin
from games.core import Game, IllegalAction, State

from .card_worth import CARD_EVALUATION, hard_promising
from .guides import promising
from .planner import EVALUATION, PLANNER


def ranked(game: Game, state: State, seat: int, rng: random.Random, evaluate: Evaluate = EVALUATION,
           candidates: Candidates = promising) -> list[str]:
    """The ``candidates`` (the promising actions by default), best first by
    ``evaluate`` (the normal bot's evaluation by default) of the position each
    leads to (actions the view cannot settle left out)."""
    scored: list[tuple[float, str]] = []
    for text in dict.fromkeys(candidates(game, state, seat, rng)):
        try:
            after = game.apply(state, seat, text).state
        except IllegalAction:
            continue
        scored.append((evaluate(game, after, seat), text))
    scored.sort(key=lambda pair: -pair[0])
    return [text for _, text in scored]


CARD_GREEDY = Greedy(CARD_EVALUATION, hard_promising, limit=400)
"""The hard bot's one ply: the normal bot's judgement and its cards."""


def final_margin(game: Game, state: State, seat: int) -> float:
    """A finished game's score margin, in the judgement's units."""
    return EVALUATION.point * score_margin(game, state, seat)


WON = 10000.0
"""A won game, in the judgement's units: more than any position is worth."""
HARD_EVALUATION = WinFirst(CARD_EVALUATION, final_margin, WON)
"""The hard bot's evaluation: :data:`CARD_EVALUATION`, a finished game by who won."""


def die_taken(text: str) -> str:
    """The white die an action text takes from the pool ("2a 4 build ..." -> "4")."""
    words = text.split()
    return words[1] if words[:1] == ["2a"] and len(words) > 1 else words[0] if words else ""


def each_die(texts: list[str], width: int) -> list[str]:
    """The best text for each die the pool offers (the choice that decides
    what the next players are left with), then the next best up to ``width``
    texts in all, best first as in ``texts``."""
    firsts: dict[str, str] = {}
    for text in texts:
        firsts.setdefault(die_taken(text), text)
    chosen = set(firsts.values())
    for text in texts:
        if len(chosen) >= width:
            break
        chosen.add(text)
    return [text for text in texts if text in chosen]


ROUND_ACTIONS = 12
"""The most actions a play-out takes to reach the round's end (a round is a
pick per seat, and a few more with cards)."""


def round_over(start: State, now: State) -> bool:
    """A play-out's stop rule: the round is over (the next roll is due)."""
    return bool(now["phase"] == "roll")


WIDTH = 4
"""Actions played out: the best of each die in the pool, topped up with the
next best to this many."""


def round_candidates(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The actions played out, best first by :data:`HARD_EVALUATION`: the best of
    each die in the pool, topped up with the next best to :data:`WIDTH`
    (:func:`each_die`)."""
    return each_die(ranked(game, state, seat, rng, HARD_EVALUATION, hard_promising), WIDTH)


TIME_LIMIT = 1.5
"""Seconds after which a decision plays no more candidates out, ranking
included (the play-out still running then is dropped, and the best
candidate played out so far is kept): well under the 3 s a player should
wait, leaving room for a ranking or a play-out action that overruns it on
a loaded machine."""

HARD = Rollouts(policy=CARD_GREEDY, candidates=round_candidates, evaluate=HARD_EVALUATION, width=64, samples=1,
                horizon=ROUND_ACTIONS, time_limit=TIME_LIMIT, until=round_over, rivals=PLANNER,
                cut_playouts=True)
"""The hard level (see the module docstring): every action
:func:`round_candidates` chose (hence the wide ``width``) played to the end
of the round once, every candidate meeting the same chance (common random
numbers); the time limit is a safety net (a decision stops trying
candidates after it, and plays the best-ranked one when none was played out)."""
