"""The game service: the one transport-neutral layer between people and games.

Cogs and the console call it. It finds the game, checks the actor, serialises
actions on one game (a per-game lock, plus the store's expected-version
check), applies the action through the rules core, resolves due chance
outcomes, stores the new state and the actions in one transaction, renders
the board off the event loop and returns what to post. It knows nothing of
Discord: users are ids and names; what to post is a :class:`Post`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import logging
import secrets
import time
from collections import defaultdict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import AsyncIterator, Awaitable, Callable, ParamSpec, Sequence, TypeVar

from games.bots import DEFAULT_LEVEL
from games.core import (CHANCE, Choice, Entry, Game, IllegalAction, Option, State, live_log, new_secret,
                        replay_entries, resolve_chance, secret_from_seed, undo_target, undo_text, undone_seq)
from games.registry import all_games, get_game
from rendering import StepPicture, has_full_board, option_sheet, step_picture
from rendering import preview as render_preview
from rendering import render as render_board
from rendering import render_full

from .history import (LOG_PAGE, UPLOAD_LIMIT, Animation, animate, export_document, log_line, log_pages,
                      state_at)
from .bot_levels import level_refused, seat_label
from .post_order import PostOrder
from .ratings import final_note
from .store import (ActionRow, DuplicateInteraction, GameRow, NewAction, OutboxPost, OutcomeUnknown, Schedule,
                    SeatRow, Store, StoreUnavailable, UniqueViolation, VersionConflict)

log = logging.getLogger("railyard.service")

MAX_MESSAGE = 2000
MAX_NAME = 64
UNAVAILABLE = "Railyard can't save moves right now; nothing changed, try again shortly."
UNCERTAIN = ("Railyard lost touch with its database while saving this, and can't tell yet whether it was "
             "saved: look at the game before trying again.")
CONFLICT = "Someone acted at the same moment: look at the board and try again."


class ServiceError(Exception):
    """Something the user did that cannot be done; the message says why and
    is shown to that user only."""


class Unavailable(ServiceError):
    """The database can't save moves right now (:data:`UNAVAILABLE`), or
    can't tell whether it saved this one (:data:`UNCERTAIN`)."""


P = ParamSpec("P")
T = TypeVar("T")


def store_faults_answered(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """A database that is locked, full or read-only is answered with
    :data:`UNAVAILABLE` (nothing changed) and one operator error line; the
    next call tries the database again, so the service recovers by itself
    when the fault is lifted. A write whose outcome is unknown (its
    commit's answer lost and not found out since) is never told "nothing
    changed": it is answered with :data:`UNCERTAIN`."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await method(*args, **kwargs)
        except StoreUnavailable as exc:
            log.error("database unavailable in %s: %s", method.__name__, exc)
            raise Unavailable(UNCERTAIN if isinstance(exc, OutcomeUnknown) else UNAVAILABLE) from None

    return wrapper


def storable_name(name: str) -> str:
    """A display name as stored: what the database can encode (a lone
    surrogate becomes U+FFFD), at most :data:`MAX_NAME` characters. Drawing
    cleans it further (see ``rendering.kit.drawable``)."""
    clean = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in name)
    return clean[:MAX_NAME] or "?"


def without_legacy_keys(state: State) -> State:
    """A stored state without the envelope keys of older Railyards (the
    guessable ``seed`` of schema 1 stores); nothing else changes."""
    return {k: v for k, v in state.items() if k != "seed"} if "seed" in state else state


@dataclass
class Post:
    """What to show: text, an optional board PNG, and the users to ping."""

    text: str
    png: bytes | None = None
    ping_user_ids: list[int] = field(default_factory=list)
    game_id: int | None = None
    finished: bool = False
    action: str = ""
    """The canonical text of the action the post reports (what the log stored)."""
    full_board: bool = False
    """The image is the compact chat image: offer the whole board one tap away."""
    seq: int | None = None
    """The log entry of the move the post reports (its thread message is
    remembered under it, to be corrected if the move is taken back)."""
    undo_seq: int | None = None
    """Set when the mover may take this move back (the post offers Undo)."""
    ticket: int | None = None
    """The post's place in its game's posting order (:mod:`bot.post_order`):
    the transport sends it after the game's earlier posts and then hands
    the ticket back (:meth:`GameService.posted`)."""
    after_seq: int | None = None
    """Set on a move's post: the log entry just before the move. Whatever
    Undo that entry's post offered no longer applies (the transport takes
    the button away, finding the post with :meth:`GameService.post_message`)."""
    outbox_key: str | None = None
    """Set when the post was queued in the store's outbox with the move (see
    :meth:`GameService.act`): the transport's caller marks it done once
    Discord has accepted it."""


@dataclass
class Table:
    """A game as the service holds it: the rules object and the whole state,
    hidden hands and decks included. For the service itself, the console,
    tests and tools; never shown to a player (see :class:`Board`)."""

    row: GameRow
    game: Game
    state: State
    seats: list[SeatRow]
    seat: int | None


def _no_options(prefix: Sequence[str]) -> list[Option]:
    return []


@dataclass
class Board:
    """A game as one viewer sees it: the rules object, the seat's view
    (``game.view(state, seat)``: nothing hidden from that seat is in it), the
    seats, the viewer's seat (None: a spectator), the seats due now, whether
    the game is over, and the panel's next options for the viewer's seat
    (:attr:`options_after`, computed inside the service from the whole state).
    """

    row: GameRow
    """The game's row without its stored state (``row.state`` is None)."""
    game: Game
    view: State
    seats: list[SeatRow]
    seat: int | None
    due: list[int] = field(default_factory=list)
    over: bool = False
    options_after: Callable[[Sequence[str]], list[Option]] = field(default=_no_options, repr=False)


