"""Games that last a week: each game's reminder and clock settings, its
stored due times (planned, due, claimed by exactly one scheduler), the
reminders' mutes and the ``/game remind`` nudge."""

from __future__ import annotations

from typing import Iterable

from .core import StoreCore
from .errors import VersionConflict
from .outbox import _queue_post
from .rows import OutboxPost, Schedule, Timer


class Timers(StoreCore):
    """The store's queries on schedules and timers (see the module)."""

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
