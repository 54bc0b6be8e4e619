"""The PostgreSQL store on a real server (started by the test run): two bot
processes on one database, the schema version, opening failures told in one
line, faults answered as "unavailable", and the driver glue (placeholders,
row counts, constraint names, error classes)."""

from __future__ import annotations

import asyncio
import time

import asyncpg
import pytest

from bot.service import DAMAGED, GameService, ServiceError, Unavailable
from bot.store import (DuplicateInteraction, NewAction, StoreOpenError, StoreUnavailable, UniqueViolation,
                       open_store)
from bot.store.postgres import (SCHEMA_VERSION, PostgresStore, changed_rows, classify, constraint_column,
                                numbered, redacted)
from bot.store.sqlite import MIGRATIONS, SQLiteStore
from games.core import CHANCE
from tests.support.postgres_server import PASSWORD, PASSWORD_ROLE, PostgresServer, free_port


def no_render(state: object, viewer: object) -> bytes:
    return b"png"


async def _race(service: GameService) -> int:
    row = await service.lobby.new_game("race", 1, "ann", options={"goal": "100"}, seed=3)
    await service.lobby.join(row.id, 2, "bob")
    await service.lobby.start(row.id, 1)
    return row.id


async def _due_user(service: GameService, game_id: int) -> int:
    b = await service.context.table(game_id)
    seat = next(s for s in b.game.to_act(b.state) if s != CHANCE)
    return b.seats[seat].user_id