def board_of(table: Table) -> Board:
    """What ``table.seat`` may see of the game: its view, who is due, and
    its panel's options (the whole state stays in the closure)."""
    game, state, seat = table.game, table.state, table.seat
    due = game.to_act(state)

    def options_after(prefix: Sequence[str]) -> list[Option]:
        if seat is None or seat not in due:
            return []
        return game.options_at(state, seat, list(prefix))

    row = dataclasses.replace(table.row, state=None)  # the stored state is the whole one
    return Board(row, game, game.view(state, seat), table.seats, seat, due, game.is_over(state),
                 options_after)


Renderer = Callable[[State, "int | None"], bytes]
SheetRenderer = Callable[[list[tuple[str, State]], "int | None"], "bytes | None"]
SHEET_MAX = 12  # at most this many choices are pictured side by side


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameService:
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
        async with self._locks[game_id], self.store.game_lock(game_id):
            try:
                yield
            except VersionConflict:
                raise ServiceError(CONFLICT) from None

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

    # -- lobby ------------------------------------------------------------
    @store_faults_answered
    async def new_game(
        self, slug: str, creator_id: int, creator_name: str, options: dict[str, str] | None = None,
        guild_id: int | None = None, channel_id: int | None = None, seed: int | None = None,
    ) -> GameRow:
        try:
            game = get_game(slug)
        except KeyError as exc:
            raise ServiceError(str(exc.args[0])) from None
        try:
            chosen = game.resolve_options(options or {})
        except IllegalAction as exc:
            raise ServiceError(str(exc)) from None
        game_id = await self.store.create_game(
            slug=slug, options=chosen, secret=new_secret() if seed is None else secret_from_seed(seed),
            creator_id=creator_id, creator_name=storable_name(creator_name), guild_id=guild_id,
            channel_id=channel_id,
        )
        return await self.get(game_id)

    @store_faults_answered
    async def attach_discord(self, game_id: int, thread_id: int | None, lobby_message_id: int | None) -> None:
        await self.store.set_discord_ids(game_id, thread_id, lobby_message_id)

    @store_faults_answered
    async def join(self, game_id: int, user_id: int, name: str) -> str:
        async with self.changing(game_id):
            row = await self.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("This game has already started; you can watch it in its thread.")
            seats = await self.store.seats(game_id)
            if self.seat_of(seats, user_id) is not None:
                raise ServiceError("You are already in this game.")
            if len(seats) >= game.max_seats:
                raise ServiceError(f"{game.name} is full ({game.max_seats} players).")
            try:
                await self.store.add_seat(game_id, user_id, storable_name(name), seen=row)
            except UniqueViolation as exc:
                if exc.column != "user_id":
                    raise
                raise ServiceError("You are already in this game.") from None
            return f"{name} joined."

    @store_faults_answered
    async def leave(self, game_id: int, user_id: int) -> str:
        async with self.changing(game_id):
            row = await self.get(game_id)
            if row.status != "lobby":
                raise ServiceError("The game has started: you can't leave it now (the creator can `/game abandon` it).")
            seats = await self.store.seats(game_id)
            if self.seat_of(seats, user_id) is None:
                raise ServiceError("You are not in this game.")
            if user_id == row.creator_id:
                raise ServiceError("You created this game: use `/game abandon` to call it off.")
            await self.store.remove_seat(game_id, user_id, seen=row)
            return "Left the game."

    @store_faults_answered
    async def lobby_text(self, game_id: int) -> str:
        row = await self.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        opts = ", ".join(f"{k}: {v}" for k, v in row.options.items())
        names = ", ".join(seat_label(s) for s in seats) or "nobody"
        head = f"**{game.name}**" + (f" ({opts})" if opts else "")
        status = {
            "lobby": f"Seats {len(seats)}/{game.max_seats} (plays {game.players_needed()}): {names}.",
            "active": f"Started with {names}. Play in the thread.",
            "finished": f"Finished. Players: {names}.",
            "abandoned": "Abandoned.",
            "paused": f"Paused with {names}: its thread was deleted. `/game resume` here opens a new one.",
        }[row.status]
        return f"{head} · game #{row.id}\n{status}"

    @store_faults_answered
    async def start(self, game_id: int, user_id: int) -> Post:
        async with self.changing(game_id):
            row = await self.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("This game has already started.")
            if user_id != row.creator_id:
                raise ServiceError("Only the player who created the game can start it.")
            seats = await self.store.seats(game_id)
            if len(seats) not in game.player_counts():
                raise ServiceError(
                    f"{game.name} is played by {game.players_needed()} players; {len(seats)} seated."
                )
            state = game.new([s.name for s in seats], row.options)
            state, chance = resolve_chance(game, state, await self.store.secret(game_id))
            actions = [NewAction(CHANCE, a, ev) for a, ev in chance]
            events = [e for _a, ev in chance for e in ev]
            header = f"**{game.name}** begins: " + ", ".join(s.name for s in seats) + "."
            await self.store.record(game_id, row.version, state, "active", actions, was="lobby", seats=seats)
            ticket = self.post_order.take(game_id)
        return await self._ordered(game_id, ticket,
                                   self._post(game, state, seats, [header, *events], set(), None, game_id))

    @store_faults_answered
    async def abandon(self, game_id: int, user_id: int, can_manage: bool) -> str:
        async with self.changing(game_id):
            row = await self.get(game_id)
            if row.status in ("finished", "abandoned"):
                raise ServiceError(f"This game is already {row.status}.")
            if user_id != row.creator_id and not can_manage:
                raise ServiceError("Only the game's creator or a member with Manage Threads can abandon it.")
            await self.store.set_status(game_id, "abandoned", seen=row)
            return "The game was abandoned. Its log stays stored."

    @store_faults_answered
    async def resume(self, game_id: int, user_id: int, can_manage: bool,
                     open_thread: Callable[[], Awaitable[int]]) -> tuple[int, Post]:
        """Resume a paused game (a seated player, or a member who manages
        threads): ``open_thread`` opens its new thread, whose id is stored
        with the game active again. Of two resumes at once only one opens a
        thread: under the game's lock, after a claim stored first (which also
        holds between two processes on one SQLite file). Returns the thread
        and its first post: the board, pinging every human due."""
        async with self.changing(game_id):
            t = await self.table(game_id, user_id)
            row, game, state, seats = t.row, t.game, t.state, t.seats
            if row.status != "paused":
                where = f" in <#{row.thread_id}>" if row.status == "active" and row.thread_id else ""
                raise ServiceError(f"Game #{game_id} is not paused: it is {row.status}{where}.")
            if t.seat is None and not can_manage:
                raise ServiceError("Only a player of this game or a member with Manage Threads can resume it.")
            token = -secrets.randbits(62) - 1
            if not await self.store.claim_resume(game_id, token, time.time(), RESUME_LEASE, seen=row):
                now = await self.get(game_id)
                if now.status == "paused":
                    raise ServiceError(f"Game #{game_id} is being resumed right now: look for its new thread.")
                raise ServiceError(f"Game #{game_id} is not paused: it is {now.status}.")
            try:
                thread_id = await open_thread()
            except BaseException:
                await asyncio.shield(self.store.release_resume(game_id, token))
                raise
            await self.store.resume(game_id, token, thread_id)
            log.info("game %s: resumed in thread %s", game_id, thread_id)
            ticket = self.post_order.take(game_id)
        header = f"**{game.name}** #{game_id} resumes here (its old thread was deleted)."
        return thread_id, await self._ordered(game_id, ticket,
                                              self._post(game, state, seats, [header], set(), None, game_id))

    # -- playing ----------------------------------------------------------
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

    @store_faults_answered
    async def choices(self, game_id: int, user_id: int) -> tuple[Board, list[Choice]]:
        b = await self.player_board(game_id, user_id)
        assert b.seat is not None
        # off the event loop: a large action space (autocomplete) takes a while
        return board_of(b), await asyncio.to_thread(b.game.legal_actions, b.state, b.seat)

    @store_faults_answered
    async def options_at(self, game_id: int, user_id: int, prefix: Sequence[str]) -> tuple[Board, list[Option]]:
        b = await self.player_board(game_id, user_id)
        assert b.seat is not None
        due = b.game.to_act(b.state)
        if b.seat not in due:
            raise ServiceError(self._not_your_turn(b))
        return board_of(b), b.game.options_at(b.state, b.seat, list(prefix))

    @store_faults_answered
    async def preview(self, game_id: int, user_id: int, action: str) -> bytes | None:
        """The board as this player would see it after ``action``, before any
        chance outcome it leads to (nothing hidden is revealed), or None when
        there is nothing to show."""
        b = await self.player_board(game_id, user_id)
        assert b.seat is not None
        try:
            after = b.game.apply(b.state, b.seat, action).state
        except IllegalAction:
            return None
        try:
            return await asyncio.to_thread(self.preview_renderer, b.game.view(after, b.seat), b.seat)
        except Exception:  # noqa: BLE001 - a preview is a courtesy; the move itself is unaffected
            log.exception("game %s: preview of %r failed", game_id, action)
            return None

    @store_faults_answered
    async def choice_sheet(self, game_id: int, user_id: int, prefix: Sequence[str]) -> bytes | None:
        """A picture of each choice at this step of the panel (each finishing
        the action, e.g. a tile's rotations), or None when the game can't
        picture them or there are too many."""
        b = await self.player_board(game_id, user_id)
        assert b.seat is not None
        if b.seat not in b.game.to_act(b.state):
            raise ServiceError(self._not_your_turn(b))
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
            return await asyncio.to_thread(self.sheet_renderer, entries, b.seat)
        except Exception:  # noqa: BLE001 - a picture is a courtesy; the panel works without it
            log.exception("game %s: picture of the choices after %r failed", game_id, prefix)
            return None

    async def _step_picture(self, game_id: int, b: Table, prefix: list[str]) -> bytes | None:
        """The game's own picture of a step's choices (see
        ``rendering.step_picture``), or None."""
        try:
            return await asyncio.to_thread(self.step_renderer, b.game.view(b.state, b.seat), b.seat, prefix)
        except Exception:  # noqa: BLE001 - a picture is a courtesy; the panel works without it
            log.exception("game %s: picture of the step after %r failed", game_id, prefix)
            return None

    def _not_your_turn(self, b: Table) -> str:
        due = [s for s in b.game.to_act(b.state) if s >= 0]
        names = ", ".join(b.seats[s].name for s in due) or "nobody"
        return f"It's not your turn: waiting for {names}."

    @store_faults_answered
    async def act(
        self, game_id: int, user_id: int, action: str, interaction_id: str | None = None,
        expected_version: int | None = None, queue_until: float | None = None,
    ) -> Post:
        """Apply ``action`` for ``user_id``. ``expected_version``, when given,
        is the version the player saw (a panel): if the game moved on since,
        the action is still judged against the current state when only other
        seats (or chance) acted meanwhile and this seat is still due; if the
        player's own earlier move came between, it is refused.

        The move is stored (state and log in one durable transaction) before
        anything is drawn; a board that can't be drawn is left out of the
        post, never the move. With ``queue_until`` (the scheduler's bot
        moves, which nobody waits for) the post's text is also queued in the
        store's outbox in that same transaction, leased to the caller until
        then: a crash before it is posted can't lose it (see
        :meth:`queued_post`)."""
        if interaction_id is not None and await self.store.interaction_seen(interaction_id):
            raise ServiceError("That action was already taken.")
        async with self.changing(game_id):
            b = await self.player_board(game_id, user_id)
            assert b.seat is not None
            due_before = set(b.game.to_act(b.state))
            if b.seat not in due_before:
                raise ServiceError(self._not_your_turn(b))
            if expected_version is not None and expected_version != b.row.version:
                await self._check_stale_panel(b, expected_version)
            try:
                applied = b.game.apply(b.state, b.seat, action)
                state, chance = resolve_chance(b.game, applied.state, await self.store.secret(game_id))
            except IllegalAction as exc:
                raise ServiceError(str(exc)) from None
            actions = [NewAction(b.seat, applied.action, applied.events, interaction_id)]
            actions += [NewAction(CHANCE, a, ev) for a, ev in chance]
            finished = b.game.is_over(state)
            events = applied.events + [e for _a, ev in chance for e in ev]
            outbox = None
            if queue_until is not None:
                text, pings = self._post_text(b.game, state, b.seats, events, due_before)
                outbox = OutboxPost(move_post_key(game_id, b.row.version + 1), game_id, "move", text, queue_until,
                                    tuple(pings), b.seat, b.row.version + 1, b.row.version + len(actions))
            try:
                await self.store.record(game_id, b.row.version, state,
                                        "finished" if finished else "active", actions, outbox, was="active")
            except DuplicateInteraction:
                raise ServiceError("That action was already taken.") from None
            log.info("game %s: seat %s %r", game_id, b.seat, applied.action)
            ticket = self.post_order.take(game_id)
        post = await self._ordered(game_id, ticket,
                                   self._post(b.game, state, b.seats, events, due_before, b.seat, game_id))
        if finished:
            post.text = clip(post.text + await final_note(self.store, game_id, b.seats))
        post.action = applied.action
        post.seq = b.row.version + 1
        if not chance and not finished and not b.game.reveals(b.state, b.seat, applied.action):
            post.undo_seq = post.seq
        post.after_seq = b.row.version or None
        post.outbox_key = outbox.key if outbox is not None else None
        return post

    async def _ordered(self, game_id: int, ticket: int, drawing: Awaitable[Post]) -> Post:
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

    @store_faults_answered
    async def queued_post(self, item: OutboxPost) -> Post:
        """The post of a move queued in the outbox (posted again after a
        crash or a failed post): its stored text and pings, and the board
        drawn again while the game is still where the move left it (once it
        moved on, later posts have shown the board since: none); the final
        post with the ratings' changes (rated now if a crash came first)."""
        t = await self.table(item.game_id)
        png, finished = None, False
        if t.row.version == item.version:
            focus = item.seat if t.game.player_boards else None
            png = await self._draw(item.game_id, t.game.view(t.state, None), focus)
            finished = t.game.is_over(t.state)
        text = clip(item.text + await final_note(self.store, item.game_id, t.seats)) if finished else item.text
        return Post(text, png, list(item.pings), item.game_id, finished,
                    full_board=png is not None and has_full_board(t.game.slug), seq=item.seq,
                    after_seq=(item.seq or 1) - 1 or None, outbox_key=item.key)

    async def _check_stale_panel(self, b: Table, expected_version: int) -> None:
        """Refuse a panel opened before this seat's own latest move or a
        teammate's (other seats' moves since are judged by the rules)."""
        since = b.row.version - expected_version
        assert b.seat is not None
        seats = {a.seat for a in await self.store.log(b.row.id, last=since)} if since > 0 else set()
        partner = next((p for p in b.game.partners(b.state, b.seat) if p in seats), None)
        if partner is not None:
            raise ServiceError(f"Your teammate {b.seats[partner].name} moved since this panel was opened: "
                               "press **Your turn** again.")
        if since < 0 or b.seat in seats:
            raise ServiceError("The game moved on since this panel was opened: press **Your turn** again.")

    async def _post(
        self, game: Game, state: State, seats: list[SeatRow], events: list[str],
        due_before: set[int], actor: int | None, game_id: int,
    ) -> Post:
        """The thread post after a change: board, what happened, who's next."""
        focus = actor if game.player_boards else None
        png = await self._draw(game_id, game.view(state, None), focus)
        text, pings = self._post_text(game, state, seats, events, due_before)
        return Post(text, png, pings, game_id, game.is_over(state),
                    full_board=png is not None and has_full_board(game.slug))

    def _post_text(self, game: Game, state: State, seats: list[SeatRow], events: list[str],
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

    async def _draw(self, game_id: int, view: State, viewer: int | None, full: bool = False) -> bytes | None:
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
        return "\n".join(lines)

    @store_faults_answered
    async def status(self, game_id: int, user_id: int | None) -> Post:
        """The board and whose turn, as this user may see it (for an
        ephemeral reply)."""
        b = await self.table(game_id, user_id)
        png = await self._draw(game_id, b.game.view(b.state, b.seat), b.seat, full=True)
        if b.game.is_over(b.state):
            text = self.final_text(b.game, b.state, b.seats)
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
        b = await self.table(game_id, None)
        if not b.game.player_boards:
            raise ServiceError(f"In {b.game.name} everyone shares one board: use `/game status`.")
        png = await self._draw(game_id, b.game.view(b.state, None), seat)
        return Post(f"{b.seats[seat].name}'s map.", png, [], game_id)

    @store_faults_answered
    async def log_lines(self, game_id: int, count: int) -> list[str]:
        """The last ``count`` actions in words (public events, not raw text)."""
        row = await self.get(game_id)
        seats = await self.store.seats(game_id)
        out = []
        for a in await self.store.log(game_id, last=count):
            who = "🎲" if a.seat == CHANCE else seats[a.seat].name if a.seat < len(seats) else "?"
            words = " ".join(a.events) or (a.action if a.seat != CHANCE else "(chance)")
            out.append(f"`{a.seq:>4}` {who}: {words}")
        if not out:
            out.append("Nothing has happened yet." if row.status == "lobby" else "The log is empty.")
        return out

    @store_faults_answered
    async def rebuild(self, game_id: int) -> State:
        """The state rebuilt from the action log (chance outcomes are in it)."""
        row = await self.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        state = game.new([s.name for s in seats], row.options)
        for a in live_log([Entry(a.seq, a.seat, a.action) for a in await self.store.log(game_id)]):
            state = game.apply(state, a.seat, a.action).state
        return state

    # -- history: taking a move back, earlier boards, the log, export ------
    async def _entries(self, game_id: int) -> tuple[list[Entry], dict[int, ActionRow]]:
        rows = await self.store.log(game_id)
        return [Entry(a.seq, a.seat, a.action) for a in rows], {a.seq: a for a in rows}

    @store_faults_answered
    async def undo(self, game_id: int, user_id: int, seq: int | None = None,
                   interaction_id: str | None = None) -> Undone:
        """Take back ``user_id``'s last move (``seq``, when given, is the move
        the Undo button was offered for). The rule is the contract's
        (``games.core.undo_target``); the undo is logged as an entry of its
        own, serialised and stored like a move, and the state becomes the
        replay of the log without the move."""
        if interaction_id is not None and await self.store.interaction_seen(interaction_id):
            raise ServiceError("That action was already taken.")
        async with self.changing(game_id):
            b = await self.player_board(game_id, user_id)
            assert b.seat is not None
            entries, rows = await self._entries(game_id)
            players = [s.name for s in b.seats]
            try:
                target = await asyncio.to_thread(undo_target, b.game, players, b.row.options, entries, b.seat)
            except IllegalAction as exc:
                raise ServiceError(str(exc)) from None
            if seq is not None and seq != target.seq:
                raise ServiceError("That move can no longer be taken back: the game moved on since.")
            if played_for_seat(rows[target.seq].interaction_id):
                raise ServiceError("That move was played for your seat (a skip or the bot's move), "
                                   "not by you: only your own moves can be taken back.")
            entry = Entry(b.row.version + 1, b.seat, undo_text(target.seq))
            try:
                state = await asyncio.to_thread(replay_entries, b.game, players, b.row.options, [*entries, entry])
            except IllegalAction as exc:
                log.error("game %s: the log does not replay: %s", game_id, exc)
                raise ServiceError("This game's log can't be replayed with today's rules, "
                                   "so the move can't be taken back.") from None
            taken = " ".join(rows[target.seq].events) or target.action
            name = b.seats[b.seat].name
            events = [f"↩️ {name} took back a move ({clip(taken, 300)})."]
            due_before = set(b.game.to_act(b.state)) | {b.seat}
            try:
                await self.store.record(game_id, b.row.version, state, "active",
                                        [NewAction(b.seat, entry.action, events, interaction_id)], was="active")
            except DuplicateInteraction:
                raise ServiceError("That action was already taken.") from None
            log.info("game %s: seat %s took back entry %s", game_id, b.seat, target.seq)
            ticket = self.post_order.take(game_id)
            try:
                message_id = await self.store.post_message(game_id, target.seq)
            except BaseException:
                self.post_order.done(game_id, ticket)
                raise
        post = await self._ordered(game_id, ticket,
                                   self._post(b.game, state, b.seats, events, due_before, b.seat, game_id))
        post.action, post.seq = entry.action, entry.seq
        note = clip(f"↩️ Undone by {name}: ~~{clip(taken, 1500)}~~")
        return Undone(post, message_id, note, target.seq)

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

    @store_faults_answered
    async def replay_at(self, game_id: int, user_id: int | None, seq: int) -> Post:
        """The whole board just after log entry ``seq``, as this member may
        see it (his seat's view at that time, or a spectator's: nothing
        hidden of others, never the secret), for an ephemeral reply."""
        b = await self.table(game_id, user_id)
        entries, rows = await self._entries(game_id)
        if not entries:
            raise ServiceError("Nothing has happened in this game yet.")
        if not 1 <= seq <= len(entries):
            raise ServiceError(f"Choose an action number from 1 to {len(entries)} (see `/game log`).")
        players = [s.name for s in b.seats]
        try:
            then = await asyncio.to_thread(state_at, b.game, players, b.row.options, entries, seq)
        except IllegalAction as exc:
            log.error("game %s: the log does not replay to entry %s: %s", game_id, seq, exc)
            raise ServiceError("This game's log can't be replayed that far with today's rules.") from None
        png = await self._draw(game_id, b.game.view(then, b.seat), b.seat, full=True)
        row = rows[seq]
        who = "🎲" if row.seat == CHANCE else b.seats[row.seat].name if 0 <= row.seat < len(b.seats) else "?"
        what = " ".join(row.events) or ("(chance)" if row.seat == CHANCE else row.action)
        text = f"The board after action {seq} of {len(entries)} ({who}: {what})"
        if b.seat is not None:
            text += f"\nAs {b.seats[b.seat].name} saw it then."
        return Post(clip(text), png, [], game_id, False, full_board=False)

    @store_faults_answered
    async def log_page(self, game_id: int, page: int | None = None, per_page: int = LOG_PAGE) -> LogPage:
        """One page of the whole log in words (``page`` from 1, the oldest;
        None: the newest; ``per_page`` entries a page). Moves taken back are
        struck, undo entries say so."""
        row = await self.get(game_id)
        seats = await self.store.seats(game_id)
        entries, rows = await self._entries(game_id)
        per_page = max(1, min(per_page, 50))
        pages = log_pages(len(entries), per_page)
        page = pages if page is None else max(1, min(page, pages))
        undone_by = {}
        for e in entries:
            target = undone_seq(e.action) if e.seat != CHANCE else None
            if target is not None:
                undone_by[target] = seats[e.seat].name if 0 <= e.seat < len(seats) else "?"
        lines = []
        for e in entries[(page - 1) * per_page: page * per_page]:
            who = "🎲" if e.seat == CHANCE else seats[e.seat].name if 0 <= e.seat < len(seats) else "?"
            who += played_for_note(rows[e.seq].interaction_id, seats)
            lines.append(clip(log_line(e.seq, who, e.seat, e.action, rows[e.seq].events, undone_by.get(e.seq)), 300))
        if not lines:
            lines.append("Nothing has happened yet." if row.status == "lobby" else "The log is empty.")
        head = f"**Log of game #{game_id}** · page {page}/{pages}"
        return LogPage(clip("\n".join([head, *lines]), 1900), page, pages, per_page)

    @store_faults_answered
    async def export(self, game_id: int) -> tuple[str, bytes]:
        """The game as a JSON file (name, bytes): game, options, seats and
        the whole log, undo entries included; the secret only once the game
        is finished. While a game that hides something (a hand, a deck) is
        running, its log (which names every draw) is not given out."""
        row = await self.get(game_id)
        if row.state is None:
            raise ServiceError("This game hasn't started yet: there is nothing to export.")
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        if row.status in ("active", "paused"):  # paused: still running, only without its thread
            state = game.upgrade(without_legacy_keys(row.state))
            if game.view(state, None) != state:
                raise ServiceError(f"{game.name} keeps things hidden (hands, decks) that its log names: "
                                   "the log can be exported once the game is over.")
        entries, rows = await self._entries(game_id)
        secret = await self.store.secret(game_id) if row.status == "finished" else None
        finished_at = rows[entries[-1].seq].at if row.status == "finished" and entries else None
        doc = export_document(row.slug, row.options, [s.name for s in seats], row.status, entries, secret,
                              bots=[s.seat for s in seats if s.user_id < 0], finished_at=finished_at)
        return f"railyard-{row.slug}-{game_id}.json", json.dumps(doc, indent=1, ensure_ascii=False).encode()

    @store_faults_answered
    async def animation(self, game_id: int, limit: int = UPLOAD_LIMIT) -> Animation | None:
        """The whole game as an animated GIF under ``limit`` bytes (one frame
        per round, the chat image as a spectator sees it), drawn off the
        event loop; None (logged) when it can't be drawn."""
        row = await self.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        entries, _rows = await self._entries(game_id)
        try:
            made = await asyncio.to_thread(animate, game, [s.name for s in seats], row.options, entries,
                                           self.renderer, limit)
        except Exception:  # noqa: BLE001 - an animation is a courtesy; the game is over either way
            log.exception("game %s: the animation could not be drawn", game_id)
            return None
        if made is not None:
            log.info("game %s: animation of %d frames, %d px wide, %d bytes", game_id, made.frames, made.width,
                     len(made.data))
        return made


@dataclass
class Undone:
    """A move taken back: the post of the corrected state, the thread message
    that reported the move (to correct; None if unknown), the note to put on
    it, and the log entry taken back."""

    post: Post
    message_id: int | None
    note: str
    seq: int


@dataclass
class LogPage:
    """One page of ``/game log``: its text, its number (from 1) and how many there are."""

    text: str
    page: int
    pages: int
    per_page: int = LOG_PAGE


# -- games that last a week: bot seats, reminders, turn clocks (see bot.scheduler) --

PLAYED_FOR = ("skip:", "bot:")
"""How the log's ``interaction_id`` marks a move played for a seat rather
than by its player: a skip the other players chose when his turn clock ran
out (``skip:<game>:<entry>:<who pressed>``) or the bot's move
(``bot:<game>:<entry>``)."""


def played_for_seat(interaction_id: str | None) -> bool:
    """Whether a logged move was played for its seat by others (a skip, the
    bot). Such a move is nobody's to take back: not the skipped player's
    (or a staller would cancel every skip), and the others chose a safe
    default on purpose, so it stands."""
    return interaction_id is not None and interaction_id.startswith(PLAYED_FOR)


def played_for_note(interaction_id: str | None, seats: Sequence[SeatRow]) -> str:
    """How the log names a move played for a seat: " (🤖)" for the bot's,
    " (skipped by bob)" for a skip; nothing for a player's own move."""
    if not played_for_seat(interaction_id):
        return ""
    assert interaction_id is not None
    if interaction_id.startswith("bot:"):
        return " (🤖)"
    by = interaction_id.rsplit(":", 1)[-1]
    name = next((s.name for s in seats if str(s.user_id) == by), "another player")
    return f" (skipped by {name})"


BOT_ADDED = "{name} 🤖 takes a seat."
BOT_REMOVED = "{name} 🤖 leaves the lobby."
TIMED_OUT_KIND = "clock"


def move_post_key(game_id: int, seq: int) -> str:
    """The outbox key of the post reporting log entry ``seq`` of a game."""
    return f"move:{game_id}:{seq}"


def is_bot_seat(seat: SeatRow) -> bool:
    """The bot plays this seat (added in the lobby, or handed to it): it is
    never pinged."""
    return seat.bot or seat.user_id < 0


def seat_mention(seat: SeatRow) -> str:
    """A due seat in a post: a mention for a player, the name and 🤖 for a bot."""
    return seat_label(seat) if is_bot_seat(seat) else f"<@{seat.user_id}>"


class SeatKeeping:
    """The service's side of long games, over :class:`GameService`: bot
    seats, taking a seat back, the turn clock's way out, reminders."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    @store_faults_answered
    async def set_schedule(self, game_id: int, schedule: Schedule) -> None:
        """Store the reminder and clock settings chosen at ``/game new``."""
        await self.store.set_schedule(game_id, schedule)

    @store_faults_answered
    async def schedule(self, game_id: int) -> Schedule:
        """The game's reminder and clock settings (for its lobby)."""
        return await self.store.schedule(game_id)

    @store_faults_answered
    async def add_bot(self, game_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> str:
        """Seat the bot, at ``level``, in a lobby (its creator only, while a seat is free)."""
        _check_level(level)
        async with self.service.changing(game_id):
            row = await self.service.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("Bots join in the lobby; this game has already started.")
            if user_id != row.creator_id:
                raise ServiceError("Only the player who created the game can add a bot.")
            if len(await self.store.seats(game_id)) >= game.max_seats:
                raise ServiceError(f"{game.name} is full ({game.max_seats} players).")
            seat = await self.store.add_bot_seat(game_id, seen=row, level=level)
        return BOT_ADDED.format(name=seat.name)

    @store_faults_answered
    async def remove_bot(self, game_id: int, user_id: int) -> str:
        """Take the last bot seated in a lobby out again (its creator only);
        the seats after it close up."""
        async with self.service.changing(game_id):
            row = await self.service.get(game_id)
            if row.status != "lobby":
                raise ServiceError("Bots leave in the lobby; this game has already started.")
            if user_id != row.creator_id:
                raise ServiceError("Only the player who created the game can remove a bot.")
            bots = [s for s in await self.store.seats(game_id) if s.bot]
            if not bots:
                raise ServiceError("There is no bot in this game.")
            await self.store.remove_seat(game_id, bots[-1].user_id, seen=row)
        return BOT_REMOVED.format(name=bots[-1].name)

    @store_faults_answered
    async def leave_to_bot(self, game_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> str:
        """A player leaves a running game: the bot plays his seat, at
        ``level``, from now on (he can take it back with ``/game takeover``).
        Said once: a second click is told it is already so."""
        _check_level(level)
        async with self.service.changing(game_id):
            table = await self.service.player_board(game_id, user_id)
            assert table.seat is not None
            if table.seats[table.seat].bot or not await self.store.set_seat_bot(game_id, table.seat, True,
                                                                                seen=table.row, level=level):
                raise ServiceError("The bot already plays your seat; `/game takeover` takes it back.")
        return f"{table.seats[table.seat].name} left the game: the bot 🤖 ({level}) plays the seat from now on."

    @store_faults_answered
    async def take_back(self, game_id: int, user_id: int) -> str:
        """A player takes his seat back from the bot."""
        async with self.service.changing(game_id):
            table = await self.service.player_board(game_id, user_id)
            assert table.seat is not None
            if not await self.store.set_seat_bot(game_id, table.seat, False, seen=table.row):
                raise ServiceError("You already play your own seat.")
        return f"{table.seats[table.seat].name} takes the seat back from the bot."

    async def _timed_out(self, game_id: int, user_id: int, seat: int | None) -> tuple[Table, int]:
        """The seat whose turn clock ran out that ``user_id`` (another player
        of the game) may skip or hand to the bot; ``seat`` None: the only one."""
        table = await self.service.player_board(game_id, user_id)
        due = set(table.game.to_act(table.state))
        out = [t.seat for t in await self.store.timers(game_id)
               if t.kind == TIMED_OUT_KIND and t.due_at is None and t.seat in due and t.seat != table.seat]
        if seat is not None:
            out = [s for s in out if s == seat]
        if out and all(table.seats[s].bot for s in out):
            raise _handed_already(table.seats[out[0]].name)
        out = [s for s in out if not table.seats[s].bot]
        if not out:
            raise ServiceError("No other player's turn clock has run out in this game (or he has moved since).")
        return table, out[0]

    async def _hand_to_bot(self, table: Table, seat: int, level: str = DEFAULT_LEVEL) -> None:
        """Hand a timed-out ``seat`` to the bot at ``level`` (inside
        :meth:`GameService.changing`); a second hand is told it is done already."""
        if not await self.store.set_seat_bot(table.row.id, seat, True, seen=table.row, level=level):
            raise _handed_already(table.seats[seat].name)

    @store_faults_answered
    async def timed_out_to_bot(self, game_id: int, user_id: int, seat: int | None = None,
                               level: str = DEFAULT_LEVEL) -> str:
        """Another player hands a seat whose clock ran out to the bot at
        ``level`` (once: a second click is told it is already done, and
        nothing is posted)."""
        _check_level(level)
        async with self.service.changing(game_id):
            table, out = await self._timed_out(game_id, user_id, seat)
            await self._hand_to_bot(table, out, level)
        name = table.seats[out].name
        return f"{name}'s clock ran out: the bot 🤖 ({level}) plays the seat until {name} takes it back (`/game takeover`)."

    @store_faults_answered
    async def skip_timed_out(self, game_id: int, user_id: int, seat: int | None = None) -> Post | str:
        """Another player skips a seat whose clock ran out: its game's safe
        default (``Game.default_action``) is played for it, logged as played
        for the seat by ``user_id`` (:data:`PLAYED_FOR`: nobody takes it
        back, its post offers no Undo); a game with no safe default hands
        the seat to the bot instead."""
        async with self.service.changing(game_id):
            table, out = await self._timed_out(game_id, user_id, seat)
            default = table.game.default_action(table.state, out)
            if default is None:
                await self._hand_to_bot(table, out)
        if default is None:
            return (f"{table.game.name} has no safe way to skip {table.seats[out].name}'s turn here: "
                    "the bot 🤖 plays the seat until its player takes it back (`/game takeover`).")
        marker = f"skip:{game_id}:{table.row.version + 1}:{user_id}"  # two clicks at once: one skip
        post = await self.service.act(game_id, table.seats[out].user_id, default, interaction_id=marker,
                                      expected_version=table.row.version)
        post.undo_seq = None
        by = table.seats[table.seat].name if table.seat is not None else "another player"
        post.text = clip(f"⏭️ {by} skipped {table.seats[out].name}'s turn (the turn clock ran out).\n{post.text}")
        return post

    @store_faults_answered
    async def nudge(self, game_id: int, user_id: int, now: float, gap: float) -> tuple[str, list[int]]:
        """``/game remind``: a seated player reminds the players due now
        (those who muted reminders are named, not pinged); once per ``gap``
        seconds per game. Returns the text and the users to ping."""
        table = await self.service.player_board(game_id, user_id)
        due = [table.seats[s] for s in table.game.to_act(table.state) if 0 <= s < len(table.seats)]
        people = [s for s in due if not is_bot_seat(s) and s.user_id != user_id]
        if not people:
            if any(s.user_id == user_id for s in due):
                raise ServiceError("It's your own turn: nobody else to remind.")
            raise ServiceError("Nobody to remind: the bot 🤖 is about to move.")
        if not await self.store.claim_nudge(game_id, now, gap):
            raise ServiceError("Someone reminded this game's players less than an hour ago; try again later.")
        muted = await self.store.muted(game_id)
        pings = [s.user_id for s in people if s.user_id not in muted]
        names = ", ".join(f"<@{s.user_id}>" if s.user_id in pings else s.name for s in people)
        return f"🔔 {table.seats[table.seat or 0].name} reminds {names}: it's your turn.", pings

    @store_faults_answered
    async def mute_reminders(self, game_id: int, user_id: int, muted: bool = True) -> str:
        """A seated player mutes (or unmutes) this game's reminders for himself."""
        if await self.service.seat_of_user(game_id, user_id) is None:
            raise ServiceError("You are not playing in this game: its reminders never ping you.")
        await self.store.set_muted(game_id, user_id, muted)
        return ("Reminders muted for you in this game; `/game remind` by others names you without a ping."
                if muted else "Reminders are on again for you in this game.")

    @store_faults_answered
    async def pause(self, game_id: int) -> bool:
        """Pause a running game whose thread was deleted: nothing moves and
        no timer fires until ``/game resume``. False when it is not running
        any more (here or in another process): someone else paused or ended
        it first, and told it."""
        async with self.service.changing(game_id):
            row = await self.service.get(game_id)
            if row.status != "active":
                return False
            try:
                await self.store.set_status(game_id, "paused", seen=row)
            except VersionConflict:
                return False
            return True

    @store_faults_answered
    async def end_quietly(self, game_id: int, expected_status: str, expected_version: int | None = None) -> bool:
        """Abandon a game the scheduler found expired (a lobby never started)
        or idle too long, if it is still ``expected_status`` (and at
        ``expected_version``, when given: nobody moved since); its log stays.
        False when it is not so any more, here or in another process."""
        async with self.service._locks[game_id], self.store.game_lock(game_id):
            row = await self.service.get(game_id)
            if row.status != expected_status or expected_version not in (None, row.version):
                return False
            try:
                await self.store.set_status(game_id, "abandoned", seen=row)
            except VersionConflict:
                return False  # another process changed it meanwhile
            return True


RESUME_LEASE = 120.0
"""Seconds a claimed resume keeps others from resuming the game (its new
thread is being opened); past it, a resume that crashed is claimed again."""


def paused_line(row: GameRow) -> str:
    """What a paused game answers to every move, button and command."""
    where = f" in <#{row.channel_id}>" if row.channel_id is not None else ""
    return (f"Game #{row.id} is paused: its thread was deleted. A player (or a member with Manage Threads) "
            f"resumes it with `/game resume`{where}, in a new thread.")


def _check_level(level: str) -> None:
    """ServiceError unless ``level`` is a bot level (``games.bots.LEVELS``)."""
    refused = level_refused(level)
    if refused is not None:
        raise ServiceError(refused)


def _handed_already(name: str) -> ServiceError:
    return ServiceError(f"{name}'s seat is already played by the bot 🤖 (handed over just now).")


def matching_games(text: str) -> list[Game]:
    """The registered games whose name or slug contains ``text`` (any case),
    sorted by name: what ``/game new`` offers as the player types."""
    wanted = text.strip().lower()
    found = [g for g in all_games().values() if wanted in g.name.lower() or wanted in g.slug]
    return sorted(found, key=lambda g: g.name.lower())


def game_slug(text: str) -> str:
    """The slug of the game ``text`` names (its slug or its name, any case);
    ServiceError names the games when none does."""
    wanted = " ".join(text.split()).lower()
    for game in all_games().values():
        if wanted in (game.slug, game.name.lower()):
            return game.slug
    names = ", ".join(g.name for g in matching_games(""))
    shown = wanted[:40] + ("…" if len(wanted) > 40 else "")
    raise ServiceError(f"There is no game called '{shown}'. The games: {names}.")


def describe_options(game: Game) -> list[tuple[str, str]]:
    """(value, label) pairs for every option setting of ``game``: "difficulty=hard"."""
    out: list[tuple[str, str]] = []
    for o in game.options:
        for c in o.choices:
            out.append((f"{o.name}={c}", f"{o.name}: {c}" + (" (default)" if c == o.default else "")))
    return out


def parse_options(text: str | None) -> dict[str, str]:
    """"difficulty=hard, x=y" -> {"difficulty": "hard", "x": "y"}."""
    out: dict[str, str] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ServiceError(f"Options are written name=value (e.g. difficulty=hard), not '{part.strip()}'.")
        k, v = part.split("=", 1)
        out[k.strip().lower()] = v.strip().lower()
    return out
