"""String Railway: every rule of the rulebook's placing and scoring, on a
table laid out by the test (grid points are named by their centimetres)."""

from __future__ import annotations

import copy

import pytest
from shapely.geometry import Point

from games.core import CHANCE, IllegalAction
from games.string_railway import GAME, board, scoring
from games.string_railway.params import tile_kinds
from tests.string_railway.string_railway_fixtures import (cell, home, lay, last_string, put, score, string_turn,
                                                          table, track)

B2 = cell(3, 3)        # company 0's home (NW corner)
AM2 = cell(77, 3)      # company 1's home (NE corner)


# -- each station's points and effect -----------------------------------------

@pytest.mark.parametrize("kind, points", [("central", 3), ("local", 2), ("suburban", 2), ("countryside", 1),
                                          ("junction", 1), ("terminal", 3), ("landmark", 1)])
def test_newly_entered_station_scores_its_printed_points(kind: str, points: int) -> None:
    state = table()
    put(state, kind, cell(11, 21))
    after = lay(state, 0, f"short {B2}-{cell(11, 21)}").state
    assert score(after, 0) == 3 + points
    assert last_string(after)["newly"] == [cell(11, 21)]


def test_landmark_in_the_mountains_scores_three() -> None:
    state = table()
    put(state, "landmark", cell(21, 55), mountain=True)
    put(state, "central", cell(11, 31))
    state = lay(state, 0, f"short {B2}-{cell(11, 31)}").state
    after = lay(state, 0, f"short {cell(11, 31)}-{cell(21, 55)}").state
    assert score(after, 0) == 3 + 3 + 3 - 1  # central, landmark in the mountains, crossing the mountain line


def test_town_gives_its_first_company_a_chip_and_three_then_others_one_and_owner_loses_one() -> None:
    state = table()
    put(state, "town", cell(41, 11))
    state = lay(state, 0, f"long {B2}-{cell(41, 11)}").state
    assert score(state, 0) == 6
    assert next(s for s in state["stations"] if s["cell"] == cell(41, 11))["owner"] == 0
    # company 1 from the NE corner (crossing the river at x=51 costs 1)
    after = lay(state, 1, f"long {AM2}-{cell(41, 11)}").state
    assert score(after, 1) == 3 + 1 - 1
    assert score(after, 0) == 6 - 1
    assert after["companies"][0]["parts"]["owner"] == -1


def test_transfer_gives_its_owner_nothing_others_two_and_owner_gains_one() -> None:
    state = table()
    put(state, "transfer", cell(41, 11))
    state = lay(state, 0, f"long {B2}-{cell(41, 11)}").state
    assert score(state, 0) == 3
    after = lay(state, 1, f"long {AM2}-{cell(41, 11)}").state
    assert score(after, 1) == 3 + 2 - 1
    assert score(after, 0) == 3 + 1


def test_entering_another_home_scores_two_and_its_owner_loses_one() -> None:
    state = table()
    put(state, "central", cell(21, 3))
    track(state, 1, [cell(21, 3), cell(35, 3)], [cell(21, 3)])  # company 1 already lies on it
    put(state, "local", cell(35, 3))
    after = lay(state, 1, f"short {cell(21, 3)}-{B2}").state
    assert score(after, 1) == 3 + 2
    assert score(after, 0) == 3 - 1


def test_junction_scores_one_every_time_a_string_lies_on_it() -> None:
    state = table()
    put(state, "junction", cell(11, 21))
    put(state, "central", cell(25, 21))
    state = lay(state, 0, f"short {B2}-{cell(11, 21)}").state
    after = lay(state, 0, f"short {cell(11, 21)}-{cell(25, 21)}").state
    assert score(after, 0) == 3 + 1 + (1 + 3)
    assert after["companies"][0]["parts"]["junctions"] == 1


def test_home_station_is_not_newly_entered_by_its_own_company() -> None:
    state = table()
    put(state, "central", cell(11, 21))
    after = lay(state, 0, f"short {B2}-{cell(11, 21)}").state
    assert last_string(after)["entered"] == [B2, cell(11, 21)]
    assert last_string(after)["newly"] == [cell(11, 21)]


# -- company limits, twice, terminals ------------------------------------------

