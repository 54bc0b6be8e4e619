"""Stored states of schema 3 load and continue: ``schema3_states.json`` holds
mid-game states saved by the schema-3 code (the end as an ``over`` dict, the
last move's squares as ``last["cells"]``), with what that code offered, the
action taken, its events and the state it left."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.core import CHANCE
from games.days_of_steam import GAME
from games.days_of_steam.state import over_as_phase
from games.phases import OVER
from games.playout import step
from tests.support.recorded import outcome_record, replay

SAVED: list[dict[str, Any]] = json.loads((Path(__file__).parent / "schema3_states.json").read_text("utf-8"))
IDS = [f"seed{s['seed']}" for s in SAVED]


@pytest.mark.parametrize("saved", SAVED, ids=IDS)
def test_a_schema_3_state_upgrades_to_phase_over_and_last_where(saved: dict[str, Any]) -> None:
    old = saved["state"]
    assert old["schema"] == 3 and "over" in old and "cells" in old["last"]
    state = GAME.upgrade(old)
    assert state["schema"] == GAME.schema_version == 4
    assert "over" not in state and state["ended"] == "" and state["winner"] is None
    assert state["last"]["where"] == old["last"]["cells"] and "cells" not in state["last"]
    assert "over" in old and "cells" in old["last"]  # the stored state is not changed


@pytest.mark.parametrize("saved", SAVED, ids=IDS)
def test_a_schema_3_state_continues_with_the_same_actions_events_and_state(saved: dict[str, Any]) -> None:
    state = GAME.upgrade(saved["state"])
    seat = saved["seat"]
    assert GAME.to_act(state) == [seat]
    assert [c.text for c in GAME.legal_actions(state, seat)] == saved["legal"]
    applied = GAME.apply(state, seat, saved["action"])
    assert applied.action == saved["canonical"]
    assert applied.events == saved["events"]
    after = dict(over_as_phase(saved["after"]), schema=GAME.schema_version)
    assert applied.state == after
    rng = random.Random(saved["seed"])
    state = applied.state
    while not GAME.is_over(state):
        state = step(GAME, state, rng)[0]
        assert GAME.check_invariants(state) == []
    assert state["phase"] == OVER and state["ended"] in ("deck", "points")


def test_a_finished_schema_3_game_is_over_with_its_reason_and_winner() -> None:
    old = {**SAVED[0]["state"], "over": {"reason": "points", "winner": 2}}
    state = GAME.upgrade(old)
    assert (state["phase"], state["ended"], state["winner"]) == (OVER, "points", 2)
    assert GAME.is_over(state) and GAME.to_act(state) == [] and CHANCE not in GAME.to_act(state)


def test_a_whole_game_recorded_in_schema_2_replays_to_its_upgraded_final_state() -> None:
    """``recorded_schema2.json`` is the recorded fixture as schema 2 stored
    it (before ``current``, ``phase == "over"`` and ``last["where"]``): its
    log replays today to the state its final state upgrades to."""
    rec = json.loads((Path(__file__).parent / "recorded_schema2.json").read_text("utf-8"))
    assert rec["final"]["schema"] == 2 and rec["final"]["over"] is not None
    final = replay(GAME, rec)
    assert final == GAME.upgrade(rec["final"])
    assert outcome_record(GAME, final) == rec["outcome"]
