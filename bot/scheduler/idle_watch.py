"""The idle watch: an active game without a move for :data:`IDLE_AFTER` is
warned (the warning claimed only while the game is still active), and
after :data:`IDLE_GRACE` more archived (abandoned), only if nobody moved
since the watch was planned (else its queued post is taken out again)."""

from __future__ import annotations

from ..store import Timer
from .core import SchedulerContext
from .notices import Notice, mention
from .settings import describe_duration
from .timing import IDLE_AFTER, IDLE_GRACE


class IdleWatch:
    """The handler of ``idle`` timers (see the module)."""

    status = "active"
    """The game's status an ``idle`` timer fires in (else it is dropped)."""

    def __init__(self, context: SchedulerContext) -> None:
        self.context = context
        self.store = context.store

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        return await (self._warn if timer.count == 0 else self._archive)(timer, now, thread_id)

    async def _warn(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        table = await self.context.service.context.table(timer.game_id)
        muted = await self.store.muted(timer.game_id)
        due = [table.seats[s] for s in table.game.to_act(table.state) if 0 <= s < len(table.seats)]
        pings = [s.user_id for s in due if not s.bot and s.user_id >= 0 and s.user_id not in muted]
        names = ", ".join(mention(s) if s.user_id in pings else s.name for s in due) or "nobody"
        text = (f"💤 Nobody has moved for {describe_duration(IDLE_AFTER)}. Waiting for {names}. "
                f"Without a move this game is archived in {describe_duration(IDLE_GRACE)}.")
        warning = self.context.queued(timer, "idle_warning", text, now, pings)
        if not await self.store.claim_timer(timer, now + IDLE_GRACE, 1, outbox=warning, status="active"):
            return []
        return [self.context.notice(warning, thread_id)]

    async def _archive(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        text = "🗄️ This game was idle too long and is archived. Its log stays stored."
        item = self.context.queued(timer, "idle_archived", text, now)
        if not await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item):
            return []
        # only if nobody moved since the idle watch was planned (a move in
        # another process may not have been planned for here yet)
        planned = await self.store.planned_version(timer.game_id)
        if not await self.context.keeping.end_quietly(timer.game_id, "active", planned):
            await self.store.post_done(item.key)
            return []
        return [self.context.notice(item, thread_id)]
