"""The timer handlers: one object per kind of stored timer, each in a
module of its own, held by the :class:`~bot.scheduler.Scheduler` in a
table by kind (:func:`timer_handlers`):

- ``bot``: :class:`~.bots.BotMoves`, a bot seat's move;
- ``remind``: :class:`~.reminders.Reminders`, a seat's player reminded;
- ``clock``: :class:`~.clock_out.ClockOut`, a seat's turn clock run out;
- ``lobby``: :class:`~.lobby_expiry.LobbyExpiry`, a lobby never started;
- ``idle``: :class:`~.idle_watch.IdleWatch`, an active game nobody moves in;
- ``keepalive``: :class:`~.keepalive.KeepAlive`, the thread kept open.

A kind the table lacks (written by a newer Railyard) is dropped when due."""

from __future__ import annotations

from typing import Protocol

from ..store import Timer
from .bots import BotMoves
from .clock_out import ClockOut
from .core import SchedulerContext
from .idle_watch import IdleWatch
from .keepalive import KeepAlive
from .lobby_expiry import LobbyExpiry
from .notices import Notice
from .planning import Planning
from .reminders import Reminders


class TimerHandler(Protocol):
    """What a due timer of one kind does."""

    status: str
    """The status its game must be in; in any other the timer is dropped."""

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        """Do what ``timer`` is due for, if it still applies, and move it on
        (claimed, due again later or dropped); the notices for the game's
        thread (``thread_id``)."""
        ...


def timer_handlers(context: SchedulerContext, planning: Planning, bots: BotMoves) -> dict[str, TimerHandler]:
    """The handler of each kind of timer (see the module); ``bots`` is the
    scheduler's own, which also makes a bot's move on request."""
    return {"bot": bots, "remind": Reminders(context), "clock": ClockOut(context, planning),
            "lobby": LobbyExpiry(context), "idle": IdleWatch(context), "keepalive": KeepAlive(context)}
