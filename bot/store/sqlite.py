"""The embedded store: one SQLite file through aiosqlite.

One connection, in WAL mode with ``synchronous=FULL`` (a commit is on disk
when it returns, so "Done" is never said of a move that a power cut could
take back). The connection is owned by one caller at a time: every
transaction and every read holds the store's lock from its first statement
to its last, so no other coroutine's statement can land inside it, and a
transaction always ends in COMMIT or ROLLBACK. The schema is migrated by
``PRAGMA user_version``.

Opening is quick whatever the file's size (ready in well under two seconds
with 100,000 games, even from a cold disk): the file's header (an SQLite
file, not cut short), its schema (Railyard's tables for its version, no
other program's, not newer than this Railyard's) and a real write (a
rolled-back change of the header: a read-only file or file system is
refused here, not at the first move) are checked at once. The full page
check, ``PRAGMA quick_check``, reads the whole file: it runs on a read-only
connection of its own (:meth:`SQLiteStore.full_check`), in the background
once the bot is up, and as ``railyard check``.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import threading
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, AsyncIterator, Sequence

import aiosqlite

from .base import Store
from .core import Tx
from .errors import StoreDamaged, StoreError, StoreOpenError, StoreUnavailable, UniqueViolation

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER,
        thread_id INTEGER UNIQUE,
        lobby_message_id INTEGER,
        slug TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        state TEXT,
        schema_version INTEGER,
        version INTEGER NOT NULL DEFAULT 0,
        creator_id INTEGER NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX games_channel ON games (channel_id);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL DEFAULT '[]',
        interaction_id TEXT UNIQUE,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
        WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id) > 0
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    """,
    # 2: a 256-bit chance secret per game instead of a guessable seed (games
    # in progress get a fresh one: their past stays in the log); archiving.
    """
    ALTER TABLE games ADD COLUMN secret TEXT;
    UPDATE games SET secret = lower(hex(randomblob(32)));
    ALTER TABLE games DROP COLUMN seed;
    ALTER TABLE games ADD COLUMN archived_at REAL;
    CREATE INDEX games_housekeeping ON games (status, updated_at);
    CREATE TABLE archived_logs (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        log BLOB NOT NULL
    );
    DROP TRIGGER actions_append_only_delete;
    CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
        WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id AND archived_at IS NULL) > 0
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    """,
    # 3: the thread post reporting each move (the message to correct when
    # the move is taken back), by the number of the move's log entry.
    """
    CREATE TABLE posts (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 4: games that last a week: bot seats, each game's reminder and clock
    # settings, the stored due times the scheduler picks up, reminder mutes.
    """
    ALTER TABLE seats ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE schedules (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        remind_every REAL DEFAULT 43200,
        turn_clock REAL,
        hours TEXT NOT NULL DEFAULT '',
        zone TEXT NOT NULL DEFAULT 'UTC',
        planned_version INTEGER NOT NULL DEFAULT -1,
        replan INTEGER NOT NULL DEFAULT 0,
        nudged_at REAL
    );
    CREATE TABLE timers (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL,
        due_at REAL,
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, kind, seat)
    );
    CREATE INDEX timers_due ON timers (due_at);
    CREATE TABLE reminder_mutes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 5: the outbox: what the scheduler committed to post (a bot's move, a
    # reminder...) and Discord has not yet accepted, kept until it has.
    """
    CREATE TABLE outbox (
        key TEXT PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        seat INTEGER,
        seq INTEGER,
        version INTEGER,
        text TEXT NOT NULL,
        pings TEXT NOT NULL DEFAULT '[]',
        created_at REAL NOT NULL,
        leased_until REAL NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_due ON outbox (leased_until);
    """,
    # 6: standings: each player's turn notice (a DM or the thread's ping),
    # each server's rule for games with bot seats, and the ratings (derived
    # from finished games: `railyard ratings rebuild` writes them again).
    """
    CREATE TABLE player_settings (
        user_id INTEGER PRIMARY KEY,
        notify TEXT NOT NULL DEFAULT 'thread'
    );
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        bot_games TEXT NOT NULL DEFAULT 'humans'
    );
    CREATE TABLE rating_pools (
        guild_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        touched INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, slug)
    );
    CREATE TABLE rated_games (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        finished_at REAL NOT NULL,
        match TEXT NOT NULL
    );
    CREATE INDEX rated_games_pool ON rated_games (guild_id, slug, finished_at, game_id);
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, slug, user_id)
    );
    CREATE TABLE game_results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        finished_at REAL NOT NULL,
        won INTEGER NOT NULL,
        score INTEGER NOT NULL,
        mu_before REAL,
        sigma_before REAL,
        mu_after REAL,
        sigma_after REAL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX game_results_member ON game_results (guild_id, user_id, slug, finished_at);
    """,
    # 7: a game whose thread was deleted mid-game is paused until resumed
    # in a new thread. Widening a CHECK changes no stored row, so the
    # table's text is edited in place (SQLite's documented way for CHECK
    # constraints) instead of copying the games table and its references.
    """
    PRAGMA writable_schema = ON;
    UPDATE sqlite_master SET sql = replace(
        sql, '''finished'', ''abandoned'')',
        '''finished'', ''abandoned'', ''paused'')')
        WHERE type = 'table' AND name = 'games';
    PRAGMA writable_schema = RESET;
    """,
    # 8: a bot seat's level (games.bots.LEVELS), chosen when the bot is
    # seated or handed the seat; seats made before keep playing as they
    # did, at normal.
    """
    ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal';
    """,
    # 9: the due timers in firing order straight from the index: a tick
    # reads the earliest few of thousands due without sorting them all.
    """
    DROP INDEX IF EXISTS timers_due;
    CREATE INDEX timers_due ON timers (due_at, game_id, kind, seat);
    """,
)

