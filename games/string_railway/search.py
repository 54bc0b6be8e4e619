"""String Railway's hard bot: the normal bot's best few choices played out
to the end of the next rival's turn.

Where to put a station and which string to lay are judged by what follows:
each of the normal bot's best :data:`WIDTH` placements (or strings) is
played out :data:`SAMPLES` times, the stations still to come drawn from
the bot's own rng (nothing in String Railway is hidden: the deck is a set,
each draw a uniformly random tile of it), every seat played by the easy
bot (the cheapest: geometry is slow). A play-out runs to a turn's end, not
a count of actions: until :data:`REPLIES` strings after the candidate's
own have been laid (or skipped), so the position judged never has a
station placed whose string is still to come (a count of actions stopped
there, judging a table where the placing colour's string has not yet
taken what it placed for). The position reached is judged by the normal
bot's :class:`planner.Projected` margin (each company's score plus what
its strings still to lay are expected to score). Every candidate of one
sample meets the same draws (common random numbers). The corner and the
extra draw are the normal bot's.

:data:`TIME_LIMIT` only stops a search gone far too slow (read from
:mod:`games.bot_search`'s clock, which ``bench/bot_strength.py
--whole-searches`` stops).

Measured (``bench/bot_strength.py --games string-railway --levels hard
--seeds 60 --head-to-head-only --jobs 2 --quiet --whole-searches``): 40 of
seeds 0-59 against easy (67%; the six-action play-outs of three candidates
before it: 65 of 100), with decisions at a median of 1.5 s and a p95 of
3.8 s on a machine loaded about six times over (load 12-14 on 2 cores);
16 of seeds 0-29 against normal (53%; ``--against normal --seeds 30``).
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

from games import bot_search
from games.core import CHANCE as GAME_CHANCE, Game, State
from games.string_railway.planner import JUDGE, PLANNER, ranked_strings
from games.string_railway.outlook import outlook
from games.string_railway.policy import POLICY, ranked_cells
from games.string_railway.state import StringRailwayState, typed

WIDTH = 4
"""Candidates played out per decision."""
SAMPLES = 2
"""Play-outs per candidate (the draws to come sampled; every candidate
meets the same draws, so one compares them fairly)."""
REPLIES = 1
"""Strings laid after the candidate's own before a play-out stops: the
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
        return ranked_cells(s, seat, rng, JUDGE)
    if s["phase"] == "string":
        found = ranked_strings(s, seat, rng)
        if found:
            return found
    return [PLANNER.choose(game, state, seat, rng)]


def evaluate(game: Game, state: State, seat: int) -> float:
    """The seat's chance of winning (:func:`outlook.outlook`)."""
    s = typed(state)
    if os.environ.get("SR_EVAL") == "margin":
        return JUDGE.margin(s, [float(c["score"]) for c in s["companies"]], seat)
    return outlook(s, seat)


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
    """A play-out's stop rule: the next turn's draw is due (the candidate's
    own turn is over)."""
    return typed(now)["phase"] == "draw"


def draws(state: StringRailwayState, count: int, offset: float) -> list[str]:
    """``count`` draws spread evenly over the deck (sorted by kind), from
    ``offset`` (0-1): stratified, so a few samples meet the kinds in their
    proportions."""
    deck = sorted(state["deck"])
    return [f"draw {deck[int((j + offset) * len(deck) / count) % len(deck)]}" for j in range(count)]


@dataclass(frozen=True)
class Lookahead:
    """The hard level (see the module docstring)."""

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
        for i, text in enumerate(texts):
            if i and bot_search.clock() > deadline:
                break
            value = self.value(game, state, seat, text, seed, offset)
            if value is not None and (best is None or value > best[0]):
                best = (value, i)
        return texts[best[1]] if best else PLANNER.choose(game, state, seat, rng)

    def value(self, game: Game, state: State, seat: int, text: str, seed: int, offset: float) -> float | None:
        """The mean judgement of ``text``: the seat's turn played out once,
        then the replies from :data:`samples` draws."""
        own = bot_search.playout(game, state, seat, text, POLICY, random.Random(seed), None, until=turn_over)
        if own is None:
            return None
        if game.is_over(own):
            return evaluate(game, own, seat)
        if GAME_CHANCE not in game.to_act(own):
            firsts = [(game.to_act(own)[0], "")]
        else:
            firsts = [(GAME_CHANCE, d) for d in draws(typed(own), self.samples, offset)]
        total = 0.0
        for j, (who, first) in enumerate(firsts):
            rng = random.Random(seed + 1 + j)
            first = first or POLICY.choose(game, game.view(own, who), who, rng)
            end = bot_search.playout(game, own, who, first, POLICY, rng, None, until=StringsLaid(self.replies))
            total += evaluate(game, own if end is None else end, seat)
        return total / len(firsts)


HARD_OLD = bot_search.Rollouts(POLICY, candidates, evaluate, width=WIDTH, samples=SAMPLES,
                           time_limit=TIME_LIMIT, until=StringsLaid(REPLIES + 1), fallback=PLANNER)
HARD = Lookahead(int(os.environ.get("SR_WIDTH", "4")), int(os.environ.get("SR_SAMPLES", "4")), TIME_LIMIT,
                 int(os.environ.get("SR_REPLIES", "1"))) if os.environ.get("SR_SEARCH") != "old" else HARD_OLD
