"""A seat's player reminded that the game waits for him: at most
:data:`MAX_REMINDERS` times a turn, none for a player who muted the game,
none once the seat is no longer due."""

from __future__ import annotations

from ..store import SeatRow, Timer
from .core import SchedulerContext
from .notices import Notice, mention
from .settings import describe_duration
from .timing import DEFAULT_REMIND, MAX_REMINDERS


class Reminders:
    """The handler of ``remind`` timers (see the module)."""

    status = "active"
    """The game's status a ``remind`` timer fires in (else it is dropped)."""

    def __init__(self, context: SchedulerContext) -> None:
        self.context = context
        self.store = context.store

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        seats, due, version = await self._seat_due_as_planned(timer)
        schedule = await self.store.schedule(timer.game_id)
        seat = seats[timer.seat] if timer.seat < len(seats) else None
        muted = await self.store.muted(timer.game_id)
        last = timer.count + 1 >= MAX_REMINDERS or schedule.remind_every is None
        if not due or seat is None or seat.bot or seat.user_id in muted:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        every = schedule.remind_every or DEFAULT_REMIND
        waited = describe_duration(every * (timer.count + 1))
        tail = " (last reminder)" if last else ""
        text = f"⏰ {mention(seat)}, it's still your turn (waiting about {waited}){tail}."
        item = self.context.queued(timer, "reminder", text, now, [seat.user_id])
        claimed = await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item,
                                               status="active", version=version) if last else \
            await self.store.claim_timer(timer, now + every, timer.count + 1, outbox=item, status="active",
                                         version=version)
        return [self.context.notice(item, thread_id)] if claimed else []

    async def _seat_due_as_planned(self, timer: Timer) -> tuple[list[SeatRow], bool, int | None]:
        """The game's seats and whether ``timer``'s seat is due, with the
        version they hold at: in a game planned at its version, as planned
        (a reminder is planned only for a seat due), without reading its
        state; the claim then holds only while the game is at that version
        (a move meanwhile: no reminder, the game is planned again). Else
        read from its state (no version held)."""
        game = await self.store.timer_game(timer.game_id)
        if game is not None and game[1] == game[2]:
            return await self.store.seats(timer.game_id), True, game[1]
        seats, due = await self.context.seat_due(timer)
        return seats, due, None
