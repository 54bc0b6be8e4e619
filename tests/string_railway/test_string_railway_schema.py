"""Stored states of an older schema load and continue (``state.py``'s
migrations).

``data/schema1_set_aside.json`` was saved by the code of schema 1, which
dropped a drawn station that fitted nowhere: a 3-player game of bots in its
fifth round, three stations set aside so far, with its action log and the
events that said so.

``data/schema2_crossings.json`` was saved by the code of schema 2, which kept
for each string the places it crossed other strings (``crossings``) where the
score counts the strings crossed: a 4-player game of random players on the
advanced crossing rule, nine strings laid, with its action log and the lay
events that scored each string crossed.
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
SAVED_2 = Path(__file__).parent / "data" / "schema2_crossings.json"


def _saved(path: Path = SAVED) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        saved: dict[str, Any] = json.load(handle)
    return saved


def test_a_schema_1_state_keeps_the_stations_it_set_aside() -> None:
    saved = _saved()
    assert saved["state"]["schema"] == 1 and "set_aside" not in saved["state"]
    upgraded = GAME.upgrade(saved["state"])
    assert upgraded["schema"] == SCHEMA == GAME.schema_version == 3
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


def test_a_schema_2_state_counts_the_strings_each_string_crossed_as_its_score_did() -> None:
    saved = _saved(SAVED_2)
    assert saved["state"]["schema"] == 2
    upgraded = GAME.upgrade(saved["state"])
    assert upgraded["schema"] == SCHEMA == 3
    scored = [event.count("crosses ") for event in saved["lay_events"]]  # one item per string crossed
    assert [rs["crossed"] for rs in upgraded["strings"]] == scored
    places = [rs["crossings"] for rs in saved["state"]["strings"]]
    assert places != scored  # a string crossed twice: the places and the strings differ
    assert [len(rs["cross_at"]) for rs in upgraded["strings"]] == places
    assert not [rs for rs in upgraded["strings"] if "crossings" in rs]
    assert "crossed" not in saved["state"]["strings"][0]  # the stored state itself is not changed


def test_an_upgraded_schema_2_game_plays_to_its_end() -> None:
    state = GAME.upgrade(_saved(SAVED_2)["state"])
    laid = len(state["strings"])
    rng = random.Random(0)
    for _ in range(300):
        if not GAME.to_act(state):
            break
        state, *_ = step(GAME, state, rng)
    assert state["phase"] == "over" and len(state["strings"]) > laid
    assert not GAME.check_invariants(state)
