"""A game's past in Discord: the Undo button and ``/game undo`` (the move
taken back, its thread post corrected), and the pages of ``/game log`` with
their Older / Newer buttons. The log itself is :mod:`bot.history`'s."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from ..discord_io import NO_MENTIONS, ServiceBot, bot_of, guarded, posted_in

log = logging.getLogger("railyard.ui")


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:undo:(?P<game>[0-9]+):(?P<seq>[0-9]+)"):
    """Under the post after a move: its player takes that move back."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(discord.ui.Button(label="Undo", emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:undo:{game_id}:{seq}"))
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "UndoButton":
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, take_back(interaction, self.game_id, self.seq), self.game_id)


async def take_back(interaction: discord.Interaction[Any], game_id: int, seq: int | None) -> None:
    """``/game undo`` or the Undo button: take the member's last move back,
    correct its thread post and post the state as it is again, pinging only
    the seats newly due."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    undone = await bot.service.turns.undo(game_id, interaction.user.id, seq, interaction_id=str(interaction.id))
    row = await bot.service.context.get(game_id)
    await interaction.followup.send(f"↩️ Taken back (log entry {undone.seq}).", ephemeral=True,
                                    allowed_mentions=NO_MENTIONS)
    await correct_post(bot, game_id, row.thread_id, undone.message_id, undone.note)
    await bot.poster.post(row.thread_id, undone.post)


async def correct_post(bot: ServiceBot, game_id: int, thread_id: int | None, message_id: int | None,
                       note: str) -> None:
    """Rewrite the thread post of a move taken back: the note (the move
    struck, no mention left), no board, no buttons. A post of the game's
    deleted thread (the move was made before ``/game resume``) is gone with
    it: nothing to rewrite (:func:`~bot.discord_io.posted_in`)."""
    if thread_id is None or message_id is None or not posted_in(thread_id, message_id):
        return
    try:
        channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
        if isinstance(channel, discord.Thread) and channel.archived:
            await channel.edit(archived=False)
        assert isinstance(channel, (discord.Thread, discord.TextChannel))
        await channel.get_partial_message(message_id).edit(content=note, attachments=[], view=None,
                                                           allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as exc:
        log.warning("game %s: could not correct post %s in thread %s: %s", game_id, message_id, thread_id, exc)


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"ry:log:(?P<game>[0-9]+):(?P<page>[0-9]{1,6}):(?P<per>[0-9]{1,2})"):
    """``/game log``'s Older / Newer buttons: the page they lead to, and
    how many entries a page holds."""

    def __init__(self, game_id: int, page: int, per_page: int, label: str = "Page") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:log:{game_id}:{page}:{per_page}"))
        self.game_id, self.page, self.per_page = game_id, page, per_page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "LogPageButton":
        return cls(int(match["game"]), int(match["page"]), int(match["per"]), getattr(item, "label", None) or "Page")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_log_page(interaction, self.game_id, self.page, self.per_page, edit=True),
                      self.game_id)


def log_view(game_id: int, page: int, pages: int, per_page: int) -> discord.ui.View:
    """Older / Newer under a log page (only those that lead somewhere)."""
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LogPageButton(game_id, page - 1, per_page, "◀ Older"))
    if page < pages:
        view.add_item(LogPageButton(game_id, page + 1, per_page, "Newer ▶"))
    return view


async def show_log_page(interaction: discord.Interaction[Any], game_id: int, page: int | None,
                        per_page: int, edit: bool = False) -> None:
    """A page of the whole log, privately; the buttons turn the page in place."""
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    shown = await bot_of(interaction).service.log.page(game_id, page, per_page)
    view = log_view(game_id, shown.page, shown.pages, shown.per_page)
    if edit:
        await interaction.edit_original_response(content=shown.text, view=view, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.followup.send(shown.text, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS)
