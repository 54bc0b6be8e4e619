"""Age of Steam: each rule of the rulebook, named after it."""

from __future__ import annotations

import copy
import random

import pytest

from games.age_of_steam import GAME
from games.age_of_steam.auction import drop_payment
from games.age_of_steam.economy import pay_expenses, reduction_for
from games.age_of_steam.goods import display_columns, routes
from games.age_of_steam.params import rules
from games.age_of_steam.phases import GROWTH, PRODUCTION
from games.age_of_steam.track import network
from games.core import CHANCE, IllegalAction

from aos_helpers import NAMES, act, at_build, at_move, started, take_tiles, tile


def cost_of(state: dict, seat: int, action: str) -> int:
    before = state["cash"][seat]
    after = act(state, seat, action)
    return int(before - after["cash"][seat])


# -- set-up -------------------------------------------------------------------

def test_setup_fills_the_display_with_52_cubes_and_the_cities_with_their_goods() -> None:
    state = started(4)
    on_display = sum(1 for _, col in display_columns(state["display"]) for c in col if c is not None)
    assert on_display == 52
    assert len(state["cubes"]["R6"]) == 3 and len(state["cubes"]["Q9"]) == 3  # Pittsburgh, Wheeling
    others = [h for h in state["cubes"] if h not in ("R6", "Q9")]
    assert len(others) == 10 and all(len(state["cubes"][h]) == 2 for h in others)
    assert sum(state["bag"].values()) == 96 - 52 - 26
    assert state["cash"] == [10] * 4 and state["shares"] == [2] * 4 and state["engine"] == [1] * 4


def test_the_supply_holds_136_track_tiles_in_the_design_mix() -> None:
    supply = started(3)["supply"]
    assert sum(supply.values()) == 136
    assert (supply["straight"], supply["gentle"], supply["sharp"]) == (48, 55, 7)
    assert supply["x"] + supply["bow"] + supply["curvex"] == 11
    assert sum(n for name, n in supply.items() if name.startswith("town")) == 11


