"""The lobby message and its buttons: Join, Leave, Start, Add bot and Remove
bot, rewritten with the seats, the schedule and whether the game is rated
whenever they change (:func:`refresh_lobby`). Before a lobby starts, its
thread must exist and the bot must be able to play there (:func:`ready_thread`)."""

from __future__ import annotations

import re
from typing import Any, Mapping

import discord

from games.bots import DEFAULT_LEVEL
from games.registry import get_game

from ..discord_io import NO_MENTIONS, ServiceBot, bot_of, channel_gone, check_game_permissions, guarded, reply
from ..discord_text import member_name
from ..scheduler import schedule_text
from ..service import ServiceError
from .levels import chosen_level, level_select


def lobby_view(game_id: int, open_lobby: bool = True, solo: bool = False) -> discord.ui.View:
    """The lobby's buttons. A solo lobby (a map played by one, such as Age
    of Steam's Barbados) is its creator alone: only Start, no Join, Leave or
    bot seats that could only be refused."""
    view = discord.ui.View(timeout=None)
    if open_lobby and solo:
        view.add_item(LobbyButton(game_id, "start"))
    elif open_lobby:
        view.add_item(LobbyButton(game_id, "join"))
        view.add_item(LobbyButton(game_id, "leave"))
        view.add_item(LobbyButton(game_id, "start"))
        view.add_item(AddBotButton(game_id))
        view.add_item(RemoveBotButton(game_id))
        view.add_item(AddBotLevelSelect(game_id))
    return view


def is_solo(slug: str, options: Mapping[str, str]) -> bool:
    """Whether the game with these options is played by one player only."""
    return max(get_game(slug).player_counts(options)) == 1


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:lobby:(?P<action>join|leave|start):(?P<game>\d+)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "start": discord.ButtonStyle.primary}

    def __init__(self, game_id: int, action: str) -> None:
        super().__init__(discord.ui.Button(
            label=action.capitalize(), style=self.STYLES[action], custom_id=f"ry:lobby:{action}:{game_id}"))
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "LobbyButton":
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lobby_action(interaction, self.game_id, self.action), self.game_id)


async def lobby_action(interaction: discord.Interaction[Any], game_id: int, action: str) -> None:
    """Join, leave or start, from a button or a command."""
    bot = bot_of(interaction)
    service = bot.service
    if action == "start":
        await interaction.response.defer(ephemeral=True, thinking=True)
        await ready_thread(interaction, game_id)
        post = await service.lobby.start(game_id, interaction.user.id)
        row = await service.context.get(game_id)
        await refresh_lobby(bot, game_id)
        said = "Started! The board is in the game's thread." if await bot.poster.post(row.thread_id, post) \
            else "The game started, but its board could not be posted in its thread (see the channel)."
        await interaction.followup.send(said, ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    if action == "join":
        text = await service.lobby.join(game_id, interaction.user.id, member_name(interaction.user))
    else:
        text = await service.lobby.leave(game_id, interaction.user.id)
    await reply(interaction, text)
    await refresh_lobby(bot, game_id)


async def refresh_lobby(bot: ServiceBot, game_id: int) -> None:
    """Rewrite the lobby message to show the seats and status."""
    row = await bot.service.context.get(game_id)
    if row.lobby_message_id is None or row.channel_id is None:
        return
    channel = bot.get_channel(row.channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        return
    text = await bot.service.lobby.text(game_id)
    if row.status == "lobby":
        text += schedule_text(await bot.service.seats.schedule(game_id))
        text += await bot.standings.lobby_note(game_id)  # whether a game with bots is rated
    try:
        await channel.get_partial_message(row.lobby_message_id).edit(
            content=text, view=lobby_view(game_id, row.status == "lobby", is_solo(row.slug, row.options)),
            allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        pass  # the lobby message was deleted: the game lives on in its thread


async def ready_thread(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Before a lobby starts: its thread must exist and the bot must be able
    to play there; ServiceError says what is wrong (a deleted thread calls
    the game off)."""
    bot = bot_of(interaction)
    row = await bot.service.context.get(game_id)
    if row.status != "lobby":
        return  # the service says why it can't start
    if row.thread_id is None:
        raise ServiceError("This game has no thread to be played in: start another with `/game new`.")
    try:
        thread = bot.get_channel(row.thread_id) or await bot.fetch_channel(row.thread_id)
    except discord.HTTPException as exc:
        if not channel_gone(exc):
            raise
        await bot.poster.thread_gone(game_id)
        raise ServiceError("This game's thread was deleted, so the game is called off: "
                           "start another with `/game new`.") from None
    if isinstance(thread, discord.Thread):
        check_game_permissions(thread, interaction)


class AddBotButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:addbot:(?P<game>[0-9]+)"):
    """The lobby's "Add bot": the creator seats the bot in the next seat."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Add bot", emoji="🤖", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:addbot:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "AddBotButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, add_bot(interaction, self.game_id), self.game_id)


class AddBotLevelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ry:botlevel:(?P<game>[0-9]+)"):
    """Under the lobby's buttons: the creator seats a bot at the level chosen."""

    def __init__(self, game_id: int) -> None:
        super().__init__(level_select(f"ry:botlevel:{game_id}", "🤖 Add a bot at a level…"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "AddBotLevelSelect":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, add_bot(interaction, self.game_id, chosen_level(self.item)), self.game_id)


async def add_bot(interaction: discord.Interaction[Any], game_id: int, level: str = DEFAULT_LEVEL) -> None:
    bot = bot_of(interaction)
    text = await bot.service.seats.add_bot(game_id, interaction.user.id, level)
    await reply(interaction, text)
    await refresh_lobby(bot, game_id)


class RemoveBotButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:rmbot:(?P<game>[0-9]+)"):
    """The lobby's "Remove bot": the creator takes the last bot out again."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Remove bot", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:rmbot:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "RemoveBotButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, remove_bot(interaction, self.game_id), self.game_id)


async def remove_bot(interaction: discord.Interaction[Any], game_id: int) -> None:
    bot = bot_of(interaction)
    text = await bot.service.seats.remove_bot(game_id, interaction.user.id)
    await reply(interaction, text)
    await refresh_lobby(bot, game_id)
