"""Movement, goods, steam, scoring, the end and hidden hands."""

from __future__ import annotations

import copy
import json

import pytest

from games.core import CHANCE, IllegalAction, State
from games.days_of_steam import GAME
from games.phases import OVER
from games.days_of_steam.board import Board
from games.days_of_steam.geometry import Cell, extent_of, unkey
from games.days_of_steam.movement import Route, routes
from games.days_of_steam.positions import TileSpec, position
from games.days_of_steam.scoring import breakdown, score
from rendering.days_of_steam import render, render_tile

Y: Cell = (0, 0)
R: Cell = (2, 0)
SOUTH: dict[Cell, TileSpec] = {(0, 1): ("curve", "N-E"), (1, 1): ("straight", "E-W"), (2, 1): ("curve", "W-N")}
NORTH: dict[Cell, TileSpec] = {(0, -1): ("curve", "S-E"), (1, -1): ("hill-straight", "E-W"),
                               (2, -1): ("curve", "W-S")}


def name(state: State, cell: Cell) -> str:
    return extent_of([unkey(k) for k in state["tiles"]]).name(cell)


def fig7(without: Cell | None = None, yellow_goods: tuple[str, ...] = (), **kw: object) -> State:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow", *yellow_goods), R: ("town", "red"), **SOUTH, **NORTH}
    if without is not None:
        del tiles[without]
    return position(GAME, ["ann", "bob"], tiles, **kw)  # type: ignore[arg-type]


def routes_to(state: State, cell: Cell, seat: int = 0) -> list[Route]:
    return [r for r in routes(state, Board.of(state), seat) if r.dest == cell]


def move_choice(state: State, cell: Cell, variant_start: str = "s") -> str:
    for c in GAME.legal_actions(state, int(state["current"])):
        if c.command == "move" and c.steps[1].token.split(":")[0] == name(state, cell) \
                and c.steps[2].token.startswith(variant_start):
            return c.text
    raise AssertionError(f"no move to {cell}")


def roll(state: State, n: int) -> State:
    return GAME.apply(state, CHANCE, f"roll {n}").state


# -- the rulebook's movement examples (Figure 7's map) ------------------------------

def test_yellow_to_red_south_costs_3_steam_and_derails_only_on_a_1() -> None:
    state = fig7(steam=[6, 0])
    best = routes_to(state, R)[0]
    assert (best.spent, best.derail_on) == (3, 1)
    text = move_choice(state, R, "s3")
    label = next(c for c in GAME.legal_actions(state, 0) if c.text == text).steps[2].label
    assert "derail on 1" in label and "1-" not in label
    derailed = roll(GAME.apply(state, 0, text).state, 1)
    assert derailed["trains"][0]["cell"] == "0,0" and derailed["steam"][0] == 3
    arrived = roll(GAME.apply(state, 0, text).state, 2)
    assert arrived["trains"][0]["cell"] == "2,0" and arrived["steam"][0] == 3


def test_yellow_to_red_north_costs_4_steam_and_survives_on_3_to_6() -> None:
    state = fig7(without=(1, 1), steam=[6, 0])
    [north] = routes_to(state, R)
    assert (north.spent, north.derail_on) == (4, 2)
    text = move_choice(state, R)
    assert "derail on 1-2" in next(c for c in GAME.legal_actions(state, 0) if c.text == text).steps[2].label
    assert roll(GAME.apply(state, 0, text).state, 2)["trains"][0]["cell"] == "0,0"
    survived = roll(GAME.apply(state, 0, text).state, 3)
    assert survived["trains"][0]["cell"] == "2,0" and survived["steam"][0] == 2


def test_yellow_to_red_north_past_a_train_on_the_hill_costs_5_and_derails_on_1_to_3() -> None:
    state = fig7(without=(1, 1), steam=[6, 0], trains=[Y, (1, -1)])
    [north] = routes_to(state, R)
    assert (north.spent, north.derail_on) == (5, 3)
    text = move_choice(state, R)
    assert roll(GAME.apply(state, 0, text).state, 3)["trains"][0]["cell"] == "0,0"
    assert roll(GAME.apply(state, 0, text).state, 4)["trains"][0]["cell"] == "2,0"
    assert not routes_to(state, (1, -1)), "a train may not stop on another train's segment"


