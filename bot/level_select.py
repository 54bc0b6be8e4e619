"""The select that seats a bot at a chosen level (:mod:`bot.bot_levels`).

Under the lobby it adds a bot ("Add bot", the button beside it, adds one at
the default level, normal); under a "turn clock ran out" post it hands the
late seat to the bot ("Hand to the bot", the button, at normal). Its custom
id carries what it does, the game and the seat, so it works after a restart
like every other component (:mod:`bot.ui`); whether the choice is still
allowed is the service's call.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from games.bots import DEFAULT_LEVEL, LEVELS

from .bot_levels import LEVEL_NOTES
from .discord_io import guarded

PLACEHOLDERS = {"add": "🤖 Add a bot at a level…", "clock": "🤖 Hand the seat to the bot at a level…"}


def level_options() -> list[discord.SelectOption]:
    """One option per level, weakest first; the default says so."""
    return [discord.SelectOption(label=level.capitalize(), value=level, description=LEVEL_NOTES[level],
                                 emoji="🤖" if level == DEFAULT_LEVEL else None)
            for level in LEVELS]


class LevelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"ry:level:(?P<op>add|clock):(?P<game>[0-9]+):(?P<seat>[0-9]{1,2})"):
    """Easy / Normal / Hard: ``op`` "add" seats a bot in the lobby of
    ``game``; "clock" hands its timed-out ``seat`` to the bot."""

    def __init__(self, game_id: int, op: str, seat: int = 0) -> None:
        super().__init__(discord.ui.Select(custom_id=f"ry:level:{op}:{game_id}:{seat}",
                                           placeholder=PLACEHOLDERS[op], options=level_options()))
        self.game_id, self.op, self.seat = game_id, op, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "LevelSelect":
        return cls(int(match["game"]), match["op"], int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from .ui import add_bot, clock_action  # the ui module shows this select: imported when chosen

        level = self.item.values[0] if self.item.values else DEFAULT_LEVEL
        if self.op == "add":
            await guarded(interaction, add_bot(interaction, self.game_id, level), self.game_id)
        else:
            await guarded(interaction, clock_action(interaction, self.game_id, self.seat, "bot", level), self.game_id)
