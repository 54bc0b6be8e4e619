"""The entry point: :class:`Scheduler`, whose :meth:`~Scheduler.tick` plans,
fires what is due and delivers, through the parts it holds."""

from __future__ import annotations

import asyncio
import time
from typing import Callable, Sequence

from ..bot_pool import BotPool
from ..service import GameService, Post
from ..store import Timer
from .bots import BotMoves
from .core import SchedulerContext
from .delivery import OutboxDelivery
from .handlers import TimerHandler, timer_handlers
from .notices import Notice, Notify
from .planning import Planning
from .players import BotPlayer
from .timing import FIRE_BATCH, MAX_ROUNDS, PLAN_BUDGET


class Scheduler:
    """Fires the stored due times through the service. ``clock`` gives now
    (seconds since the epoch; a fake one in tests); ``notify`` receives each
    :class:`Notice` as it happens (the transport posts it); ``bot_player``
    chooses the bots' moves (each seat at its level), in ``pool``'s threads
    (by default the one all schedulers of the process share:
    :mod:`bot.bot_pool`).

    It holds the parts, each over one shared :attr:`context`
    (:class:`~bot.scheduler.core.SchedulerContext`): :attr:`planning`
    (:mod:`.planning`), :attr:`delivery` (:mod:`.delivery`, the outbox) and
    :attr:`handlers`, the handler of each timer kind (:mod:`.handlers`),
    among them :attr:`bots` (:mod:`.bots`)."""

    def __init__(self, service: GameService, clock: Callable[[], float] = time.time,
                 notify: Notify | None = None, bot_player: BotPlayer | None = None,
                 pool: BotPool | None = None) -> None:
        self.context = SchedulerContext(service, clock, notify, bot_player, pool)
        self.store = self.context.store
        self.planning = Planning(self.context)
        self.delivery = OutboxDelivery(self.context)
        self.bots = BotMoves(self.context)
        self.handlers: dict[str, TimerHandler] = timer_handlers(self.context, self.planning, self.bots)
        self.plan_budget = PLAN_BUDGET
        """Seconds a tick spends planning a backlog (:mod:`.planning`)."""

    async def tick(self) -> list[Notice]:
        """Post the outbox, fire every timer due now, then plan the games
        that changed a slice at a time, firing what each slice made due
        (bots answering bots included) before the next: due times first,
        the event loop free between slices. Games are planned for at most
        :attr:`plan_budget` seconds a tick (at least one slice; the rest
        next tick), past it only those a round's firing changed; a tick
        fires at most :data:`MAX_ROUNDS` rounds."""
        now = self.context.clock()
        notices: list[Notice] = []
        await self.delivery.post_queued(now, notices)
        failed: set[int] = set()
        ends = time.monotonic() + self.plan_budget
        rounds, first = 0, True
        while rounds < MAX_ROUNDS:
            fired = await self.fire_due(now, notices, failed)
            rounds += fired
            within, first = first or time.monotonic() < ends, False
            # past the budget, only what this round's firing changed (bots answering bots)
            planned = await self.planning.plan_slice(now, failed, backlog=within) if within or fired else 0
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
            await self.planning.plan_games(stale, now, failed)
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
            for notice in await self.context.guard(timer.game_id, self.fire(timer, now)) or []:
                await self.delivery.deliver(notice, notices)

    async def fire(self, timer: Timer, now: float) -> list[Notice]:
        """Do what ``timer`` is due for (if it still applies) and move it on:
        its kind's handler fires it, in a game still in the handler's status;
        a timer of a gone game is left (gone with it), one of a game in
        another status or of an unknown kind dropped."""
        game = await self.store.timer_game(timer.game_id)  # its state is read only by what needs it
        if game is None:
            return []  # gone, and its timers with it
        status, _, _, thread_id = game
        handler = self.handlers.get(timer.kind)
        if handler is None or status != handler.status:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        return await handler.fire(timer, now, thread_id)

    async def plan(self, game_id: int, now: float) -> None:
        """Write the game's timers for its current version (:meth:`Planning.plan`)."""
        await self.planning.plan(game_id, now)

    async def bot_move(self, game_id: int, seat: int, queue_until: float | None = None) -> Post | None:
        """The bot's move for ``seat`` (:meth:`BotMoves.bot_move`)."""
        return await self.bots.bot_move(game_id, seat, queue_until)

    async def post_queued(self, now: float, notices: list[Notice]) -> None:
        """Post again what the outbox holds past its lease (:meth:`OutboxDelivery.post_queued`)."""
        await self.delivery.post_queued(now, notices)

    async def _due(self, now: float) -> list[Timer]:
        return await self.store.due_timers(now, FIRE_BATCH, bots=True) + \
            await self.store.due_timers(now, FIRE_BATCH, bots=False)
