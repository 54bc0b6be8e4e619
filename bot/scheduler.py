"""Games that last a week and never stall: reminders, turn clocks, bot seats
and housekeeping, driven by stored due times.

Every due time is a row of the store's ``timers`` table, never only an
in-memory timer: a new :class:`Scheduler` over the same database (after a
restart) picks up exactly where the old one stopped. The scheduler is
transport-neutral: :meth:`Scheduler.tick` asks the store what is due at its
clock's ``now``, acts through the :class:`~bot.service.GameService` (a bot's
move is :meth:`GameService.act`, with its lock, log, transaction and post)
and hands back :class:`Notice` s for the transport to post; the Discord side
(``bot.app``) only calls ``tick()`` in a loop.

Planning
    Whenever a lobby or an active game is at another version than its timers
    were planned for, :meth:`Scheduler.plan` (re)writes them: a lobby's
    expiry; for each seat due, a bot move (now) if the bot plays it, else a
    reminder after the game's interval and, with a turn clock, the clock's
    end counted only inside the game's active hours; the idle watch; the
    thread's keep-alive. A seat still due since the last plan keeps its
    reminder count and clock.

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

import asyncio
import logging
import random
import re
import time
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Awaitable, Callable, Mapping, Protocol, Sequence
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from games.bots import DEFAULT_LEVEL, policy_for
from games.core import Game, IllegalAction, State
from games.playout import random_action

from .bot_pool import SHARED, BotPool
from .service import GameService, Post, SeatKeeping, ServiceError, Unavailable, seat_mention
from .store import NO_SEAT, OutboxPost, Schedule, SeatRow, StoreError, Timer

log = logging.getLogger("railyard.scheduler")

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
"""Plan-and-fire rounds in one tick: bots answering bots move in one tick,
but a tick always ends."""

REMIND_RANGE = (HOUR, 7 * DAY)
CLOCK_RANGE = (HOUR, 30 * DAY)


# -- parsing the /game new settings (strict ASCII) -------------------------

_DURATION = re.compile(r"([0-9]{1,4})\s*(m|min|mins|minutes?|h|hrs?|hours?|d|days?)", re.ASCII | re.IGNORECASE)
_UNITS = {"m": 60.0, "h": HOUR, "d": DAY}


def _shown(text: str) -> str:
    """At most 40 characters of a player's text, for a refusal."""
    return text[:40] + ("…" if len(text) > 40 else "")


def parse_duration(text: str, what: str, bounds: tuple[float, float], allow_off: bool = True) -> float | None:
    """A duration like "12h", "90m", "2d" (ASCII digits and a unit, any
    case) in seconds, or None for "off"; ServiceError says how to write it."""
    cleaned = text.strip()
    if allow_off and cleaned.lower() in ("off", "none", "no"):
        return None
    match = _DURATION.fullmatch(cleaned)
    if match is None:
        off = ", or off" if allow_off else ""
        raise ServiceError(f"The {what} is written like 12h, 90m or 2d{off}; not '{_shown(cleaned)}'.")
    seconds = int(match[1]) * _UNITS[match[2][0].lower()]
    low, high = bounds
    if not low <= seconds <= high:
        raise ServiceError(f"The {what} must be between {describe_duration(low)} and {describe_duration(high)}.")
    return seconds


def describe_duration(seconds: float) -> str:
    """Seconds as a player reads them: "12 h", "2 d", "90 min"."""
    if seconds >= DAY and seconds % DAY == 0:
        return f"{int(seconds // DAY)} d"
    if seconds >= HOUR and seconds % HOUR == 0:
        return f"{int(seconds // HOUR)} h"
    return f"{int(seconds // 60)} min"


_HOURS = re.compile(r"([0-9]{1,2})\s*-\s*([0-9]{1,2})", re.ASCII)


def parse_hours(text: str) -> tuple[int, int] | None:
    """Active hours "18-23" (from 18:00 to 23:00 local time; "22-2" runs past
    midnight) as (start, end), or None for all day ("", "all", "0-24")."""
    cleaned = text.strip()
    if cleaned.lower() in ("", "all", "any"):
        return None
    match = _HOURS.fullmatch(cleaned)
    if match is None:
        raise ServiceError(f"Active hours are written like 18-23 (from 18:00 to 23:00); not '{_shown(cleaned)}'.")
    start, end = int(match[1]), int(match[2])
    if start > 23 or end > 24 or start == end % 24:
        if (start, end) == (0, 24):
            return None
        raise ServiceError("Active hours go from an hour 0-23 to a different hour 1-24, like 18-23.")
    return start, end