def test_speed_limit_needs_more_than_two_steam_and_a_curve() -> None:
    state = fig7(steam=[6, 0])
    [two] = routes_to(state, (1, 1))
    assert two.spent == 2 and two.curve and two.derail_on == 0
    straight = position(GAME, ["ann", "bob"], {Y: ("town", "yellow"), **{(x, 0): ("straight", "E-W")
                                                                            for x in range(1, 5)}}, steam=[6, 0])
    [four] = routes_to(straight, (4, 0))
    assert four.spent == 4 and four.derail_on == 0


def test_six_steam_with_a_curve_survives_only_on_5_or_6() -> None:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow"), (0, 1): ("curve", "N-E"),
                                   **{(x, 1): ("straight", "E-W") for x in range(1, 6)}}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0])
    [six] = routes_to(state, (5, 1))
    assert six.derail_on == 4
    text = move_choice(state, (5, 1))
    assert roll(GAME.apply(state, 0, text).state, 4)["trains"][0]["cell"] == "0,0"
    assert roll(GAME.apply(state, 0, text).state, 5)["trains"][0]["cell"] == "5,1"


# -- how trains move -------------------------------------------------------------

JUNCTION: dict[Cell, TileSpec] = {
    Y: ("town", "yellow"), (1, 0): ("straight", "E-W"), (2, 0): ("junction-left", "W-E", "E-S"),
    (3, 0): ("straight", "E-W"), (2, 1): ("curve", "N-E"), (3, 1): ("straight", "E-W"),
}


def test_no_reversing_on_a_junction_during_a_move() -> None:
    state = position(GAME, ["ann", "bob"], JUNCTION, steam=[6, 0])
    dests = {r.dest for r in routes(state, Board.of(state), 0)}
    assert dests == {(1, 0), (2, 0), (3, 0)}
    state["trains"][0] = {"cell": "3,0", "piece": 0, "cargo": None}
    dests = {r.dest for r in routes(state, Board.of(state), 0)}
    assert {(2, 1), (3, 1), Y} <= dests


def test_passing_a_train_on_a_junction_tile_always_costs_one_more() -> None:
    state = position(GAME, ["ann", "bob"], JUNCTION, steam=[6, 0], trains=[(3, 0), (2, 0)])
    assert [r.spent for r in routes_to(state, (1, 0))] == [3]  # junction 1 + passing 1 + straight 1
    assert [r.spent for r in routes_to(state, (2, 1))] == [3]  # the other branch: still passing
    assert routes_to(state, (2, 0)) == [], "no stopping on a junction tile holding another train"
    state["trains"][1] = {"cell": "0,0", "piece": 0, "cargo": None}
    assert [r.spent for r in routes_to(state, (1, 0))] == [2]


def test_bridge_segments_are_separate_for_passing_and_stopping() -> None:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow"), (1, 0): ("bridge", "E-W", "N-S"),
                                   (2, 0): ("straight", "E-W"), (1, 1): ("straight", "N-S")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0])
    board = Board.of(state)
    ns_piece = board.shapes[(1, 0)].piece_of[board.shapes[(1, 0)].segments.index((0, 2))]
    state["trains"][1] = {"cell": "1,0", "piece": ns_piece, "cargo": None}
    spots = {(r.dest, r.piece): r.spent for r in routes(state, board, 0)}
    assert spots[((2, 0), 0)] == 2 and ((1, 0), 1 - ns_piece) in spots
    assert ((1, 1), 0) not in spots, "the other segment of a bridge can't be reached"


def test_a_dead_end_stops_the_train() -> None:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("dead-end", "N-S", "W")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0])
    found = routes_to(state, (2, 0))
    assert [(r.spent, len(r.path)) for r in found] == [(2, 3)]