def test_company_limit_refuses_a_third_company_on_a_suburban_station() -> None:
    state = table()
    put(state, "suburban", cell(11, 21))
    track(state, 1, [cell(11, 21), cell(11, 23)], [cell(11, 21)])
    track(state, 2, [cell(9, 21), cell(9, 23)], [cell(11, 21)])
    with pytest.raises(IllegalAction, match="company limit is 2"):
        lay(state, 0, f"short {B2}-{cell(11, 21)}")


def test_countryside_takes_one_company_only() -> None:
    state = table()
    put(state, "countryside", cell(11, 21))
    track(state, 1, [cell(11, 21), cell(11, 23)], [cell(11, 21)])
    with pytest.raises(IllegalAction, match="limit is 1"):
        lay(state, 0, f"short {B2}-{cell(11, 21)}")


def test_limit_counts_only_newly_entering() -> None:
    state = table()
    put(state, "countryside", cell(11, 21))
    put(state, "central", cell(25, 21))
    state = lay(state, 0, f"short {B2}-{cell(11, 21)}").state
    after = lay(state, 0, f"short {cell(11, 21)}-{cell(25, 21)}").state  # already there: no new company
    assert score(after, 0) == 3 + 1 + 3


def test_entering_the_same_station_twice_is_refused() -> None:
    state = table()
    put(state, "central", cell(21, 9))
    put(state, "local", cell(9, 21))
    path = [B2, cell(27, 7), cell(27, 11), cell(15, 11), cell(9, 21)]
    with pytest.raises(IllegalAction, match="twice"):
        lay(state, 0, "long " + " ".join(path))


def test_terminal_only_at_an_end() -> None:
    state = table()
    put(state, "terminal", cell(21, 21))
    put(state, "local", cell(39, 39))
    with pytest.raises(IllegalAction, match="terminal .* end"):
        lay(state, 0, f"long {B2}-{cell(39, 39)}")
    after = lay(state, 0, f"long {B2}-{cell(21, 21)}").state
    assert score(after, 0) == 6


# -- the string's own rules ----------------------------------------------------

def test_string_too_long_is_refused_with_its_length_and_the_limit() -> None:
    state = table()
    put(state, "central", cell(29, 29))
    with pytest.raises(IllegalAction) as bad:
        lay(state, 0, f"short {B2}-{cell(29, 29)}")
    assert "36.8 cm" in str(bad.value) and "30 cm" in str(bad.value)
    assert score(lay(state, 0, f"long {B2}-{cell(29, 29)}").state, 0) == 6


def test_string_leaving_the_field_is_refused() -> None:
    state = table(players=3)
    sw = state["companies"][2]["home"]
    put(state, "central", cell(21, 45))
    with pytest.raises(IllegalAction, match="leaves the field"):
        lay(state, 2, f"long {sw}-{cell(1, 49)}-{cell(21, 45)}")


def test_string_crossing_itself_is_refused() -> None:
    state = table()
    put(state, "central", cell(3, 27))
    with pytest.raises(IllegalAction, match="crosses itself"):
        lay(state, 0, f"long {B2} {cell(15, 15)} {cell(15, 3)} {cell(3, 15)} {cell(3, 27)}")


def test_string_not_on_the_companys_network_is_refused() -> None:
    state = table()
    put(state, "local", cell(11, 21))
    put(state, "central", cell(11, 41))
    with pytest.raises(IllegalAction, match="home station or on a station"):
        lay(state, 0, f"short {cell(11, 21)}-{cell(11, 41)}")


def test_string_end_off_a_station_is_refused() -> None:
    state = table()
    with pytest.raises(IllegalAction, match="on no station"):
        lay(state, 0, f"short {B2}-{cell(11, 21)}")


def test_more_than_three_bends_are_refused() -> None:
    state = table()
    put(state, "central", cell(21, 21))
    path = [B2, cell(9, 3), cell(9, 9), cell(15, 9), cell(15, 15), cell(21, 21)]
    with pytest.raises(IllegalAction, match="at most 3"):
        lay(state, 0, "long " + "-".join(path))


# -- crossings -----------------------------------------------------------------

def _crossed_table(advanced: bool = False) -> dict[str, object]:
    """Company 1's string runs along y=19 from C10 to Q10."""
    state = table(advanced=advanced)
    put(state, "local", cell(5, 19))
    put(state, "local", cell(33, 19))
    track(state, 1, [cell(5, 19), cell(33, 19)], [cell(5, 19), cell(33, 19)])
    return state


