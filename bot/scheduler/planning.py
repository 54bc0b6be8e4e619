"""Planning a game's timers: whenever a lobby or an active game is at
another version than its timers were planned for, they are (re)written: a
lobby's expiry; for each seat due, a bot move (now) if the bot plays it
(a human teammate due first has the first say), else a reminder and,
with a turn clock, the clock's end; the idle watch; the thread's
keep-alive. A seat still due since the last plan keeps its reminder count
and clock."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..service import ServiceError, Unavailable
from ..store import NO_SEAT, Schedule, SeatRow, Timer
from .core import SchedulerCore, log
from .settings import clock_hours
from .timing import IDLE_AFTER, KEEPALIVE, LOBBY_TTL
from .turn_clock import clock_deadline


@dataclass(frozen=True)
class Plan:
    """The timers a game should have now: those to drop and those to write."""

    drop: list[tuple[str, int]]
    put: list[Timer]


SEAT_KINDS = ("bot", "remind", "clock")


def bot_may_act(seat: int, partners: Sequence[int], due: Sequence[int], seats: Sequence[SeatRow],
                timed_out: set[int]) -> bool:
    """In a team game a bot acts for its team only when no human partner is
    due, or once that partner's turn clock ran out (``timed_out``): a human
    teammate always gets the first say."""
    return not any(p in due and 0 <= p < len(seats) and not seats[p].bot and p not in timed_out
                   for p in partners)


def plan_timers(game_id: int, status: str, now: float, schedule: Schedule,
                seats: Sequence[SeatRow], due: Sequence[int], acted: set[int], existing: Sequence[Timer],
                moved: bool, partners: Mapping[int, Sequence[int]] | None = None) -> Plan:
    """The timers of a game, given who is due now and which seats acted
    since the last plan (``acted``; their timers start again). ``moved``:
    the game changed since the last plan (the idle watch starts again).
    ``partners``: each due seat's teammates (team games), whose human due
    player keeps the bot of his team waiting (:func:`bot_may_act`)."""
    have = {(t.kind, t.seat): t for t in existing}
    timed_out = {t.seat for t in existing if t.kind == "clock" and t.due_at is None and t.seat not in acted}
    want: dict[tuple[str, int], Timer] = {}

    def keep_or(kind: str, seat: int, due_at: float) -> None:
        """Keep the timer running since the last plan, unless its seat acted since."""
        old = have.get((kind, seat))
        want[(kind, seat)] = old if old is not None and seat not in acted else Timer(game_id, kind, seat, due_at, 0)

    if status == "lobby":
        keep_or("lobby", NO_SEAT, now + LOBBY_TTL)  # the scheduler sees a new lobby within a tick
    elif status == "active":
        for s in due:
            if s < 0 or s >= len(seats):
                continue
            if seats[s].bot:
                if bot_may_act(s, (partners or {}).get(s, ()), due, seats, timed_out):
                    want[("bot", s)] = Timer(game_id, "bot", s, now, 0)
                continue
            if schedule.remind_every is not None:
                keep_or("remind", s, now + schedule.remind_every)
            if schedule.turn_clock is not None:
                keep_or("clock", s, clock_deadline(now, schedule.turn_clock, clock_hours(schedule),
                                                   schedule.zone))
        idle = have.get(("idle", NO_SEAT))
        want[("idle", NO_SEAT)] = Timer(game_id, "idle", NO_SEAT, now + IDLE_AFTER, 0) \
            if moved or idle is None else idle
        keep_or("keepalive", NO_SEAT, now + KEEPALIVE)
    put = [t for key, t in want.items() if have.get(key) != t]
    drop = [key for key in have if key not in want]
    return Plan(drop, put)


class Planning(SchedulerCore):
    """The scheduler's planning (see the module)."""

    async def plan_changed(self, now: float) -> None:
        """Plan every game that changed since its last plan, a batch at a
        time (one that fails is passed over until the next tick)."""
        after = 0
        while batch := await self.store.games_to_plan(after):
            for game_id in batch:
                await self._guard(game_id, self.plan(game_id, now))
            after = batch[-1]

    async def plan(self, game_id: int, now: float) -> None:
        """Write the game's timers for its current version."""
        row = await self.service.context.get(game_id)
        planned = await self.store.planned_version(game_id)
        existing = await self.store.timers(game_id)
        schedule = await self.store.schedule(game_id)
        seats = await self.store.seats(game_id)
        due: list[int] = []
        acted: set[int] = set()
        partners: dict[int, list[int]] = {}
        if row.status == "active":
            try:
                table = await self.service.context.table(game_id)
            except Unavailable:
                raise
            except ServiceError as exc:  # a state that can't be loaded: plan nobody due (logged once)
                log.warning("game %s: planned without seats due: %s", game_id, exc)
            else:
                due = table.game.to_act(table.state)
                partners = {s: table.game.partners(table.state, s) for s in due if s >= 0}
            if 0 <= planned < row.version:
                acted = {a.seat for a in await self.store.log(game_id, last=row.version - planned)}
        plan = plan_timers(game_id, row.status, now, schedule, seats,
                           due, acted, existing, moved=0 <= planned != row.version, partners=partners)
        await self.store.plan_timers(game_id, row.version, plan.drop, plan.put)
