"""The "Your turn" button and the turn panel that walks a seat's legal
choices one step at a time, with "Full board" under a compact chat image.

Every button and select is a :class:`discord.ui.DynamicItem` whose custom id
carries the game id and, in the panel, the version the panel was built from,
the indices chosen so far and a short digest of the tokens the click stands
for, so they keep working after a restart and nothing is registered per game.

A panel stays usable while the game moves on around it (in a step where
several seats are due at once, another seat may act first): a click is
followed again from the start of the seat's current choices, and it counts
only if its indices still spell the very tokens the player saw, the option
he clicked included (the digest); otherwise he is told to open a new panel.
Whether the finished action is still allowed is the service's call
(``expected_version``)."""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import discord

from ..discord_io import NO_MENTIONS, board_file, bot_of, guarded
from ..service import Board, Post, ServiceError
from .history import UndoButton

BUTTONS_MAX = 20          # 4 rows of 5; the 5th row holds Back / page buttons
SELECT_PAGE = 25
LABEL_MAX = 80


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
    post = await bot_of(interaction).service.pictures.status(game_id, interaction.user.id)
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
    board, options = await service.turns.options_at(game_id, interaction.user.id, [])
    walk = skip_forced(Walk(board, [], [], [], [], options, False, options))
    content, view = panel(board, walk.path, walk.labels, walk.options, 0, back=False, tokens=walk.tokens)
    file = await _own_board(interaction, game_id)
    kwargs: dict[str, Any] = {"ephemeral": True, "view": view, "allowed_mentions": NO_MENTIONS}
    if file is not None:
        kwargs["file"] = file
    await interaction.followup.send(content, **kwargs)


async def _own_board(interaction: discord.Interaction[Any], game_id: int) -> discord.File | None:
    """The board as this player sees it, for the private panel."""
    post = await bot_of(interaction).service.pictures.status(game_id, interaction.user.id)
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
    board, options = await service.turns.options_at(game_id, interaction.user.id, [])
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
        post = await bot.service.turns.act(game_id, interaction.user.id, action,
                                           interaction_id=str(interaction.id), expected_version=version)
        await interaction.edit_original_response(content=f"✅ Done: {' › '.join(chosen)}", view=None,
                                                 attachments=[], allowed_mentions=NO_MENTIONS)
        await bot.poster.post(walk.board.row.thread_id, post)
        return
    service = bot_of(interaction).service
    if walk.complete:
        content, view = confirm_panel(walk.board, walk.path, chosen, walk.tokens)
        png = await service.pictures.preview(game_id, interaction.user.id, action)
        name, note = "preview.png", "The picture shows the board after this move."
    else:
        content, view = panel(walk.board, walk.path, chosen, walk.options, page,
                              back=any(c > 1 for c in walk.counts), tokens=walk.tokens)
        png = await service.pictures.choice_sheet(game_id, interaction.user.id, walk.tokens)
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
