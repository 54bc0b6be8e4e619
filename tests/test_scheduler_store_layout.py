"""The scheduler's and the store's shape (issue 35): no import circle among
the modules of ``bot.scheduler`` and ``bot.store`` (imports inside
functions included; the package and its backends once imported each
other), no underscore name imported from one of their modules into
another, and a timer handler for every kind of timer the planning writes,
in the status it writes it for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.scheduler import Scheduler, plan_timers
from bot.store import Schedule, SeatRow, Store
from tests.test_code_layout import ROOT, _circles, _imports, _module_name
from tests.test_scheduler import FakeClock, _service

PACKAGES = ("bot/scheduler", "bot/store")


def _modules(folder: str) -> dict[str, Path]:
    return {_module_name(p): p for p in sorted((ROOT / folder).rglob("*.py"))}


@pytest.mark.parametrize("folder", PACKAGES)
def test_no_module_of_the_package_imports_itself_round_a_circle(folder: str) -> None:
    paths = _modules(folder)
    graph = {name: _imports(path.read_text(encoding="utf-8"), name,
                            name if path.name == "__init__.py" else name.rpartition(".")[0], set(paths))
             for name, path in paths.items()}
    assert _circles(graph) == []


@pytest.mark.parametrize("folder", PACKAGES)
def test_no_module_of_the_package_imports_an_underscore_name_from_another(folder: str) -> None:
    private = []
    for name, path in _modules(folder).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                private += [f"{name}: {a.name}" for a in node.names
                            if a.name.startswith("_") and not a.name.startswith("__")]
    assert private == []


async def test_every_timer_the_planning_writes_has_a_handler_for_the_status_it_was_written_in(store: Store) -> None:
    scheduler = Scheduler(_service(store), FakeClock())
    seats = [SeatRow(0, 1, "ann"), SeatRow(1, -1, "Bot 1", bot=True)]
    schedule = Schedule(remind_every=3600.0, turn_clock=7200.0)
    written = {("lobby", t.kind) for t in plan_timers(1, "lobby", 0.0, schedule, seats, [], set(), [], True).put}
    written |= {("active", t.kind) for t in plan_timers(1, "active", 0.0, schedule, seats, [0, 1], set(), [],
                                                         True).put}
    assert {kind for _, kind in written} == set(scheduler.handlers)  # and no handler for what is never written
    assert {(scheduler.handlers[kind].status, kind) for _, kind in written} == written