_ZONE = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}", re.ASCII)


def parse_zone(text: str) -> str:
    """An IANA time zone name ("Europe/Paris", "UTC", any case of "utc"),
    checked against the time zone database; ServiceError otherwise."""
    cleaned = text.strip()
    if cleaned.lower() == "utc":
        return "UTC"
    if _ZONE.fullmatch(cleaned) is None or len(cleaned) > 40:
        raise ServiceError(f"A time zone is named like Europe/Paris or America/New_York; not '{_shown(cleaned)}'.")
    try:
        ZoneInfo(cleaned)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(f"There is no time zone called '{_shown(cleaned)}' (try Europe/Paris or UTC).") from None
    return cleaned


def parse_schedule(remind: str | None, clock: str | None, hours: str | None, zone: str | None) -> Schedule:
    """The ``/game new`` settings, strictly parsed (every refusal says how
    to write it); what is left out keeps its default."""
    every = DEFAULT_REMIND if remind is None else parse_duration(remind, "reminder interval", REMIND_RANGE)
    turn = None if clock is None else parse_duration(clock, "turn clock", CLOCK_RANGE)
    span = None if hours is None else parse_hours(hours)
    if span is not None and turn is None:
        raise ServiceError("Active hours count the turn clock: give a clock too (e.g. clock 48h).")
    return Schedule(every, turn, "" if span is None else f"{span[0]}-{span[1]}",
                    "UTC" if zone is None else parse_zone(zone))


# -- the turn clock, counted inside the active hours ------------------------

def _windows(start: float, end: float, hours: tuple[int, int] | None, zone: ZoneInfo) -> list[tuple[float, float]]:
    """The active intervals (UTC instants) overlapping [start, end)."""
    if hours is None:
        return [(start, end)]
    first = datetime.fromtimestamp(start, zone).date() - timedelta(days=1)
    last = datetime.fromtimestamp(end, zone).date()
    out = []
    day = first
    while day <= last:
        open_at = _local(day, hours[0], zone)
        close_day = day if hours[1] > hours[0] else day + timedelta(days=1)
        close_at = _local(close_day, hours[1], zone)
        lo, hi = max(open_at, start), min(close_at, end)
        if lo < hi:
            out.append((lo, hi))
        day += timedelta(days=1)
    return out


def _local(day: date, hour: int, zone: ZoneInfo) -> float:
    """The instant of ``hour``:00 on ``day`` in ``zone`` (24 is the next
    midnight). A wall time skipped by a DST change counts from the same
    place in the standard offset: 02:00 on a spring-forward night is 03:00."""
    if hour == 24:
        day, hour = day + timedelta(days=1), 0
    return datetime(day.year, day.month, day.day, hour, tzinfo=zone).timestamp()


def active_seconds(start: float, end: float, hours: tuple[int, int] | None, zone: str) -> float:
    """How many seconds between the instants ``start`` and ``end`` fall
    inside the daily active ``hours`` (local time in ``zone``; None: all
    day). Real elapsed time: a DST change makes a night's window an hour
    longer or shorter, as the players' clocks do."""
    if end <= start:
        return 0.0
    return sum(hi - lo for lo, hi in _windows(start, end, hours, ZoneInfo(zone)))


def clock_deadline(start: float, budget: float, hours: tuple[int, int] | None, zone: str) -> float:
    """The instant at which a turn clock of ``budget`` seconds started at
    ``start`` runs out, counting only the active ``hours`` in ``zone``."""
    if hours is None:
        return start + budget
    tz = ZoneInfo(zone)
    left, cursor = budget, start
    for _ in range(400):  # a window a day: a year's worth is more than any clock allows
        span = _windows(cursor, cursor + 2 * DAY, hours, tz)
        for lo, hi in span:
            if hi - lo >= left:
                return lo + left
            left -= hi - lo
        cursor += 2 * DAY
    raise ValueError("the turn clock never runs out within a year")


