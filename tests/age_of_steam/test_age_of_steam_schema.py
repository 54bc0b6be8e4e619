"""Stored states of an older schema load and continue (``state.py``'s
migrations).

``data/schema1_mid_build.json`` was saved by the code of schema 1 (the
game-turn number in ``turn``, the highlight in ``last["hexes"]``): a
3-player game in its second turn's Build Track, a builder with a tile
placed (so his undo record holds an older ``last``), with the action log
that led there.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.age_of_steam import GAME
from games.age_of_steam.state import SCHEMA
from games.core import CHANCE
from games.playout import step

SAVED = Path(__file__).parent / "data" / "schema1_mid_build.json"


def _saved() -> dict[str, Any]:
    with open(SAVED, encoding="utf-8") as handle:
        saved: dict[str, Any] = json.load(handle)
    return saved


def test_a_schema_1_state_upgrades_to_the_state_its_log_replays_to() -> None:
    saved = _saved()
    assert saved["state"]["schema"] == 1 and "turn" in saved["state"]
    state = GAME.new(saved["players"], {})
    for seat, text in saved["log"]:
        state = GAME.apply(state, seat, text).state
    upgraded = GAME.upgrade(saved["state"])
    assert upgraded["schema"] == SCHEMA == GAME.schema_version
    assert upgraded == state


def test_an_upgraded_schema_1_state_undoes_into_the_new_words() -> None:
    saved = _saved()
    state = GAME.upgrade(saved["state"])
    seat = GAME.to_act(state)[0]
    undone = GAME.apply(state, seat, "undo").state
    assert undone["last"] == {"kind": "build", "seat": 1, "round": 1, "where": ["E10", "J9"]}
    assert "Turn 2/10" in GAME.status_line(undone)


def test_an_upgraded_schema_1_state_plays_on_to_the_end() -> None:
    state = GAME.upgrade(_saved()["state"])
    rng = random.Random(3)
    for _ in range(5000):
        if GAME.is_over(state):
            break
        state, seat, _action, _events = step(GAME, state, rng)
        assert GAME.check_invariants(state) == [], seat
    assert GAME.is_over(state) and state["round"] <= state["rounds"]
    assert CHANCE not in GAME.to_act(state)


SAVED_2 = Path(__file__).parent / "data" / "schema2_mid_move.json"
"""Saved by the code of schema 2 (before the map option): a 3-player Rust
Belt game in its third turn's Move Goods, with the log that led there."""


def test_a_schema_2_state_is_a_rust_belt_game_equal_to_its_replay() -> None:
    with open(SAVED_2, encoding="utf-8") as handle:
        saved: dict[str, Any] = json.load(handle)
    assert saved["state"]["schema"] == 2 and "map" not in saved["state"]
    state = GAME.new(saved["players"], {})
    for seat, text in saved["log"]:
        state = GAME.apply(state, seat, text).state
    upgraded = GAME.upgrade(saved["state"])
    assert upgraded["map"] == "rust-belt"
    assert upgraded["map_cubes"] == {} and upgraded["blocked"] == [] and upgraded["priority"] is None
    assert upgraded == state
