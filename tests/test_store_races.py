"""Every change to a game takes the game's lock and names its version, on
both backends, with two bot processes on one database (two stores, two
services): a move never revives a game the other process archived, a join
never slips in under a start, a keep-alive never follows an archive, and a
seat is handed to the bot once. A write cancelled at any await leaves the
connection usable (on SQLite it once stayed inside the transaction); a
PostgreSQL commit whose answer is lost is looked
up before anyone is told; a frozen or locked PostgreSQL server is answered
"can't save moves right now" instead of waiting without end."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

import asyncpg
import pytest

from bot.scheduler import IDLE_AFTER, IDLE_GRACE, Notice, Scheduler
from bot.service import UNAVAILABLE, UNCERTAIN, GameService, Post, ServiceError, Unavailable
from bot.store import Schedule, Store, open_store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SQLiteStore
from games.core import CHANCE
from tests.test_scheduler import FakeClock

T = TypeVar("T")
ANN, BOB, CID = 1, 2, 3


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


@pytest.fixture
async def two_stores(store_target: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database: two bot processes."""
    a, b = await open_store(store_target), await open_store(store_target)
    yield a, b
    await a.close()
    await b.close()


async def _lobby(service: GameService, players: int = 2) -> int:
    row = await service.lobby.new_game("race", ANN, "ann", options={"goal": "100"}, seed=3)
    for user, name in ((BOB, "bob"), (CID, "cid"))[: players - 1]:
        await service.lobby.join(row.id, user, name)
    return row.id


async def _started(service: GameService, players: int = 2) -> int:
    game_id = await _lobby(service, players)
    await service.lobby.start(game_id, ANN)
    return game_id


async def _due_user(service: GameService, game_id: int) -> int:
    b = await service.context.table(game_id)
    return b.seats[next(s for s in b.game.to_act(b.state) if s != CHANCE)].user_id


async def _meanwhile(rival: Awaitable[T]) -> asyncio.Task[T]:
    """Start the other process's change now and let it run to its end,
    unless the game's lock holds it back until the change under way is done
    (then it goes on afterwards)."""
    task = asyncio.ensure_future(rival)
    await asyncio.wait({task}, timeout=1.0)
    return task


def _before_record(store: Store, rival: Callable[[], Awaitable[Any]]) -> list[asyncio.Task[Any]]:
    """Run ``rival`` (once) when the service under way asks ``store`` for
    the game's chance secret: after it has read the game, before it writes."""
    started: list[asyncio.Task[Any]] = []
    real = store.secret

    async def secret(game_id: int) -> bytes:
        if not started:
            started.append(await _meanwhile(rival()))
        return await real(game_id)

    store.secret = secret  # type: ignore[method-assign]
    return started


async def _outcome(task: asyncio.Task[T]) -> T | BaseException:
    try:
        return await task
    except ServiceError as exc:
        return exc


# -- every status or seat change takes the lock and the version ----------------