def schedule_text(schedule: Schedule) -> str:
    """The lobby's line on reminders and the turn clock."""
    parts = [f"reminders after {describe_duration(schedule.remind_every)}" if schedule.remind_every
             else "no reminders"]
    if schedule.turn_clock is not None:
        inside = f", counted {schedule.hours} h {schedule.zone}" if schedule.hours else ""
        parts.append(f"turn clock {describe_duration(schedule.turn_clock)}{inside}")
    return "\n⏰ " + "; ".join(parts) + "."


def clock_hours(schedule: Schedule) -> tuple[int, int] | None:
    return parse_hours(schedule.hours) if schedule.hours else None


# -- the bot -----------------------------------------------------------------

class BotPlayer(Protocol):
    """How a bot picks a move: from the seat's view only (nothing hidden from
    the seat), returning one canonical action text."""

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str: ...


@dataclass(frozen=True)
class GameBots:
    """The default bot: each game's own policy at ``level``
    (``games.bots.policy_for``), given the seat's view only."""

    level: str = DEFAULT_LEVEL

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str:
        return policy_for(game.slug, self.level).choose(game, state_view, seat, rng)


def at_level(player: BotPlayer, level: str) -> BotPlayer:
    """Who decides for a bot seat at ``level``: the games' own bots play at
    the seat's level; any other player (a test's) plays as it is."""
    return GameBots(level) if isinstance(player, GameBots) else player


# -- what the transport posts ---------------------------------------------------

@dataclass
class Notice:
    """Something the scheduler did that the thread should see. ``kind`` is
    "move" (a bot's move: ``post``), "reminder", "clock", "clock_to_partner" (a
    clock ran out and the seat's bot teammate plays for the team), "lobby_expired",
    "idle_warning", "idle_archived", "bot_stuck" (a bot's move keeps failing)
    or "keepalive" (nothing to say: keep the thread open). Only ``ping_user_ids`` may be pinged."""

    kind: str
    game_id: int
    thread_id: int | None
    text: str = ""
    ping_user_ids: list[int] = field(default_factory=list)
    post: Post | None = None
    seat: int | None = None
    outbox_key: str | None = None
    """The post is queued in the store's outbox under this key until posted."""
    retry: bool = False
    """Posted again from the outbox (after a crash or a failed post): Discord
    may already have it, so the transport looks first."""
    queued_at: float | None = None
    """When the post was queued (real time, for that look)."""


Notify = Callable[[Notice], Awaitable["bool | None"]]
"""Posts a notice; False (or an exception) when Discord did not take it, so
it stays queued and is tried again."""


def mention(seat: SeatRow) -> str:
    """A seat as named in a post: a mention for a player, the name and 🤖 for a bot."""
    return seat_mention(seat)


@dataclass(frozen=True)
class Plan:
    """The timers a game should have now: those to drop and those to write."""

    drop: list[tuple[str, int]]
    put: list[Timer]


SEAT_KINDS = ("bot", "remind", "clock")


def bot_may_act(seat: int, partners: Sequence[int], due: Sequence[int], seats: Sequence[SeatRow],
                timed_out: set[int]) -> bool:
    """In a team game a bot acts for its team only when no human partner is
    due, or once that partner's turn clock ran out (``timed_out``): a human
    teammate always gets the first say."""
    return not any(p in due and 0 <= p < len(seats) and not seats[p].bot and p not in timed_out
                   for p in partners)


