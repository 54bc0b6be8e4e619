"""The thread's keep-alive: every :data:`KEEPALIVE` an active game's
thread is checked and, if Discord archived it for inactivity, reopened by
the transport. Claimed only while the game is active (never reopen the
thread of a game another scheduler has just archived); not queued in the
outbox: repeating one is harmless and the next comes a day later."""

from __future__ import annotations

from ..store import Timer
from .core import SchedulerContext
from .notices import Notice
from .timing import KEEPALIVE


class KeepAlive:
    """The handler of ``keepalive`` timers (see the module)."""

    status = "active"
    """The game's status a ``keepalive`` timer fires in (else it is dropped)."""

    def __init__(self, context: SchedulerContext) -> None:
        self.store = context.store

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        if not await self.store.claim_timer(timer, now + KEEPALIVE, timer.count + 1, status="active"):
            return []
        return [Notice("keepalive", timer.game_id, thread_id)]
