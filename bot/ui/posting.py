"""Posting in a game's thread: a move with its board and buttons, a text, the
thread reopened or archived, a deleted thread turned into a paused game, a
permission taken away told in the game's channel.

:class:`ThreadPoster` is the bot's one poster (``bot.poster``, built where
the bot is built): every feature posts through it after the service returns
a :class:`~bot.service.Post` (``bot_of(interaction).poster.post(...)``). It
waits for the game's earlier posts (:mod:`bot.post_order`), pings only those
due, remembers which message reported which log entry (to correct it on
Undo), takes the Undo button off the post before (not one of a deleted
thread: :func:`~bot.discord_io.posted_in`), adds the end-of-game animation, refreshes the
lobby message and wakes the scheduler. A post that Discord refuses is
logged, never an error: the move is already stored (a deleted thread pauses
the game, a missing permission is told in the game's channel).

This module sits below the features (the lobby, the turn panel, the history,
the reminders) and imports none of them: what a post needs of them (the turn
panel's buttons, the lobby's refresh) is handed to the poster when it is
built (:mod:`bot.app`)."""

from __future__ import annotations

import io
import logging
from typing import Any, Awaitable, Callable, Sequence

import discord

from games.registry import get_game

from ..discord_io import (NO_MENTIONS, ServiceBot, board_file, channel_gone, mentions_for, missing_game_permissions,
                          posted_in)
from ..service import Post, ServiceError
from ..turn_notice import turn_notices

log = logging.getLogger("railyard.ui")


PostView = Callable[[Post], discord.ui.View | None]
"""The buttons under a move's post (:func:`bot.ui.turn_panel.post_view`)."""
TurnView = Callable[[int, bool], discord.ui.View]
"""A game's "Your turn" buttons, without Undo (:func:`bot.ui.turn_panel.turn_view`)."""
RefreshLobby = Callable[[ServiceBot, int], Awaitable[None]]
"""Rewrite a game's lobby message (:func:`bot.ui.lobby.refresh_lobby`)."""


