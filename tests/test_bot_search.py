"""The hard level's engine (games/bot_search.py) on the stand-in race game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games.bot_search
from games.bot_search import Rollouts, WinFirst, kept, playout
from games.core import Game, IllegalAction, State
from tests.support.race import RACE


class Always:
    """A play-out policy that always plays one text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        return self.text


def margin(game: Game, state: State, seat: int) -> float:
    positions = state["positions"]
    return float(positions[seat] - max(p for i, p in enumerate(positions) if i != seat))


def started(goal: str = "10") -> State:
    state = RACE.new(["ann", "bob"], {"goal": goal, "stride": "2"})
    return RACE.apply(state, -1, "first 0").state


def test_the_search_prefers_the_candidate_whose_playouts_end_better_over_the_better_ranked_one() -> None:
    search = Rollouts(Always("step 2"), lambda g, s, seat, rng: ["step 1", "step 2"], margin, samples=1)
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 2"


def test_a_tie_goes_to_the_better_ranked_candidate() -> None:
    search = Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 2", "step 1"],
                      lambda g, s, seat: 0.0, samples=2)
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 2"


def test_kept_takes_the_best_mean_the_better_ranked_of_equals_and_the_first_within_the_margin() -> None:
    """Of candidates ending alike, the better ranked is played; the first
    (the normal bot's) is kept unless beaten by the margin; a first whose
    play-out was cut is beaten by any that ended; none played out, the first."""
    assert kept({0: 0.0, 1: 30.0, 2: 30.0}) == 1
    assert kept({0: 25.0, 1: 30.0}, margin=10.0) == 0
    assert kept({0: 20.0, 1: 30.0}, margin=10.0) == 1
    assert kept({1: -5.0, 2: 3.0}, margin=10.0) == 2
    assert kept({}) == 0


def test_with_a_margin_the_first_candidate_is_kept_unless_another_beats_it_by_that_much() -> None:
    """Stopped at once (horizon 0), a step of 2 ends 1 further than a step
    of 1: it is chosen over the first candidate with a margin below 1, not
    with one above."""
    def position(game: Game, state: State, seat: int) -> float:
        return float(state["positions"][seat])

    def search(by: float) -> Rollouts:
        return Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 1", "step 2"], position,
                        samples=1, horizon=0, margin=by)

    assert search(0.0).choose(RACE, started(), 0, random.Random(1)) == "step 2"
    assert search(0.9).choose(RACE, started(), 0, random.Random(1)) == "step 2"
    assert search(1.1).choose(RACE, started(), 0, random.Random(1)) == "step 1"


def test_a_playout_draws_chance_from_the_bots_rng_and_stops_at_the_horizon() -> None:
    end = playout(RACE, started("100"), 0, "roll", Always("step 1"), random.Random(3), horizon=5)
    assert end is not None
    assert not RACE.is_over(end)
    assert sum(end["positions"]) <= 1 * 2 + 6  # a die, then steps of 1 for the 4 other actions


def test_an_illegal_candidate_is_not_chosen() -> None:
    search = Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 9", "step 1"], margin)
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 1"


def test_a_playout_stops_when_its_stop_rule_says_so() -> None:
    """``until(start, now)``: here, once three spaces have been stepped
    since the play-out began (the race to 100 would run far longer)."""
    def stepped_three(start: State, now: State) -> bool:
        return sum(now["positions"]) - sum(start["positions"]) >= 3

    end = playout(RACE, started("100"), 0, "step 1", Always("step 1"), random.Random(3), None,
                  until=stepped_three)
    assert end is not None
    assert end["positions"] == [2, 1]


def test_a_playout_plays_the_other_seats_with_the_rivals_model() -> None:
    """The seat plays its own policy (steps of 1), every other seat the
    rivals' model (steps of 2)."""
    end = playout(RACE, started("100"), 0, "step 1", Always("step 1"), random.Random(3), 4,
                  rivals=Always("step 2"))
    assert end is not None
    assert end["positions"] == [3, 4]


class Ticking:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_a_playout_still_running_at_its_deadline_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deadline is checked before every action of the play-out: a race
    to 100 passes a deadline 3 clock readings away before it ends."""
    monkeypatch.setattr(games.bot_search, "time", Ticking())
    assert playout(RACE, started("100"), 0, "step 1", Always("step 1"), random.Random(3), None,
                   deadline=3.0) is None
    assert playout(RACE, started("100"), 0, "step 1", Always("step 1"), random.Random(3), 6) is not None


def test_a_search_cutting_its_playouts_at_the_time_limit_plays_its_best_ranked_candidate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``cut_playouts`` the first candidate's play-out (a race to 10 in
    steps of 1) is cut at the time limit, so no play-out finished and the
    search plays its best-ranked candidate, not its play-out policy's choice."""
    search = Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 2", "step 1"],
                      lambda g, s, seat: 0.0, samples=1, time_limit=5.0, cut_playouts=True)
    monkeypatch.setattr(games.bot_search, "time", Ticking())
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 2"


