"""Steam Rollers' bot levels: what the normal and hard bots do that the easy
bot (today's ``POLICY``) does not."""

from __future__ import annotations

import random

from games.bots import policy_for
from games.core import State
from games.steam_rollers import GAME
from games.steam_rollers.planner import cube_value
from games.steam_rollers.policy import promising
from games.steam_rollers.search import QUICK_BUILDS, quick, ranked
from steam_rollers_fixtures import DIRECT_1_3, DIRECT_4_2, figure_track, lay, started

SLUG = "steam-rollers"


def race_for_a_cube() -> State:
    """Seat 0 holds die 4 with the rulebook figure's network and engine 3:
    the red and the yellow cube in city 4 both pay it 2 points, but only the
    red one is on seat 1's route (its direct 4-2 connection)."""
    state = started(2, roll="roll 1 4 4 4")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 4]
    lay(state["maps"][1]["track"], DIRECT_4_2)
    return state


def choices(level: str, state: State, seat: int, rngs: int = 8) -> set[str]:
    policy = policy_for(SLUG, level)
    return {policy.choose(GAME, GAME.view(state, seat), seat, random.Random(i)) for i in range(rngs)}


def test_the_normal_bot_takes_the_cube_its_rival_could_carry_when_both_pay_the_same() -> None:
    state = race_for_a_cube()
    assert choices("easy", state, 0) == {"4 deliver red@4 to2-2", "4 deliver yellow@4 to1-2"}
    assert choices("normal", state, 0) == {"4 deliver red@4 to2-2"}


def test_a_cube_is_worth_its_longest_route_home_less_for_each_engine_box_missing() -> None:
    state = started(2)
    state["cubes"] = {str(city): [] for city in range(1, 7)}
    state["cubes"]["1"] = ["grey"]
    lay(state["maps"][0]["track"], DIRECT_1_3)
    assert cube_value(state, 0, 0.5) == 0.5  # distance 1, engine 0: one box missing
    state["maps"][0]["engine"] = [6]
    assert cube_value(state, 0, 0.5) == 1.0
    assert cube_value(state, 1, 0.5) == 0.0  # no track, no route


def test_the_hard_bot_plays_one_of_the_normal_bots_three_best_actions() -> None:
    state = race_for_a_cube()
    view = GAME.view(state, 0)
    best = ranked(GAME, view, 0, random.Random(0))[:3]
    assert policy_for(SLUG, "hard").choose(GAME, view, 0, random.Random(0)) in best


def test_a_play_outs_player_keeps_every_answer_but_builds_and_only_a_few_builds() -> None:
    state = race_for_a_cube()
    state["pool"] = [1, 3, 4]  # regions 1 and 3 hold many builds that meet a city
    every = promising(GAME, state, 0, random.Random(0))
    tried = quick(GAME, state, 0, random.Random(0))
    builds = [t for t in tried if " build " in t]
    assert len(builds) == QUICK_BUILDS < sum(1 for t in every if " build " in t)
    assert [t for t in tried if " build " not in t] == [t for t in every if " build " not in t]
    assert "4 deliver red@4 to2-2" in tried and set(tried) <= set(every)
