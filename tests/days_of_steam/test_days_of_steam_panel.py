"""The set-up, the turn panel's steps as the rules core offers them, and
what each seat may see."""

from __future__ import annotations

import copy
import random

from games.core import CHANCE, State
from games.days_of_steam import GAME
from games.days_of_steam.geometry import Cell, extent_of, unkey
from games.days_of_steam.positions import TileSpec, position
from rendering.days_of_steam import render

Y: Cell = (0, 0)
TOWER_LINE: dict[Cell, TileSpec] = {
    Y: ("town", "yellow", "red"), (1, 0): ("straight", "E-W"), (2, 0): ("tower", "E-W"),
    (3, 0): ("straight", "E-W"), (4, 0): ("curve", "W-S"),
}


def name(state: State, cell: Cell) -> str:
    return extent_of([unkey(k) for k in state["tiles"]]).name(cell)


def tokens(state: State, prefix: list[str], seat: int = 0) -> list[str]:
    return [o.token for o in GAME.options_at(state, seat, prefix)]


def labels(state: State, prefix: list[str], seat: int = 0) -> list[str]:
    return [o.label for o in GAME.options_at(state, seat, prefix)]


# -- set-up -------------------------------------------------------------------------

def test_setup_one_town_two_face_up_towns_with_goods_three_tiles_each_and_no_steam() -> None:
    state = GAME.new(["ann", "bob", "cid"], {})
    assert GAME.to_act(state) == [CHANCE]
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(11))).state
    assert list(state["tiles"]) == ["0,0"] and state["tiles"]["0,0"]["kind"] == "town"
    assert all(t == {"cell": "0,0", "piece": 0, "cargo": None} for t in state["trains"])
    assert [len(t["goods"]) for t in state["face_up"]] == [2, 2]
    assert sum(state["town_deck"].values()) == 9 and sum(state["bag"].values()) == 24
    assert [len(h) for h in state["hands"]] == [3, 3, 3] and sum(state["deck"].values()) == 80 - 9
    assert state["steam"] == [0, 0, 0] and state["coal"] == [0, 0, 0] and state["circuits_left"] == 7
    assert GAME.to_act(state) == [0] and not GAME.check_invariants(state)


# -- the turn panel -------------------------------------------------------------------

def panel_position() -> State:
    state = position(GAME, ["ann", "bob"], TOWER_LINE, trains=[(2, 0), Y], steam=[2, 0],
                     hands=[["curve", "hill-curve", "curve"], ["straight"] * 3], face_up=[("red", "blue", "green")])
    state["coal"] = [2, 2]
    return state


def test_the_panel_offers_every_kind_of_turn_then_coal() -> None:
    state = panel_position()
    assert tokens(state, []) == ["tile", "town", "move", "tower", "coal"]
    assert labels(state, [])[3] == "Take water: +4 steam (ends your turn)"
    assert [o.complete for o in GAME.options_at(state, 0, [])] == [False, False, False, True, False]
    assert tokens(state, ["coal"]) == ["1", "2"] and labels(state, ["coal"])[1] == "2 coal → +2 steam"


def test_a_tile_is_picked_from_the_hand_then_a_legal_cell_then_a_rotation() -> None:
    state = panel_position()
    assert tokens(state, ["tile"]) == ["curve", "hill-curve"]
    assert labels(state, ["tile"]) == ["curve (+1 steam)", "hill, curve (+2 steam)"]
    cells = tokens(state, ["tile", "curve"])
    below = name(state, (4, 1))
    assert below in cells and name(state, (1, 1)) not in cells, "only cells where some rotation is legal"
    turns = GAME.options_at(state, 0, ["tile", "curve", below])
    assert [o.token for o in turns] == ["NE", "NW"] and all(o.complete for o in turns)
    assert [o.label for o in turns] == ["└ N–E", "┘ N–W"]
    after = GAME.apply(state, 0, f"tile curve {below} NW").state
    assert after["tiles"]["4,1"] == {"kind": "curve", "rot": 3} and after["hands"][0] == ["hill-curve", "curve"]


def test_a_face_up_town_is_picked_then_a_cell_and_a_deck_town_is_drawn_before_its_cell() -> None:
    state = panel_position()
    assert tokens(state, ["town"]) == ["1", "deck"]
    assert labels(state, ["town"]) == ["Face-up red town (blue, green)", "Draw the top town of the deck"]
    assert [o.complete for o in GAME.options_at(state, 0, ["town"])] == [False, True]
    assert tokens(state, ["town", "1"]) == [name(state, (4, 1))]
    drawn = GAME.apply(GAME.apply(state, 0, "town deck").state, CHANCE, "town blue").state
    assert tokens(drawn, []) == ["town"] and labels(drawn, []) == ["Place the blue town you drew"]
    assert tokens(drawn, ["town"]) == [name(state, (4, 1))]


def test_a_move_lists_destinations_with_steam_and_goods_and_routes_with_the_derailment_risk() -> None:
    state = panel_position()
    state["steam"][0] = 6
    dests = GAME.options_at(state, 0, ["move"])
    assert all(" steam" in o.label for o in dests)
    home, corner = name(state, Y), name(state, (4, 0))
    assert f"{home} town · 1 steam" in [o.label for o in dests]
    # straight on, or back through the town for its red good and round again
    assert f"{corner} curve · 2-5 steam · picks up" in [o.label for o in dests]
    ways = GAME.options_at(state, 0, ["move", corner])
    assert [o.label for o in ways] == [f"5 steam · derail on 1-3 · takes red at {home}",
                                       "2 steam · no derailment roll"]
    assert all(o.complete for o in ways)
    # from the town, with or without its red good: 4 steam with a curve risks 1-2
    state["trains"][0] = {"cell": "0,0", "piece": 0, "cargo": None}
    assert f"{corner} curve · 4 steam · picks up" in labels(state, ["move"])
    ways = labels(state, ["move", corner])
    assert ways == [f"4 steam · derail on 1-2 · takes red at {home}", "4 steam · derail on 1-2"]


# -- what each seat may see -------------------------------------------------------------

def test_nothing_of_another_seats_hand_or_the_deck_reaches_a_view_or_a_board() -> None:
    state = panel_position()
    other = copy.deepcopy(state)
    other["hands"][0] = ["bridge", "tower", "dead-end"]
    other["deck"]["straight"] -= 5
    other["deck"]["curve"] += 5
    for viewer in (1, None):
        assert GAME.view(state, viewer) == GAME.view(other, viewer)
        assert render(GAME.view(state, viewer), viewer) == render(GAME.view(other, viewer), viewer)
    assert GAME.view(state, 0)["hands"][0] == ["curve", "hill-curve", "curve"]
    assert GAME.view(state, None)["hands"] == [None, None]
    assert GAME.view(state, 1)["hands"] == [None, ["straight"] * 3]
    assert GAME.view(state, 0)["hand_sizes"] == [3, 3]


def test_a_seat_not_to_act_gets_no_choices_and_draws_are_not_named() -> None:
    state = panel_position()
    assert GAME.legal_actions(state, 1) == [] and GAME.options_at(state, 1, []) == []
    after = GAME.apply(state, 0, f"tile curve {name(state, (4, 1))} NW").state
    drawn = GAME.apply(after, CHANCE, "draw bridge")
    assert drawn.events == ["ann drew a tile."]
    status = GAME.status_line(GAME.view(drawn.state, None))
    assert "bridge" not in status
