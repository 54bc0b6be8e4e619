"""The scheduler's times and limits: the defaults and bounds of the
``/game new`` settings, how long a lobby or an idle game lasts, how often
a thread is kept alive, how failures are retried and how long a queued
post is its maker's."""

from __future__ import annotations

HOUR = 3600.0
DAY = 24 * HOUR
DEFAULT_REMIND = 12 * HOUR
"""How long a seat is due before its player is reminded (a ``/game new`` option)."""
MAX_REMINDERS = 3
"""At most this many reminders for one turn."""
NUDGE_GAP = HOUR
"""``/game remind`` works at most once in this long per game."""
LOBBY_TTL = 7 * DAY
"""A lobby never started expires after this long."""
IDLE_AFTER = 7 * DAY
"""An active game without a move for this long is warned..."""
IDLE_GRACE = 3 * DAY
"""...and archived this long after the warning, if still nobody moved."""
KEEPALIVE = DAY
"""How often an active game's thread is checked and, if Discord archived it
for inactivity (a week without a message), reopened."""
RETRY = 60.0
"""A firing that failed (the database was unavailable) is tried again after this long."""
BOT_RETRY_MAX = HOUR
"""A bot's move that keeps failing is tried again after RETRY, then twice as
long each time, but never less often than this."""
BOT_STUCK_AFTER = 3
"""After this many failed tries in a row the thread is told once that the
bot can't move (the tries go on, spaced out)."""
OUTBOX_LEASE = 2 * RETRY
"""A queued post is its maker's to post for this long; then, if still
queued (a crash, a failed post), any scheduler posts it again."""
OUTBOX_MAX_TRIES = 6
"""A queued post Discord keeps refusing (a deleted thread) is given up after
this many tries (logged): about ten minutes of trying."""
MAX_ROUNDS = 20
"""Firing rounds in one tick: bots answering bots move in one tick, but a
tick always ends."""
FIRE_BATCH = 100
"""Due bot moves fired at once, and due other timers: a round's two batches."""
PLAN_SLICE = 50
"""Games planned at once: read in a few queries, written in one transaction;
the tick fires what they made due before it plans the next slice."""
PLAN_BUDGET = 10.0
"""Seconds one tick spends planning a backlog (at least one slice); the
rest waits for the next tick, so a tick with 100,000 games to plan still
ends and posts its outbox again soon."""
FRESH_MARGIN = 60.0
"""A game changed this long before the current pass over the backlog began
still counts as changed since (clocks of processes on one database differ
a little): planned first."""

REMIND_RANGE = (HOUR, 7 * DAY)
CLOCK_RANGE = (HOUR, 30 * DAY)
