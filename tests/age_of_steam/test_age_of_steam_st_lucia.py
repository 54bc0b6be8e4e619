"""St. Lucia, Age of Steam for two players: each point S1-S21 of
``shared/design/age-of-steam-barbados-st-lucia.md`` is a test here.

The hand-built board of the move tests: new city A (red) on Anse La Raye
(A6), new city E (yellow) on Fond St. Jacques (C9); a straight track A6-A7
on to the town Anse Chastenet (A8), whose tile goes on south-east through B8
to C9. Cubes lie on A7 (a river hex) and B8.
"""

from __future__ import annotations

import random

import pytest

from games.age_of_steam import GAME
from games.age_of_steam.hexmap import board
from games.age_of_steam.map_goods import first_legs
from games.age_of_steam.phases import BUILD, MOVE
from games.age_of_steam.tiles import paths_on
from games.age_of_steam.track import network, pieces
from games.core import CHANCE, IllegalAction, State

from aos_helpers import act, on_map, take_tiles, tile

MAP = {"map": "st-lucia"}


def lucia(seed: int = 1, order: list[int] | None = None) -> State:
    return on_map("st-lucia", seed, order)


def texts(state: State, seat: int) -> list[str]:
    return [c.text for c in GAME.legal_actions(state, seat)]


def put(state: State, label: str, colour: str) -> None:
    """A ``colour`` cube on map hex ``label`` (its old cube back to the bag)."""
    old = state["map_cubes"].get(label)
    if old is not None:
        state["bag"][old] += 1
    state["bag"][colour] -= 1
    state["map_cubes"][label] = colour


def at_moves(owner: int | None = 0, engine: int = 1, a7: str = "red", b8: str = "yellow") -> State:
    """The module's hand-built board, at Move Goods (ann first)."""
    state = lucia()
    state["phase"] = "move"
    state["order"] = [0, 1]
    state["new_cities"] = {"A6": "A", "C9": "E"}
    state["board"] = {"A7": tile("straight", 0, owner), "A8": tile("gentle", 2, owner, owner),
                      "B8": tile("straight", 2, owner)}
    take_tiles(state)
    put(state, "A7", a7)
    put(state, "B8", b8)
    state["engine"] = [engine, engine]
    state["action"] = [None, None]
    MOVE.begin(state)
    return state


def moves(state: State, seat: int) -> list[str]:
    return [t for t in texts(state, seat) if t.startswith("move ")]


def to_turn_end(state: State) -> State:
    """Both players pass both goods-moving rounds."""
    while state["phase"] == "move":
        state = act(state, GAME.to_act(state)[0], "pass")
    return state


def test_s1_st_lucia_is_for_exactly_two_players_over_eight_turns() -> None:
    assert GAME.player_counts(MAP) == (2,)
    for players in (["ann"], ["ann", "bob", "cid"]):
        with pytest.raises(IllegalAction, match="2 players on the St. Lucia map"):
            GAME.new(players, MAP)
    assert GAME.new(["ann", "bob"], MAP)["rounds"] == 8


def test_s2_no_printed_cities_only_eleven_towns() -> None:
    b = board("st-lucia")
    assert b.cities == {} and len(b.towns) == 11
    assert network(lucia()).cities == set()


def test_s3_one_cube_on_every_plain_and_river_hex_38_on_the_map_58_in_the_bag() -> None:
    state = lucia(4)
    b = board("st-lucia")
    plain_river = {h for h, mh in b.hexes.items() if mh.terrain in ("plain", "river")}
    assert set(state["map_cubes"]) == plain_river and len(plain_river) == 38
    assert sum(state["bag"].values()) == 58 and state["cubes"] == {}


def test_s4_no_display_no_growth_no_dice_and_delivered_cubes_stay_in_the_bag() -> None:
    state = at_moves()
    assert all(b is None for side in ("light", "dark") for col in state["display"][side] for b in col)
    state = act(state, 0, "move A7-red N.A6")
    before = dict(state["map_cubes"])
    state = to_turn_end(state)
    assert state["round"] == 2 and state["phase"] == "priority"
    assert CHANCE not in GAME.to_act(state) and "A7" not in state["map_cubes"]
    assert state["map_cubes"] == before


def test_s5_all_eight_new_city_tiles_and_a_new_city_never_receives_goods() -> None:
    state = lucia()
    assert list(state["display"]["new"]) == list("ABCDEFGH")
    state = to_turn_end(at_moves())
    assert state["cubes"] == {}


