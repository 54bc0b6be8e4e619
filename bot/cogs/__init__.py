"""The slash commands, a cog per feature, listed once (:func:`all_cogs`):

- :mod:`.lifecycle`: the ``/game`` group (new, join, start, resume, abandon...);
- :mod:`.game_commands`: one group per game (``/steamrollers``, ``/aos``...);
- :mod:`.history`: ``/game undo``, ``replay``, ``log``, ``export``;
- :mod:`.standings`: ``/game mine``, ``list``, ``notify``, ``leaderboard``,
  ``stats``, ``ratings``;
- :mod:`.game_group`: what they share (the ``/game`` group's name and how
  other cogs' commands join it, the game a command is used for). Cogs never
  import each other; a cog reaches the games through ``bot.service``."""

from __future__ import annotations

from discord.ext import commands

from games.registry import all_games

from ..discord_io import ServiceBot
from .game_commands import GameCommands
from .history import HistoryCommands
from .lifecycle import Lifecycle
from .standings import StandingsCommands


def all_cogs(bot: ServiceBot) -> list[commands.Cog]:
    """Every cog, in the order they load: the lifecycle cog first (it is the
    ``/game`` group the history and standings commands join), then one cog
    per game with a command group."""
    games: list[commands.Cog] = [GameCommands(bot, game) for game in all_games().values() if game.command_group]
    return [Lifecycle(bot), *games, HistoryCommands(bot), StandingsCommands(bot)]


__all__ = ["all_cogs"]
