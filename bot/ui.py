"""Persistent buttons and menus: the lobby buttons, the "Your turn" button and
the turn panel that walks a seat's legal choices one step at a time.

Every component is a :class:`discord.ui.DynamicItem` whose custom id carries
the game id (and, in the panel, the version the panel was built from, the
indices chosen so far and a short digest of the tokens the click stands for),
so they keep working after a restart and nothing is registered per game.

A panel stays usable while the game moves on around it (in a step where
several seats are due at once, another seat may act first): a click is
followed again from the start of the seat's current choices, and it counts
only if its indices still spell the very tokens the player saw, the option
he clicked included (the digest); otherwise he is told to open a new panel. Whether the finished action
is still allowed is the service's call (``expected_version``).
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import discord

from games.bots import DEFAULT_LEVEL
from games.registry import get_game

from .discord_io import (NO_MENTIONS, ServiceBot, board_file, bot_of, channel_gone, check_game_permissions, guarded,
                         mentions_for, reply)
from .discord_text import member_name
from .level_select import LevelSelect
from .scheduler import Notice, schedule_text
from .service import Board, Post, SeatKeeping, ServiceError
from .standings import Standings
from .turn_notice import turn_notices

log = logging.getLogger("railyard.ui")

BUTTONS_MAX = 20          # 4 rows of 5; the 5th row holds Back / page buttons
SELECT_PAGE = 25
LABEL_MAX = 80


def _name(interaction: discord.Interaction[Any]) -> str:
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
        bot.service.posted(post)
        return True
    message: discord.Message | None = None
    try:
        await bot.service.turn_to_post(post)  # after the game's earlier posts, whatever their drawing time
        message = await _send_post(bot, thread_id, post, nonce)
    except discord.HTTPException as exc:
        # The move is already stored; a deleted or locked thread must not
        # turn it into an error. The game shows again with /game status.
        await _thread_failed(bot, thread_id, exc)
    else:
        await _remember_post(bot, post, message)
        await _withdraw_undo(bot, message.channel, post)
    finally:
        bot.service.posted(post)
    if message is not None and post.finished:
        await add_animation(bot, message, post)
    if post.finished:
        await refresh_lobby(bot, post.game_id)
    wake_scheduler(bot)  # a bot may be due now
    return message is not None


async def _thread_failed(bot: ServiceBot, thread_id: int, error: discord.HTTPException) -> None:
    """A post in a game's thread failed: logged; if the thread is gone, its
    game is paused (a lobby called off) and the channel told (:func:`thread_gone`)."""
    log.warning("could not post in thread %s: %s", thread_id, error)
    if not channel_gone(error):
        return
    try:
        row = await bot.service.game_in_thread(thread_id)
    except ServiceError:
        return
    await thread_gone(bot, row.id)


async def thread_gone(bot: ServiceBot, game_id: int) -> None:
    """The game's thread was deleted. A running game is paused (nothing
    moves, no timer fires; ``/game resume`` in its channel opens a new
    thread); a lobby is called off (abandoned: nothing was played). Its
    lobby message shows it, and the channel is told, once (whoever pauses
    or ends the game first tells it)."""
    row = await bot.service.get(game_id)
    name = f"{get_game(row.slug).name} #{game_id}"
    if row.status == "active":
        if not await SeatKeeping(bot.service).pause(game_id):
            return
        log.warning("game %s: its thread %s is gone: the game is paused", game_id, row.thread_id)
        text = (f"⏸️ The thread of {name} was deleted, so the game is paused. A player (or a member with "
                f"Manage Threads) resumes it here with `/game resume game:{game_id}`, in a new thread; "
                f"`/game abandon game:{game_id}` here calls it off.")
    elif row.status == "lobby":
        if not await SeatKeeping(bot.service).end_quietly(game_id, row.status):
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


async def ready_thread(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Before a lobby starts: its thread must exist and the bot must be able
    to play there; ServiceError says what is wrong (a deleted thread calls
    the game off)."""
    bot = bot_of(interaction)
    row = await bot.service.get(game_id)
    if row.status != "lobby":
        return  # the service says why it can't start
    if row.thread_id is None:
        raise ServiceError("This game has no thread to be played in: start another with `/game new`.")
    try:
        thread = bot.get_channel(row.thread_id) or await bot.fetch_channel(row.thread_id)
    except discord.HTTPException as exc:
        if not channel_gone(exc):
            raise
        await thread_gone(bot, game_id)
        raise ServiceError("This game's thread was deleted, so the game is called off: "
                           "start another with `/game new`.") from None
    if isinstance(thread, discord.Thread):
        check_game_permissions(thread, interaction)