def test_s6_each_player_starts_with_10_dollars_2_shares_engine_1_and_the_first_holds_the_priority() -> None:
    state = lucia(order=[1, 0])
    assert (state["cash"], state["shares"], state["engine"], state["income"]) == ([10, 10], [2, 2], [1, 1], [0, 0])
    assert state["first_player"] == 1 and state["priority"] == 1
    assert GAME.to_act(state) == [1]


def test_s7_player_order_comes_before_shares_and_no_goods_growth() -> None:
    state = lucia()
    seen = [state["phase"]]
    state = act(state, 0, "decline")
    state = act(state, 1, "decline")
    seen.append(state["phase"])
    state = act(act(state, 0, "shares 0"), 1, "shares 0")
    seen.append(state["phase"])
    state = act(act(state, 0, "action first-build"), 1, "action engineer")
    seen.append(state["phase"])
    state = act(act(state, 0, "done"), 1, "done")
    seen.append(state["phase"])
    state = to_turn_end(state)
    seen.append(state["phase"])
    assert seen == ["priority", "shares", "actions", "build", "move", "priority"]


def test_s8_the_priority_alternates_and_paying_5_goes_first() -> None:
    state = lucia()
    assert state["priority"] == 0
    state = act(state, 0, "decline")
    applied = GAME.apply(state, 1, "pay")
    state = applied.state
    assert state["order"] == [1, 0] and state["cash"] == [10, 5] and state["paid_first"] == 1
    state = act(act(state, 1, "shares 0"), 0, "shares 0")
    state = act(act(state, 1, "action first-build"), 0, "action engineer")
    state["cash"] = [20, 20]
    state = to_turn_end(act(act(state, 1, "done"), 0, "done"))
    assert state["round"] == 2 and state["priority"] == 1 and GAME.to_act(state) == [1]
    state = act(state, 1, "pay")
    assert state["order"] == [1, 0] and state["phase"] == "shares"


def test_s8_if_both_decline_the_priority_player_goes_first_for_free() -> None:
    state = lucia(order=[1, 0])
    state = act(act(state, 1, "decline"), 0, "decline")
    assert state["order"] == [1, 0] and state["cash"] == [10, 10] and state["paid_first"] is None


def test_s9_turn_order_takes_the_priority_next_turn_then_the_alternation_goes_on() -> None:
    state = lucia()
    state["cash"] = [50, 50]
    state = act(act(state, 0, "decline"), 1, "decline")
    state = act(act(state, 0, "shares 0"), 1, "shares 0")
    state = act(state, 0, "action first-build")
    applied = GAME.apply(state, 1, "action turn-order")
    assert any("priority in next turn" in e for e in applied.events)
    state = to_turn_end(act(act(applied.state, 0, "done"), 1, "done"))
    assert state["round"] == 2 and state["priority"] == 1  # 1 by alternation too: see turn 3
    state = act(act(state, 1, "decline"), 0, "decline")
    state = act(act(state, 1, "shares 0"), 0, "shares 0")
    state = act(act(state, 1, "action turn-order"), 0, "action engineer")
    state = to_turn_end(act(act(state, 1, "done"), 0, "done"))
    assert state["round"] == 3 and state["priority"] == 1  # Turn Order beats the alternation (0)
    state = act(act(state, 1, "decline"), 0, "decline")
    state = act(act(state, 1, "shares 0"), 0, "shares 0")
    state = act(act(state, 1, "action engineer"), 0, "action first-build")
    state = to_turn_end(act(act(state, 0, "done"), 1, "done"))
    assert state["round"] == 4 and state["priority"] == 1  # the alternation again


def test_s9_turn_order_in_the_last_turn_does_nothing() -> None:
    state = act(act(lucia(), 0, "decline"), 1, "decline")
    state["round"] = 8
    state = act(act(state, 0, "shares 0"), 1, "shares 0")
    applied = GAME.apply(act(state, 0, "action engineer"), 1, "action turn-order")
    assert applied.state["priority_next"] is None
    assert not any("priority" in e for e in applied.events)


def test_s10_no_production_the_other_six_actions_once_a_turn() -> None:
    state = act(act(lucia(), 0, "decline"), 1, "decline")
    state = act(act(state, 0, "shares 0"), 1, "shares 0")
    offered = [t.split()[1] for t in texts(state, 0)]
    assert offered == ["first-move", "first-build", "engineer", "locomotive", "urbanization", "turn-order"]
    with pytest.raises(IllegalAction, match="not played on the St. Lucia map"):
        act(state, 0, "action production")
    state = act(state, 0, "action engineer")
    assert "action engineer" not in texts(state, 1)


