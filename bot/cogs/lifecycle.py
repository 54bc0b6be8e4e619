"""``/game``: start, join, leave, begin, watch, read, resume and abandon games.

A game lives in a public thread opened under its lobby message; the thread is
the game's home and these commands (but ``new``) work there. A game whose
thread was deleted is paused: ``resume`` (and ``abandon``, given the game)
work in the channel it was created in."""

from __future__ import annotations

import logging
import time
from functools import lru_cache
from typing import Any, Literal
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands

from games.bots import DEFAULT_LEVEL
from games.core import Game
from games.registry import get_game

from ..bot_levels import level_choices
from ..discord_io import (NO_MENTIONS, ServiceBot, board_file, check_game_permissions, file_kwargs,
                          mentions_for, reply)
from ..discord_text import member_name
from ..scheduler import NUDGE_GAP, parse_schedule, schedule_text
from ..service import (ServiceError, describe_options, game_slug, map_choices, matching_games,
                       parse_options, players, with_map)
from ..ui import clock_action, is_solo, lobby_action, lobby_view, refresh_lobby, reminder_view
from .game_group import AUTOCOMPLETE_MAX, GAME_GROUP, game_here, paused_game_here, typed_games

log = logging.getLogger("railyard.bot")

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # the longest auto-archive duration: a week
LEVEL_CHOICES = [app_commands.Choice(name=label, value=level) for level, label in level_choices()]
"""A bot level, as a command's option offers it (:mod:`bot.bot_levels`)."""


