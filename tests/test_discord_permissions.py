"""Servers that don't give the bot what it needs, on (simulated) Discord: a
channel where the bot lacks a permission gets one line naming it and no
game; a lobby whose thread is deleted is called off and its channel told,
once; in mid-game the game is paused instead (tests/test_discord_pause.py);
a permission taken away mid-game is told in the game's channel, once,
naming it."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.app import RailyardBot
from tests.support.discord import race_lobby, said, started_race


def _service(env: Any) -> Any:
    bot = env.bot
    assert isinstance(bot, RailyardBot)
    return bot.service


@pytest.mark.parametrize("denied, label", [
    (discord.PermissionOverwrite(create_public_threads=False), "Create Public Threads"),
    (discord.PermissionOverwrite(send_messages_in_threads=False), "Send Messages in Threads"),
    (discord.PermissionOverwrite(attach_files=False), "Attach Files"),
])
async def test_new_game_names_the_permission_the_bot_lacks_and_creates_nothing(
        env: Any, denied: discord.PermissionOverwrite, label: str) -> None:
    guild = env.create_guild()
    me = guild.me
    assert me is not None
    channel = guild.create_text_channel("games", overwrites={me: denied})
    ann = guild.add_member(env.create_user("ann"))
    result = await ann.slash(channel, "game new", game="race")
    text = said(result)
    assert result.ephemeral and label in text and f"<#{channel.id}>" in text
    assert "went wrong" not in text and len(text.splitlines()) == 1
    assert channel.history() == [] and channel.threads == []
    assert await _service(env).store.game_for_thread(0) is None
    assert await _service(env).store.get_game(1) is None  # no game stored


async def test_start_refuses_when_the_permission_was_taken_away_after_the_lobby(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    await bob.click(lobby, label="Join")
    me = thread.guild.me
    await channel_overwrite(env, channel, me, discord.PermissionOverwrite(send_messages_in_threads=False))
    started = await ann.click(lobby, label="Start")
    assert "Send Messages in Threads" in said(started) and "Started" not in said(started)
    row = await _service(env).store.game_for_thread(thread.id)
    assert row.status == "lobby"


async def channel_overwrite(env: Any, channel: Any, target: Any, overwrite: discord.PermissionOverwrite) -> None:
    """Set a member's permission overwrite on a channel, as an admin would."""
    allow, deny = overwrite.pair()
    env.backend.edit_channel(channel.id, {}, overwrites=[
        Overwrite(target_id=target.id, type=OverwriteType.MEMBER, allow=allow.value, deny=deny.value)])
    await env.settle()