def test_s11_nothing_can_be_built_before_a_city_then_both_build_from_it() -> None:
    state = act(act(lucia(), 0, "decline"), 1, "decline")
    state = act(act(state, 0, "shares 0"), 1, "shares 0")
    state = act(act(state, 0, "action engineer"), 1, "action urbanization")
    assert state["phase"] == "build" and GAME.to_act(state) == [0]
    assert [t for t in texts(state, 0) if t.startswith("build ")] == []
    state = act(state, 0, "done")
    assert [t for t in texts(state, 1) if t.startswith("build ")] == []
    state = act(state, 1, "urbanize A6 A")
    assert any(t.startswith("build A7 ") for t in texts(state, 1))
    state = act(state, 1, "build A7 straight.0")
    assert state["board"]["A7"]["owners"] == [1]
    # next turn, the other player builds from that new city too
    state["cash"] = [20, 20]
    state = act(state, 1, "done")
    state = to_turn_end(state)
    state = act(act(state, 1, "decline"), 0, "decline")
    state = act(act(state, 1, "shares 0"), 0, "shares 0")
    state = act(act(state, 1, "action first-move"), 0, "action first-build")
    assert GAME.to_act(state) == [0] and any(t.startswith("build B6 ") for t in texts(state, 0))


def test_s12_urbanization_places_a_new_city_on_a_town_and_eight_tiles_last_eight_turns() -> None:
    assert len(board("st-lucia").new_cities) == 8 == GAME.new(["a", "b"], MAP)["rounds"]
    state = lucia()
    state["action"] = ["urbanization", "engineer"]
    state["order"] = [0, 1]
    BUILD.begin(state)
    with pytest.raises(IllegalAction):
        act(state, 0, "urbanize A7 A")
    state = act(state, 0, "urbanize D10 F")
    assert state["new_cities"] == {"D10": "F"}


def test_s13_a_cube_moves_only_once_its_hex_carries_track() -> None:
    state = at_moves()
    movable = {t.split()[1] for t in moves(state, 0)}
    assert movable == {"A7-red", "B8-yellow"}  # the cubes on track; C9 is yellow
    assert "C5" in state["map_cubes"] and not any("C5-" in t for t in moves(state, 0))


def test_s13_the_first_leg_runs_either_way_to_a_town_or_city_and_is_one_link() -> None:
    state = at_moves()
    legs = {(leg.stop, leg.hop) for leg in first_legs(state, network(state), "A7")}
    assert legs == {("A6", "N.A6"), ("A8", "S.A8")}
    state = act(state, 0, "move A7-red N.A6")
    assert state["income"] == [2, 0] and "A7" not in state["map_cubes"]
    assert state["last"] is not None and state["last"]["where"] == ["A7"]


def test_s13_a_dead_end_leads_nowhere() -> None:
    state = at_moves()
    del state["board"]["B8"]
    state["board"]["A8"] = tile("gentle", 2, 0, 0)
    take_tiles(state)
    del state["new_cities"]["A6"]  # A6 a bare town: A7's track leads only to the town A8
    state["board"]["A7"] = tile("straight", 0, 0)
    legs = {leg.stop for leg in first_legs(state, network(state), "A7")}
    assert legs == {"A8"}  # not towards the bare town A6: the track dangles there
    # an unfinished section from C9 through B8 towards A8's side: only back to C9
    state["board"] = {"B8": tile("straight", 2, 1)}
    take_tiles(state)
    state["board"].pop("A8", None)
    legs = {leg.stop for leg in first_legs(state, network(state), "B8")}
    assert legs == {"C9"}


def test_s13_after_the_first_leg_the_cube_follows_completed_links_within_the_engine() -> None:
    assert "move B8-yellow SE.C9" in moves(at_moves(engine=1), 0)
    state = at_moves(engine=2, b8="yellow", a7="yellow")
    assert "move A7-yellow S.A8-SE.C9" in moves(state, 0)
    assert not any(t.startswith("move A7-yellow N.") for t in moves(state, 0))
    state = act(state, 0, "move A7-yellow S.A8-SE.C9")
    assert state["income"] == [3, 0]  # two links and the bonus
    one_link = at_moves(engine=1, a7="yellow")
    assert not any(t.startswith("move A7-") for t in moves(one_link, 0))