def test_each_search_is_counted_and_those_the_clock_cut_are_counted_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that plays every candidate out counts in SEARCHES alone; one
    whose clock runs out before its second candidate counts in CUT_SEARCHES
    too; a lone candidate is no search."""
    search = Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 2", "step 1"],
                      lambda g, s, seat: 0.0, samples=1, horizon=2, time_limit=5.0, cut_playouts=True)
    games.bot_search.SEARCHES.take()
    games.bot_search.CUT_SEARCHES.take()
    search.choose(RACE, started(), 0, random.Random(1))
    assert (games.bot_search.SEARCHES.take(), games.bot_search.CUT_SEARCHES.take()) == (1, 0)
    monkeypatch.setattr(games.bot_search, "time", Ticking())
    replace(search, horizon=None).choose(RACE, started(), 0, random.Random(1))
    replace(search, candidates=lambda g, s, seat, rng: ["step 2"]).choose(RACE, started(), 0, random.Random(1))
    assert (games.bot_search.SEARCHES.take(), games.bot_search.CUT_SEARCHES.take()) == (1, 1)


def test_ranking_the_candidates_counts_against_the_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock starts before the candidates are ranked: a ranking that
    takes past the time limit leaves no time for any play-out (the policy's
    illegal step would raise in one), and the best-ranked candidate is played."""
    def slow_ranking(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
        for _ in range(10):
            games.bot_search.clock()
        return ["step 2", "step 1"]

    search = Rollouts(Always("step 9"), slow_ranking, margin, samples=1, time_limit=5.0)
    monkeypatch.setattr(games.bot_search, "time", Ticking())
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 2"


def test_a_search_with_no_playout_finished_in_time_plays_its_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search given a ``fallback`` (a better player than its quick
    play-out policy) plays the fallback's choice when every play-out was
    cut at the time limit, and with a single candidate plays that one."""
    search = Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 2", "step 1"],
                      lambda g, s, seat: 0.0, samples=1, time_limit=5.0, cut_playouts=True,
                      fallback=Always("step 3"))
    monkeypatch.setattr(games.bot_search, "time", Ticking())
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 3"
    single = replace(search, candidates=lambda g, s, seat, rng: ["step 2"])
    assert single.choose(RACE, started(), 0, random.Random(1)) == "step 2"


def test_a_policy_that_picks_an_illegal_action_in_a_playout_raises() -> None:
    """In the world as the seat sees it an illegal action is a bug: the
    play-out raises rather than stopping quietly (step 9 is past the stride)."""
    with pytest.raises(IllegalAction):
        playout(RACE, started("100"), 0, "step 1", Always("step 9"), random.Random(3), 4)
    search = Rollouts(Always("step 9"), lambda g, s, seat, rng: ["step 2", "step 1"], margin, samples=1)
    with pytest.raises(IllegalAction):
        search.choose(RACE, started("100"), 0, random.Random(1))


def test_only_a_sampled_world_may_end_a_playout_early_and_each_end_is_counted() -> None:
    """A world drawn by ``determinize`` may refuse what the seat's view of
    it allowed: the play-out ends there, judged where it stopped, and the
    count the bench reports goes up once per such play-out."""
    games.bot_search.EARLY_ENDS.take()
    end = playout(RACE, started("100"), 0, "step 1", Always("step 9"), random.Random(3), 4, sampled=True)
    assert end is not None and end["positions"] == [1, 0]
    search = Rollouts(Always("step 9"), lambda g, s, seat, rng: ["step 2", "step 1"], margin, samples=2,
                      determinize=lambda g, view, seat, rng: view)
    assert search.choose(RACE, started("100"), 0, random.Random(1)) == "step 2"
    assert games.bot_search.EARLY_ENDS.take() == 1 + 2 * 2
    assert games.bot_search.EARLY_ENDS.take() == 0


def test_a_finished_game_is_judged_by_who_won_and_a_game_still_going_by_its_judgement() -> None:
    judge = WinFirst(lambda g, s, seat: 500.0, margin, won=1000.0)
    going, won, tied = started(), started(), started()
    going["positions"] = [9, 3]
    won["positions"] = [10, 9]
    tied["positions"] = [10, 10]
    assert judge(RACE, going, 0) == 500.0
    assert judge(RACE, won, 0) == 1001.0 and judge(RACE, won, 1) == -1.0
    assert judge(RACE, tied, 1) == 500.0

