"""Pausing and resuming a game whose thread was deleted, through the
service on both stores: each takes the game's lock and checks its version
and status, so of two resumes at once in two processes exactly one opens a
thread; a paused game takes no move in any process; a resume plans the
turn clocks afresh."""

from __future__ import annotations

import asyncio
from typing import Awaitable, Callable

import pytest

from bot.service import GameService, ServiceError
from bot.scheduler import Scheduler
from bot.store import OutboxPost, Store, Timer
from tests.test_store_races import no_render, two_stores  # noqa: F401 - two_stores: two processes' stores

ANN, BOB = 1, 2


async def _paused(service: GameService) -> int:
    row = await service.lobby.new_game("race", ANN, "ann", options={"goal": "100"}, seed=3, channel_id=77)
    await service.lobby.join(row.id, BOB, "bob")
    await service.lobby.start(row.id, ANN)
    await service.lobby.attach_discord(row.id, 500, 400)
    assert await service.seats.pause(row.id)
    return row.id


async def test_two_pauses_at_once_in_two_processes_pause_once(two_stores: tuple[Store, Store]) -> None:
    a, b = GameService(two_stores[0], no_render), GameService(two_stores[1], no_render)
    row = await a.lobby.new_game("race", ANN, "ann", seed=3)
    await a.lobby.join(row.id, BOB, "bob")
    await a.lobby.start(row.id, ANN)
    paused = await asyncio.gather(a.seats.pause(row.id), b.seats.pause(row.id))
    assert sorted(paused) == [False, True]  # the one that paused tells the channel
    assert (await b.context.get(row.id)).status == "paused"


async def test_a_paused_game_takes_no_move_or_undo_in_any_process(two_stores: tuple[Store, Store]) -> None:
    a, b = GameService(two_stores[0], no_render), GameService(two_stores[1], no_render)
    game_id = await _paused(a)
    version = (await a.context.get(game_id)).version
    for service in (a, b):
        for user in (ANN, BOB):
            with pytest.raises(ServiceError, match="is paused: its thread was deleted"):
                await service.turns.act(game_id, user, "step 1")
            with pytest.raises(ServiceError, match="/game resume"):
                await service.turns.undo(game_id, user)
    assert (await b.context.get(game_id)).version == version


async def test_two_resumes_at_once_in_two_processes_open_one_thread(two_stores: tuple[Store, Store]) -> None:
    a, b = GameService(two_stores[0], no_render), GameService(two_stores[1], no_render)
    game_id = await _paused(a)
    opened: list[int] = []

    def opener(thread_id: int) -> Callable[[], Awaitable[int]]:
        async def open_thread() -> int:
            await asyncio.sleep(0.05)  # Discord takes a while: the other resume comes meanwhile
            opened.append(thread_id)
            return thread_id
        return open_thread

    results = await asyncio.gather(a.lobby.resume(game_id, ANN, False, opener(601)),
                                   b.lobby.resume(game_id, BOB, False, opener(602)), return_exceptions=True)
    done = [r for r in results if isinstance(r, tuple)]
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(done) == 1 and len(refused) == 1 and len(opened) == 1
    row = await b.context.get(game_id)
    assert row.status == "active" and row.thread_id == opened[0] == done[0][0]
    assert (await b.context.game_in_thread(opened[0])).id == game_id
    await (a if opened[0] == 601 else b).turns.act(game_id, await _due_user_id(a, game_id), "step 1")  # play goes on


async def test_a_resume_whose_thread_cannot_be_opened_leaves_the_game_paused_to_resume_again(
        store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _paused(service)

    async def fails() -> int:
        raise ServiceError("I could not open a new thread here")

    async def opens() -> int:
        return 603

    with pytest.raises(ServiceError, match="could not open"):
        await service.lobby.resume(game_id, ANN, False, fails)
    assert (await service.context.get(game_id)).status == "paused"
    thread_id, post = await service.lobby.resume(game_id, BOB, False, opens)
    assert thread_id == 603 and "resumes here" in post.text
    assert post.ping_user_ids == [await _due_user_id(service, game_id)]


async def test_a_resume_by_someone_not_playing_needs_manage_threads(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _paused(service)

    async def opens() -> int:
        return 604

    with pytest.raises(ServiceError, match="Only a player of this game"):
        await service.lobby.resume(game_id, 99, False, opens)
    assert (await service.lobby.resume(game_id, 99, True, opens))[0] == 604


async def test_a_resume_drops_the_timers_and_plans_them_again(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _paused(service)
    await store.plan_timers(game_id, (await service.context.get(game_id)).version, [],
                            [Timer(game_id, "clock", 0, 5.0, 0)])

    async def opens() -> int:
        return 605

    await service.lobby.resume(game_id, ANN, False, opens)
    assert await store.timers(game_id) == []
    assert game_id in await store.games_to_plan()


async def _due_user_id(service: GameService, game_id: int) -> int:
    b = await service.context.table(game_id)
    return b.seats[b.game.to_act(b.state)[0]].user_id


async def test_a_paused_game_with_hidden_hands_is_not_exported(store: Store) -> None:
    service = GameService(store, no_render)
    row = await service.lobby.new_game("days-of-steam", ANN, "ann", seed=3)
    await service.lobby.join(row.id, BOB, "bob")
    await service.lobby.start(row.id, ANN)
    assert await service.seats.pause(row.id)
    with pytest.raises(ServiceError, match="once the game is over"):
        await service.log.export(row.id)


async def test_what_was_queued_for_a_paused_games_thread_is_dropped_not_posted(store: Store) -> None:
    service = GameService(store, no_render)
    game_id = await _paused(service)
    await store.queue_post(OutboxPost("remind:x", game_id, "remind", "⏰ your turn", 0.0, (ANN,)))
    notices = await Scheduler(service, lambda: 10.0).tick()
    assert notices == [] and await store.due_posts(1e12) == []


async def test_a_version_6_sqlite_database_is_upgraded_to_allow_pausing_its_running_games(db_path: str) -> None:
    import sqlite3

    from bot.store import open_store
    from bot.store.sqlite import MIGRATIONS

    old = await open_store(db_path)
    service = GameService(old, no_render)
    row = await service.lobby.new_game("race", ANN, "ann", seed=3)
    await service.lobby.join(row.id, BOB, "bob")
    await service.lobby.start(row.id, ANN)
    await old.close()
    db = sqlite3.connect(db_path)  # back to version 6: the CHECK without 'paused'
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET sql = replace(sql, ', ''paused''', '') WHERE name = 'games'")
    db.execute("ALTER TABLE seats DROP COLUMN level")  # and without version 8's bot levels
    db.execute("PRAGMA user_version = 6")
    db.commit()
    db.close()
    store = await open_store(db_path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert await GameService(store, no_render).seats.pause(row.id)
        assert (await store.get_game(row.id)).status == "paused"  # type: ignore[union-attr]
    finally:
        await store.close()
