"""String Railway's bot levels: what the normal and hard bots see that the
easy bot does not."""

from __future__ import annotations

import random

from games.bots import bot_action, policy_for
from games.core import State
from games.string_railway import GAME
from games.string_railway.planner import NORMAL_JUDGEMENT, PLANNER
from games.string_railway.judgement import EASY_JUDGEMENT, PLAYER
from games.string_railway.hard import HARD
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import cell, home, put, string_turn, table, track


def _two_countrysides() -> State:
    """Two players; ann's first colour (NW) lays a short string: a
    countryside station (company limit 1) east of her home that bob's NE
    colour, next to play, could reach with its long string (its last: its
    earlier strings lie on a local below its home), and one south of her
    home that no colour with strings left could; either scores her 1
    point."""
    state = table(players=2)
    state["river"] = [[60.0, 75.0], [75.0, 60.0]]  # out of everybody's way
    put(state, "countryside", cell(25, 9))
    put(state, "countryside", cell(9, 25))
    put(state, "local", cell(77, 21))
    track(state, 1, [home(state, 1), cell(77, 21)], [home(state, 1), cell(77, 21)])
    for company, strings in enumerate([{"short": 2, "long": 0}, {"short": 0, "long": 1},
                                       {"short": 2, "long": 0}, {"short": 0, "long": 0}]):
        state["companies"][company]["strings"] = strings
    return string_turn(state, 0)


def test_the_string_railway_levels_are_the_easy_policy_the_planner_and_the_search() -> None:
    slug = GAME.slug
    assert (policy_for(slug, "easy"), policy_for(slug, "normal"), policy_for(slug, "hard")) == (PLAYER, PLANNER, HARD)


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


def test_the_normal_bot_counts_the_points_of_the_colour_laying_now_in_full_while_its_other_colour_has_yet_to_play() -> None:
    """Round 1: ann's first colour lays before her second has played. On
    the scores the second (3) looks the weaker and the easy bot counts the
    first's points at half; on the expected final scores the first (one
    string fewer to come) is the weaker and they count in full."""
    state = typed(string_turn(table(players=2), 0))
    four, two = [7.0, 3.0, 3.0, 3.0], [5.0, 3.0, 3.0, 3.0]
    assert EASY_JUDGEMENT.seat_worth(state, four, 0) - EASY_JUDGEMENT.seat_worth(state, two, 0) == 1.0
    assert NORMAL_JUDGEMENT.seat_worth(state, four, 0) - NORMAL_JUDGEMENT.seat_worth(state, two, 0) == 2.0


def test_the_normal_bot_keeps_the_long_string_when_it_scores_little_more_than_a_short_one() -> None:
    """A central station a short string reaches (3 points) and a local one
    beyond it only the long string reaches (through both: 5 points): the
    easy bot spends the long string, the normal bot lays the short one and
    keeps the long for a fuller table (ann's other colour far ahead, so both
    bots count these points in full)."""
    state = table(players=2)
    state["river"] = [[60.0, 75.0], [75.0, 60.0]]
    put(state, "central", cell(19, 19))
    put(state, "local", cell(35, 35))
    state["companies"][0]["strings"] = {"short": 1, "long": 1}
    state["companies"][2]["score"] = 20
    string_turn(state, 0)
    easy = {bot_action(GAME, state, 0, random.Random(seed), level="easy").split()[0] for seed in range(4)}
    normal = {bot_action(GAME, state, 0, random.Random(seed), level="normal").split()[0] for seed in range(4)}
    assert (easy, normal) == ({"long"}, {"short"})
