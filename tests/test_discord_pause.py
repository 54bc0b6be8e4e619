"""A game whose thread is deleted mid-game, on (simulated) Discord: it is
paused and its channel told once; moves and buttons are refused with one
line saying how to resume; the scheduler leaves it alone; ``/game resume``
in the channel opens a new thread and play goes on, its turn clock started
afresh; ``/game abandon`` still calls it off from the channel; ``/game
mine`` and ``/game list`` show it paused, with how to resume it; after the
resume, the old thread's posts are left alone (no edit, no Undo withdrawn)."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.app import RailyardBot
from bot.ui import correct_post
from games.registry import get_game
from tests.support.discord import game_lobby, said, started_race
from tests.test_discord_permissions import channel_overwrite
from tests.test_scheduler import HOUR, FakeClock

PAUSED = "is paused: its thread was deleted"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def simcord_bot(db_path: str, clock: FakeClock) -> Any:
    """The bot with a fake clock and the scheduler's loop off (the tests tick it)."""
    bot = RailyardBot(db_path, scheduler_seconds=0, clock=clock)
    yield bot
    if bot.store is not None:
        await bot.store.close()


def _service(env: Any) -> Any:
    bot = env.bot
    assert isinstance(bot, RailyardBot)
    return bot.service


async def _tick(env: Any) -> None:
    assert env.bot.scheduler is not None
    await env.bot.scheduler.tick()
    await env.settle()


def _told(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "so the game is paused" in m.content]


async def _delete(env: Any, thread: Any) -> Any:
    """Delete ``thread`` as a member would; its parent channel."""
    channel = thread.guild.channels["games"]
    env.backend.delete_channel(thread.id)
    await env.settle()
    return channel


