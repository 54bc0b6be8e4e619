"""The rulebook's Figures 1-11 rebuilt as positions, with the stated result."""

from __future__ import annotations

import copy
import random

import pytest

from games.core import CHANCE, IllegalAction, State
from games.days_of_steam import GAME
from games.days_of_steam.board import Board, arrivals
from games.days_of_steam.geometry import Cell, extent_of, neighbour, unkey
from games.days_of_steam.movement import Route, routes
from games.days_of_steam.placement import town_problem, track_problem
from games.days_of_steam.easy import EASY
from games.days_of_steam.positions import TileSpec, position
from games.days_of_steam.scoring import breakdown, score

YELLOW: Cell = (0, 0)


def name(state: State, cell: Cell) -> str:
    return extent_of([unkey(k) for k in state["tiles"]]).name(cell)


def town_verdict(tiles: dict[Cell, TileSpec], cell: Cell) -> str | None:
    board = Board.of(position(GAME, ["ann", "bob"], tiles))
    return town_problem(board, arrivals(board), cell)


def play(state: State, action: str) -> State:
    return GAME.apply(state, int(state["current"]), action).state


# -- Figures 1-3: how close a town may be ---------------------------------------

def test_figure1_town_one_segment_from_another_is_illegal() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W")}
    problem = town_verdict(tiles, (2, 0))
    assert problem is not None and "only 1 track segment" in problem


def test_figure2_town_two_segments_away_is_legal() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("straight", "E-W")}
    assert town_verdict(tiles, (3, 0)) is None


def test_figure3_town_one_cell_away_but_three_segments_round_is_legal_then_a_straight_links_them() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (0, 1): ("curve", "N-E"),
                                   (1, 1): ("straight", "E-W"), (2, 1): ("curve", "W-N")}
    assert town_verdict(tiles, (2, 0)) is None
    state = position(GAME, ["ann", "bob"], tiles, hands=[["straight", "curve", "curve"], ["curve"] * 3],
                     face_up=[("red",)])
    state = play(state, f"town 1 {name(state, (2, 0))}")
    assert state["tiles"]["2,0"]["kind"] == "town"
    state = GAME.apply(state, -1, "refill blue green+green").state
    state["current"] = 0
    # the straight between the towns now makes a link only one segment long: allowed
    state = play(state, f"tile straight {name(state, (1, 0))} EW")
    assert state["tiles"]["1,0"]["kind"] == "straight"


# -- Figure 4: track tiles must trace a valid path back to a town -------------

FIG4: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W")}


def track_verdict(tiles: dict[Cell, TileSpec], cell: Cell, kind: str, *segments: str) -> str | None:
    from games.days_of_steam.geometry import shape
    from games.days_of_steam.positions import rotation_for
    board = Board.of(position(GAME, ["ann", "bob"], tiles))
    return track_problem(board, arrivals(board), cell, shape(kind, rotation_for(kind, *segments)))


def test_figure4a_track_side_against_a_side_without_track_is_illegal() -> None:
    problem = track_verdict(FIG4, (1, 1), "straight", "N-S")
    assert problem is not None and "north side has track" in problem


def test_figure4b_only_the_dead_end_connected_is_illegal() -> None:
    problem = track_verdict(FIG4, (2, 0), "dead-end", "N-S", "W")
    assert problem is not None and "only its dead end" in problem


def test_figure4c_no_track_connected_to_a_town_is_illegal() -> None:
    problem = track_verdict(FIG4, (1, 1), "curve", "S-E")
    assert problem is not None and "no track on it" in problem


def test_figure4_a_connected_tile_is_legal() -> None:
    assert track_verdict(FIG4, (2, 0), "curve", "W-S") is None


def test_the_sixth_tile_along_a_path_from_a_town_is_illegal() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow")}
    for x in range(1, 6):
        tiles[(x, 0)] = ("straight", "E-W")
    problem = track_verdict(tiles, (6, 0), "straight", "E-W")
    assert problem is not None and "tile 6" in problem
    del tiles[(5, 0)]
    assert track_verdict(tiles, (5, 0), "straight", "E-W") is None


