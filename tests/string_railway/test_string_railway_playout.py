"""Random games of String Railway at every player count: after every action
the strings are inside the field and within their length, no stations
overlap, and every score worked out again from the table agrees."""

from __future__ import annotations

import random

import pytest

from games.core import CHANCE, State
from games.playout import play_out, random_action, step
from games.string_railway import GAME, board, routes, stations
from games.string_railway.laying import Context, check_path
from games.string_railway.routes import proposals
from games.string_railway.state import typed
from tests.string_railway.string_railway_fixtures import NAMES


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6), (5, 7), (5, 8)])
def test_random_playout_keeps_the_invariants(players: int, seed: int) -> None:
    def check(state: State, seat: int, action: str) -> None:
        problems = GAME.check_invariants(state)
        assert not problems, f"after {seat}:{action}: {problems}"

    final, log = play_out(GAME, NAMES[:players], seed=seed, after_each=check)
    assert GAME.is_over(final)
    s = typed(final)
    assert all(sum(c["strings"].values()) == 0 for c in s["companies"])
    laid = len(s["strings"]) + sum(c["skipped"] for c in s["companies"])
    assert laid == sum(sum(v for v in strings_each(players).values()) for _ in s["companies"])
    for rs in s["strings"]:
        assert board.polyline(rs["path"]).length <= {"short": 30, "long": 60}[rs["length"]] + 1e-9


def strings_each(players: int) -> dict[str, int]:
    from games.string_railway.params import table
    return table().strings_for(players)


def test_every_proposal_is_legal_by_the_typed_rules() -> None:
    rng = random.Random(4)
    state = GAME.new(NAMES[:4], {})
    checked = 0
    while not GAME.is_over(state) and checked < 60:
        if state["phase"] == "string":
            s = typed(state)
            for length in ("short", "long"):
                if s["companies"][s["company"]]["strings"][length]:
                    for laid in proposals(s, s["company"], length):
                        again = check_path(Context.of(s), s["company"], length, list(laid.path))
                        assert again.points == laid.points
                        checked += 1
        state, *_ = step(GAME, state, rng)
    assert checked >= 20


def test_every_panel_step_on_a_full_table_offers_a_way_to_a_complete_action() -> None:
    """Late in a 5-player game (the fullest table), walking the panel from
    fresh (uncached) answers, every step offers options and every walk ends
    in an action the game accepts. How fast a step answers is measured by
    ``bench/panel_latency.py``, not asserted here."""
    rng = random.Random(11)
    state = GAME.new(NAMES[:5], {})
    while not GAME.is_over(state) and typed(state)["turns"] < 16:
        state, *_ = step(GAME, state, rng)
    walked = 0
    for _ in range(12):
        if GAME.is_over(state):
            break
        if CHANCE in GAME.to_act(state):
            state, *_ = step(GAME, state, rng)
            continue
        seat = GAME.to_act(state)[0]
        routes.RECENT_PROPOSALS.clear()
        stations.RECENT_LEGAL_CELLS.clear()
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
        walked += 1
    assert walked >= 6
