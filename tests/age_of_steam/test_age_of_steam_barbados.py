"""Barbados, Age of Steam for one player: each point B1-B21 of
``shared/design/age-of-steam-barbados-st-lucia.md`` is a test here."""

from __future__ import annotations

import random

import pytest

from games.age_of_steam import GAME
from games.age_of_steam.hexmap import board
from games.age_of_steam.phases import GROWTH, PRODUCTION
from games.core import CHANCE, IllegalAction, State

from aos_helpers import act, on_map

MAP = {"map": "barbados"}


def barbados(seed: int = 1) -> State:
    return on_map("barbados", seed)


def texts(state: State, seat: int = 0) -> list[str]:
    return [c.text for c in GAME.legal_actions(state, seat)]


def at_last_growth(cash: int, shares: int) -> State:
    """Turn 10's Goods Growth, with the given cash and shares."""
    state = barbados()
    state["round"] = 10
    state["cash"] = [cash]
    state["shares"] = [shares]
    GROWTH.begin(state)
    return state


def ended(cash: int, shares: int) -> State:
    return GAME.apply(at_last_growth(cash, shares), CHANCE, "light 1 2").state


def test_b1_barbados_is_for_exactly_one_player_over_ten_turns() -> None:
    assert GAME.player_counts(MAP) == (1,) and GAME.players_needed(MAP) == "1"
    for players in (["ann", "bob"], ["ann", "bob", "cid"]):
        with pytest.raises(IllegalAction, match="1 player on the Barbados map"):
            GAME.new(players, MAP)
    state = GAME.new(["ann"], MAP)
    assert state["map"] == "barbados" and state["rounds"] == 10


def test_b2_the_bag_has_no_purple_76_cubes() -> None:
    state = GAME.new(["ann"], MAP)
    assert state["bag"] == {"red": 20, "blue": 20, "purple": 0, "yellow": 20, "black": 16}
    assert sum(state["bag"].values()) == 76


def test_b3_only_new_cities_a_to_d_are_in_play() -> None:
    state = barbados()
    assert list(state["display"]["new"]) == ["A", "B", "C", "D"]
    colours = {k: (v.colour, v.side, v.number) for k, v in board("barbados").new_cities.items()}
    assert colours == {"A": ("red", "light", 3), "B": ("blue", "light", 4),
                       "C": ("black", "light", 5), "D": ("black", "light", 6)}
    state = act(act(state, 0, "shares 0"), 0, "action urbanization")
    assert [o.token for o in GAME.options_at(state, 0, ["urbanize", "A3"])] == ["A", "B", "C", "D"]
    with pytest.raises(IllegalAction):
        act(state, 0, "urbanize A3 E")


def test_b4_each_city_starts_with_one_cube() -> None:
    state = barbados()
    assert sorted(state["cubes"]) == sorted(board("barbados").cities)
    assert all(len(cubes) == 1 for cubes in state["cubes"].values())


def test_b5_one_cube_in_the_top_box_of_each_light_and_new_city_column() -> None:
    state = barbados()
    display = state["display"]
    for col in display["light"]:
        assert col[0] is not None and col[1:] == [None, None]
    for col in display["new"].values():
        assert col[0] is not None and col[1] is None
    assert all(box is None for col in display["dark"] for box in col)


def test_b6_column_a_never_gets_red_nor_column_b_blue_at_setup() -> None:
    for seed in range(60):
        state = barbados(seed)
        assert state["display"]["new"]["A"][0] != "red"
        assert state["display"]["new"]["B"][0] != "blue"
    fresh = GAME.new(["ann"], MAP)
    # cities 1-6, columns 1-6, then A (red: refused), B, C, D
    with pytest.raises(IllegalAction, match="column A takes no red"):
        GAME.apply(fresh, CHANCE, "stock YYYYYY" + "KKKKKK" + "RYYY")
    with pytest.raises(IllegalAction, match="column B takes no blue"):
        GAME.apply(fresh, CHANCE, "stock YYYYYY" + "KKKKKK" + "YBYY")
    state = GAME.apply(fresh, CHANCE, "stock YYYYYY" + "KKKKKK" + "YRRR").state
    assert state["display"]["new"]["B"][0] == "red"  # another colour is fine


def test_b7_after_setup_6_cubes_on_cities_10_on_the_display_60_in_the_bag() -> None:
    state = barbados(5)
    on_cities = sum(len(c) for c in state["cubes"].values())
    on_display = sum(1 for side in ("light", "dark") for col in state["display"][side] for b in col if b)
    on_display += sum(1 for col in state["display"]["new"].values() for b in col if b)
    assert (on_cities, on_display, sum(state["bag"].values())) == (6, 10, 60)


def test_b8_the_player_starts_with_10_dollars_2_shares_engine_1_income_0() -> None:
    state = barbados()
    assert (state["cash"], state["shares"], state["engine"], state["income"]) == ([10], [2], [1], [0])


