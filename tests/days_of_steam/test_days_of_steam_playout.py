"""Random games of Days of Steam played to the end with every invariant checked."""

from __future__ import annotations

import pytest

from games.core import CHANCE, State
from games.days_of_steam import GAME
from games.playout import play_out

NAMES = ["ann", "bob", "cid", "dee"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    seen_hands: list[int] = []

    def check(state: State, seat: int, action: str) -> None:
        problems = GAME.check_invariants(state)
        assert not problems, f"seed {seed} after {seat}:{action}: {problems}"
        if state["phase"] == "play" and not state["pending"]:
            seen_hands.extend(len(h) for h in state["hands"])
        if seat != CHANCE and action.startswith("tile"):
            assert state["steam"][seat] >= 1

    final, log = play_out(GAME, NAMES[:players], seed=seed * 7 + players, after_each=check)
    assert GAME.is_over(final)
    assert set(seen_hands) == {3}
    outcome = GAME.outcome(final)
    if final["ended"] == "points":
        assert outcome.ranking[0] == [final["winner"]]
        assert outcome.scores[final["winner"]] >= 13
    else:
        assert sum(final["deck"].values()) == 0
    assert any(a.startswith("move") for _s, a in log)
