"""The store: games, seats and the append-only action log, behind one small
interface with two backends.

- :mod:`bot.store.sqlite` (aiosqlite, the embedded default: nothing to
  install, one file);
- :mod:`bot.store.postgres` (asyncpg, for big deployments and several bot
  processes on one database), chosen by a ``postgresql://`` URL.

:func:`open_store` picks the backend. Every query is written once, here, in
terms of a :class:`Tx`; a backend supplies only transactions and the
classification of its driver's errors.

Transactions
    Every write goes through :meth:`Store.transaction`: it owns its
    connection from BEGIN to COMMIT or ROLLBACK, whatever else awaits
    meanwhile, and rolls back on any exception or cancellation. A commit is
    durable when it returns (``synchronous=FULL`` on SQLite), so a move is
    acknowledged only after it is safely on disk.

Versions and idempotency
    A game's ``version`` is the number of actions in its log; every write of a
    new state names the version it was computed from, so two writers can
    never both succeed (:class:`VersionConflict`). An action carrying a
    Discord interaction id is stored at most once: the action rows are
    inserted *before* the state is updated, inside the same transaction, so a
    duplicate is refused with nothing changed (:class:`DuplicateInteraction`).

Every change to a game
    A move, a seat or a status is written only if the game is still at the
    version and status it was decided on (and, for a start, with the seats
    it was decided on): each such write first locks the game's row with a
    guarding update (:meth:`Store._hold`), so of two processes changing one
    game one wins and the other gets :class:`VersionConflict`, with nothing
    changed.

Faults
    A database that is locked, full, read-only or failing answers with
    :class:`StoreUnavailable` (nothing changed; the next call tries again);
    a write whose COMMIT got no answer (the connection dropped) is looked up
    before anyone is told: :meth:`Store.record` finds out whether it landed,
    and raises :class:`OutcomeUnknown` only when it can't tell;
    one that can't be opened, is damaged, or was written by a newer Railyard
    raises :class:`StoreOpenError` with a one-line reason.

Secrets
    Each game has a chance secret (32 random bytes, kept as hex). It is read
    only by :meth:`Store.secret` for the service's chance draws and is never
    part of a :class:`GameRow`.
"""

from __future__ import annotations

import json
import logging
import time
import zlib
from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from games.bots import DEFAULT_LEVEL

log = logging.getLogger("railyard.store")


class StoreError(Exception):
    """Base of the store's errors."""


class VersionConflict(StoreError):
    """The game moved on since the state being written was read."""


class DuplicateInteraction(StoreError):
    """This Discord interaction was already applied."""


class StoreUnavailable(StoreError):
    """The database can't take writes (or reads) right now: locked, full,
    read-only, or failing. Nothing was changed; trying again later is safe."""


class OutcomeUnknown(StoreUnavailable):
    """A write's COMMIT was sent but its answer was lost: it may or may not
    have landed. Never answered with "nothing changed"."""


class StoreOpenError(StoreError):
    """The database can't be used at all. ``str()`` is one line for an
    operator: what is wrong and with which database."""


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
    state: dict[str, Any] | None
    version: int
    creator_id: int
    updated_at: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    bot: bool = False
    """The bot plays this seat: one added in the lobby (a reserved negative
    ``user_id``, see :meth:`Store.add_bot_seat`) or one handed to it."""
    level: str = DEFAULT_LEVEL
    """The bot's level (``games.bots.LEVELS``) when the bot plays the seat:
    chosen when it was seated or handed over; seats made before levels
    existed play at ``normal``, as they did."""


NO_SEAT = -9
"""The ``seat`` of a timer that concerns the whole game (a lobby's expiry,
the idle watch, the thread's keep-alive)."""


@dataclass(frozen=True)
class Schedule:
    """A game's reminder and clock settings (chosen at ``/game new``):
    reminders every ``remind_every`` seconds (None: never), a turn clock of
    ``turn_clock`` seconds (None: none) counted only inside ``hours`` (like
    "18-23"; empty: all day) in the time zone ``zone``."""

    remind_every: float | None = 12 * 3600.0
    turn_clock: float | None = None
    hours: str = ""
    zone: str = "UTC"


@dataclass(frozen=True)
class Timer:
    """A stored due time: ``kind`` of thing due for ``seat`` (or
    :data:`NO_SEAT`) of a game at ``due_at`` (None: spent, kept as a mark,
    e.g. a turn clock that ran out), after ``count`` earlier firings."""

    game_id: int
    kind: str
    seat: int
    due_at: float | None
    count: int = 0


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


