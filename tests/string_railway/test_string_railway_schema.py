"""Stored states of an older schema load and continue (``state.py``'s
migrations).

``data/schema1_set_aside.json`` was saved by the code of schema 1, which
dropped a drawn station that fitted nowhere: a 3-player game of bots in its
fifth round, three stations set aside so far, with its action log and the
events that said so.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.playout import step
from games.string_railway import GAME
from games.string_railway.params import tile_kinds
from games.string_railway.state import SCHEMA

SAVED = Path(__file__).parent / "data" / "schema1_set_aside.json"


def _saved() -> dict[str, Any]:
    with open(SAVED, encoding="utf-8") as handle:
        saved: dict[str, Any] = json.load(handle)
    return saved


def test_a_schema_1_state_keeps_the_stations_it_set_aside() -> None:
    saved = _saved()
    assert saved["state"]["schema"] == 1 and "set_aside" not in saved["state"]
    upgraded = GAME.upgrade(saved["state"])
    assert upgraded["schema"] == SCHEMA == GAME.schema_version == 2
    kinds = [tile_kinds()[t - 1] for t in upgraded["set_aside"]]
    said = [e.split(" station")[0].split()[-1] for e in saved["set_aside_events"]]
    assert sorted(kinds) == sorted(said) and len(kinds) == 3
    assert not [p for p in GAME.check_invariants(upgraded) if "station tile" in p]
    assert "set_aside" not in saved["state"]  # the stored state itself is not changed


def test_an_upgraded_schema_1_game_plays_to_its_end() -> None:
    state = GAME.upgrade(_saved()["state"])
    rng = random.Random(0)
    for _ in range(200):
        if not GAME.to_act(state):
            break
        state, *_ = step(GAME, state, rng)
        assert not [p for p in GAME.check_invariants(state) if "station tile" in p]
    assert state["phase"] == "over"
    assert len(state["strings"]) > len(_saved()["state"]["strings"])
