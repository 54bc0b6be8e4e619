"""String Railway's hard bot: the normal bot's best few choices, each played
to the end of its turn and then to the next rival's reply, judged by the
chance of winning.

Where to put a station and which string to lay are judged by what follows.
Each of the normal bot's best :data:`WIDTH` placements (or strings) is
played to the end of the seat's turn once (there is no chance in it: the
stations to place are drawn already; the rest of the turn played by the
normal bot, as the seat would go on to play it), then the next turn, the
next rival's, from :data:`SAMPLES` draws spread evenly over the deck sorted by kind (:func:`draws`: nothing in
String Railway is hidden, the deck is a set, each draw a uniformly random
tile of it; the spread offset comes from the bot's own rng), every seat
played by the normal bot (:data:`MODEL`: the rival as a player sees it,
its string by the chance of winning it leaves, not only its points), until
:data:`REPLIES` strings more are laid (the reply). The positions reached
are judged by :func:`outlook.outlook`, the seat's chance of winning under
the rulebook's two-player ranking (the weaker colours, then the others),
each colour's strings still to lay counted as points to come and its next
one by what lies within its reach. Every candidate meets the same draws and
rng seeds (common random numbers). The corner and the extra draw are the
normal bot's.

:data:`TIME_LIMIT` only stops a search gone far too slow (read from
:mod:`games.bot_search`'s clock, which ``bench/bot_strength.py
--whole-searches`` stops).

Its own search, not a :class:`games.bot_search.Rollouts` setting: its own
turn is played once, and only the reply is sampled, from draws spread evenly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games import bot_search
from games.bots import Policy
from games.core import CHANCE, Game, State
from games.string_railway.outlook import outlook
from games.string_railway.planner import NORMAL_JUDGEMENT, PLANNER, ranked_strings
from games.string_railway.judgement import ranked_cells
from games.string_railway.state import StringRailwayState, typed

WIDTH = 4
"""Candidates played out per decision."""
SAMPLES = 4
"""Draws the reply to each candidate is played out from (the same for
every candidate, so one compares them fairly)."""
MODEL: Policy = PLANNER
"""The player of every seat in a play-out: the normal bot."""
REPLIES = 1
"""Strings laid after the candidate's turn before a play-out stops: the
next rival's reply."""
TIME_LIMIT = 6.0
"""Seconds after which a search keeps its best so far: a safety only, far
above a decision's usual time, since a search cut short by the clock
decides by the machine's load, not only by the view and the rng."""


def candidates(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The normal bot's choices, best first: placements and strings; a
    single choice (the normal bot's) elsewhere."""
    s = typed(state)
    if s["phase"] == "place":
        return ranked_cells(s, seat, rng, NORMAL_JUDGEMENT)
    if s["phase"] == "string":
        found = ranked_strings(s, seat, rng)
        if found:
            return found
    return [PLANNER.choose(game, state, seat, rng)]


def evaluate(game: Game, state: State, seat: int) -> float:
    """The seat's chance of winning (:func:`outlook.outlook`)."""
    return outlook(typed(state), seat)


def strings_to_lay(state: StringRailwayState) -> int:
    """The strings every company still has to lay (a skip lays one)."""
    return sum(sum(c["strings"].values()) for c in state["companies"])


@dataclass(frozen=True)
class StringsLaid:
    """A play-out's stop rule: ``strings`` more strings laid (or skipped)
    than in the world it began in."""

    strings: int

    def __call__(self, world: State, now: State) -> bool:
        return strings_to_lay(typed(now)) <= strings_to_lay(typed(world)) - self.strings


def turn_over(world: State, now: State) -> bool:
    """A play-out's stop rule: the next turn has begun (the candidate's own
    turn is over)."""
    return typed(now)["turns"] != typed(world)["turns"]


def draws(state: StringRailwayState, count: int, offset: float) -> list[str]:
    """``count`` draws spread evenly over the deck (sorted by kind), from
    ``offset`` (0-1): stratified, so a few samples meet the kinds in their
    proportions."""
    deck = sorted(state["deck"])
    return [f"draw {deck[int((j + offset) * len(deck) / count) % len(deck)]}" for j in range(count)]


@dataclass(frozen=True)
class Lookahead:
    """Plays the ``width`` best candidates' turns out once each, the reply
    from ``samples`` draws (see the module docstring), and keeps the one
    with the best mean judgement; with one candidate or none it plays the
    normal bot."""

    width: int
    samples: int
    time_limit: float
    replies: int = REPLIES

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        texts = list(dict.fromkeys(candidates(game, state, seat, rng)))[:self.width]
        if len(texts) <= 1:
            return texts[0] if texts else PLANNER.choose(game, state, seat, rng)
        seed = rng.getrandbits(64)
        offset = rng.random()
        deadline = bot_search.clock() + self.time_limit
        best: tuple[float, int] | None = None
        cut = False
        for i, text in enumerate(texts):
            if i and bot_search.clock() > deadline:
                cut = True
                break
            value = self.value(game, state, seat, text, seed, offset)
            if value is not None and (best is None or value > best[0]):
                best = (value, i)
        bot_search.counted_search(cut)
        return texts[best[1]] if best else PLANNER.choose(game, state, seat, rng)

    def value(self, game: Game, state: State, seat: int, text: str, seed: int, offset: float) -> float | None:
        """The mean judgement of ``text`` (None: illegal): the seat's turn
        played out once, then the reply from each of ``samples`` draws (or
        once, when the deck is empty)."""
        own = bot_search.playout(game, state, seat, text, MODEL, random.Random(seed), None, until=turn_over)
        if own is None:
            return None
        if game.is_over(own):
            return evaluate(game, own, seat)
        if CHANCE not in game.to_act(own):
            firsts = [(game.to_act(own)[0], "")]
        else:
            firsts = [(CHANCE, d) for d in draws(typed(own), self.samples, offset)]
        total = 0.0
        for j, (who, first) in enumerate(firsts):
            rng = random.Random(seed + 1 + j)
            first = first or MODEL.choose(game, game.view(own, who), who, rng)
            end = bot_search.playout(game, own, who, first, MODEL, rng, None, until=StringsLaid(self.replies))
            total += evaluate(game, own if end is None else end, seat)
        return total / len(firsts)


HARD = Lookahead(WIDTH, SAMPLES, TIME_LIMIT)
"""The hard level (see the module docstring)."""
