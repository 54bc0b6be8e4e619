"""A seat's player waited for: reminders (at most :data:`MAX_REMINDERS`,
none for a player who muted the game) and the turn clock run out (a spent
mark, so the others may skip the seat or hand it to the bot; in a team
game the bot teammate then plays for the team)."""

from __future__ import annotations

from ..store import SeatRow, Timer
from .notices import Notice, mention
from .planning import Planning
from .settings import describe_duration
from .timing import DEFAULT_REMIND, MAX_REMINDERS


class Reminders(Planning):
    """The scheduler's reminders and turn clocks (see the module)."""

    async def _remind(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
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
        item = self._queued(timer, "reminder", text, now, [seat.user_id])
        claimed = await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item,
                                               status="active", version=version) if last else \
            await self.store.claim_timer(timer, now + every, timer.count + 1, outbox=item, status="active",
                                         version=version)
        return [self._notice(item, thread_id)] if claimed else []

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
        seats, due = await self._seat_due(timer)
        return seats, due, None

    async def _clock(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        seats, due = await self._seat_due(timer)
        if not due or timer.seat >= len(seats) or seats[timer.seat].bot:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        name = seats[timer.seat].name
        bots = await self._bot_partners_due(timer.game_id, timer.seat)
        if bots:
            kind = "clock_to_partner"
            text = (f"⌛ {name}'s turn clock ran out: {', '.join(mention(seats[b]) for b in bots)} "
                    f"plays for the team; {name} can still move while it is the team's turn.")
        else:
            kind = "clock"
            text = (f"⌛ {name}'s turn clock ran out. The other players may skip the turn (a safe default "
                    f"where the game has one) or hand the seat to the bot; {name} can take it back with "
                    "`/game takeover`.")
        item = self._queued(timer, kind, text, now)
        if not await self.store.claim_timer(timer, None, timer.count + 1, outbox=item, status="active"):
            return []
        if bots:  # they waited for him (bot_may_act): planned again, they move now
            await self.plan(timer.game_id, now)
        return [self._notice(item, thread_id)]

    async def _bot_partners_due(self, game_id: int, seat: int) -> list[int]:
        """The due bot teammates of ``seat`` (team games)."""
        table = await self.service.context.table(game_id)
        due = table.game.to_act(table.state)
        return [p for p in table.game.partners(table.state, seat)
                if p in due and 0 <= p < len(table.seats) and table.seats[p].bot]