def test_a_train_may_turn_round_in_a_town() -> None:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow", "red"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0], trains=[(2, 0), (0, 0)])
    back = [r for r in routes_to(state, (2, 0)) if r.events]
    assert back and back[0].spent == 3 and back[0].cargo == ("red", "0,0")


# -- goods -------------------------------------------------------------------------

GOODS: dict[Cell, TileSpec] = {
    Y: ("town", "yellow", "red", "blue"), (1, 0): ("straight", "E-W"), (2, 0): ("straight", "E-W"),
    (3, 0): ("town", "red", "yellow"), (4, 0): ("straight", "E-W"), (5, 0): ("straight", "E-W"),
    (6, 0): ("town", "green"),
}


def test_pick_up_carry_and_deliver_to_the_first_matching_town() -> None:
    state = position(GAME, ["ann", "bob"], GOODS, steam=[6, 0])
    text = move_choice(state, (3, 0), "s2,tr@")
    after = GAME.apply(state, 0, text).state
    assert after["delivered"][0] == ["red"] and score(after, 0) == 2
    assert after["tiles"]["0,0"]["goods"] == [{"colour": "blue", "origin": "0,0"}]
    assert after["trains"][0]["cargo"] is None
    assert not GAME.check_invariants(after)


def test_a_good_is_carried_past_other_towns_and_unloaded_where_the_train_stops() -> None:
    state = position(GAME, ["ann", "bob"], GOODS, steam=[6, 0])
    carry = [r for r in routes_to(state, (5, 0)) if r.events and r.events[0][1] == "blue"]
    assert carry and carry[0].cargo == ("blue", "0,0") and not carry[0].unload
    unload = [r for r in routes_to(state, (3, 0)) if r.events == (("take", "blue", "0,0", Y),)]
    assert unload and unload[0].unload
    after = GAME.apply(state, 0, move_choice(state, (3, 0), "s2,tb@")).state
    assert {"colour": "blue", "origin": "0,0"} in after["tiles"]["3,0"]["goods"]


def test_a_good_is_never_delivered_to_its_own_town_and_one_is_carried_at_a_time() -> None:
    tiles = dict(GOODS)
    tiles[Y] = ("town", "yellow", "yellow")
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0])
    for r in routes(state, Board.of(state), 0):
        assert all(e[0] == "take" for e in r.events[:1])
        assert not any(e[0] == "deliver" and e[2] == f"{e[3][0]},{e[3][1]}" for e in r.events)
        takes = [e for e in r.events if e[0] == "take"]
        delivers = [e for e in r.events if e[0] == "deliver"]
        assert len(takes) - len(delivers) <= 1


# -- steam, coal, the tower ---------------------------------------------------------

def test_a_tile_adds_its_coal_car_up_to_six() -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow")}, steam=[5, 0],
                     hands=[["hill-straight", "curve", "curve"], ["curve"] * 3])
    after = GAME.apply(state, 0, f"tile hill-straight {name(state, (1, 0))} EW").state
    assert after["steam"][0] == 6 and after["pending"] == [{"kind": "draw", "seat": 0}]
    drawn = GAME.apply(after, CHANCE, "draw bridge")
    assert drawn.state["hands"][0] == ["curve", "curve", "bridge"]
    assert drawn.events == ["ann drew a tile."]


def test_coal_arrives_with_the_last_town_and_burns_before_the_action() -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                            (2, 0): ("straight", "E-W")}, steam=[2, 0], face_up=[("red",)])
    for colour in state["town_deck"]:
        state["town_deck"][colour] = 0
    state["discarded"] = []
    state["tiles"].update({f"{9 + i},9": {"kind": "town", "rot": 0, "colour": "blue", "goods": []} for i in range(10)})
    after = GAME.apply(state, 0, f"town 1 {name(state, (3, 0))}").state
    assert after["coal"] == [5, 5] and after["pending"] == []
    after["current"] = 0
    burnt = GAME.apply(after, 0, "coal 3").state
    assert burnt["steam"][0] == 5 and burnt["coal"][0] == 2 and burnt["current"] == 0
    with pytest.raises(IllegalAction, match="above 6"):
        GAME.apply(burnt, 0, "coal 2")