async def test_a_game_archived_by_one_process_gets_no_move_from_the_other(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    mover, archiver = GameService(a, no_render), GameService(b, no_render).seats
    game_id = await _started(mover)
    version = (await mover.context.get(game_id)).version
    rivals = _before_record(a, lambda: archiver.end_quietly(game_id, "active"))
    moved = await _outcome(asyncio.ensure_future(mover.turns.act(game_id, await _due_user(mover, game_id), "step 1")))
    archived = await rivals[0]
    row = await mover.context.get(game_id)
    # one after the other, in either order: an archived game stays archived
    assert row.status == ("abandoned" if archived else "active"), (moved, archived)
    assert row.version == version + (1 if isinstance(moved, Post) else 0)
    assert isinstance(moved, Post) or "same moment" in str(moved)
    assert [x.seq for x in await a.log(game_id)] == list(range(1, row.version + 1))


async def test_a_join_in_one_process_never_slips_under_a_start_in_the_other(
        two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    starter, joiner = GameService(a, no_render), GameService(b, no_render)
    game_id = await _lobby(starter, players=2)
    rivals = _before_record(a, lambda: _outcome(asyncio.ensure_future(joiner.lobby.join(game_id, CID, "cid"))))
    started = await _outcome(asyncio.ensure_future(starter.lobby.start(game_id, ANN)))
    joined = await rivals[0]
    assert isinstance(started, Post) != isinstance(joined, str), (started, joined)  # exactly one happened
    row = await starter.context.get(game_id)
    seats = [s.name for s in await a.seats(game_id)]
    if isinstance(started, Post):
        assert row.status == "active" and seats == ["ann", "bob"]
        assert row.state is not None and row.state["players"] == seats
        assert await starter.log.rebuild(game_id) == row.state
    else:
        assert row.status == "lobby" and seats == ["ann", "bob", "cid"]
        await starter.lobby.start(game_id, ANN)  # the start, tried again, has all three
        row = await starter.context.get(game_id)
        assert row.state is not None and row.state["players"] == seats
        assert await starter.log.rebuild(game_id) == row.state


async def test_a_lobby_expired_by_one_process_is_not_started_by_the_other(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    starter, expirer = GameService(a, no_render), GameService(b, no_render).seats
    game_id = await _lobby(starter, players=2)
    rivals = _before_record(a, lambda: expirer.end_quietly(game_id, "lobby"))
    started = await _outcome(asyncio.ensure_future(starter.lobby.start(game_id, ANN)))
    expired = await rivals[0]
    assert isinstance(started, Post) != expired, (started, expired)  # exactly one happened
    row = await starter.context.get(game_id)
    assert row.status == ("abandoned" if expired else "active")
    assert row.version == (0 if expired else len(await a.log(game_id)))


def _kinds(notices: list[Notice] | None) -> list[str]:
    return [n.kind for n in notices or []]


async def test_a_keepalive_never_reopens_a_game_the_other_scheduler_just_archived(
        two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    clock = FakeClock()
    service = GameService(a, no_render)
    game_id = await _started(service)
    await service.seats.set_schedule(game_id, Schedule(remind_every=None))
    one, two = Scheduler(service, clock), Scheduler(GameService(b, no_render), clock)
    await one.tick()
    clock.advance(IDLE_AFTER + 1)
    assert "idle_warning" in _kinds(await one.tick())
    clock.advance(IDLE_GRACE + 1)
    due = {t.kind: t for t in await a.due_timers(clock())}
    assert {"idle", "keepalive"} <= set(due)
    archived: list[list[Notice]] = []
    real = a.claim_timer

    async def claim(*args: Any, **kwargs: Any) -> bool:
        if not archived:  # the other scheduler archives the game just now
            archived.append(await two.fire(due["idle"], clock()))
        return await real(*args, **kwargs)

    a.claim_timer = claim  # type: ignore[method-assign]
    kept = await one.fire(due["keepalive"], clock())
    assert _kinds(archived[0]) == ["idle_archived"]
    assert (await service.context.get(game_id)).status == "abandoned"
    assert "keepalive" not in _kinds(kept)


async def test_an_idle_game_moved_in_another_process_since_its_plan_is_not_archived(
        two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    clock = FakeClock()
    service, elsewhere = GameService(a, no_render), GameService(b, no_render)
    game_id = await _started(service)
    await service.seats.set_schedule(game_id, Schedule(remind_every=None))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    clock.advance(IDLE_AFTER + 1)
    assert "idle_warning" in _kinds(await scheduler.tick())
    clock.advance(IDLE_GRACE + 1)
    idle = next(t for t in await a.due_timers(clock()) if t.kind == "idle")
    await elsewhere.turns.act(game_id, await _due_user(elsewhere, game_id), "step 1")  # not planned for here yet
    assert "idle_archived" not in _kinds(await scheduler.fire(idle, clock()))
    assert (await service.context.get(game_id)).status == "active"
    assert "idle_archived" not in [p.kind for p in await a.due_posts(clock() + 10 * IDLE_AFTER)]  # nor queued
    await scheduler.tick()  # the move is planned for: a fresh idle watch
    assert any(t.kind == "idle" and t.count == 0 for t in await a.timers(game_id))


async def test_two_hand_to_the_bot_clicks_at_once_are_done_and_told_once(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    service = GameService(a, no_render)
    here, there = service.seats, GameService(b, no_render).seats
    game_id = await _started(service, players=3)
    told = await asyncio.gather(here.leave_to_bot(game_id, BOB), there.leave_to_bot(game_id, BOB),
                                return_exceptions=True)
    done = [t for t in told if isinstance(t, str)]
    refused = [t for t in told if isinstance(t, BaseException)]
    assert len(done) == 1 and "the bot" in done[0], told
    assert len(refused) == 1 and isinstance(refused[0], ServiceError), told
    assert "already" in str(refused[0])
    assert [s.bot for s in await a.seats(game_id)] == [False, True, False]


async def test_two_timed_out_to_bot_clicks_at_once_are_done_and_told_once(two_stores: tuple[Store, Store]) -> None:
    a, b = two_stores
    clock = FakeClock()
    service = GameService(a, no_render)
    game_id = await _started(service, players=3)
    await service.seats.set_schedule(game_id, Schedule(None, 3600.0))
    scheduler = Scheduler(service, clock)
    await scheduler.tick()
    late = await _due_user(service, game_id)
    others = [u for u in (ANN, BOB, CID) if u != late]
    clock.advance(3600.0)
    assert "clock" in _kinds(await scheduler.tick())
    here, there = service.seats, GameService(b, no_render).seats
    told = await asyncio.gather(here.timed_out_to_bot(game_id, others[0]),
                                there.timed_out_to_bot(game_id, others[1]), return_exceptions=True)
    done = [t for t in told if isinstance(t, str)]
    refused = [t for t in told if isinstance(t, BaseException)]
    assert len(done) == 1 and "clock ran out" in done[0], told
    assert len(refused) == 1 and isinstance(refused[0], ServiceError), told
    assert "already" in str(refused[0])


# -- a cancellation at any await ----------------------------------------------------------

def _cancel_at_call(store: Store, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Count the driver calls made by ``target["task"]`` and cancel that task
    at call number ``target["at"]``: the cancellation lands at the await of
    that very statement, which runs on (in aiosqlite's thread, or on the
    server), as a real cancellation leaves it."""
    target: dict[str, Any] = {"task": None, "at": 0, "calls": 0}

    def hit() -> None:
        if target["task"] is not None and asyncio.current_task() is target["task"]:
            target["calls"] += 1
            if target["calls"] == target["at"]:
                target["task"].cancel()

    if isinstance(store, SQLiteStore):
        db: Any = store.db
        for name in ("execute", "executemany"):
            def counted(real: Callable[..., Any]) -> Callable[..., Any]:
                def call(*args: Any, **kwargs: Any) -> Any:
                    hit()
                    return real(*args, **kwargs)
                return call
            setattr(db, name, counted(getattr(db, name)))
        return target
    for name in ("execute", "executemany", "fetch", "fetchval"):
        def counted_async(real: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
            async def call(*args: Any, **kwargs: Any) -> Any:
                hit()
                return await real(*args, **kwargs)
            return call
        monkeypatch.setattr(asyncpg.connection.Connection, name,
                            counted_async(getattr(asyncpg.connection.Connection, name)))
    return target


async def test_a_write_cancelled_at_any_await_rolls_back_and_the_next_write_works(
        two_stores: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch) -> None:
    """A move is cancelled at each of its awaits on the database in turn
    (the lock, BEGIN, each statement, COMMIT): each time the game is at the
    version before or after the move, never half, and the next write works
    here and in another process."""
    store, other = two_stores
    if isinstance(store, SQLiteStore):
        await store.db.execute("PRAGMA busy_timeout = 300")
        assert isinstance(other, SQLiteStore)
        await other.db.execute("PRAGMA busy_timeout = 300")
    service = GameService(store, no_render)
    game_id = await _started(service)
    target = _cancel_at_call(store, monkeypatch)
    at = 0
    while True:
        at += 1
        before = await service.context.get(game_id)
        user = await _due_user(service, game_id)
        target.update(at=at, calls=0)
        task = asyncio.ensure_future(service.turns.act(game_id, user, "step 1"))
        target["task"] = task
        try:
            async with asyncio.timeout(60):  # only ends a hang
                await task
            cancelled = False
        except asyncio.CancelledError:
            cancelled = True
        target["task"] = None
        after = await service.context.get(game_id)
        assert after.version in (before.version, before.version + 1)
        assert [x.seq for x in await store.log(game_id)] == list(range(1, after.version + 1))
        async with asyncio.timeout(60):
            await other.set_discord_ids(game_id, None, at)  # another process writes
            await store.set_discord_ids(game_id, None, -at)  # and this one
        if not cancelled:
            break
    assert at > 5  # the lock, BEGIN, the statements and COMMIT were each cancelled in turn
    await service.turns.act(game_id, await _due_user(service, game_id), "step 1")
    assert await service.log.rebuild(game_id) == (await service.context.get(game_id)).state


# -- PostgreSQL: a commit whose answer is lost ------------------------------------------

@pytest.fixture
async def pg_store(postgres_url: str) -> AsyncIterator[PostgresStore]:
    store = await PostgresStore.open(postgres_url)
    yield store
    await store.close()


def _fault_at_commit(monkeypatch: pytest.MonkeyPatch, *, lands: bool,
                     failed_lookups: int = 0) -> tuple[list[bool], list[int]]:
    """The next COMMIT loses its connection, after the server committed
    (``lands``) or before it got the COMMIT; the next ``failed_lookups``
    queries after it lose theirs too (the database can't be asked: it is
    restarting, or silent until the count is cleared). Armed by setting the
    first flag; the second is the count of queries still to fail."""
    armed, failing = [False], [0]
    real_execute = asyncpg.connection.Connection.execute
    real_fetch = asyncpg.connection.Connection.fetch

    async def execute(self: asyncpg.Connection[Any], query: str, *args: Any, timeout: float | None = None) -> str:
        if armed[0] and query.strip().rstrip(";").upper() == "COMMIT":
            armed[0], failing[0] = False, failed_lookups
            if lands:
                await real_execute(self, query, *args, timeout=timeout)
            self.terminate()
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
        return await real_execute(self, query, *args, timeout=timeout)

    async def fetch(self: asyncpg.Connection[Any], query: str, *args: Any, timeout: float | None = None) -> Any:
        if failing[0] > 0:
            failing[0] -= 1
            self.terminate()
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")
        return await real_fetch(self, query, *args, timeout=timeout)

    monkeypatch.setattr(asyncpg.connection.Connection, "execute", execute)
    monkeypatch.setattr(asyncpg.connection.Connection, "fetch", fetch)
    return armed, failing


def _arm_before_record(store: Store, armed: list[bool]) -> None:
    real = store.secret

    async def secret(game_id: int) -> bytes:
        found = await real(game_id)
        armed[0] = True  # the next COMMIT: the move's
        return found

    store.secret = secret  # type: ignore[method-assign]


SILENT = 10**6
"""Look-ups that fail: the database stays silent until the test lets it answer."""


@pytest.mark.parametrize(("fault", "lands", "failed_lookups", "answer"), [
    ("the answer to a COMMIT that landed is lost", True, 0, "done"),
    ("a COMMIT that never reached the server", False, 0, UNAVAILABLE),
    ("a landed COMMIT's answer lost, the database restarting for the first look-ups", True, 3, "done"),
    ("a COMMIT that never landed, the database restarting for the first look-ups", False, 3, UNAVAILABLE),
    ("a landed COMMIT's answer lost, the database silent since", True, SILENT, UNCERTAIN),
])
async def test_a_move_whose_commit_answer_is_lost_is_looked_up_before_answering(
        pg_store: PostgresStore, monkeypatch: pytest.MonkeyPatch, fault: str, lands: bool, failed_lookups: int,
        answer: str) -> None:
    """Told "done" when it landed, "nothing changed" only when it did not,
    and that it can't tell only when the database can't be asked for a few
    seconds (it is looked up again meanwhile, as a restarting server comes
    back)."""
    service = GameService(pg_store, no_render)
    game_id = await _started(service)
    version = (await service.context.get(game_id)).version
    user = await _due_user(service, game_id)
    armed, failing = _fault_at_commit(monkeypatch, lands=lands, failed_lookups=failed_lookups)
    _arm_before_record(pg_store, armed)
    if failed_lookups == SILENT:
        pg_store.outcome_lookup_s = 1.0  # the bound, shortened: look-ups at about 0, 0.1, 0.3 and 0.7 s
    try:
        post = await service.turns.act(game_id, user, "step 1", interaction_id="777")
        told = "done"
        assert post.seq == version + 1
    except Unavailable as exc:
        told = str(exc)
    assert told == answer, fault
    if failed_lookups == SILENT:  # looked up again and again for the bounded while, then told
        assert SILENT - failing[0] >= 3
    failing[0] = 0  # the database answers again
    assert (await service.context.get(game_id)).version == version + lands
    assert [x.interaction_id for x in await pg_store.log(game_id)].count("777") == lands


# -- PostgreSQL: bounded waits -----------------------------------------------------------

async def _bounded_store(url: str) -> PostgresStore:
    return await PostgresStore.open(url, lock_timeout_s=0.5, statement_timeout_s=1.0, command_timeout_s=1.5,
                                    acquire_timeout_s=1.5)


async def _railyard_backends(url: str) -> list[int]:
    name = url.rsplit("/", 1)[-1]
    conn = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres")
    try:
        rows = await conn.fetch("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = "
                                "'railyard'", name)
    finally:
        await conn.close()
    return [int(r["pid"]) for r in rows]


async def test_a_frozen_server_is_answered_cant_save_moves_right_now(postgres_url: str) -> None:
    store = await _bounded_store(postgres_url)
    try:
        service = GameService(store, no_render)
        game_id = await _started(service)
        user = await _due_user(service, game_id)
        version = (await service.context.get(game_id)).version
        frozen = await _railyard_backends(postgres_url)
        assert frozen
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        try:
            async with asyncio.timeout(60):  # the bound under test is far shorter; this only ends a hang
                with pytest.raises(Unavailable) as told:
                    await service.turns.act(game_id, user, "step 1")
        finally:
            for pid in frozen:
                os.kill(pid, signal.SIGCONT)
        assert str(told.value) in (UNAVAILABLE, UNCERTAIN)
        async with asyncio.timeout(60):
            for _ in range(3):  # the frozen sessions are dropped; fresh ones serve
                try:
                    await service.turns.act(game_id, user, "step 1")
                    break
                except Unavailable:
                    continue
        assert (await service.context.get(game_id)).version == version + 1
    finally:
        await store.close()


@pytest.mark.parametrize("held", ["the game's lock", "the game's row"])
async def test_a_game_held_elsewhere_is_answered_cant_save_moves_right_now(postgres_url: str, held: str) -> None:
    store, other = await _bounded_store(postgres_url), await PostgresStore.open(postgres_url)
    try:
        service = GameService(store, no_render)
        game_id = await _started(service)
        user = await _due_user(service, game_id)
        version = (await service.context.get(game_id)).version
        holder = await asyncpg.connect(postgres_url)
        try:
            async with holder.transaction():
                if held == "the game's lock":
                    await holder.execute("SELECT pg_advisory_xact_lock($1, $2)", 0x52594C44, game_id)
                else:
                    await holder.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
                async with asyncio.timeout(60):  # only ends a hang
                    with pytest.raises(Unavailable) as told:
                        await service.turns.act(game_id, user, "step 1")
                    with pytest.raises(Unavailable):
                        await service.lobby.abandon(game_id, ANN, False)
        finally:
            await holder.close()
        assert str(told.value) == UNAVAILABLE
        row = await service.context.get(game_id)
        assert (row.version, row.status) == (version, "active")
        await service.turns.act(game_id, user, "step 1")
    finally:
        await store.close()
        await other.close()


async def test_a_keepalive_delivered_after_the_game_was_archived_does_not_reopen_its_thread(store: Store) -> None:
    """The keep-alive was claimed while the game was active, then another
    scheduler archived it (and its thread) before Discord was asked: the
    thread stays closed."""
    from bot.ui import post_notice

    service = GameService(store, no_render)
    game_id = await _started(service)
    assert await service.seats.end_quietly(game_id, "active")
    asked: list[int] = []

    class Bot:
        def __init__(self) -> None:
            self.service = service

        async def fetch_channel(self, channel_id: int) -> object:
            asked.append(channel_id)
            raise AssertionError("the thread of an archived game is never reopened")

    assert await post_notice(Bot(), Notice("keepalive", game_id, 777))  # type: ignore[arg-type]
    assert asked == []