def test_a_hill_counts_as_one_tile_along_the_path() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (1, 0): ("hill-straight", "E-W")}
    for x in range(2, 5):
        tiles[(x, 0)] = ("straight", "E-W")
    assert track_verdict(tiles, (5, 0), "straight", "E-W") is None


# -- Figures 5-6: towns need a valid path to a town -----------------------------

FIG5: dict[Cell, TileSpec] = {
    (0, 0): ("town", "blue"), (1, 0): ("straight", "E-W"), (2, 0): ("junction-left", "W-E", "E-S"),
}


def test_figure5_green_town_two_segments_away_without_a_valid_path_is_illegal() -> None:
    problem = town_verdict(FIG5, (2, 1))
    assert problem is not None and "not be joined to another town by a valid path" in problem


def test_figure5_red_town_on_a_valid_path_two_segments_away_is_legal() -> None:
    assert town_verdict(FIG5, (3, 0)) is None


def test_figure6_town_connected_to_no_town_is_illegal() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("curve", "W-S")}
    problem = town_verdict(tiles, (3, 1))
    assert problem is not None and "not be joined" in problem


def test_a_town_may_not_be_played_from_the_panel_where_it_is_illegal() -> None:
    state = position(GAME, ["ann", "bob"], {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W")},
                     face_up=[("red",)])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="only 1 track segment"):
        GAME.apply(state, 0, f"town 1 {name(state, (2, 0))}")
    with pytest.raises(IllegalAction, match="nowhere to place"):
        GAME.apply(state, 0, "town deck")
    assert state == before


def test_a_town_drawn_from_the_deck_may_not_be_placed_where_it_is_illegal() -> None:
    state = position(GAME, ["ann", "bob"], {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                            (2, 0): ("straight", "E-W")})
    drawn = GAME.apply(play(state, "town deck"), CHANCE, "town red").state
    with pytest.raises(IllegalAction, match="already has a tile"):
        play(drawn, f"town {name(state, (2, 0))}")


# -- Figures 7-9: circuits -------------------------------------------------------

RED: Cell = (2, 0)
SOUTH: dict[Cell, TileSpec] = {(0, 1): ("curve", "N-E"), (1, 1): ("straight", "E-W"), (2, 1): ("curve", "W-N")}
NORTH: dict[Cell, TileSpec] = {(0, -1): ("curve", "S-E"), (1, -1): ("hill-straight", "E-W"),
                               (2, -1): ("curve", "W-S")}


def fig7(without: Cell | None = None, **kw: object) -> State:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **SOUTH, **NORTH}
    if without is not None:
        del tiles[without]
    return position(GAME, ["ann", "bob"], tiles, **kw)  # type: ignore[arg-type]


def test_figure7_a_second_path_between_the_same_towns_is_a_new_circuit() -> None:
    state = fig7(without=(2, -1), hands=[["curve", "straight", "straight"], ["curve"] * 3])
    state = play(state, f"tile curve {name(state, (2, -1))} SW")
    assert state["circuits"] == [1, 0] and state["circuits_left"] == 6
    assert state["last"]["circuit"] is True


def test_figure8_overbuilding_a_tile_creates_a_circuit() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **SOUTH,
                                   (0, -1): ("curve", "S-E"), (1, -1): ("double-curve", "W-N", "S-E"),
                                   (2, -1): ("curve", "W-S")}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["straight-over", "curve", "curve"], ["curve"] * 3])
    where = name(state, (1, -1))
    # the panel offers it: the cell says what is replaced
    assert f"{where} over the double curve" in [o.label for o in GAME.options_at(state, 0, ["tile", "straight-over"])]
    assert [o.token for o in GAME.options_at(state, 0, ["tile", "straight-over", where])] == ["EW"]
    state = play(state, f"tile straight-over {where} EW")
    assert state["tiles"]["1,-1"]["kind"] == "straight-over"
    assert state["discarded"] == ["double-curve"]
    assert state["circuits"] == [1, 0]