# -- town tiles ---------------------------------------------------------------------

def test_a_town_from_the_deck_is_drawn_first_then_placed_then_gets_two_goods() -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                            (2, 0): ("straight", "E-W")})
    state["coal"] = [2, 2]
    asked = GAME.apply(state, 0, "town deck")
    assert asked.events == ["ann draws the top town of the deck."] and GAME.to_act(asked.state) == [CHANCE]
    shown = GAME.apply(asked.state, CHANCE, "town green")
    assert shown.events == ["It is a green town: ann places it."] and GAME.to_act(shown.state) == [0]
    assert not GAME.check_invariants(shown.state)
    where = name(state, (3, 0))
    assert [c.text for c in GAME.legal_actions(shown.state, 0)] == [f"town {where}"], "no coal, no other action"
    assert "to place the green town" in GAME.status_line(shown.state)
    placed = GAME.apply(shown.state, 0, f"town {where}")
    assert placed.events == [f"ann placed the green town at {where}."]
    assert placed.state["tiles"]["3,0"]["goods"] == [] and GAME.to_act(placed.state) == [CHANCE]
    stocked = GAME.apply(placed.state, CHANCE, "goods red+blue")
    tile = stocked.state["tiles"]["3,0"]
    assert tile["colour"] == "green" and [g["colour"] for g in tile["goods"]] == ["red", "blue"]
    assert stocked.events == [f"Goods for the green town at {where}: red, blue."]
    assert GAME.to_act(stocked.state) == [1] and not GAME.check_invariants(stocked.state)


def test_a_face_up_town_is_replaced_from_the_deck_with_two_goods() -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                            (2, 0): ("straight", "E-W")}, face_up=[("red", "blue", "blue"), ("green",)])
    after = GAME.apply(state, 0, f"town 1 {name(state, (3, 0))}").state
    assert [g["colour"] for g in after["tiles"]["3,0"]["goods"]] == ["blue", "blue"]
    refilled = GAME.apply(after, CHANCE, "refill yellow red+green").state
    assert refilled["face_up"][0] == {"colour": "yellow", "goods": ["red", "green"]}


# -- scoring and the end ----------------------------------------------------------

@pytest.mark.parametrize("delivered, parts", [
    (["red", "red"], {"deliveries": 4, "variety": 0, "circuits": 1}),
    (["red", "blue"], {"deliveries": 4, "variety": 1, "circuits": 1}),
    (["red", "blue", "green"], {"deliveries": 6, "variety": 3, "circuits": 1}),
    (["red", "blue", "green", "yellow"], {"deliveries": 8, "variety": 5, "circuits": 1}),
])
def test_scoring_two_per_good_one_per_circuit_and_the_colour_bonus(delivered: list[str], parts: dict[str, int]) -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow")})
    state["delivered"][0] = delivered
    state["circuits"][0], state["circuits_left"] = 1, 6
    assert breakdown(state, 0) == parts


def test_thirteen_points_win_at_once() -> None:
    state = position(GAME, ["ann", "bob"], GOODS, steam=[6, 0])
    for colour in ("red", "yellow", "green"):
        state["bag"][colour] -= 1
    state["delivered"][0] = ["red", "yellow", "green"]
    state["circuits"][0], state["circuits_left"] = 1, 6
    state["tiles"]["0,0"]["goods"] = [{"colour": "blue", "origin": "0,0"}]
    state["bag"]["red"] += 1
    state["tiles"]["6,0"]["colour"] = "blue"
    state["town_deck"]["green"] += 1
    state["town_deck"]["blue"] -= 1
    assert score(state, 0) == 10 and not GAME.check_invariants(state)
    after = GAME.apply(state, 0, move_choice(state, (6, 0), "s4,tb@")).state
    assert score(after, 0) == 14 and GAME.is_over(after) and after["winner"] == 0
    result = GAME.outcome(after)
    assert result.ranking[0] == [0] and "reached 13" in result.tiebreak_note
    assert GAME.to_act(after) == []


