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

import random
from dataclasses import dataclass

from games import bot_search
from games.core import Game, State
from games.string_railway.planner import JUDGE, PLANNER, ranked_strings
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
    """The seat's projected margin (:class:`planner.Projected`)."""
    s = typed(state)
    return JUDGE.margin(s, [float(c["score"]) for c in s["companies"]], seat)


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


HARD = bot_search.Rollouts(POLICY, candidates, evaluate, width=WIDTH, samples=SAMPLES,
                           time_limit=TIME_LIMIT, until=StringsLaid(REPLIES + 1), fallback=PLANNER)
"""The hard level (see the module docstring): a play-out runs until the
candidate's own string and :data:`REPLIES` more are laid; with one
candidate or none it plays the normal bot."""