def test_s14_a_one_link_delivery_from_ones_own_track_earns_2() -> None:
    applied = GAME.apply(at_moves(), 0, "move A7-red N.A6")
    assert applied.state["income"] == [2, 0]
    assert "bonus ann +1" in applied.events[0]


def test_s15_the_base_scoring_and_shared_ties() -> None:
    state = at_moves()
    state["income"] = [5, 5]
    state["shares"] = [3, 3]
    state["board"] = {}
    take_tiles(state)
    out = GAME.outcome(state)
    assert out.scores == [15 - 9, 15 - 9] and out.ranking == [[0, 1]]
    state = at_moves()
    out = GAME.outcome(state)
    assert out.breakdown[0]["track VP"] == 4  # A6-A7-A8 (2 pieces) and A8-B8-C9 (2 pieces)
    assert not out.summary and not out.solo_lost


def test_s16_the_bonus_goes_to_the_tracks_owner_whoever_moves_the_cube() -> None:
    state = at_moves(owner=1)
    applied = GAME.apply(state, 0, "move A7-red N.A6")
    assert applied.state["income"] == [0, 2]
    unowned = GAME.apply(at_moves(owner=None), 0, "move A7-red N.A6")
    assert unowned.state["income"] == [0, 0]


def test_s17_on_a_complex_tile_the_cube_leaves_along_either_track_paying_its_owner() -> None:
    state = at_moves()
    # ann's straight A6-A8 and bob's track A6-B6-A7 (a sharp curve on the same tile) to B7
    state["board"]["A7"] = {"tile": "straight-sharp", "rot": 3, "owners": [0, 1]}
    state["board"]["B6"] = tile("sharp", next(r for r in range(6) if _sharp(r) == {4, 5}), 1)
    take_tiles(state)
    assert {frozenset(p) for p in pieces(state, "A7")} == {frozenset({0, 3}), frozenset({1, 2})}
    legs = {leg.hop for leg in first_legs(state, network(state), "A7")}
    assert legs == {"N.A6", "S.A8", "NE.A6"}
    along_bob = GAME.apply(state, 0, "move A7-red NE.A6").state
    assert along_bob["income"] == [0, 2]
    along_ann = GAME.apply(state, 0, "move A7-red N.A6").state
    assert along_ann["income"] == [2, 0]


def _sharp(rot: int) -> set[int]:
    return set(paths_on("sharp", rot, False)[0])


def test_s18_a_cube_stays_when_track_is_built_there_and_costs_nothing_more() -> None:
    state = lucia()
    state["new_cities"] = {"A6": "A"}
    state["action"] = ["engineer", None]
    state["order"] = [0, 1]
    BUILD.begin(state)
    cube = state["map_cubes"]["A7"]
    state = act(state, 0, "build A7 straight.0")
    assert state["map_cubes"]["A7"] == cube
    assert state["cash"] == [10 - 2 - 1, 10]  # a simple tile $2, the river $1: as on the Rust Belt


def test_s19_a_cube_on_abandoned_track_moves_and_pays_no_one() -> None:
    state = at_moves(owner=None)
    del state["board"]["B8"]
    take_tiles(state)
    state["board"]["A8"] = tile("gentle", 2, None, None)
    applied = GAME.apply(state, 0, "move A7-red N.A6")
    assert applied.state["income"] == [0, 0] and "nobody +1" in applied.events[0]


def test_s20_a_priority_player_short_of_5_declines_and_the_other_is_asked_at_once() -> None:
    state = GAME.new(["ann", "bob"], MAP)
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(2))).state
    state["cash"] = [4, 10]
    applied = GAME.apply(state, CHANCE, "order 0 1")
    assert GAME.to_act(applied.state) == [1]
    assert any("less than $5 and declines" in e for e in applied.events)
    state = act(applied.state, 1, "decline")
    assert state["order"] == [0, 1] and state["phase"] == "shares"
    state = applied.state
    with pytest.raises(IllegalAction):
        act(state, 0, "pay")


def test_s21_an_insolvent_player_ends_the_game_and_the_other_wins() -> None:
    state = at_moves()
    state["cash"] = [0, 10]
    state["income"] = [0, 0]
    state = to_turn_end(state)
    assert GAME.is_over(state) and state["eliminated"] == [True, False]
    assert GAME.outcome(state).winners == [1]