class ThreadPoster:
    """The bot's poster (``bot.poster``): everything the bot posts in a
    game's thread goes through it. ``post_view``, ``turn_view`` and
    ``refresh_lobby`` are the features' parts a post needs, handed in by
    whoever builds the bot, so this module imports no feature."""

    def __init__(self, bot: ServiceBot, post_view: PostView, turn_view: TurnView,
                 refresh_lobby: RefreshLobby) -> None:
        self.bot = bot
        self.post_view = post_view
        self.turn_view = turn_view
        self.refresh_lobby = refresh_lobby
        self.permission_notes: dict[int, str] = {}
        """Per game thread, what its channel was last told the bot lacks
        there (:meth:`permission_lost`)."""

    async def post(self, thread_id: int | None, post: Post, nonce: str | None = None) -> bool:
        """Post ``post`` in the game's thread, reopening it if archived,
        pinging only the users meant, with a "Your turn" button while the
        game runs, after the game's earlier posts (:mod:`bot.post_order`).
        False when Discord did not take it (logged; a deleted thread pauses
        the game, see :meth:`thread_gone`); a game without a thread: True,
        nothing to post. ``nonce``: Discord keeps one message per nonce."""
        bot = self.bot
        if thread_id is None or post.game_id is None:
            bot.service.context.posted(post)
            return True
        message: discord.Message | None = None
        try:
            await bot.service.context.turn_to_post(post)  # after the game's earlier posts, whatever their drawing time
            message = await self.send_post(thread_id, post, nonce)
        except discord.HTTPException as exc:
            # The move is already stored; a deleted or locked thread must not
            # turn it into an error. The game shows again with /game status.
            await self.thread_failed(thread_id, exc)
        else:
            self.permission_notes.pop(thread_id, None)
            await remember_post(bot, post, message)
            await self.withdraw_undo(message.channel, post)
        finally:
            bot.service.context.posted(post)
        if message is not None and post.finished:
            await add_animation(bot, message, post)
        if post.finished:
            await self.refresh_lobby(bot, post.game_id)
        bot.wake_scheduler()  # a bot may be due now
        return message is not None

    async def send_post(self, thread_id: int, post: Post, nonce: str | None = None) -> discord.Message:
        """Send a move's post (its text, board and buttons; a direct message
        first for those who chose one); Discord's refusal is raised."""
        assert post.game_id is not None
        channel = await open_thread(self.bot, thread_id)
        file = board_file(post, guild=getattr(channel, "guild", None))
        pings, note = await turn_notices(self.bot, post.game_id, post.ping_user_ids, thread_id,
                                         outbox_key=post.outbox_key)
        return await channel.send(clip_text(post.text + note),
                                  **send_kwargs(pings, self.post_view(post), nonce, file))

    async def send(self, thread_id: int | None, text: str, pings: Sequence[int] = (),
                   view: discord.ui.View | None = None, nonce: str | None = None) -> bool:
        """A text post in a game's thread (reopened if archived), pinging
        only ``pings``; a deleted or locked thread is logged, never an
        error. False when Discord did not take it."""
        if thread_id is None:
            return True
        try:
            channel = await open_thread(self.bot, thread_id)
            await channel.send(clip_text(text), **send_kwargs(list(pings), view, nonce))
        except discord.HTTPException as exc:
            await self.thread_failed(thread_id, exc)
            return False
        self.permission_notes.pop(thread_id, None)  # a permission taken away later is told again
        return True

    async def thread_failed(self, thread_id: int, error: discord.HTTPException) -> None:
        """A post in a game's thread failed: logged with the game's id; if
        the thread is gone, its game is paused (a lobby called off) and the
        channel told (:meth:`thread_gone`); if a permission is missing, the
        channel is told that (:meth:`permission_lost`)."""
        try:
            row = await self.bot.service.context.game_in_thread(thread_id)
        except ServiceError as exc:
            log.warning("could not post in thread %s: %s (its game: %s)", thread_id, error, exc)
            return
        log.warning("game %s: could not post in thread %s: %s", row.id, thread_id, error)
        if isinstance(error, discord.Forbidden):
            await self.permission_lost(row.id, thread_id, error)
        elif channel_gone(error):
            await self.thread_gone(row.id)

    async def permission_lost(self, game_id: int, thread_id: int, error: discord.HTTPException) -> None:
        """Discord refused a post in the game's thread for want of a
        permission (taken away mid-game): the game's channel is told, naming
        what the bot lacks there, once (again only when that changes, or
        after a post went through). The game waits; its moves are kept.
        Told of a lobby or a running game only; if the channel can't be
        told either, it is logged."""
        bot = self.bot
        row = await bot.service.context.get(game_id)
        if row.status not in ("lobby", "active") or row.channel_id is None:
            return
        try:
            thread = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
        except discord.HTTPException:
            thread = None
        missing = missing_game_permissions(thread) if isinstance(thread, discord.Thread) else []
        lacking = (f"the permission{'s' * (len(missing) > 1)} {', '.join(missing)}" if missing else
                   f"a permission (Discord says: {error.text or error.status})")
        if self.permission_notes.get(thread_id) == lacking:
            return
        self.permission_notes[thread_id] = lacking
        text = (f"⚠️ I can't post in the thread of {get_game(row.slug).name} #{game_id} (<#{thread_id}>): "
                f"I lack {lacking} there. A server admin can grant it; the game waits meanwhile "
                "(every move is kept, `/game status` shows the board).")
        await tell_channel(bot, game_id, row.channel_id, clip_text(text))

    async def thread_gone(self, game_id: int) -> None:
        """The game's thread was deleted. A running game is paused (nothing
        moves, no timer fires; ``/game resume`` in its channel opens a new
        thread); a lobby is called off (abandoned: nothing was played). Its
        lobby message shows it, and the channel is told, once (whoever
        pauses or ends the game first tells it)."""
        bot = self.bot
        row = await bot.service.context.get(game_id)
        name = f"{get_game(row.slug).name} #{game_id}"
        if row.status == "active":
            if not await bot.service.seats.pause(game_id):
                return
            log.warning("game %s: its thread %s is gone: the game is paused", game_id, row.thread_id)
            text = (f"⏸️ The thread of {name} was deleted, so the game is paused. A player (or a member with "
                    f"Manage Threads) resumes it here with `/game resume game:{game_id}`, in a new thread; "
                    f"`/game abandon game:{game_id}` here calls it off.")
        elif row.status == "lobby":
            if not await bot.service.seats.end_quietly(game_id, row.status):
                return
            log.warning("game %s: its thread %s is gone: the lobby is called off", game_id, row.thread_id)
            text = (f"⚠️ The thread of {name} was deleted, so the game is called off "
                    "(abandoned). Its log stays stored; `/game new` starts another.")
        else:
            return
        if row.channel_id is not None:
            await tell_channel(bot, game_id, row.channel_id, text)
        await self.refresh_lobby(bot, game_id)

    async def withdraw_undo(self, channel: discord.abc.Messageable, post: Post) -> None:
        """Take the Undo button off the post of the log entry before
        ``post``'s move (the move ended its chance) in ``channel``, where
        ``post`` was just sent; its other buttons stay (a post of a deleted
        thread is left alone: :func:`~bot.discord_io.posted_in`). Done after the move is
        posted, so it never delays it; a failure costs only the tidying."""
        if post.after_seq is None or post.game_id is None:
            return
        if not isinstance(channel, (discord.Thread, discord.TextChannel)):
            return
        try:
            message_id = await self.bot.service.context.post_message(post.game_id, post.after_seq)
            if message_id is None or not posted_in(channel.id, message_id):
                return
            await channel.get_partial_message(message_id).edit(
                view=self.turn_view(post.game_id, post.full_board), allowed_mentions=NO_MENTIONS)
        except (discord.HTTPException, ServiceError) as exc:
            log.warning("game %s: could not take Undo off the post of entry %s: %s", post.game_id,
                        post.after_seq, exc)

    async def keep_thread_open(self, thread_id: int | None) -> bool:
        """Reopen an active game's thread if Discord archived it for
        inactivity (asked of Discord afresh: the cache may not have seen the
        archiving). True when it was reopened."""
        if thread_id is None:
            return False
        try:
            channel = await self.bot.fetch_channel(thread_id)
            if isinstance(channel, discord.Thread) and channel.archived:
                await channel.edit(archived=False)
                return True
        except discord.HTTPException as exc:
            await self.thread_failed(thread_id, exc)
        return False

    async def close_thread(self, thread_id: int | None) -> None:
        """Archive the thread of a game that ended for idleness."""
        if thread_id is None:
            return
        try:
            channel = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
            if isinstance(channel, discord.Thread) and not channel.archived:
                await channel.edit(archived=True)
        except discord.HTTPException as exc:
            log.warning("could not archive thread %s: %s", thread_id, exc)