async def _withdraw_undo(bot: ServiceBot, channel: discord.abc.Messageable, post: Post) -> None:
    """Take the Undo button off the post of the log entry before ``post``'s
    move (the move ended its chance) in ``channel``, where ``post`` was just
    sent; its other buttons stay. Done after the move is posted, so it never
    delays it; a failure costs only the tidying."""
    if post.after_seq is None or post.game_id is None:
        return
    if not isinstance(channel, (discord.Thread, discord.TextChannel)):
        return
    try:
        message_id = await bot.service.post_message(post.game_id, post.after_seq)
        if message_id is None:
            return
        await channel.get_partial_message(message_id).edit(
            view=turn_view(post.game_id, post.full_board), allowed_mentions=NO_MENTIONS)
    except (discord.HTTPException, ServiceError) as exc:
        log.warning("game %s: could not take Undo off the post of entry %s: %s", post.game_id, post.after_seq, exc)


async def _send_post(bot: ServiceBot, thread_id: int, post: Post, nonce: str | None = None) -> discord.Message:
    assert post.game_id is not None
    channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
    if isinstance(channel, discord.Thread) and channel.archived:
        await channel.edit(archived=False)
    assert isinstance(channel, discord.abc.Messageable)
    view = post_view(post)
    file = board_file(post, guild=getattr(channel, "guild", None))
    # a direct message for those who chose one
    pings, note = await turn_notices(bot, post.game_id, post.ping_user_ids, thread_id)
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_for(pings)}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    if nonce is not None:
        kwargs["nonce"] = nonce
    return await channel.send(clip_text(post.text + note), **kwargs)


# -- lobby -------------------------------------------------------------------

