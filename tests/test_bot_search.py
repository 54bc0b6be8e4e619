"""The hard level's engine (games/bot_search.py) on the stand-in race game."""

from __future__ import annotations

import random

from games.bot_search import Rollouts, playout
from games.core import Game, State
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


def test_a_playout_draws_chance_from_the_bots_rng_and_stops_at_the_horizon() -> None:
    end = playout(RACE, started("100"), 0, "roll", Always("step 1"), random.Random(3), horizon=5)
    assert end is not None
    assert not RACE.is_over(end)
    assert sum(end["positions"]) <= 1 * 2 + 6  # a die, then steps of 1 for the 4 other actions


def test_an_illegal_candidate_is_not_chosen() -> None:
    search = Rollouts(Always("step 1"), lambda g, s, seat, rng: ["step 9", "step 1"], margin)
    assert search.choose(RACE, started(), 0, random.Random(1)) == "step 1"
