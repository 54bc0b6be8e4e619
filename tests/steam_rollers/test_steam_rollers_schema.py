"""Stored states of an older schema load and continue: ``schema1_states.json``
holds mid-round states saved by schema 1 (``turn`` an index into ``order``,
the last move's ``hexes``), with what that code offered and did next."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.playout import step
from games.steam_rollers import GAME

SAVED: list[dict[str, Any]] = json.loads((Path(__file__).parent / "schema1_states.json").read_text("utf-8"))


@pytest.mark.parametrize("saved", SAVED, ids=[f"seed{s['seed']}" for s in SAVED])
def test_a_schema_1_state_upgrades_to_the_current_seat_and_where(saved: dict[str, Any]) -> None:
    old = saved["state"]
    assert old["schema"] == 1 and "turn" in old
    state = GAME.upgrade(old)
    assert state["schema"] == GAME.schema_version == 2
    assert "turn" not in state and state["current"] == old["order"][old["turn"]]
    assert state["last"]["where"] == old["last"]["hexes"] and "hexes" not in state["last"]
    assert "turn" in old  # the stored state is not changed


@pytest.mark.parametrize("saved", SAVED, ids=[f"seed{s['seed']}" for s in SAVED])
def test_a_schema_1_state_continues_with_the_same_actions_and_events(saved: dict[str, Any]) -> None:
    state = GAME.upgrade(saved["state"])
    seat = saved["seat"]
    assert GAME.to_act(state) == [seat]
    assert [c.text for c in GAME.legal_actions(state, seat)] == saved["legal"]
    applied = GAME.apply(state, seat, saved["action"])
    assert applied.events == saved["events"]
    rng = random.Random(saved["seed"])
    state = applied.state
    while not GAME.is_over(state):
        state = step(GAME, state, rng)[0]
        assert GAME.check_invariants(state) == []
