"""The SQLite store: games, seats and the append-only action log.

aiosqlite in WAL mode; the schema is migrated by ``PRAGMA user_version``.
A game's ``version`` is the number of actions in its log; every write of a
new state names the version it was computed from, so two writers can never
both succeed (:class:`VersionConflict`). An action carrying a Discord
interaction id is stored at most once (:class:`DuplicateInteraction`).
Only ids are kept for Discord objects (thread, lobby message), never objects.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import aiosqlite

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
)


class StoreError(Exception):
    pass


class VersionConflict(StoreError):
    """The game moved on since the state being written was read."""


class DuplicateInteraction(StoreError):
    """This Discord interaction was already applied."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    slug: str
    status: str
    options: dict[str, str]
    seed: int
    state: dict[str, Any] | None
    version: int
    creator_id: int


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    events: list[str]
    interaction_id: str | None
    at: float


@dataclass(frozen=True)
class NewAction:
    """An action to append: who, its canonical text, its events."""

    seat: int
    action: str
    events: Sequence[str]
    interaction_id: str | None = None


_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, slug, status, options, seed, "
    "state, version, creator_id"
)


def _game(row: sqlite3.Row | tuple[Any, ...]) -> GameRow:
    return GameRow(
        id=row[0], guild_id=row[1], channel_id=row[2], thread_id=row[3],
        lobby_message_id=row[4], slug=row[5], status=row[6], options=json.loads(row[7]),
        seed=row[8], state=json.loads(row[9]) if row[9] else None, version=row[10],
        creator_id=row[11],
    )


class Store:
    """A small helper over one aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self.closed = False

    @classmethod
    async def open(cls, path: str) -> "Store":
        db = await aiosqlite.connect(path)
        for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL", "busy_timeout=5000"):
            async with db.execute(f"PRAGMA {pragma}") as cur:
                await cur.fetchall()
        store = cls(db)
        await store.migrate()
        return store

    async def close(self) -> None:
        """Close the connection (once; closing again does nothing)."""
        if not self.closed:
            self.closed = True
            await self.db.close()

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply the migrations after the database's ``user_version``."""
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    # -- games ------------------------------------------------------------
    async def create_game(
        self, *, slug: str, options: dict[str, str], seed: int, creator_id: int,
        creator_name: str, guild_id: int | None = None, channel_id: int | None = None,
    ) -> int:
        now = time.time()
        cur = await self.db.execute(
            "INSERT INTO games (guild_id, channel_id, slug, status, options, seed, creator_id,"
            " created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
            (guild_id, channel_id, slug, json.dumps(options), seed, creator_id, now, now),
        )
        game_id = cur.lastrowid
        assert game_id is not None
        await self.db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
            (game_id, creator_id, creator_name),
        )
        await self.db.commit()
        return game_id

    async def set_discord_ids(self, game_id: int, thread_id: int | None, lobby_message_id: int | None) -> None:
        await self.db.execute(
            "UPDATE games SET thread_id = ?, lobby_message_id = ?, updated_at = ? WHERE id = ?",
            (thread_id, lobby_message_id, time.time(), game_id),
        )
        await self.db.commit()

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def game_for_thread(self, thread_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE thread_id = ?", (thread_id,)
        ) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def count_games(self) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM games") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def set_status(self, game_id: int, status: str) -> None:
        await self.db.execute(
            "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), game_id)
        )
        await self.db.commit()

    # -- seats ------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.db.execute(
            "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [SeatRow(r[0], r[1], r[2]) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, name: str) -> int:
        seats = await self.seats(game_id)
        seat = len(seats)
        await self.db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            (game_id, seat, user_id, name),
        )
        await self.db.commit()
        return seat

    async def remove_seat(self, game_id: int, user_id: int) -> None:
        """Remove a lobby seat and close the gap so seats stay 0..n-1."""
        seats = [s for s in await self.seats(game_id) if s.user_id != user_id]
        await self.db.execute("BEGIN")
        await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self.db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            [(game_id, i, s.user_id, s.name) for i, s in enumerate(seats)],
        )
        await self.db.commit()

    # -- play -------------------------------------------------------------
    async def interaction_seen(self, interaction_id: str) -> bool:
        async with self.db.execute(
            "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)
        ) as cur:
            return await cur.fetchone() is not None

    async def record(
        self, game_id: int, expected_version: int, state: dict[str, Any], status: str,
        actions: Iterable[NewAction],
    ) -> int:
        """Store ``state`` and append ``actions`` in one transaction, if the
        game is still at ``expected_version``. Returns the new version."""
        actions = list(actions)
        now = time.time()
        new_version = expected_version + len(actions)
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            cur = await self.db.execute(
                "UPDATE games SET state = ?, schema_version = ?, status = ?, version = ?,"
                " updated_at = ? WHERE id = ? AND version = ?",
                (json.dumps(state, separators=(",", ":")), state.get("schema"), status,
                 new_version, now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
            await self.db.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, expected_version + i + 1, a.seat, a.action, json.dumps(list(a.events)),
                     a.interaction_id, now)
                    for i, a in enumerate(actions)
                ],
            )
        except sqlite3.IntegrityError as exc:
            await self.db.rollback()
            raise DuplicateInteraction(str(exc)) from exc
        except BaseException:
            await self.db.rollback()
            raise
        await self.db.commit()
        return new_version

    async def log(self, game_id: int, last: int | None = None) -> list[ActionRow]:
        """The action log in order (only the ``last`` entries if given)."""
        sql = "SELECT seq, seat, action, events, interaction_id, at FROM actions WHERE game_id = ?"
        params: tuple[Any, ...] = (game_id,)
        if last is not None:
            sql += " AND seq > (SELECT MAX(seq) FROM actions WHERE game_id = ?) - ?"
            params = (game_id, game_id, last)
        async with self.db.execute(sql + " ORDER BY seq", params) as cur:
            rows = await cur.fetchall()
        return [ActionRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5]) for r in rows]