async def open_thread(bot: ServiceBot, thread_id: int) -> discord.abc.Messageable:
    """The game's thread, reopened if archived (Discord's refusal is raised)."""
    channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
    if isinstance(channel, discord.Thread) and channel.archived:
        await channel.edit(archived=False)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


def send_kwargs(pings: list[int], view: discord.ui.View | None, nonce: str | None,
                file: discord.File | None = None) -> dict[str, Any]:
    """A thread send's keywords: only ``pings`` mentioned, and the view,
    nonce and file when there are (discord.py refuses them as None)."""
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_for(pings)}
    for key, value in (("file", file), ("view", view), ("nonce", nonce)):
        if value is not None:
            kwargs[key] = value
    return kwargs


async def tell_channel(bot: ServiceBot, game_id: int, channel_id: int, text: str) -> None:
    """Tell a game's channel (where its lobby is) ``text``; a failure is logged."""
    try:
        channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(text, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as exc:
        log.warning("game %s: could not tell channel %s: %s", game_id, channel_id, exc)


async def remember_post(bot: ServiceBot, post: Post, message: discord.Message) -> None:
    """Remember which thread message reported the move (to correct it if
    the move is taken back); a failure only costs that correction."""
    if post.seq is None or post.game_id is None:
        return
    try:
        await bot.service.context.remember_post(post.game_id, post.seq, message.id)
    except ServiceError as exc:
        log.warning("game %s: could not remember post %s of entry %s: %s", post.game_id, message.id, post.seq, exc)


async def add_animation(bot: ServiceBot, message: discord.Message, post: Post) -> None:
    """Add the whole game as an animated GIF to the post with the final
    scores, once drawn (off the event loop, after the post is out: drawing
    never holds the final scores back), under the guild's upload limit.
    Any failure is logged and the post stays as it is."""
    assert post.game_id is not None
    guild = getattr(message.channel, "guild", None)
    limit = guild.filesize_limit if guild is not None else 10 * 1024 * 1024
    try:
        made = await bot.service.pictures.animation(post.game_id, limit)
        if made is None:
            return
        gif = discord.File(io.BytesIO(made.data), filename="game.gif",
                           description=f"The whole game in {made.frames} frames")
        await message.edit(attachments=[*message.attachments, gif], allowed_mentions=NO_MENTIONS)
    except (discord.HTTPException, ServiceError) as exc:
        log.warning("game %s: the animation could not be added to the final post: %s", post.game_id, exc)


def clip_text(text: str) -> str:
    return text if len(text) <= 2000 else text[:1999] + "…"