def test_crossing_a_railroad_string_costs_one() -> None:
    state = _crossed_table()
    put(state, "central", cell(15, 33))
    after = lay(state, 0, f"long {B2}-{cell(15, 33)}").state
    assert last_string(after)["crossed"] == 1 and len(last_string(after)["cross_at"]) == 1
    assert score(after, 0) == 3 + 3 - 1


def test_advanced_crossing_a_railroad_string_costs_two_but_the_river_one() -> None:
    state = _crossed_table(advanced=True)
    put(state, "central", cell(15, 33))
    after = lay(state, 0, f"long {B2}-{cell(15, 33)}").state
    assert score(after, 0) == 3 + 3 - 2
    state = table(advanced=True)
    put(state, "central", cell(41, 9))
    after = lay(state, 1, f"long {AM2}-{cell(41, 9)}").state
    assert score(after, 1) == 3 + 3 - 1


def test_touching_is_not_crossing() -> None:
    state = _crossed_table()
    put(state, "central", cell(25, 9))
    after = lay(state, 0, f"long {B2}-{cell(13, 19)}-{cell(25, 9)}").state
    assert last_string(after)["crossed"] == 0 and last_string(after)["cross_at"] == []
    assert score(after, 0) == 6
    # and the river: a bend on it that turns back
    state = table()
    put(state, "central", cell(71, 27))
    after = lay(state, 1, f"long {AM2}-{cell(51, 15)}-{cell(71, 27)}").state
    assert last_string(after)["crossed"] == 0 and last_string(after)["cross_at"] == []


def test_crossing_on_a_station_tile_is_free() -> None:
    state = _crossed_table()
    put(state, "central", cell(19, 19))
    state["strings"][-1]["entered"] = [cell(5, 19), cell(19, 19), cell(33, 19)]
    put(state, "local", cell(35, 35))
    after = lay(state, 0, f"long {B2}-{cell(35, 35)}").state
    assert last_string(after)["entered"] == [B2, cell(19, 19), cell(35, 35)]
    assert last_string(after)["crossed"] == 0 and last_string(after)["cross_at"] == []
    assert score(after, 0) == 3 + 3 + 2


# -- typed text ------------------------------------------------------------------

def test_typed_string_variants_store_the_canonical_text() -> None:
    state = table()
    put(state, "central", cell(11, 21))
    applied = lay(state, 0, f"SHORT {B2.lower()} {cell(11, 21).lower()}")
    assert applied.action == f"short {B2}-{cell(11, 21)}"
    state = table()
    put(state, "central", cell(11, 21))
    applied = lay(state, 0, "short b02-f011")
    assert applied.action == f"short {B2}-{cell(11, 21)}"


def test_unicode_digits_and_unknown_points_are_refused_briefly() -> None:
    state = table()
    put(state, "central", cell(11, 21))
    string_turn(state, 0)
    before = copy.deepcopy(state)
    for text in ["short B２-F11", "short " + "Z" * 200, "short B2-ZZ999"]:
        with pytest.raises(IllegalAction) as bad:
            GAME.apply(state, 0, text)
        assert len(str(bad.value)) < 300
    assert state == before


def test_a_station_typed_as_its_cell_alone_is_stored_with_its_block() -> None:
    state = table()
    state = GAME.apply(state, CHANCE, "draw 1").state
    state = GAME.apply(state, CHANCE, "draw 2").state
    assert state["phase"] == "place"
    applied = GAME.apply(state, 0, "m012")
    assert applied.action == "K11-O15 M12"
    with pytest.raises(IllegalAction, match="can't go at B2"):
        GAME.apply(state, 0, "B2")


# -- draws -----------------------------------------------------------------------

COUNTRYSIDE = [t for t in range(1, 36) if tile_kinds()[t - 1] == "countryside"]


def test_first_turn_draws_two_then_one() -> None:
    state = table()
    state = GAME.apply(state, CHANCE, "draw 1").state
    assert state["phase"] == "draw"
    state = GAME.apply(state, CHANCE, "draw 2").state
    assert state["phase"] == "place" and state["drawn"] == [1, 2]
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0].text).state
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0].text).state
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0].text).state
    assert state["company"] == 1 and state["phase"] == "draw"
    state = GAME.apply(state, CHANCE, "draw 3").state
    assert state["phase"] == "place" and state["drawn"] == [3]


