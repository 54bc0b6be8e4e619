"""Games that last a week and never stall: reminders, turn clocks, bot seats
and housekeeping, driven by stored due times.

Every due time is a row of the store's ``timers`` table, never only an
in-memory timer: a new :class:`Scheduler` over the same database (after a
restart) picks up exactly where the old one stopped. The scheduler is
transport-neutral: :meth:`Scheduler.tick` asks the store what is due at its
clock's ``now``, acts through the :class:`~bot.service.GameService` (a bot's
move is ``service.turns.act``, with its lock, log, transaction and post)
and hands back :class:`Notice` s for the transport to post; the Discord side
(``bot.app``) only calls ``tick()`` in a loop.

The entry point is :class:`Scheduler` (:mod:`.tick`: the tick and the
firing of one timer). It is made of parts, each an object holding one
shared context (:mod:`.core`: the service, the store, the clocks, the
transport's callback, the bots' player and pool, one game's failure kept
from the others), and each call names the part it goes to:

- ``scheduler.planning`` (:mod:`.planning`): each game's timers planned
  for its version, and the pass over the backlog;
- ``scheduler.handlers[timer.kind]`` (:mod:`.handlers`): what a due timer
  of each kind does, one module each: ``bot`` (:mod:`.bots`; who chooses
  the move: :mod:`.players`), ``remind`` (:mod:`.reminders`), ``clock``
  (:mod:`.clock_out`), ``lobby`` (:mod:`.lobby_expiry`), ``idle``
  (:mod:`.idle_watch`), ``keepalive`` (:mod:`.keepalive`);
- ``scheduler.delivery`` (:mod:`.delivery`): posting through the outbox,
  and again after a crash;
- :mod:`.settings`, :mod:`.turn_clock`, :mod:`.timing`: the ``/game new``
  settings parsed and shown, the turn clock inside active hours, the
  scheduler's times and limits; :mod:`.notices`: what the transport posts.

Everything is importable from ``bot.scheduler`` itself.

Planning
    Whenever a lobby or an active game is at another version than its timers
    were planned for, :meth:`Planning.plan` (re)writes them: a lobby's
    expiry; for each seat due, a bot move (now) if the bot plays it, else a
    reminder after the game's interval and, with a turn clock, the clock's
    end counted only inside the game's active hours; the idle watch; the
    thread's keep-alive. A seat still due since the last plan keeps its
    reminder count and clock. A tick fires what is due first (read in
    firing order through the ``timers_due`` index), then plans the changed
    games a slice at a time, the event loop free between slices, firing
    what each slice made due before the next: those changed since the
    pass began first, then a big backlog's games with a bot seat, then the
    rest, for at most :attr:`Scheduler.plan_budget` seconds a tick (the
    backlog of 100,000 games after an upgrade spans a few ticks; nothing
    due waits for it).

Firing
    A tick fires each game's due timers in order, and different games' at
    once: a bot thinking in one game (in the bots' shared pool,
    :mod:`bot.bot_pool`, one decision at a time per game) holds up nothing
    of another's.
    ``bot``: the bot plays the seat at the seat's level (its chooser sees
    only the seat's view).
    In a team game a bot waits while a human teammate is due: he always has
    the first say; once his turn clock runs out, the bot plays for the team.
    ``remind``: the seat's player is pinged again, at most
    :data:`MAX_REMINDERS` times, unless he muted the game's reminders.
    ``clock``: the turn clock ran out; it stays as a spent mark (``due_at``
    None) so the other players may skip the seat or hand it to the bot.
    ``lobby``: a lobby never started expires (abandoned).
    ``idle``: an active game without a move for :data:`IDLE_AFTER` is warned,
    and after :data:`IDLE_GRACE` more, archived (abandoned).
    ``keepalive``: the active game's thread is kept from auto-archiving.
    A lobby's expiry and an idle archive take the game's lock and change it
    only if it is still as planned (else their queued post is taken out
    again); a keep-alive, a reminder or a warning is claimed only while the
    game is still active (another scheduler on the database may have ended
    it meanwhile).

Posting: the outbox
    What a firing posts (a bot's move, a reminder, a clock run out, an
    expiry, a warning) is queued in the store's outbox in the same
    transaction as the move or the timer's claim, leased to this scheduler
    for :data:`OUTBOX_LEASE`, and taken out once the transport says Discord
    accepted it. A crash (or a failed post) leaves it queued: when its lease
    has run out, the next tick, of this scheduler or of a new one after a
    restart, posts it again, as a :attr:`Notice.retry`. Ruling on doubles: a
    crash can fall between Discord accepting a post and the outbox hearing
    of it, so a retry is first checked against what Discord already has: a
    move whose thread message was remembered (``Store.post_message``) is not
    posted again, and the transport looks for the same text among the
    thread's recent messages since the post was queued (``bot.app``) and
    sends with a nonce Discord enforces for a few minutes. Keep-alives are
    not queued: repeating one is harmless and the next comes a day later.
"""

from __future__ import annotations

from .bots import BotMoves, bot_retry_delay, claimed_as
from .clock_out import ClockOut
from .core import SchedulerContext
from .delivery import ENDINGS, OutboxDelivery
from .handlers import TimerHandler, timer_handlers
from .idle_watch import IdleWatch
from .keepalive import KeepAlive
from .lobby_expiry import LobbyExpiry
from .notices import Notice, Notify, mention
from .planning import SEAT_KINDS, Plan, Planning, bot_may_act, plan_timers
from .players import BotPlayer, GameBots, at_level
from .reminders import Reminders
from .settings import (clock_hours, describe_duration, parse_duration, parse_hours, parse_schedule, parse_zone,
                       schedule_text)
from .tick import Scheduler
from .timing import (BOT_RETRY_MAX, BOT_STUCK_AFTER, CLOCK_RANGE, DAY, DEFAULT_REMIND, FIRE_BATCH, FRESH_MARGIN, HOUR,
                     IDLE_AFTER, IDLE_GRACE, KEEPALIVE, LOBBY_TTL, MAX_REMINDERS, MAX_ROUNDS, NUDGE_GAP, OUTBOX_LEASE,
                     OUTBOX_MAX_TRIES, PLAN_BUDGET, PLAN_SLICE, REMIND_RANGE, RETRY)
from .turn_clock import active_seconds, clock_deadline

__all__ = [
    "BOT_RETRY_MAX", "BOT_STUCK_AFTER", "CLOCK_RANGE", "DAY", "DEFAULT_REMIND", "ENDINGS", "FIRE_BATCH", "FRESH_MARGIN",
    "HOUR", "IDLE_AFTER", "IDLE_GRACE", "KEEPALIVE", "LOBBY_TTL", "MAX_REMINDERS", "MAX_ROUNDS", "NUDGE_GAP",
    "OUTBOX_LEASE", "OUTBOX_MAX_TRIES", "PLAN_BUDGET", "PLAN_SLICE", "REMIND_RANGE", "RETRY", "SEAT_KINDS", "BotMoves",
    "BotPlayer", "ClockOut", "GameBots", "IdleWatch", "KeepAlive", "LobbyExpiry", "Notice", "Notify",
    "OutboxDelivery", "Plan", "Planning", "Reminders", "Scheduler", "SchedulerContext", "TimerHandler",
    "active_seconds", "at_level", "bot_may_act", "bot_retry_delay", "claimed_as", "clock_deadline", "clock_hours",
    "describe_duration", "mention", "parse_duration", "parse_hours", "parse_schedule", "parse_zone", "plan_timers",
    "schedule_text", "timer_handlers",
]
