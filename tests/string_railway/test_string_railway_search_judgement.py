"""How String Railway's hard bot judges the positions its play-outs reach:
by the seat's chance of winning under the rulebook's two-player ranking
("the player who owns the company with the least points loses"; tied, the
other two companies decide), each company's strings still to lay counted
as points to come."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import bot_search
from games.core import CHANCE, State
from games.string_railway import GAME
from games.string_railway.outlook import finals, normal_draws, outlook, win_chance
from games.string_railway.params import tile_kinds
from games.string_railway.judgement import PLAYER
from games.string_railway.planner import PLANNER
from games.string_railway.hard import Lookahead, candidates, draws, evaluate, turn_over
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import cell, put, string_turn, table


def _scored(scores: list[int], strings: list[int]) -> State:
    """Two players (ann: colours 0 and 2, bob: 1 and 3), each colour with
    ``scores`` points and ``strings`` short strings left; a string laid by
    every colour."""
    state = string_turn(table(players=2), 0)
    for k, (score, left) in enumerate(zip(scores, strings)):
        state["companies"][k]["score"] = score
        state["companies"][k]["strings"] = {"short": left, "long": 0}
        state["strings"].append({"company": k, "length": "short", "path": [], "entered": [], "newly": [],
                                 "crossed": 0, "cross_at": [], "points": 0})
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
    left to bob's none: the next with nothing in its reach (3.2), one more
    (5); ann is the likelier winner, not a sure loser."""
    state = _scored([16, 20, 30, 30], [2, 0, 0, 0])
    means, spreads = finals(typed(state))
    assert list(means) == pytest.approx([16 + 3.2 + 5, 20, 30, 30]) and spreads[0] > 0 == spreads[1]
    assert 0.5 < win_chance(typed(state), 0) < 1.0


def test_a_colour_yet_to_lay_its_first_string_expects_less_from_it() -> None:
    state = _scored([3, 3, 3, 3], [5, 5, 5, 5])
    state["strings"] = state["strings"][:1]  # only ann's first colour has laid
    means, _spreads = finals(typed(state))
    assert list(means[:2]) == pytest.approx([3 + 3.2 + 4 * 5, 3 + 2.7 + 4 * 5])


def test_a_station_within_a_colours_reach_raises_what_its_next_string_is_expected_to_score() -> None:
    """A central station (3 points) a short string from ann's first
    colour's home: its next string is expected to score 0.15 x 3 more."""
    state = _scored([10, 10, 10, 10], [2, 2, 2, 2])
    before, _spreads = finals(typed(state))
    put(state, "central", cell(19, 19))
    after, _spreads = finals(typed(state))
    assert after[0] - before[0] == pytest.approx(0.15 * 3)
    assert list(after[1:]) == list(before[1:])


def test_among_lost_positions_the_closer_is_judged_better() -> None:
    near = _scored([21, 22, 30, 22], [0, 0, 0, 0])
    far = _scored([15, 22, 30, 22], [0, 0, 0, 0])
    assert win_chance(typed(near), 0) == win_chance(typed(far), 0) == 0.0
    assert outlook(typed(near), 0) > outlook(typed(far), 0)


def test_the_replies_meet_draws_spread_over_the_decks_kinds() -> None:
    """Four draws from the full deck of 35 (sorted by kind: 4 central, 6
    local, 6 suburban, 8 countryside, 2 town, 2 transfer, 3 junction, ...)
    from half a step in: its 5th, 14th, 22nd and 31st tiles, so a few
    samples meet the common kinds in their proportions."""
    state = typed(table(players=2))
    drawn = draws(state, 4, 0.5)
    tiles = [int(d.split()[1]) for d in drawn]
    assert all(t in state["deck"] for t in tiles)
    assert [tile_kinds()[t - 1] for t in tiles] == ["local", "suburban", "countryside", "junction"]


