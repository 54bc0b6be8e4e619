"""``/game mine``, ``/game list``, ``/game notify``, ``/game leaderboard``,
``/game stats`` and ``/game ratings``: added to the ``/game`` group of the
lifecycle cog when loaded (after it). Every answer is private, paged with
buttons that turn the page in place; a listed lobby has its Join button."""

from __future__ import annotations

import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from ..discord_io import NO_MENTIONS, ServiceBot, bot_of, guarded
from ..discord_text import member_name
from ..service import ServiceError, game_slug, map_choices, matching_games, with_map
from ..standings import Page, Standings
from ..ui import LobbyButton
from .game_group import AUTOCOMPLETE_MAX, join_game_group, leave_game_group, typed_games

JOIN_ROWS = 2
"""A page's Join buttons fill at most two rows of five (a list page holds ten games)."""


def _guild(interaction: discord.Interaction[Any]) -> int:
    if interaction.guild_id is None:
        raise ServiceError("Use this on a server.")
    return interaction.guild_id


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"ry:pg:(?P<kind>mine|list|lb):(?P<page>[0-9]{1,5})(?::(?P<slug>[a-z0-9:-]{1,60}))?"):
    """◀ / ▶ under a page of ``/game mine``, ``/game list`` or
    ``/game leaderboard``: shows the page it leads to, in place."""

    def __init__(self, kind: str, page: int, label: str, slug: str = "") -> None:
        custom_id = f"ry:pg:{kind}:{page}" + (f":{slug}" if slug else "")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id,
                                           row=4))
        self.kind, self.page, self.slug = kind, page, slug

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "PageButton":
        return cls(match["kind"], int(match["page"]), getattr(item, "label", None) or "Page", match["slug"] or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_page(interaction, self.kind, self.page, self.slug, edit=True))


def page_view(kind: str, shown: Page, slug: str = "") -> discord.ui.View:
    """Join buttons for the page's lobbies, then ◀ / ▶ where they lead somewhere."""
    view = discord.ui.View(timeout=None)
    for i, game_id in enumerate(shown.lobbies[: 5 * JOIN_ROWS]):
        join = LobbyButton(game_id, "join")
        join.item.label = f"Join #{game_id}"
        join.item.row = i // 5
        view.add_item(join)
    if shown.page > 1:
        view.add_item(PageButton(kind, shown.page - 1, "◀ Previous", slug))
    if shown.page < shown.pages:
        view.add_item(PageButton(kind, shown.page + 1, "Next ▶", slug))
    return view


async def page_of(interaction: discord.Interaction[Any], kind: str, page: int, slug: str) -> Page:
    standings = bot_of(interaction).standings
    guild = _guild(interaction)
    if kind == "mine":
        return await standings.mine_page(guild, interaction.user.id, page)
    if kind == "list":
        return await standings.list_page(guild, page)
    return await standings.leaderboard_page(guild, slug, page)


async def show_page(interaction: discord.Interaction[Any], kind: str, page: int, slug: str = "",
                    edit: bool = False) -> None:
    """A page, privately; from a page button, in place of the one shown."""
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    shown = await page_of(interaction, kind, page, slug)
    view = page_view(kind, shown, slug)
    if edit:
        await interaction.edit_original_response(content=shown.text, view=view, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.followup.send(shown.text, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS)


class StandingsCommands(commands.Cog):
    """Your games and the server's standings, in the ``/game`` group."""

    __cog_name__ = "Standings"

    def __init__(self, bot: ServiceBot) -> None:
        self.bot = bot
        self.added: list[app_commands.Command[Any, Any, None]] = [
            self._mine(), self._list(), self._notify(), self._leaderboard(), self._stats(), self._ratings()]

    async def cog_load(self) -> None:
        join_game_group(self.bot, self.added)
        self.bot.add_dynamic_items(PageButton)

    async def cog_unload(self) -> None:
        leave_game_group(self.bot, self.added)
        self.bot.remove_dynamic_items(PageButton)

    def _mine(self) -> app_commands.Command[Any, Any, None]:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            await show_page(interaction, "mine", 1)

        return app_commands.Command(name="mine", callback=callback,
                                    description="Your games on this server, those waiting for you first")

    def _list(self) -> app_commands.Command[Any, Any, None]:
        async def callback(interaction: discord.Interaction[Any]) -> None:
            await show_page(interaction, "list", 1)

        return app_commands.Command(
            name="list", callback=callback,
            description="This server's open lobbies (to join), running games (to watch) and paused ones")

    def _notify(self) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any], how: Literal["dm", "thread"]) -> None:
            text = await cog.bot.standings.set_notify(interaction.user.id, how)
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

        app_commands.describe(how="dm: a direct message when it's your turn; thread: a ping in the game's thread")(
            callback)
        return app_commands.Command(name="notify", callback=callback,
                                    description="How you are told it's your turn: a direct message or the thread")

    def _leaderboard(self) -> app_commands.Command[Any, Any, None]:
        async def callback(interaction: discord.Interaction[Any], game: str, map: str | None = None) -> None:
            await show_page(interaction, "lb", 1, Standings.board(game_slug(game), with_map({}, map)))

        async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=g.name[:100], value=g.slug)
                    for g in matching_games(current)][:AUTOCOMPLETE_MAX]

        async def complete_map(interaction: discord.Interaction[Any],
                               current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=label[:100], value=value) for g in typed_games(interaction)
                    for value, label in map_choices(g) if current.lower() in label.lower()][:AUTOCOMPLETE_MAX]

        app_commands.describe(game="Which game (start typing its name)",
                              map="Its map, for a game with several (each island is a board of its own)")(callback)
        command: app_commands.Command[Any, Any, None] = app_commands.Command(
            name="leaderboard", callback=callback,
            description="This server's players of a game, by rating (a solo map: best scores)")
        command.autocomplete("game")(complete)
        command.autocomplete("map")(complete_map)
        return command

    def _stats(self) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any], member: discord.Member | None = None) -> None:
            who = member or interaction.user
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await cog.bot.standings.stats(_guild(interaction), who.id, member_name(who))
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

        app_commands.describe(member="Whose (default: yours)")(callback)
        return app_commands.Command(name="stats", callback=callback,
                                    description="A member's games played and won, rating and trend, best scores")

    def _ratings(self) -> app_commands.Command[Any, Any, None]:
        cog = self

        async def callback(interaction: discord.Interaction[Any], bot_games: Literal["humans", "none"]) -> None:
            perms = interaction.permissions
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await cog.bot.standings.set_bot_games(_guild(interaction), bot_games,
                                                                  bool(perms and perms.manage_guild))
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

        app_commands.describe(bot_games="humans: games with bots count for their humans; none: they don't count")(
            callback)
        return app_commands.Command(name="ratings", callback=callback,
                                    description="Whether games with bot seats count here (Manage Server)")
