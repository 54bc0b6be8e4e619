"""A seat's chance of winning String Railway from a position: how the hard
bot judges where its play-outs end, and the normal bot the strings it
could lay (one judgement of a position: cheap, no play-out).

The rulebook ranks two players by their weaker colours ("the player who
owns the company with the least points loses"; tied, the other two
companies decide); with more players the most points win. A colour still
to lay strings is not yet worth its score: each string to come adds
points. Each company's final score is taken as a normal guess with a
spread of :data:`SPREAD` per string left: its score, plus
:data:`PER_STRING` for every string it has left but the next, plus for the
next what a string scores with the table as it lies, :data:`NEXT_STRING`
and :data:`REACH_WORTH` of the company's reach (:func:`judgement.reach_points`:
the points of the stations it may still enter, weighed by how near its
network lies), or :data:`FIRST_STRING` for a first string, laid from the
home station alone (the numbers are estimates from all-easy-bot games).
So a station placed near a colour's network, or taken from it,
counts before that colour plays.

The chance is worked out over :data:`DRAWS` fixed draws of those guesses
(the same position always gets the same chance); a tie counts half. It
saturates (two positions both surely lost are worth the same), so
:func:`outlook` adds :data:`MARGIN` of the expected margin on the ranking's
first key (the seat's weakest company against the best other seat's):
among positions equally sure, the closer one is better.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from games.string_railway.laying import Context
from games.string_railway.judgement import reach_points
from games.string_railway.state import StringRailwayState

PER_STRING = 5.0
"""Points a string still to lay is expected to score."""
FIRST_STRING = 2.7
"""Points a company's first string is expected to score (from its home
station alone, with few stations out)."""
SPREAD = 1.6
"""The spread (standard deviation) of one string's points."""
NEXT_STRING = 3.2
"""Points a company's next string is expected to score with nothing in
reach (not its first)."""
REACH_WORTH = 0.15
"""Points a company's next string is expected to score per point of its
reach (:func:`judgement.reach_points`)."""
DRAWS = 512
"""Draws of the final scores the chance is counted over."""
MARGIN = 0.01
"""The worth of a point of expected margin next to a whole game won."""


@lru_cache(maxsize=8)
def normal_draws(companies: int) -> Any:
    """Fixed standard normal draws, ``DRAWS`` x ``companies`` (antithetic:
    every draw's mirror is in too, so an even position is worth one half)."""
    half = np.random.default_rng(24).standard_normal((DRAWS // 2, companies))
    draws = np.concatenate([half, -half])
    draws.setflags(write=False)  # shared by every thread (games.per_thread)
    return draws


def finals(state: StringRailwayState, long_kept: float = 0.0) -> tuple[Any, Any]:
    """Each company's expected final score (see the module docstring) and
    its spread; ``long_kept`` more for a company still holding its long
    string."""
    laid = {s["company"] for s in state["strings"]}
    ctx = Context.of(state)
    means, spreads = [], []
    for k, c in enumerate(state["companies"]):
        left = sum(c["strings"].values())
        mean = float(c["score"])
        if left:
            nxt = NEXT_STRING + REACH_WORTH * reach_points(ctx, k) if k in laid else FIRST_STRING
            mean += nxt + PER_STRING * (left - 1) + (long_kept if c["strings"].get("long", 0) else 0.0)
        means.append(mean)
        spreads.append(SPREAD * float(np.sqrt(left)))
    return np.array(means), np.array(spreads)


def win_chance(state: StringRailwayState, seat: int, long_kept: float = 0.0) -> float:
    """The seat's chance of winning (a tie half), by the rulebook's ranking
    over :data:`DRAWS` draws of the final scores (:func:`finals`)."""
    means, spreads = finals(state, long_kept)
    scores = means[None, :] + spreads[None, :] * normal_draws(len(means))
    seats = [[k for k, c in enumerate(state["companies"]) if c["seat"] == s] for s in range(len(state["players"]))]
    mine = np.sort(scores[:, seats[seat]], axis=1)
    beaten = np.ones(len(scores), dtype=bool)
    tied = np.ones(len(scores), dtype=bool)
    for s, companies in enumerate(seats):
        if s == seat:
            continue
        theirs = np.sort(scores[:, companies], axis=1)
        ahead, level = _compare(mine, theirs)
        tied &= level | ahead
        beaten &= ahead
    tied &= ~beaten
    return float(beaten.mean() + 0.5 * tied.mean())


def _compare(mine: Any, theirs: Any) -> tuple[Any, Any]:
    """Per draw, whether ``mine`` ranks above ``theirs`` and whether they
    are level: lexicographic on the sorted scores, weakest first."""
    ahead = np.zeros(len(mine), dtype=bool)
    level = np.ones(len(mine), dtype=bool)
    for j in range(min(mine.shape[1], theirs.shape[1])):
        ahead |= level & (mine[:, j] > theirs[:, j])
        level &= mine[:, j] == theirs[:, j]
    return ahead, level


def weakest_margin(state: StringRailwayState, seat: int, long_kept: float = 0.0) -> float:
    """The seat's weakest company's expected final score less the best other
    seat's weakest."""
    means, _spreads = finals(state, long_kept)
    weakest = [min(means[k] for k, c in enumerate(state["companies"]) if c["seat"] == s)
               for s in range(len(state["players"]))]
    others = [w for s, w in enumerate(weakest) if s != seat]
    return float(weakest[seat] - (max(others) if others else 0.0))


def outlook(state: StringRailwayState, seat: int, long_kept: float = 0.0) -> float:
    """The seat's chance of winning, plus :data:`MARGIN` of its expected
    margin (see the module docstring); ``long_kept``: see :func:`finals`."""
    return win_chance(state, seat, long_kept) + MARGIN * weakest_margin(state, seat, long_kept)
