"""Moves and the append-only log: a move recorded with its state in one
transaction (idempotent per Discord interaction, checked against the
game's version, looked up when its commit's answer was lost), the log read
back (live or archived), the thread post of each entry, and the archive
of finished games' logs."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import zlib
from typing import Any, Iterable, Sequence

from .core import StoreCore, hold, seat_row, to_json
from .errors import DuplicateInteraction, OutcomeUnknown, StoreUnavailable, UniqueViolation, VersionConflict
from .outbox import queue_post_in
from .rows import ActionRow, NewAction, OutboxPost, SeatRow

log = logging.getLogger("railyard.store")


class Moves(StoreCore):
    """The store's queries on a game's log (see the module)."""

    outcome_lookup_s = 5.0
    """How long a write whose commit's answer was lost is looked up again
    while the database can't be asked (a server restarting answers within
    seconds) before the caller is told it can't tell. Bounded: no new
    look-up starts past it, and each is bounded like any query."""

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
        looked up (:meth:`_landed_eventually`): the new version if it landed,
        :class:`StoreUnavailable` if it did not, :class:`OutcomeUnknown`
        when the database can't tell yet."""
        actions = list(actions)
        now = time.time()
        new_version = expected_version + len(actions)
        try:
            async with self.transaction() as tx:
                if was is not None:
                    await hold(tx, game_id, was, expected_version)
                if seats is not None:
                    rows = await tx.fetchall(
                        "SELECT seat, user_id, name, bot, level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
                    if [seat_row(r) for r in rows] != list(seats):
                        raise VersionConflict(f"game {game_id}: the seats changed")
                if actions:
                    await tx.executemany(
                        "INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [
                            (game_id, expected_version + i + 1, a.seat, a.action, to_json(list(a.events)),
                             a.interaction_id, now)
                            for i, a in enumerate(actions)
                        ],
                    )
                changed = await tx.execute(
                    "UPDATE games SET state = ?, schema_version = ?, status = ?, version = ?,"
                    " updated_at = ? WHERE id = ? AND version = ?",
                    (to_json(state), state.get("schema"), status, new_version, now, game_id, expected_version),
                )
                if changed != 1:
                    raise VersionConflict(f"game {game_id} is no longer at version {expected_version}")
                if outbox is not None:
                    await queue_post_in(tx, outbox)
        except UniqueViolation as exc:
            if exc.column == "interaction_id":
                raise DuplicateInteraction(f"game {game_id}: interaction already applied") from exc
            if exc.column == "seq":
                raise VersionConflict(f"game {game_id} is no longer at version {expected_version}") from exc
            raise
        except OutcomeUnknown as exc:
            if not await self._landed_eventually(game_id, new_version, now, actions[:1], expected_version + 1):
                raise StoreUnavailable(f"game {game_id}: the write was not stored ({exc})") from exc
            log.warning("game %s: the commit's answer was lost, but version %s landed", game_id, new_version)
        return new_version

    async def _landed_eventually(self, game_id: int, version: int, at: float, first: Sequence[NewAction],
                                 seq: int) -> bool:
        """:meth:`_landed`, asked again while the database can't be asked,
        for up to :attr:`outcome_lookup_s` (pauses from 0.1 s, doubling, at
        most 1 s); :class:`OutcomeUnknown` if it still can't be asked then."""
        deadline = time.monotonic() + self.outcome_lookup_s
        pause = 0.1
        while True:
            try:
                return await self._landed(game_id, version, at, first, seq)
            except OutcomeUnknown:
                if time.monotonic() + pause > deadline:
                    raise
            await asyncio.sleep(pause)
            pause = min(2 * pause, 1.0)

    async def _landed(self, game_id: int, version: int, at: float, first: Sequence[NewAction], seq: int) -> bool:
        """Whether the write of :meth:`record` stamped ``at`` reached
        ``version``: its first action is entry ``seq`` of the log (or, with none, the game
        is at ``version``, stamped ``at``). The game's row is locked first,
        so a commit still on its way is waited for. :class:`OutcomeUnknown`
        when the database can't be asked."""
        try:
            async with self.transaction() as tx:
                row = await tx.fetchone(self.share_locked("SELECT version, updated_at FROM games WHERE id = ?"),
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
                packed = zlib.compress(to_json([list(r) for r in rows]).encode(), 9)
                await tx.execute("INSERT INTO archived_logs (game_id, log) VALUES (?, ?)", (game_id, packed))
                await tx.execute("UPDATE games SET archived_at = ? WHERE id = ?", (time.time(), game_id))
                await tx.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
        return len(ids)
