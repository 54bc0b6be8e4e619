"""Bot levels on (simulated) Discord: the lobby's level select seats a bot at
the level chosen (the "Add bot" button at normal), ``/game leave`` offers a
level for the seat the bot takes over, and a "turn clock ran out" post offers
one for the late seat; every post names the bot with its level."""

from __future__ import annotations

import re
from typing import Any

from games.registry import get_game
from tests.support.discord import race_lobby, said
from tests.test_discord_pause import clock, simcord_bot  # noqa: F401 - the bot with a fake clock, ticked by the tests
from tests.test_reminders_discord import clock_ran_out
from tests.test_scheduler import FakeClock


def _shown(channel: Any, message: Any) -> Any:
    return next(m for m in channel.history() if m.id == message.id)


def _select(message: Any) -> Any:
    return next(c for row in message.components for c in row["components"] if "placeholder" in c)


async def test_the_lobby_select_seats_a_bot_at_the_level_chosen(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    menu = _select(lobby)
    assert [(o["label"], o["value"]) for o in menu["options"]] == [("Easy", "easy"), ("Normal", "normal"),
                                                                  ("Hard", "hard")]
    refused = await bob.select(lobby, ["hard"])
    assert refused.ephemeral and "Only the player who created the game" in said(refused)
    added = await ann.select(lobby, ["hard"])
    assert added.ephemeral and "Bot 1 (hard) 🤖 takes a seat" in said(added)
    by_button = await ann.click(lobby, label="Add bot")
    assert "Bot 2 (normal) 🤖 takes a seat" in said(by_button)
    assert "ann, Bot 1 (hard) 🤖, Bot 2 (normal) 🤖." in _shown(channel, lobby).content
    game_id = (await env.bot.service.store.game_for_thread(thread.id)).id
    seats = await env.bot.service.store.seats(game_id)
    assert [(s.name, s.level) for s in seats[1:]] == [("Bot 1 (hard)", "hard"), ("Bot 2 (normal)", "normal")]


async def test_the_turn_post_names_the_bot_with_its_level(env: Any) -> None:
    _channel, thread, lobby, ann, _bob = await race_lobby(env)
    await ann.select(lobby, ["easy"])
    await ann.slash(thread, "game start")
    game_id = (await env.bot.service.store.game_for_thread(thread.id)).id
    row = await env.bot.service.context.get(game_id)
    if get_game("race").to_act(row.state) == [0]:
        await ann.slash(thread, "race step", choice="step 1")
    posts = [m.content for m in thread.history() if m.author.bot and m.attachments]
    assert any(re.search(r"Bot 1 \(easy\) (stepped|rolled)", p) for p in posts)  # the bot's move
    assert any("Your turn: Bot 1 (easy) 🤖" in p for p in posts)  # the bot due


async def test_game_leave_hands_the_seat_to_the_bot_at_the_level_chosen(env: Any) -> None:
    channel, thread, lobby, ann, bob = await race_lobby(env)
    await bob.click(lobby, label="Join")
    await ann.slash(thread, "game start")
    left = await bob.slash(thread, "game leave", level="hard")
    assert not left.ephemeral and "bob left the game: the bot 🤖 (hard) plays the seat" in left.response.content
    game_id = (await env.bot.service.store.game_for_thread(thread.id)).id
    bob_seat = (await env.bot.service.store.seats(game_id))[1]
    assert (bob_seat.bot, bob_seat.level) == (True, "hard")


async def test_a_late_seat_is_handed_to_the_bot_at_the_level_chosen_under_the_clock_post(
        env: Any, clock: FakeClock) -> None:
    thread, first, second, game_id, ran_out = await clock_ran_out(env, clock)
    handed = await second.select(ran_out, ["easy"])
    assert handed.ephemeral and "the bot plays that seat now" in said(handed)
    assert any(f"{first.name}'s clock ran out: the bot 🤖 (easy) plays the seat" in m.content
               for m in thread.history())
    late_seat = 0 if first.name == "ann" else 1
    seat = (await env.bot.service.store.seats(game_id))[late_seat]
    assert (seat.bot, seat.level) == (True, "easy")
