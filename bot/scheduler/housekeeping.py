"""Housekeeping: a lobby never started expires; an active game without a
move is warned, then archived; an active game's thread is kept from
auto-archiving. An expiry or an archive changes the game only if it is
still as planned (else its queued post is taken out again); a keep-alive
or a warning is claimed only while the game is still active."""

from __future__ import annotations

from ..store import Timer
from .core import SchedulerCore
from .notices import Notice, mention
from .settings import describe_duration
from .timing import IDLE_AFTER, IDLE_GRACE, KEEPALIVE, LOBBY_TTL


class Housekeeping(SchedulerCore):
    """The scheduler's lobby expiry, idle watch and keep-alive (see the module)."""

    async def _lobby(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        text = f"This lobby was never started and expired after {describe_duration(LOBBY_TTL)}."
        item = self._queued(timer, "lobby_expired", text, now)
        if not await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item):
            return []
        if not await self.keeping.end_quietly(timer.game_id, "lobby"):
            await self.store.post_done(item.key)  # started (or ended) meanwhile, maybe in another process
            return []
        return [self._notice(item, thread_id)]

    async def _idle(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        if timer.count == 0:
            table = await self.service.context.table(timer.game_id)
            muted = await self.store.muted(timer.game_id)
            due = [table.seats[s] for s in table.game.to_act(table.state) if 0 <= s < len(table.seats)]
            pings = [s.user_id for s in due if not s.bot and s.user_id >= 0 and s.user_id not in muted]
            names = ", ".join(mention(s) if s.user_id in pings else s.name for s in due) or "nobody"
            text = (f"💤 Nobody has moved for {describe_duration(IDLE_AFTER)}. Waiting for {names}. "
                    f"Without a move this game is archived in {describe_duration(IDLE_GRACE)}.")
            warning = self._queued(timer, "idle_warning", text, now, pings)
            if not await self.store.claim_timer(timer, now + IDLE_GRACE, 1, outbox=warning, status="active"):
                return []
            return [self._notice(warning, thread_id)]
        text = "🗄️ This game was idle too long and is archived. Its log stays stored."
        item = self._queued(timer, "idle_archived", text, now)
        if not await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item):
            return []
        # only if nobody moved since the idle watch was planned (a move in
        # another process may not have been planned for here yet)
        planned = await self.store.planned_version(timer.game_id)
        if not await self.keeping.end_quietly(timer.game_id, "active", planned):
            await self.store.post_done(item.key)
            return []
        return [self._notice(item, thread_id)]

    async def _keepalive(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        # claimed only while the game is active: never reopen the thread of a
        # game another scheduler has just archived
        if not await self.store.claim_timer(timer, now + KEEPALIVE, timer.count + 1, status="active"):
            return []
        return [Notice("keepalive", timer.game_id, thread_id)]