def test_b9_at_most_one_share_a_turn_and_none_past_15() -> None:
    state = barbados()
    assert texts(state) == ["shares 0", "shares 1"]
    with pytest.raises(IllegalAction, match="At most 1 share a turn"):
        act(state, 0, "shares 2")
    after = act(state, 0, "shares 1")
    assert (after["shares"], after["cash"]) == ([3], [15])
    state["shares"] = [14]
    assert texts(state) == ["shares 0", "shares 1"]
    state["shares"] = [15]
    GAME.phases["shares"].begin(state)
    assert state["phase"] == "actions"


def test_b10_no_player_order_step_shares_go_straight_to_actions() -> None:
    state = act(barbados(), 0, "shares 0")
    assert state["phase"] == "actions"
    assert "auction" not in GAME.phases["shares"].title.lower()


def test_b11_four_actions_each_blocked_until_all_four_were_taken() -> None:
    state = barbados()
    picks: list[list[str]] = []
    for turn in range(1, 11):
        assert state["round"] == turn and state["phase"] == "shares"
        state = act(state, 0, "shares 0")
        offered = [t.split()[1] for t in texts(state)] if state["phase"] == "actions" else []
        chosen = offered[-1] if offered else state["action"][0]
        if offered:
            state = act(state, 0, f"action {chosen}")
        picks.append(offered)
        assert state["action"][0] == chosen
        state["cash"] = [50]
        while state["phase"] != "shares" and not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(turn))).state
            else:
                options = texts(state)
                state = act(state, 0, next(t for t in ("done", "pass") if t in options) if
                            state["phase"] != "production" else options[0])
    assert [len(o) for o in picks] == [4, 3, 2, 0, 4, 3, 2, 0, 4, 3]
    assert set(picks[0]) == {"engineer", "locomotive", "urbanization", "production"}
    with pytest.raises(IllegalAction):
        act(act(barbados(), 0, "shares 0"), 0, "action first-build")


def test_b11_a_blocked_action_is_refused_and_the_last_one_is_taken_without_asking() -> None:
    state = barbados()
    state["blocked"] = ["engineer", "locomotive"]
    state = act(state, 0, "shares 0")
    assert texts(state) == ["action urbanization", "action production"]
    with pytest.raises(IllegalAction, match="open again once Urbanization and Production are taken"):
        act(state, 0, "action engineer")
    state = barbados()
    state["blocked"] = ["engineer", "locomotive", "urbanization"]
    applied = GAME.apply(state, 0, "shares 0")
    assert applied.state["action"] == ["production"] and applied.state["blocked"] == []
    assert any("one action left: Production" in e for e in applied.events)


def test_b12_track_starts_at_a_city_and_urbanization_places_a_to_d() -> None:
    state = act(act(barbados(), 0, "shares 0"), 0, "action urbanization")
    builds = [t for t in texts(state) if t.startswith("build ")]
    nbrs = {n for c in board("barbados").cities for n in board("barbados").neighbours[c] if n}
    assert builds and all(t.split()[1] in nbrs for t in builds)
    state = act(state, 0, "urbanize D3 C")
    assert state["new_cities"] == {"D3": "C"}
    state = act(state, 0, "build A2 straight.0")
    assert state["cash"] == [8] and state["board"]["A2"]["owners"] == [0]
    with pytest.raises(IllegalAction):
        act(state, 0, "build C5 straight.0")


def test_b13_production_then_two_dice_on_the_light_side_only() -> None:
    state = act(act(barbados(), 0, "shares 0"), 0, "action production")
    state = act(state, 0, "done")
    state = act(act(state, 0, "pass"), 0, "pass")
    assert state["phase"] == "production" and GAME.to_act(state) == [CHANCE]
    state = GAME.apply(state, CHANCE, "produce YB").state
    state = act(act(state, 0, "produce yellow L1 2"), 0, "produce blue A 2")
    assert state["phase"] == "growth" and state["step"]["side"] == "light"
    assert GAME.sample_chance(state, random.Random(3)).startswith("light ")
    assert len(GAME.sample_chance(state, random.Random(3)).split()) == 3
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, "light 1 2 3")
    top = state["display"]["light"][0][0]
    state["new_cities"]["D3"] = "A"
    a_top = state["display"]["new"]["A"][0]
    applied = GAME.apply(state, CHANCE, "light 1 3")
    after = applied.state
    assert after["round"] == 2 and after["phase"] == "shares"  # no dark side roll
    assert after["cubes"]["A1"][-1] == top and after["cubes"]["D3"] == [a_top]
    assert after["display"]["light"][0] == [None, "yellow", None]  # boxes do not shift up
    assert all(box is None for col in after["display"]["dark"] for box in col)