def test_overbuilding_the_same_track_in_a_circuit_is_no_new_circuit() -> None:
    # Figure 7's loop is already closed: relaying its southern straight as a
    # "play over" straight runs over no new segment, so no counter
    state = fig7(hands=[["straight-over", "curve", "curve"], ["curve"] * 3])
    after = play(state, f"tile straight-over {name(state, (1, 1))} EW")
    assert after["tiles"]["1,1"]["kind"] == "straight-over"
    assert after["circuits"] == [0, 0] and after["circuits_left"] == 7


def test_overbuilding_a_junction_in_a_circuit_with_the_straight_it_had_is_no_new_circuit() -> None:
    # the loop runs over the junction's straight; a "play over" straight there
    # lays no segment the junction lacked, so it completes no new circuit
    south = dict(SOUTH)
    south[(1, 1)] = ("junction-left", "W-E", "E-S")
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **south, **NORTH}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["straight-over", "curve", "curve"], ["curve"] * 3])
    after = play(state, f"tile straight-over {name(state, (1, 1))} EW")
    assert after["tiles"]["1,1"]["kind"] == "straight-over" and after["discarded"] == ["junction-left"]
    assert after["circuits"] == [0, 0]


def test_overbuilding_a_curve_with_a_straight_that_closes_a_loop_is_a_new_circuit() -> None:
    # the north-east corner is a curve that turns away from the red town
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **SOUTH,
                                   (0, -1): ("curve", "S-E"), (1, -1): ("straight", "E-W"),
                                   (2, -1): ("curve", "W-N")}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["curve-over", "curve", "curve"], ["curve"] * 3])
    after = play(state, f"tile curve-over {name(state, (2, -1))} SW")
    assert after["circuits"] == [1, 0] and after["discarded"] == ["curve"]


def test_a_town_drawn_from_the_deck_that_closes_a_circuit_earns_the_counter() -> None:
    state = fig7(without=RED)
    drawn = GAME.apply(play(state, "town deck"), CHANCE, "town green").state
    assert drawn["circuits"] == [0, 0] and GAME.to_act(drawn) == [0]
    placed = GAME.apply(drawn, 0, f"town {name(state, RED)}")
    assert placed.state["circuits"] == [1, 0] and "circuit" in placed.events[-1]


def test_figure8_play_over_is_refused_on_hill_bridge_town_and_train() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **SOUTH, **NORTH}
    tiles[(3, 0)] = ("bridge", "E-W", "N-S")
    state = position(GAME, ["ann", "bob"], tiles, trains=[(0, 0), (1, 1)],
                     hands=[["straight-over", "curve", "curve"], ["curve"] * 3])
    for cell, why in [((1, -1), "hill"), ((0, 0), "town"), ((1, 1), "train"), ((3, 0), "bridge")]:
        with pytest.raises(IllegalAction, match=why):
            GAME.apply(state, 0, f"tile straight-over {name(state, cell)} EW")
    with pytest.raises(IllegalAction, match="only a 'play over' tile"):
        GAME.apply(state, 0, f"tile curve {name(state, (0, 1))} NE")


def test_figure9_lower_route_that_needs_a_reverse_is_no_circuit() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **NORTH,
                                   (0, 1): ("junction-right", "N-S", "S-E"), (1, 1): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["curve", "straight", "straight"], ["curve"] * 3])
    state = play(state, f"tile curve {name(state, (2, 1))} NW")
    assert state["circuits"] == [0, 0]


def test_figure9_a_tile_added_after_the_circuit_is_no_new_circuit() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **NORTH,
                                   (0, 1): ("junction-left", "N-S", "N-E"), (1, 1): ("straight", "E-W"),
                                   (2, 1): ("curve", "W-N")}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["straight", "straight", "curve"], ["curve"] * 3])
    state = play(state, f"tile straight {name(state, (0, 2))} NS")
    assert state["circuits"] == [0, 0]


