"""The server store: PostgreSQL through an asyncpg pool.

For big deployments and for several bot processes on one database. Every
write is one real transaction on one pooled connection, rolled back on any
exception or cancellation and committed otherwise; PostgreSQL's commit is
durable when it returns (``synchronous_commit`` is left on), so a move is
acknowledged only once it is safely stored.

Several processes
    :meth:`PostgresStore.game_lock` takes a session advisory lock on the
    game for the whole read-apply-write of a move, so two bot processes never
    apply to the same game at once; the expected-version check in
    :meth:`Store.record` stays the last guard.

Bounded waits
    A frozen or overloaded server never holds a move without end: every
    statement is bounded on the server (``statement_timeout``, and
    ``lock_timeout`` for a row or advisory lock) and, for a server that
    answers nothing at all, on the client (asyncpg's ``command_timeout``),
    and so is taking a connection from the pool. Past the bound the caller
    gets :class:`~bot.store.StoreUnavailable`.

Commits whose answer is lost
    A driver error at COMMIT that is not the server's answer (the
    connection dropped, the server froze) leaves the outcome unknown:
    :class:`~bot.store.OutcomeUnknown`, which :meth:`Store.record` resolves
    by looking the write up.

Schema
    The same logical schema as SQLite's latest migration (Discord ids are
    BIGINT, times double precision, the archived log bytea, the append-only
    triggers in plpgsql). Its version lives in the one-row table
    ``railyard_schema`` and means what SQLite's ``user_version`` means; it is
    created on first open, under an advisory lock, so two processes starting
    at once don't race.
"""

from __future__ import annotations

import asyncio
import re
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, AsyncIterator, NoReturn, Sequence
from urllib.parse import unquote, urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from .base import Store
from .core import Tx
from .errors import OutcomeUnknown, StoreDamaged, StoreError, StoreOpenError, StoreUnavailable, UniqueViolation
from .postgres_schema import POSTS_TABLE as POSTS_TABLE, SCHEMA as SCHEMA, UPGRADES as UPGRADES

SCHEMA_VERSION = 9
"""The schema version this Railyard writes: the same number as SQLite's
``user_version`` for the same logical schema (``len(sqlite.MIGRATIONS)``)."""
SCHEMA_BASE_VERSION = 2
"""The version :data:`SCHEMA` creates; a new database then takes the
:data:`UPGRADES` from there, like an old one."""

LOCK_NAMESPACE = 0x52594C44
"""First key of every advisory lock Railyard takes ("RYLD"): a game's lock is
``(LOCK_NAMESPACE, game id)``."""
SCHEMA_LOCK_NAMESPACE = LOCK_NAMESPACE + 1
"""The advisory lock held while the schema is created or checked."""
UNLOCK_TIMEOUT_S = 5.0
"""How long releasing a game's lock may take before its session is ended
instead (which releases it too)."""
MIGRATION_TIMEOUT_S = 1800.0
"""How long the client waits for one schema upgrade script (the only
statements not bounded like a move's)."""


CONSTRAINT_COLUMNS = {
    "actions_interaction_id_key": "interaction_id",
    "actions_pkey": "seq",
    "games_thread_id_key": "thread_id",
    "seats_pkey": "seat",
    "seats_game_id_user_id_key": "user_id",
    "archived_logs_pkey": "game_id",
}
"""The constrained column of each unique constraint, as SQLite names it in
its "UNIQUE constraint failed: table.column" (the last column of a composite
key), so :meth:`Store.record` classifies both backends alike."""

_UNAVAILABLE_CLASSES = ("08", "53", "57", "58")
"""SQLSTATE classes of a database that can't serve now: connection
exceptions, insufficient resources (disk full, out of memory, too many
connections), operator intervention (admin shutdown, cannot connect now,
query cancelled) and system errors."""
_UNAVAILABLE_STATES = ("25006", "55P03", "40001", "40P01")
"""Read-only transaction, lock not available (lock timeout), serialization
failure and deadlock: nothing was changed, and trying again is safe."""
_DAMAGED_STATES = ("XX001", "XX002")
"""Data corrupted (a garbled page: "invalid page in block ...") and index
corrupted: the statement failed, nothing was changed, trying again won't
mend it."""