def test_b13_a_die_for_an_empty_column_does_nothing() -> None:
    state = barbados()
    GROWTH.begin(state)
    state["display"]["light"][3] = [None, None, None]
    before = {k: list(v) for k, v in state["cubes"].items()}
    after = GAME.apply(state, CHANCE, "light 4 4").state
    assert after["cubes"] == before


def test_b14_after_turn_10_every_share_is_bought_back_at_5() -> None:
    state = ended(cash=40, shares=6)
    assert GAME.is_over(state) and state["round"] == 10
    out = GAME.outcome(state)
    assert out.breakdown == [{"cash": 40, "buy-back": -30}] and out.scores == [10]


def test_b15_cash_short_of_the_buy_back_loses() -> None:
    out = GAME.outcome(ended(cash=26, shares=6))
    assert out.solo_lost and out.summary == "lost: short by $4" and out.scores == [-4]


def test_b16_otherwise_the_score_is_the_cash_left_income_and_track_count_nothing() -> None:
    state = ended(cash=33, shares=2)
    state["income"] = [30]
    out = GAME.outcome(state)
    assert not out.solo_lost and out.scores == [23] and out.summary == "completed with $23"
    assert out.winners == [0]


def test_b17_insolvency_ends_the_game_at_once_lost() -> None:
    state = act(act(barbados(), 0, "shares 0"), 0, "action engineer")
    state["cash"] = [0]
    state = act(state, 0, "done")
    state = act(act(state, 0, "pass"), 0, "pass")
    assert GAME.is_over(state) and state["round"] == 1 and state["eliminated"] == [True]
    out = GAME.outcome(state)
    assert out.solo_lost and out.summary == "lost: insolvent in turn 1"
    assert "lost: insolvent" in GAME.status_line(state)


def test_b18_production_fills_any_empty_light_or_new_city_box_never_the_dark_side() -> None:
    state = act(act(barbados(), 0, "shares 0"), 0, "action production")
    state = act(act(act(state, 0, "done"), 0, "pass"), 0, "pass")
    state = GAME.apply(state, CHANCE, "produce RR").state
    columns = [o.token for o in GAME.options_at(state, 0, ["produce", "red"])]
    assert columns == ["L1", "L2", "L3", "L4", "L5", "L6", "A", "B", "C", "D"]
    with pytest.raises(IllegalAction, match="not in play"):
        act(state, 0, "produce red D1 1")
    state = act(state, 0, "produce red A 2")  # a red cube in red A's column: no colour check
    assert state["display"]["new"]["A"][1] == "red"


def test_b18_production_draws_only_as_many_cubes_as_light_boxes_are_empty() -> None:
    state = act(act(barbados(), 0, "shares 0"), 0, "action production")
    for col in state["display"]["light"]:
        col[:] = ["black", "black", "black"]
    state["bag"]["black"] -= 12
    for letter, col in state["display"]["new"].items():
        col[:] = [col[0], "black"] if letter != "D" else [col[0], None]
    state["bag"]["black"] -= 3
    state = act(act(act(state, 0, "done"), 0, "pass"), 0, "pass")
    assert state["phase"] == "production" and state["step"]["count"] == 1


@pytest.mark.parametrize("cash,shares,summary", [(10, 2, "completed with $0"), (9, 2, "lost: short by $1"),
                                                 (28, 3, "completed with $13")])
def test_b19_the_result_reads_completed_with_or_lost_short_by(cash: int, shares: int, summary: str) -> None:
    state = ended(cash, shares)
    out = GAME.outcome(state)
    assert out.summary == summary and out.solo_lost == summary.startswith("lost")
    assert summary in GAME.status_line(state)


def test_b20_setup_draws_cities_by_growth_number_then_columns_1_to_6_then_a_to_d() -> None:
    fresh = GAME.new(["ann"], MAP)
    # cities 1..6, columns 1..6, A..D
    state = GAME.apply(fresh, CHANCE, "stock RBYKYK" + "BBBYYY" + "KYRK").state
    by_number = {c.number: label for label, c in board("barbados").cities.items()}
    assert [state["cubes"][by_number[n]] for n in range(1, 7)] == [["red"], ["blue"], ["yellow"],
                                                                   ["black"], ["yellow"], ["black"]]
    assert [col[0] for col in state["display"]["light"]] == ["blue", "blue", "blue", "yellow", "yellow", "yellow"]
    assert [col[0] for col in state["display"]["new"].values()] == ["black", "yellow", "red", "black"]


def test_b21_turn_10_growth_cannot_change_the_result() -> None:
    state = at_last_growth(cash=30, shares=4)
    one = GAME.apply(state, CHANCE, "light 1 2").state
    other = GAME.apply(state, CHANCE, "light 6 6").state
    assert GAME.is_over(one) and GAME.is_over(other)
    assert GAME.outcome(one) == GAME.outcome(other)


def test_production_phase_object_is_shared_with_the_rust_belt() -> None:
    """The map changes Production's columns by its switches, not by a map name."""
    assert GAME.phases["production"] is PRODUCTION
