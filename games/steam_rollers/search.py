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
  would finish their route. Each of its :attr:`RoundAhead.width` best
  actions is followed by the rest of the round, every other seat played by
  the normal bot (the likeliest answer), and judged where the round ends.

Nothing in Steam Rollers is hidden but the dice still to be rolled, which
the search draws from the bot's own rng (the view is used as it is). The
number of play-outs is fixed, so a decision depends on the view and the rng
alone; the time limit only stops a search that runs far too long, and reads
:mod:`games.bot_search`'s clock (``bench/bot_strength.py --whole-searches``
stops it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games import bot_search
from games.bots import Candidates, Evaluate, Greedy, Policy
from games.core import Game, IllegalAction, State

from .card_worth import CARD_JUDGE, hard_promising
from .planner import JUDGE, NORMAL
from .policy import promising


def ranked(game: Game, state: State, seat: int, rng: random.Random, judge: Evaluate = JUDGE,
           candidates: Candidates = promising) -> list[str]:
    """The ``candidates`` (the promising actions by default), best first by
    ``judge`` (the normal bot's judgement by default) of the position each
    leads to (actions the view cannot settle left out)."""
    scored: list[tuple[float, str]] = []
    for text in dict.fromkeys(candidates(game, state, seat, rng)):
        try:
            after = game.apply(state, seat, text).state
        except IllegalAction:
            continue
        scored.append((judge(game, after, seat), text))
    scored.sort(key=lambda pair: -pair[0])
    return [text for _, text in scored]


CARD_GREEDY = Greedy(CARD_JUDGE, hard_promising, limit=400)
"""The hard bot's one ply: the normal bot's judgement and its cards."""


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


@dataclass(frozen=True)
class RoundAhead:
    """Plays the ``width`` best ``candidates`` by ``judge`` to the end of the
    round, the seat's later choices by ``mine``, the other seats' by
    ``others`` (see the module docstring), and keeps the one whose result
    ``judge`` likes best (every candidate meets the same chance: common
    random numbers)."""

    judge: Evaluate = CARD_JUDGE
    candidates: Candidates = hard_promising
    mine: Policy = CARD_GREEDY
    others: Policy = NORMAL
    width: int = 4
    time_limit: float = 4.0

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        texts = each_die(ranked(game, state, seat, rng, self.judge, self.candidates), self.width)
        if len(texts) <= 1:
            return texts[0] if texts else self.mine.choose(game, state, seat, rng)
        seed = rng.getrandbits(64)
        deadline = bot_search.clock() + self.time_limit
        values: list[float] = []
        for text in texts:
            if values and bot_search.clock() > deadline:
                break
            values.append(self.worth(game, state, seat, text, seed))
        best = max(range(len(values)), key=lambda i: (values[i], -i))
        return texts[best]

    def worth(self, game: Game, start: State, seat: int, text: str, seed: int) -> float:
        """What ``text`` played in ``start`` is worth to ``seat``: the round
        played out (``seat`` by ``mine``, every other seat by ``others``, a
        chance step inside it, card 5b's reroll, drawn from ``seed``) and
        judged where it ends."""
        state = bot_search.playout(game, start, seat, text, self.mine, random.Random(seed), ROUND_ACTIONS,
                                   until=round_over, rivals=self.others)
        return float("-inf") if state is None else self.judge(game, state, seat)

HARD = RoundAhead()
"""The hard level (see the module docstring): the best action of each die in
the pool, topped up with the next best to 4, each to the end of the round; the 4 s
time limit is a safety net (a decision stops trying candidates after it)."""
