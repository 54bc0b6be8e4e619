"""Age of Steam's normal bot (:mod:`games.age_of_steam.planner`): what it
does at a crowded (5-seat) table, when its railroad falls behind and when
it delivers."""

from __future__ import annotations

from games.age_of_steam import GAME
from games.age_of_steam.params import rules
from games.age_of_steam.planner import NORMAL, rival_link_worth

from aos_helpers import delivery_ready, started

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


def test_the_normal_bot_upgrades_no_engine_whose_expense_would_put_it_out() -> None:
    """In Move Goods' second round, after the building is paid, an engine
    upgrade adds $1 to this turn's expenses: a railroad whose cash and
    income fall short of them by its whole income would be out of the
    game, so it passes (in a
    first turn, with no income, the old planner's upgrade eliminated the
    railroad: 5 seats, seed 1009). A dollar more and it upgrades (a
    shortfall only costs income, which a longer engine may earn back)."""
    state = started(5)
    state["phase"], state["step"] = "move", {"round": 2}
    state["income"][0], state["shares"][0], state["engine"][0], state["cash"][0] = 2, 2, 1, 0
    assert NORMAL.engine_wanted(state) > 1 and NORMAL.can_afford_more_expenses(state, 0)
    assert NORMAL.deliver(state, 0, ["upgrade", "pass"]) == "pass"
    state["cash"][0] = 1
    assert NORMAL.deliver(state, 0, ["upgrade", "pass"]) == "upgrade"


def test_at_a_tie_the_normal_bot_delivers_over_links_of_railroads_behind_it() -> None:
    """Of deliveries paying the seat as many of its own links, the one
    paying links of railroads with less income than the seat counts up
    (income to a railroad behind costs it no place, and in 5-seat games,
    where each railroad's own network is short, longer deliveries over
    other railroads' links raised the mean score from 49.0 to 51.0 a seat
    on seeds 1000-1019); links of a railroad level or ahead count down;
    unowned links neither."""
    state = started(5)
    state["income"] = [5, 3, 5, 8, 0]
    worth = [rival_link_worth(state, 0, owner) for owner in (1, 2, 3, 4, None)]
    assert worth == [1, -1, -1, 1, 0]


def test_the_normal_bot_makes_no_last_delivery_of_a_turn_that_the_income_reduction_takes_back() -> None:
    """Step 8 cuts an income of $11-20 by $2 and one of $21-30 by $4: at
    $20, the turn's last delivery paying one of the seat's links leaves it
    $17 instead of $18, so it keeps the cube (passes). At $19 the link is
    kept ($20, cut to $18), and in the first round a second delivery may
    follow, so it delivers."""
    state = delivery_ready()
    texts = [c.text for c in GAME.legal_actions(state, 0)]
    move = next(t for t in texts if t.startswith("move "))
    state["income"][0] = 20
    assert NORMAL.deliver(state, 0, texts) == move
    state["step"]["round"] = 2
    assert NORMAL.deliver(state, 0, texts) == "pass"
    state["income"][0] = 19
    assert NORMAL.deliver(state, 0, texts) == move
