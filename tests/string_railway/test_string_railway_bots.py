"""String Railway's bot levels: what the normal and hard bots see that the
easy bot does not."""

from __future__ import annotations

import random

from games.bots import bot_action, policy_for
from games.core import State
from games.string_railway import GAME
from games.string_railway.planner import JUDGE, PLANNER
from games.string_railway.policy import EASY, POLICY
from games.string_railway.search import HARD
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import cell, home, put, string_turn, table


def _two_countrysides() -> State:
    """Two players; ann's first colour (NW) lays a short string: a
    countryside station (company limit 1) east of her home that bob's NE
    colour, next to play, could reach with its long string, and one south of
    her home that no colour with strings left could; either scores her 1
    point."""
    state = table(players=2)
    state["river"] = [[60.0, 75.0], [75.0, 60.0]]  # out of everybody's way
    put(state, "countryside", cell(25, 9))
    put(state, "countryside", cell(9, 25))
    for company, strings in enumerate([{"short": 2, "long": 0}, {"short": 0, "long": 1},
                                       {"short": 2, "long": 0}, {"short": 0, "long": 0}]):
        state["companies"][company]["strings"] = strings
    return string_turn(state, 0)


def test_the_string_railway_levels_are_the_easy_policy_the_planner_and_the_search() -> None:
    slug = GAME.slug
    assert (policy_for(slug, "easy"), policy_for(slug, "normal"), policy_for(slug, "hard")) == (POLICY, PLANNER, HARD)


def test_the_normal_bot_takes_the_station_the_next_rival_colour_wanted_when_both_score_the_same() -> None:
    state = _two_countrysides()
    assert home(state, 0) == cell(3, 3)
    easy = {bot_action(GAME, state, 0, random.Random(seed), level="easy") for seed in range(6)}
    assert len(easy) == 2  # the easy bot leaves the tie to chance
    chosen = {bot_action(GAME, state, 0, random.Random(seed), level="normal") for seed in range(6)}
    assert len(chosen) == 1
    after = GAME.apply(state, 0, chosen.pop()).state
    assert cell(25, 9) in after["strings"][-1]["entered"]
    assert after["companies"][0]["score"] == 4
