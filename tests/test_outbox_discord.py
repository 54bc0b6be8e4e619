"""The outbox on (simulated) Discord: a reminder Discord took just before a
crash (before the outbox heard of it) is found in the thread after the
restart and not posted again; one it never got is posted once."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import RailyardBot
from bot.scheduler import OUTBOX_LEASE
from tests.test_reminders_discord import _game, _tick, clock, simcord_bot  # noqa: F401 - the same bot and clock
from tests.test_scheduler import HOUR, FakeClock


class Crash(BaseException):
    """The process dies here."""


def _reminders(thread: Any) -> list[Any]:
    return [m for m in thread.history() if "still your turn" in m.content]


@pytest.mark.parametrize("crash", ["after Discord took it", "before Discord got it"])
async def test_a_reminder_is_posted_exactly_once_across_a_crash_and_a_restart(
        env: Any, clock: FakeClock, db_path: str, monkeypatch: pytest.MonkeyPatch, crash: str) -> None:
    thread, _lobby, first, _second, _game_id = await _game(env, remind="6h")
    await _tick(env)
    clock.advance(6 * HOUR + 1)
    bot = env.bot
    assert isinstance(bot, RailyardBot) and bot.store is not None and bot.scheduler is not None
    bot.scheduler.wall_clock = lambda: env.backend.clock.now().timestamp()  # the simulated Discord's time

    async def dies(*args: Any, **kwargs: Any) -> None:
        raise Crash

    if crash == "after Discord took it":
        monkeypatch.setattr(bot.store, "post_done", dies)
    else:
        bot.scheduler.notify = dies
    with pytest.raises(Crash):
        await _tick(env)
    assert len(_reminders(thread)) == (1 if crash == "after Discord took it" else 0)

    await env.restart_bot(RailyardBot(db_path, scheduler_seconds=0, clock=clock))
    clock.advance(OUTBOX_LEASE)
    await _tick(env)
    clock.advance(OUTBOX_LEASE)
    await _tick(env)
    reminders = _reminders(thread)
    assert len(reminders) == 1 and f"<@{first.id}>" in reminders[0].content