def test_the_hard_bot_plays_each_candidates_turn_once_and_its_reply_from_every_sampled_draw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A short string for ann's first colour: each candidate's own turn is
    played out once (it has no chance in it), then bob's reply once from
    each of the sampled draws, the same draws for every candidate."""
    state = table(players=2)
    state["river"] = [[60.0, 75.0], [75.0, 60.0]]
    put(state, "central", cell(19, 19))
    put(state, "local", cell(9, 25))
    string_turn(state, 0)
    calls: list[tuple[int, str]] = []
    real = bot_search.playout

    def spy(game: Any, world: State, seat: int, first: str, *args: Any, **kwargs: Any) -> State | None:
        calls.append((seat, first))
        return real(game, world, seat, first, *args, **kwargs)

    monkeypatch.setattr(bot_search, "playout", spy)
    search = Lookahead(width=3, samples=3, time_limit=60.0)
    texts = candidates(GAME, state, 0, random.Random(4))[:3]
    search.choose(GAME, state, 0, random.Random(4))
    own = [first for seat, first in calls if seat == 0]
    replies = [first for seat, first in calls if seat == CHANCE]
    assert own == texts and len(replies) == 3 * len(texts)
    assert replies[:3] == replies[3:6] and len(set(replies[:3])) == 3


def test_the_hard_bots_play_outs_play_every_seat_as_the_normal_bot_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The candidate's own turn and the rival's reply are both played out
    by the normal bot (the planner), not the easy bot: the seat goes on as
    it would play, and the rival's string is judged by the chance of
    winning it leaves."""
    state = table(players=2)
    put(state, "central", cell(19, 19))
    put(state, "local", cell(9, 25))
    string_turn(state, 0)
    models: list[Any] = []
    real = bot_search.playout

    def spy(game: Any, world: State, seat: int, first: str, policy: Any, *args: Any, **kwargs: Any) -> State | None:
        models.append(policy)
        return real(game, world, seat, first, policy, *args, **kwargs)

    monkeypatch.setattr(bot_search, "playout", spy)
    Lookahead(width=2, samples=2, time_limit=60.0).choose(GAME, state, 0, random.Random(4))
    assert models and all(m is PLANNER for m in models)


def test_a_candidates_turn_ends_where_the_next_turn_begins_even_with_the_deck_empty() -> None:
    """With no station left to draw the next turn begins with its string:
    the candidate's play-out stops there all the same (it does not run on
    through the rest of the game)."""
    state = table(players=2)
    state["river"] = [[60.0, 75.0], [75.0, 60.0]]
    put(state, "central", cell(19, 19))
    state["deck"] = []
    string_turn(state, 0)
    first = PLAYER.choose(GAME, state, 0, random.Random(1))
    end = bot_search.playout(GAME, state, 0, first, PLAYER, random.Random(2), None, until=turn_over)
    assert end is not None
    assert (end["company"], end["phase"], len(end["strings"])) == (1, "string", 1)


def test_the_fixed_draws_shared_by_threads_are_read_only() -> None:
    assert not normal_draws(4).flags.writeable


def test_the_normal_bot_counts_a_long_string_still_in_hand_as_points_to_come() -> None:
    """The normal bot judges a string by the chance of winning it leaves,
    with the long string still held worth more to come (it reaches most
    late): the same table, once with the long string laid and once with a
    short one, is better with the long one kept; the hard bot's judgement
    (no worth for it) sees no difference."""
    kept = _scored([5, 5, 5, 5], [2, 2, 2, 2])
    kept["companies"][0]["strings"] = {"short": 1, "long": 1}
    spent = _scored([5, 5, 5, 5], [2, 2, 2, 2])
    assert finals(typed(kept))[0][0] == finals(typed(spent))[0][0]
    assert finals(typed(kept), long_kept=3.0)[0][0] == finals(typed(spent), long_kept=3.0)[0][0] + 3.0
    assert outlook(typed(kept), 0, long_kept=3.0) > outlook(typed(spent), 0, long_kept=3.0)
