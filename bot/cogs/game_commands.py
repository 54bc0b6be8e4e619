"""One slash-command group per game (``/steamrollers``, ``/aos``, ``/days``):
a subcommand per kind of action, its ``choice`` autocompleted from the seat's
legal choices, for players who prefer typing to the turn panel."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games.core import Game
from games.registry import all_games

from ..discord_io import NO_MENTIONS, ServiceBot, board_file, file_kwargs
from ..discord_text import code_text, member_name
from ..service import ServiceError
from ..history import LOG_PAGE
from ..ui import post_to_thread, show_log_page, take_back
from .lifecycle import game_here

AUTOCOMPLETE_MAX = 25


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
            await post_to_thread(cog.bot, row.thread_id, post)

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


def join_game_group(bot: ServiceBot, added: list[app_commands.Command[Any, Any, None]]) -> None:
    """Add a cog's ``added`` commands to the ``/game`` group (the lifecycle
    cog's, loaded first), each in place of an older one of its name."""
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("the /game group (the lifecycle cog) must be loaded before the commands joining it")
    for command in added:
        group.remove_command(command.name)
        group.add_command(command)


def leave_game_group(bot: ServiceBot, added: list[app_commands.Command[Any, Any, None]]) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        for command in added:
            group.remove_command(command.name)


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


def game_cogs(bot: ServiceBot) -> list[commands.Cog]:
    """One cog per game with a command group, then the history commands
    (which join ``/game``: load them after the lifecycle cog)."""
    from .standings import StandingsCommands

    cogs: list[commands.Cog] = [GameCommands(bot, game) for game in all_games().values() if game.command_group]
    return [*cogs, HistoryCommands(bot), StandingsCommands(bot)]


