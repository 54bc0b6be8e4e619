"""Age of Steam's hard bot (games/age_of_steam/hard.py): its play-outs run
on the shared engine (games/bot_search.py) to the end of the turn, with the
railroads modelled by the quick normal bot."""

from __future__ import annotations

import random

import pytest
from typing import cast

from games.age_of_steam import GAME
from games.age_of_steam.links import delivery_value, link_plans, plan_gain, with_plan
from games.age_of_steam.planner import PlanningRailroad
from games.age_of_steam.scoring import track_points
from games.age_of_steam import hard as hard_level
from games.age_of_steam.hard import QUICK, SearchingRailroad, searched, standing, turn_over
from games.age_of_steam.state import typed
from games.age_of_steam.track import network
from games.bot_search import playout
from games.bots import policy_for
from games.core import CHANCE, State, chance_rng, secret_from_seed

from aos_helpers import started, stop_search_clocks


def test_a_hard_playout_runs_on_the_shared_engine_to_the_end_of_the_turn() -> None:
    """The hard search's play-out of a share issue stops when the turn is
    over: at the next turn's Issue Shares, after income, expenses and goods
    growth."""
    hard = policy_for("age-of-steam", "hard")
    assert isinstance(hard, SearchingRailroad)
    rollouts = hard.search()
    assert rollouts.until is turn_over
    state = started(3)
    seat = GAME.to_act(state)[0]
    end = playout(GAME, state, seat, "shares 2", rollouts.policy, random.Random(4), rollouts.horizon,
                  rollouts.until, rollouts.rivals)
    assert end is not None
    assert (end["round"], end["phase"]) == (state["round"] + 1, "shares")
    assert end["shares"][seat] == state["shares"][seat] + 2


def test_the_playouts_railroads_never_weigh_urbanization() -> None:
    """The quick normal railroad of the play-outs weighs every action but
    Urbanization (the slowest to weigh); the normal bot weighs it too."""
    state = started(3)
    normal = policy_for("age-of-steam", "normal")
    assert isinstance(normal, PlanningRailroad)
    assert "urbanization" in normal.action_values(state, 0, set())
    quick = QUICK.action_values(state, 0, set())
    assert "urbanization" not in quick and {"locomotive", "engineer", "first-build"} <= set(quick)


def test_standing_counts_the_deliveries_a_link_built_for_later_turns_offers() -> None:
    """A link that delivery cubes could pay counts for more than its track
    (a play-out ends before the deliveries of the turns to come)."""
    state = started(3)
    game = typed(state)
    net = network(game)
    before = delivery_value(game, net, 0, 2, 6)
    plan = max(link_plans(game, net, 0, 3), key=lambda p: plan_gain(game, p, 0, 2, 6, before))
    assert plan_gain(game, plan, 0, 2, 6, before) > 0
    built = cast(State, with_plan(game, plan, 0))
    track = track_points(network(typed(built)), 0)
    assert track == len(plan.tiles)
    assert standing(built, 0) - standing(state, 0) > track


def build_choice(slug: str, seats: int, urbanize: bool) -> State:
    """The first build step of a game of normal bots on ``slug`` where the
    railroad due has a tile to lay (or, with ``urbanize``, a new city to
    place) and the normal bot would not answer 'done'."""
    normal = policy_for("age-of-steam", "normal")
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = GAME.new([f"p{i}" for i in range(seats)], {"map": slug})
        secret = secret_from_seed(seed)
        while not GAME.is_over(state):
            due = GAME.to_act(state)
            if CHANCE in due:
                action = GAME.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
                state = GAME.apply(state, CHANCE, action).state
                continue
            seat = due[0]
            chosen = normal.choose(GAME, state, seat, rng)
            if state["phase"] == "build" and bool(state["step"].get("urbanize")) == urbanize and chosen != "done":
                return state
            state = GAME.apply(state, seat, chosen).state
    raise AssertionError(f"no build choice on {slug}")


def lay_nothing(game: object, state: State, seat: int) -> float:
    """A judge that counts each tile the seat owns against it, each more
    than the hard bot's margin: played out, 'done' wins."""
    tiles = sum(1 for tile in state["board"].values() if seat in tile.get("owners", []))
    return -float(tiles) * (hard_level.TURN_MARGIN + 1)


def test_on_st_lucia_the_hard_bot_plays_out_its_build_choices_normals_first() -> None:
    """St. Lucia's goods lie on its hexes: the tile laid is the cube to
    ship, so the hard bot plays its builds out. Its candidates start with
    the normal bot's tile, then 'done' and other legal tiles; placing a
    new city, the normal bot's town first among legal placements."""
    hard = policy_for("age-of-steam", "hard")
    normal = policy_for("age-of-steam", "normal")
    assert isinstance(hard, SearchingRailroad)
    for urbanize in (False, True):
        state = build_choice("st-lucia", 2, urbanize)
        seat = GAME.to_act(state)[0]
        texts = [c.text for c in GAME.legal_actions(state, seat)]
        found = hard.ranked(GAME, state, seat, random.Random(0))
        assert searched(state)
        assert found[0] == normal.choose(GAME, state, seat, random.Random(0))
        assert len(found) == len(set(found)) >= 2 and set(found) <= set(texts)
        assert ("done" in found) != urbanize


def test_the_hard_bots_build_is_searched_on_st_lucia_and_not_on_the_rust_belt(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a judge that counts the seat's tiles against it, a played-out
    build step answers 'done'; on the Rust Belt, whose goods come from
    cities, the build is the normal bot's own."""
    monkeypatch.setattr(hard_level, "evaluate", lay_nothing)
    stop_search_clocks(monkeypatch)
    hard = policy_for("age-of-steam", "hard")
    normal = policy_for("age-of-steam", "normal")
    lucia = build_choice("st-lucia", 2, urbanize=False)
    seat = GAME.to_act(lucia)[0]
    assert hard.choose(GAME, lucia, seat, random.Random(0)) == "done"
    rust = build_choice("rust-belt", 3, urbanize=False)
    seat = GAME.to_act(rust)[0]
    assert not searched(rust)
    assert hard.choose(GAME, rust, seat, random.Random(0)) == normal.choose(GAME, rust, seat, random.Random(0)) != "done"
