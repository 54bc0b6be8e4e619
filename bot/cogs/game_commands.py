"""One slash-command group per game (``/steamrollers``, ``/aos``, ``/days``):
a subcommand per kind of action, its ``choice`` autocompleted from the seat's
legal choices, for players who prefer typing to the turn panel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import Game

from ..discord_io import NO_MENTIONS, ServiceBot, board_file, file_kwargs
from ..discord_text import code_text, member_name
from ..service import ServiceError
from .game_group import AUTOCOMPLETE_MAX, game_here


class GameCommands(commands.Cog):
    """The slash commands of one game."""

    def __init__(self, bot: ServiceBot, game: Game) -> None:
        self.bot = bot
        self.game = game
        self.group = app_commands.Group(name=game.command_group, description=f"Play {game.name}"[:100],
                                        guild_only=True)
        for name, description in game.commands.items():
            self.group.add_command(self._action_command(name, description))
        if game.player_boards:
            self.group.add_command(self._map_command())
        self.__cog_name__ = f"{game.name} commands"

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)

    async def _game_id(self, interaction: discord.Interaction[Any]) -> int:
        game_id = await game_here(interaction)
        row = await self.bot.service.context.get(game_id)
        if row.slug != self.game.slug:
            raise ServiceError(f"This thread's game is not {self.game.name}.")
        return game_id

    def _action_command(self, name: str, description: str) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any], choice: str) -> None:
            game_id = await cog._game_id(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            post = await cog.bot.service.turns.act(game_id, interaction.user.id, choice,
                                                   interaction_id=str(interaction.id))
            row = await cog.bot.service.context.get(game_id)
            await interaction.followup.send(f"✅ Done: `{code_text(post.action)}`", ephemeral=True,
                                            allowed_mentions=NO_MENTIONS)
            await cog.bot.poster.post(row.thread_id, post)

        async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
            return await cog._complete(interaction, name, current)

        app_commands.describe(choice="Start typing; pick one of your legal moves")(callback)
        command: app_commands.Command[Any, Any, None] = app_commands.Command(
            name=name, description=description[:100], callback=callback)
        command.autocomplete("choice")(complete)
        return command

    async def _complete(self, interaction: discord.Interaction[Any], command: str,
                        current: str) -> list[app_commands.Choice[str]]:
        try:
            game_id = await self._game_id(interaction)
            board, choices = await self.bot.service.turns.choices(game_id, interaction.user.id)
        except ServiceError:
            return []
        words = current.lower().split()
        found = []
        for choice in choices:
            if choice.command != command:
                continue
            haystack = f"{choice.text} {choice.summary}".lower()
            if all(w in haystack for w in words):
                found.append(app_commands.Choice(name=choice.summary[:100], value=choice.text[:100]))
                if len(found) == AUTOCOMPLETE_MAX:
                    break
        return found

    def _map_command(self) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any], player: discord.Member) -> None:
            game_id = await cog._game_id(interaction)
            seat = await cog.bot.service.context.seat_of_user(game_id, player.id)
            if seat is None:
                raise ServiceError(f"{member_name(player)} is not playing in this game.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            post = await cog.bot.service.pictures.seat_board(game_id, seat)
            file = board_file(post, "map.png", interaction.guild)
            await interaction.followup.send(post.text, ephemeral=True, allowed_mentions=NO_MENTIONS,
                                            **file_kwargs(file))

        app_commands.describe(player="Whose map to show (maps are public)")(callback)
        return app_commands.Command(name="map", description="Show a player's map (only you see it)",
                                    callback=callback)
