"""What the cogs share (they never import each other): the ``/game`` group
(its name; the lifecycle cog declares it, the history and standings cogs'
commands join it), finding the game a command is used for, and what an
autocomplete offers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from games.core import Game
from games.registry import all_games, get_game

from ..discord_io import ServiceBot, bot_of
from ..service import ServiceError, game_slug, paused_line

GAME_GROUP = "game"
"""The ``/game`` group's name: :class:`~bot.cogs.lifecycle.Lifecycle` is the
group; other cogs' commands join it (:func:`join_game_group`)."""
AUTOCOMPLETE_MAX = 25  # Discord shows at most 25 suggestions; typing narrows them to the rest


def join_game_group(bot: ServiceBot, added: list[app_commands.Command[Any, Any, None]]) -> None:
    """Add a cog's ``added`` commands to the ``/game`` group (the lifecycle
    cog's, loaded first), each in place of an older one of its name."""
    group = bot.tree.get_command(GAME_GROUP)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("the /game group (the lifecycle cog) must be loaded before the commands joining it")
    for command in added:
        group.remove_command(command.name)
        group.add_command(command)


def leave_game_group(bot: ServiceBot, added: list[app_commands.Command[Any, Any, None]]) -> None:
    """Take a cog's ``added`` commands out of the ``/game`` group again."""
    group = bot.tree.get_command(GAME_GROUP)
    if isinstance(group, app_commands.Group):
        for command in added:
            group.remove_command(command.name)


async def game_here(interaction: discord.Interaction[Any]) -> int:
    """The id of the game whose thread this command was used in (in the
    channel of a game paused since its thread was deleted: how to resume it)."""
    if interaction.channel_id is None:
        raise ServiceError("Use this in a game's thread.")
    service = bot_of(interaction).service
    try:
        row = await service.context.game_in_thread(interaction.channel_id)
    except ServiceError:
        paused = await service.context.games_in_channel(interaction.channel_id, "paused")
        if paused:
            raise ServiceError(paused_line(paused[0])) from None
        raise
    return row.id


async def paused_game_here(interaction: discord.Interaction[Any], game: int | None) -> int:
    """The game ``game`` created in this channel, or, when not given, this
    channel's only paused game (a paused game has no thread to be used in)."""
    service = bot_of(interaction).service
    if game is not None:
        row = await service.context.get(game)
        if row.channel_id is None or row.channel_id != interaction.channel_id:
            raise ServiceError(f"Game #{game} was not created in this channel: use this where it was.")
        return row.id
    found = await service.context.games_in_channel(interaction.channel_id or 0, "paused")
    if len(found) != 1:
        raise ServiceError(f"Name the game: {'no' if not found else 'several'} paused games in this channel.")
    return found[0].id


def typed_games(interaction: discord.Interaction[Any]) -> list[Game]:
    """The game typed in ``/game new``'s ``game`` so far, or every game."""
    typed = getattr(interaction.namespace, "game", None)
    try:
        return [get_game(game_slug(typed))] if isinstance(typed, str) else list(all_games().values())
    except ServiceError:
        return list(all_games().values())
