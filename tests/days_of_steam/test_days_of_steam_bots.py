"""Days of Steam's normal and hard bots: what they see, what they count, what they choose."""

from __future__ import annotations

import random

from games.bots import policy_for
from games.core import CHANCE, State, chance_rng, secret_from_seed
from games.days_of_steam import GAME
from games.days_of_steam.geometry import Cell
from games.days_of_steam.outlook import Outlook
from games.days_of_steam.planner import PLANNER
from games.days_of_steam.positions import TileSpec, position
from games.days_of_steam.hard import deal_unseen
from games.days_of_steam.sketches import move_plays, tile_plays
from games.playout import random_action

Y: Cell = (0, 0)
R: Cell = (2, 0)
SOUTH: dict[Cell, TileSpec] = {(0, 1): ("curve", "N-E"), (1, 1): ("straight", "E-W"), (2, 1): ("curve", "W-N")}
"""The rulebook's Figure 7, south half: yellow town to red town, three tiles round."""


def figure7_south(yellow_goods: tuple[str, ...] = ("red",), **kw: object) -> State:
    tiles: dict[Cell, TileSpec] = {Y: ("town", "yellow", *yellow_goods), R: ("town", "red"), **SOUTH}
    return position(GAME, ["ann", "bob"], tiles, **kw)  # type: ignore[arg-type]


def decisions(seed: int, every: int, most: int = 60) -> list[tuple[State, int]]:
    """Every ``every``-th of the first ``most`` decisions of a random 3-player
    game, as the seat's view."""
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = GAME.new(["ann", "bob", "cid"], {})
    found: list[tuple[State, int]] = []
    while not GAME.is_over(state) and len(found) < most:
        due = GAME.to_act(state)
        if CHANCE in due:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))).state
            continue
        seat = due[0]
        found.append((GAME.view(state, seat), seat))
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    return found[::every]


def test_the_steam_to_a_delivery_is_counted_along_the_track_not_across_the_squares() -> None:
    state = figure7_south()
    [prospect] = Outlook().prospects(state, 0)
    assert (prospect.colour, prospect.steam, prospect.worth) == ("red", 3, 2.0)


def test_a_delivery_that_brings_the_winning_points_is_worth_the_game() -> None:
    state = figure7_south()
    state["delivered"][0] = ["yellow", "blue", "green", "blue"]  # 8 + 3 for three colours = 11
    [prospect] = Outlook().prospects(state, 0)
    assert prospect.worth == 40.0


def test_the_sketched_tile_plays_and_moves_are_the_legal_ones_and_leave_what_the_game_leaves() -> None:
    checked = 0
    for view, seat in decisions(3, 9):
        if view["drawn"] is not None:
            continue
        legal = {c.text for c in GAME.legal_actions(view, seat)}
        tiles, moves = tile_plays(view, seat), move_plays(view, seat)
        assert {t.text for t in tiles} == {t for t in legal if t.startswith("tile ")}
        assert {m.text for m in moves} == {t for t in legal if t.startswith("move ")}
        for tile in tiles[::7]:
            real = GAME.apply(view, seat, tile.text).state
            assert [real[k] for k in ("tiles", "steam", "circuits")] == [tile.after[k] for k in ("tiles", "steam", "circuits")]
        for move in moves[::5]:
            real = GAME.apply(view, seat, move.text).state
            if move.derail_on:
                assert [real[k] for k in ("trains", "steam")] == [move.derailed[k] for k in ("trains", "steam")]  # type: ignore[index]
                real = GAME.apply(real, CHANCE, "roll 6").state
            assert [real[k] for k in ("tiles", "trains", "steam", "delivered")] == \
                [move.after[k] for k in ("tiles", "trains", "steam", "delivered")]
        checked += 1
    assert checked >= 5


def test_a_dealt_world_shows_the_seat_exactly_its_view_and_keeps_every_tile() -> None:
    rng = random.Random(4)
    for view, seat in decisions(5, 15):
        world = deal_unseen(GAME, view, seat, rng)
        assert GAME.view(world, seat) == view
        assert GAME.check_invariants(world) == []


def test_the_normal_bot_lays_the_straight_that_closes_a_circuit_and_shortens_its_delivery() -> None:
    state = figure7_south(steam=[3, 0])
    assert PLANNER.choose(GAME, GAME.view(state, 0), 0, random.Random(1)) == "tile straight AA26 EW"


def test_the_normal_bot_takes_the_good_and_delivers_it_in_one_move() -> None:
    state = figure7_south(steam=[3, 0], hands=[["curve", "curve", "curve"]] * 2)
    assert PLANNER.choose(GAME, GAME.view(state, 0), 0, random.Random(1)).startswith("move AB26 s3,tr@Z26,dr@AB26")


def test_the_normal_bot_keeps_its_coal_when_no_move_needs_it_where_the_easy_bot_burns_it() -> None:
    state = figure7_south(yellow_goods=(), steam=[2, 0], hands=[["curve", "curve", "curve"]] * 2)
    state["coal"] = [5, 5]
    view = GAME.view(state, 0)
    assert policy_for("days-of-steam", "easy").choose(GAME, view, 0, random.Random(1)).startswith("coal")
    assert not PLANNER.choose(GAME, view, 0, random.Random(1)).startswith("coal")


def test_the_normal_bot_burns_just_the_coal_a_delivery_needs() -> None:
    state = figure7_south(steam=[1, 0], hands=[["curve", "curve", "curve"]] * 2)
    state["coal"] = [5, 5]
    assert PLANNER.choose(GAME, GAME.view(state, 0), 0, random.Random(1)) == "coal 2"
