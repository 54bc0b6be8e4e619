"""Shared steps of the simcord tests: what the bot said to one interaction,
the bot's service, a panel message as a member sees it, and a started race
between ann and bob in a game thread."""

from __future__ import annotations

from typing import Any

from bot.app import RailyardBot
from games.registry import get_game


def said(result: Any) -> str:
    """Everything the bot answered to one interaction, as text."""
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content or "" for m in [*parts, *result.followups])


async def game_lobby(env: Any, game: str = "race", **settings: str) -> tuple[Any, Any, Any, Any, Any]:
    """A lobby of ``game`` ann opened with ``/game new`` ``settings`` (bob is
    a member of the guild, not seated); returns its channel, thread, lobby
    message, ann and bob."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bob = guild.add_member(env.create_user("bob"))
    result = await ann.slash(channel, "game new", game=game, **settings)
    assert not result.ephemeral
    return channel, channel.threads[0], result.response, ann, bob


async def race_lobby(env: Any) -> tuple[Any, Any, Any, Any, Any]:
    """A race lobby ann opened (see :func:`game_lobby`), one seat of four hers."""
    channel, thread, lobby, ann, bob = await game_lobby(env)
    assert "Seats 1/4" in lobby.content and "ann" in lobby.content
    return channel, thread, lobby, ann, bob


def bot_service(env: Any) -> Any:
    """The service of the bot under test."""
    bot = env.bot
    assert isinstance(bot, RailyardBot)
    return bot.service


def panel_message(thread: Any, viewer: Any, message_id: int) -> Any:
    """Message ``message_id`` of ``thread`` as ``viewer`` sees it now."""
    return next(m for m in thread.history(viewer=viewer) if m.id == message_id)


async def started_race(env: Any) -> tuple[Any, Any, Any, int]:
    """A race between ann and bob started through the lobby; returns its
    thread, the member due first, the other one and the game's id."""
    _channel, thread, lobby, ann, bob = await race_lobby(env)
    joined = await bob.click(lobby, label="Join")
    assert joined.ephemeral and "bob joined" in joined.response.content
    started = await ann.slash(thread, "game start")
    assert started.ephemeral
    row = await bot_service(env).store.game_for_thread(thread.id)
    assert row is not None and row.state is not None
    first, second = (ann, bob) if get_game("race").to_act(row.state) == [0] else (bob, ann)
    return thread, first, second, row.id