SQLITE_MAGIC = b"SQLite format 3\x00"


def header_problem(path: str) -> str | None:
    """What is wrong with the header of the file at ``path`` (None: nothing,
    or no file yet): not an SQLite file, a page size SQLite never writes, or
    shorter than the pages its header counts (cut short). Reads 100 bytes."""
    try:
        with open(path, "rb") as file:
            head = file.read(100)
            size = os.fstat(file.fileno()).st_size
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"can't read it: {exc.strerror or exc}"
    if size == 0:
        return None  # a new, empty file: SQLite writes its header
    if len(head) < 100 or not head.startswith(SQLITE_MAGIC):
        return "it is not an SQLite database (its header is not SQLite's)"
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"its header is damaged (page size {page_size})"
    pages = int.from_bytes(head[28:32], "big")
    # The page count is valid when written by the same change as the header,
    # and final when no -wal or -journal is left to finish (a crash within a
    # checkpoint leaves the header ahead of the pages the -wal still holds).
    unfinished = any(os.path.exists(path + tail) and os.path.getsize(path + tail) > 0
                     for tail in ("-wal", "-journal"))
    if pages and head[24:28] == head[92:96] and not unfinished and size < pages * page_size:
        return f"it is cut short ({size} bytes; its header counts {pages} pages of {page_size})"
    return None


@lru_cache(maxsize=None)
def expected_tables(version: int) -> dict[str, frozenset[str]]:
    """Railyard's tables and their columns at schema ``version`` (the
    migrations up to it, applied to an empty in-memory database)."""
    db = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS[:version]:
            db.executescript(script)
        return _tables(db)
    finally:
        db.close()


_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"


def _tables(db: sqlite3.Connection) -> dict[str, frozenset[str]]:
    names = [r[0] for r in db.execute(_TABLES)]
    return {n: frozenset(r[1] for r in db.execute(f'PRAGMA table_info("{n}")')) for n in names}


def schema_problem(found: dict[str, frozenset[str]], version: int) -> str | None:
    """What is wrong with the tables ``found`` for a Railyard database of
    schema ``version`` (None: nothing): another program's tables in a file
    Railyard never wrote, or Railyard's tables missing or short of columns."""
    if version == 0:
        if found:
            return (f"it is not a Railyard database (it holds another program's tables: "
                    f"{', '.join(sorted(found)[:3])})")
        return None
    for table, columns in expected_tables(version).items():
        if table not in found:
            return f"it is not a Railyard database of schema version {version} (no table {table})"
        missing = columns - found[table]
        if missing:
            return f"its table {table} lacks the column {sorted(missing)[0]} of schema version {version}"
    return None


_UNAVAILABLE = re.compile(
    r"locked|busy|disk|full|readonly|read-only|i/o|unable to open|out of memory",
    re.IGNORECASE,
)
_DAMAGED_CODES = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
"""SQLite's answers for damaged data: "database disk image is malformed"
(a garbled page) and "file is not a database" (a garbled header)."""
_DAMAGED = re.compile(r"malformed|not a database", re.IGNORECASE)


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether SQLite answered that the file's data is damaged (by its
    primary result code, or its message where the code is missing)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _DAMAGED_CODES
    return bool(_DAMAGED.search(str(exc)))


