"""Pictures: a move's preview before it is confirmed, the panel's picture
of a step's choices, the board and whose turn for one viewer, a player's
own board, and the end-of-game animation. Each is a courtesy: one that
can't be drawn is logged with the game id and left out."""

from __future__ import annotations

import asyncio
from typing import Sequence

from games.core import IllegalAction
from games.registry import get_game

from ..history import UPLOAD_LIMIT, Animation, animate
from .common import ServiceError, clip, log, paused_line, store_faults_answered
from .context import ServiceContext
from .values import Post, Table

SHEET_MAX = 12  # at most this many choices are pictured side by side


class Pictures:
    """The service's pictures (see the module), over the
    service's one :class:`~bot.service.context.ServiceContext`."""

    def __init__(self, context: ServiceContext) -> None:
        self.context = context
        self.store = context.store

    @store_faults_answered
    async def preview(self, game_id: int, user_id: int, action: str) -> bytes | None:
        """The board as this player would see it after ``action``, before any
        chance outcome it leads to (nothing hidden is revealed), or None when
        there is nothing to show."""
        b = await self.context.player_board(game_id, user_id)
        assert b.seat is not None
        try:
            after = b.game.apply(b.state, b.seat, action).state
        except IllegalAction:
            return None
        try:
            return await asyncio.to_thread(self.context.preview_renderer, b.game.view(after, b.seat), b.seat)
        except Exception:  # noqa: BLE001 - a preview is a courtesy; the move itself is unaffected
            log.exception("game %s: preview of %r failed", game_id, action)
            return None

    @store_faults_answered
    async def choice_sheet(self, game_id: int, user_id: int, prefix: Sequence[str]) -> bytes | None:
        """A picture of each choice at this step of the panel (each finishing
        the action, e.g. a tile's rotations), or None when the game can't
        picture them or there are too many."""
        b = await self.context.player_board(game_id, user_id)
        assert b.seat is not None
        if b.seat not in b.game.to_act(b.state):
            raise ServiceError(self.context.not_your_turn(b))
        options = b.game.options_at(b.state, b.seat, list(prefix))
        if len(options) > 1 and (own := await self._step_picture(game_id, b, list(prefix))) is not None:
            return own
        if not 1 < len(options) <= SHEET_MAX or not all(o.complete for o in options):
            return None
        entries = []
        for option in options:
            try:
                after = b.game.apply(b.state, b.seat, " ".join([*prefix, option.token])).state
            except IllegalAction:
                return None
            entries.append((option.label, b.game.view(after, b.seat)))
        try:
            return await asyncio.to_thread(self.context.sheet_renderer, entries, b.seat)
        except Exception:  # noqa: BLE001 - a picture is a courtesy; the panel works without it
            log.exception("game %s: picture of the choices after %r failed", game_id, prefix)
            return None

    async def _step_picture(self, game_id: int, b: Table, prefix: list[str]) -> bytes | None:
        """The game's own picture of a step's choices (see
        ``rendering.step_picture``), or None."""
        try:
            return await asyncio.to_thread(self.context.step_renderer, b.game.view(b.state, b.seat), b.seat, prefix)
        except Exception:  # noqa: BLE001 - a picture is a courtesy; the panel works without it
            log.exception("game %s: picture of the step after %r failed", game_id, prefix)
            return None

    @store_faults_answered
    async def status(self, game_id: int, user_id: int | None) -> Post:
        """The board and whose turn, as this user may see it (for an
        ephemeral reply)."""
        b = await self.context.table(game_id, user_id)
        png = await self.context.draw(game_id, b.game.view(b.state, b.seat), b.seat, full=True)
        if b.game.is_over(b.state):
            text = self.context.final_text(b.game, b.state, b.seats)
        else:
            text = b.game.status_line(b.state)
            if b.row.status == "abandoned":
                text = "This game was abandoned.\n" + text
            elif b.row.status == "paused":
                text = paused_line(b.row) + "\n" + text
        return Post(clip(text), png, [], game_id, b.game.is_over(b.state))

    @store_faults_answered
    async def seat_board(self, game_id: int, seat: int) -> Post:
        """A player's own board (public games with per-player boards)."""
        b = await self.context.table(game_id, None)
        if not b.game.player_boards:
            raise ServiceError(f"In {b.game.name} everyone shares one board: use `/game status`.")
        png = await self.context.draw(game_id, b.game.view(b.state, None), seat)
        return Post(f"{b.seats[seat].name}'s map.", png, [], game_id)

    @store_faults_answered
    async def animation(self, game_id: int, limit: int = UPLOAD_LIMIT) -> Animation | None:
        """The whole game as an animated GIF under ``limit`` bytes (one frame
        per round, the chat image as a spectator sees it), drawn off the
        event loop; None (logged) when it can't be drawn."""
        row = await self.context.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        entries, _rows = await self.context.entries(game_id)
        try:
            made = await asyncio.to_thread(animate, game, [s.name for s in seats], row.options, entries,
                                           self.context.renderer, limit)
        except Exception:  # noqa: BLE001 - an animation is a courtesy; the game is over either way
            log.exception("game %s: the animation could not be drawn", game_id)
            return None
        if made is not None:
            log.info("game %s: animation of %d frames, %d px wide, %d bytes", game_id, made.frames, made.width,
                     len(made.data))
        return made