@dataclass(frozen=True)
class OutboxPost:
    """A post the scheduler committed to make, kept in the store's outbox
    (written in the same transaction as the move or the timer's claim that
    it reports) until Discord has accepted it. ``key`` names it once and for
    all (a move: its game and log entry; a timer's firing: its game, kind,
    seat, count and due time), so the same post is never queued twice. Until
    ``leased_until`` (the scheduler's clock) its maker is posting it; past
    that, any scheduler may try again (``tries``: how many have begun)."""

    key: str
    game_id: int
    kind: str
    text: str
    leased_until: float
    pings: tuple[int, ...] = ()
    seat: int | None = None
    seq: int | None = None
    """A move's post: the log entry of the move."""
    version: int | None = None
    """A move's post: the game's version just after the move (its board is
    drawn again only while the game is still there)."""
    created_at: float = 0.0
    tries: int = 0


async def _queue_post(tx: "Tx", post: OutboxPost) -> None:
    """Put ``post`` in the outbox, inside the caller's transaction (never
    twice: a key already queued is left as it is)."""
    await tx.execute(
        "INSERT INTO outbox (key, game_id, kind, seat, seq, version, text, pings, created_at, leased_until)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
        (post.key, post.game_id, post.kind, post.seat, post.seq, post.version, post.text,
         _json(list(post.pings)), post.created_at or time.time(), post.leased_until))