def test_one_circuit_counter_per_turn_and_seven_in_all() -> None:
    # the red town closes the northern and the southern loop at once
    state = fig7(without=RED, face_up=[("red",)])
    after = play(state, f"town 1 {name(state, RED)}")
    assert after["circuits"] == [1, 0]
    state["circuits_left"], state["circuits"] = 0, [4, 3]
    after = play(state, f"town 1 {name(state, RED)}")
    assert after["circuits"] == [4, 3] and after["circuits_left"] == 0


# -- figure-8s: a circuit may pass through the same town twice -----------------

WEST_LOOP: dict[Cell, TileSpec] = {(-1, 0): ("curve", "E-N"), (0, -1): ("curve", "W-S")}
"""A loop from the yellow town's west edge round to its north edge, all but
its corner (-1, -1), which a curve S-E closes."""
EAST_LOOP: dict[Cell, TileSpec] = {(1, 0): ("straight", "E-W"), (2, 1): ("curve", "N-W"),
                                   (1, 1): ("straight", "E-W"), (0, 1): ("curve", "E-N")}
"""The yellow and the red town on a loop of their own, east of the yellow."""


def close_west_loop(east: dict[Cell, TileSpec]) -> State:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **WEST_LOOP, **east}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["curve", "straight", "straight"], ["curve"] * 3])
    return play(state, f"tile curve {name(state, (-1, -1))} SE")


def test_a_circuit_may_pass_through_the_same_town_twice_a_figure_8() -> None:
    # yellow -> round the west loop -> yellow again -> red -> yellow: a train
    # never reverses and runs over no track twice, so the tile closing the
    # west loop completes a new circuit and earns its player a counter
    state = close_west_loop(EAST_LOOP)
    assert state["circuits"] == [1, 0] and state["circuits_left"] == 6
    assert state["last"]["circuit"] is True
    assert [score(state, seat) for seat in (0, 1)] == [1, 0]
    assert breakdown(state, 0)["circuits"] == 1


def test_a_loop_back_to_the_same_town_alone_is_no_circuit() -> None:
    # the west loop meets only the yellow town: a circuit needs two towns
    assert close_west_loop({})["circuits"] == [0, 0]


@pytest.mark.parametrize("east", [
    {(1, 0): ("straight", "E-W")},
    # two ways to the red town that share the junction's stem next to the yellow town
    {(1, 0): ("junction-right", "W-E", "W-S"), (1, 1): ("curve", "N-E"), (2, 1): ("curve", "W-N")},
], ids=["same-straight-back", "junction-stem-twice"])
def test_a_figure_8_that_runs_over_a_track_segment_twice_is_no_circuit(east: dict[Cell, TileSpec]) -> None:
    assert close_west_loop(east)["circuits"] == [0, 0]


def test_a_figure_8_that_needs_a_reverse_is_no_circuit() -> None:
    # Figure 9's lower route: from the red town back to the yellow one only
    # by reversing on the junction below the yellow town
    east: dict[Cell, TileSpec] = {(1, 0): ("straight", "E-W"), (2, 1): ("curve", "N-W"),
                                  (1, 1): ("straight", "E-W"), (0, 1): ("junction-right", "N-S", "S-E")}
    assert close_west_loop(east)["circuits"] == [0, 0]


def test_the_bot_closes_a_figure_8_for_its_counter() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), RED: ("town", "red"), **WEST_LOOP, **EAST_LOOP}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["curve", "straight", "straight"], ["curve"] * 3])
    assert len(GAME.legal_actions(state, 0)) <= EASY.limit
    text = EASY.choose(GAME, GAME.view(state, 0), 0, random.Random(7))
    assert text == GAME.apply(state, 0, f"tile curve {name(state, (-1, -1))} SE").action


# -- Figure 10: junction exits ----------------------------------------------------