async def test_a_thread_deleted_mid_game_pauses_the_game_and_tells_the_channel_once(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = await _delete(env, thread)
    assert (await _service(env).context.get(game_id)).status == "paused"
    # a second failing post (a reminder to the gone thread) tells nobody again
    await env.bot.poster.send(thread.id, "⏰ still your turn")
    await env.settle()
    told = _told(channel)
    assert len(told) == 1
    assert "paused" in told[0].content and f"/game resume game:{game_id}" in told[0].content
    assert f"/game abandon game:{game_id}" in told[0].content
    assert (await _service(env).context.get(game_id)).status == "paused"


async def test_a_button_or_a_move_in_a_paused_game_is_refused_with_how_to_resume(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = thread.guild.channels["games"]
    turn_post = [m for m in thread.history() if m.attachments][-1]
    opened = await first.click(turn_post, label="Your turn")
    panel = (opened.followups or [opened.response])[-1]
    await env.bot.poster.thread_gone(game_id)  # as a post finding the thread gone does (Discord lags)
    await env.settle()
    version = (await _service(env).context.get(game_id)).version
    for pressed in (await first.click(panel, label="Step"), await first.click(turn_post, label="Your turn"),
                    await first.slash(thread, "race step", choice="step 1"),
                    await first.slash(channel, "race step", choice="step 1")):
        answer = (pressed.followups or [pressed.response])[-1]
        text = answer.content
        assert answer.ephemeral and PAUSED in text and "/game resume" in text, text
        assert f"<#{channel.id}>" in text and len(text.splitlines()) == 1
    row = await _service(env).context.get(game_id)
    assert row.status == "paused" and row.version == version  # nothing moved


async def test_the_scheduler_neither_moves_a_bot_nor_runs_out_a_clock_in_a_paused_game(
        env: Any, clock: FakeClock) -> None:
    channel, thread, lobby, ann, _bob = await game_lobby(env, remind="off", clock="2h")
    await ann.click(lobby, label="Add bot")
    await ann.slash(thread, "game start")
    service = _service(env)
    game_id = (await service.context.game_in_thread(thread.id)).id
    if get_game("race").to_act((await service.context.get(game_id)).state) == [0]:
        await ann.slash(thread, "race step", choice="step 1")  # the bot is due now
        await env.settle()
    moves = len(await service.store.log(game_id))
    await _delete(env, thread)
    await _tick(env)
    clock.advance(3 * HOUR)
    await _tick(env)
    assert len(await service.store.log(game_id)) == moves  # the bot did not move
    assert not [m for m in channel.history() if "ran out" in m.content]
    assert not [t for t in await service.store.timers(game_id) if t.kind in ("bot", "clock")]
    assert (await service.context.get(game_id)).status == "paused"


async def test_resume_opens_a_new_thread_posts_the_board_and_play_goes_on(env: Any, clock: FakeClock) -> None:
    thread, first, second, game_id = await started_race(env)
    await _tick(env)
    channel = await _delete(env, thread)
    choices = await second.autocomplete(channel, "game resume", "game", "")
    assert [c["value"] for c in choices] == [game_id]
    clock.advance(30 * 24 * HOUR)  # far past any clock and the idle watch
    resumed = await second.slash(channel, "game resume", game=game_id)
    assert resumed.ephemeral and f"resumed game #{game_id}" in said(resumed)
    row = await _service(env).context.get(game_id)
    assert row.status == "active" and row.thread_id not in (None, thread.id)
    new_thread = [t for t in channel.threads if t.id == row.thread_id][0]
    board = [m for m in new_thread.history() if m.attachments][-1]
    assert "resumes here" in board.content and f"<@{first.id}>" in board.content
    assert env.backend.messages[new_thread.id][board.id].ping_user_ids == [first.id]
    await first.slash(new_thread, "race step", choice="step 1")
    assert (await _service(env).context.get(game_id)).version == row.version + 1
    again = await first.slash(channel, "game resume", game=game_id)
    assert "not paused" in said(again) and len(channel.threads) == 1


async def test_resume_restarts_the_turn_clock_without_the_pause(env: Any, clock: FakeClock) -> None:
    channel, thread, lobby, ann, bob = await game_lobby(env, remind="off", clock="2h")
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    game_id = (await _service(env).context.game_in_thread(thread.id)).id
    await _tick(env)
    clock.advance(HOUR + HOUR // 2)  # 30 min left on the clock
    await _tick(env)
    await _delete(env, thread)
    clock.advance(HOUR)
    await _tick(env)
    await ann.slash(channel, "game resume")
    new_id = (await _service(env).context.get(game_id)).thread_id
    new_thread = [t for t in channel.threads if t.id == new_id][0]
    await _tick(env)
    clock.advance(HOUR)
    await _tick(env)
    assert not [m for m in new_thread.history() if "ran out" in m.content]
    clock.advance(HOUR)
    await _tick(env)
    assert [m for m in new_thread.history() if "ran out" in m.content]


async def test_resume_without_a_permission_names_it_and_stays_paused(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = await _delete(env, thread)
    me = channel.guild.me
    await channel_overwrite(env, channel, me, discord.PermissionOverwrite(create_public_threads=False))
    refused = await first.slash(channel, "game resume", game=game_id)
    assert refused.ephemeral and "Create Public Threads" in said(refused)
    assert (await _service(env).context.get(game_id)).status == "paused" and channel.threads == []


async def test_resume_by_someone_not_playing_is_refused(env: Any) -> None:
    thread, _first, _second, game_id = await started_race(env)
    channel = await _delete(env, thread)
    cid = channel.guild.add_member(env.create_user("cid"))
    refused = await cid.slash(channel, "game resume", game=game_id)
    assert "Only a player of this game" in said(refused)
    assert (await _service(env).context.get(game_id)).status == "paused"


async def test_a_paused_game_is_abandoned_from_its_channel(env: Any) -> None:
    thread, first, second, game_id = await started_race(env)
    channel = await _delete(env, thread)
    creator = (await _service(env).context.get(game_id)).creator_id
    ann, bob = (first, second) if first.id == creator else (second, first)
    choices = await ann.autocomplete(channel, "game abandon", "game", "")
    assert [c["value"] for c in choices] == [game_id]
    refused = await bob.slash(channel, "game abandon", game=game_id)
    assert "Only the game's creator" in said(refused)
    done = await ann.slash(channel, "game abandon", game=game_id)
    assert "abandoned" in said(done) and not done.ephemeral
    assert (await _service(env).context.get(game_id)).status == "abandoned"
    lobby = [m for m in channel.history() if m.content.startswith("**Race**")][0]
    assert "Abandoned" in lobby.content


async def test_a_paused_game_shows_in_game_mine_with_how_to_resume(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = await _delete(env, thread)
    mine = said(await first.slash(channel, "game mine"))
    assert f"#{game_id}: paused" in mine and f"`/game resume` in <#{channel.id}>" in mine


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def _moved_then_resumed(env: Any, caplog: pytest.LogCaptureFixture) -> tuple[Any, Any, Any, int, Any]:
    """``first`` moves, the thread is deleted, ``second`` resumes the game:
    the new thread, the two members, the game's id and the old move's post."""
    thread, first, second, game_id = await started_race(env)
    await first.slash(thread, "race step", choice="step 1")
    await env.settle()
    old_post = [m for m in thread.history() if m.attachments][-1]
    channel = await _delete(env, thread)
    await second.slash(channel, "game resume", game=game_id)
    await env.settle()
    new_thread = [t for t in channel.threads if t.id == (await _service(env).context.get(game_id)).thread_id][0]
    caplog.clear()
    return new_thread, first, second, game_id, old_post


async def test_the_first_move_after_resume_leaves_the_old_threads_posts_alone(
        env: Any, caplog: pytest.LogCaptureFixture) -> None:
    new_thread, _first, second, game_id, _old = await _moved_then_resumed(env, caplog)
    version = (await _service(env).context.get(game_id)).version
    await second.slash(new_thread, "race step", choice="step 1")
    await env.settle()
    assert (await _service(env).context.get(game_id)).version == version + 1
    assert _warnings(caplog) == []  # no edit of a post of the deleted thread (404 Unknown Message)
    latest = new_thread.history()[-1]
    assert [c.label for row in latest.components for c in row.children] == ["Your turn", "Undo"]


async def test_undo_after_resume_of_a_move_made_before_the_pause_edits_nothing_of_the_old_thread(
        env: Any, caplog: pytest.LogCaptureFixture) -> None:
    new_thread, first, _second, game_id, _old = await _moved_then_resumed(env, caplog)
    version = (await _service(env).context.get(game_id)).version
    undone = await first.slash(new_thread, "game undo")
    await env.settle()
    assert "Taken back" in said(undone)
    assert (await _service(env).context.get(game_id)).version == version + 1
    assert _warnings(caplog) == []
    assert any("took back a move" in m.content for m in new_thread.history())


async def test_a_post_that_cannot_be_corrected_is_logged_with_the_game_id(
        env: Any, caplog: pytest.LogCaptureFixture) -> None:
    thread, _first, _second, game_id = await started_race(env)
    await correct_post(env.bot, game_id, thread.id, thread.id + 1, "~~gone~~")  # no such message
    assert any(w.startswith(f"game {game_id}: could not correct post") for w in _warnings(caplog))


async def test_a_paused_game_shows_in_game_list_with_how_to_resume(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = await _delete(env, thread)
    cid = channel.guild.add_member(env.create_user("cid"))  # a member not playing sees it too
    listed = said(await cid.slash(channel, "game list"))
    assert "0 running, 1 paused" in listed
    line = [line for line in listed.splitlines() if f"#{game_id}" in line][0]
    assert "paused" in line and f"`/game resume game:{game_id}` in <#{channel.id}>" in line
    assert "ann" in line and "bob" in line