def lobby_view(game_id: int, open_lobby: bool = True) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if open_lobby:
        view.add_item(LobbyButton(game_id, "join"))
        view.add_item(LobbyButton(game_id, "leave"))
        view.add_item(LobbyButton(game_id, "start"))
        view.add_item(AddBotButton(game_id))
        view.add_item(RemoveBotButton(game_id))
        view.add_item(LevelSelect(game_id, "add"))
    return view


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
        post = await service.start(game_id, interaction.user.id)
        row = await service.get(game_id)
        await refresh_lobby(bot, game_id)
        said = "Started! The board is in the game's thread." if await post_to_thread(bot, row.thread_id, post) \
            else "The game started, but its board could not be posted in its thread (see the channel)."
        await interaction.followup.send(said, ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    if action == "join":
        text = await service.join(game_id, interaction.user.id, _name(interaction))
    else:
        text = await service.leave(game_id, interaction.user.id)
    await reply(interaction, text)
    await refresh_lobby(bot, game_id)


async def refresh_lobby(bot: ServiceBot, game_id: int) -> None:
    """Rewrite the lobby message to show the seats and status."""
    row = await bot.service.get(game_id)
    if row.lobby_message_id is None or row.channel_id is None:
        return
    channel = bot.get_channel(row.channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        return
    text = await bot.service.lobby_text(game_id)
    if row.status == "lobby":
        text += schedule_text(await SeatKeeping(bot.service).schedule(game_id))
        text += await Standings(bot.service).lobby_note(game_id)  # whether a game with bots is rated
    try:
        await channel.get_partial_message(row.lobby_message_id).edit(
            content=text, view=lobby_view(game_id, row.status == "lobby"), allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        pass  # the lobby message was deleted: the game lives on in its thread


# -- your turn ------------------------------------------------------------------

def turn_view(game_id: int, full_board: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(game_id))
    if full_board:
        view.add_item(FullBoardButton(game_id))
    return view


def post_view(post: Post) -> discord.ui.View | None:
    """The buttons under a thread post: "Your turn" while the game runs, and
    "Full board" where the posted image is the compact chat one."""
    assert post.game_id is not None
    if not post.finished:
        view = turn_view(post.game_id, post.full_board)
        if post.undo_seq is not None:
            view.add_item(UndoButton(post.game_id, post.undo_seq))
        return view
    if not post.full_board:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(FullBoardButton(post.game_id))
    return view


class FullBoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:full:(?P<game>\d+)"):
    """The whole board, as the clicking member may see it, sent privately."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Full board", emoji="🗺️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:full:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "FullBoardButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_full_board(interaction, self.game_id), self.game_id)


async def show_full_board(interaction: discord.Interaction[Any], game_id: int) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    post = await bot_of(interaction).service.status(game_id, interaction.user.id)
    file = board_file(post, "full-board.png", interaction.guild)
    kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
    if file is not None:
        kwargs["file"] = file
    await interaction.followup.send(post.text or "The board.", **kwargs)


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:turn:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Your turn", emoji="🚂", style=discord.ButtonStyle.primary,
                                           custom_id=f"ry:turn:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "TurnButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, open_panel(interaction, self.game_id), self.game_id)


async def open_panel(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Send the seat's ephemeral turn panel with its own board."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    service = bot_of(interaction).service
    board, options = await service.options_at(game_id, interaction.user.id, [])
    walk = skip_forced(Walk(board, [], [], [], [], options, False, options))
    content, view = panel(board, walk.path, walk.labels, walk.options, 0, back=False, tokens=walk.tokens)
    file = await _own_board(interaction, game_id)
    kwargs: dict[str, Any] = {"ephemeral": True, "view": view, "allowed_mentions": NO_MENTIONS}
    if file is not None:
        kwargs["file"] = file
    await interaction.followup.send(content, **kwargs)


async def _own_board(interaction: discord.Interaction[Any], game_id: int) -> discord.File | None:
    """The board as this player sees it, for the private panel."""
    post = await bot_of(interaction).service.status(game_id, interaction.user.id)
    return board_file(post, "your-board.png", interaction.guild)


def _path_text(path: Sequence[int]) -> str:
    return ".".join(str(i) for i in path)


SIG_LENGTH = 8


def path_sig(tokens: Sequence[str]) -> str:
    """A short digest of the tokens a click stands for (those chosen so far,
    and the clicked option's): a click on a panel built from an older state
    counts only if its indices still lead to these tokens."""
    return hashlib.blake2s(" ".join(tokens).encode(), digest_size=SIG_LENGTH // 2).hexdigest()


def _path_key(path: Sequence[int], tokens: Sequence[str] | None) -> str:
    """The path part of a panel custom id: indices, then the tokens' digest."""
    return _path_text(path) + (f":{path_sig(tokens)}" if tokens is not None else "")


def _pick_key(path: Sequence[int], tokens: Sequence[str] | None, token: str) -> str:
    """The path part of an option button's custom id: the digest covers the option's token."""
    return _path_key(path, None if tokens is None else [*tokens, token])


def _pick_value(index: int, tokens: Sequence[str] | None, token: str) -> str:
    """A select option's value: its index and the digest with its token."""
    return str(index) if tokens is None else f"{index}:{path_sig([*tokens, token])}"


def panel(board: Board, path: Sequence[int], labels: Sequence[str], options: Sequence[Any], page: int,
          back: bool = True, tokens: Sequence[str] | None = None) -> tuple[str, discord.ui.View]:
    """The panel at one step: the choices so far and the next options.
    ``tokens`` are the tokens ``path`` stands for (see :func:`path_sig`);
    without them the panel's clicks need the game unchanged."""
    game_id, version = board.row.id, board.row.version
    chosen = " › ".join(labels)
    heading = options[0].heading if options else "Nothing to choose"
    lines = [f"**{board.game.name}** · your turn"]
    if chosen:
        lines.append(f"Chosen: {chosen}")
    lines.append(f"**{heading}**")
    view = discord.ui.View(timeout=None)
    p = _path_key(path, tokens)
    short = all(len(o.label) <= LABEL_MAX for o in options)
    if len(options) <= BUTTONS_MAX and short and not any(o.menu for o in options):
        for i, o in enumerate(options):
            view.add_item(PanelButton(game_id, version, _pick_key(path, tokens, o.token), f"i{i}",
                                      o.label[:LABEL_MAX], row=i // 5))
    else:
        pages = (len(options) + SELECT_PAGE - 1) // SELECT_PAGE
        page = max(0, min(page, pages - 1))
        start = page * SELECT_PAGE
        view.add_item(PanelSelect(game_id, version, p, page, [
            (_pick_value(start + i, tokens, o.token), o.label, o.detail)
            for i, o in enumerate(options[start:start + SELECT_PAGE])
        ], f"{heading} ({page + 1}/{pages})" if pages > 1 else heading))
        if page > 0:
            view.add_item(PanelButton(game_id, version, p, f"pg{page - 1}", "◀ Previous", row=4))
        if page < pages - 1:
            view.add_item(PanelButton(game_id, version, p, f"pg{page + 1}", "More ▶", row=4))
    if path and back:
        view.add_item(PanelButton(game_id, version, p, "back", "↩ Back", row=4))
    return "\n".join(lines), view


def confirm_panel(board: Board, path: Sequence[int], labels: Sequence[str],
                  tokens: Sequence[str] | None = None) -> tuple[str, discord.ui.View]:
    game_id, version = board.row.id, board.row.version
    p = _path_key(path, tokens)
    view = discord.ui.View(timeout=None)
    view.add_item(PanelButton(game_id, version, p, "ok", "Confirm", row=0, style=discord.ButtonStyle.success))
    view.add_item(PanelButton(game_id, version, p, "back", "↩ Back", row=0))
    return f"**{board.game.name}** · your turn\n**Confirm:** {' › '.join(labels)}?", view


@dataclass
class Walk:
    """Where a player is in the panel: the option indices picked so far, their
    tokens and labels, how many options each step offered, the options now
    on offer, whether the last pick completed an action, and the options of
    the first step (to walk again from the start)."""

    board: Board
    path: list[int]
    tokens: list[str]
    labels: list[str]
    counts: list[int]
    options: list[Any]
    complete: bool
    root: list[Any] = field(default_factory=list)


MOVED_ON = "The game moved on since this panel was opened: press **Your turn** again."


async def resolve_path(interaction: discord.Interaction[Any], game_id: int, version: int,
                       path: Sequence[int], same_version: bool = True) -> Walk:
    """Follow a path of option indices from the start of the seat's current
    choices. The panel was built at ``version``; with ``same_version`` the
    game must not have moved on since (a click without a digest to check)."""
    service = bot_of(interaction).service
    board, options = await service.options_at(game_id, interaction.user.id, [])
    if same_version and board.row.version != version:
        raise ServiceError(MOVED_ON)
    return walk_path(board, options, path)


def check_sig(walk: Walk, sig: str | None) -> None:
    """Refuse a click whose indices no longer spell the tokens it was made
    for (the game moved on and the options changed)."""
    if sig is not None and sig != path_sig(walk.tokens):
        raise ServiceError(MOVED_ON)


def walk_path(board: Board, root: list[Any], path: Sequence[int]) -> Walk:
    """The walk that picks ``path``'s indices from the first step's ``root`` options."""
    walk = Walk(board, [], [], [], [], root, False, root)
    for index in path:
        _pick(walk, index)
    return walk


def _pick(walk: Walk, index: int) -> None:
    if not 0 <= index < len(walk.options):
        raise ServiceError("That choice is no longer available: press **Your turn** again.")
    option = walk.options[index]
    walk.path.append(index)
    walk.tokens.append(option.token)
    walk.labels.append(option.label)
    walk.counts.append(len(walk.options))
    walk.complete = option.complete
    walk.options = [] if walk.complete else walk.board.options_after(walk.tokens)


def skip_forced(walk: Walk) -> Walk:
    """Take every step that offers a single option and does not finish the
    action: nobody should have to tap through a choice they don't have."""
    while len(walk.options) == 1 and not walk.options[0].complete:
        _pick(walk, 0)
    return walk


def back_path(walk: Walk) -> list[int]:
    """The path just before the player's last real choice, so that Back shows
    that choice again. A real choice is a step that offered several options,
    or the step that finished the action (shown even with a single option);
    the steps :func:`skip_forced` took for the player are undone with it."""
    for depth in range(len(walk.path) - 1, -1, -1):
        finished = walk.complete and depth == len(walk.path) - 1
        if walk.counts[depth] > 1 or finished:
            return walk.path[:depth]
    return []


async def panel_step(interaction: discord.Interaction[Any], game_id: int, version: int,
                     path: list[int], op: str, sig: str | None = None) -> None:
    """Handle one click in the panel: pick, page, back or confirm. ``sig`` is
    the digest of the tokens the click stands for (see :func:`path_sig`)."""
    await interaction.response.defer()
    page = 0
    walk = await resolve_path(interaction, game_id, version, path, same_version=sig is None)
    if op.startswith("i"):
        _pick(walk, int(op[1:]))
    check_sig(walk, sig)
    if op == "back":
        walk = skip_forced(walk_path(walk.board, walk.root, back_path(walk)))
    elif op.startswith("pg"):
        page = int(op[2:])
    elif op.startswith("i"):
        skip_forced(walk)
    action, chosen = " ".join(walk.tokens), walk.labels
    if op == "ok":
        if not walk.complete:
            raise ServiceError("Finish choosing first.")
        bot = bot_of(interaction)
        post = await bot.service.act(game_id, interaction.user.id, action,
                                     interaction_id=str(interaction.id), expected_version=version)
        await interaction.edit_original_response(content=f"✅ Done: {' › '.join(chosen)}", view=None,
                                                 attachments=[], allowed_mentions=NO_MENTIONS)
        await post_to_thread(bot, walk.board.row.thread_id, post)
        return
    service = bot_of(interaction).service
    if walk.complete:
        content, view = confirm_panel(walk.board, walk.path, chosen, walk.tokens)
        png = await service.preview(game_id, interaction.user.id, action)
        name, note = "preview.png", "The picture shows the board after this move."
    else:
        content, view = panel(walk.board, walk.path, chosen, walk.options, page,
                              back=any(c > 1 for c in walk.counts), tokens=walk.tokens)
        png = await service.choice_sheet(game_id, interaction.user.id, walk.tokens)
        name, note = "choices.png", "The picture shows each choice, numbered in the order of the buttons."
    kwargs: dict[str, Any] = {}
    if png is not None:
        content = f"{content}\n{note}"
        kwargs["attachments"] = [discord.File(io.BytesIO(png), filename=name)]
    elif op == "back":  # the picture shown may be a preview or the choices: show the board again
        file = await _own_board(interaction, game_id)
        kwargs["attachments"] = [file] if file is not None else []
    await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_MENTIONS, **kwargs)


PATH_KEY = r"(?P<path>(?:[0-9]+(?:\.[0-9]+)*)?)(?::(?P<sig>[0-9a-f]{8}))?"
"""A panel custom id's path: option indices joined by dots, then the digest of
their tokens (panels sent before the digest existed have none)."""


def _split_key(key: str) -> tuple[list[int], str | None]:
    """"0.2:1a2b3c4d" -> ([0, 2], "1a2b3c4d")."""
    match = re.fullmatch(PATH_KEY, key, re.ASCII)
    if match is None:
        raise ServiceError("This panel is out of date: press **Your turn** again.")
    return [int(i) for i in match["path"].split(".") if i], match["sig"]


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=rf"ry:p:(?P<game>[0-9]+):(?P<ver>[0-9]+):{PATH_KEY}:(?P<op>i[0-9]+|pg[0-9]+|back|ok)"):
    def __init__(self, game_id: int, version: int, path: str, op: str, label: str, row: int | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label[:LABEL_MAX], style=style, row=row,
                                           custom_id=f"ry:p:{game_id}:{version}:{path}:{op}"))
        self.game_id, self.version, self.path, self.op = game_id, version, path, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "PanelButton":
        key = match["path"] + (f":{match['sig']}" if match["sig"] else "")
        return cls(int(match["game"]), int(match["ver"]), key, match["op"], getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._step(interaction), self.game_id)

    async def _step(self, interaction: discord.Interaction[Any]) -> None:
        path, sig = _split_key(self.path)
        await panel_step(interaction, self.game_id, self.version, path, self.op, sig)


class PanelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=rf"ry:s:(?P<game>[0-9]+):(?P<ver>[0-9]+):{PATH_KEY}:(?P<page>[0-9]+)"):
    def __init__(self, game_id: int, version: int, path: str, page: int,
                 entries: Sequence[tuple[str, str, str]] = (), placeholder: str = "Choose") -> None:
        options = [discord.SelectOption(label=label[:100], value=value, description=(detail or None) and detail[:100])
                   for value, label, detail in entries] or [discord.SelectOption(label="-", value="0")]
        super().__init__(discord.ui.Select(placeholder=placeholder[:150], options=options, row=0,
                                           custom_id=f"ry:s:{game_id}:{version}:{path}:{page}"))
        self.game_id, self.version, self.path = game_id, version, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "PanelSelect":
        key = match["path"] + (f":{match['sig']}" if match["sig"] else "")
        return cls(int(match["game"]), int(match["ver"]), key, int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._step(interaction), self.game_id)

    async def _step(self, interaction: discord.Interaction[Any]) -> None:
        path, _sig = _split_key(self.path)
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or ["0"]
        value = re.fullmatch(r"(?P<index>[0-9]{1,4})(?::(?P<sig>[0-9a-f]{8}))?", str(values[0]), re.ASCII)
        if value is None:
            raise ServiceError("That choice is no longer available: press **Your turn** again.")
        # the option's value carries the digest of the pick (the select's own covers only its path)
        await panel_step(interaction, self.game_id, self.version, path, f"i{int(value['index'])}", value["sig"])


# -- history: taking a move back, the log's pages, the end-of-game animation ------

async def _remember_post(bot: ServiceBot, post: Post, message: discord.Message) -> None:
    """Remember which thread message reported the move (to correct it if
    the move is taken back); a failure only costs that correction."""
    if post.seq is None or post.game_id is None:
        return
    try:
        await bot.service.remember_post(post.game_id, post.seq, message.id)
    except ServiceError as exc:
        log.warning("game %s: could not remember post %s of entry %s: %s", post.game_id, message.id, post.seq, exc)


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
    undone = await bot.service.undo(game_id, interaction.user.id, seq, interaction_id=str(interaction.id))
    row = await bot.service.get(game_id)
    await interaction.followup.send(f"↩️ Taken back (log entry {undone.seq}).", ephemeral=True,
                                    allowed_mentions=NO_MENTIONS)
    await correct_post(bot, row.thread_id, undone.message_id, undone.note)
    await post_to_thread(bot, row.thread_id, undone.post)


async def correct_post(bot: ServiceBot, thread_id: int | None, message_id: int | None, note: str) -> None:
    """Rewrite the thread post of a move taken back: the note (the move
    struck, no mention left), no board, no buttons."""
    if thread_id is None or message_id is None:
        return
    try:
        channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
        if isinstance(channel, discord.Thread) and channel.archived:
            await channel.edit(archived=False)
        assert isinstance(channel, (discord.Thread, discord.TextChannel))
        await channel.get_partial_message(message_id).edit(content=note, attachments=[], view=None,
                                                           allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as exc:
        log.warning("game %s: could not correct post %s: %s", thread_id, message_id, exc)


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
    shown = await bot_of(interaction).service.log_page(game_id, page, per_page)
    view = log_view(game_id, shown.page, shown.pages, shown.per_page)
    if edit:
        await interaction.edit_original_response(content=shown.text, view=view, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.followup.send(shown.text, view=view, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def add_animation(bot: ServiceBot, message: discord.Message, post: Post) -> None:
    """Add the whole game as an animated GIF to the post with the final
    scores, once drawn (off the event loop, after the post is out: drawing
    never holds the final scores back), under the guild's upload limit.
    Any failure is logged and the post stays as it is."""
    assert post.game_id is not None
    guild = getattr(message.channel, "guild", None)
    limit = guild.filesize_limit if guild is not None else 10 * 1024 * 1024
    try:
        made = await bot.service.animation(post.game_id, limit)
        if made is None:
            return
        gif = discord.File(io.BytesIO(made.data), filename="game.gif",
                           description=f"The whole game in {made.frames} frames")
        await message.edit(attachments=[*message.attachments, gif], allowed_mentions=NO_MENTIONS)
    except (discord.HTTPException, ServiceError) as exc:
        log.warning("game %s: the animation could not be added to the final post: %s", post.game_id, exc)


# -- games that last a week: bot seats, reminders, the turn clock (bot.scheduler) --

def wake_scheduler(bot: ServiceBot) -> None:
    """Ask the scheduler to look again now (a bot may be due)."""
    wake = getattr(bot, "wake_scheduler", None)
    if callable(wake):
        wake()


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


async def add_bot(interaction: discord.Interaction[Any], game_id: int, level: str = DEFAULT_LEVEL) -> None:
    bot = bot_of(interaction)
    text = await SeatKeeping(bot.service).add_bot(game_id, interaction.user.id, level)
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
    text = await SeatKeeping(bot.service).remove_bot(game_id, interaction.user.id)
    await reply(interaction, text)
    await refresh_lobby(bot, game_id)


def reminder_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(game_id))
    view.add_item(MuteButton(game_id))
    return view


class MuteButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ry:mute:(?P<game>[0-9]+)"):
    """"Mute reminders": no more reminder pings for the clicking player in this game."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Mute reminders", emoji="🔕", style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:mute:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "MuteButton":
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self._mute(interaction), self.game_id)

    async def _mute(self, interaction: discord.Interaction[Any]) -> None:
        text = await SeatKeeping(bot_of(interaction).service).mute_reminders(self.game_id, interaction.user.id)
        await reply(interaction, text)


def clock_view(game_id: int, seat: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ClockButton(game_id, seat, "skip"))
    view.add_item(ClockButton(game_id, seat, "bot"))
    view.add_item(LevelSelect(game_id, "clock", seat))
    return view


class ClockButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"ry:clock:(?P<op>skip|bot):(?P<game>[0-9]+):(?P<seat>[0-9]{1,2})"):
    """Under a "turn clock ran out" post: another player skips the late
    seat (the game's safe default) or hands it to the bot. Whether the clock
    really ran out and the seat is still due is the service's call."""

    LABELS = {"skip": ("Skip the turn", "⏭️"), "bot": ("Hand to the bot", "🤖")}

    def __init__(self, game_id: int, seat: int, op: str) -> None:
        label, emoji = self.LABELS[op]
        super().__init__(discord.ui.Button(label=label, emoji=emoji, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:clock:{op}:{game_id}:{seat}"))
        self.game_id, self.seat, self.op = game_id, seat, op

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "ClockButton":
        return cls(int(match["game"]), int(match["seat"]), match["op"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, clock_action(interaction, self.game_id, self.seat, self.op), self.game_id)


async def clock_action(interaction: discord.Interaction[Any], game_id: int, seat: int | None, op: str,
                       level: str = DEFAULT_LEVEL) -> None:
    """Skip a timed-out seat or hand it to the bot (at ``level``), from a button, a select or a command."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    keeping = SeatKeeping(bot.service)
    row = await bot.service.get(game_id)
    if op == "skip":
        done = await keeping.skip_timed_out(game_id, interaction.user.id, seat)
    else:
        done = await keeping.timed_out_to_bot(game_id, interaction.user.id, seat, level)
    if isinstance(done, Post):
        await post_to_thread(bot, row.thread_id, done)
        said = "Skipped: the turn's safe default was played."
    else:
        await send_to_thread(bot, row.thread_id, f"{_name(interaction)}: {done}")
        said = "Done: the bot plays that seat now."
    wake_scheduler(bot)
    await interaction.followup.send(said, ephemeral=True, allowed_mentions=NO_MENTIONS)


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
    return True


def clip_text(text: str) -> str:
    return text if len(text) <= 2000 else text[:1999] + "…"


async def keep_thread_open(bot: ServiceBot, thread_id: int | None) -> None:
    """Reopen an active game's thread if Discord archived it for inactivity
    (asked of Discord afresh: the cache may not have seen the archiving)."""
    if thread_id is None:
        return
    try:
        channel = await bot.fetch_channel(thread_id)
        if isinstance(channel, discord.Thread) and channel.archived:
            await channel.edit(archived=False)
    except discord.HTTPException as exc:
        await _thread_failed(bot, thread_id, exc)


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


async def post_notice(bot: ServiceBot, notice: Notice, nonce: str | None = None) -> bool:
    """What the scheduler did, in the game's thread: a bot's move like any
    move, a reminder with "Mute reminders", a clock that ran out with its
    two ways out, a lobby's expiry, an idle warning, an archiving, or
    (keep-alive) nothing but the thread kept open. False when Discord did
    not take the post (the scheduler tries again)."""
    if notice.kind == "move" and notice.post is not None:
        return await post_to_thread(bot, notice.thread_id, notice.post, nonce)
    if notice.kind == "reminder":
        pings, note = ((notice.ping_user_ids, "") if notice.thread_id is None else
                       await turn_notices(bot, notice.game_id, notice.ping_user_ids, notice.thread_id, reminder=True))
        return await send_to_thread(bot, notice.thread_id, notice.text + note, pings, reminder_view(notice.game_id),
                                    nonce)
    if notice.kind == "clock" and notice.seat is not None:
        return await send_to_thread(bot, notice.thread_id, notice.text, (), clock_view(notice.game_id, notice.seat),
                                    nonce)
    if notice.kind == "keepalive":
        if (await bot.service.get(notice.game_id)).status == "active":  # not one archived meanwhile elsewhere
            await keep_thread_open(bot, notice.thread_id)
        return True
    posted = await send_to_thread(bot, notice.thread_id, notice.text, notice.ping_user_ids, nonce=nonce)
    if notice.kind in ("lobby_expired", "idle_archived"):
        await refresh_lobby(bot, notice.game_id)
        await close_thread(bot, notice.thread_id)
    return posted


DYNAMIC_ITEMS = (LobbyButton, TurnButton, FullBoardButton, PanelButton, PanelSelect, UndoButton, LogPageButton,
                 AddBotButton, RemoveBotButton, MuteButton, ClockButton, LevelSelect)
