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
import logging
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Sequence

from games.core import CHANCE, Choice, Game, IllegalAction, Option, State, resolve_chance
from games.registry import get_game
from rendering import option_sheet
from rendering import render as render_board

from .store import DuplicateInteraction, GameRow, NewAction, SeatRow, Store, VersionConflict

log = logging.getLogger("railyard.service")

MAX_MESSAGE = 2000


class ServiceError(Exception):
    """Something the user did that cannot be done; the message says why and
    is shown to that user only."""


@dataclass
class Post:
    """What to show: text, an optional board PNG, and the users to ping."""

    text: str
    png: bytes | None = None
    ping_user_ids: list[int] = field(default_factory=list)
    game_id: int | None = None
    finished: bool = False


@dataclass
class Board:
    """A game as one viewer sees it: the rules object, the view, the seat."""

    row: GameRow
    game: Game
    state: State
    seats: list[SeatRow]
    seat: int | None


Renderer = Callable[[State, "int | None"], bytes]
SheetRenderer = Callable[[list[tuple[str, State]], "int | None"], "bytes | None"]
SHEET_MAX = 12  # at most this many choices are pictured side by side


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameService:
    def __init__(self, store: Store, renderer: Renderer = render_board,
                 sheet_renderer: SheetRenderer = option_sheet) -> None:
        self.store = store
        self.renderer = renderer
        self.sheet_renderer = sheet_renderer
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- finding ----------------------------------------------------------
    async def game_in_thread(self, thread_id: int) -> GameRow:
        row = await self.store.game_for_thread(thread_id)
        if row is None:
            raise ServiceError("There is no game in this channel. Start one with `/game new` in a text channel.")
        return row

    async def get(self, game_id: int) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise ServiceError("That game no longer exists.")
        return row

    @staticmethod
    def seat_of(seats: Sequence[SeatRow], user_id: int) -> int | None:
        return next((s.seat for s in seats if s.user_id == user_id), None)

    # -- lobby ------------------------------------------------------------
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
            slug=slug, options=chosen, seed=secrets.randbelow(2**31) if seed is None else seed,
            creator_id=creator_id, creator_name=creator_name, guild_id=guild_id, channel_id=channel_id,
        )
        return await self.get(game_id)

    async def attach_discord(self, game_id: int, thread_id: int | None, lobby_message_id: int | None) -> None:
        await self.store.set_discord_ids(game_id, thread_id, lobby_message_id)

    async def join(self, game_id: int, user_id: int, name: str) -> str:
        async with self._locks[game_id]:
            row = await self.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("This game has already started; you can watch it in its thread.")
            seats = await self.store.seats(game_id)
            if self.seat_of(seats, user_id) is not None:
                raise ServiceError("You are already in this game.")
            if len(seats) >= game.max_seats:
                raise ServiceError(f"{game.name} is full ({game.max_seats} players).")
            await self.store.add_seat(game_id, user_id, name)
            return f"{name} joined."

    async def leave(self, game_id: int, user_id: int) -> str:
        async with self._locks[game_id]:
            row = await self.get(game_id)
            if row.status != "lobby":
                raise ServiceError("The game has started: you can't leave it now (the creator can `/game abandon` it).")
            seats = await self.store.seats(game_id)
            if self.seat_of(seats, user_id) is None:
                raise ServiceError("You are not in this game.")
            if user_id == row.creator_id:
                raise ServiceError("You created this game: use `/game abandon` to call it off.")
            await self.store.remove_seat(game_id, user_id)
            return "Left the game."

    async def lobby_text(self, game_id: int) -> str:
        row = await self.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        opts = ", ".join(f"{k}: {v}" for k, v in row.options.items())
        names = ", ".join(s.name for s in seats) or "nobody"
        head = f"**{game.name}**" + (f" ({opts})" if opts else "")
        status = {
            "lobby": f"Seats {len(seats)}/{game.max_seats} (needs {game.min_seats}+): {names}.",
            "active": f"Started with {names}. Play in the thread.",
            "finished": f"Finished. Players: {names}.",
            "abandoned": "Abandoned.",
        }[row.status]
        return f"{head} · game #{row.id}\n{status}"

    async def start(self, game_id: int, user_id: int) -> Post:
        async with self._locks[game_id]:
            row = await self.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("This game has already started.")
            if user_id != row.creator_id:
                raise ServiceError("Only the player who created the game can start it.")
            seats = await self.store.seats(game_id)
            if not game.min_seats <= len(seats) <= game.max_seats:
                raise ServiceError(
                    f"{game.name} needs {game.min_seats}-{game.max_seats} players; {len(seats)} seated."
                )
            state = game.new([s.name for s in seats], row.options, row.seed)
            state, chance = resolve_chance(game, state)
            actions = [NewAction(CHANCE, a, ev) for a, ev in chance]
            events = [e for _a, ev in chance for e in ev]
            header = f"**{game.name}** begins: " + ", ".join(s.name for s in seats) + "."
            post = await self._post(game, state, seats, [header, *events], set(), None, game_id)
            await self.store.record(game_id, row.version, state, "active", actions)
            return post

    async def abandon(self, game_id: int, user_id: int, can_manage: bool) -> str:
        async with self._locks[game_id]:
            row = await self.get(game_id)
            if row.status in ("finished", "abandoned"):
                raise ServiceError(f"This game is already {row.status}.")
            if user_id != row.creator_id and not can_manage:
                raise ServiceError("Only the game's creator or a member with Manage Threads can abandon it.")
            await self.store.set_status(game_id, "abandoned")
            return "The game was abandoned. Its log stays stored."

    # -- playing ----------------------------------------------------------
    async def board(self, game_id: int, user_id: int | None) -> Board:
        """The game as ``user_id`` sees it (a spectator if not seated)."""
        row = await self.get(game_id)
        if row.state is None:
            raise ServiceError("This game hasn't started yet.")
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        seat = self.seat_of(seats, user_id) if user_id is not None else None
        return Board(row, game, row.state, seats, seat)

    async def player_board(self, game_id: int, user_id: int) -> Board:
        """Like :meth:`board`, for a seated player of an active game."""
        b = await self.board(game_id, user_id)
        if b.seat is None:
            raise ServiceError("You are not playing in this game; you can follow it in the thread.")
        if b.row.status != "active":
            raise ServiceError(f"This game is {b.row.status}.")
        return b

    async def choices(self, game_id: int, user_id: int) -> tuple[Board, list[Choice]]:
        b = await self.player_board(game_id, user_id)
        assert b.seat is not None
        return b, b.game.legal_actions(b.state, b.seat)

    async def options_at(self, game_id: int, user_id: int, prefix: Sequence[str]) -> tuple[Board, list[Option]]:
        b = await self.player_board(game_id, user_id)
        assert b.seat is not None
        due = b.game.to_act(b.state)
        if b.seat not in due:
            raise ServiceError(self._not_your_turn(b))
        return b, b.game.options_at(b.state, b.seat, list(prefix))

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
            return await asyncio.to_thread(self.renderer, b.game.view(after, b.seat), b.seat)
        except Exception:  # noqa: BLE001 - a preview is a courtesy; the move itself is unaffected
            log.exception("game %s: preview of %r failed", game_id, action)
            return None

    async def choice_sheet(self, game_id: int, user_id: int, prefix: Sequence[str]) -> bytes | None:
        """A picture of each choice at this step of the panel (each finishing
        the action, e.g. a tile's rotations), or None when the game can't
        picture them or there are too many."""
        b, options = await self.options_at(game_id, user_id, prefix)
        assert b.seat is not None
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

    def _not_your_turn(self, b: Board) -> str:
        due = [s for s in b.game.to_act(b.state) if s >= 0]
        names = ", ".join(b.seats[s].name for s in due) or "nobody"
        return f"It's not your turn: waiting for {names}."

    async def act(
        self, game_id: int, user_id: int, action: str, interaction_id: str | None = None,
        expected_version: int | None = None,
    ) -> Post:
        """Apply ``action`` for ``user_id``. ``expected_version``, when given,
        is the version the player saw (a panel); a stale one is refused."""
        if interaction_id is not None and await self.store.interaction_seen(interaction_id):
            raise ServiceError("That action was already taken.")
        async with self._locks[game_id]:
            b = await self.player_board(game_id, user_id)
            assert b.seat is not None
            if expected_version is not None and expected_version != b.row.version:
                raise ServiceError("The game moved on since this panel was opened: press **Your turn** again.")
            due_before = set(b.game.to_act(b.state))
            if b.seat not in due_before:
                raise ServiceError(self._not_your_turn(b))
            try:
                applied = b.game.apply(b.state, b.seat, action)
                state, chance = resolve_chance(b.game, applied.state)
            except IllegalAction as exc:
                raise ServiceError(str(exc)) from None
            normalised = applied.action
            actions = [NewAction(b.seat, normalised, applied.events, interaction_id)]
            actions += [NewAction(CHANCE, a, ev) for a, ev in chance]
            finished = b.game.is_over(state)
            events = applied.events + [e for _a, ev in chance for e in ev]
            # Render before committing: if drawing fails, nothing has changed.
            post = await self._post(b.game, state, b.seats, events, due_before, b.seat, game_id)
            try:
                await self.store.record(game_id, b.row.version, state,
                                        "finished" if finished else "active", actions)
            except DuplicateInteraction:
                raise ServiceError("That action was already taken.") from None
            except VersionConflict:
                raise ServiceError("Someone acted at the same moment: look at the board and try again.") from None
            log.info("game %s: seat %s %r", game_id, b.seat, normalised)
            return post

    async def _post(
        self, game: Game, state: State, seats: list[SeatRow], events: list[str],
        due_before: set[int], actor: int | None, game_id: int,
    ) -> Post:
        """The thread post after a change: board, what happened, who's next."""
        focus = actor if game.player_boards else None
        png = await asyncio.to_thread(self.renderer, game.view(state, None), focus)
        lines = list(events)
        finished = game.is_over(state)
        pings: list[int] = []
        if finished:
            lines.append(self.final_text(game, state, seats))
        else:
            due = [s for s in game.to_act(state) if s >= 0]
            newly = [s for s in due if s not in due_before]
            pings = [seats[s].user_id for s in newly]
            mention = ", ".join(f"<@{seats[s].user_id}>" for s in due)
            status = game.status_line(state)
            lines.append(f"{status}\n➡️ Your turn: {mention}" if status else f"➡️ Your turn: {mention}")
        return Post(clip("\n".join(lines)), png, pings, game_id, finished)

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

    async def status(self, game_id: int, user_id: int | None) -> Post:
        """The board and whose turn, as this user may see it (for an
        ephemeral reply)."""
        b = await self.board(game_id, user_id)
        png = await asyncio.to_thread(self.renderer, b.game.view(b.state, b.seat), b.seat)
        if b.game.is_over(b.state):
            text = self.final_text(b.game, b.state, b.seats)
        else:
            text = b.game.status_line(b.state)
            if b.row.status == "abandoned":
                text = "This game was abandoned.\n" + text
        return Post(clip(text), png, [], game_id, b.game.is_over(b.state))

    async def seat_board(self, game_id: int, seat: int) -> Post:
        """A player's own board (public games with per-player boards)."""
        b = await self.board(game_id, None)
        if not b.game.player_boards:
            raise ServiceError(f"In {b.game.name} everyone shares one board: use `/game status`.")
        png = await asyncio.to_thread(self.renderer, b.game.view(b.state, None), seat)
        return Post(f"{b.seats[seat].name}'s map.", png, [], game_id)

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

    async def rebuild(self, game_id: int) -> State:
        """The state rebuilt from the seed and the action log."""
        row = await self.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        state = game.new([s.name for s in seats], row.options, row.seed)
        for a in await self.store.log(game_id):
            state = game.apply(state, a.seat, a.action).state
        return state


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
