"""How String Railway's hard bot judges the positions its play-outs reach:
by the seat's chance of winning under the rulebook's two-player ranking
("the player who owns the company with the least points loses"; tied, the
other two companies decide), each company's strings still to lay counted
as points to come."""

from __future__ import annotations

import pytest

from games.core import State
from games.string_railway import GAME
from games.string_railway.outlook import finals, outlook, win_chance
from games.string_railway.search import evaluate
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import string_turn, table


def _scored(scores: list[int], strings: list[int]) -> State:
    """Two players (ann: colours 0 and 2, bob: 1 and 3), each colour with
    ``scores`` points and ``strings`` short strings left; a string laid by
    every colour."""
    state = string_turn(table(players=2), 0)
    for k, (score, left) in enumerate(zip(scores, strings)):
        state["companies"][k]["score"] = score
        state["companies"][k]["strings"] = {"short": left, "long": 0}
        state["strings"].append({"company": k, "length": "short", "path": [], "entered": [], "newly": [],
                                 "crossings": 0, "cross_at": [], "points": 0})
    return state


def test_the_hard_bot_judges_a_finished_game_by_the_weaker_colours() -> None:
    """Ann's colours 20 and 30, bob's 22 and 22: ann has more points in all
    and on "weakest plus half the other", but her weaker colour is behind:
    she has lost."""
    state = _scored([20, 22, 30, 22], [0, 0, 0, 0])
    assert GAME.outcome(state).ranking == [[1], [0]]
    assert win_chance(typed(state), 0) == 0.0
    assert win_chance(typed(state), 1) == 1.0
    assert evaluate(GAME, state, 0) < 0 < evaluate(GAME, state, 1)


def test_level_weaker_colours_are_decided_by_the_other_two_and_a_full_tie_is_half() -> None:
    state = _scored([22, 22, 25, 24], [0, 0, 0, 0])
    assert (win_chance(typed(state), 0), win_chance(typed(state), 1)) == (1.0, 0.0)
    state = _scored([22, 22, 24, 24], [0, 0, 0, 0])
    assert (win_chance(typed(state), 0), win_chance(typed(state), 1)) == (0.5, 0.5)


def test_strings_still_to_lay_count_as_points_to_come() -> None:
    """Ann's weaker colour is 4 points behind bob's but has two strings
    left to bob's none: ann is the likelier winner, not a sure loser."""
    state = _scored([16, 20, 30, 30], [2, 0, 0, 0])
    means, spreads = finals(typed(state))
    assert list(means) == [26.0, 20.0, 30.0, 30.0] and spreads[0] > 0 == spreads[1]
    assert 0.5 < win_chance(typed(state), 0) < 1.0


def test_a_colour_yet_to_lay_its_first_string_expects_less_from_it() -> None:
    state = _scored([3, 3, 3, 3], [5, 5, 5, 5])
    state["strings"] = state["strings"][:1]  # only ann's first colour has laid
    means, _spreads = finals(typed(state))
    assert means[0] - means[1] == pytest.approx(5.0 - 2.7)


def test_among_lost_positions_the_closer_is_judged_better() -> None:
    near = _scored([21, 22, 30, 22], [0, 0, 0, 0])
    far = _scored([15, 22, 30, 22], [0, 0, 0, 0])
    assert win_chance(typed(near), 0) == win_chance(typed(far), 0) == 0.0
    assert outlook(typed(near), 0) > outlook(typed(far), 0)
