"""The Discord helpers every part of the bot shares: answering an
interaction, the one error handler, uploads and mentions.

Imports go one way: this module knows only discord.py, the service and the
standings; ``ui`` (the components) builds on it, the cogs on both, and
``app`` (the bot) on everything. Nothing here imports ``app``: the bot is
reached through :class:`ServiceBot`, the part of it the helpers need (the
service, the standings, the :class:`Poster`).
"""

from __future__ import annotations

import io
import logging
from typing import Any, Protocol, Sequence

import discord
from discord import app_commands
from discord.ext import commands

from .service import GameService, Post, ServiceError
from .standings import Standings

log = logging.getLogger("railyard.bot")

NO_MENTIONS = discord.AllowedMentions.none()


class Poster(Protocol):
    """What the features post in a game's thread through (``bot.poster``;
    :class:`bot.ui.posting.ThreadPoster` is the one): a move's post, a text,
    a deleted thread's game paused, a thread kept open or archived."""

    async def post(self, thread_id: int | None, post: Post, nonce: str | None = None) -> bool: ...

    async def send(self, thread_id: int | None, text: str, pings: Sequence[int] = (),
                   view: discord.ui.View | None = None, nonce: str | None = None) -> bool: ...

    async def thread_gone(self, game_id: int) -> None: ...

    async def keep_thread_open(self, thread_id: int | None) -> bool: ...

    async def close_thread(self, thread_id: int | None) -> None: ...


class ServiceBot(commands.Bot):
    """A bot that holds the game service (``RailyardBot`` is the one):
    components and cogs reach the games only through :attr:`service`, the
    standings through :attr:`standings`, and post in a game's thread through
    :attr:`poster`, each built once with the bot."""

    poster: Poster

    @property
    def service(self) -> GameService:
        raise NotImplementedError

    @property
    def standings(self) -> Standings:
        raise NotImplementedError

    def wake_scheduler(self) -> None:
        """Ask the scheduler to look again now (a bot may be due); a bot
        without a scheduler does nothing."""


def bot_of(interaction: discord.Interaction[Any]) -> ServiceBot:
    """The bot an interaction came to."""
    client = interaction.client
    assert isinstance(client, ServiceBot)
    return client


def mentions_for(user_ids: list[int]) -> discord.AllowedMentions:
    """Only the users meant: never roles, never @everyone."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False,
        users=[discord.Object(id=u) for u in user_ids],
    )


def board_file(post: Post, name: str = "board.png", guild: discord.Guild | None = None) -> discord.File | None:
    """The post's board as an upload, or None when there is none or it
    would exceed the guild's upload size (the text still goes out)."""
    if not post.png:
        return None
    limit = guild.filesize_limit if guild is not None else 10 * 1024 * 1024
    if len(post.png) > limit:
        log.warning("game %s: board of %d bytes exceeds the upload limit %d", post.game_id, len(post.png), limit)
        return None
    return discord.File(io.BytesIO(post.png), filename=name)


def file_kwargs(file: discord.File | None) -> dict[str, Any]:
    """``file=`` for a send, or nothing (discord.py refuses ``file=None``)."""
    return {"file": file} if file is not None else {}


GAME_PERMISSIONS = (("view_channel", "View Channels"), ("send_messages", "Send Messages"),
                    ("send_messages_in_threads", "Send Messages in Threads"),
                    ("create_public_threads", "Create Public Threads"), ("attach_files", "Attach Files"),
                    ("read_message_history", "Read Message History"))
"""What the bot needs where a game is played (the README's list): the lobby
in the channel, the game in a public thread under it, boards as files."""

UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel (or thread) that no longer exists."""


def bot_permissions(channel: discord.abc.GuildChannel | discord.Thread,
                    interaction: discord.Interaction[Any] | None = None) -> discord.Permissions:
    """The bot's own permissions in ``channel`` (a thread's are its parent's
    for these), or the interaction's app permissions when the bot's member
    is not cached."""
    me = channel.guild.me
    if me is not None:
        return channel.permissions_for(me)
    return interaction.app_permissions if interaction is not None else discord.Permissions.none()


IN_THREAD_ONLY = ("send_messages", "create_public_threads")
"""What a started game no longer needs: its lobby is out and its thread open."""


def missing_game_permissions(channel: discord.abc.GuildChannel | discord.Thread,
                             interaction: discord.Interaction[Any] | None = None) -> list[str]:
    """The names of the permissions of :data:`GAME_PERMISSIONS` the bot
    lacks in ``channel`` (in a game's thread: those it needs to play there)."""
    have = bot_permissions(channel, interaction)
    return [label for flag, label in GAME_PERMISSIONS
            if not (isinstance(channel, discord.Thread) and flag in IN_THREAD_ONLY) and not getattr(have, flag)]


def check_game_permissions(channel: discord.abc.GuildChannel | discord.Thread,
                           interaction: discord.Interaction[Any] | None = None) -> None:
    """ServiceError naming, in one line, every permission the bot lacks in
    ``channel`` (:func:`missing_game_permissions`)."""
    missing = missing_game_permissions(channel, interaction)
    if missing:
        where = channel.parent if isinstance(channel, discord.Thread) and channel.parent else channel
        raise ServiceError(f"I can't run a game in {where.mention}: I lack the permission{'s' * (len(missing) > 1)} "
                           f"{', '.join(missing)} there (a server admin can grant it).")


def channel_gone(error: BaseException) -> bool:
    """True when ``error`` says the channel or thread no longer exists."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


ALREADY_ACKNOWLEDGED = 40060
"""Discord's error code for a second answer to one interaction."""


def already_acknowledged(error: BaseException) -> bool:
    """True when ``error`` says the interaction was answered already: the same
    interaction delivered twice (a gateway replay, or two instances of the bot
    overlapping during a deploy). The first delivery did the work."""
    if isinstance(error, discord.InteractionResponded):
        return True
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED


async def handle_error(interaction: discord.Interaction[Any], error: BaseException,
                       game_id: int | None = None) -> None:
    """The one error handler of commands and components: a refusal is told
    to the player, a duplicate delivery is dropped quietly, anything else is
    logged and answered politely."""
    original = getattr(error, "original", error)
    try:
        if already_acknowledged(original):
            log.debug("interaction %s was already answered (a duplicate delivery): dropped", interaction.id)
        elif isinstance(original, ServiceError):
            await reply(interaction, str(original))
        elif isinstance(error, app_commands.CheckFailure):
            await reply(interaction, str(error) or "You can't use this command here.")
        else:
            await report_unexpected(interaction, original, game_id)
    except discord.HTTPException as exc:
        if not already_acknowledged(exc):
            raise
        # the refusal went to a duplicate: the first delivery was answered already
        log.debug("interaction %s was already answered (a duplicate delivery): dropped", interaction.id)


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered yet."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **kwargs)


async def report_unexpected(interaction: discord.Interaction[Any], error: BaseException, game_id: int | None = None) -> None:
    """Log an unexpected error with the game id and answer politely."""
    if game_id is None:
        game_id = await _game_of_channel(interaction)
    log.error("unexpected error (game %s, user %s, %s)", game_id, interaction.user.id,
              interaction.data, exc_info=error)
    try:
        await reply(interaction, "Sorry, something went wrong on our side. Nothing was changed; please try again.")
    except discord.HTTPException:
        log.exception("could not answer the interaction")


async def _game_of_channel(interaction: discord.Interaction[Any]) -> int | None:
    """The id of the game whose thread the interaction came from, if any."""
    client = interaction.client
    if not isinstance(client, ServiceBot) or interaction.channel_id is None:
        return None
    try:
        row = await client.service.context.game_in_thread(interaction.channel_id)
    except Exception:  # noqa: BLE001 - the service or its store may be what failed
        return None
    return row.id


async def guarded(interaction: discord.Interaction[Any], coro: Any, game_id: int | None = None) -> None:
    """Run a component callback with the same error handling as commands."""
    try:
        await coro
    except Exception as exc:  # noqa: BLE001 - every error goes to the one handler
        await handle_error(interaction, exc, game_id)


def posted_in(thread_id: int, message_id: int) -> bool:
    """Whether the message ``message_id`` can be a post of the thread
    ``thread_id``. Discord's ids grow with time and a thread's id is that of
    the message it was opened from (or newer), so a message older than the
    thread was posted elsewhere: in the game's deleted thread, before
    ``/game resume`` opened this one. Such a post is gone with its thread:
    nothing to edit, no Undo to take off."""
    return message_id > thread_id
