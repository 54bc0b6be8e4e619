"""Bot seats on (simulated) Discord: "Add bot" in the lobby (creator only),
the bot moving promptly after a player's move through the same service and
posted like anyone's, never pinged; a player who leaves a running game is
replaced by the bot and takes his seat back with ``/game takeover``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.discord import race_lobby, said
from bot.app import RailyardBot
from bot.service import ServiceError
from games.registry import get_game
from tests.test_scheduler import FakeClock


@pytest.fixture
async def simcord_bot(db_path: str) -> Any:
    """The bot with its scheduler's loop off: only the wake after a move
    (or the test) makes it look."""
    bot = RailyardBot(db_path, scheduler_seconds=0, clock=FakeClock())
    yield bot
    if bot.store is not None:
        await bot.store.close()


def _stored(env: Any, message: Any) -> Any:
    return env.backend.messages[message.channel.id][message.id]


async def _due(env: Any, game_id: int) -> list[int]:
    row = await env.bot.service.context.get(game_id)
    return get_game("race").to_act(row.state)


async def test_creator_adds_bots_in_the_lobby_and_they_play_promptly_unpinged(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    refused = await bob.click(lobby, label="Add bot")
    assert refused.ephemeral and "Only the player who created the game" in said(refused)
    added = await ann.click(lobby, label="Add bot")
    assert added.ephemeral and "Bot 1 (normal) 🤖 takes a seat" in said(added)
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "Seats 2/4" in shown.content and "ann, Bot 1 (normal) 🤖." in shown.content
    await ann.slash(thread, "game start")
    game_id = (await env.bot.service.store.game_for_thread(thread.id)).id
    if await _due(env, game_id) == [0]:
        await ann.slash(thread, "race step", choice="step 1")
    # the bot moved right after (woken by the post), without any tick from the test
    assert await _due(env, game_id) == [0]
    log = await env.bot.service.store.log(game_id)
    assert any(a.seat == 1 for a in log)
    posts = [m for m in thread.history() if m.author.bot]
    assert any(re.search(r"Bot 1 \(normal\) (stepped|rolled)", m.content) and m.attachments for m in posts)
    for message in posts:
        assert not re.search(r"<@-", message.content)
        assert set(_stored(env, message).ping_user_ids) <= {ann.id}


async def test_leaving_a_running_game_hands_the_seat_to_the_bot_until_taken_back(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    game_id = (await env.bot.service.store.game_for_thread(thread.id)).id
    left = await bob.slash(thread, "game leave")
    assert not left.ephemeral and "the bot 🤖 (normal) plays the seat" in left.response.content
    if await _due(env, game_id) == [0]:
        await ann.slash(thread, "race step", choice="step 2")
    assert await _due(env, game_id) == [0]  # the bot played bob's turn at once
    bob_turn = [m for m in thread.history() if m.attachments][-1]
    assert bob.id not in _stored(env, bob_turn).ping_user_ids
    back = await bob.slash(thread, "game takeover")
    assert "takes the seat back" in back.response.content
    await ann.slash(thread, "race step", choice="step 1")
    assert await _due(env, game_id) == [1]  # bob's own turn again: no bot moved
    turn = [m for m in thread.history() if m.attachments][-1]
    assert _stored(env, turn).ping_user_ids == [bob.id]


async def test_bot_seat_cannot_be_added_to_a_full_lobby_or_once_started(env: Any) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    lobby = (await ann.slash(channel, "game new", game="race")).response
    for _ in range(3):
        await ann.click(lobby, label="Add bot")
    full = await ann.click(lobby, label="Add bot")
    assert "Race is full (4 players)" in said(full)
    thread = channel.threads[0]
    await ann.slash(thread, "game start")
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert shown.components == []  # no Add bot once started
    with pytest.raises(ServiceError, match="already started"):
        await env.bot.service.seats.add_bot(shown_game(shown), ann.id)


def shown_game(lobby: Any) -> int:
    """The game id a lobby message names ("· game #N")."""
    match = re.search(r"game #([0-9]+)", lobby.content)
    assert match is not None
    return int(match[1])


async def test_the_creator_removes_the_last_bot_from_the_lobby_and_the_seats_close_up(env: Any) -> None:
    channel, _thread, lobby, ann, bob = await race_lobby(env)
    game_id = shown_game(lobby)
    await ann.click(lobby, label="Add bot")
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Add bot")
    refused = await bob.click(lobby, label="Remove bot")
    assert "Only the player who created the game" in said(refused)
    removed = await ann.click(lobby, label="Remove bot")
    assert "Bot 2" in said(removed) and "leaves the lobby" in said(removed)
    seats = await env.bot.service.store.seats(game_id)
    assert [(s.seat, s.name, s.bot) for s in seats] == [(0, "ann", False), (1, "Bot 1 (normal)", True), (2, "bob", False)]
    await ann.click(lobby, label="Remove bot")
    none_left = await ann.click(lobby, label="Remove bot")
    assert "There is no bot in this game" in said(none_left)
    assert [s.name for s in await env.bot.service.store.seats(game_id)] == ["ann", "bob"]
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "Bot" not in shown.content
    await ann.slash(channel.threads[0], "game start")
    with pytest.raises(ServiceError, match="already started"):
        await env.bot.service.seats.remove_bot(game_id, ann.id)