FIG10: dict[Cell, TileSpec] = {
    (-1, 0): ("junction-left", "W-E", "W-N"),       # tile 1: stem to A, branches to B and on
    (0, 0): ("junction-right", "W-E", "W-S"),
    (1, 0): ("junction-right", "N-S", "N-W"),        # tile 2: C enters by the stem
    (0, 1): ("curve", "N-E"),
    (1, 1): ("junction-left", "N-S", "S-W"),
    (1, 2): ("crossover", "N-S", "S-E", "N-W"),     # tile 3: the double junction
    (1, 3): ("junction-right", "N-S", "S-E"),       # tile 4: F enters by the stem
    (2, 3): ("junction-right", "W-E", "W-S"),
}
EXITS = {"A": ((-1, 0), 3), "B": ((-1, 0), 0), "C": ((1, 0), 0), "D": ((1, 2), 3),
         "E": ((1, 2), 1), "F": ((1, 3), 2), "G": ((2, 3), 1), "H": ((2, 3), 2)}


STUBS: dict[str, Cell] = {k: neighbour(cell, edge) for k, (cell, edge) in EXITS.items()}
"""A straight laid just outside each exit: a train that can reach it leaves by that exit."""


def fig10_routes(start: Cell) -> list[Route]:
    tiles = dict(FIG10)
    for k, stub in STUBS.items():
        tiles[stub] = ("straight", "N-S") if EXITS[k][1] % 2 == 0 else ("straight", "E-W")
    tiles[(9, 9)] = ("town", "yellow")  # the other train waits far away
    state = position(GAME, ["ann", "bob"], tiles, trains=[start, (9, 9)])
    state["steam"][0] = 12  # more than a train can hold: only the track limits where it goes
    return routes(state, Board.of(state), 0)


def fig10_leaves(start: Cell, entry: str = "") -> set[str]:
    """The exits the real move search reaches from a train standing at ``start``."""
    found = {r.dest for r in fig10_routes(start)}
    return {k for k, stub in STUBS.items() if stub in found and k != entry}


@pytest.mark.parametrize("entry, leaves", [
    ("A", "BCDF"), ("B", "A"), ("C", "ADF"), ("D", "AC"), ("E", "F"), ("F", "ACEGH"),
])
def test_figure10_junction_exits_in_one_turn(entry: str, leaves: str) -> None:
    assert fig10_leaves(STUBS[entry], entry) == set(leaves)


def test_figure10_stopping_on_a_junction_opens_more_exits_next_turn() -> None:
    assert any(r.dest == (-1, 0) for r in fig10_routes(STUBS["B"])), "entering at B it may stop on tile 1"
    assert fig10_leaves((-1, 0)) == set("ABCDF")
    assert any(r.dest == (1, 2) for r in fig10_routes(STUBS["D"])), "entering at D it may stop on tile 3"
    assert "E" in fig10_leaves((1, 2))


# -- Figure 11: the water tower ---------------------------------------------------

def test_figure11_move_onto_the_water_tower_then_take_water_up_to_six() -> None:
    tiles: dict[Cell, TileSpec] = {YELLOW: ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("tower", "E-W"), (3, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles, trains=[(1, 0), (0, 0)], steam=[3, 0])
    assert not any(c.command == "tower" for c in GAME.legal_actions(state, 0))
    move = next(c for c in GAME.legal_actions(state, 0)
                if c.command == "move" and c.steps[1].token == name(state, (2, 0)))
    assert "1 steam" in move.steps[2].label
    state = play(state, move.text)
    assert state["steam"][0] == 2 and state["trains"][0]["cell"] == "2,0"
    state["current"] = 0
    assert [c.text for c in GAME.legal_actions(state, 0) if c.command == "tower"] == ["tower"]
    full = play(state, "tower")
    assert full["steam"][0] == 6 and full["trains"][0]["cell"] == "2,0" and full["current"] == 1
    state["steam"][0] = 5
    assert [o.label for o in GAME.options_at(state, 0, []) if o.token == "tower"] == [
        "Take water: +1 steam (ends your turn)"]
    capped = GAME.apply(state, 0, "tower")
    assert capped.state["steam"][0] == 6, "6 steam stays the maximum at a water tower"
    assert capped.events == ["ann took water at the tower: +1 steam."]
