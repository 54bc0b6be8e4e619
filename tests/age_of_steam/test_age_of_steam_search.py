"""Age of Steam's hard bot (games/age_of_steam/hard.py): its play-outs run
on the shared engine (games/bot_search.py) to the end of the turn, with the
railroads modelled by the quick normal bot."""

from __future__ import annotations

import random
from typing import cast

from games.age_of_steam import GAME
from games.age_of_steam.links import delivery_value, link_plans, plan_gain, with_plan
from games.age_of_steam.planner import PlanningRailroad
from games.age_of_steam.scoring import track_points
from games.age_of_steam.hard import QUICK, SearchingRailroad, standing, turn_over
from games.age_of_steam.state import typed
from games.age_of_steam.track import network
from games.bot_search import playout
from games.bots import policy_for
from games.core import State

from aos_helpers import started


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