class Lifecycle(commands.GroupCog, group_name=GAME_GROUP,
                group_description="Start, join and follow Railyard games"):
    """The ``/game`` group itself (:data:`~bot.cogs.game_group.GAME_GROUP`):
    the history and standings cogs' commands join it once it is loaded."""

    def __init__(self, bot: ServiceBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Start a new game here: posts a lobby and opens its thread")
    @app_commands.describe(game="Which game to play (start typing its name)",
                           map="The map, for a game played on several (Age of Steam: rust-belt, barbados, "
                               "st-lucia); it decides the number of players",
                           options="Game options, e.g. difficulty=hard",
                           remind="Remind a player whose turn it is after this long: 12h (default), 1d, off",
                           clock="A turn clock, e.g. 48h: then the others may skip the turn or call the bot",
                           hours="The clock counts only inside these daily hours, e.g. 18-23",
                           zone="The time zone of those hours, e.g. Europe/Paris (default UTC)")
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction[Any], game: str, map: str | None = None,
                  options: str | None = None, remind: str | None = None, clock: str | None = None,
                  hours: str | None = None, zone: str | None = None) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise ServiceError("Start a game in a server text channel (not in a thread or DM).")
        check_game_permissions(channel, interaction)  # refused before anything is posted or stored
        chosen = with_map(parse_options(options), map)
        schedule = parse_schedule(remind, clock, hours, zone)
        row = await self.bot.service.lobby.new_game(
            game_slug(game), interaction.user.id, _name(interaction), chosen,
            guild_id=interaction.guild_id, channel_id=channel.id)
        await self.bot.service.seats.set_schedule(row.id, schedule)
        text = await self.bot.service.lobby.text(row.id) + schedule_text(schedule)
        await interaction.response.send_message(text, view=lobby_view(row.id, solo=is_solo(row.slug, row.options)),
                                                allowed_mentions=NO_MENTIONS)
        message = await interaction.original_response()
        try:
            thread = await message.create_thread(name=f"{get_game(row.slug).name} #{row.id}"[:100],
                                                 auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        except discord.HTTPException as exc:
            await self._no_thread(row.id, message, exc)
            return
        await self.bot.service.lobby.attach_discord(row.id, thread.id, message.id)
        await self.bot.poster.send(
            thread.id, f"This thread is the home of {get_game(row.slug).name} #{row.id}. "
            "Join with the button above or `/game join` here; the creator starts with `/game start`.")

    async def _no_thread(self, game_id: int, lobby: discord.Message, error: discord.HTTPException) -> None:
        """The lobby is out but its thread could not be opened (the server's
        permissions changed in between): the game is called off, its lobby
        says so without buttons, and the creator is told what happened."""
        log.warning("game %s: could not open its thread: %s", game_id, error)
        await self.bot.service.seats.end_quietly(game_id, "lobby")
        said = f"Game #{game_id} is called off: I could not open its thread here ({error.text or error.status})."
        try:
            await lobby.edit(content=said, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.warning("game %s: could not correct its lobby", game_id)
        raise ServiceError(said + " Check my permissions in this channel and try again.")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted: a running game is paused (a lobby
        called off) and its channel told (:meth:`bot.ui.ThreadPoster.thread_gone`)."""
        try:
            row = await self.bot.service.context.game_in_thread(payload.thread_id)
        except ServiceError:
            return  # not a game's thread
        try:
            await self.bot.poster.thread_gone(row.id)
        except Exception:  # noqa: BLE001 - an event handler logs, never raises
            log.exception("game %s: could not pause the game after its thread was deleted", row.id)

    @new.autocomplete("game")
    async def new_game_names(self, interaction: discord.Interaction[Any],
                             current: str) -> list[app_commands.Choice[str]]:
        """Every game whose name or slug holds what was typed; with more than
        Discord's 25 suggestions, typing more narrows them (none is unreachable)."""
        return [app_commands.Choice(name=g.name[:100], value=g.slug)
                for g in matching_games(current)][:AUTOCOMPLETE_MAX]

    @new.autocomplete("map")
    async def new_map(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The maps of the game typed (every game's with a map when none is)."""
        games = typed_games(interaction)
        found = [(v, label) for g in games for v, label in map_choices(g)]
        return [app_commands.Choice(name=label[:100], value=v[:100])
                for v, label in found if current.lower() in label.lower()][:AUTOCOMPLETE_MAX]

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        games = typed_games(interaction)
        found = [(v, f"{g.name}: {label}" if len(games) > 1 else label)
                 for g in games for v, label in describe_options(g)]
        return [app_commands.Choice(name=label[:100], value=v[:100])
                for v, label in found if current.lower() in label.lower()][:25]

    @app_commands.command(name="join", description="Take a seat in this thread's game")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await lobby_action(interaction, await game_here(interaction), "join")

    @app_commands.command(name="leave", description="Give up your seat (once started, the bot plays it)")
    @app_commands.describe(level="Once started: the level the bot plays your seat at (default normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def leave(self, interaction: discord.Interaction[Any], level: str = DEFAULT_LEVEL) -> None:
        game_id = await game_here(interaction)
        status = (await self.bot.service.context.get(game_id)).status
        if status in ("finished", "abandoned"):
            raise ServiceError(f"This game is {status}: there is no seat to leave.")
        if status != "active":
            await lobby_action(interaction, game_id, "leave")
            return
        text = await self.bot.service.seats.leave_to_bot(game_id, interaction.user.id, level)
        await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)
        self.bot.wake_scheduler()

    # -- games that last a week: bots, reminders, the turn clock -----------------
    @app_commands.command(name="takeover", description="Take your seat back from the bot")
    async def takeover(self, interaction: discord.Interaction[Any]) -> None:
        game_id = await game_here(interaction)
        text = await self.bot.service.seats.take_back(game_id, interaction.user.id)
        await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)

    @app_commands.command(name="remind", description="Remind the players whose turn it is (once an hour per game)")
    async def remind(self, interaction: discord.Interaction[Any]) -> None:
        game_id = await game_here(interaction)
        text, pings = await self.bot.service.seats.nudge(game_id, interaction.user.id, now_of(self.bot),
                                                         NUDGE_GAP)
        await interaction.response.send_message(text, allowed_mentions=mentions_for(pings),
                                                view=reminder_view(game_id))

    @app_commands.command(name="skip", description="Skip a player whose turn clock ran out (a safe default)")
    async def skip(self, interaction: discord.Interaction[Any]) -> None:
        await clock_action(interaction, await game_here(interaction), None, "skip")

    @new.autocomplete("zone")
    async def new_zone(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """Time zones holding what was typed (any case), common ones first."""
        return [app_commands.Choice(name=z, value=z) for z in matching_zones(current)][:AUTOCOMPLETE_MAX]

    @app_commands.command(name="start", description="Start this thread's game (creator only)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await lobby_action(interaction, await game_here(interaction), "start")

    @app_commands.command(name="status", description="The board as you see it and whose turn it is (only you see it)")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        game_id = await game_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        post = await self.bot.service.pictures.status(game_id, interaction.user.id)
        file = board_file(post, guild=interaction.guild)
        await interaction.followup.send(post.text, ephemeral=True, allowed_mentions=NO_MENTIONS,
                                        **file_kwargs(file))

    @app_commands.command(name="rules", description="How this game is played (only you see it)")
    @app_commands.describe(topic="A rules topic; leave empty for the summary")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        row = await self.bot.service.context.get(await game_here(interaction))
        game = get_game(row.slug)
        if topic:
            text = game.rules_topics.get(topic)
            if text is None:
                raise ServiceError(f"No topic '{topic}'. Topics: {', '.join(game.rules_topics) or 'none'}.")
            await reply(interaction, f"**{game.name} — {topic}**\n{text}")
        else:
            topics = ", ".join(game.rules_topics)
            await reply(interaction, f"**{game.name}**{played_by(game, row.options)}\n{game.summary}"
                        + (f"\nTopics: {topics}" if topics else ""))

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            game = await self._game_for_rules(interaction)
        except ServiceError:
            return []
        return [app_commands.Choice(name=t[:100], value=t[:100]) for t in game.rules_topics
                if current.lower() in t.lower()][:25]

    async def _game_for_rules(self, interaction: discord.Interaction[Any]) -> Any:
        game_id = await game_here(interaction)
        row = await self.bot.service.context.get(game_id)
        return get_game(row.slug)

    @app_commands.command(name="resume", description="Resume a game whose thread was deleted, in a new thread")
    @app_commands.describe(game="The paused game (this channel's); may be left out when there is one")
    @app_commands.guild_only()
    async def resume(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise ServiceError("Use `/game resume` in the channel where the game was created.")
        check_game_permissions(channel, interaction)  # refused before a thread is opened
        game_id = await paused_game_here(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)  # the channel sees the new thread
        perms = interaction.permissions

        async def open_thread() -> int:
            row = await self.bot.service.context.get(game_id)
            try:
                home = await channel.send(f"{get_game(row.slug).name} #{game_id} resumes in this thread.",
                                          allowed_mentions=NO_MENTIONS)
                thread = await home.create_thread(name=f"{get_game(row.slug).name} #{game_id}"[:100],
                                                  auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            except discord.HTTPException as exc:
                log.warning("game %s: could not open its new thread: %s", game_id, exc)
                raise ServiceError(f"I could not open a new thread here ({exc.text or exc.status}): "
                                   "the game stays paused. Check my permissions in this channel.") from None
            return thread.id

        thread_id, post = await self.bot.service.lobby.resume(game_id, interaction.user.id,
                                                              bool(perms and perms.manage_threads), open_thread)
        await self.bot.poster.post(thread_id, post)
        await interaction.followup.send(f"You resumed game #{game_id} in <#{thread_id}>.", ephemeral=True,
                                        allowed_mentions=NO_MENTIONS)
        await refresh_lobby(self.bot, game_id)

    @resume.autocomplete("game")
    async def resume_game(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        return await self._paused_games(interaction, current)

    async def _paused_games(self, interaction: discord.Interaction[Any],
                            current: str) -> list[app_commands.Choice[int]]:
        """This channel's paused games whose name or number holds what was typed."""
        if interaction.channel_id is None:
            return []
        rows = await self.bot.service.context.games_in_channel(interaction.channel_id, "paused")
        labels = [(r.id, f"{get_game(r.slug).name} #{r.id} (paused)") for r in rows]
        wanted = str(current).strip().lstrip("#").lower()
        return [app_commands.Choice(name=label[:100], value=game_id)
                for game_id, label in labels if wanted in label.lower()][:AUTOCOMPLETE_MAX]

    @app_commands.command(name="abandon", description="Call this game off (creator, or Manage Threads)")
    @app_commands.describe(game="A game created in this channel, e.g. a paused one (in its thread, leave it out)")
    async def abandon(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        game_id = await game_here(interaction) if game is None else await paused_game_here(interaction, game)
        perms = interaction.permissions
        text = await self.bot.service.lobby.abandon(game_id, interaction.user.id, bool(perms and perms.manage_threads))
        await interaction.response.send_message(f"{_name(interaction)}: {text}", allowed_mentions=NO_MENTIONS)
        await refresh_lobby(self.bot, game_id)

    @abandon.autocomplete("game")
    async def abandon_game(self, interaction: discord.Interaction[Any],
                           current: str) -> list[app_commands.Choice[int]]:
        return await self._paused_games(interaction, current)


def played_by(game: Game, options: dict[str, str]) -> str:
    """" on the Barbados map: 1 player" for a game whose map decides the
    count, else ": 3-6 players"."""
    reason = game.counts_reason(options)
    return f"{reason}: {players(game.players_needed(options))}" if reason else \
        f": {players(game.players_needed(options))}"


def _name(interaction: discord.Interaction[Any]) -> str:
    """The acting member's name, display-safe (see :mod:`bot.discord_text`)."""
    return member_name(interaction.user)


@lru_cache(maxsize=1)
def _zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


COMMON_ZONES = ("UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "America/New_York",
                "America/Chicago", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney")


def matching_zones(text: str) -> list[str]:
    """The time zone names containing ``text`` (any case), common ones first."""
    wanted = text.strip().lower()
    common = [z for z in COMMON_ZONES if wanted in z.lower()]
    return common + [z for z in _zones() if wanted in z.lower() and z not in common]


def now_of(bot: ServiceBot) -> float:
    """The bot's clock (a fake one in tests), else the time."""
    clock = getattr(bot, "clock", None)
    return float(clock()) if callable(clock) else time.time()
