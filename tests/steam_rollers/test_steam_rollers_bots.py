"""Steam Rollers' bot levels: what the normal and hard bots do that the easy
bot (``easy.EASY``) does not."""

from __future__ import annotations

import random

from games.bots import policy_for
from games.core import State
from games.steam_rollers import GAME
from games.steam_rollers.planner import cube_value
from games.steam_rollers.card_worth import hand_worth, one_per_action
from games.steam_rollers.hard import each_die, ranked
from steam_rollers_fixtures import DIRECT_1_3, DIRECT_4_2, figure_track, give, lay, started

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


def test_a_card_in_hand_is_worth_more_the_more_of_the_game_is_left() -> None:
    state = started(2)
    assert hand_worth(state, 0) == 0.0
    give(state, "5a", 0)
    early = hand_worth(state, 0)
    for city in ("1", "2", "3"):
        state["cubes"][city] = state["cubes"][city][:1]
    later = hand_worth(state, 0)
    for city in ("1", "2", "3"):
        state["cubes"][city] = []
    assert early > later > hand_worth(state, 0) == 0.0


def test_the_hard_bot_takes_a_permanent_die_changer_at_the_start_where_the_normal_bot_builds() -> None:
    state = started(2, roll="roll 1 2 5 6")  # card 5 shows 5a: every later die +1 or -1
    assert all(" build " in text for text in choices("normal", state, 0))
    assert choices("hard", state, 0, rngs=2) == {"5 card"}


def test_one_action_is_tried_per_die_value_a_permanent_card_reaches_several_ways() -> None:
    texts = ["2 1b=5 improve", "5 improve", "6 5a-1 improve", "6 5b=flip card", "1 card",
             "2 1b=1 card", "2 5b=reroll", "5 5b=reroll", "2a 4 1b=2 card", "2a 2 card"]
    assert one_per_action(texts) == ["5 improve", "1 card", "2a 2 card", "2 5b=reroll", "5 5b=reroll"]


def denial() -> State:
    """Seat 0, no track, first to pick from 1, 5, 5; seat 1's network (the
    rulebook figure, engine 6) carries the red cube in city 1 home through
    two towns for 4 points, with a 1. Every card is seat 0's, sideways."""
    state = started(2, roll="roll 1 1 5 5")
    state["maps"][1]["track"] = figure_track()
    state["maps"][1]["engine"] = [1, 2, 3, 4, 5, 6]
    for number in "123456":
        give(state, f"{number}a", 0, sideways=True)
    return state


def test_the_hard_bot_takes_the_die_its_rival_would_deliver_with() -> None:
    state = denial()
    assert {text.split()[0] for text in choices("normal", state, 0)} == {"5"}
    assert {text.split()[0] for text in choices("hard", state, 0, rngs=2)} == {"1"}


def test_the_hard_bot_weighs_the_best_action_of_every_die_in_the_pool() -> None:
    texts = ranked(GAME, denial(), 0, random.Random(0))
    assert {text.split()[0] for text in texts[:4]} == {"5"}
    tried = each_die(texts, 4)
    assert len(tried) == 4 and {text.split()[0] for text in tried} == {"1", "5"}


def test_the_hard_bot_ends_the_game_it_leads_where_the_normal_bot_improves_its_engine() -> None:
    """Cities 5 and 6 are empty and city 1 holds one grey cube, which seat
    0 (ahead, the rulebook figure's network, engine 3) can carry to city 3
    with a 1: the round then ends with three empty cities, the game won."""
    state = started(2, roll="roll 1 1 4 4")
    state["maps"][0]["track"] = figure_track()
    state["maps"][0]["engine"] = [1, 2, 3]
    state["cubes"].update({"1": ["grey"], "5": [], "6": []})
    assert choices("normal", state, 0) == {"4 improve"}
    assert choices("hard", state, 0, rngs=2) == {"1 deliver grey@1 to3-3"}