def _classify(exc: sqlite3.Error, path: str) -> Exception:
    """The store's error for a driver error on the database at ``path``: a
    unique constraint by column, damaged data as StoreDamaged, another fault
    of the database as StoreUnavailable, anything else as it is."""
    text = str(exc)
    if isinstance(exc, sqlite3.IntegrityError) and text.startswith("UNIQUE constraint failed:"):
        column = text.rsplit(".", 1)[-1].strip()
        return UniqueViolation(column, text)
    if isinstance(exc, sqlite3.DatabaseError) and is_damage(exc):
        return StoreDamaged(f"the database {path} is damaged ({text}): stop the bot, run `railyard check` "
                            f"and restore a backup")
    if isinstance(exc, (sqlite3.OperationalError, sqlite3.DatabaseError)) and not isinstance(
        exc, sqlite3.IntegrityError
    ) and _UNAVAILABLE.search(text):
        return StoreUnavailable(text)
    return exc


class QuickCheck:
    """``PRAGMA quick_check`` of the file at ``path`` on a read-only
    connection of its own, run in a daemon thread (a process that stops
    never waits for it) that :meth:`interrupt` ends early."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._stopped = threading.Event()

    def problems(self) -> list[str]:
        """What the check finds ([] when the file is sound), at most ten."""
        uri = Path(self.path).resolve().as_uri() + "?mode=ro"
        try:
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        except sqlite3.Error as exc:
            return [f"can't open it to check: {exc}"]
        try:
            if self._stopped.is_set():
                return ["interrupted"]
            rows = [str(r[0]) for r in self._db.execute("PRAGMA quick_check(10)")]
        except sqlite3.Error as exc:
            return [str(exc)]
        finally:
            self._db.close()
        return [] if rows == ["ok"] else rows or ["no answer"]

    def interrupt(self) -> None:
        self._stopped.set()
        if self._db is not None:
            try:
                self._db.interrupt()
            except sqlite3.Error:
                pass  # already closed

    async def run(self) -> list[str]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[list[str]] = loop.create_future()

        def settle(result: list[str]) -> None:
            if not done.done():
                done.set_result(result)

        def work() -> None:
            result = self.problems()
            try:
                loop.call_soon_threadsafe(settle, result)
            except RuntimeError:
                pass  # the loop has closed: nobody waits for the answer

        threading.Thread(target=work, name="railyard-quick-check", daemon=True).start()
        try:
            return await done
        finally:
            self.interrupt()


class _Tx(Tx):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self.db.execute(sql, params) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        async with self.db.execute(sql, params) as cur:
            return [tuple(r) for r in await cur.fetchall()]


class SQLiteStore(Store):
    """The store in one SQLite file."""

    backend = "sqlite"
    schema_version_known = len(MIGRATIONS)

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        self.closed = False
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, *, busy_timeout_ms: int = 5000, check: bool = False) -> "SQLiteStore":
        """Open, check and migrate the database at ``path`` (created when
        missing): its header, schema and a write probe, quickly; the full
        page check too when ``check`` (it reads the whole file: see
        :meth:`full_check`). Any failure closes the connection and raises
        :class:`StoreOpenError` with one line naming the database and why."""
        if os.path.isdir(path):
            raise StoreOpenError(f"can't open the database {path}: it is a folder, not a file")
        if path != ":memory:" and not path.startswith("file:"):
            problem = await asyncio.to_thread(header_problem, path)
            if problem is not None:
                raise StoreOpenError(f"can't use the database {path}: {problem}")
        connection = aiosqlite.connect(path, isolation_level=None)
        try:
            db = await connection
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread on a failed connect; wait for
            # it, so it never reports to an event loop that has closed.
            worker = getattr(connection, "_thread", None)
            if worker is not None:
                await asyncio.to_thread(worker.join, 5)
            raise StoreOpenError(f"can't open the database {path}: {exc}") from None
        store = cls(db, path)
        try:
            await store._prepare(busy_timeout_ms, check)
        except BaseException as exc:
            await store.close()
            if isinstance(exc, StoreOpenError):
                raise
            if isinstance(exc, (sqlite3.Error, StoreError)):
                raise StoreOpenError(f"can't use the database {path}: {exc}") from None
            raise
        return store

    async def _prepare(self, busy_timeout_ms: int, check: bool) -> None:
        tx = _Tx(self.db)
        await tx.fetchall(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise StoreOpenError(
                f"the database {self.path} has schema version {version}, newer than this Railyard's "
                f"{len(MIGRATIONS)}: run a newer Railyard, or restore a backup"
            )
        async with self._lock:
            names = [r[0] for r in await tx.fetchall(_TABLES)]
            found = {n: frozenset(r[1] for r in await tx.fetchall(f'PRAGMA table_info("{n}")')) for n in names}
        problem = schema_problem(found, version)
        if problem is not None:
            raise StoreOpenError(f"can't use the database {self.path}: {problem}")
        if check:
            problems = await self.full_check()
            if problems:
                raise StoreOpenError(f"the database {self.path} is damaged (quick_check: {problems[0]})")
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=FULL"):
            await tx.fetchall(f"PRAGMA {pragma}")
        await self.migrate()
        await self._write_probe()

    async def _write_probe(self) -> None:
        """Refuse a database we can read but not write (a read-only file,
        folder or file system, a lock held elsewhere) now, not at the first
        move: a real change of the header, rolled back. An empty
        ``BEGIN IMMEDIATE`` is not enough: on a read-only file system whose
        ``-wal`` and ``-shm`` files exist it succeeds."""
        async with self._lock:
            try:
                version = int((await _Tx(self.db).fetchall("PRAGMA user_version"))[0][0])
                await self.db.execute("BEGIN IMMEDIATE")
                await self.db.execute(f"PRAGMA user_version = {version}")
            except sqlite3.Error as exc:
                raise StoreOpenError(f"can't write to the database {self.path}: {exc}") from None
            finally:
                await asyncio.shield(self._rollback())

    async def full_check(self) -> list[str]:
        """``PRAGMA quick_check`` over the whole file, on a read-only
        connection of its own in a worker thread (moves go on meanwhile):
        the problems found, [] when the file is sound. Minutes on a big
        cold file: run in the background, or by ``railyard check``."""
        if self.path == ":memory:":
            return []  # nothing on a disk to check
        return await QuickCheck(self.path).run()

    async def close(self) -> None:
        """Close the connection (once; closing again does nothing)."""
        if not self.closed:
            self.closed = True
            await self.db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            rows = await _Tx(self.db).fetchall("PRAGMA user_version")
        return int(rows[0][0]) if rows else 0

    async def migrate(self) -> None:
        """Apply the migrations after the database's ``user_version``, each in
        a transaction of its own."""
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            async with self._lock:
                try:
                    await self.db.executescript(f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; COMMIT;")
                except BaseException:
                    await asyncio.shield(self._rollback())
                    raise

    async def _rollback(self) -> None:
        try:
            await self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # no transaction was open (BEGIN or COMMIT had already failed)

    async def _roll_back_fully(self) -> None:
        """Roll back, and wait for it even when cancelled meanwhile (the
        cancellation is raised once it is done): the store's lock is never
        let go with a transaction still open on the connection."""
        rollback = asyncio.ensure_future(self._rollback())
        cancelled = False
        while not rollback.done():
            try:
                await asyncio.shield(rollback)
            except asyncio.CancelledError:
                cancelled = True
        if not rollback.cancelled():
            rollback.exception()  # taken: the transaction's own error is the one to tell
        if cancelled:
            raise asyncio.CancelledError

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """BEGIN IMMEDIATE ... COMMIT under the store's lock. A cancellation
        or error at any await, BEGIN's included (the statement runs on in
        aiosqlite's thread even when its awaiting is cancelled), rolls back
        before the lock is let go, so the connection is never left inside a
        transaction."""
        async with self._lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                yield _Tx(self.db)
                await self.db.execute("COMMIT")
            except BaseException as exc:
                await self._roll_back_fully()
                if isinstance(exc, sqlite3.Error):
                    raise _classify(exc, self.path) from exc
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self._lock:
            try:
                yield _Tx(self.db)
            except sqlite3.Error as exc:
                raise _classify(exc, self.path) from exc

    def share_locked(self, select: str) -> str:
        """``select`` as it is: SQLite's writes are serial, so a write under
        way has ended before a transaction reads."""
        return select

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        # One process writes an SQLite file at a time; the expected-version
        # check in record() catches a second process all the same.
        yield

    async def backup(self, target: str) -> None:
        """An online copy through SQLite's backup API (consistent even while
        games are being played)."""
        if os.path.exists(target):
            raise StoreError(f"{target} already exists: choose a new file for the backup")
        dest = await aiosqlite.connect(target)
        try:
            async with self._lock:
                await self.db.backup(dest)
        finally:
            await dest.close()
