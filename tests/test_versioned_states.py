"""Versioned states: a game stored in an older state format is upgraded on
load by the game's registered migrations and plays on; a state from a newer
Railyard, or one with no migration path, is refused with a reason.

The stand-in game Race (tests/support/race.py) is at schema 2: schema 1
stored the seat to move under ``turn``, schema 2 under ``current``."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService, ServiceError
from bot.store import NewAction, Store
from games.core import CHANCE, IllegalAction
from tests.support.race import RACE


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


def schema_1_state() -> dict[str, Any]:
    """A Race state exactly as a schema-1 Railyard stored it: ann to move."""
    return {"schema": 1, "game": "race", "chance_taken": 1, "players": ["ann", "bob"],
            "positions": [0, 0], "turn": 0, "rolling": False, "goal": 10, "stride": 2, "last": None}


async def _stored(store: Store, state: dict[str, Any]) -> int:
    """A started game of ann and bob whose stored state is ``state``."""
    game_id = await store.create_game(slug="race", options={"goal": "10", "stride": "2"}, secret=bytes(32),
                                      creator_id=1, creator_name="ann")
    await store.add_seat(game_id, 2, "bob")
    await store.record(game_id, 0, state, "active", [NewAction(CHANCE, "first 0", ["ann starts."])])
    return game_id


def test_race_migration_renames_turn_to_current() -> None:
    upgraded = RACE.upgrade(schema_1_state())
    assert upgraded["schema"] == RACE.schema_version == 2
    assert upgraded["current"] == 0 and "turn" not in upgraded
    assert schema_1_state()["turn"] == 0  # the stored state itself is not changed


async def test_state_saved_in_previous_format_loads_and_plays_on(db_path: str) -> None:
    from bot.store import open_store

    store = await open_store(db_path)
    try:
        service = GameService(store, renderer=no_render)
        game_id = await _stored(store, schema_1_state())
        board = await service.context.board(game_id, 1)
        assert board.due == [0] and board.view["current"] == 0
        assert "ann to move" in (await service.pictures.status(game_id, 1)).text
        await service.turns.act(game_id, 1, "step 2")
        row = await service.context.get(game_id)
        assert row.state is not None
        assert row.state["schema"] == 2 and row.state["current"] == 1 and "turn" not in row.state
        assert row.state["positions"] == [2, 0]
        assert row.state == await service.log.rebuild(game_id)  # the upgraded game is its log replayed
    finally:
        await store.close()


async def test_state_from_a_newer_railyard_is_refused(db_path: str) -> None:
    from bot.store import open_store

    store = await open_store(db_path)
    try:
        service = GameService(store, renderer=no_render)
        newer = {**schema_1_state(), "schema": 3}
        game_id = await _stored(store, newer)
        with pytest.raises(ServiceError, match="newer Railyard"):
            await service.turns.act(game_id, 1, "step 2")
        row = await service.context.get(game_id)
        assert row.state == newer and row.version == 1
    finally:
        await store.close()


def test_state_with_no_migration_path_is_refused() -> None:
    class Skipped(type(RACE)):  # type: ignore[misc]
        schema_version = 3  # no migration from 2 to 3

    with pytest.raises(IllegalAction, match="older format \\(version 2\\)"):
        Skipped().upgrade(schema_1_state())
