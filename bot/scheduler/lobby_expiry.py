"""A lobby never started expires after :data:`LOBBY_TTL` (abandoned): the
game changes only if it is still a lobby (started or ended meanwhile,
maybe in another process: its queued post is taken out again)."""

from __future__ import annotations

from ..store import Timer
from .core import SchedulerContext
from .notices import Notice
from .settings import describe_duration
from .timing import LOBBY_TTL


class LobbyExpiry:
    """The handler of ``lobby`` timers (see the module)."""

    status = "lobby"
    """The game's status a ``lobby`` timer fires in (else it is dropped)."""

    def __init__(self, context: SchedulerContext) -> None:
        self.context = context
        self.store = context.store

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        text = f"This lobby was never started and expired after {describe_duration(LOBBY_TTL)}."
        item = self.context.queued(timer, "lobby_expired", text, now)
        if not await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item):
            return []
        if not await self.context.keeping.end_quietly(timer.game_id, "lobby"):
            await self.store.post_done(item.key)  # started (or ended) meanwhile, maybe in another process
            return []
        return [self.context.notice(item, thread_id)]
