"""String Railway's hard bot: the normal bot's best few choices played out.

Where to put a station and which string to lay are judged by what follows:
each of the normal bot's best :data:`WIDTH` placements (or strings) is
played out :data:`SAMPLES` times, the stations still to come drawn from
the bot's own rng (nothing in String Railway is hidden: the deck is a set,
each draw a uniformly random tile of it), for :data:`HORIZON` actions (this company's string, the next company's
draw, placement and string), every seat played by the easy bot (the
cheapest: geometry is slow, and the normal bot's reach doubles a string
decision's cost). The position reached is judged by the normal bot's
:class:`planner.Projected` margin (each company's score plus what its
strings still to lay are expected to score). The corner and the extra draw
are the normal bot's.

Geometry is slow, so the play-outs are short and few: two per candidate,
six actions each (:data:`TIME_LIMIT` stops a search gone far too slow).
One play-out of four actions won 60.5 of 100 seeds against easy; two of six
won 65, with decisions at a median of 254 ms and a p95 of 507 ms
(``bench/bot_strength.py --games string-railway --levels hard --seeds 100
--head-to-head-only --jobs 2``).
"""

from __future__ import annotations

import random

from games.bot_search import Rollouts
from games.core import Game, State
from games.string_railway.planner import JUDGE, PLANNER, ranked_strings
from games.string_railway.policy import POLICY, ranked_cells
from games.string_railway.state import typed

WIDTH = 3
"""Candidates played out per decision."""
SAMPLES = 2
"""Play-outs per candidate (the draws to come sampled; every candidate
meets the same draws, so one compares them fairly)."""
HORIZON = 6
"""Actions played out after the candidate."""
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


HARD = Rollouts(POLICY, candidates, evaluate, width=WIDTH, samples=SAMPLES, horizon=HORIZON,
                time_limit=TIME_LIMIT)
"""The hard level."""
