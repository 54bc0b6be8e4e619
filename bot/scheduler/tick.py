"""The entry point: :class:`Scheduler`, whose :meth:`~Scheduler.tick` plans,
fires what is due and delivers, over the concerns' mixins."""

from __future__ import annotations

import asyncio
import time
from typing import Sequence

from ..store import Timer
from .bots import BotMoves
from .delivery import OutboxDelivery
from .housekeeping import Housekeeping
from .notices import Notice
from .reminders import Reminders
from .timing import FIRE_BATCH, MAX_ROUNDS


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
        """Post the outbox, fire every timer due now, then plan the games
        that changed a slice at a time, firing what each slice made due
        (bots answering bots included) before the next: due times first,
        the event loop free between slices. Games are planned for at most
        :attr:`plan_budget` seconds a tick (at least one slice; the rest
        next tick), past it only those a round's firing changed; a tick
        fires at most :data:`MAX_ROUNDS` rounds."""
        now = self.clock()
        notices: list[Notice] = []
        await self.post_queued(now, notices)
        failed: set[int] = set()
        ends = time.monotonic() + self.plan_budget
        rounds, first = 0, True
        while rounds < MAX_ROUNDS:
            fired = await self.fire_due(now, notices, failed)
            rounds += fired
            within, first = first or time.monotonic() < ends, False
            # past the budget, only what this round's firing changed (bots answering bots)
            planned = await self.plan_slice(now, failed, backlog=within) if within or fired else 0
            if not (fired or planned):
                break
            await asyncio.sleep(0)  # the loop's other work between slices
        return notices

    async def fire_due(self, now: float, notices: list[Notice], failed: set[int]) -> bool:
        """Fire the timers due at ``now``: a batch of bot moves and one of
        the rest (each the earliest first, read through the ``timers_due``
        index: thousands of reminders due after a restart hold up no bot's
        move), each game's in order and different games' at once; a game
        changed since its plan is planned first. Whether any was due."""
        timers = await self._due(now)
        if not timers:
            return False
        stale = [g for g in await self.store.games_to_plan(0, len(timers), among=sorted({t.game_id for t in timers}))
                 if g not in failed]
        if stale:
            await self.plan_games(stale, now, failed)
            timers = await self._due(now)
        by_game: dict[int, list[Timer]] = {}
        for timer in timers:
            by_game.setdefault(timer.game_id, []).append(timer)
        await asyncio.gather(*(self._fire_game(due, now, notices) for due in by_game.values()))
        return bool(timers)

    async def _fire_game(self, timers: Sequence[Timer], now: float, notices: list[Notice]) -> None:
        """One game's due timers, in order; other games' fire meanwhile, so a
        bot thinking in one game (:mod:`bot.bot_pool`) never holds up the
        moves, reminders and clocks of the others."""
        for timer in timers:
            for notice in await self._guard(timer.game_id, self.fire(timer, now)) or []:
                await self._deliver(notice, notices)

    async def fire(self, timer: Timer, now: float) -> list[Notice]:
        """Do what ``timer`` is due for (if it still applies) and move it on."""
        game = await self.store.timer_game(timer.game_id)  # its state is read only by what needs it
        if game is None:
            return []  # gone, and its timers with it
        status, _, _, thread_id = game
        wanted = "lobby" if timer.kind == "lobby" else "active"
        if status != wanted:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        handler = {"bot": self._bot, "remind": self._remind, "clock": self._clock, "lobby": self._lobby,
                   "idle": self._idle, "keepalive": self._keepalive}.get(timer.kind)
        if handler is None:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        return await handler(timer, now, thread_id)

    async def _due(self, now: float) -> list[Timer]:
        return await self.store.due_timers(now, FIRE_BATCH, bots=True) + \
            await self.store.due_timers(now, FIRE_BATCH, bots=False)
