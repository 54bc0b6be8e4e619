"""The panel's projection of the coming income, expenses and income
reduction, and what the last delivery paid (games.age_of_steam.projection)."""

from __future__ import annotations

import copy

from aos_helpers import act, at_move, delivery_ready, tile

from games.age_of_steam.move_step import end_of_moves
from games.age_of_steam.projection import delivery_pays, expenses_to_come, outlook
from games.age_of_steam.scoring import track_points
from games.age_of_steam.state import typed
from games.age_of_steam.track import network


def _economy(cash: list[int], income: list[int], shares: list[int], engine: list[int]) -> dict:
    state = at_move(3)
    state.update(cash=cash, income=income, shares=shares, engine=engine)
    return state


def test_the_outlook_collects_income_then_pays_a_dollar_per_share_and_engine_link() -> None:
    state = typed(_economy([10, 0, 0], [3, 5, 15], [2, 4, 2], [1, 2, 1]))
    ann = outlook(state, 0, network(state))
    assert (ann.cash, ann.income, ann.income_lost, ann.eliminated) == (10, 3, 0, False)
    bob = outlook(state, 1, network(state))  # $5 after income, $6 due: income -1, then no reduction at 4
    assert (bob.cash, bob.income, bob.income_lost, bob.eliminated) == (0, 4, 1, False)
    cid = outlook(state, 2, network(state))  # income 15 is cut by 2 in step 8
    assert (cid.cash, cid.income) == (12, 13)


def test_the_outlook_warns_of_elimination_when_the_shortfall_eats_the_income() -> None:
    state = typed(_economy([0, 0, 10], [2, 2, 0], [5, 4, 2], [1, 1, 1]))
    ann = outlook(state, 0, network(state))  # $2 for $6 of expenses: income 2 - 4 <= 0
    assert ann.eliminated and ann.income_lost == 4 and ann.income == 0
    bob = outlook(state, 1, network(state))  # $2 for $5: income 2 - 3 <= 0
    assert bob.eliminated


def test_the_outlook_is_what_steps_6_to_8_do() -> None:
    for cash, income in (([4, 0, 30], [1, 6, 22]), ([0, 1, 2], [0, 3, 12]), ([7, 2, 0], [-2, 1, 35])):
        state = _economy(cash, income, [3, 5, 9], [1, 3, 2])
        net = network(typed(state))
        seen = [outlook(typed(state), s, net) for s in range(3)]
        after = copy.deepcopy(state)
        end_of_moves(after)
        for s in range(3):
            assert seen[s].eliminated == after["eliminated"][s], (cash, income, s)
            assert (seen[s].cash, seen[s].income) == (after["cash"][s], after["income"][s]), (cash, income, s)


def test_the_projected_vp_counts_the_projected_income_track_and_shares() -> None:
    state = typed(delivery_ready())
    state.update(cash=[20, 20, 20], income=[12, 0, 0], shares=[2, 2, 2], engine=[2, 2, 2])
    net = network(state)
    # income 12 - reduction 2 = 10: 30 VP, plus ann's completed track, -6 for shares
    assert outlook(state, 0, net).vp == 30 + track_points(net, 0) - 6
    assert track_points(net, 0) > 0


def test_nothing_is_projected_after_the_last_turns_expenses() -> None:
    state = typed(_economy([0, 0, 0], [2, 2, 2], [5, 5, 5], [1, 1, 1]))
    state["phase"], state["round"] = "growth", state["rounds"]
    assert not expenses_to_come(state)
    ann = outlook(state, 0, network(state))
    assert (ann.cash, ann.income, ann.eliminated) == (0, 2, False)
    state["round"] = state["rounds"] - 1
    assert expenses_to_come(state) and outlook(state, 0, network(state)).eliminated


def test_the_last_delivery_pays_one_income_per_link_to_each_owner() -> None:
    state = delivery_ready({"N9": tile("gentle", 5, 2)})
    assert delivery_pays(typed(state), network(typed(state))) == []
    state = act(state, 0, "move J10-blue NE.K9-SE.M9")
    assert delivery_pays(typed(state), network(typed(state))) == [(0, 1), (1, 1)]
