"""The store under real load: many games acting at once through the service,
a double click while another game's lobby is written, a failed or cancelled
write followed by other games' moves. Every test here takes the ``store``
fixture, so it runs on every backend."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service import GameService, ServiceError
from bot.store import DuplicateInteraction, NewAction, Store, VersionConflict
from games.core import CHANCE

GAMES = 25
ROUNDS = 8


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


async def _started(service: GameService, base_user: int, goal: str = "100") -> int:
    row = await service.lobby.new_game("race", base_user, f"p{base_user}", {"goal": goal})
    await service.lobby.join(row.id, base_user + 1, f"p{base_user + 1}")
    await service.lobby.start(row.id, base_user)
    return row.id


async def _due_user(service: GameService, game_id: int) -> int:
    b = await service.context.table(game_id)
    seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
    return b.seats[seat].user_id


async def _assert_log_replays_to_state(service: GameService, store: Store, game_id: int) -> None:
    row = await service.context.get(game_id)
    log = await store.log(game_id)
    assert [a.seq for a in log] == list(range(1, row.version + 1))
    assert await service.log.rebuild(game_id) == row.state


async def test_many_games_acting_at_once_all_apply_with_no_raw_errors(store: Store) -> None:
    service = GameService(store, no_render)
    ids = [await _started(service, 10 * g + 1) for g in range(GAMES)]
    rng = random.Random(5)
    for _round in range(ROUNDS):
        users = [await _due_user(service, g) for g in ids]
        calls = [service.turns.act(g, u, f"step {rng.randint(1, 2)}", interaction_id=f"{g}-{_round}")
                 for g, u in zip(ids, users)]
        # lobby traffic of other games at the same moment
        calls += [service.lobby.new_game("race", 9000 + i, f"x{i}") for i in range(5)]
        results = await asyncio.gather(*calls, return_exceptions=True)
        errors = [r for r in results if isinstance(r, BaseException)]
        assert errors == []
    for g in ids:
        assert (await service.context.get(g)).version >= ROUNDS + 1
        await _assert_log_replays_to_state(service, store, g)


async def test_double_click_during_another_games_lobby_write_is_applied_once(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, 1)
    lobby = await service.lobby.new_game("race", 50, "lobbyist")
    user = await _due_user(service, game_id)
    version = (await service.context.get(game_id)).version
    for _ in range(10):
        results = await asyncio.gather(
            service.turns.act(game_id, user, "step 1", interaction_id="click-1"),
            service.lobby.join(lobby.id, 51, "joiner"),
            service.turns.act(game_id, user, "step 1", interaction_id="click-1"),
            service.lobby.leave(lobby.id, 51),
            return_exceptions=True,
        )
        applied = [r for r in (results[0], results[2]) if not isinstance(r, BaseException)]
        refused = [r for r in (results[0], results[2]) if isinstance(r, BaseException)]
        assert len(applied) <= 1 and all(isinstance(r, ServiceError) for r in refused)
        assert not any(isinstance(r, BaseException) and not isinstance(r, ServiceError) for r in results)
    assert (await service.context.get(game_id)).version == version + 1
    await _assert_log_replays_to_state(service, store, game_id)


async def test_a_duplicate_interaction_is_refused_before_anything_changes(store: Store) -> None:
    first = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="a")
    other = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=2, creator_name="b")
    await store.record(first, 0, {"n": 1}, "active", [NewAction(0, "step 1", [], "same-click")])
    with pytest.raises(DuplicateInteraction):
        await store.record(other, 0, {"n": 99}, "active", [NewAction(0, "step 1", [], "same-click")])
    row = await store.get_game(other)
    assert row is not None and row.state is None and row.version == 0 and await store.log(other) == []


async def test_a_taken_sequence_number_is_a_version_conflict_not_a_duplicate(store: Store) -> None:
    game_id = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="a")
    await store.record(game_id, 0, {"n": 1}, "active", [NewAction(0, "step 1", [], "one")])
    with pytest.raises(VersionConflict):
        await store.record(game_id, 0, {"n": 2}, "active", [NewAction(0, "step 2", [], "two")])


async def test_a_failed_write_leaves_nothing_behind_for_the_next_game(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _started(service, 1)
    with pytest.raises(Exception):  # a name the database can't encode (each driver says so its own way)
        await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=7, creator_name="\ud800")
    with pytest.raises(Exception):  # a status the schema forbids
        await store.set_status(game_id, "exploded")
    before = await store.count_games()
    for _ in range(5):
        await service.turns.act(game_id, await _due_user(service, game_id), "step 1")
    lobby = await service.lobby.new_game("race", 20, "next")
    assert [s.name for s in await store.seats(lobby.id)] == ["next"]
    assert await store.count_games() == before + 1
    await _assert_log_replays_to_state(service, store, game_id)


async def test_a_name_the_database_cant_encode_is_stored_cleaned(store: Store) -> None:
    service = GameService(store, no_render)
    row = await service.lobby.new_game("race", 1, "ann\ud800")
    await service.lobby.join(row.id, 2, "\udfffbob")
    assert [s.name for s in await store.seats(row.id)] == ["ann\ufffd", "\ufffdbob"]


async def test_a_cancelled_move_leaves_the_store_consistent(store: Store) -> None:
    service = GameService(store, no_render)
    ids = [await _started(service, 10 * g + 1) for g in range(4)]
    for attempt in range(12):
        users = [await _due_user(service, g) for g in ids]
        tasks = [asyncio.create_task(service.turns.act(g, u, "step 1")) for g, u in zip(ids, users)]
        for _ in range(attempt % 4):
            await asyncio.sleep(0)
        tasks[attempt % len(tasks)].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for g in ids:
        await _assert_log_replays_to_state(service, store, g)
    lobby = await service.lobby.new_game("race", 99, "after")
    assert (await service.context.get(lobby.id)).status == "lobby"
