"""The bot-level select shown beside "Add bot" in the lobby
(:class:`bot.ui.lobby.AddBotLevelSelect`) and beside "Hand to the bot" under
a "turn clock ran out" post (:class:`bot.ui.reminders.HandOverLevelSelect`):
easy, normal or hard (:mod:`bot.bot_levels`). The buttons beside them seat
the bot at the default level, normal."""

from __future__ import annotations

from typing import Any

import discord

from games.bots import DEFAULT_LEVEL, LEVELS

from ..bot_levels import LEVEL_NOTES


def level_select(custom_id: str, placeholder: str) -> discord.ui.Select[Any]:
    """A select of the levels, weakest first; the default one wears 🤖."""
    options = [discord.SelectOption(label=level.capitalize(), value=level, description=LEVEL_NOTES[level],
                                    emoji="🤖" if level == DEFAULT_LEVEL else None)
               for level in LEVELS]
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder, options=options)


def chosen_level(select: discord.ui.Select[Any]) -> str:
    """The level chosen in ``select`` (the default when none came through)."""
    return select.values[0] if select.values else DEFAULT_LEVEL
