"""String Railway rulings of issue 22, each a test named after its rule:
a string joins two different stations, crossings cost once per string
crossed (decided without a tolerance that could drop one), only ASCII spaces
separate tokens."""

from __future__ import annotations

import copy

import pytest

from games.core import CHANCE, IllegalAction
from shapely.geometry import Point

from games.string_railway import GAME, board
from games.string_railway.params import table as rules_table, tile_kinds
from tests.string_railway.string_railway_fixtures import cell, lay, last_string, put, score, string_turn, table, track

B2 = cell(3, 3)        # company 0's home (NW corner)
AM2 = cell(77, 3)      # company 1's home (NE corner)
SW = cell(3, 77)       # company 3's home (SW corner)


# -- a string joins two different stations ----------------------------------------

def test_a_string_with_both_ends_on_one_station_is_refused() -> None:
    state = table()
    put(state, "central", cell(11, 21))
    string_turn(state, 0)
    before = copy.deepcopy(state)
    for text in ["short B2-A1", "long B2-A1-C1-B2"]:
        with pytest.raises(IllegalAction, match="two different stations"):
            GAME.apply(state, 0, text)
    assert state == before
    assert last_string(lay(state, 0, f"short C3-{cell(11, 21)}").state)["entered"] == [B2, cell(11, 21)]


# -- crossings: once per string crossed ----------------------------------------

def test_crossing_the_river_twice_costs_one() -> None:
    state = table()
    put(state, "central", cell(61, 15))
    applied = lay(state, 1, f"long {AM2}-{cell(47, 7)}-{cell(47, 15)}-{cell(61, 15)}")
    assert len(last_string(applied.state)["cross_at"]) == 2  # two places, drawn on the board
    assert last_string(applied.state)["crossed"] == 1  # one string, as the score counts
    assert score(applied.state, 1) == 3 + 3 - 1
    assert "crosses the river (2 times) -1" in applied.events[0]


def test_a_string_through_the_mountains_costs_one() -> None:
    state = table()
    put(state, "central", cell(35, 39))
    after = lay(state, 3, f"long {SW}-{cell(35, 39)}").state
    assert len(last_string(after)["cross_at"]) == 2  # in and out of the mountain range
    assert last_string(after)["crossed"] == 1
    assert score(after, 3) == 3 + 3 - 1


def test_crossing_one_railroad_string_three_times_costs_one() -> None:
    state = table()
    put(state, "local", cell(5, 19))
    put(state, "local", cell(33, 19))
    track(state, 1, [cell(5, 19), cell(33, 19)], [cell(5, 19), cell(33, 19)])
    put(state, "central", cell(25, 33))
    after = lay(state, 0, f"long {B2}-{cell(13, 25)}-{cell(19, 13)}-{cell(25, 33)}").state
    assert len(last_string(after)["cross_at"]) == 3 and last_string(after)["crossed"] == 1
    assert score(after, 0) == 3 + 3 - 1


def test_two_crossings_closer_than_any_tolerance_still_cost_the_string() -> None:
    state = table()
    state["river"] = [[14.0, -1.0], [14.0075, 5.0], [14.015, -1.0]]  # crosses y=3 twice, 0.005 cm apart
    put(state, "central", cell(25, 3))
    after = lay(state, 0, f"short {B2}-{cell(25, 3)}").state
    assert len(last_string(after)["cross_at"]) == 2 and last_string(after)["crossed"] == 1
    assert score(after, 0) == 3 + 3 - 1


def test_a_string_running_along_another_and_crossing_over_costs_one() -> None:
    state = table()
    put(state, "local", cell(5, 19))
    put(state, "local", cell(33, 19))
    # company 1's string comes down onto y=11, runs along it and leaves below
    track(state, 1, [cell(5, 19), cell(11, 5), cell(17, 11), cell(23, 11), cell(33, 19)], [cell(5, 19), cell(33, 19)])
    put(state, "central", cell(29, 11))
    after = lay(state, 0, f"long {B2}-{cell(11, 11)}-{cell(29, 11)}").state
    assert score(after, 0) == 3 + 3 - 1
    # leaving on the side it came from is touching, not crossing
    state["strings"][-1]["path"] = [cell(5, 19), cell(15, 17), cell(17, 11), cell(23, 11), cell(33, 19)]
    after = lay(state, 0, f"long {B2}-{cell(11, 11)}-{cell(29, 11)}").state
    assert last_string(after)["crossed"] == 0 and last_string(after)["cross_at"] == []


# -- home stations touch their corner ---------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_home_stations_touch_their_corner_markers(players: int) -> None:
    state = table(players)
    shape = state["shape"]
    corners = dict(zip(rules_table().fields[shape].corners, board.field_corners(shape)))
    for company in state["companies"]:
        home_tile = board.tile(company["home"])
        assert home_tile.intersects(Point(corners[company["corner"]])), company["corner"]
        assert board.inner_field(shape).contains(Point(board.centre(company["home"])))
        assert home_tile.intersection(board.field(shape)).area >= home_tile.area / 2


# -- a field too small -----------------------------------------------------------

def test_a_station_with_no_room_is_set_aside_and_the_post_says_so() -> None:
    state = table()
    for y in range(1, 80, 6):  # strings every 6 cm: no tile fits between them
        track(state, 1, [cell(1, y), cell(79, y)], [])
    state = GAME.apply(state, CHANCE, "draw 1").state
    applied = GAME.apply(state, CHANCE, "draw 2")
    kinds = [tile_kinds()[t - 1] for t in (1, 2)]
    assert [e for e in applied.events if "set aside" in e] == [
        f"No room on the field for the {k} station drawn: set aside." for k in kinds]
    assert applied.state["set_aside"] == [1, 2] and applied.state["drawn"] == []
    assert applied.state["phase"] == "string"


# -- typed text: only ASCII spaces separate tokens ----------------------------------

def test_only_ascii_spaces_separate_tokens() -> None:
    state = table()
    put(state, "central", cell(11, 21))
    string_turn(state, 0)
    for text in ["short\u00a0B2-F11", "short\u3000B2-F11", "short B2\u00a0F11"]:
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, text)
    assert GAME.apply(state, 0, "short  B2-F11").action == "short B2-F11"
    drawing = table()
    with pytest.raises(IllegalAction):
        GAME.apply(drawing, CHANCE, "draw\u00a03")
    assert GAME.apply(drawing, CHANCE, "draw 3").state["drawn"] == [3]