async def _sessions(url: str) -> int:
    """Railyard's connections open on the database of ``url``."""
    name = url.rsplit("/", 1)[-1]
    conn = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres")
    try:
        return int(await conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'railyard'", name))
    finally:
        await conn.close()


# -- the schema -------------------------------------------------------------

def test_schema_version_means_the_same_as_sqlites() -> None:
    assert SCHEMA_VERSION == PostgresStore.schema_version_known == SQLiteStore.schema_version_known == len(MIGRATIONS)


async def test_open_selects_the_backend_by_url(postgres_url: str) -> None:
    for url in (postgres_url, postgres_url.replace("postgresql://", "postgres://", 1)):
        store = await open_store(url)
        try:
            assert isinstance(store, PostgresStore) and store.backend == "postgres"
            assert await store.schema_version() == SCHEMA_VERSION
        finally:
            await store.close()


async def test_two_processes_starting_at_once_create_the_schema_once(postgres_url: str) -> None:
    a, b = await asyncio.gather(PostgresStore.open(postgres_url), PostgresStore.open(postgres_url))
    try:
        assert await a.schema_version() == await b.schema_version() == SCHEMA_VERSION
        game_id = await a.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
        assert (await b.get_game(game_id)) is not None
    finally:
        await a.close()
        await b.close()


async def test_newer_schema_is_refused_on_open_and_nothing_stays_connected(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    await store.close()
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("UPDATE railyard_schema SET version = $1", SCHEMA_VERSION + 1)
    await conn.close()
    with pytest.raises(StoreOpenError) as refused:
        await open_store(postgres_url)
    message = str(refused.value)
    assert "\n" not in message
    assert f"schema version {SCHEMA_VERSION + 1}" in message and f"Railyard's {SCHEMA_VERSION}" in message
    assert await _sessions(postgres_url) == 0


# -- opening failures ---------------------------------------------------------

async def test_refused_connection_is_one_line_promptly_and_without_the_password() -> None:
    url = f"postgresql://railyard:hunter2-secret@127.0.0.1:{free_port()}/railyard"
    started = time.monotonic()
    with pytest.raises(StoreOpenError) as refused:
        await open_store(url)
    assert time.monotonic() - started < 5
    message = str(refused.value)
    assert "\n" not in message and "hunter2-secret" not in message
    assert "can't connect" in message and "railyard:***@127.0.0.1" in message


async def test_wrong_password_is_one_line_without_the_password(postgres_server: PostgresServer) -> None:
    wrong = "not-" + PASSWORD
    with pytest.raises(StoreOpenError) as refused:
        await open_store(postgres_server.url("postgres", PASSWORD_ROLE, wrong))
    message = str(refused.value)
    assert "\n" not in message and wrong not in message and PASSWORD not in message
    assert "password authentication failed" in message


@pytest.mark.parametrize("url", [
    "postgresql://railyard:hunter2-secret@127.0.0.1:notaport/railyard",
    "postgresql://railyard:hunter2-secret@/railyard?sslmode=bogus",
])
async def test_bad_url_is_one_line_without_the_password(url: str) -> None:
    with pytest.raises(StoreOpenError) as refused:
        await open_store(url)
    message = str(refused.value)
    assert "\n" not in message and "hunter2-secret" not in message


async def test_missing_database_is_one_line(postgres_server: PostgresServer) -> None:
    with pytest.raises(StoreOpenError, match="does not exist") as refused:
        await open_store(postgres_server.url("no_such_database"))
    assert "\n" not in str(refused.value)


def test_redacted_url_hides_only_the_password() -> None:
    assert redacted("postgresql://bot:p%40ss@db.example:5432/rail") == "postgresql://bot:***@db.example:5432/rail"
    assert redacted("postgresql://bot@db/rail") == "postgresql://bot@db/rail"


# -- two bot processes on one database ---------------------------------------

async def test_two_processes_acting_on_one_game_never_both_apply(postgres_url: str) -> None:
    """Two stores, two services (two bot processes), the same player's
    different moves sent to both at once: each time exactly one applies and
    the other is judged against the new state (never a lost race), and the
    log has no gap and no double."""
    a, b = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        first, second = GameService(a, no_render), GameService(b, no_render)
        game_id = await _race(first)
        applied = 0
        for round_ in range(12):
            user = await _due_user(first, game_id)
            moves = (first.turns.act(game_id, user, "step 1"), second.turns.act(game_id, user, "step 2"))
            results = await asyncio.gather(*(moves if round_ % 2 else moves[::-1]), return_exceptions=True)
            done = [r for r in results if not isinstance(r, BaseException)]
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(done) == 1, results
            assert len(refused) == 1 and isinstance(refused[0], ServiceError), results
            assert "not your turn" in str(refused[0]), refused[0]
            applied += 1
        row = await b.get_game(game_id)
        assert row is not None
        log = await a.log(game_id)
        assert [x.seq for x in log] == list(range(1, row.version + 1))
        assert sum(1 for x in log if x.seat != CHANCE) == applied
    finally:
        await a.close()
        await b.close()


async def test_game_lock_excludes_another_process_until_released(postgres_url: str) -> None:
    a, b = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        async with a.game_lock(7):
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(b.game_lock(7).__aenter__(), 0.3)  # cancelled while waiting
            async with b.game_lock(8):  # another game is not held up
                pass
        async with asyncio.timeout(5):
            async with b.game_lock(7):  # released, also by the cancelled waiter
                pass
            async with a.game_lock(7):
                pass
    finally:
        await a.close()
        await b.close()


async def test_cancelled_move_releases_its_game_lock(postgres_url: str) -> None:
    a, b = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        held = asyncio.Event()

        async def move() -> None:
            async with a.game_lock(5):
                held.set()
                await asyncio.sleep(60)

        task = asyncio.create_task(move())
        await held.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        async with asyncio.timeout(5):
            async with b.game_lock(5):
                pass
    finally:
        await a.close()
        await b.close()


async def test_duplicate_interaction_from_another_process_is_refused_with_nothing_changed(
    postgres_url: str,
) -> None:
    a, b = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        service = GameService(a, no_render)
        game_id = await _race(service)
        user = await _due_user(service, game_id)
        await service.turns.act(game_id, user, "step 1", interaction_id="4242")
        before = await b.get_game(game_id)
        assert before is not None
        log_before = await b.log(game_id)
        with pytest.raises(DuplicateInteraction):
            await b.record(game_id, before.version, {"changed": True}, "finished",
                           [NewAction(1, "step 2", ["x"], "4242")])
        with pytest.raises(ServiceError, match="already taken"):
            await GameService(b, no_render).turns.act(game_id, await _due_user(service, game_id), "step 1",
                                                      interaction_id="4242")
        assert await a.get_game(game_id) == before
        assert await a.log(game_id) == log_before
    finally:
        await a.close()
        await b.close()


async def test_cancelled_transaction_is_rolled_back_and_its_connection_reused(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url, max_size=2)
    try:
        game_id = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
        inside = asyncio.Event()

        async def write() -> None:
            async with store.transaction() as tx:
                await tx.execute("UPDATE games SET status = 'finished' WHERE id = ?", (game_id,))
                inside.set()
                await asyncio.sleep(60)

        for _ in range(3):  # more cancellations than the pool has connections
            inside.clear()
            task = asyncio.create_task(write())
            await inside.wait()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        async with asyncio.timeout(5):
            row = await store.get_game(game_id)
            assert row is not None and row.status == "lobby"
            await store.set_status(game_id, "active")
            assert (await store.get_game(game_id)).status == "active"  # type: ignore[union-attr]
    finally:
        await store.close()


# -- faults ------------------------------------------------------------------

async def test_lost_connection_and_read_only_database_are_unavailable_then_recover(
    postgres_server: PostgresServer, postgres_url: str,
) -> None:
    store = await PostgresStore.open(postgres_url)
    name = postgres_url.rsplit("/", 1)[-1]
    try:
        service = GameService(store, no_render)
        game_id = await _race(service)
        postgres_server.psql(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
        postgres_server.psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
        for _ in range(2):  # the lost connection, then a read-only one
            with pytest.raises(StoreUnavailable):
                await store.set_status(game_id, "abandoned")
        with pytest.raises(Unavailable):
            await service.turns.act(game_id, await _due_user(service, game_id), "step 1")
        postgres_server.psql(f"ALTER DATABASE {name} SET default_transaction_read_only = off")
        postgres_server.psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")
        for _ in range(3):
            try:
                await service.turns.act(game_id, await _due_user(service, game_id), "step 1")
                break
            except Unavailable:
                continue  # the connection lost to the second termination
        else:
            pytest.fail("the store did not recover")
        row = await store.get_game(game_id)
        assert row is not None and row.status == "active"
        assert [x.seq for x in await store.log(game_id)] == list(range(1, row.version + 1))
    finally:
        await store.close()


async def test_a_page_found_garbled_while_running_is_answered_as_damage(
    postgres_server: PostgresServer, postgres_url: str, caplog: pytest.LogCaptureFixture,
) -> None:
    """A heap page of ``games`` overwritten on disk and read afresh: the
    server answers "invalid page in block 0" (XX001), which the player
    hears as damage with what to do, not as a passing fault."""
    store = await PostgresStore.open(postgres_url)
    name = postgres_url.rsplit("/", 1)[-1]
    try:
        service = GameService(store, no_render)
        game_id = await _race(service)
        user = await _due_user(service, game_id)
        postgres_server.psql("CREATE EXTENSION IF NOT EXISTS pg_buffercache", database=name)
        postgres_server.psql("CHECKPOINT", database=name)
        relation = postgres_server.psql("SELECT pg_relation_filepath('games')", database=name)
        postgres_server.psql("SELECT pg_buffercache_evict_relation('games')", database=name)  # read afresh
        with open(postgres_server.data / relation, "r+b") as file:
            file.write(b"\xa5" * 8192)
        with pytest.raises(Unavailable) as told:
            await service.turns.act(game_id, user, "step 1")
        assert str(told.value) == DAMAGED
        logged = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert logged and all("damaged" in m and "XX001" in m and "backup" in m for m in logged)
    finally:
        await store.close()


async def test_backup_points_to_pg_dump(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    try:
        with pytest.raises(Exception, match="pg_dump") as told:
            await store.backup("/tmp/railyard.dump")
        assert "\n" not in str(told.value)
    finally:
        await store.close()


# -- the driver glue -----------------------------------------------------------

@pytest.mark.parametrize("sql, expected", [
    ("SELECT a FROM t WHERE b = ? AND c = ?", "SELECT a FROM t WHERE b = $1 AND c = $2"),
    ("INSERT INTO t VALUES (?, 'what?', ?)", "INSERT INTO t VALUES ($1, 'what?', $2)"),
    ("SELECT 'it''s ?', ? -- why?\n, ?", "SELECT 'it''s ?', $1 -- why?\n, $2"),
    ("SELECT E'\\' ?', \"odd?col\", ? /* ? */", "SELECT E'\\' ?', \"odd?col\", $1 /* ? */"),
    ("SELECT $tag$ ? $tag$, ?, $$?$$", "SELECT $tag$ ? $tag$, $1, $$?$$"),
    ("SELECT 1", "SELECT 1"),
])
def test_placeholders_are_numbered_only_outside_literals(sql: str, expected: str) -> None:
    assert numbered(sql) == expected


def test_changed_rows_come_from_the_command_status() -> None:
    assert [changed_rows(s) for s in ("UPDATE 1", "INSERT 0 3", "DELETE 0", "BEGIN")] == [1, 3, 0, 0]


def test_unique_constraints_name_their_column() -> None:
    assert constraint_column("actions_interaction_id_key") == "interaction_id"
    assert constraint_column("actions_pkey") == "seq"
    assert constraint_column("games_thread_id_key") == "thread_id"


@pytest.mark.parametrize("error", [
    asyncpg.DiskFullError, asyncpg.ReadOnlySQLTransactionError, asyncpg.LockNotAvailableError,
    asyncpg.TooManyConnectionsError, asyncpg.AdminShutdownError, asyncpg.CannotConnectNowError,
    asyncpg.ConnectionDoesNotExistError, asyncpg.DeadlockDetectedError, asyncpg.SerializationError,
])
def test_faults_of_the_database_are_unavailable(error: type[Exception]) -> None:
    assert isinstance(classify(error("the database says no")), StoreUnavailable)


def test_connection_loss_is_unavailable_and_mistakes_are_not() -> None:
    assert isinstance(classify(ConnectionResetError("reset by peer")), StoreUnavailable)
    mistake = asyncpg.UndefinedColumnError("no such column")
    assert classify(mistake) is mistake


async def test_unique_violations_are_classified_by_column(postgres_url: str) -> None:
    store = await PostgresStore.open(postgres_url)
    try:
        game_id = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=1, creator_name="ann")
        with pytest.raises(UniqueViolation) as taken:
            await store.add_seat(game_id, 1, "ann again")
        assert taken.value.column == "user_id"
        await store.set_discord_ids(game_id, 99, None)
        other = await store.create_game(slug="race", options={}, secret=bytes(32), creator_id=2, creator_name="bob")
        with pytest.raises(UniqueViolation) as thread:
            await store.set_discord_ids(other, 99, None)
        assert thread.value.column == "thread_id"
    finally:
        await store.close()
