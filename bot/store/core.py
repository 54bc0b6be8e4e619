"""The store's core: a transaction's queries (:class:`Tx`), what a backend
supplies (:class:`StoreCore`: transactions, reads, locks, backups), the
guard every change to a game takes first (:func:`hold`), and
the row helpers every concern's queries share (:data:`GAME_COLUMNS`,
:func:`game_row`, :func:`seat_row`, :func:`to_json`)."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager
from typing import Any, Sequence

from .errors import VersionConflict
from .rows import GameRow, SeatRow


class Tx(ABC):
    """One transaction's queries, with ``?`` placeholders (a backend rewrites
    them for its driver)."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, slug, status, options, "
    "state, version, creator_id, updated_at"
)
"""The columns of ``games`` a :class:`GameRow` is read from (:func:`game_row`)."""


def seat_row(r: Sequence[Any]) -> SeatRow:
    """A seat from a ``seat, user_id, name, bot, level`` row."""
    return SeatRow(r[0], r[1], r[2], bool(r[3]), r[4])


def game_row(row: Sequence[Any]) -> GameRow:
    """A game from a row of :data:`GAME_COLUMNS` (its secret never among them)."""
    return GameRow(
        id=row[0], guild_id=row[1], channel_id=row[2], thread_id=row[3],
        lobby_message_id=row[4], slug=row[5], status=row[6], options=json.loads(row[7]),
        state=json.loads(row[8]) if row[8] else None, version=row[9], creator_id=row[10],
        updated_at=row[11],
    )


def to_json(value: Any) -> str:
    """``value`` as the store keeps JSON: compact."""
    return json.dumps(value, separators=(",", ":"))


async def hold(tx: Tx, game_id: int, status: str, version: int | None = None) -> None:
    """Inside a write, first: lock the game's row (a guarding update; a
    second writer of the game waits here) and check it is still
    ``status`` and, when given, at ``version``; :class:`VersionConflict`
    (the whole write rolled back) otherwise."""
    sql, params = "UPDATE games SET version = version WHERE id = ? AND status = ?", [game_id, status]
    if version is not None:
        sql, params = sql + " AND version = ?", [*params, version]
    if await tx.execute(sql, params) != 1:
        raise VersionConflict(f"game {game_id} is no longer {status} at version {version}")


async def hold_as_seen(tx: Tx, game_id: int, seen: GameRow | None) -> None:
    """:func:`hold` the game as ``seen`` (None: the caller checks nothing)."""
    if seen is not None:
        await hold(tx, game_id, seen.status, seen.version)


class StoreCore(ABC):
    """What every concern of the store shares: the backend's transactions
    and reads (subclasses supply :meth:`transaction`, :meth:`reading`,
    :meth:`close` and the housekeeping, and the backends' differences
    in a query, like :meth:`share_locked`). The concerns are mixins over
    it (see :mod:`bot.store`)."""

    backend: str = ""
    """The backend's name, as benches and logs show it."""
    schema_version_known: int = 0
    """The schema version this Railyard writes (a newer database is refused)."""

    # -- what a backend supplies -------------------------------------------
    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction owned by the caller until it ends; rolled back
        on any exception or cancellation, committed durably otherwise."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Tx]:
        """A consistent read."""

    @abstractmethod
    async def close(self) -> None:
        """Close (once; closing again does nothing)."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    def share_locked(self, select: str) -> str:
        """``select`` (a SELECT, inside a transaction) made to wait for, and
        hold until the transaction ends, a shared lock on the rows it reads,
        so a write of them still on its way is waited for."""

    @abstractmethod
    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Held while one process reads, applies and writes a move of a game,
        so that several bot processes on one database never apply to the same
        game at once (a no-op where only one process can write)."""

    @abstractmethod
    async def backup(self, target: str) -> None:
        """An online, consistent copy of the whole database at ``target``."""

    async def full_check(self) -> list[str]:
        """The problems a full check of the stored pages finds ([]: sound).
        Slow on a big file, so never part of opening: the bot runs it in the
        background, ``railyard check`` in the foreground. PostgreSQL checks
        its own pages as it reads them: nothing to add there."""
        return []
