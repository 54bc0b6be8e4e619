"""The scheduler's shape (issue 35): a timer handler for every kind of
timer the planning writes, in the status it writes it for. (No import
circle and no underscore name across modules, in ``bot/`` as everywhere:
tests/test_code_layout.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.scheduler import Scheduler, plan_timers
from bot.store import Schedule, SeatRow, Store
from tests.test_scheduler import FakeClock, make_service

async def test_every_timer_the_planning_writes_has_a_handler_for_the_status_it_was_written_in(store: Store) -> None:
    scheduler = Scheduler(make_service(store), FakeClock())
    seats = [SeatRow(0, 1, "ann"), SeatRow(1, -1, "Bot 1", bot=True)]
    schedule = Schedule(remind_every=3600.0, turn_clock=7200.0)
    written = {("lobby", t.kind) for t in plan_timers(1, "lobby", 0.0, schedule, seats, [], set(), [], True).put}
    written |= {("active", t.kind) for t in plan_timers(1, "active", 0.0, schedule, seats, [0, 1], set(), [],
                                                         True).put}
    assert {kind for _, kind in written} == set(scheduler.handlers)  # and no handler for what is never written
    assert {(scheduler.handlers[kind].status, kind) for _, kind in written} == written