@dataclass(frozen=True)
class RatingRow:
    """A member's rating in one pool: Weng-Lin ``mu`` and ``sigma``, and how
    many rated games it rests on; ``name`` as last seated."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class ResultRow:
    """A member's result in one finished game: won (first, ties included),
    score, and the rating before and after (None: the game did not count)."""

    game_id: int
    user_id: int
    slug: str
    finished_at: float
    won: int
    score: int
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None


@dataclass
class RatingPool:
    """What is stored of a pool when it is rated: its rated games in order
    (id, finish time, match as JSON) and its current ratings."""

    guild_id: int
    slug: str
    rated: list[tuple[int, float, dict[str, Any]]]
    current: dict[int, RatingRow]


@dataclass
class RatingWrite:
    """What rating a pool writes: the games (id, finish time, match) and
    results added, the ratings now, and whether it replaces the whole pool."""

    games: list[tuple[int, float, dict[str, Any]]]
    results: list[ResultRow]
    ratings: list[RatingRow]
    reset: bool = False


async def _write_ratings(tx: "Tx", guild_id: int, slug: str, write: RatingWrite) -> None:
    if write.reset:
        for table in ("game_results", "ratings", "rated_games"):
            await tx.execute(f"DELETE FROM {table} WHERE guild_id = ? AND slug = ?", (guild_id, slug))
    await tx.executemany("INSERT INTO rated_games (game_id, guild_id, slug, finished_at, match) VALUES (?, ?, ?, ?, ?)",
                         [(g, guild_id, slug, at, _json(m)) for g, at, m in write.games])
    await tx.executemany(
        "INSERT INTO game_results (game_id, user_id, guild_id, slug, finished_at, won, score, mu_before,"
        " sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(r.game_id, r.user_id, guild_id, slug, r.finished_at, r.won, r.score, r.mu_before, r.sigma_before,
          r.mu_after, r.sigma_after) for r in write.results])
    await tx.executemany(
        "INSERT INTO ratings (guild_id, slug, user_id, name, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, slug, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
        " sigma = excluded.sigma, games = excluded.games",
        [(guild_id, slug, r.user_id, r.name, r.mu, r.sigma, r.games) for r in write.ratings])


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


class UniqueViolation(StoreError):
    """A backend's unique-constraint failure, classified by ``column``: the
    constrained column the backend names ("interaction_id", "seq", ...)."""

    def __init__(self, column: str, detail: str) -> None:
        super().__init__(detail)
        self.column = column


_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, slug, status, options, "
    "state, version, creator_id, updated_at"
)


def _seat(r: Sequence[Any]) -> SeatRow:
    """A seat from a ``seat, user_id, name, bot, level`` row."""
    return SeatRow(r[0], r[1], r[2], bool(r[3]), r[4])


def _game(row: Sequence[Any]) -> GameRow:
    return GameRow(
        id=row[0], guild_id=row[1], channel_id=row[2], thread_id=row[3],
        lobby_message_id=row[4], slug=row[5], status=row[6], options=json.loads(row[7]),
        state=json.loads(row[8]) if row[8] else None, version=row[9], creator_id=row[10],
        updated_at=row[11],
    )


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Store(ABC):
    """Games, seats and the action log. Subclasses supply :meth:`transaction`,
    :meth:`reading`, :meth:`close` and the housekeeping."""

    backend: str = ""
    share_lock = ""
    """What a SELECT appends to wait for, and hold, a shared lock on the rows
    it reads (PostgreSQL's ``FOR SHARE``; SQLite's writes are serial)."""
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

    # -- games ------------------------------------------------------------
    async def create_game(
        self, *, slug: str, options: dict[str, str], secret: bytes, creator_id: int,
        creator_name: str, guild_id: int | None = None, channel_id: int | None = None,
    ) -> int:
        now = time.time()
        async with self.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO games (guild_id, channel_id, slug, status, options, secret, creator_id,"
                " created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, slug, _json(options), secret.hex(), creator_id, now, now),
            )
            assert row is not None
            game_id = int(row[0])
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, creator_id, creator_name),
            )
        return game_id

    async def set_discord_ids(self, game_id: int, thread_id: int | None, lobby_message_id: int | None) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE games SET thread_id = ?, lobby_message_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, lobby_message_id, time.time(), game_id),
            )

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.reading() as tx:
            row = await tx.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def game_for_thread(self, thread_id: int) -> GameRow | None:
        async with self.reading() as tx:
            row = await tx.fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE thread_id = ?", (thread_id,))
        return _game(row) if row else None

    async def secret(self, game_id: int) -> bytes:
        """The game's chance secret (for the service's draws only)."""
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT secret FROM games WHERE id = ?", (game_id,))
        if row is None or not row[0]:
            raise StoreError(f"game {game_id} has no chance secret")
        return bytes.fromhex(row[0])

    async def count_games(self) -> int:
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT COUNT(*) FROM games")
        return int(row[0]) if row else 0

    @staticmethod
    async def _hold(tx: Tx, game_id: int, status: str, version: int | None = None) -> None:
        """Inside a write, first: lock the game's row (a guarding update; a
        second writer of the game waits here) and check it is still
        ``status`` and, when given, at ``version``; :class:`VersionConflict`
        (the whole write rolled back) otherwise."""
        sql, params = "UPDATE games SET version = version WHERE id = ? AND status = ?", [game_id, status]
        if version is not None:
            sql, params = sql + " AND version = ?", [*params, version]
        if await tx.execute(sql, params) != 1:
            raise VersionConflict(f"game {game_id} is no longer {status} at version {version}")

    async def _held(self, tx: Tx, game_id: int, seen: GameRow | None) -> None:
        """:meth:`_hold` the game as ``seen`` (None: the caller checks nothing)."""
        if seen is not None:
            await self._hold(tx, game_id, seen.status, seen.version)

    async def set_status(self, game_id: int, status: str, *, seen: GameRow | None = None) -> None:
        """Set the game's status, if it is still as ``seen`` (see :meth:`_hold`)."""
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            await tx.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), game_id)
            )

    async def claim_resume(self, game_id: int, token: int, now: float, lease: float, *, seen: GameRow) -> bool:
        """Claim the resume of a paused game before its new thread is opened:
        its thread id becomes ``token`` (negative: no thread's), if it is
        still as ``seen`` and nobody else's claim is younger than ``lease``
        seconds. Of two resumes at once, in one process or two, one wins;
        the other opens no thread."""
        try:
            async with self.transaction() as tx:
                await self._held(tx, game_id, seen)
                changed = await tx.execute(
                    "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?"
                    " AND (thread_id IS NULL OR thread_id >= 0 OR updated_at < ?)",
                    (token, now, game_id, now - lease))
        except VersionConflict:
            return False
        return changed == 1

    async def release_resume(self, game_id: int, token: int) -> None:
        """Give up the resume claimed with ``token`` (its thread could not be
        opened): the next resume need not wait for the claim's lease."""
        async with self.transaction() as tx:
            await tx.execute("UPDATE games SET thread_id = NULL WHERE id = ? AND status = 'paused' AND thread_id = ?",
                             (game_id, token))

    async def resume(self, game_id: int, token: int, thread_id: int) -> None:
        """A paused game whose resume was claimed with ``token`` plays on in
        the new thread ``thread_id`` (:class:`VersionConflict` if the claim
        was lost meanwhile). Its timers are dropped and planned again from
        now: no turn clock counts the pause."""
        async with self.transaction() as tx:
            if await tx.execute("UPDATE games SET status = 'active', thread_id = ?, updated_at = ?"
                                " WHERE id = ? AND status = 'paused' AND thread_id = ?",
                                (thread_id, time.time(), game_id, token)) != 1:
                raise VersionConflict(f"game {game_id}: its resume was claimed by another")
            await tx.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await tx.execute("INSERT INTO schedules (game_id, replan) VALUES (?, 1)"
                             " ON CONFLICT (game_id) DO UPDATE SET replan = 1", (game_id,))

    async def games_in_channel(self, channel_id: int, status: str) -> list[GameRow]:
        """The games of ``status`` created in the channel ``channel_id``, newest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = ?"
                                     " ORDER BY id DESC LIMIT 100", (channel_id, status))
        return [_game(r) for r in rows]

    # -- seats ------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT seat, user_id, name, bot, level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return [_seat(r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, name: str, *, seen: GameRow | None = None) -> int:
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            row = await tx.fetchone("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
            seat = int(row[0]) if row else 0
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (game_id, seat, user_id, name),
            )
        return seat

    async def remove_seat(self, game_id: int, user_id: int, *, seen: GameRow | None = None) -> None:
        """Remove a lobby seat and close the gap so seats stay 0..n-1."""
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            rows = await tx.fetchall(
                "SELECT user_id, name, bot, level FROM seats WHERE game_id = ? AND user_id <> ? ORDER BY seat",
                (game_id, user_id),
            )
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            if rows:
                await tx.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name, bot, level) VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, i, r[0], r[1], r[2], r[3]) for i, r in enumerate(rows)],
                )

    # -- play -------------------------------------------------------------
    async def interaction_seen(self, interaction_id: str) -> bool:
        async with self.reading() as tx:
            return await tx.fetchone("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)) is not None

    async def record(
        self, game_id: int, expected_version: int, state: dict[str, Any], status: str,
        actions: Iterable[NewAction], outbox: OutboxPost | None = None, *, was: str | None = None,
        seats: Sequence[SeatRow] | None = None,
    ) -> int:
        """Append ``actions`` and store ``state`` in one transaction, if the
        game is still at ``expected_version`` (and still ``was``, and seated
        as ``seats``, when given); with ``outbox``, the post reporting them
        is queued in that same transaction. Returns the new version.

        The action rows go in first: a duplicate interaction or a taken
        sequence number fails there, before the state is touched, and the
        whole transaction is rolled back. A commit whose answer was lost is
        looked up (:meth:`_landed`): the new version if it landed,
        :class:`StoreUnavailable` if it did not, :class:`OutcomeUnknown`
        when the database can't tell yet."""
        actions = list(actions)
        now = time.time()
        new_version = expected_version + len(actions)
        try:
            async with self.transaction() as tx:
                if was is not None:
                    await self._hold(tx, game_id, was, expected_version)
                if seats is not None:
                    rows = await tx.fetchall(
                        "SELECT seat, user_id, name, bot, level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
                    if [_seat(r) for r in rows] != list(seats):
                        raise VersionConflict(f"game {game_id}: the seats changed")
                if actions:
                    await tx.executemany(
                        "INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [
                            (game_id, expected_version + i + 1, a.seat, a.action, _json(list(a.events)),
                             a.interaction_id, now)
                            for i, a in enumerate(actions)
                        ],
                    )
                changed = await tx.execute(
                    "UPDATE games SET state = ?, schema_version = ?, status = ?, version = ?,"
                    " updated_at = ? WHERE id = ? AND version = ?",
                    (_json(state), state.get("schema"), status, new_version, now, game_id, expected_version),
                )
                if changed != 1:
                    raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
                if outbox is not None:
                    await _queue_post(tx, outbox)
        except UniqueViolation as exc:
            if exc.column == "interaction_id":
                raise DuplicateInteraction(f"game {game_id}: interaction already applied") from exc
            if exc.column == "seq":
                raise VersionConflict(f"game {game_id} is no longer at version {expected_version}") from exc
            raise
        except OutcomeUnknown as exc:
            if not await self._landed(game_id, new_version, now, actions[:1], expected_version + 1):
                raise StoreUnavailable(f"game {game_id}: the write was not stored ({exc})") from exc
            log.warning("game %s: the commit's answer was lost, but version %s landed", game_id, new_version)
        return new_version

    async def _landed(self, game_id: int, version: int, at: float, first: Sequence[NewAction], seq: int) -> bool:
        """Whether the write of :meth:`record` stamped ``at`` reached
        ``version``: its first action is entry ``seq`` of the log (or, with none, the game
        is at ``version``, stamped ``at``). The game's row is locked first,
        so a commit still on its way is waited for. :class:`OutcomeUnknown`
        when the database can't be asked."""
        try:
            async with self.transaction() as tx:
                row = await tx.fetchone("SELECT version, updated_at FROM games WHERE id = ?" + self.share_lock,
                                        (game_id,))
                if not first:
                    return row is not None and row[0] == version and row[1] == at
                logged = await tx.fetchone(
                    "SELECT seat, action, interaction_id, at FROM actions WHERE game_id = ? AND seq = ?",
                    (game_id, seq))
        except StoreUnavailable as exc:
            raise OutcomeUnknown(f"game {game_id}: can't tell whether the write landed: {exc}") from exc
        a = first[0]
        return logged is not None and tuple(logged) == (a.seat, a.action, a.interaction_id, at)

    async def log(self, game_id: int, last: int | None = None) -> list[ActionRow]:
        """The action log in order (only the ``last`` entries if given),
        whether live or archived."""
        sql = "SELECT seq, seat, action, events, interaction_id, at FROM actions WHERE game_id = ?"
        params: tuple[Any, ...] = (game_id,)
        if last is not None:
            sql += " AND seq > (SELECT MAX(seq) FROM actions WHERE game_id = ?) - ?"
            params = (game_id, game_id, last)
        async with self.reading() as tx:
            rows = await tx.fetchall(sql + " ORDER BY seq", params)
            if not rows:
                packed = await tx.fetchone("SELECT log FROM archived_logs WHERE game_id = ?", (game_id,))
                if packed is not None:
                    rows = [tuple(r) for r in json.loads(zlib.decompress(bytes(packed[0])))]
                    rows = rows[-last:] if last is not None and last > 0 else rows if last is None else []
        return [ActionRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5]) for r in rows]

    # -- thread posts (taking a move back) ---------------------------------
    async def remember_post(self, game_id: int, seq: int, message_id: int) -> None:
        """The thread message that reported log entry ``seq`` of the game."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO posts (game_id, seq, message_id) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, seq) DO UPDATE SET message_id = excluded.message_id",
                (game_id, seq, message_id),
            )

    async def post_message(self, game_id: int, seq: int) -> int | None:
        """The thread message that reported log entry ``seq``, if known."""
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT message_id FROM posts WHERE game_id = ? AND seq = ?", (game_id, seq))
        return int(row[0]) if row else None

    # -- bot seats, schedules and timers (games that last a week) ----------
    async def add_bot_seat(self, game_id: int, *, seen: GameRow | None = None,
                           level: str = DEFAULT_LEVEL) -> SeatRow:
        """Seat the bot, playing at ``level``, in the next seat of a lobby. A
        bot has no Discord user: it takes the reserved user id -k (the
        smallest k free in this game) and the name "Bot k (level)", the one
        place a bot's name is made: boards, turn posts, the log and the export
        all show it (posts add 🤖; the boards' fonts have no emoji, so the
        stored name, which they draw, has none)."""
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            rows = await tx.fetchall("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))
            taken = {int(r[0]) for r in rows}
            k = next(k for k in range(1, len(taken) + 2) if -k not in taken)
            seat, name = len(rows), f"Bot {k} ({level})"
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, bot, level) VALUES (?, ?, ?, ?, 1, ?)",
                (game_id, seat, -k, name, level),
            )
        return SeatRow(seat, -k, name, True, level)

    async def set_seat_bot(self, game_id: int, seat: int, bot: bool, *, seen: GameRow | None = None,
                           level: str = DEFAULT_LEVEL) -> bool:
        """Hand ``seat`` to the bot playing at ``level`` (or back to its
        player, keeping the level it had); the game's timers are planned
        again. False when the seat already was so."""
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            if bot:
                changed = await tx.execute(
                    "UPDATE seats SET bot = 1, level = ? WHERE game_id = ? AND seat = ? AND bot <> 1",
                    (level, game_id, seat))
            else:
                changed = await tx.execute(
                    "UPDATE seats SET bot = 0 WHERE game_id = ? AND seat = ? AND bot <> 0", (game_id, seat))
            await tx.execute("UPDATE schedules SET replan = 1 WHERE game_id = ?", (game_id,))
        return changed == 1

    async def set_schedule(self, game_id: int, schedule: Schedule) -> None:
        """Store the game's reminder and clock settings (its timers are planned again)."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO schedules (game_id, remind_every, turn_clock, hours, zone, replan)"
                " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (game_id) DO UPDATE SET"
                " remind_every = excluded.remind_every, turn_clock = excluded.turn_clock,"
                " hours = excluded.hours, zone = excluded.zone, replan = 1",
                (game_id, schedule.remind_every, schedule.turn_clock, schedule.hours, schedule.zone),
            )

    async def schedule(self, game_id: int) -> Schedule:
        """The game's settings (the defaults when none were stored)."""
        async with self.reading() as tx:
            row = await tx.fetchone(
                "SELECT remind_every, turn_clock, hours, zone FROM schedules WHERE game_id = ?", (game_id,))
        return Schedule(row[0], row[1], row[2], row[3]) if row else Schedule()

    async def games_to_plan(self, after: int = 0, limit: int = 100) -> list[int]:
        """Lobbies and active games whose timers were planned for another
        version than theirs (or never), or whose seats or settings changed:
        what the scheduler plans next (``limit`` of them, by id, after ``after``)."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT g.id FROM games g LEFT JOIN schedules s ON s.game_id = g.id"
                " WHERE g.status IN ('lobby', 'active')"
                " AND (s.planned_version IS NULL OR s.planned_version <> g.version OR s.replan = 1)"
                " AND g.id > ? ORDER BY g.id LIMIT ?", (after, limit))
        return [int(r[0]) for r in rows]

    async def planned_version(self, game_id: int) -> int:
        """The version the game's timers were last planned for (-1: none)."""
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT planned_version FROM schedules WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else -1

    async def timers(self, game_id: int) -> list[Timer]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT game_id, kind, seat, due_at, count FROM timers WHERE game_id = ? ORDER BY kind, seat",
                (game_id,))
        return [Timer(*r) for r in rows]

    async def due_timers(self, now: float, limit: int = 100) -> list[Timer]:
        """Timers due at ``now`` or before, the earliest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT game_id, kind, seat, due_at, count FROM timers WHERE due_at IS NOT NULL"
                " AND due_at <= ? ORDER BY due_at, game_id, kind, seat LIMIT ?", (now, limit))
        return [Timer(*r) for r in rows]

    async def plan_timers(self, game_id: int, version: int, drop: Iterable[tuple[str, int]],
                          put: Iterable[Timer]) -> None:
        """In one transaction: delete the timers ``drop`` names, insert or
        replace those of ``put``, and note them planned for ``version``."""
        async with self.transaction() as tx:
            await tx.executemany("DELETE FROM timers WHERE game_id = ? AND kind = ? AND seat = ?",
                                 [(game_id, kind, seat) for kind, seat in drop])
            await tx.executemany(
                "INSERT INTO timers (game_id, kind, seat, due_at, count) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, kind, seat) DO UPDATE SET due_at = excluded.due_at,"
                " count = excluded.count",
                [(game_id, t.kind, t.seat, t.due_at, t.count) for t in put])
            await tx.execute(
                "INSERT INTO schedules (game_id, planned_version) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET planned_version = excluded.planned_version, replan = 0",
                (game_id, version))

    async def claim_timer(self, timer: Timer, due_at: float | None, count: int, drop: bool = False,
                          outbox: OutboxPost | None = None, status: str | None = None) -> bool:
        """Move ``timer`` on (to ``due_at`` after ``count`` firings) or
        ``drop`` it, only if it is still as read (and the game still
        ``status``, when given): of two schedulers on one database, exactly
        one claims each firing, and none claims it for a game the other has
        just ended. With ``outbox``, the post the firing makes is queued in
        the claim's transaction (only by the scheduler that claims it)."""
        assert timer.due_at is not None, "only a due timer is claimed"
        where = " WHERE game_id = ? AND kind = ? AND seat = ? AND due_at = ? AND count = ?"
        key = (timer.game_id, timer.kind, timer.seat, timer.due_at, timer.count)
        try:
            async with self.transaction() as tx:
                if status is not None:
                    await self._hold(tx, timer.game_id, status)
                if drop:
                    changed = await tx.execute("DELETE FROM timers" + where, key)
                else:
                    changed = await tx.execute("UPDATE timers SET due_at = ?, count = ?" + where,
                                               (due_at, count, *key))
                if changed == 1 and outbox is not None:
                    await _queue_post(tx, outbox)
        except VersionConflict:
            return False
        return changed == 1

    # -- the outbox (posts committed, not yet accepted by Discord) ----------
    async def queue_post(self, post: OutboxPost) -> None:
        """Put ``post`` in the outbox on its own (what no stored change goes with)."""
        async with self.transaction() as tx:
            await _queue_post(tx, post)

    async def due_posts(self, now: float, limit: int = 50) -> list[OutboxPost]:
        """Posts of the outbox whose lease ran out by ``now``, the oldest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT key, game_id, kind, text, leased_until, pings, seat, seq, version, created_at, tries"
                " FROM outbox WHERE leased_until <= ? ORDER BY created_at, key LIMIT ?", (now, limit))
        return [OutboxPost(r[0], r[1], r[2], r[3], r[4], tuple(json.loads(r[5])), *r[6:]) for r in rows]

    async def lease_post(self, post: OutboxPost, until: float) -> bool:
        """Take ``post`` for one more try, leased until ``until``, only if it
        is still as read: of two schedulers, exactly one tries it."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE outbox SET leased_until = ?, tries = tries + 1"
                " WHERE key = ? AND leased_until = ? AND tries = ?",
                (until, post.key, post.leased_until, post.tries))
        return changed == 1

    async def post_done(self, key: str) -> None:
        """Discord accepted the post ``key`` (or it needs no posting): out of the outbox."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM outbox WHERE key = ?", (key,))

    async def drop_timers(self, game_id: int) -> None:
        """Forget every timer of a game (it is over)."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))

    async def set_muted(self, game_id: int, user_id: int, muted: bool) -> None:
        """Mute (or unmute) the reminders of one user in one game."""
        async with self.transaction() as tx:
            if muted:
                await tx.execute("INSERT INTO reminder_mutes (game_id, user_id) VALUES (?, ?)"
                                 " ON CONFLICT (game_id, user_id) DO NOTHING", (game_id, user_id))
            else:
                await tx.execute("DELETE FROM reminder_mutes WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def muted(self, game_id: int) -> set[int]:
        """The users who muted this game's reminders."""
        async with self.reading() as tx:
            rows = await tx.fetchall("SELECT user_id FROM reminder_mutes WHERE game_id = ?", (game_id,))
        return {int(r[0]) for r in rows}

    async def claim_nudge(self, game_id: int, now: float, gap: float) -> bool:
        """Note a ``/game remind`` at ``now`` unless one was made less than
        ``gap`` seconds before (then False, nothing changed)."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO schedules (game_id) VALUES (?) ON CONFLICT (game_id) DO NOTHING",
                             (game_id,))
            changed = await tx.execute(
                "UPDATE schedules SET nudged_at = ? WHERE game_id = ? AND (nudged_at IS NULL OR nudged_at <= ?)",
                (now, game_id, now - gap))
        return changed == 1

    # -- housekeeping -----------------------------------------------------
    async def archive(self, older_than_days: float, now: float | None = None) -> int:
        """Fold the action log of every finished or abandoned game untouched
        for ``older_than_days`` into one compressed row of ``archived_logs``;
        :meth:`log` still reads it. Returns how many games were archived."""
        cutoff = (time.time() if now is None else now) - older_than_days * 86400
        async with self.reading() as tx:
            ids = [r[0] for r in await tx.fetchall(
                "SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND updated_at < ?"
                " AND archived_at IS NULL ORDER BY id", (cutoff,))]
        for game_id in ids:
            async with self.transaction() as tx:
                rows = await tx.fetchall(
                    "SELECT seq, seat, action, events, interaction_id, at FROM actions"
                    " WHERE game_id = ? ORDER BY seq", (game_id,))
                packed = zlib.compress(_json([list(r) for r in rows]).encode(), 9)
                await tx.execute("INSERT INTO archived_logs (game_id, log) VALUES (?, ?)", (game_id, packed))
                await tx.execute("UPDATE games SET archived_at = ? WHERE id = ?", (time.time(), game_id))
                await tx.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
        return len(ids)


    # -- standings: members' games, turn notices, ratings (bot.standings) ----
    async def member_games(self, guild_id: int, user_id: int) -> list[tuple[GameRow, float | None]]:
        """The lobbies and running (or paused) games of ``guild_id`` that
        ``user_id`` is seated in, each with the time of its last logged action
        (None: none yet)."""
        return await self._games_where(
            "g.guild_id = ? AND g.status IN ('lobby', 'active', 'paused')"
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)", (guild_id, user_id))

    async def guild_games(self, guild_id: int) -> list[tuple[GameRow, float | None]]:
        """The lobbies and running games of ``guild_id``, with their last action's time."""
        return await self._games_where("g.guild_id = ? AND g.status IN ('lobby', 'active')", (guild_id,))

    async def _games_where(self, where: str, params: Sequence[Any]) -> list[tuple[GameRow, float | None]]:
        columns = ", ".join(f"g.{c.strip()}" for c in _GAME_COLUMNS.split(","))
        async with self.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {columns}, (SELECT MAX(a.at) FROM actions a WHERE a.game_id = g.id) FROM games g"
                f" WHERE {where} ORDER BY g.id", params)
        return [(_game(r), r[12]) for r in rows]

    async def set_notify(self, user_id: int, mode: str) -> None:
        """How ``user_id`` is told it is his turn: "dm" or "thread"."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO player_settings (user_id, notify) VALUES (?, ?)"
                             " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, mode))

    async def notify_modes(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The notice each of ``user_ids`` chose (those who chose none are left out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT user_id, notify FROM player_settings WHERE user_id IN ({marks})", list(user_ids))
        return {int(r[0]): str(r[1]) for r in rows}

    async def set_bot_games(self, guild_id: int, rule: str) -> None:
        """Whether games with bot seats count on ``guild_id``: "humans" or "none"."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO guild_settings (guild_id, bot_games) VALUES (?, ?)"
                             " ON CONFLICT (guild_id) DO UPDATE SET bot_games = excluded.bot_games", (guild_id, rule))

    async def bot_games(self, guild_id: int) -> str:
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT bot_games FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return str(row[0]) if row else "humans"

    async def rate(self, guild_id: int, slug: str, plan: Callable[[RatingPool], RatingWrite]) -> RatingWrite:
        """Rate games of one pool (a server's games of one kind) in one
        transaction: the pool's row is locked first (two processes rate a
        pool one after the other), then ``plan`` is given what is stored and
        returns what to write; a ``reset`` write replaces the whole pool."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO rating_pools (guild_id, slug) VALUES (?, ?) ON CONFLICT (guild_id, slug)"
                             " DO UPDATE SET touched = rating_pools.touched + 1", (guild_id, slug))
            rated = await tx.fetchall("SELECT game_id, finished_at, match FROM rated_games"
                                      " WHERE guild_id = ? AND slug = ? ORDER BY finished_at, game_id",
                                      (guild_id, slug))
            current = await tx.fetchall("SELECT user_id, name, mu, sigma, games FROM ratings"
                                        " WHERE guild_id = ? AND slug = ?", (guild_id, slug))
            write = plan(RatingPool(guild_id, slug, [(int(r[0]), float(r[1]), json.loads(r[2])) for r in rated],
                                    {int(r[0]): RatingRow(int(r[0]), r[1], float(r[2]), float(r[3]), int(r[4]))
                                     for r in current}))
            await _write_ratings(tx, guild_id, slug, write)
        return write

    async def ratings(self, guild_id: int, slug: str) -> list[RatingRow]:
        """A pool's ratings (unordered)."""
        async with self.reading() as tx:
            rows = await tx.fetchall("SELECT user_id, name, mu, sigma, games FROM ratings"
                                     " WHERE guild_id = ? AND slug = ?", (guild_id, slug))
        return [RatingRow(int(r[0]), r[1], float(r[2]), float(r[3]), int(r[4])) for r in rows]

    async def member_results(self, guild_id: int, user_id: int) -> list[ResultRow]:
        """Every finished game of ``user_id`` on ``guild_id``, oldest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT game_id, user_id, slug, finished_at, won, score, mu_before, sigma_before, mu_after,"
                " sigma_after FROM game_results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at, game_id",
                (guild_id, user_id))
        return [ResultRow(*r) for r in rows]

    async def game_results(self, game_id: int) -> list[ResultRow]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT game_id, user_id, slug, finished_at, won, score, mu_before, sigma_before, mu_after,"
                " sigma_after FROM game_results WHERE game_id = ? ORDER BY user_id", (game_id,))
        return [ResultRow(*r) for r in rows]

    async def finished_games(self, after: int = 0, limit: int = 100) -> list[GameRow]:
        """Finished games by id (``limit`` of them after ``after``): what a rebuild of the ratings reads."""
        async with self.reading() as tx:
            rows = await tx.fetchall(f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'finished' AND id > ?"
                                     " ORDER BY id LIMIT ?", (after, limit))
        return [_game(r) for r in rows]

    async def clear_ratings(self, guild_id: int | None = None) -> None:
        """Forget every rating (of ``guild_id`` only, when given): a rebuild starts here."""
        where, params = ("", ()) if guild_id is None else (" WHERE guild_id = ?", (guild_id,))
        async with self.transaction() as tx:
            for table in ("game_results", "ratings", "rated_games"):
                await tx.execute(f"DELETE FROM {table}{where}", params)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database (else an SQLite file)."""
    return target.lower().startswith(POSTGRES_SCHEMES)


async def open_store(target: str) -> Store:
    """The store at ``target``: a ``postgresql://`` (or ``postgres://``) URL
    opens PostgreSQL, anything else is an SQLite file path. The PostgreSQL
    driver is imported only when one is asked for."""
    if is_postgres_url(target):
        from .postgres import PostgresStore

        return await PostgresStore.open(target)
    from .sqlite import SQLiteStore

    return await SQLiteStore.open(target)