@pytest.mark.parametrize("players,turns", [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_turn_count_depends_on_the_number_of_players(players: int, turns: int) -> None:
    assert GAME.new(NAMES[:players], {})["rounds"] == turns


# -- step 1: issue shares --------------------------------------------------------

def test_issuing_shares_gives_5_dollars_each_up_to_15_shares() -> None:
    state = started(3)
    state = act(state, 0, "shares 3")
    assert state["cash"][0] == 25 and state["shares"][0] == 5
    assert max(int(c.text.split()[1]) for c in GAME.legal_actions(state, 1)) == 13
    with pytest.raises(IllegalAction, match="At most 15"):
        act(state, 1, "shares 14")


def test_a_player_with_15_shares_is_not_asked_and_one_event_says_so() -> None:
    state = GAME.new(NAMES[:3], {})
    state = act(state, CHANCE, GAME.sample_chance(state, random.Random(1)))
    state["shares"][0] = 15
    applied = GAME.apply(state, CHANCE, "order 0 1 2")
    assert GAME.to_act(applied.state) == [1]
    assert "ann has 15 shares: no more can be issued." in applied.events
    assert all(c.text != "shares 0" for c in GAME.legal_actions(applied.state, 0))


def test_when_every_player_has_15_shares_the_auction_begins_at_once() -> None:
    state = GAME.new(NAMES[:3], {})
    state = act(state, CHANCE, GAME.sample_chance(state, random.Random(1)))
    state["shares"] = [15, 15, 15]
    applied = GAME.apply(state, CHANCE, "order 2 0 1")
    assert applied.state["phase"] == "auction" and GAME.to_act(applied.state) == [2]
    assert sum("no more can be issued" in e for e in applied.events) == 3


# -- step 2: the auction -----------------------------------------------------------

def _to_auction(players: int = 4, cash: int = 20) -> dict:
    state = started(players)
    for seat in range(players):
        state = act(state, seat, "shares 0")
    state["cash"] = [cash] * players
    assert state["phase"] == "auction"
    return state


def test_auction_first_dropout_free_middle_half_rounded_up_last_two_full() -> None:
    state = _to_auction(4)
    for seat, amount in ((0, 1), (1, 3), (2, 4), (3, 5)):
        state = act(state, seat, f"bid {amount}")
    state = act(state, 0, "drop")   # first out: last place, free although it bid $1
    state = act(state, 1, "drop")   # middle: half of $3 rounded up
    state = act(state, 2, "bid 6")
    state = act(state, 3, "drop")   # one of the last two: full $5
    assert state["order"] == [2, 3, 1, 0]
    assert state["cash"] == [20, 18, 14, 15]
    assert state["phase"] == "actions"


def test_drop_payment_rules() -> None:
    auction = {"bidders": [0, 1, 2, 3], "bids": {"0": 7, "1": 7}, "dropped": []}
    assert drop_payment(auction, 0) == 0
    auction = {"bidders": [0, 1, 2], "bids": {"0": 7}, "dropped": [3]}
    assert drop_payment(auction, 0) == 4
    auction = {"bidders": [0, 1], "bids": {"0": 7}, "dropped": [3, 2]}
    assert drop_payment(auction, 0) == 7


def test_turn_order_action_lets_its_holder_pass_once() -> None:
    state = _to_auction(3)
    state["action"] = [None, "turn-order", None]
    state = act(state, 0, "bid 2")
    assert "pass" in {c.text for c in GAME.legal_actions(state, 1)}
    state = act(state, 1, "pass")
    assert state["step"]["bidders"] == [0, 1, 2]
    state = act(state, 2, "bid 3")
    state = act(state, 0, "bid 4")
    assert "pass" not in {c.text for c in GAME.legal_actions(state, 1)}
    with pytest.raises(IllegalAction, match="once"):
        act(state, 1, "pass")


def test_high_bidder_is_not_asked_to_raise_his_own_bid() -> None:
    state = _to_auction(3)
    state["action"] = [None, "turn-order", None]
    state = act(state, 0, "bid 2")
    state = act(state, 1, "pass")
    state = act(state, 2, "drop")
    assert GAME.to_act(state) == [1]  # back to bob, skipping ann's standing bid


def test_a_bidder_who_cannot_outbid_drops_out_without_being_asked() -> None:
    state = _to_auction(3)
    state["cash"][1] = 5
    applied = GAME.apply(state, 0, "bid 5")
    assert GAME.to_act(applied.state) == [2]
    assert applied.events == ["ann bids $5.", "bob can't outbid 5 and drops out: place 3, pays $0."]
    assert applied.state["step"]["dropped"] == [1]


def test_a_late_bidder_who_cannot_outbid_pays_as_a_drop_out_and_may_end_the_auction() -> None:
    state = _to_auction(3)
    state["cash"][1] = 7
    state = act(state, 0, "bid 2")
    state = act(state, 1, "bid 3")
    state = act(state, 2, "drop")
    applied = GAME.apply(state, 0, "bid 7")   # bob, one of the last two, can't beat $7
    assert "bob can't outbid 7 and drops out: place 2, pays $3." in applied.events
    assert applied.state["order"] == [0, 1, 2] and applied.state["phase"] == "actions"


def test_a_turn_order_holder_who_cannot_outbid_is_still_asked_he_may_pass() -> None:
    state = _to_auction(3)
    state["cash"][1] = 5
    state["action"] = [None, "turn-order", None]
    state = act(state, 0, "bid 5")
    assert GAME.to_act(state) == [1]
    assert {c.text for c in GAME.legal_actions(state, 1)} == {"drop", "pass"}


def test_bids_cannot_exceed_cash() -> None:
    state = _to_auction(3, cash=4)
    amounts = [int(c.text.split()[1]) for c in GAME.legal_actions(state, 0) if c.text.startswith("bid")]
    assert amounts == [1, 2, 3, 4]
    with pytest.raises(IllegalAction, match="only \\$4"):
        act(state, 0, "bid 5")


# -- step 3: select actions -----------------------------------------------------------

def test_each_action_is_selected_once_and_locomotive_raises_the_engine_at_once() -> None:
    state = _to_auction(3)
    for seat in (0, 1):
        state = act(state, seat, "drop")
    order = state["order"]
    state = act(state, order[0], "action locomotive")
    assert state["engine"][order[0]] == 2
    assert "action locomotive" not in {c.text for c in GAME.legal_actions(state, order[1])}
    with pytest.raises(IllegalAction, match="already taken"):
        act(state, order[1], "action locomotive")


# -- step 4: build track: costs ------------------------------------------------------------

def test_simple_track_costs_2_on_plain() -> None:
    state = at_build(3)
    assert cost_of(state, 0, "build G7 straight.1") == 2


def test_river_hex_adds_1() -> None:
    state = at_build(3)
    assert cost_of(state, 0, "build C4 straight.2") == 3  # from Minneapolis


def test_mountain_hex_adds_2() -> None:
    state = at_build(3)
    assert cost_of(state, 0, "build R7 straight.0") == 4  # from Pittsburgh


def test_town_costs_1_plus_1_per_track_so_a_complex_tile_in_a_town_costs_5() -> None:
    state = at_build(3, cash=20)
    state = act(state, 0, "build H5 straight.0")  # Chicago north towards Milwaukee
    assert cost_of(state, 0, "build H4 curvex.0") == 5   # 4 exits: 0, 3, 4, 5
    assert cost_of(state, 0, "build H4 straight.0") == 3  # simple tile + town disk: 2 exits
    assert cost_of(state, 0, "build H4 town1.3") == 2     # dedicated one-exit town tile


def test_coexisting_tile_costs_3_and_crossing_costs_4() -> None:
    fresh = at_build(3, cash=30, built=True)
    fresh = act(fresh, 0, "build H7 sharp.0")  # open end into G7 (G7's SE side)
    assert cost_of(fresh, 0, "build G7 x.0") == 4          # 1-4 to Chicago, 2-5 from H7
    assert cost_of(fresh, 0, "build G7 straight-sharp.4") == 3  # 1-4 to Chicago + sharp 2-3


def test_replacing_simple_with_crossing_costs_3() -> None:
    state = at_build(3, cash=30)
    state = act(state, 0, "build G7 straight.1")  # Chicago - Rock Island direction
    state = act(state, 0, "build H7 sharp.0")
    assert cost_of(state, 0, "build G7 x.0") == 3


def test_other_replacements_and_redirections_cost_2_and_ignore_terrain() -> None:
    state = at_build(3, cash=30)
    state = act(state, 0, "build C4 straight.2")  # river hex from Minneapolis, $3
    assert cost_of(state, 0, "build C4 gentle.1") == 2  # redirect the end: 5-1 keeps the edge from Minneapolis


def test_replacing_a_town_tile_costs_3_and_keeps_its_exits() -> None:
    state = at_build(3, cash=30)
    state = act(state, 0, "build H5 straight.0")
    state = act(state, 0, "build H4 town1.3")
    assert cost_of(state, 0, "build H4 straight.0") == 3
    with pytest.raises(IllegalAction, match="keep the town's exits"):
        act(state, 0, "build H4 town1.0")


# -- step 4: build track: legality -----------------------------------------------------

def test_first_tile_must_be_simple_and_connect_to_a_city() -> None:
    state = at_build(3)
    with pytest.raises(IllegalAction, match="very first tile"):
        act(state, 0, "build G7 x.0")
    with pytest.raises(IllegalAction, match="very first tile"):
        act(state, 0, "build F5 straight.0")


def test_track_cannot_run_into_a_lake_or_off_the_map() -> None:
    state = at_build(3)
    with pytest.raises(IllegalAction, match="lake"):
        act(state, 0, "build H5 gentle.3")  # S to Chicago, NE into the lake
    with pytest.raises(IllegalAction, match="off the map"):
        act(state, 0, "build A10 sharp.4")  # S to Kansas City, SW off the map
    with pytest.raises(IllegalAction, match="is a lake"):
        act(state, 0, "build I5 straight.0")


def test_track_cannot_be_built_on_a_city() -> None:
    state = at_build(3)
    with pytest.raises(IllegalAction, match="city"):
        act(state, 0, "build H6 straight.0")


def test_track_cannot_connect_directly_to_another_players_track() -> None:
    state = at_build(3, built=True, cash=20)
    state = act(state, 0, "build G7 straight.1")  # ann's open end points at Rock Island (F7)
    state = act(state, 0, "done")
    with pytest.raises(IllegalAction, match="another player's track"):
        act(state, 1, "build F7 town1.1")


def test_track_cannot_link_a_city_back_to_itself() -> None:
    state = at_build(3, cash=20)
    state = act(state, 0, "build G6 sharp.3")  # Chicago (SE) to G7 (S)
    with pytest.raises(IllegalAction, match="back to itself"):
        act(state, 0, "build G7 sharp.1")  # N back to G6, NE into Chicago


def test_unfinished_track_is_lost_when_not_extended_on_the_next_build() -> None:
    state = at_build(3, cash=20)
    state = act(state, 0, "build G7 straight.1")
    state = act(state, 0, "done")
    assert state["board"]["G7"]["owners"] == [0]  # built this turn: kept
    state["action"] = [None] * 3
    from games.age_of_steam.phases import BUILD
    BUILD.begin(state)
    state = act(state, 0, "done")
    assert state["board"]["G7"]["owners"] == [None]


def test_extending_unowned_track_claims_it_and_completes_the_link() -> None:
    state = at_build(3, cash=20, built=True)
    state["board"]["G7"] = tile("straight", 1, None)
    take_tiles(state)
    state = act(state, 1 if GAME.to_act(state) == [1] else 0, "build F7 town1.1")
    net = network(state)
    link = next(s for s in net.sections if "G7" in [h for h, _ in s.paths])
    assert link.complete and link.owner == 0 and {link.start, link.end} == {"H6", "F7"}


def test_replacing_must_keep_another_players_track() -> None:
    state = at_build(3, cash=20, built=True)
    state["board"]["G7"] = tile("straight", 1, 1)
    take_tiles(state)
    with pytest.raises(IllegalAction, match="must keep it"):
        act(state, 0, "build G7 gentle.3")


def test_engineer_builds_four_tiles_others_three() -> None:
    state = at_build(3, actions={0: "engineer"}, cash=30)
    assert state["step"]["limit"] == 4
    for action in ("build G7 straight.1", "build H7 sharp.0", "build C4 straight.2", "build R7 straight.0"):
        state = act(state, 0, action)
    with pytest.raises(IllegalAction, match="all 4 tiles"):
        act(state, 0, "build H5 straight.0")
    state = act(state, 0, "done")
    assert state["step"]["limit"] == 3


def test_first_build_builds_before_player_order() -> None:
    state = at_build(3, actions={2: "first-build"})
    assert GAME.to_act(state) == [2]
    assert state["step"]["queue"] == [2, 0, 1]


def test_urbanization_places_a_new_city_on_a_town_before_building() -> None:
    state = at_build(3, actions={0: "urbanization"}, cash=20)
    state = act(state, 0, "build H5 straight.0")
    state = act(state, 0, "build H4 town1.3")
    state = act(state, 0, "done")
    from games.age_of_steam.phases import BUILD
    state["action"] = ["urbanization", None, None]
    BUILD.begin(state)
    supply_before = state["supply"]["town1"]
    state = act(state, 0, "urbanize H4 A")
    assert state["new_cities"] == {"H4": "A"} and "H4" not in state["board"]
    assert state["supply"]["town1"] == supply_before + 1
    link = next(s for s in network(state).sections if ("H5", 0) in s.paths)
    assert link.complete and {link.start, link.end} == {"H6", "H4"}
    with pytest.raises(IllegalAction, match="Urbanization"):
        act(state, 0, "urbanize E4 B")


def test_urbanization_cannot_follow_a_tile() -> None:
    state = at_build(3, actions={0: "urbanization"})
    state = act(state, 0, "build G7 straight.1")
    with pytest.raises(IllegalAction, match="before your first tile"):
        act(state, 0, "urbanize H4 A")


# -- step 5: move goods ---------------------------------------------------------------------

def _indianapolis_network(state: dict) -> dict:
    """Evansville (J10) - Indianapolis (K9) owned by ann, Indianapolis -
    Cincinnati (M9) owned by bob, Cincinnati - Lexington (N10) unfinished."""
    state["board"] = {
        "K10": tile("gentle", 0, 0),     # N to Indianapolis, SW to Evansville
        "K9": tile("sharp", 3, 1, 0),    # town exits SE (2, bob) and S (3, ann)
        "L9": tile("gentle", 1, 1),      # NW to Indianapolis, NE to Cincinnati
        "N9": tile("gentle", 5, 2),      # NW Cincinnati, S Lexington (no town tile yet)
    }
    take_tiles(state)
    state["cubes"] = {"J10": ["blue", "red"], "M9": ["blue"]}
    state["bag"] = {c: n for c, n in rules().goods.items()}
    for cubes in state["cubes"].values():
        for c in cubes:
            state["bag"][c] -= 1
    for _, col in display_columns(state["display"]):
        for c in col:
            if c is not None:
                state["bag"][c] -= 1
    assert GAME.check_invariants(state) == []
    return state


def test_delivery_pays_each_links_owner_one_income_at_once() -> None:
    state = _indianapolis_network(at_move(3))
    state["engine"] = [2, 2, 2]
    before = list(state["income"])
    state = act(state, 0, "move J10-blue NE.K9-SE.M9")  # leave Evansville NE, Indianapolis SE
    assert state["income"][0] == before[0] + 1 and state["income"][1] == before[1] + 1
    assert "blue" not in state["cubes"]["J10"]


def test_a_delivered_cube_leaves_the_board_for_the_bag_and_stays_gone_into_the_next_step() -> None:
    state = _indianapolis_network(at_move(3))
    state["engine"] = [2, 2, 2]
    bag_blue = state["bag"]["blue"]
    state = act(state, 0, "move J10-blue NE.K9-SE.M9")
    assert state["cubes"] == {"J10": ["red"], "M9": ["blue"]}   # Cincinnati keeps only its own cube
    assert state["bag"]["blue"] == bag_blue + 1
    for seat in (1, 2, 0, 1, 2):
        state = act(state, seat, "pass")
    assert state["phase"] in ("production", "growth")
    assert state["cubes"] == {"J10": ["red"], "M9": ["blue"]} and GAME.check_invariants(state) == []


def test_goods_move_no_further_than_the_engine() -> None:
    state = _indianapolis_network(at_move(3))
    net = network(state)
    assert routes(state, net, "J10", "blue", 1) == []
    assert len(routes(state, net, "J10", "blue", 2)) == 1


def test_goods_use_completed_links_only() -> None:
    state = _indianapolis_network(at_move(3))
    del state["board"]["L9"]
    take_tiles(state)
    assert routes(state, network(state), "J10", "blue", 6) == []
    state = _indianapolis_network(at_move(3))
    assert routes(state, network(state), "M9", "blue", 6) != []
    state["new_cities"] = {"N10": "B"}  # a blue new city at Lexington completes Cincinnati's link
    found = sorted(r.nodes for r in routes(state, network(state), "M9", "blue", 6))
    assert found == [("M9", "K9", "J10"), ("M9", "N10")]


def test_a_cube_stops_at_the_first_city_of_its_colour() -> None:
    state = _indianapolis_network(at_move(3))
    state["new_cities"] = {"N10": "B"}
    found = routes(state, network(state), "J10", "blue", 6)
    assert [r.nodes for r in found] == [("J10", "K9", "M9")]  # never on through Cincinnati to N10


def test_a_cube_needs_a_city_of_its_colour_and_never_revisits() -> None:
    state = _indianapolis_network(at_move(3))
    net = network(state)
    assert routes(state, net, "J10", "red", 6) == []
    for r in routes(state, net, "M9", "blue", 6):
        assert len(set(r.nodes)) == len(r.nodes)


def test_engine_upgrade_replaces_a_delivery_once_per_move_step() -> None:
    state = at_move(3)
    state = act(state, 0, "upgrade")
    assert state["engine"][0] == 2
    state = act(state, 1, "pass")
    state = act(state, 2, "pass")
    assert state["step"]["round"] == 2
    assert "upgrade" not in {c.text for c in GAME.legal_actions(state, 0)}
    with pytest.raises(IllegalAction, match="once per Move Goods"):
        act(state, 0, "upgrade")


def test_first_move_goes_first_in_both_rounds() -> None:
    state = at_move(3, actions={1: "first-move"})
    assert GAME.to_act(state) == [1]
    for seat in (1, 0, 2):
        state = act(state, seat, "pass")
    assert GAME.to_act(state) == [1] and state["step"]["round"] == 2


# -- steps 6-8 ----------------------------------------------------------------------

def test_expenses_are_one_per_share_and_engine_link_after_income() -> None:
    state = at_move(3)
    state["income"] = [5, 0, 0]
    state["cash"] = [10, 10, 10]
    state["engine"] = [3, 1, 1]
    for _ in range(2):
        for seat in (0, 1, 2):
            state = act(state, seat, "pass")
    assert state["cash"] == [10 + 5 - 2 - 3, 7, 7]


def test_unpaid_expenses_reduce_income_and_zero_income_eliminates() -> None:
    state = _indianapolis_network(at_move(3))
    state["cash"] = [1, 0, 30]
    state["income"] = [10, 3, 5]
    state["shares"] = [5, 2, 2]
    state["engine"] = [2, 1, 1]
    events = pay_expenses(state)
    assert state["income"][0] == 4 and state["cash"][0] == 0   # owed 7, paid 1, income -6
    assert state["eliminated"][1] and not state["eliminated"][0]  # owed 3, income 3 -> 0: out
    assert any("bob is insolvent" in e for e in events)
    assert state["board"]["L9"]["owners"] == [None]  # bob's completed link stays, unowned
    assert "N9" in state["board"]  # cid's unfinished section untouched
    assert 1 not in state["order"]


def test_eliminated_players_unfinished_sections_leave_the_board() -> None:
    state = _indianapolis_network(at_move(3))
    state["cash"] = [30, 30, 0]
    state["income"] = [5, 5, 1]
    supply = state["supply"]["gentle"]
    pay_expenses(state)
    assert state["eliminated"][2] and "N9" not in state["board"]
    assert state["supply"]["gentle"] == supply + 1
    assert GAME.check_invariants(state) == []


@pytest.mark.parametrize("income,cut", [(60, 10), (51, 10), (50, 8), (41, 8), (40, 6), (31, 6),
                                        (30, 4), (21, 4), (20, 2), (11, 2), (10, 0), (0, 0)])
def test_income_reduction_brackets(income: int, cut: int) -> None:
    assert reduction_for(income) == cut


# -- step 9: goods growth ---------------------------------------------------------------

def _growth_state() -> dict:
    state = started(3)
    state["action"] = [None] * 3
    GROWTH.begin(state)
    return state


def test_a_roll_of_3_sends_a_cube_to_city_3_and_to_new_city_a_once_placed() -> None:
    state = _growth_state()
    light3 = list(state["display"]["light"][2])
    new_a = list(state["display"]["new"]["A"])
    kc = list(state["cubes"]["A11"])  # Kansas City is light 3
    after = act(state, CHANCE, "light 3 1 1")
    assert after["cubes"]["A11"] == kc + [light3[0]]
    assert after["display"]["new"]["A"] == new_a  # new city A is not on the board
    state["new_cities"] = {"H4": "A"}
    after = act(state, CHANCE, "light 3 1 1")
    assert after["cubes"]["H4"] == [new_a[0]]
    assert after["display"]["new"]["A"][0] is None


def test_excess_dice_for_an_empty_column_do_nothing() -> None:
    state = _growth_state()
    state["bag"]["red"] += sum(1 for c in state["display"]["light"][0] if c == "red")
    for c in state["display"]["light"][0]:
        if c is not None and c != "red":
            state["bag"][c] += 1
    state["display"]["light"][0] = [None, None, "red"]
    state["bag"]["red"] -= 1
    chicago = list(state["cubes"]["H6"])
    after = act(state, CHANCE, "light 1 1 1")
    assert after["cubes"]["H6"] == chicago + ["red"]
    assert GAME.check_invariants(after) == []


def test_dark_side_is_rolled_after_the_light_side_with_one_die_per_player() -> None:
    state = _growth_state()
    with pytest.raises(IllegalAction, match="3 dice"):
        act(state, CHANCE, "light 1 2")
    with pytest.raises(IllegalAction):
        act(state, CHANCE, "dark 1 2 3")
    state = act(state, CHANCE, "light 1 2 3")
    assert state["step"]["side"] == "dark"
    turn = state["round"]
    state = act(state, CHANCE, "dark 1 2 3")
    assert state["round"] == turn + 1 and state["phase"] == "shares"


def test_production_draws_two_cubes_into_empty_boxes_before_growth() -> None:
    state = started(3)
    state["action"] = [None, "production", None]
    state["display"]["light"][0] = [None, None, None]
    state["bag"] = {c: n for c, n in state["bag"].items()}
    lost = [c for c in started(3)["display"]["light"][0] if c is not None]
    for c in lost:
        state["bag"][c] += 1
    PRODUCTION.begin(state)
    assert GAME.to_act(state) == [CHANCE]
    state = act(state, CHANCE, "produce RB")
    assert GAME.to_act(state) == [1] and state["held"] == ["red", "blue"]
    assert {c.text.split()[2] for c in GAME.legal_actions(state, 1)} >= {"L1"}
    state = act(state, 1, "produce L1")
    state = act(state, 1, "produce L1")
    assert state["display"]["light"][0] == ["red", "blue", None]
    assert state["phase"] == "growth"
    assert GAME.check_invariants(state) == []


def _produced(cubes: str = "RB") -> dict:
    """Production drawn ``cubes`` for bob, with display columns L1 and L2 empty."""
    state = started(3)
    state["action"] = [None, "production", None]
    for col in (0, 1):
        for cube in state["display"]["light"][col]:
            state["bag"][cube] += 1
        state["display"]["light"][col] = [None, None, None]
    PRODUCTION.begin(state)
    return act(state, CHANCE, f"produce {cubes}")


def test_production_places_each_drawn_cube_in_the_empty_box_its_holder_chooses_in_either_order() -> None:
    state = _produced("RB")
    applied = GAME.apply(state, 1, "produce blue L1 3")   # the second cube drawn, first
    assert applied.events == ["bob places the blue cube in box 3 of display column L1."]
    state = act(applied.state, 1, "produce red L2 2")
    assert state["display"]["light"][0] == [None, None, "blue"]
    assert state["display"]["light"][1] == [None, "red", None]
    assert state["phase"] == "growth" and GAME.check_invariants(state) == []


def test_production_refuses_a_full_box_and_a_cube_not_drawn() -> None:
    state = _produced("RB")
    state = act(state, 1, "produce red L1 1")
    with pytest.raises(IllegalAction, match="Box 1 of column L1 holds a cube"):
        act(state, 1, "produce blue L1 1")
    with pytest.raises(IllegalAction, match="no red cube"):
        act(state, 1, "produce red L1 2")
    with pytest.raises(IllegalAction, match="boxes 1 to 3"):
        act(state, 1, "produce blue L1 4")


def test_production_panel_offers_cube_then_column_then_empty_box() -> None:
    state = _produced("RB")
    assert [o.token for o in GAME.options_at(state, 1, [])] == ["produce"]
    assert [o.token for o in GAME.options_at(state, 1, ["produce"])] == ["red", "blue"]
    columns = GAME.options_at(state, 1, ["produce", "blue"])
    assert [o.token for o in columns] == ["L1", "L2"] and all(o.menu and not o.complete for o in columns)
    state = act(state, 1, "produce red L1 2")
    assert [o.token for o in GAME.options_at(state, 1, ["produce"])] == ["blue"]
    boxes = GAME.options_at(state, 1, ["produce", "blue", "L1"])
    assert [o.token for o in boxes] == ["1", "3"] and all(o.complete for o in boxes)


# -- the end -----------------------------------------------------------------------

def test_end_game_score_is_3_per_income_1_per_link_track_minus_3_per_share() -> None:
    state = _indianapolis_network(at_move(3))
    state["income"] = [10, 4, 7]
    state["shares"] = [4, 2, 3]
    state["phase"] = "over"
    out = GAME.outcome(state)
    assert out.breakdown[0] == {"income VP": 30, "track VP": 2, "shares VP": -12}   # K10 + town exit
    assert out.scores == [20, 12 + 2 - 6, 21 + 0 - 9]
    assert out.ranking == [[0], [2], [1]]


def test_ties_are_shared_and_eliminated_players_rank_last() -> None:
    state = started(3)
    state["income"] = [5, 5, -2]
    state["eliminated"] = [False, False, True]
    state["phase"] = "over"
    out = GAME.outcome(state)
    assert out.ranking == [[0, 1], [2]]
    assert out.scores[2] < out.scores[0] and sum(out.breakdown[2].values()) == out.scores[2]


def test_illegal_actions_leave_the_state_untouched() -> None:
    state = at_build(3)
    before = copy.deepcopy(state)
    for bad in ("build Z9 straight.0", "build G7 nothing.0", "build G7 straight.1 extra", "upgrade"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, bad)
    assert state == before


def test_status_line_says_turn_step_and_who_acts() -> None:
    state = at_build(3)
    assert GAME.status_line(state) == "Turn 1/10 · Build track · ann to build (0 of 3 placed)"


def test_town_disks_run_out_after_8_ordinary_tiles_on_towns() -> None:
    state = at_build(3, cash=30)
    state = act(state, 0, "build H5 straight.0")
    others = [t for t in ("E4", "F7", "G9", "H2", "I9", "J6", "K4", "K9") if t != "H4"]
    for town in others:
        state["board"][town] = tile("straight", 0, None, None)  # two town exits
    state["supply"]["straight"] -= len(others)
    with pytest.raises(IllegalAction, match="town disks"):
        act(state, 0, "build H4 straight.0")
    assert cost_of(state, 0, "build H4 town1.3") == 2  # a dedicated town tile needs no disk


def test_the_tile_supply_is_finite() -> None:
    state = at_build(3)
    state["supply"]["straight"] = 0
    with pytest.raises(IllegalAction, match="No straight tiles"):
        act(state, 0, "build G7 straight.1")
    assert "straight.1" not in {c.text.split()[2] for c in GAME.legal_actions(state, 0)
                                if c.text.startswith("build G7")}


def test_build_panel_offers_hex_then_tile_with_its_cost() -> None:
    state = at_build(3)
    first = [o.token for o in GAME.options_at(state, 0, [])]
    assert first == ["build", "done"]
    hexes = [o.token for o in GAME.options_at(state, 0, ["build"])]
    assert "G7" in hexes and "H6" not in hexes and "I5" not in hexes
    tiles = GAME.options_at(state, 0, ["build", "C4"])
    assert tiles and all(o.complete and o.label.endswith("$3") for o in tiles)  # river: $2 + $1


def test_undo_takes_back_a_placement_until_done() -> None:
    state = at_build(3, actions={0: "urbanization"}, cash=20)
    start = copy.deepcopy(state)
    state = act(state, 0, "urbanize H4 A")
    state = act(state, 0, "build G7 straight.1")
    assert [o.token for o in GAME.options_at(state, 0, [])][-2:] == ["undo", "done"]
    state = act(state, 0, "undo")
    assert "G7" not in state["board"] and state["cash"][0] == 20 and state["new_cities"] == {"H4": "A"}
    state = act(state, 0, "undo")
    assert state["board"] == start["board"] and state["new_cities"] == {} and state["step"]["urbanize"]
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        act(state, 0, "undo")


def test_a_players_track_may_be_crossed_if_its_layout_is_kept() -> None:
    state = at_build(3, cash=20, built=True)
    state["board"]["G7"] = tile("straight", 1, 1)       # bob: Chicago towards Rock Island
    take_tiles(state)
    state = act(state, 0, "build H7 sharp.0")            # ann: Chicago, open end into G7's SE side
    state = act(state, 0, "build G7 x.0")                # keeps bob's NE-SW, adds ann's SE-NW
    assert state["board"]["G7"]["owners"] == [1, 0]
    assert GAME.check_invariants(state) == []


def test_redirecting_unowned_track_does_not_claim_it() -> None:
    state = at_build(3, cash=20, built=True)
    state["board"]["G7"] = tile("straight", 1, None)
    take_tiles(state)
    state = act(state, 0, "build G7 gentle.3")  # NE (from Chicago) now to S
    assert state["board"]["G7"] == tile("gentle", 3, None)


def test_a_town_exit_left_open_is_track_its_builder_must_extend() -> None:
    state = at_build(3, cash=20)
    state = act(state, 0, "build H5 straight.0")
    state = act(state, 0, "build H4 straight.0")  # Milwaukee with exits S (to Chicago) and N (open)
    net = network(state)
    stub = next(s for s in net.sections if s.start == "H4" and not s.complete)
    assert stub.owner == 0 and stub.open_end == ("H4", 0)
    state = act(state, 0, "build H3 straight.0")  # lengthen from the town's north exit
    assert state["board"]["H3"]["owners"] == [0]


def test_the_game_ends_after_the_last_turn_of_the_turn_track() -> None:
    state = _growth_state()
    state["round"] = state["rounds"]
    state = act(state, CHANCE, "light 1 2 3")
    state = act(state, CHANCE, "dark 1 2 3")
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert GAME.status_line(state).startswith(f"Game over after turn {state['rounds']}")


# -- the cost table and replacement costs, case by case ------------------------------

def _wheeling_spur(cash: int = 30) -> dict:
    """Ann's track from Wheeling (Q9) through P9 (plain) pointing into Q10,
    a mountain hex south of Wheeling; Minneapolis (B3) - C3 pointing into C4,
    a river hex."""
    state = at_build(3, cash=cash, built=True)
    state["board"] = {"P9": tile("sharp", 2, 0), "C3": tile("sharp", 4, 0)}
    take_tiles(state)
    return state


@pytest.mark.parametrize("action,cost", [
    ("build C4 straight-sharp.0", 3 + 1),   # coexisting on a river
    ("build C4 x.1", 4 + 1),                # crossing on a river
    ("build Q10 straight-sharp.0", 3 + 2),  # coexisting on a mountain
    ("build Q10 x.1", 4 + 2),               # crossing on a mountain
    ("build Q10 straight.0", 2 + 2),        # simple on a mountain
])
def test_cost_table_complex_tiles_pay_the_terrain_too(action: str, cost: int) -> None:
    assert cost_of(_wheeling_spur(), 0, action) == cost


def test_replacement_costs_ignore_terrain_simple_to_crossing_3_to_coexisting_2() -> None:
    state = act(_wheeling_spur(), 0, "build Q10 straight.0")  # Wheeling south through the mountain
    assert cost_of(state, 0, "build Q10 x.1") == 3              # simple -> crossing
    assert cost_of(state, 0, "build Q10 straight-sharp.0") == 2  # simple -> coexisting


def test_redirection_keeps_the_edge_it_comes_from() -> None:
    state = at_build(3, cash=30)
    state = act(state, 0, "build C4 straight.2")  # Minneapolis (NW) to SE
    with pytest.raises(IllegalAction, match="continue from"):
        act(state, 0, "build C4 straight.1")     # NE-SW drops the edge from Minneapolis


# -- select actions ------------------------------------------------------------------

def test_locomotive_never_raises_the_engine_above_6() -> None:
    state = _to_auction(3)
    state = act(act(state, 0, "drop"), 1, "drop")
    first = state["order"][0]
    state["engine"][first] = 6
    state = act(state, first, "action locomotive")
    assert state["engine"][first] == 6


# -- steps 6-8 at the end of Move Goods -------------------------------------------------

def test_income_reduction_is_applied_after_expenses_at_the_end_of_move_goods() -> None:
    state = at_move(3)
    state["income"] = [25, 45, 8]
    state["cash"] = [20, 20, 20]
    for _ in range(2):
        for seat in (0, 1, 2):
            state = act(state, seat, "pass")
    assert state["income"] == [21, 37, 8]  # -4 for $21-30, -8 for $41-50, none up to $10
    assert state["cash"] == [20 + 25 - 3, 20 + 45 - 3, 20 + 8 - 3]


# -- move goods: who is paid -------------------------------------------------------------

def test_unowned_links_pay_nobody_and_the_mover_need_not_own_a_link() -> None:
    state = _indianapolis_network(at_move(3))
    state["board"]["K10"]["owners"] = [None]
    state["board"]["K9"]["owners"] = [1, None]
    state["engine"] = [2, 2, 2]
    state = act(act(state, 0, "pass"), 1, "pass")
    before = list(state["income"])
    state = act(state, 2, "move J10-blue NE.K9-SE.M9")  # cid owns none of the links
    assert [a - b for a, b in zip(state["income"], before)] == [0, 1, 0]


# -- goods growth: the dark side and its new cities ------------------------------------------

def test_a_dark_roll_of_1_sends_a_cube_to_evansville_and_to_new_city_e_once_placed() -> None:
    state = _growth_state()
    state = act(state, CHANCE, "light 6 6 6")
    dark1 = list(state["display"]["dark"][0])
    new_e = list(state["display"]["new"]["E"])
    evansville = list(state["cubes"]["J10"])
    state["new_cities"] = {"K9": "E"}
    after = act(state, CHANCE, "dark 1 6 6")
    assert after["cubes"]["J10"] == evansville + [dark1[0]]
    assert after["cubes"]["K9"] == [new_e[0]]
    assert after["display"]["dark"][0] == [None] + dark1[1:]


# -- a whole turn: the ten steps in order ----------------------------------------------------

def test_a_turn_runs_the_ten_steps_in_order() -> None:
    state = started(3)
    for cube in state["display"]["light"][0]:  # room on the display for Production
        state["bag"][cube] += 1
    state["display"]["light"][0] = [None, None, None]
    seen = [state["phase"]]

    def note(s: dict) -> None:
        if s["phase"] != seen[-1]:
            seen.append(s["phase"])

    for seat in (0, 1, 2):
        state = act(state, seat, "shares 1")
        note(state)
    state = act(state, 0, "bid 1")
    state = act(state, 1, "drop")
    note(state)
    state = act(state, 2, "drop")
    note(state)
    assert state["order"] == [0, 2, 1] and state["cash"] == [14, 15, 15]
    for seat, action in zip(state["order"], ("production", "engineer", "locomotive")):
        state = act(state, seat, f"action {action}")
        note(state)
    for seat in state["order"]:
        state = act(state, seat, "done")
        note(state)
    for _ in range(2):
        for seat in state["order"]:
            state = act(state, seat, "pass")
            note(state)
    assert state["engine"] == [1, 2, 1]  # bob's Locomotive
    assert state["cash"] == [14 - 4, 15 - 5, 15 - 4]  # expenses: 3 shares + the engine's links
    while state["phase"] != "shares":
        due = GAME.to_act(state)
        seat = due[0]
        action = (GAME.sample_chance(state, random.Random(1)) if seat == CHANCE
                  else GAME.legal_actions(state, seat)[0].text)
        state = act(state, seat, action)
        note(state)
    assert seen == ["shares", "auction", "actions", "build", "move", "production", "growth", "shares"]
    assert state["round"] == 2


# -- the panel: what each step offers and says ---------------------------------------------

def test_shares_panel_says_cash_expenses_and_vp_of_each_amount() -> None:
    state = started(3)
    labels = [o.label for o in GAME.options_at(state, 0, ["shares"])]
    assert len(labels) == 14
    assert labels[0] == "Issue none: $10 cash, $3/turn expenses, -6 VP"
    assert labels[2] == "Issue 2 (+$10): $20 cash, $5/turn expenses, -12 VP"
    assert all(len(label) <= 80 for label in labels)


def test_bid_panel_offers_the_amounts_then_drop_and_turn_order_pass() -> None:
    state = _to_auction(3, cash=6)
    state["action"] = [None, "turn-order", None]
    state = act(state, 0, "bid 2")
    first = GAME.options_at(state, 1, [])
    assert [o.token for o in first] == ["bid", "drop", "pass"]
    assert first[0].label == "Bid (high $2, you have $6)" and first[1].label == "Drop out (place 3, pay $0)"
    amounts = GAME.options_at(state, 1, ["bid"])
    assert [o.token for o in amounts] == ["3", "4", "5", "6"] and amounts[0].label == "$3"
    assert all(o.complete for o in amounts)


def test_action_buttons_carry_their_effect() -> None:
    state = _to_auction(3)
    state = act(act(state, 0, "drop"), 1, "drop")
    labels = {o.token: o.label for o in GAME.options_at(state, state["order"][0], ["action"])}
    assert len(labels) == 7
    assert labels["engineer"] == "Engineer: build 4 tiles instead of 3"
    assert labels["locomotive"] == "Locomotive: engine +1 link now"


def test_build_panel_says_tiles_left_and_placed() -> None:
    state = at_build(3, cash=20)
    labels = [o.label for o in GAME.options_at(state, 0, [])]
    assert labels == ["Build a tile (3 of 3 left, $20)", "Done building (0 tiles placed)"]
    state = act(state, 0, "build G7 straight.1")
    labels = [o.label for o in GAME.options_at(state, 0, [])]
    assert labels == ["Build a tile (2 of 3 left, $18)", "Undo last placement", "Done building (1 tile placed)"]


def test_delivery_panel_walks_cube_then_route_saying_whose_links_it_pays() -> None:
    state = _indianapolis_network(at_move(3))
    state["engine"] = [2, 2, 2]
    assert "move" in [o.token for o in GAME.options_at(state, 0, [])]
    cubes = GAME.options_at(state, 0, ["move"])
    assert [o.token for o in cubes] == ["J10-blue", "M9-blue"]
    assert cubes[0].label == "blue cube in Evansville (J10)"
    route = GAME.options_at(state, 0, ["move", "J10-blue"])
    assert [(o.token, o.label, o.complete) for o in route] == [
        ("NE.K9-SE.M9", "Evansville > Indianapolis > Cincinnati · pays ann +1, bob +1", True)]


def test_town_tile_choices_name_their_exits_and_cost_one_dollar_plus_one_per_exit() -> None:
    state = act(at_build(3, cash=30), 0, "build H5 straight.0")  # Chicago north to Milwaukee (H4)
    labels = {o.token: o.label for o in GAME.options_at(state, 0, ["build", "H4"])}
    assert labels["town1.3"] == "town exits S (town tile) · $2"
    assert labels["straight.0"] == "town exits N S (straight + disk) · $3"
    assert labels["curvex.0"] == "town exits N S SW NW (crossed curves + disk) · $5"
    assert all("S" in label.split(" (")[0].split()[2:] for label in labels.values())  # all keep Chicago's


def test_skipped_railroad_issues_just_the_shares_that_pay_its_expenses() -> None:
    """The turn clock's safe default in Issue Shares: each share brings $5
    and adds $1 of expenses, so a railroad $6 short issues 2."""
    state = started()
    seat = GAME.to_act(state)[0]
    state["shares"][seat], state["engine"][seat] = 5, 1  # $6 of expenses
    state["cash"][seat], state["income"][seat] = 0, 0
    assert GAME.default_action(state, seat) == "shares 2"
    state["cash"][seat] = 2  # $4 short: one share
    assert GAME.default_action(state, seat) == "shares 1"
    state["income"][seat] = 4  # the income pays it
    assert GAME.default_action(state, seat) == "shares 0"


def test_skipped_railroad_drops_out_of_the_auction() -> None:
    state = started()
    while state["phase"] == "shares":
        seat = GAME.to_act(state)[0]
        state = act(state, seat, "shares 0")
    assert state["phase"] == "auction"
    assert GAME.default_action(state, GAME.to_act(state)[0]) == "drop"
