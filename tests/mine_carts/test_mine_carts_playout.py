"""Random legal games of Mine Carts, 2 and 4 players, over many seeds: the
invariants hold after every action (68 cards conserved across deck,
factories, grid and discard; carts only on track or waiting in their towns
and the mine; gold counted), every game ends by one of its two ends, and
replays to the same state."""

from __future__ import annotations

import pytest

from games.core import CHANCE, State
from games.mine_carts import GAME
from games.mine_carts.state import typed
from games.playout import play_out, replay
from rendering import render

NAMES = ["ann", "bob", "cid", "dee"]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_invariants_and_end(players: int, seed: int) -> None:
    scored = [0, 0]
    reshuffles = 0

    def check(state: State, seat: int, action: str) -> None:
        nonlocal reshuffles
        problems = GAME.check_invariants(state)
        assert not problems, f"after {seat}:{action}: {problems}"
        s = typed(state)
        if seat != CHANCE and s["last"] is not None and s["last"]["kind"] == "switch" and action.split()[0] in (
                "green", "orange", "fuchsia"):
            for move in s["last"]["moves"]:
                if move["scored"] is not None:
                    scored[move["scored"]] += 1
        reshuffles += action.split().count("reshuffle")
        assert [t["gold"] for t in s["teams"]] == scored
        assert reshuffles <= 1

    final, log = play_out(GAME, NAMES[:players], seed, after_each=check)
    s = typed(final)
    assert s["ended"] in ("gold", "deck")
    if s["ended"] == "deck":
        assert s["reshuffled"] and reshuffles == 1
    assert replay(GAME, NAMES[:players], {}, log) == final


def test_a_random_game_renders_at_every_phase() -> None:
    seen: set[str] = set()

    def draw(state: State, seat: int, action: str) -> None:
        phase = typed(state)["phase"]
        if phase not in seen:
            seen.add(phase)
            assert render(GAME.view(state, None), None)[:4] == b"\x89PNG"

    play_out(GAME, NAMES, 1, after_each=draw)
    assert {"lay", "switch", "draw", "over"} <= seen