def constraint_column(constraint: str | None) -> str:
    """The column a unique constraint guards, from the constraint's name
    (``<table>_<column>_key`` by PostgreSQL's convention when not listed)."""
    if constraint is None:
        return ""
    if constraint in CONSTRAINT_COLUMNS:
        return CONSTRAINT_COLUMNS[constraint]
    match = re.fullmatch(r"[a-z]+_(\w+)_key", constraint)
    return match.group(1) if match else constraint


def classify(exc: BaseException) -> BaseException:
    """The store's error for a driver error: a unique constraint by column,
    damaged data as StoreDamaged, a database that can't serve now as
    StoreUnavailable, anything else as it is."""
    if isinstance(exc, asyncpg.UniqueViolationError):
        return UniqueViolation(constraint_column(exc.constraint_name), one_line(exc))
    if isinstance(exc, asyncpg.PostgresError):
        state = str(getattr(exc, "sqlstate", "") or "")
        if state in _DAMAGED_STATES:
            return StoreDamaged(f"the database reports damaged data ({state}: {one_line(exc)}): see the "
                                f"server's log, and restore a backup (pg_restore)")
        if state[:2] in _UNAVAILABLE_CLASSES or state in _UNAVAILABLE_STATES:
            return StoreUnavailable(one_line(exc))
        return exc
    if isinstance(exc, (asyncpg.ConnectionDoesNotExistError, asyncpg.InternalClientError, OSError, TimeoutError)):
        return StoreUnavailable(one_line(exc) or type(exc).__name__)
    if isinstance(exc, asyncpg.InterfaceError) and "connection" in str(exc) and "closed" in str(exc):
        return StoreUnavailable(one_line(exc))
    return exc


_DRIVER_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError,
                  TimeoutError)
"""What the driver raises: classified by :func:`classify` on the way out."""


def raise_classified(exc: BaseException) -> NoReturn:
    """Raise the store's error for ``exc`` (``exc`` itself when it has none)."""
    fault = classify(exc)
    if fault is exc:
        raise exc
    raise fault from exc


def spoils_connection(exc: BaseException) -> bool:
    """Whether a connection that raised ``exc`` must not be used again: any
    driver error but one the server reported for a statement, after which the
    session is sound (a constraint, a read-only transaction, a lock timeout).
    A lost or terminated session, or the client's protocol state after one,
    is never handed out again."""
    if isinstance(exc, asyncpg.PostgresError):
        return str(getattr(exc, "sqlstate", "") or "")[:2] in ("08", "57")
    return isinstance(exc, _DRIVER_ERRORS)


def one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


_TOKENS = re.compile(
    r"""(?<![\w$])[Ee]'(?:[^'\\]|\\.|'')*'"""  # E'...' with backslash escapes
    r"""|'(?:[^']|'')*'"""                     # '...'
    r'''|"(?:[^"]|"")*"'''                     # "identifier"
    r"""|--[^\n]*"""                           # -- comment
    r"""|/\*.*?\*/"""                          # /* comment */
    r"""|\$(?P<tag>[A-Za-z_]\w*|)\$.*?\$(?P=tag)\$"""  # $tag$ ... $tag$
    r"""|\?""",
    re.DOTALL,
)


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``sql`` with each ``?`` placeholder outside literals, quoted
    identifiers and comments numbered ``$1..$n`` for asyncpg."""
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _TOKENS.sub(replace, sql)


def changed_rows(status: str) -> int:
    """The row count of a command status ("UPDATE 1", "INSERT 0 3", "DELETE 0")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def redacted(url: str) -> str:
    """``url`` without its password, to be shown to an operator."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return parts._replace(netloc=netloc).geturl()
    except ValueError:
        return "the DATABASE_URL"


def scrubbed(text: str, url: str) -> str:
    """``text`` on one line with the URL's password (if any) taken out."""
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    text = " ".join(text.split())
    for secret in {password, unquote(password)} if password else ():
        text = text.replace(secret, "***")
    return text


def lock_key(game_id: int) -> int:
    """A game id as the int4 second key of an advisory lock (ids past 2^31
    wrap: two such games would merely share a lock)."""
    return (game_id + 2**31) % 2**32 - 2**31


