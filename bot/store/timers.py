"""Games that last a week: each game's reminder and clock settings, its
stored due times (planned, due, claimed by exactly one scheduler), the
reminders' mutes and the ``/game remind`` nudge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .core import StoreCore, Tx, hold, seat_row
from .errors import VersionConflict
from .outbox import queue_post_in
from .rows import OutboxPost, Schedule, SeatRow, Timer

def due_timers_sql(bots: bool | None = None) -> str:
    """The query of the due timers, earliest first (``bots``: only bot
    moves; False: all but bot moves): read in this order straight from the
    ``timers_due`` index, so a tick reads the first few of thousands due
    without sorting them all."""
    # kind || '': an equality SQLite would drop from the ORDER BY, then sort the rest itself
    kinds = "" if bots is None else " AND kind || '' = 'bot'" if bots else " AND kind <> 'bot'"
    return ("SELECT game_id, kind, seat, due_at, count FROM timers WHERE due_at IS NOT NULL"
            f" AND due_at <= ?{kinds} ORDER BY due_at, game_id, kind, seat LIMIT ?")

TO_PLAN = ("SELECT g.id FROM games g LEFT JOIN schedules s ON s.game_id = g.id"
           " WHERE {status} IN ('lobby', 'active')"
           " AND (s.planned_version IS NULL OR s.planned_version <> g.version OR s.replan = 1)")
"""Lobbies and active games whose timers were planned for another version
than theirs (or never), or whose seats or settings changed. ``{status}``:
``g.status`` to read them through ``games_housekeeping`` (the few changed
since an instant), or ``g.status || ''``, which no index serves, to walk
the games by id (SQLite without statistics would otherwise read every
lobby and active game through the status index and sort them all)."""


@dataclass(frozen=True)
class PlanInput:
    """What planning a game's timers reads: the game's id, slug, status,
    version and stored state (its JSON text, parsed by the planner one game
    at a time: a slice's states are never all alive at once), the version
    its timers were planned for (-1: never), its settings, timers and
    seats."""

    game_id: int
    slug: str
    status: str
    version: int
    state: str | None
    planned_version: int
    schedule: Schedule
    timers: list[Timer]
    seats: list[SeatRow]


@dataclass(frozen=True)
class TimerPlan:
    """A game's timers planned for its ``version``: those to ``drop`` (by
    kind and seat) and those to ``put``."""

    game_id: int
    version: int
    drop: Sequence[tuple[str, int]]
    put: Sequence[Timer]


def _marks(count: int) -> str:
    return ", ".join("?" * count)


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

    async def games_to_plan(self, after: int = 0, limit: int = 100, *, with_bots: bool = False,
                            since: float | None = None, among: Sequence[int] | None = None) -> list[int]:
        """Lobbies and active games whose timers were planned for another
        version than theirs (or never), or whose seats or settings changed:
        what the scheduler plans next (``limit`` of them, by id, after
        ``after``). ``with_bots``: only games with a bot seat (a bot move
        may be due now). ``since``: only games changed at or after that
        instant (the store's clock; read through ``games_housekeeping``).
        ``among``: only these games."""
        sql = TO_PLAN.format(status="g.status" if since is not None else "g.status || ''")
        params: list[object] = []
        if since is not None:
            sql, params = sql + " AND g.updated_at >= ?", [*params, since]
        if among is not None:
            if not among:
                return []
            sql, params = sql + f" AND g.id IN ({_marks(len(among))})", [*params, *among]
        if with_bots:  # last: looked at only for the games changed
            sql += " AND EXISTS (SELECT 1 FROM seats b WHERE b.game_id = g.id AND b.bot = 1)"
        async with self.reading() as tx:
            rows = await tx.fetchall(sql + " AND g.id > ? ORDER BY g.id LIMIT ?", (*params, after, limit))
        return [int(r[0]) for r in rows]

    async def plan_inputs(self, game_ids: Sequence[int]) -> list[PlanInput]:
        """What planning reads, for each of ``game_ids`` still stored (in
        their order), in four queries for them all."""
        if not game_ids:
            return []
        ids, marks = tuple(game_ids), _marks(len(game_ids))
        async with self.reading() as tx:
            games = await tx.fetchall(f"SELECT id, slug, status, version, state FROM games WHERE id IN ({marks})",
                                      ids)
            schedules = await tx.fetchall(
                "SELECT game_id, remind_every, turn_clock, hours, zone, planned_version FROM schedules"
                f" WHERE game_id IN ({marks})", ids)
            timers = await tx.fetchall(
                f"SELECT game_id, kind, seat, due_at, count FROM timers WHERE game_id IN ({marks})"
                " ORDER BY game_id, kind, seat", ids)
            seats = await tx.fetchall(
                f"SELECT game_id, seat, user_id, name, bot, level FROM seats WHERE game_id IN ({marks})"
                " ORDER BY game_id, seat", ids)
        planned = {int(r[0]): (Schedule(r[1], r[2], r[3], r[4]), int(r[5])) for r in schedules}
        timers_of: dict[int, list[Timer]] = {}
        for r in timers:
            timers_of.setdefault(int(r[0]), []).append(Timer(*r))
        seats_of: dict[int, list[SeatRow]] = {}
        for r in seats:
            seats_of.setdefault(int(r[0]), []).append(seat_row(r[1:]))
        rows = {int(r[0]): r for r in games}
        out = []
        for game_id in ids:
            if game_id in rows:
                _, slug, status, version, state = rows[game_id]
                schedule, planned_for = planned.get(game_id, (Schedule(), -1))
                out.append(PlanInput(game_id, slug, status, int(version), state, planned_for, schedule,
                                     timers_of.get(game_id, []), seats_of.get(game_id, [])))
        return out

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

    async def due_timers(self, now: float, limit: int = 100, bots: bool | None = None) -> list[Timer]:
        """Timers due at ``now`` or before, the earliest first (``bots``:
        only bot moves; False: all but bot moves)."""
        async with self.reading() as tx:
            rows = await tx.fetchall(due_timers_sql(bots), (now, limit))
        return [Timer(*r) for r in rows]

    async def plan_timers(self, game_id: int, version: int, drop: Iterable[tuple[str, int]],
                          put: Iterable[Timer]) -> None:
        """In one transaction: delete the timers ``drop`` names, insert or
        replace those of ``put``, and note them planned for ``version``."""
        async with self.transaction() as tx:
            await _write_plans(tx, [TimerPlan(game_id, version, list(drop), list(put))])

    async def write_plans(self, plans: Sequence[TimerPlan]) -> set[int]:
        """Many games' :meth:`plan_timers` in one transaction, each only if
        its game is still at the version it was planned for (a game changed
        meanwhile is left to be planned again): the ids written."""
        if not plans:
            return set()
        ids = [p.game_id for p in plans]
        async with self.transaction() as tx:
            rows = await tx.fetchall(f"SELECT id, version FROM games WHERE id IN ({_marks(len(ids))})", ids)
            current = {int(r[0]): int(r[1]) for r in rows}
            still = [p for p in plans if current.get(p.game_id) == p.version]
            await _write_plans(tx, still)
        return {p.game_id for p in still}

    async def timer_game(self, game_id: int) -> tuple[str, int, int, int | None] | None:
        """A game as its timers' firing needs it, its state left unread: its
        status, version, the version its timers were planned for (-1:
        never) and its thread (None: no such game)."""
        async with self.reading() as tx:
            row = await tx.fetchone(
                "SELECT g.status, g.version, COALESCE(s.planned_version, -1), g.thread_id"
                " FROM games g LEFT JOIN schedules s ON s.game_id = g.id WHERE g.id = ?", (game_id,))
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]), row[3])

    async def claim_timer(self, timer: Timer, due_at: float | None, count: int, drop: bool = False,
                          outbox: OutboxPost | None = None, status: str | None = None,
                          version: int | None = None) -> bool:
        """Move ``timer`` on (to ``due_at`` after ``count`` firings) or
        ``drop`` it, only if it is still as read (and the game still
        ``status`` and, when given, at ``version``): of two schedulers on one
        database, exactly one claims each firing, and none claims it for a
        game the other has just ended (or moved). With ``outbox``, the post
        the firing makes is queued in the claim's transaction (only by the
        scheduler that claims it)."""
        assert timer.due_at is not None, "only a due timer is claimed"
        where = " WHERE game_id = ? AND kind = ? AND seat = ? AND due_at = ? AND count = ?"
        key = (timer.game_id, timer.kind, timer.seat, timer.due_at, timer.count)
        try:
            async with self.transaction() as tx:
                if status is not None:
                    await hold(tx, timer.game_id, status, version)
                if drop:
                    changed = await tx.execute("DELETE FROM timers" + where, key)
                else:
                    changed = await tx.execute("UPDATE timers SET due_at = ?, count = ?" + where,
                                               (due_at, count, *key))
                if changed == 1 and outbox is not None:
                    await queue_post_in(tx, outbox)
        except VersionConflict:
            return False
        return changed == 1

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


async def _write_plans(tx: Tx, plans: Sequence[TimerPlan]) -> None:
    """Each plan's timers dropped and put, and noted planned for its version."""
    await tx.executemany("DELETE FROM timers WHERE game_id = ? AND kind = ? AND seat = ?",
                         [(p.game_id, kind, seat) for p in plans for kind, seat in p.drop])
    await tx.executemany(
        "INSERT INTO timers (game_id, kind, seat, due_at, count) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, kind, seat) DO UPDATE SET due_at = excluded.due_at,"
        " count = excluded.count",
        [(p.game_id, t.kind, t.seat, t.due_at, t.count) for p in plans for t in p.put])
    await tx.executemany(
        "INSERT INTO schedules (game_id, planned_version) VALUES (?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET planned_version = excluded.planned_version, replan = 0",
        [(p.game_id, p.version) for p in plans])
