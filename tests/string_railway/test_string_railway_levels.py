"""String Railway's normal and hard bots looking past their own turn: the
normal bot counts what a station it places leaves the colour playing next,
the hard bot plays out to the end of that colour's turn."""

from __future__ import annotations

import random

from games.core import CHANCE, State
from games.string_railway import GAME
from games.string_railway.laying import Context
from games.string_railway.planner import NORMAL_JUDGEMENT, next_rival
from games.string_railway.judgement import EASY_JUDGEMENT, PLAYER
from games.bot_search import playout
from games.string_railway.hard import StringsLaid, strings_to_lay
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import cell, home, put, string_turn, table, track


def _across_the_rivals_way() -> State:
    """Two players; ann's first colour (NW home) lays its long string. Bob's
    NE colour, next to play, has a local at (39, 21) and its best string
    from there over the local at (51, 9) to the central at (39, 3); ann's
    long string from her home to (51, 9) runs across that string."""
    state = table(players=2)
    state["river"] = [[60.0, 75.0], [75.0, 60.0]]  # out of everybody's way
    put(state, "local", cell(51, 9))
    put(state, "local", cell(3, 51))
    put(state, "local", cell(39, 21))
    put(state, "central", cell(39, 3))
    track(state, 1, [home(state, 1), cell(39, 21)], [home(state, 1), cell(39, 21)])
    for company, strings in enumerate([{"short": 0, "long": 1}, {"short": 1, "long": 0},
                                       {"short": 1, "long": 0}, {"short": 1, "long": 0}]):
        state["companies"][company]["strings"] = strings
    return string_turn(state, 0)


def test_the_next_rival_is_the_other_seats_colour_playing_next_with_strings_left() -> None:
    state = _across_the_rivals_way()
    for company in (1, 2, 3):
        state["companies"][company]["strings"] = {"short": 0, "long": 0}
    assert next_rival(typed(state)) is None
    state["companies"][1]["strings"] = {"short": 1, "long": 0}
    assert next_rival(typed(state)) == 1


def test_the_hard_bots_play_outs_stop_once_the_next_rival_has_laid_its_string() -> None:
    state = _across_the_rivals_way()
    state["deck"] = state["deck"][:6]
    first = PLAYER.choose(GAME, state, 0, random.Random(1))
    end = playout(GAME, state, 0, first, PLAYER, random.Random(2), None, until=StringsLaid(2))
    assert end is not None
    assert strings_to_lay(typed(end)) == strings_to_lay(typed(state)) - 2
    assert [s["company"] for s in end["strings"][-2:]] == [0, 1]
    assert end["company"] == 2 and GAME.to_act(end) == [CHANCE]  # company 2's draw, not played


def test_the_normal_bot_counts_what_a_placed_station_leaves_the_next_rival() -> None:
    """Bob's NE colour plays next: a central placed within its reach costs
    the normal bot half its points, taken or not (no company limit); a
    countryside taken leaves it nothing; out of its reach nothing counts;
    the easy bot counts none of it."""
    state = _across_the_rivals_way()
    ctx = Context.of(typed(state))
    near, far = cell(51, 21), cell(9, 75)
    assert NORMAL_JUDGEMENT.left_over(ctx, 0, near, "central", True) == NORMAL_JUDGEMENT.left_over(ctx, 0, near, "central", False) == -1.5
    assert NORMAL_JUDGEMENT.left_over(ctx, 0, near, "countryside", True) == 0.0
    assert NORMAL_JUDGEMENT.left_over(ctx, 0, near, "countryside", False) == -0.5
    assert NORMAL_JUDGEMENT.left_over(ctx, 0, far, "central", False) == 0.0
    assert EASY_JUDGEMENT.left_over(ctx, 0, near, "central", False) == 0.0
