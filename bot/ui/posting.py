"""Posting in a game's thread: a move with its board and buttons, a text, the
thread reopened or archived, a deleted thread turned into a paused game, a
permission taken away told in the game's channel.

:func:`post_to_thread` is what every feature calls after the service
returns a :class:`~bot.service.Post`: it waits for the game's earlier posts
(:mod:`bot.post_order`), pings only those due, remembers which message
reported which log entry (to correct it on Undo), takes the Undo button off
the post before (not one of a deleted thread: :func:`posted_in`), adds the
end-of-game animation, refreshes the lobby message and wakes the scheduler.
A post that Discord refuses is logged, never an error: the move is already
stored (a deleted thread pauses the game, a missing permission is told in
the game's channel).

This module sits below the features (the lobby, the turn panel, the history,
the reminders), which all post through it; a post in turn carries the turn
panel's buttons and refreshes the lobby, so those names
(:func:`bot.ui.turn_panel.post_view`, :func:`~bot.ui.turn_panel.turn_view`,
:func:`bot.ui.lobby.refresh_lobby`) are imported where they are called, not
at the top."""

from __future__ import annotations

import io
import logging
from typing import Any, Sequence

import discord

from games.registry import get_game

from ..discord_io import NO_MENTIONS, ServiceBot, board_file, channel_gone, mentions_for, missing_game_permissions
from ..discord_text import member_name
from ..service import Post, ServiceError
from ..turn_notice import turn_notices

log = logging.getLogger("railyard.ui")


def acting_name(interaction: discord.Interaction[Any]) -> str:
    """The acting member's name, display-safe (see :mod:`bot.discord_text`)."""
    return member_name(interaction.user)


async def post_to_thread(bot: ServiceBot, thread_id: int | None, post: Post, nonce: str | None = None) -> bool:
    """Post ``post`` in the game's thread, reopening it if archived, pinging
    only the users meant, with a "Your turn" button while the game runs,
    after the game's earlier posts (:mod:`bot.post_order`). False when
    Discord did not take it (logged; a deleted thread pauses the game,
    see :func:`thread_gone`); a game without a thread: True, nothing to
    post. ``nonce``: Discord keeps one message per nonce."""
    if thread_id is None or post.game_id is None:
        bot.service.context.posted(post)
        return True
    from .lobby import refresh_lobby  # the features import this module: see the module docstring
    message: discord.Message | None = None
    try:
        await bot.service.context.turn_to_post(post)  # after the game's earlier posts, whatever their drawing time
        message = await _send_post(bot, thread_id, post, nonce)
    except discord.HTTPException as exc:
        # The move is already stored; a deleted or locked thread must not
        # turn it into an error. The game shows again with /game status.
        await _thread_failed(bot, thread_id, exc)
    else:
        _post_went(bot, thread_id)
        await _remember_post(bot, post, message)
        await _withdraw_undo(bot, message.channel, post)
    finally:
        bot.service.context.posted(post)
    if message is not None and post.finished:
        await add_animation(bot, message, post)
    if post.finished:
        await refresh_lobby(bot, post.game_id)
    wake_scheduler(bot)  # a bot may be due now
    return message is not None


async def _thread_failed(bot: ServiceBot, thread_id: int, error: discord.HTTPException) -> None:
    """A post in a game's thread failed: logged with the game's id; if the
    thread is gone, its game is paused (a lobby called off) and the channel
    told (:func:`thread_gone`); if a permission is missing, the channel is
    told that (:func:`permission_lost`)."""
    try:
        row = await bot.service.context.game_in_thread(thread_id)
    except ServiceError as exc:
        log.warning("could not post in thread %s: %s (its game: %s)", thread_id, error, exc)
        return
    log.warning("game %s: could not post in thread %s: %s", row.id, thread_id, error)
    if isinstance(error, discord.Forbidden):
        await permission_lost(bot, row.id, thread_id, error)
    elif channel_gone(error):
        await thread_gone(bot, row.id)


PERMISSION_NOTES = "permission_notes"
"""The bot's attribute holding, per game thread, what its channel was last
told the bot lacks there (:func:`permission_lost`)."""


def _permission_notes(bot: ServiceBot) -> dict[int, str]:
    notes = getattr(bot, PERMISSION_NOTES, None)
    if not isinstance(notes, dict):
        notes = {}
        setattr(bot, PERMISSION_NOTES, notes)
    return notes


def _post_went(bot: ServiceBot, thread_id: int) -> None:
    """A post in the thread went through: a permission taken away later is told again."""
    _permission_notes(bot).pop(thread_id, None)


