"""Mine Carts' bot under the switch that gates coloured branches from both
ends and carts that halt when blocked at once: the planner's measure of the
gold cart's way home, and the policy keeping its own carts off that way."""

from __future__ import annotations

import random

import pytest

from games.bots import bot_action
from games.mine_carts import GAME
from games.mine_carts.params import rules
from games.mine_carts.planner import CARD, NEVER, gold_route, switch_needs
from games.mine_carts.state import typed
from mine_carts_fixtures import BLUE, RED, give, put, round_the_pit, set_cart


def test_the_planner_needs_the_switch_on_a_branchs_colour_to_enter_it_by_its_end() -> None:
    green = 1 << rules().switch_colours.index("green")
    assert switch_needs("green-straight", 0)[1] == {2: green}  # in by the green end E, out by the stem S
    state = round_the_pit()
    put(state, "D1", "green-orange", 0)  # stem S: the gold cart turns west to C1 only on orange
    put(state, "B1", "fuchsia-straight", 0)  # from C1 it comes in by the fuchsia end E, out by the stem S
    assert gold_route(typed(state), RED).to_team(RED) >= CARD  # orange and fuchsia at once: a card more
    typed(state)["grid"]["B1"] = {"card": "orange-straight", "rotation": 0}
    assert gold_route(typed(state), RED).to_team(RED) == 0


def test_the_planner_routes_a_gold_cart_halted_by_a_cart_through_that_cart() -> None:
    state = round_the_pit()
    put(state, "D1", "straight", 0)
    set_cart(state, BLUE, "1", "D1", [2, 0])  # heading on north, away from the gold cart
    route = gold_route(typed(state), RED)
    assert route.to_team(RED) < NEVER and route.path[0][0] == "D1"  # never back south: it halts, not reverses


@pytest.mark.parametrize("blue_path, beyond", [([0, 2], None), ([2, 0], "pit")])
def test_the_planner_sees_a_gold_cart_held_for_good_by_a_cart_that_can_never_move_away(
        blue_path: list[int], beyond: str | None) -> None:
    """Blue's cart on D1 heads back at the gold cart (each halts before the
    other), or heads north into a pit with the gold cart behind it."""
    state = round_the_pit()
    put(state, "D1", "straight", 0)
    set_cart(state, BLUE, "1", "D1", blue_path)
    if beyond:
        put(state, "D9", beyond)
    route = gold_route(typed(state), RED)
    assert set(route.towns.values()) == {NEVER} and route.path == ()


@pytest.mark.parametrize("seed", range(4))
def test_the_bot_keeps_its_own_cart_from_halting_the_gold_cart(seed: int) -> None:
    """The gold cart's way D1, C1, B1 into B2 is complete, but Red's cart 1
    on C9 would run south through the crossing on C1 first and stop there
    (a pit on C2), halting the gold cart on D1: the bot lays its straight
    on C1 east-west (or otherwise stops the cart) and scores."""
    state = round_the_pit()
    typed(state)["grid"].pop("C1")
    typed(state)["deck"]["straight"] += 1
    put(state, "D1", "curve", 180)
    put(state, "C1", "crossing", 0)
    put(state, "B1", "curve", 90)
    put(state, "C9", "straight", 0)
    set_cart(state, RED, "1", "C9", [0, 2])
    give(state, RED, ["straight", "curve", "curve"])
    while typed(state)["phase"] in ("lay", "switch") and typed(state)["team"] == RED:
        state = GAME.apply(state, 0, bot_action(GAME, state, 0, random.Random(seed))).state
    assert [team["gold"] for team in typed(state)["teams"]] == [1, 0]


def test_the_planner_counts_a_town_cart_led_out_only_by_a_coloured_branch_as_still_waiting() -> None:
    """Red's cart 1 waits in B2: a track of its own touching B2 leads it out
    of the gold cart's way (a card less), but a green branch's end only
    with the switch on green, which the gold cart's way may not allow."""
    state = set_cart(round_the_pit(), RED, "1", "B2", None)
    typed(state)["grid"].pop("G7")
    typed(state)["deck"]["straight"] += 1
    waiting = gold_route(typed(state), RED).to_team(RED)
    put(state, "A2", "green-straight", 0)  # stem S, black N, green E touching B2
    assert gold_route(typed(state), RED).to_team(RED) == waiting
    typed(state)["grid"]["A2"] = {"card": "green-straight", "rotation": 90}  # stem W, black E touching B2
    assert gold_route(typed(state), RED).to_team(RED) == waiting - CARD


def test_the_planner_keeps_a_positions_routes_and_measures_again_when_a_cart_moves() -> None:
    """The routes of a position are kept (the bots judge one table many
    times), but a cart moved onto the way home makes a new position: the
    way round by D1, C1 and B1 then costs more than its two cards."""
    state = round_the_pit()
    route = gold_route(typed(state), RED)
    assert gold_route(typed(state), RED) is route and route.to_team(RED) == 2 * CARD
    set_cart(state, BLUE, "1", "C1", [1, 3])
    assert gold_route(typed(state), RED).to_team(RED) > 2 * CARD
