"""A seat's turn clock run out: a spent mark (``due_at`` None), so the
other players may skip the seat or hand it to the bot; in a team game the
seat's due bot teammates, who waited for him (:func:`~.planning.bot_may_act`),
then play for the team."""

from __future__ import annotations

from ..store import Timer
from .core import SchedulerContext
from .notices import Notice, mention
from .planning import Planning


class ClockOut:
    """The handler of ``clock`` timers (see the module); it plans the game
    again through ``planning`` when bot teammates may now move."""

    status = "active"
    """The game's status a ``clock`` timer fires in (else it is dropped)."""

    def __init__(self, context: SchedulerContext, planning: Planning) -> None:
        self.context = context
        self.store = context.store
        self.planning = planning

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        seats, due = await self.context.seat_due(timer)
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
        item = self.context.queued(timer, kind, text, now)
        if not await self.store.claim_timer(timer, None, timer.count + 1, outbox=item, status="active"):
            return []
        if bots:  # they waited for him (bot_may_act): planned again, they move now
            await self.planning.plan(timer.game_id, now)
        return [self.context.notice(item, thread_id)]

    async def _bot_partners_due(self, game_id: int, seat: int) -> list[int]:
        """The due bot teammates of ``seat`` (team games)."""
        table = await self.context.service.context.table(game_id)
        due = table.game.to_act(table.state)
        return [p for p in table.game.partners(table.state, seat)
                if p in due and 0 <= p < len(table.seats) and table.seats[p].bot]