async def permission_lost(bot: ServiceBot, game_id: int, thread_id: int, error: discord.HTTPException) -> None:
    """Discord refused a post in the game's thread for want of a permission
    (taken away mid-game): the game's channel is told, naming what the bot
    lacks there, once (again only when that changes, or after a post went
    through). The game waits; its moves are kept. Told of a lobby or a
    running game only; if the channel can't be told either, it is logged."""
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
    notes = _permission_notes(bot)
    if notes.get(thread_id) == lacking:
        return
    notes[thread_id] = lacking
    text = (f"⚠️ I can't post in the thread of {get_game(row.slug).name} #{game_id} (<#{thread_id}>): "
            f"I lack {lacking} there. A server admin can grant it; the game waits meanwhile "
            "(every move is kept, `/game status` shows the board).")
    try:
        channel = bot.get_channel(row.channel_id) or await bot.fetch_channel(row.channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(clip_text(text), allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as exc:
        log.warning("game %s: could not tell channel %s what the bot lacks in thread %s: %s", game_id,
                    row.channel_id, thread_id, exc)


async def thread_gone(bot: ServiceBot, game_id: int) -> None:
    """The game's thread was deleted. A running game is paused (nothing
    moves, no timer fires; ``/game resume`` in its channel opens a new
    thread); a lobby is called off (abandoned: nothing was played). Its
    lobby message shows it, and the channel is told, once (whoever pauses
    or ends the game first tells it)."""
    from .lobby import refresh_lobby  # see the module docstring
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
        try:
            channel = bot.get_channel(row.channel_id) or await bot.fetch_channel(row.channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            await channel.send(text, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:
            log.warning("game %s: could not tell channel %s its thread is gone: %s", game_id, row.channel_id, exc)
    await refresh_lobby(bot, game_id)


def posted_in(thread_id: int, message_id: int) -> bool:
    """Whether the message ``message_id`` can be a post of the thread
    ``thread_id``. Discord's ids grow with time and a thread's id is that of
    the message it was opened from (or newer), so a message older than the
    thread was posted elsewhere: in the game's deleted thread, before
    ``/game resume`` opened this one. Such a post is gone with its thread:
    nothing to edit, no Undo to take off."""
    return message_id > thread_id


async def _withdraw_undo(bot: ServiceBot, channel: discord.abc.Messageable, post: Post) -> None:
    """Take the Undo button off the post of the log entry before ``post``'s
    move (the move ended its chance) in ``channel``, where ``post`` was just
    sent; its other buttons stay (a post of a deleted thread is left alone:
    :func:`posted_in`). Done after the move is posted, so it never delays
    it; a failure costs only the tidying."""
    from .turn_panel import turn_view  # see the module docstring
    if post.after_seq is None or post.game_id is None:
        return
    if not isinstance(channel, (discord.Thread, discord.TextChannel)):
        return
    try:
        message_id = await bot.service.context.post_message(post.game_id, post.after_seq)
        if message_id is None or not posted_in(channel.id, message_id):
            return
        await channel.get_partial_message(message_id).edit(
            view=turn_view(post.game_id, post.full_board), allowed_mentions=NO_MENTIONS)
    except (discord.HTTPException, ServiceError) as exc:
        log.warning("game %s: could not take Undo off the post of entry %s: %s", post.game_id, post.after_seq, exc)


async def _send_post(bot: ServiceBot, thread_id: int, post: Post, nonce: str | None = None) -> discord.Message:
    from .turn_panel import post_view  # see the module docstring
    assert post.game_id is not None
    channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
    if isinstance(channel, discord.Thread) and channel.archived:
        await channel.edit(archived=False)
    assert isinstance(channel, discord.abc.Messageable)
    view = post_view(post)
    file = board_file(post, guild=getattr(channel, "guild", None))
    # a direct message for those who chose one
    pings, note = await turn_notices(bot, post.game_id, post.ping_user_ids, thread_id, outbox_key=post.outbox_key)
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_for(pings)}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    if nonce is not None:
        kwargs["nonce"] = nonce
    return await channel.send(clip_text(post.text + note), **kwargs)


async def _remember_post(bot: ServiceBot, post: Post, message: discord.Message) -> None:
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


async def send_to_thread(bot: ServiceBot, thread_id: int | None, text: str, pings: Sequence[int] = (),
                         view: discord.ui.View | None = None, nonce: str | None = None) -> bool:
    """A text post in a game's thread (reopened if archived), pinging only
    ``pings``; a deleted or locked thread is logged, never an error. False
    when Discord did not take it."""
    if thread_id is None:
        return True
    try:
        channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
        if isinstance(channel, discord.Thread) and channel.archived:
            await channel.edit(archived=False)
        assert isinstance(channel, discord.abc.Messageable)
        kwargs: dict[str, Any] = {"allowed_mentions": mentions_for(list(pings))}
        if view is not None:
            kwargs["view"] = view
        if nonce is not None:
            kwargs["nonce"] = nonce
        await channel.send(clip_text(text), **kwargs)
    except discord.HTTPException as exc:
        await _thread_failed(bot, thread_id, exc)
        return False
    _post_went(bot, thread_id)
    return True


def clip_text(text: str) -> str:
    return text if len(text) <= 2000 else text[:1999] + "…"


async def keep_thread_open(bot: ServiceBot, thread_id: int | None) -> bool:
    """Reopen an active game's thread if Discord archived it for inactivity
    (asked of Discord afresh: the cache may not have seen the archiving).
    True when it was reopened."""
    if thread_id is None:
        return False
    try:
        channel = await bot.fetch_channel(thread_id)
        if isinstance(channel, discord.Thread) and channel.archived:
            await channel.edit(archived=False)
            return True
    except discord.HTTPException as exc:
        await _thread_failed(bot, thread_id, exc)
    return False


async def close_thread(bot: ServiceBot, thread_id: int | None) -> None:
    """Archive the thread of a game that ended for idleness."""
    if thread_id is None:
        return
    try:
        channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
        if isinstance(channel, discord.Thread) and not channel.archived:
            await channel.edit(archived=True)
    except discord.HTTPException as exc:
        log.warning("could not archive thread %s: %s", thread_id, exc)


def wake_scheduler(bot: ServiceBot) -> None:
    """Ask the scheduler to look again now (a bot may be due)."""
    wake = getattr(bot, "wake_scheduler", None)
    if callable(wake):
        wake()