def plan_timers(game_id: int, status: str, now: float, schedule: Schedule,
                seats: Sequence[SeatRow], due: Sequence[int], acted: set[int], existing: Sequence[Timer],
                moved: bool, partners: Mapping[int, Sequence[int]] | None = None) -> Plan:
    """The timers of a game, given who is due now and which seats acted
    since the last plan (``acted``; their timers start again). ``moved``:
    the game changed since the last plan (the idle watch starts again).
    ``partners``: each due seat's teammates (team games), whose human due
    player keeps the bot of his team waiting (:func:`bot_may_act`)."""
    have = {(t.kind, t.seat): t for t in existing}
    timed_out = {t.seat for t in existing if t.kind == "clock" and t.due_at is None and t.seat not in acted}
    want: dict[tuple[str, int], Timer] = {}

    def keep_or(kind: str, seat: int, due_at: float) -> None:
        """Keep the timer running since the last plan, unless its seat acted since."""
        old = have.get((kind, seat))
        want[(kind, seat)] = old if old is not None and seat not in acted else Timer(game_id, kind, seat, due_at, 0)

    if status == "lobby":
        keep_or("lobby", NO_SEAT, now + LOBBY_TTL)  # the scheduler sees a new lobby within a tick
    elif status == "active":
        for s in due:
            if s < 0 or s >= len(seats):
                continue
            if seats[s].bot:
                if bot_may_act(s, (partners or {}).get(s, ()), due, seats, timed_out):
                    want[("bot", s)] = Timer(game_id, "bot", s, now, 0)
                continue
            if schedule.remind_every is not None:
                keep_or("remind", s, now + schedule.remind_every)
            if schedule.turn_clock is not None:
                keep_or("clock", s, clock_deadline(now, schedule.turn_clock, clock_hours(schedule),
                                                   schedule.zone))
        idle = have.get(("idle", NO_SEAT))
        want[("idle", NO_SEAT)] = Timer(game_id, "idle", NO_SEAT, now + IDLE_AFTER, 0) \
            if moved or idle is None else idle
        keep_or("keepalive", NO_SEAT, now + KEEPALIVE)
    put = [t for key, t in want.items() if have.get(key) != t]
    drop = [key for key in have if key not in want]
    return Plan(drop, put)


# -- the scheduler -------------------------------------------------------------