def test_drawing_the_last_track_tile_ends_the_game() -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow")})
    spare = sum(state["deck"].values()) - 1
    state["deck"] = {"curve": 1}
    state["discarded"] = ["straight"] * 0
    after = GAME.apply(state, 0, f"tile straight {name(state, (1, 0))} EW").state
    assert not GAME.is_over(after)
    done = GAME.apply(after, CHANCE, "draw curve")
    assert GAME.is_over(done.state) and done.state["phase"] == OVER and done.state["ended"] == "deck"
    assert "last track tile" in done.events[-1] and spare > 0


def _tied(circuits: list[int], steam: list[int]) -> State:
    state = position(GAME, ["ann", "bob", "cid"], {Y: ("town", "yellow")}, steam=steam)
    state["delivered"] = [["red"], ["red"], ["red"]]
    state["bag"]["red"] -= 3
    for s, c in enumerate(circuits):
        state["delivered"][s] = ["red"] * (3 - c)
    state["bag"]["red"] += 3 - sum(3 - c for c in circuits)
    state["circuits"], state["circuits_left"] = circuits, 7 - sum(circuits)
    state["phase"], state["ended"] = OVER, "deck"
    return state


def test_ties_go_to_more_circuit_counters() -> None:
    # 2 goods + 2 circuits = 6 against 3 goods + 0 circuits = 6
    state = _tied([2, 0, 2], [1, 1, 1])
    state["delivered"] = [["red"] * 2, ["red"] * 3, ["red"] * 2]
    assert [score(state, s) for s in range(3)] == [6, 6, 6]
    result = GAME.outcome(state)
    assert result.ranking == [[0, 2], [1]]
    assert result.tiebreak_note == ("ann, cid and bob tied on 6 points: ann and cid win the tie over bob with more "
                                    "circuit counters (2 to 0); ann and cid are level on circuit counters (2) and "
                                    "steam (1) too: they share the victory.")


def test_ties_then_go_to_more_steam_then_are_shared() -> None:
    state = _tied([0, 0, 0], [3, 5, 3])
    result = GAME.outcome(state)
    assert result.ranking == [[1], [0, 2]]
    assert result.tiebreak_note == ("bob, ann and cid tied on 6 points: bob wins the tie over ann and cid with more "
                                    "steam (5 to 3), circuit counters being level (0); ann and cid are level on "
                                    "circuit counters (0) and steam (3) too: they share the place.")


def test_the_tie_note_says_who_ranks_above_whom_below_the_winner() -> None:
    state = _tied([1, 1, 0], [2, 4, 0])
    state["delivered"] = [["red"], ["red"], ["red", "red", "red"]]
    state["bag"]["red"] += 2
    assert not GAME.check_invariants(state)
    assert [score(state, s) for s in range(3)] == [3, 3, 6]
    result = GAME.outcome(state)
    assert result.ranking == [[2], [1], [0]]
    assert result.tiebreak_note == ("bob and ann tied on 3 points: bob ranks above ann with more steam (4 to 2), "
                                    "circuit counters being level (1).")


# -- hidden hands -------------------------------------------------------------------

def test_hands_are_never_visible_to_another_seat() -> None:
    state = GAME.new(["ann", "bob", "cid"], {})
    setup = GAME.sample_chance(state, __import__("random").Random(4))
    applied = GAME.apply(state, CHANCE, setup)
    hands = applied.state["hands"]
    assert all(len(h) == 3 for h in hands)
    for event in applied.events:
        assert "straight" not in event and "curve" not in event
    for viewer in (None, 0, 1, 2):
        view = GAME.view(applied.state, viewer)
        assert view["hand_sizes"] == [3, 3, 3] and view["deck"] == {}
        for seat in range(3):
            assert view["hands"][seat] == (hands[seat] if seat == viewer else None)
        json.dumps(view)
    assert applied.state["hands"] == hands, "view must not change the state"


