"""Age of Steam's normal bot (:mod:`games.age_of_steam.planner`): what it
does when its railroad falls behind at a crowded (5-seat) table."""

from __future__ import annotations

from games.age_of_steam.params import rules
from games.age_of_steam.planner import NORMAL

from aos_helpers import started

ACTIONS = [f"action {name}" for name in rules().actions if name != "urbanization"]
"""Every action but Urbanization (which a new city near cubes would be worth)."""


def test_the_normal_bot_buys_no_locomotive_its_income_cannot_pay_for() -> None:
    """A railroad whose expenses ($4 of shares, $2 of engine) outrun its
    income ($1) by more than $2 takes no Locomotive just to work its engine
    up (each link of engine costs $1 a turn; with nothing to deliver it
    only adds to the shares issued for expenses); it takes another action.
    The old planner took Locomotive turn after turn: in a 5-seat game
    (seed 1003) such a railroad reached an engine of 5 on an income of 3
    and 15 shares, scoring -26. While the income pays for it, it does."""
    state = started(5)
    state["round"] = 2
    state["income"][0], state["shares"][0], state["engine"][0], state["cash"][0] = 1, 4, 2, 5
    assert NORMAL.engine_wanted(state) > 2
    assert NORMAL.pick(state, 0, ACTIONS) != "action locomotive"
    state["income"][0] = 4
    assert NORMAL.pick(state, 0, ACTIONS) == "action locomotive"
