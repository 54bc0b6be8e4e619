"""The entry point: :class:`Scheduler`, whose :meth:`~Scheduler.tick` plans,
fires what is due and delivers, over the concerns' mixins."""

from __future__ import annotations

import asyncio
from typing import Sequence

from ..store import Timer
from .bots import BotMoves
from .delivery import OutboxDelivery
from .housekeeping import Housekeeping
from .notices import Notice
from .reminders import Reminders
from .timing import MAX_ROUNDS


class Scheduler(Reminders, BotMoves, Housekeeping, OutboxDelivery):
    """Fires the stored due times through the service. ``clock`` gives now
    (seconds since the epoch; a fake one in tests); ``notify`` receives each
    :class:`Notice` as it happens (the transport posts it); ``bot_player``
    chooses the bots' moves (each seat at its level), in ``pool``'s threads
    (by default the one all schedulers of the process share:
    :mod:`bot.bot_pool`). Its calls live by concern (:mod:`.planning`,
    :mod:`.reminders`, :mod:`.bots`, :mod:`.housekeeping`,
    :mod:`.delivery`), each a mixin over
    :class:`~bot.scheduler.core.SchedulerCore`."""

    async def tick(self) -> list[Notice]:
        """Plan the games that changed, fire every timer due now, and again
        while bots keep moving (at most :data:`MAX_ROUNDS` rounds)."""
        now = self.clock()
        notices: list[Notice] = []
        await self.post_queued(now, notices)
        for _ in range(MAX_ROUNDS):
            await self.plan_changed(now)
            timers = await self.store.due_timers(now)
            if not timers:
                break
            by_game: dict[int, list[Timer]] = {}
            for timer in timers:
                by_game.setdefault(timer.game_id, []).append(timer)
            await asyncio.gather(*(self._fire_game(due, now, notices) for due in by_game.values()))
        return notices

    async def _fire_game(self, timers: Sequence[Timer], now: float, notices: list[Notice]) -> None:
        """One game's due timers, in order; other games' fire meanwhile, so a
        bot thinking in one game (:mod:`bot.bot_pool`) never holds up the
        moves, reminders and clocks of the others."""
        for timer in timers:
            for notice in await self._guard(timer.game_id, self.fire(timer, now)) or []:
                await self._deliver(notice, notices)

    async def fire(self, timer: Timer, now: float) -> list[Notice]:
        """Do what ``timer`` is due for (if it still applies) and move it on."""
        row = await self.service.context.get(timer.game_id)
        wanted = "lobby" if timer.kind == "lobby" else "active"
        if row.status != wanted:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        handler = {"bot": self._bot, "remind": self._remind, "clock": self._clock, "lobby": self._lobby,
                   "idle": self._idle, "keepalive": self._keepalive}.get(timer.kind)
        if handler is None:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        return await handler(timer, now, row.thread_id)
