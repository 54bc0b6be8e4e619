"""The scheduler's context: what every part of the scheduler shares (the
service, the store, the clocks, the transport's
:data:`~bot.scheduler.notices.Notify`, the bots' player and pool); one
game's failure kept from the others (:meth:`SchedulerContext.guard`), and
the outbox entry and notice of a timer's firing. The parts
(:mod:`.planning`, the timer handlers of :mod:`.handlers`, :mod:`.delivery`)
each hold it."""

from __future__ import annotations

import logging
import time
from typing import Awaitable, Callable, Sequence

from ..bot_pool import SHARED, BotPool
from ..service import GameService, ServiceError
from ..store import NO_SEAT, OutboxPost, SeatRow, StoreError, Timer
from .notices import Notice, Notify
from .players import BotPlayer, GameBots
from .timing import OUTBOX_LEASE

log = logging.getLogger("railyard.scheduler")


class SchedulerContext:
    """The state every part of the scheduler shares (see the module).
    ``clock`` gives now (seconds since the epoch; a fake one in tests);
    ``notify`` receives each :class:`Notice` as it happens (the transport
    posts it); ``bot_player`` chooses the bots' moves (each seat at its
    level), in ``pool``'s threads (by default the one all schedulers of the
    process share: :mod:`bot.bot_pool`)."""

    def __init__(self, service: GameService, clock: Callable[[], float] = time.time,
                 notify: Notify | None = None, bot_player: BotPlayer | None = None,
                 pool: BotPool | None = None) -> None:
        self.service = service
        self.keeping = service.seats
        self.store = service.store
        self.clock = clock
        self.notify = notify
        self.bot_player: BotPlayer = bot_player or GameBots()
        self.pool = pool or SHARED
        self.wall_clock: Callable[[], float] = time.time
        """Real time, as Discord stamps its messages (when a post was queued:
        a retry looks only at messages since); ``clock`` may be a test's."""

    async def guard(self, game_id: int, work: Awaitable[list[Notice] | None]) -> list[Notice] | None:
        """One game's failure never stops the others (it is logged; its
        timer is tried again later)."""
        try:
            return await work
        except (ServiceError, StoreError) as exc:
            log.warning("game %s: scheduler step failed: %s", game_id, exc)
            return None
        except Exception:  # noqa: BLE001 - a bug in one game must not stall every other game
            log.exception("game %s: scheduler step failed", game_id)
            return None

    def queued(self, timer: Timer, kind: str, text: str, now: float, pings: Sequence[int] = ()) -> OutboxPost:
        """The outbox entry of what ``timer``'s firing posts (one key per firing)."""
        key = f"{kind}:{timer.game_id}:{timer.seat}:{timer.count}:{timer.due_at!r}"
        return OutboxPost(key, timer.game_id, kind, text, now + OUTBOX_LEASE, tuple(pings),
                          None if timer.seat == NO_SEAT else timer.seat, created_at=self.wall_clock())

    @staticmethod
    def notice(item: OutboxPost, thread_id: int | None) -> Notice:
        """The notice of the queued post ``item``, for the transport."""
        return Notice(item.kind, item.game_id, thread_id, item.text, list(item.pings), seat=item.seat,
                      outbox_key=item.key)

    async def seat_due(self, timer: Timer) -> tuple[list[SeatRow], bool]:
        """The game's seats, and whether ``timer``'s seat is due (read from its state)."""
        table = await self.service.context.table(timer.game_id)
        return table.seats, timer.seat in table.game.to_act(table.state)
