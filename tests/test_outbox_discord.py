"""The outbox on (simulated) Discord: a reminder Discord took just before a
crash (before the outbox heard of it) is found in the thread after the
restart and not posted again; one it never got is posted once; a turn's
direct message goes once however often its post is tried."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import RailyardBot
from bot.scheduler import OUTBOX_LEASE
from games.registry import get_game
from tests.support.discord import game_lobby
# the same bot and clock (the fixtures clock and simcord_bot)
from tests.test_reminders_discord import clock, simcord_bot, start_game, tick_scheduler  # noqa: F401
from tests.test_scheduler import HOUR, FakeClock


class Crash(BaseException):
    """The process dies here."""


def _reminders(thread: Any) -> list[Any]:
    return [m for m in thread.history() if "still your turn" in m.content]


@pytest.mark.parametrize("crash", ["after Discord took it", "before Discord got it"])
async def test_a_reminder_is_posted_exactly_once_across_a_crash_and_a_restart(
        env: Any, clock: FakeClock, db_path: str, monkeypatch: pytest.MonkeyPatch, crash: str) -> None:
    thread, _lobby, first, _second, _game_id = await start_game(env, remind="6h")
    await tick_scheduler(env)
    clock.advance(6 * HOUR + 1)
    bot = env.bot
    assert isinstance(bot, RailyardBot) and bot.store is not None and bot.scheduler is not None
    bot.scheduler.context.wall_clock = lambda: env.backend.clock.now().timestamp()  # the simulated Discord's time

    async def dies(*args: Any, **kwargs: Any) -> None:
        raise Crash

    if crash == "after Discord took it":
        monkeypatch.setattr(bot.store, "post_done", dies)
    else:
        bot.scheduler.context.notify = dies
    with pytest.raises(Crash):
        await tick_scheduler(env)
    assert len(_reminders(thread)) == (1 if crash == "after Discord took it" else 0)

    await env.restart_bot(RailyardBot(db_path, scheduler_seconds=0, clock=clock))
    clock.advance(OUTBOX_LEASE)
    await tick_scheduler(env)
    clock.advance(OUTBOX_LEASE)
    await tick_scheduler(env)
    reminders = _reminders(thread)
    assert len(reminders) == 1 and f"<@{first.id}>" in reminders[0].content


def _dms(env: Any, member: Any) -> list[str]:
    """The direct messages the bot sent ``member``."""
    channel = env.backend.get_dm_channel(member.id)
    return [m.content for m in env.backend.messages.get(channel.id, {}).values()]


@pytest.mark.parametrize("kind", ["reminder", "bot move"])
async def test_a_turn_dm_goes_once_when_its_post_is_tried_again(
        env: Any, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """The post fails after its turn DM went (Discord refused the thread
    post; a crash there is alike): the post is tried again from the outbox,
    and the DM is not sent a second time, nor its player pinged in the thread."""
    bot = env.bot
    assert isinstance(bot, RailyardBot) and bot.scheduler is not None
    bot.scheduler.context.wall_clock = lambda: env.backend.clock.now().timestamp()
    monkeypatch.setattr(bot, "wake_scheduler", lambda: None)  # the test ticks
    if kind == "reminder":
        thread, _lobby, player, _second, game_id = await start_game(env, remind="6h")
        await player.slash(thread, "game notify", how="dm")
        await tick_scheduler(env)
        clock.advance(6 * HOUR + 1)
    else:
        _channel, thread, lobby, player, _bob = await game_lobby(env, remind="off")
        await player.slash(thread, "game notify", how="dm")
        await player.click(lobby, label="Add bot")
        await player.slash(thread, "game start")
        game_id = (await bot.service.context.game_in_thread(thread.id)).id
        if get_game("race").to_act((await bot.service.context.get(game_id)).state) == [0]:
            await player.slash(thread, "race step", choice="step 1")  # the bot is due now
        else:
            await tick_scheduler(env)  # the bot moves first, then its step after the player's
            await player.slash(thread, "race step", choice="step 1")
    before, sent = len(thread.history()), len(_dms(env, player))
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=503, message="Service Unavailable")
    await tick_scheduler(env)
    assert len(thread.history()) == before  # the thread post failed: it stays queued
    assert len(_dms(env, player)) == sent + 1
    for _ in range(2):
        clock.advance(OUTBOX_LEASE)
        await tick_scheduler(env)
    assert len(_dms(env, player)) == sent + 1, _dms(env, player)
    posted = [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{thread.id}/messages"]
    assert len(thread.history()) == before + 1  # the post, once
    assert not posted[-1].json["allowed_mentions"].get("users")  # the player had his DM: no ping