def test_the_own_hand_is_drawn_only_for_its_owner() -> None:
    state = position(GAME, ["ann", "bob"], {Y: ("town", "yellow")},
                     hands=[["bridge", "bridge", "bridge"], ["curve"] * 3])
    spectator = render(GAME.view(state, None), None)
    own = render(GAME.view(state, 0), 0)
    other = render(GAME.view(state, 1), 1)
    assert spectator != own and own != other
    leaked = copy.deepcopy(GAME.view(state, 1))
    assert leaked["hands"][0] is None
    assert render_tile("junction-left", 1)[:8] == b"\x89PNG\r\n\x1a\n"


def test_illegal_actions_explain_and_change_nothing() -> None:
    state = fig7(steam=[1, 0])
    before = copy.deepcopy(state)
    for action, why in [("tile bridge C3 NS", "no bridge"), ("tile curve Z9 NE", "not a square of the map"),
                        ("move D2 s9", "can.t reach D2"), ("tower", "not on a water tower"),
                        ("coal 1", "only 0 coal"), ("discard curve", "only discard")]:
        with pytest.raises(IllegalAction, match=why):
            GAME.apply(state, 0, action)
    assert state == before


# -- more movement: towns, double curves, goods on a derailment ------------------

def test_passing_a_train_in_a_town_costs_nothing_extra() -> None:
    tiles: dict[Cell, TileSpec] = {(-1, 0): ("straight", "E-W"), Y: ("town", "yellow"), (1, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0], trains=[(-1, 0), Y])
    assert [r.spent for r in routes_to(state, (1, 0))] == [1]
    tiles[(2, 0)] = ("straight", "E-W")
    longer = position(GAME, ["ann", "bob"], tiles, steam=[6, 0], trains=[(-1, 0), (1, 0)])
    assert [r.spent for r in routes_to(longer, (2, 0))] == [3], "passing on plain track costs one more"


DOUBLE: dict[Cell, TileSpec] = {Y: ("town", "yellow"), (1, 0): ("double-curve", "W-S", "N-E"),
                                (1, 1): ("straight", "N-S"), (1, -1): ("straight", "N-S"),
                                (2, 0): ("straight", "E-W")}


def test_a_double_curve_keeps_its_two_curves_apart() -> None:
    state = position(GAME, ["ann", "bob"], DOUBLE, steam=[6, 0], trains=[Y, (2, 0)])
    dests = {r.dest for r in routes(state, Board.of(state), 0)}
    assert (1, 1) in dests and (1, -1) not in dests, "no flying from one curve to the other"
    board = Board.of(state)
    shp = board.shapes[(1, 0)]
    ne = shp.piece_of[shp.segments.index((0, 1))]
    sw = shp.piece_of[shp.segments.index((2, 3))]
    state["trains"][1] = {"cell": "1,0", "piece": ne, "cargo": None}
    spots = {(r.dest, r.piece): r.spent for r in routes(state, board, 0)}
    assert spots[((1, 1), 0)] == 2, "a train on the other curve is not passed"
    assert spots[((1, 0), sw)] == 1, "it may stop on the free curve beside the other train"
    assert ((1, 0), ne) not in spots


def test_after_a_delivery_the_train_may_take_a_good_in_the_same_town_and_go_on() -> None:
    state = position(GAME, ["ann", "bob"], GOODS, steam=[6, 0])
    [route] = [r for r in routes_to(state, (5, 0))
               if [e[0] for e in r.events] == ["take", "deliver", "take"] and r.events[0][1] == "red"]
    assert route.events[1][1:] == ("red", "0,0", (3, 0)) and route.events[2][1] == "yellow"
    assert route.cargo == ("yellow", "3,0") and route.spent == 4 and not route.unload
    text = move_choice(state, (5, 0), "s4,tr@" + name(state, Y) + ",dr@")
    after = GAME.apply(state, 0, text).state
    assert after["delivered"][0] == ["red"]
    assert after["trains"][0] == {"cell": "5,0", "piece": 0, "cargo": {"colour": "yellow", "origin": "3,0"}}
    assert after["tiles"]["3,0"]["goods"] == []
    assert not GAME.check_invariants(after)


