"""``/game undo``, ``/game replay``, ``/game log`` (paged) and ``/game export``:
a game's history, in the ``/game`` group."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..discord_io import NO_MENTIONS, ServiceBot, board_file, file_kwargs
from ..history import LOG_PAGE
from ..ui import show_log_page, take_back
from .game_group import game_here, join_game_group, leave_game_group


class HistoryCommands(commands.Cog):
    """``/game undo``, ``/game replay``, ``/game log`` (paged) and
    ``/game export``: added to the ``/game`` group of the lifecycle cog when
    loaded (after it); ``/game log`` takes the place of the older one."""

    __cog_name__ = "Game history"

    def __init__(self, bot: ServiceBot) -> None:
        self.bot = bot
        self.added: list[app_commands.Command[Any, Any, None]] = [
            self._undo_command(), self._replay_command(), self._log_command(), self._export_command()]

    async def cog_load(self) -> None:
        join_game_group(self.bot, self.added)

    async def cog_unload(self) -> None:
        leave_game_group(self.bot, self.added)

    def _undo_command(self) -> app_commands.Command[Any, Any, None]:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            await take_back(interaction, await game_here(interaction), None)

        return app_commands.Command(name="undo", callback=callback,
                                    description="Take back your last move, while nothing new was revealed")

    def _replay_command(self) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any], at: app_commands.Range[int, 1, 1_000_000]) -> None:
            game_id = await game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            post = await cog.bot.service.log.replay_at(game_id, interaction.user.id, at)
            file = board_file(post, f"board-at-{at}.png", interaction.guild)
            await interaction.followup.send(post.text, ephemeral=True, allowed_mentions=NO_MENTIONS,
                                            **file_kwargs(file))

        app_commands.describe(at="The action number (see /game log)")(callback)
        return app_commands.Command(name="replay", callback=callback,
                                    description="The board as it was at an earlier action (only you see it)")

    def _log_command(self) -> app_commands.Command[Any, Any, None]:
        async def callback(interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 50] = LOG_PAGE,
                           page: app_commands.Range[int, 1, 100_000] | None = None) -> None:
            await show_log_page(interaction, await game_here(interaction), page, count)

        app_commands.describe(count="Actions per page (1-50)", page="Which page (1 is the oldest; default the newest)")(
            callback)
        return app_commands.Command(name="log", callback=callback,
                                    description="The whole log of this game in words, page by page")

    def _export_command(self) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any]) -> None:
            game_id = await game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            name, data = await cog.bot.service.log.export(game_id)
            await interaction.followup.send(
                "The game's log as a file; `railyard import FILE` replays it, checking every step.",
                file=discord.File(io.BytesIO(data), filename=name), ephemeral=True, allowed_mentions=NO_MENTIONS)

        return app_commands.Command(name="export", callback=callback,
                                    description="The game as a JSON file: options, seats, log (only you get it)")