async def _keep_session(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    """Return a connection to the pool as it is: asyncpg has already rolled
    back any open transaction, and Railyard leaves no other session state
    (:meth:`PostgresStore.game_lock` releases its own lock). This spares the
    default reset query, one round trip on every use of the pool."""


def _drop(conn: PoolConnectionProxy[asyncpg.Record]) -> None:
    """End the session now (asyncpg may have let go of it already)."""
    try:
        conn.terminate()
    except asyncpg.InterfaceError:
        pass  # already closed and handed back


def _still_in_transaction(conn: PoolConnectionProxy[asyncpg.Record]) -> bool:
    try:
        return not conn.is_closed() and conn.is_in_transaction()
    except asyncpg.InterfaceError:
        return False  # the connection is gone (and its transaction with it)


class _Tx(Tx):
    def __init__(self, conn: PoolConnectionProxy[asyncpg.Record]) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return changed_rows(await self.conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(sql), rows)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self.conn.fetch(numbered(sql), *params)]


class PostgresStore(Store):
    """The store in a PostgreSQL database, over a pool of connections."""

    backend = "postgres"
    schema_version_known = SCHEMA_VERSION

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str, max_size: int,
                 acquire_timeout: float = 25.0) -> None:
        self.pool = pool
        self.url = url
        self.closed = False
        self.acquire_timeout = acquire_timeout
        """How long a call waits for a pooled connection (or a game lock's slot)."""
        # Each game lock holds a connection while its move needs another: at
        # most max_size - 1 locks at once, so a move can always get one.
        self._lock_slots = asyncio.Semaphore(max(1, max_size - 1))

    @classmethod
    async def open(
        cls, url: str, *, min_size: int = 1, max_size: int = 10, connect_timeout: float = 10.0,
        lock_timeout_s: float = 10.0, statement_timeout_s: float = 20.0, command_timeout_s: float = 25.0,
        acquire_timeout_s: float = 25.0,
    ) -> "PostgresStore":
        """Connect to the database at ``url``, create the schema if missing
        and check its version. Any failure closes the pool and raises
        :class:`StoreOpenError` with one line naming the database (never its
        password) and why.

        Waits are bounded: a lock (``lock_timeout_s``), a statement on the
        server (``statement_timeout_s``), any command on the client, for a
        server that answers nothing (``command_timeout_s``), a connection
        from the pool (``acquire_timeout_s``)."""
        where = redacted(url)
        max_size = max(2, min_size, max_size)  # a held game lock plus its move's queries
        try:
            pool = await asyncpg.create_pool(
                url, min_size=min_size, max_size=max_size, timeout=connect_timeout,
                reset=_keep_session, command_timeout=command_timeout_s,
                server_settings={"lock_timeout": f"{int(lock_timeout_s * 1000)}ms",
                                 "statement_timeout": f"{int(statement_timeout_s * 1000)}ms",
                                 "synchronous_commit": "on", "application_name": "railyard"},
            )
        except Exception as exc:  # noqa: BLE001 - every failure to connect is told in one line
            reason = scrubbed(str(exc) or type(exc).__name__, url)
            raise StoreOpenError(f"can't connect to the database {where}: {reason}") from None
        assert pool is not None
        store = cls(pool, url, max_size, acquire_timeout_s)
        try:
            await store._prepare()
        except BaseException as exc:
            await store._abandon()
            if isinstance(exc, StoreOpenError):
                raise
            if isinstance(exc, (*_DRIVER_ERRORS, StoreError)):
                reason = scrubbed(str(exc) or type(exc).__name__, url)
                raise StoreOpenError(f"can't use the database {where}: {reason}") from None
            raise
        return store

    async def _prepare(self) -> None:
        """Create the schema if missing, refuse a newer one, upgrade an older
        one: in one transaction, under the schema advisory lock."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", SCHEMA_LOCK_NAMESPACE)
            # an upgrade of a big database may take long: its statements are
            # not held to a move's bounds
            await conn.execute("SET LOCAL statement_timeout = 0")
            if await conn.fetchval("SELECT current_setting('transaction_read_only')") == "on":
                raise StoreOpenError(f"the database {redacted(self.url)} is read-only")
            if await conn.fetchval("SELECT to_regclass('railyard_schema')") is None:
                await conn.execute(SCHEMA, timeout=MIGRATION_TIMEOUT_S)
                await conn.execute("INSERT INTO railyard_schema (version) VALUES ($1)", SCHEMA_BASE_VERSION)
            version = int(await conn.fetchval("SELECT version FROM railyard_schema"))
            if version > SCHEMA_VERSION:
                raise StoreOpenError(
                    f"the database {redacted(self.url)} has schema version {version}, newer than this "
                    f"Railyard's {SCHEMA_VERSION}: run a newer Railyard, or restore a backup"
                )
            for number in range(version, SCHEMA_VERSION):
                if number not in UPGRADES:
                    raise StoreOpenError(
                        f"the database {redacted(self.url)} has schema version {version}, which this "
                        f"Railyard can't upgrade to {SCHEMA_VERSION}"
                    )
                await conn.execute(UPGRADES[number], timeout=MIGRATION_TIMEOUT_S)
                await conn.execute("UPDATE railyard_schema SET version = $1", number + 1)

    async def _abandon(self) -> None:
        """Close the pool after a failed open, promptly."""
        self.closed = True
        try:
            await asyncio.wait_for(self.pool.close(), 5)
        except BaseException:  # noqa: BLE001 - the open's own error is the one to tell
            self.pool.terminate()

    async def close(self) -> None:
        """Close the pool (once; closing again does nothing)."""
        if not self.closed:
            self.closed = True
            try:
                await asyncio.wait_for(self.pool.close(), 10)
            except TimeoutError:
                self.pool.terminate()

    async def schema_version(self) -> int:
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT version FROM railyard_schema")
        return int(row[0]) if row else 0

    def share_locked(self, select: str) -> str:
        """``select ... FOR SHARE``: a row being written is waited for."""
        return select + " FOR SHARE"

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[PoolConnectionProxy[asyncpg.Record]]:
        """A pooled connection; a driver error inside is classified."""
        try:
            async with self.pool.acquire(timeout=self.acquire_timeout) as conn:
                try:
                    yield conn
                except BaseException as exc:
                    if spoils_connection(exc):
                        _drop(conn)  # the pool connects afresh next time
                    raise
        except _DRIVER_ERRORS as exc:
            raise_classified(exc)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._connection() as conn:
            committing = False
            try:
                async with conn.transaction():
                    yield _Tx(conn)
                    committing = True  # what fails from here on is the COMMIT
            except _DRIVER_ERRORS as exc:
                if committing and spoils_connection(exc):
                    _drop(conn)
                    raise OutcomeUnknown(f"no answer to COMMIT: {one_line(exc) or type(exc).__name__}") from exc
                if _still_in_transaction(conn):
                    _drop(conn)
                raise
            except BaseException:
                if _still_in_transaction(conn):
                    # The rollback itself was interrupted: never hand this
                    # connection back with the transaction open.
                    _drop(conn)
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self._connection() as conn:
            yield _Tx(conn)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """A session advisory lock on the game, on a connection held until
        the move is done; released in ``finally`` (on cancellation too)."""
        try:
            async with asyncio.timeout(self.acquire_timeout):
                await self._lock_slots.acquire()
        except TimeoutError:
            raise StoreUnavailable(f"game {game_id}: no connection free for its lock") from None
        try:
            try:
                conn = await self.pool.acquire(timeout=self.acquire_timeout)
            except _DRIVER_ERRORS as exc:
                raise_classified(exc)
            try:
                try:
                    await conn.execute("SELECT pg_advisory_lock($1, $2)", LOCK_NAMESPACE, lock_key(game_id))
                except _DRIVER_ERRORS as exc:
                    if spoils_connection(exc):
                        _drop(conn)  # a lost or frozen session: nothing to unlock on it
                    raise_classified(exc)
                yield
            finally:
                # Shielded: a cancellation here still unlocks and returns the
                # connection, in the background.
                await asyncio.shield(self._unlock(conn))
        finally:
            self._lock_slots.release()

    async def _unlock(self, conn: PoolConnectionProxy[asyncpg.Record]) -> None:
        """Release every advisory lock of this session (the lock query may
        have been cancelled either side of taking it) and return the
        connection; if unlocking fails, end the session, which releases them
        too."""
        try:
            await conn.execute("SELECT pg_advisory_unlock_all()", timeout=UNLOCK_TIMEOUT_S)
        except Exception:  # noqa: BLE001 - the session's end releases the lock
            _drop(conn)
        try:
            await self.pool.release(conn)
        except Exception:  # noqa: BLE001 - asyncpg has terminated it: the pool makes a new one
            pass

    async def backup(self, target: str) -> None:
        raise StoreError(
            f"a PostgreSQL database is backed up with pg_dump, not by Railyard: "
            f'run  pg_dump --format=custom --file={target} "$DATABASE_URL"  (pg_restore brings it back)'
        )