async def test_lobby_whose_thread_was_deleted_is_called_off_and_cannot_start(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    await bob.click(lobby, label="Join")
    game_id = (await _service(env).store.game_for_thread(thread.id)).id
    env.backend.delete_channel(thread.id)
    await env.settle()
    row = await _service(env).context.get(game_id)
    assert row.status == "abandoned"
    told = [m for m in channel.history() if "was deleted" in m.content]
    assert len(told) == 1
    lobby_now = [m for m in channel.history() if m.id == lobby.id][0]
    assert lobby_now.components == []  # no Start left to press
    assert "Abandoned" in lobby_now.content


async def test_a_thread_that_cannot_be_opened_calls_the_lobby_off_and_says_so(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    env.inject_error("POST", "/channels/*/messages/*/threads", status=403, code=50013, message="Missing Permissions")
    result = await ann.slash(channel, "game new", game="race")
    text = said(result)
    assert "could not open its thread" in text and "Nothing was changed" not in text
    assert (await _service(env).context.get(1)).status == "abandoned"
    lobby = channel.history()[0]
    assert lobby.components == [] and "called off" in lobby.content


async def test_start_after_the_thread_was_deleted_unseen_calls_the_game_off(env: Any) -> None:
    """The bot missed the deletion (it was offline): Start finds the thread
    gone, calls the game off and says so, instead of "Started!"."""
    channel, thread, lobby, ann, bob = await race_lobby(env)
    await bob.click(lobby, label="Join")
    game_id = (await _service(env).store.game_for_thread(thread.id)).id
    cog = env.bot.get_cog("Lifecycle")
    env.bot.remove_listener(cog.on_raw_thread_delete, "on_raw_thread_delete")
    env.backend.delete_channel(thread.id)
    await env.settle()
    assert (await _service(env).context.get(game_id)).status == "lobby"  # unseen
    started = await ann.click(lobby, label="Start")
    assert "thread was deleted" in said(started) and "Started" not in said(started)
    assert (await _service(env).context.get(game_id)).status == "abandoned"
    assert len([m for m in channel.history() if "was deleted" in m.content]) == 1


async def test_a_post_to_a_thread_deleted_unseen_pauses_the_game_and_tells_the_channel_once(env: Any) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = thread.guild.channels["games"]
    cog = env.bot.get_cog("Lifecycle")
    env.bot.remove_listener(cog.on_raw_thread_delete, "on_raw_thread_delete")
    env.backend.delete_channel(thread.id)
    await env.settle()
    post = await _service(env).turns.act(game_id, first.id, "step 1")
    assert not await env.bot.poster.post(thread.id, post)
    assert (await _service(env).context.get(game_id)).status == "paused"
    await env.bot.poster.send(thread.id, "⏰ still your turn")
    await env.settle()
    assert len([m for m in channel.history() if "so the game is paused" in m.content]) == 1


def _told_lacking(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "I can't post in the thread" in m.content]


@pytest.mark.parametrize("seen, label", [
    (True, "Send Messages in Threads"),
    (False, "a permission (Discord says: Missing Permissions)"),  # not in what the bot sees of the server
])
async def test_a_permission_taken_away_mid_game_is_told_in_the_channel_once_naming_it(
        env: Any, caplog: pytest.LogCaptureFixture, seen: bool, label: str) -> None:
    thread, first, _second, game_id = await started_race(env)
    channel = thread.guild.channels["games"]
    if seen:
        await channel_overwrite(env, channel, thread.guild.me,
                                discord.PermissionOverwrite(send_messages_in_threads=False))
    else:
        env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50013,
                         message="Missing Permissions", times=None)
    version = (await _service(env).context.get(game_id)).version
    await first.slash(thread, "race step", choice="step 1")  # stored; its post is refused
    await env.bot.poster.send(thread.id, "⏰ still your turn")  # refused again: nobody told twice
    await env.settle()
    told = _told_lacking(channel)
    assert len(told) == 1, [m.content for m in told]
    assert label in told[0].content and f"#{game_id}" in told[0].content and f"<#{thread.id}>" in told[0].content
    row = await _service(env).context.get(game_id)
    assert row.status == "active" and row.version == version + 1  # the move is kept; the game waits
    sent = [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{channel.id}/messages"]
    assert sent[-1].json["allowed_mentions"] == {"parse": []}
    assert any(r.getMessage().startswith(f"game {game_id}: could not post in thread {thread.id}")
               for r in caplog.records if r.levelno == logging.WARNING)


async def test_a_permission_given_back_then_taken_again_is_told_again(env: Any) -> None:
    thread, _first, _second, _game_id = await started_race(env)
    channel = thread.guild.channels["games"]
    me = thread.guild.me
    await channel_overwrite(env, channel, me, discord.PermissionOverwrite(send_messages_in_threads=False))
    await env.bot.poster.send(thread.id, "⏰ still your turn")
    await channel_overwrite(env, channel, me, discord.PermissionOverwrite())
    assert await env.bot.poster.send(thread.id, "⏰ still your turn")
    await channel_overwrite(env, channel, me, discord.PermissionOverwrite(send_messages_in_threads=False))
    await env.bot.poster.send(thread.id, "⏰ still your turn")
    await env.settle()
    assert len(_told_lacking(channel)) == 2