def test_countryside_extra_draw_once_a_turn() -> None:
    state = table()
    state = GAME.apply(state, CHANCE, f"draw {COUNTRYSIDE[0]}").state
    state = GAME.apply(state, CHANCE, "draw 1").state
    assert state["phase"] == "extra"
    state = GAME.apply(state, 0, "extra").state
    assert state["phase"] == "draw"
    state = GAME.apply(state, CHANCE, f"draw {COUNTRYSIDE[1]}").state
    assert state["phase"] == "place" and len(state["drawn"]) == 3


def test_countryside_extra_draw_may_be_declined() -> None:
    state = table()
    state = GAME.apply(state, CHANCE, f"draw {COUNTRYSIDE[0]}").state
    state = GAME.apply(state, CHANCE, "draw 1").state
    state = GAME.apply(state, 0, "no-extra").state
    assert state["phase"] == "place" and len(state["drawn"]) == 2


def test_a_tile_not_in_the_deck_cannot_be_drawn() -> None:
    state = table()
    state = GAME.apply(state, CHANCE, "draw 1").state
    with pytest.raises(IllegalAction, match="not in the deck"):
        GAME.apply(state, CHANCE, "draw 1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, "draw 36")


# -- set-ups and the end -----------------------------------------------------------

def _set_up(players: int) -> dict[str, object]:
    return table(players)


def test_two_players_play_two_colours_each_from_opposite_corners() -> None:
    state = _set_up(2)
    assert state["shape"] == "square"
    seats = [c["seat"] for c in state["companies"]]
    assert seats == [0, 1, 0, 1]
    corners = [c["corner"] for c in state["companies"]]
    assert {corners[0], corners[2]} in ({"NW", "SE"}, {"NE", "SW"})
    assert {corners[1], corners[3]} in ({"NW", "SE"}, {"NE", "SW"})
    assert all(c["strings"] == {"short": 4, "long": 1} for c in state["companies"])


def test_three_players_play_on_a_triangle() -> None:
    state = _set_up(3)
    assert state["shape"] == "triangle" and len(state["companies"]) == 3
    assert sorted(c["corner"] for c in state["companies"]) == ["N", "SE", "SW"]
    area = board.inner_field("triangle")
    assert all(area.contains(Point(board.centre(c["home"]))) for c in state["companies"])


def test_five_players_play_a_pentagon_with_four_strings_each() -> None:
    state = _set_up(5)
    assert state["shape"] == "pentagon" and len(state["companies"]) == 5
    assert all(c["strings"] == {"short": 3, "long": 1} for c in state["companies"])
    assert abs(board.field("pentagon").length - 5 * 64) < 1e-6


def test_square_home_stations_touch_their_corners() -> None:
    state = _set_up(4)
    for c in state["companies"]:
        assert board.tile(c["home"]).distance(board.field("square").exterior) == 0


def test_layouts_meet_the_rulebook_conditions() -> None:
    for shape in ("square", "triangle", "pentagon"):
        for number in range(3):
            river, mountain = board.generate_layout(shape, number)
            assert board.layout_problems(shape, river, mountain) == []
    assert "the river crosses itself" in board.layout_problems(
        "square", [[20, 20], [40, 40], [40, 20], [20, 40]], [[10, 50], [20, 50], [20, 60]])
    assert any("other than at one end" in p for p in board.layout_problems(
        "square", [[-1, 40], [81, 40]], [[10, 50], [20, 50], [20, 60]]))


def test_two_player_ranking_the_weakest_company_loses() -> None:
    state = table(2)
    for company, points in enumerate([10, 30, 10, 9]):
        state["companies"][company]["score"] = points
    result = scoring.outcome(state)
    assert result.ranking == [[0], [1]]  # ann 10/10 beats bob 30/9: bob owns the weakest
    for company, points in enumerate([9, 15, 20, 9]):
        state["companies"][company]["score"] = points
    assert scoring.outcome(state).ranking == [[0], [1]]  # weakest tied: ann's 20 beats bob's 15
    for company, points in enumerate([9, 20, 20, 9]):
        state["companies"][company]["score"] = points
    assert scoring.outcome(state).ranking == [[0, 1]]


def test_ties_are_ties() -> None:
    state = table(3)
    for company, points in enumerate([12, 12, 5]):
        state["companies"][company]["score"] = points
    assert scoring.outcome(state).ranking == [[0, 1], [2]]