class Scheduler:
    """Fires the stored due times through the service. ``clock`` gives now
    (seconds since the epoch; a fake one in tests); ``notify`` receives each
    :class:`Notice` as it happens (the transport posts it); ``bot_player``
    chooses the bots' moves (each seat at its level), in ``pool``'s threads
    (by default the one all schedulers of the process share:
    :mod:`bot.bot_pool`)."""

    def __init__(self, service: GameService, clock: Callable[[], float] = time.time,
                 notify: Notify | None = None, bot_player: BotPlayer | None = None,
                 pool: BotPool | None = None) -> None:
        self.service = service
        self.keeping = SeatKeeping(service)
        self.store = service.store
        self.clock = clock
        self.notify = notify
        self.bot_player: BotPlayer = bot_player or GameBots()
        self.pool = pool or SHARED
        self.wall_clock: Callable[[], float] = time.time
        """Real time, as Discord stamps its messages (when a post was queued:
        a retry looks only at messages since); ``clock`` may be a test's."""

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

    async def _deliver(self, notice: Notice, notices: list[Notice]) -> None:
        """Hand ``notice`` to the transport (without one, to the caller of
        :meth:`tick`: that is its delivery) and take its post out of the
        outbox once taken; a post that fails stays queued."""
        notices.append(notice)
        posted = True
        if self.notify is not None:
            try:
                posted = await self.notify(notice) is not False
            except Exception:  # noqa: BLE001 - the post stays queued and is tried again
                log.exception("game %s: the scheduler's %s could not be posted", notice.game_id, notice.kind)
                posted = False
        if posted and notice.outbox_key is not None:
            await self._guard(notice.game_id, self.store.post_done(notice.outbox_key))

    async def post_queued(self, now: float, notices: list[Notice]) -> None:
        """Post again what is still queued in the outbox past its lease (a
        crash or a failed post left it), each by one scheduler only."""
        try:
            queued = await self.store.due_posts(now)
        except StoreError as exc:
            log.warning("the outbox could not be read: %s", exc)
            return
        for item in queued:
            again = await self._guard(item.game_id, self._queued_notices(item, now))
            for notice in again or []:
                await self._deliver(notice, notices)

    async def _queued_notices(self, item: OutboxPost, now: float) -> list[Notice]:
        """The notice of a queued post, leased for one more try; none when
        another scheduler took it, or when its move's thread message is
        already known (Discord took it; the crash came before the outbox
        heard)."""
        if item.tries >= OUTBOX_MAX_TRIES:
            log.warning("game %s: gave up posting the scheduler's %s after %s tries", item.game_id, item.kind,
                        item.tries)
            await self.store.post_done(item.key)
            return []
        row = await self.service.get(item.game_id)
        if row.status == "paused":  # its thread is gone; the resume posts the board afresh
            await self.store.post_done(item.key)
            return []
        if not await self.store.lease_post(item, now + OUTBOX_LEASE):
            return []
        row = await self.service.get(item.game_id)
        if item.kind in ENDINGS and row.status != "abandoned" and not await self._end_interrupted(item, row.status):
            await self.store.post_done(item.key)
            return []
        notice = self._notice(item, row.thread_id)
        notice.retry, notice.queued_at = True, item.created_at
        if item.kind == "move":
            if item.seq is not None and await self.store.post_message(item.game_id, item.seq) is not None:
                await self.store.post_done(item.key)
                return []
            notice.post = await self.service.queued_post(item)
        return [notice]

    async def _end_interrupted(self, item: OutboxPost, status: str) -> bool:
        """A lobby's expiry or an idle game's archiving whose claim (with its
        queued post) was committed but whose ending was not (a crash came
        between the two): ended now, if the game is still as it was then
        (a lobby; an active game nobody moved in since its plan). False when
        it has moved on: the post is then not due."""
        wanted = ENDINGS[item.kind]
        version = None if wanted == "lobby" else await self.store.planned_version(item.game_id)
        return status == wanted and await self.keeping.end_quietly(item.game_id, wanted, version)

    def _queued(self, timer: Timer, kind: str, text: str, now: float, pings: Sequence[int] = ()) -> OutboxPost:
        """The outbox entry of what ``timer``'s firing posts (one key per firing)."""
        key = f"{kind}:{timer.game_id}:{timer.seat}:{timer.count}:{timer.due_at!r}"
        return OutboxPost(key, timer.game_id, kind, text, now + OUTBOX_LEASE, tuple(pings),
                          None if timer.seat == NO_SEAT else timer.seat, created_at=self.wall_clock())

    def _notice(self, item: OutboxPost, thread_id: int | None) -> Notice:
        return Notice(item.kind, item.game_id, thread_id, item.text, list(item.pings), seat=item.seat,
                      outbox_key=item.key)

    async def plan_changed(self, now: float) -> None:
        """Plan every game that changed since its last plan, a batch at a
        time (one that fails is passed over until the next tick)."""
        after = 0
        while batch := await self.store.games_to_plan(after):
            for game_id in batch:
                await self._guard(game_id, self.plan(game_id, now))
            after = batch[-1]

    async def _guard(self, game_id: int, work: Awaitable[list[Notice] | None]) -> list[Notice] | None:
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

    async def plan(self, game_id: int, now: float) -> None:
        """Write the game's timers for its current version."""
        row = await self.service.get(game_id)
        planned = await self.store.planned_version(game_id)
        existing = await self.store.timers(game_id)
        schedule = await self.store.schedule(game_id)
        seats = await self.store.seats(game_id)
        due: list[int] = []
        acted: set[int] = set()
        partners: dict[int, list[int]] = {}
        if row.status == "active":
            try:
                table = await self.service.table(game_id)
            except Unavailable:
                raise
            except ServiceError as exc:  # a state that can't be loaded: plan nobody due (logged once)
                log.warning("game %s: planned without seats due: %s", game_id, exc)
            else:
                due = table.game.to_act(table.state)
                partners = {s: table.game.partners(table.state, s) for s in due if s >= 0}
            if 0 <= planned < row.version:
                acted = {a.seat for a in await self.store.log(game_id, last=row.version - planned)}
        plan = plan_timers(game_id, row.status, now, schedule, seats,
                           due, acted, existing, moved=0 <= planned != row.version, partners=partners)
        await self.store.plan_timers(game_id, row.version, plan.drop, plan.put)

    async def fire(self, timer: Timer, now: float) -> list[Notice]:
        """Do what ``timer`` is due for (if it still applies) and move it on."""
        row = await self.service.get(timer.game_id)
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

    async def _seat_due(self, timer: Timer) -> tuple[list[SeatRow], bool]:
        table = await self.service.table(timer.game_id)
        return table.seats, timer.seat in table.game.to_act(table.state)

    async def _bot(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        """The bot's move. The timer is claimed first, due again after
        :func:`bot_retry_delay`, so a move that fails (the database down, a
        bug) is tried again later, ever less often, and the thread is told
        once when it has failed :data:`BOT_STUCK_AFTER` times in a row."""
        tries = timer.count + 1
        again = now + bot_retry_delay(tries)
        if not await self.store.claim_timer(timer, again, tries):
            return []  # another scheduler took it
        try:
            post = await self.bot_move(timer.game_id, timer.seat, queue_until=now + OUTBOX_LEASE)
        except Exception as exc:  # noqa: BLE001 - logged with the game; tried again later
            if isinstance(exc, (ServiceError, StoreError)):
                log.warning("game %s: bot move for seat %s failed (try %s): %s", timer.game_id, timer.seat,
                            tries, exc)
            else:
                log.exception("game %s: bot move for seat %s failed (try %s)", timer.game_id, timer.seat, tries)
            if tries != BOT_STUCK_AFTER:
                return []
            text = (f"🤖 The bot could not make its move for seat {timer.seat + 1} ({tries} tries); it keeps "
                    f"trying, at least every {describe_duration(BOT_RETRY_MAX)}, and the error is logged for "
                    "the server's bot operator.")
            stuck = self._queued(timer, "bot_stuck", text, now)
            await self.store.queue_post(stuck)
            return [self._notice(stuck, thread_id)]
        await self.store.claim_timer(claimed_as(timer, again, tries), None, 0, drop=True)
        if post is not None:
            post.undo_seq = None  # nobody clicks for a bot
        return [] if post is None else [Notice("move", timer.game_id, thread_id, post.text, post.ping_user_ids,
                                               post, timer.seat, outbox_key=post.outbox_key)]

    async def bot_move(self, game_id: int, seat: int, queue_until: float | None = None) -> Post | None:
        """The bot's move for ``seat``, through :meth:`GameService.act`
        (None when the seat is no longer the bot's or not due); with
        ``queue_until``, its post is queued in the outbox with the move. The
        chooser sees the seat's view; a choice the rules refuse is replaced
        by a uniformly random legal action (and logged)."""
        table = await self.service.table(game_id)
        due = table.game.to_act(table.state)
        if seat >= len(table.seats) or not table.seats[seat].bot or seat not in due:
            return None
        if not bot_may_act(seat, table.game.partners(table.state, seat), due, table.seats,
                           await self._timed_out(game_id)):
            return None  # a human teammate is due: his say first
        rng = random.Random(f"{game_id}:{table.row.version}:{seat}")
        user_id = table.seats[seat].user_id
        # a policy may think for seconds: off the event loop, in the bots'
        # own pool, so every interaction and every other game's move
        # meanwhile is still answered at once
        player = at_level(self.bot_player, table.seats[seat].level)
        action = await self.pool.decide(game_id, self._choice, player, table.game, table.state, seat, rng, game_id)
        return await self.service.act(game_id, user_id, action, expected_version=table.row.version,
                                      interaction_id=f"bot:{game_id}:{table.row.version + 1}",
                                      queue_until=queue_until)

    async def _timed_out(self, game_id: int) -> set[int]:
        """The seats whose turn clock ran out (a spent clock mark)."""
        return {t.seat for t in await self.store.timers(game_id) if t.kind == "clock" and t.due_at is None}

    @staticmethod
    def _choice(player: BotPlayer, game: Game, state: State, seat: int, rng: random.Random, game_id: int) -> str:
        """``player``'s legal choice from the seat's view, or a random legal
        one (logged) when its policy fails or is refused by the rules."""
        view = game.view(state, seat)
        try:
            action = player.choose(game, view, seat, rng)
            game.apply(state, seat, action)
        except (IllegalAction, RuntimeError, KeyError, IndexError, ValueError) as exc:
            log.warning("game %s: the bot's choice for seat %s failed (%s); playing a random legal move",
                        game_id, seat, exc)
            action = random_action(game, view, seat, rng)
        return action

    async def _remind(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        seats, due = await self._seat_due(timer)
        schedule = await self.store.schedule(timer.game_id)
        seat = seats[timer.seat] if timer.seat < len(seats) else None
        muted = await self.store.muted(timer.game_id)
        last = timer.count + 1 >= MAX_REMINDERS or schedule.remind_every is None
        if not due or seat is None or seat.bot or seat.user_id in muted:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        every = schedule.remind_every or DEFAULT_REMIND
        waited = describe_duration(every * (timer.count + 1))
        tail = " (last reminder)" if last else ""
        text = f"⏰ {mention(seat)}, it's still your turn (waiting about {waited}){tail}."
        item = self._queued(timer, "reminder", text, now, [seat.user_id])
        claimed = await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item,
                                               status="active") if last else \
            await self.store.claim_timer(timer, now + every, timer.count + 1, outbox=item, status="active")
        return [self._notice(item, thread_id)] if claimed else []

    async def _clock(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        seats, due = await self._seat_due(timer)
        if not due or timer.seat >= len(seats) or seats[timer.seat].bot:
            await self.store.claim_timer(timer, None, timer.count, drop=True)
            return []
        name = seats[timer.seat].name
        bots = await self._bot_partners_due(timer.game_id, timer.seat)
        if bots:
            kind = "clock_to_partner"
            text = (f"⌛ {name}'s turn clock ran out: {', '.join(mention(seats[b]) for b in bots)} "
                    f"plays for the team; {name} can still move while it is the team's turn.")
        else:
            kind = "clock"
            text = (f"⌛ {name}'s turn clock ran out. The other players may skip the turn (a safe default "
                    f"where the game has one) or hand the seat to the bot; {name} can take it back with "
                    "`/game takeover`.")
        item = self._queued(timer, kind, text, now)
        if not await self.store.claim_timer(timer, None, timer.count + 1, outbox=item, status="active"):
            return []
        if bots:  # they waited for him (bot_may_act): planned again, they move now
            await self.plan(timer.game_id, now)
        return [self._notice(item, thread_id)]

    async def _bot_partners_due(self, game_id: int, seat: int) -> list[int]:
        """The due bot teammates of ``seat`` (team games)."""
        table = await self.service.table(game_id)
        due = table.game.to_act(table.state)
        return [p for p in table.game.partners(table.state, seat)
                if p in due and 0 <= p < len(table.seats) and table.seats[p].bot]

    async def _lobby(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        text = f"This lobby was never started and expired after {describe_duration(LOBBY_TTL)}."
        item = self._queued(timer, "lobby_expired", text, now)
        if not await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item):
            return []
        if not await self.keeping.end_quietly(timer.game_id, "lobby"):
            await self.store.post_done(item.key)  # started (or ended) meanwhile, maybe in another process
            return []
        return [self._notice(item, thread_id)]

    async def _idle(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        if timer.count == 0:
            table = await self.service.table(timer.game_id)
            muted = await self.store.muted(timer.game_id)
            due = [table.seats[s] for s in table.game.to_act(table.state) if 0 <= s < len(table.seats)]
            pings = [s.user_id for s in due if not s.bot and s.user_id >= 0 and s.user_id not in muted]
            names = ", ".join(mention(s) if s.user_id in pings else s.name for s in due) or "nobody"
            text = (f"💤 Nobody has moved for {describe_duration(IDLE_AFTER)}. Waiting for {names}. "
                    f"Without a move this game is archived in {describe_duration(IDLE_GRACE)}.")
            warning = self._queued(timer, "idle_warning", text, now, pings)
            if not await self.store.claim_timer(timer, now + IDLE_GRACE, 1, outbox=warning, status="active"):
                return []
            return [self._notice(warning, thread_id)]
        text = "🗄️ This game was idle too long and is archived. Its log stays stored."
        item = self._queued(timer, "idle_archived", text, now)
        if not await self.store.claim_timer(timer, None, timer.count, drop=True, outbox=item):
            return []
        # only if nobody moved since the idle watch was planned (a move in
        # another process may not have been planned for here yet)
        planned = await self.store.planned_version(timer.game_id)
        if not await self.keeping.end_quietly(timer.game_id, "active", planned):
            await self.store.post_done(item.key)
            return []
        return [self._notice(item, thread_id)]

    async def _keepalive(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        # claimed only while the game is active: never reopen the thread of a
        # game another scheduler has just archived
        if not await self.store.claim_timer(timer, now + KEEPALIVE, timer.count + 1, status="active"):
            return []
        return [Notice("keepalive", timer.game_id, thread_id)]


ENDINGS = {"lobby_expired": "lobby", "idle_archived": "active"}
"""The scheduler's posts that announce the end of a game, and the status
the game ends from."""


def bot_retry_delay(tries: int) -> float:
    """How long after its ``tries``-th failed try in a row a bot's move is
    tried again: :data:`RETRY`, doubling each time, at most
    :data:`BOT_RETRY_MAX`."""
    return float(min(RETRY * 2.0 ** min(max(tries - 1, 0), 16), BOT_RETRY_MAX))


def claimed_as(timer: Timer, due_at: float, count: int) -> Timer:
    """``timer`` as :meth:`Store.claim_timer` left it."""
    return Timer(timer.game_id, timer.kind, timer.seat, due_at, count)
