"""The service's context: one store, one lock per game, one posting order,
the renderers, and what every concern needs of them: finding a game and a
seat, the game's whole state (:meth:`ServiceContext.table`), its log, the
board drawn off the event loop and the thread post after a change, in the
order of the game's log. Each concern (:mod:`.lobby`, :mod:`.turns`,
:mod:`.pictures`, :mod:`.logbook`, :mod:`.seat_keeping`) is an object
holding the one context."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from contextlib import asynccontextmanager
from typing import AsyncIterator, Awaitable, Callable, Sequence

from games.core import Entry, Game, IllegalAction, State
from games.registry import get_game
from rendering import StepPicture, has_full_board, option_sheet, step_picture
from rendering import preview as render_preview
from rendering import render as render_board
from rendering import render_full

from ..post_order import PostOrder
from ..store import ActionRow, GameRow, SeatRow, Store, VersionConflict
from .common import (CONFLICT, ServiceError, clip, is_bot_seat, log, paused_line, seat_mention,
                     store_faults_answered, without_legacy_keys)
from .values import Board, Post, Table, board_of

Renderer = Callable[[State, "int | None"], bytes]
SheetRenderer = Callable[[list[tuple[str, State]], "int | None"], "bytes | None"]


class ServiceContext:
    """What every concern of the service shares (see the module): the
    store, the renderers, the per-game locks (:meth:`changing`) and the
    posting order; with the finding, reading and posting every concern
    uses."""

    def __init__(self, store: Store, renderer: Renderer = render_board,
                 sheet_renderer: SheetRenderer = option_sheet, full_renderer: Renderer | None = None,
                 preview_renderer: Renderer | None = None) -> None:
        self.store = store
        self.renderer = renderer
        """The image posted in the chat after a move (reads 550 px wide)."""
        drawn_here = renderer is render_board
        self.full_renderer = full_renderer or (render_full if drawn_here else renderer)
        """The whole board (``/game status``, the panel, "Full board"); a
        stand-in ``renderer`` draws everything unless told otherwise."""
        self.preview_renderer = preview_renderer or (render_preview if drawn_here else renderer)
        """The board after a move not yet confirmed, marked as a preview."""
        self.sheet_renderer = sheet_renderer
        self.step_renderer: StepPicture = step_picture
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.post_order = PostOrder()
        """Each game's posts go out in the order of its log (see :mod:`bot.post_order`)."""

    @asynccontextmanager
    async def changing(self, game_id: int) -> AsyncIterator[None]:
        """Held while a change to the game (a move, a seat, a status) is
        decided and written: this process's lock on the game, then the
        store's (other processes on the database). Each write inside also
        names the version and status it was decided on; a game changed by
        another process meanwhile is answered with :data:`CONFLICT`,
        nothing changed."""
        async with self.locked(game_id):
            try:
                yield
            except VersionConflict:
                raise ServiceError(CONFLICT) from None

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """This process's lock on the game, then the store's; a
        :class:`~bot.store.VersionConflict` inside is the caller's to answer
        (:meth:`changing` answers it with :data:`CONFLICT`)."""
        async with self._locks[game_id], self.store.game_lock(game_id):
            yield

    # -- finding ----------------------------------------------------------
    @store_faults_answered
    async def game_in_thread(self, thread_id: int) -> GameRow:
        row = await self.store.game_for_thread(thread_id)
        if row is None:
            raise ServiceError("There is no game in this channel: use this in a game's thread, "
                               "or `/game new` to start one.")
        return row

    @store_faults_answered
    async def get(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise ServiceError("That game no longer exists.")
        return row

    @store_faults_answered
    async def games_in_channel(self, channel_id: int, status: str) -> list[GameRow]:
        """The games of ``status`` created in the channel ``channel_id``, newest first."""
        return await self.store.games_in_channel(channel_id, status)

    @staticmethod
    def seat_of(seats: Sequence[SeatRow], user_id: int) -> int | None:
        return next((s.seat for s in seats if s.user_id == user_id), None)

    @store_faults_answered
    async def seat_of_user(self, game_id: int, user_id: int) -> int | None:
        """The seat ``user_id`` holds in this game, or None."""
        return self.seat_of(await self.store.seats(game_id), user_id)

    # -- a game's whole state -----------------------------------------
    @store_faults_answered
    async def board(self, game_id: int, user_id: int | None) -> Board:
        """The game as ``user_id`` sees it (a spectator if not seated)."""
        return board_of(await self.table(game_id, user_id))

    @store_faults_answered
    async def table(self, game_id: int, user_id: int | None = None) -> Table:
        """The game with its whole state, upgraded to the game's schema, and
        ``user_id``'s seat. Never shown to a player: use :meth:`board`."""
        row = await self.get(game_id)
        if row.state is None:
            raise ServiceError("This game hasn't started yet.")
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        seat = self.seat_of(seats, user_id) if user_id is not None else None
        try:
            state = game.upgrade(without_legacy_keys(row.state))
        except IllegalAction as exc:
            raise ServiceError(str(exc)) from None
        return Table(row, game, state, seats, seat)

    @store_faults_answered
    async def player_board(self, game_id: int, user_id: int) -> Table:
        """Like :meth:`table`, for a seated player of an active game."""
        b = await self.table(game_id, user_id)
        if b.seat is None:
            raise ServiceError("You are not playing in this game; you can follow it in the thread.")
        if b.row.status == "paused":
            raise ServiceError(paused_line(b.row))
        if b.row.status != "active":
            raise ServiceError(f"This game is {b.row.status}.")
        return b

    def not_your_turn(self, b: Table) -> str:
        """What a seated player is told who acts out of turn: whom the game waits for."""
        due = [s for s in b.game.to_act(b.state) if s >= 0]
        names = ", ".join(b.seats[s].name for s in due) or "nobody"
        return f"It's not your turn: waiting for {names}."

    # -- its log --------------------------------------------------------
    async def entries(self, game_id: int) -> tuple[list[Entry], dict[int, ActionRow]]:
        """The game's whole log: its entries, and each stored row by its ``seq``."""
        rows = await self.store.log(game_id)
        return [Entry(a.seq, a.seat, a.action) for a in rows], {a.seq: a for a in rows}

    # -- posting, in the order of the game's log ---------------------------
    async def ordered(self, game_id: int, ticket: int, drawing: Awaitable[Post]) -> Post:
        """The post of a stored change, drawn outside the game's lock, with
        its place in the game's posting order (:mod:`bot.post_order`)."""
        try:
            post = await drawing
        except BaseException:
            self.post_order.done(game_id, ticket)
            raise
        post.ticket = ticket
        self.post_order.attach(post, game_id, ticket)
        return post

    async def turn_to_post(self, post: Post) -> None:
        """Wait until every earlier post of ``post``'s game is out."""
        if post.game_id is not None and post.ticket is not None:
            await self.post_order.turn(post.game_id, post.ticket)

    def posted(self, post: Post) -> None:
        """``post`` is out (or never will be): the game's next post may go."""
        if post.game_id is not None and post.ticket is not None:
            self.post_order.done(post.game_id, post.ticket)

    @store_faults_answered
    async def post_message(self, game_id: int, seq: int) -> int | None:
        """The thread message that reported log entry ``seq``, if known."""
        return await self.store.post_message(game_id, seq)

    @store_faults_answered
    async def remember_post(self, game_id: int, seq: int, message_id: int) -> None:
        """The thread message that reported log entry ``seq``."""
        await self.store.remember_post(game_id, seq, message_id)

    async def post_after(
        self, game: Game, state: State, seats: list[SeatRow], events: list[str],
        due_before: set[int], actor: int | None, game_id: int,
    ) -> Post:
        """The thread post after a change: board, what happened, who's next."""
        focus = actor if game.player_boards else None
        png = await self.draw(game_id, game.view(state, None), focus)
        text, pings = self.post_text(game, state, seats, events, due_before)
        return Post(text, png, pings, game_id, game.is_over(state),
                    full_board=png is not None and has_full_board(game.slug))

    def post_text(self, game: Game, state: State, seats: list[SeatRow], events: list[str],
                  due_before: set[int]) -> tuple[str, list[int]]:
        """A post's text after a change (what happened, who's next) and the
        users it pings."""
        lines = list(events)
        finished = game.is_over(state)
        pings: list[int] = []
        if finished:
            lines.append(self.final_text(game, state, seats))
        else:
            due = [s for s in game.to_act(state) if s >= 0]
            newly = [s for s in due if s not in due_before]
            pings = [seats[s].user_id for s in newly if not is_bot_seat(seats[s])]
            mention = ", ".join(seat_mention(seats[s]) for s in due)
            status = game.status_line(state)
            lines.append(f"{status}\n➡️ Your turn: {mention}" if status else f"➡️ Your turn: {mention}")
        return clip("\n".join(lines)), pings

    async def draw(self, game_id: int, view: State, viewer: int | None, full: bool = False) -> bytes | None:
        """The board PNG (the chat image, or the whole board when ``full``),
        drawn off the event loop; None (and the failure logged with the game
        id) when it can't be drawn."""
        try:
            return await asyncio.to_thread(self.full_renderer if full else self.renderer, view, viewer)
        except Exception:  # noqa: BLE001 - drawing never blocks a game
            log.exception("game %s: the board could not be drawn", game_id)
            return None

    @staticmethod
    def final_text(game: Game, state: State, seats: Sequence[SeatRow]) -> str:
        outcome = game.outcome(state)
        if len(seats) == 1:  # a solo game: its result in words, no ranking, no winner
            parts = ", ".join(f"{k} {v}" for k, v in outcome.breakdown[0].items())
            said = outcome.summary or f"score {outcome.scores[0]}"
            mark = "💥" if outcome.solo_lost else "🏆"
            return f"🏁 **Game over.**\n{mark} {seats[0].name}: **{said}**" + (f" ({parts})" if parts else "")
        lines = ["🏁 **Game over.** Final scores:"]
        place = 1
        for group in outcome.ranking:
            for s in group:
                parts = ", ".join(f"{k} {v}" for k, v in outcome.breakdown[s].items())
                lines.append(f"{place}. {seats[s].name}: **{outcome.scores[s]}** ({parts})")
            place += len(group)
        winners = " and ".join(seats[s].name for s in outcome.winners)
        verb = "share the victory" if len(outcome.winners) > 1 else "wins"
        lines.append(f"🏆 {winners} {verb}!")
        if outcome.tiebreak_note:
            lines.append(outcome.tiebreak_note)
        if outcome.summary:
            lines.append(outcome.summary)
        return "\n".join(lines)