def test_a_derailed_train_puts_back_the_good_it_took_and_loses_the_steam() -> None:
    state = fig7(steam=[6, 0], yellow_goods=("red",))
    text = move_choice(state, R, "s3,tr@")
    label = next(c for c in GAME.legal_actions(state, 0) if c.text == text).steps[2].label
    assert "derail on 1" in label and "delivers red" in label
    derailed = roll(GAME.apply(state, 0, text).state, 1)
    assert derailed["tiles"]["0,0"]["goods"] == [{"colour": "red", "origin": "0,0"}]
    assert derailed["delivered"][0] == [] and derailed["trains"][0]["cargo"] is None
    assert derailed["steam"][0] == 3 and derailed["last"]["derailed"] is True
    assert not GAME.check_invariants(derailed)
    safe = roll(GAME.apply(state, 0, text).state, 6)
    assert safe["delivered"][0] == ["red"] and safe["tiles"]["0,0"]["goods"] == []


def test_a_train_at_a_dead_end_turns_round_next_turn() -> None:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow"), (1, 0): ("dead-end", "N-S", "W"),
                                   (1, -1): ("straight", "N-S"), (1, 1): ("straight", "N-S")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0])
    [into] = routes_to(state, (1, 0))
    assert into.spent == 1, "a dead end costs 1 steam to enter"
    after = GAME.apply(state, 0, move_choice(state, (1, 0))).state
    after["current"] = 0
    board = Board.of(after)
    spur = board.shapes[(1, 0)].piece_of[board.shapes[(1, 0)].segments.index((3,))]
    assert after["trains"][0]["piece"] == spur
    spots = {(r.dest, r.piece) for r in routes(after, board, 0)}
    assert (Y, 0) in spots and spots <= {(Y, 0), ((1, 0), spur)}, "out the way it came, never onto the straight"


# -- the end by points from a circuit counter ----------------------------------------

def test_a_circuit_counter_reaching_13_points_ends_the_game_at_once() -> None:
    state = fig7(without=(2, -1), hands=[["curve", "straight", "straight"], ["curve"] * 3])
    state["delivered"][0] = ["red", "yellow", "green", "red"]
    for g in state["delivered"][0]:
        state["bag"][g] -= 1
    state["circuits"], state["circuits_left"] = [1, 0], 6
    assert score(state, 0) == 12 and not GAME.check_invariants(state)
    after = GAME.apply(state, 0, f"tile curve {name(state, (2, -1))} SW")
    assert score(after.state, 0) == 13 and GAME.is_over(after.state)
    assert (after.state["phase"], after.state["ended"], after.state["winner"]) == (OVER, "points", 0)
    assert after.state["pending"] == [], "no tile is drawn after the winning play"
    assert GAME.to_act(after.state) == [] and "wins" in after.events[-1]


# -- what the thread is told -----------------------------------------------------------

def test_a_move_event_names_the_goods_taken_delivered_and_unloaded_where() -> None:
    state = position(GAME, ["ann", "bob"], GOODS, steam=[6, 0])
    home, there, far = name(state, Y), name(state, (3, 0)), name(state, (5, 0))
    applied = GAME.apply(state, 0, move_choice(state, (5, 0), f"s4,tr@{home},dr@"))
    assert applied.events[0] == (f"ann moved to {far} for 4 steam, took red at {home}, delivered red at {there}, "
                                 f"took yellow at {there}.")
    unloaded = GAME.apply(state, 0, move_choice(state, (3, 0), "s2,tb@"))
    assert unloaded.events[0] == f"ann moved to {there} for 2 steam, took blue at {home}, unloaded blue at {there}."


def test_a_roll_that_keeps_the_train_on_the_rails_names_the_goods_moved() -> None:
    state = fig7(steam=[6, 0], yellow_goods=("red",))
    waiting = GAME.apply(state, 0, move_choice(state, R, "s3,tr@"))
    home, red = name(state, Y), name(state, R)
    assert waiting.events == [f"ann runs to {red} for 3 steam (takes red at {home}, delivers red at {red}): "
                              "speed limit roll, derail on 1."]
    safe = GAME.apply(waiting.state, CHANCE, "roll 6")
    assert safe.events[0] == f"ann rolls 6: the train stays on the rails; it took red at {home}, delivered red at {red}."
