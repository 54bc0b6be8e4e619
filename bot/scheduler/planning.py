"""Planning a game's timers: whenever a lobby or an active game is at
another version than its timers were planned for, they are (re)written: a
lobby's expiry; for each seat due, a bot move (now) if the bot plays it
(a human teammate due first has the first say), else a reminder and,
with a turn clock, the clock's end; the idle watch; the thread's
keep-alive. A seat still due since the last plan keeps its reminder count
and clock.

At scale (100,000 running games, say, none planned yet after an upgrade)
planning never holds up what is due: games are planned a slice at a time
(:data:`PLAN_SLICE`, read in a few queries and written in one transaction,
each game only if still at the version it was planned for), the event loop
free between slices, the tick firing what each slice made due before the
next. The order: the games changed since the current pass over the backlog
began (a player's move meanwhile, a bot's), then the games with a bot seat
(a bot's move may be due now), then the rest. A game without a bot seat
gets no timer due at once from planning (its earliest is a reminder, an
hour away at least) and its stored timers fire without it; a due timer of
a game changed since its plan fires only once the game is planned again."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Mapping, Sequence

from games.core import IllegalAction
from games.registry import get_game

from ..service import without_legacy_keys
from ..store import NO_SEAT, PlanInput, Schedule, SeatRow, StoreError, Timer, TimerPlan
from .core import SchedulerContext, log
from .settings import clock_hours
from .timing import FRESH_MARGIN, IDLE_AFTER, KEEPALIVE, LOBBY_TTL, PLAN_SLICE
from .turn_clock import clock_deadline

BACKLOG_READ = 2000
"""Games to plan read at once, by id, in the pass over the backlog."""
PLAN_STEP = 10
"""Games whose timers are worked out between two looks of the event loop at
its other work."""


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


def seats_due(item: PlanInput) -> tuple[list[int], dict[int, list[int]]]:
    """The seats due in an active game, and each one's teammates: read from
    its state, upgraded to the game's schema (a state that can't be loaded:
    nobody due, logged)."""
    if item.status != "active":
        return [], {}
    game = get_game(item.slug)
    try:
        if not item.state:
            raise IllegalAction("the game has no state")
        state = game.upgrade(without_legacy_keys(json.loads(item.state)))
    except (IllegalAction, ValueError) as exc:
        log.warning("game %s: planned without seats due: %s", item.game_id, exc)
        return [], {}
    due = game.to_act(state)
    return due, {s: list(game.partners(state, s)) for s in due if s >= 0}


class Planning:
    """The scheduler's planning (see the module), and where its pass over
    the backlog is."""

    def __init__(self, context: SchedulerContext) -> None:
        self.context = context
        self.store = context.store
        self.cursor: tuple[str, int] = ("start", 0)
        """Where the pass over the games to plan is: ``start``, ``bots``
        (a big backlog's games with a bot seat) or ``rest``, after which
        game id."""
        self.backlog: list[int] = []
        """Games of the pass read and not yet planned."""
        self.pass_began = context.wall_clock() - FRESH_MARGIN
        """When the current pass began (the store's clock): a game changed
        since is planned before the rest of the backlog."""

    async def plan_slice(self, now: float, failed: set[int], backlog: bool = True) -> int:
        """Plan the next slice of changed games: those changed since this
        pass began, else (with ``backlog``) the next of the backlog; how
        many were looked at (0: nothing left to plan). ``failed``: games
        that failed this tick, passed over (tried again next tick)."""
        fresh = await self.store.games_to_plan(0, PLAN_SLICE + len(failed), since=self.pass_began)
        fresh = [g for g in fresh if g not in failed][:PLAN_SLICE]
        if fresh:
            await self.plan_games(fresh, now, failed)
            return len(fresh)
        if not backlog or not (batch := await self._backlog_slice()):
            return 0
        still = [g for g in await self.store.games_to_plan(0, len(batch), among=batch) if g not in failed]
        if still:  # those planned meanwhile (changed since, or due) are not planned again
            await self.plan_games(still, now, failed)
        return len(batch)

    async def _backlog_slice(self) -> list[int]:
        """The next :data:`PLAN_SLICE` games of the pass over the backlog,
        read :data:`BACKLOG_READ` at a time by id; a backlog bigger than
        that is taken in two rounds: the games with a bot seat first, then
        the rest. [] when the pass is over (the next starts afresh)."""
        while not self.backlog:
            phase, after = self.cursor
            ids = await self.store.games_to_plan(after, BACKLOG_READ, with_bots=phase == "bots")
            if phase == "start" and len(ids) == BACKLOG_READ:
                self.cursor = ("bots", 0)
            elif ids:
                self.backlog, self.cursor = ids, ("rest" if phase == "start" else phase, ids[-1])
            elif phase == "bots":
                self.cursor = ("rest", 0)
            else:
                self.cursor, self.pass_began = ("start", 0), self.context.wall_clock() - FRESH_MARGIN
                return []
        batch, self.backlog = self.backlog[:PLAN_SLICE], self.backlog[PLAN_SLICE:]
        return batch

    async def plan(self, game_id: int, now: float) -> None:
        """Write the game's timers for its current version."""
        await self.plan_games([game_id], now, set())

    async def plan_games(self, game_ids: Sequence[int], now: float, failed: set[int]) -> int:
        """Write the timers of ``game_ids`` for their current versions, in
        one transaction; how many were written (a game changed meanwhile is
        left to be planned again; one whose plan fails is logged and added
        to ``failed``)."""
        try:
            inputs = await self.store.plan_inputs(game_ids)
        except StoreError as exc:
            log.warning("games %s to %s: planning failed: %s", game_ids[0], game_ids[-1], exc)
            failed.update(game_ids)
            return 0
        plans: list[TimerPlan] = []
        for n, item in enumerate(inputs, 1):
            if n % PLAN_STEP == 0:
                await asyncio.sleep(0)  # the rules' work for a slice, in steps the loop sees between
            try:
                plans.append(await self._plan_one(item, now))
            except StoreError as exc:
                log.warning("game %s: planning failed: %s", item.game_id, exc)
                failed.add(item.game_id)
            except Exception:  # noqa: BLE001 - a bug in one game must not stall every other game
                log.exception("game %s: planning failed", item.game_id)
                failed.add(item.game_id)
        try:
            return len(await self.store.write_plans(plans))
        except StoreError as exc:
            log.warning("games %s to %s: planning failed: %s", game_ids[0], game_ids[-1], exc)
            failed.update(game_ids)
            return 0

    async def _plan_one(self, item: PlanInput, now: float) -> TimerPlan:
        """One game's timers, from what :meth:`Store.plan_inputs` read (and
        its log since the last plan, when it moved since)."""
        game_id, version, planned = item.game_id, item.version, item.planned_version
        due, partners = seats_due(item)
        acted: set[int] = set()
        if item.status == "active" and 0 <= planned < version:
            acted = {a.seat for a in await self.store.log(game_id, last=version - planned)}
        plan = plan_timers(game_id, item.status, now, item.schedule, item.seats, due, acted, item.timers,
                           moved=0 <= planned != version, partners=partners)
        return TimerPlan(game_id, version, plan.drop, plan.put)
