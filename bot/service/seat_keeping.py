"""Games that last a week (see :mod:`bot.scheduler`): bot seats in the
lobby, a seat handed to the bot and taken back, a seat whose turn clock
ran out skipped or handed over, reminders, and the pause and quiet end
of a game the scheduler or a deleted thread stops."""

from __future__ import annotations

from games.bots import DEFAULT_LEVEL
from games.registry import get_game

from ..bot_levels import level_refused
from ..store import Schedule, VersionConflict
from .catalogue import players
from .common import ServiceError, clip, is_bot_seat, store_faults_answered
from .context import ServiceContext
from .turns import Turns
from .values import Post, Table


BOT_ADDED = "{name} 🤖 takes a seat."
BOT_REMOVED = "{name} 🤖 leaves the lobby."
TIMED_OUT_KIND = "clock"


def _check_level(level: str) -> None:
    """ServiceError unless ``level`` is a bot level (``games.bots.LEVELS``)."""
    refused = level_refused(level)
    if refused is not None:
        raise ServiceError(refused)


def _handed_already(name: str) -> ServiceError:
    return ServiceError(f"{name}'s seat is already played by the bot 🤖 (handed over just now).")


class SeatKeeping:
    """The service's side of long games (``service.seats``): bot seats,
    taking a seat back, the turn clock's way out, reminders, pause. It holds
    the service's one :class:`~bot.service.context.ServiceContext`, and
    :class:`~bot.service.turns.Turns` for a skip (a move played for a seat)."""

    def __init__(self, context: ServiceContext, turns: Turns) -> None:
        self.context = context
        self.turns = turns
        self.store = context.store

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
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("Bots join in the lobby; this game has already started.")
            if user_id != row.creator_id:
                raise ServiceError("Only the player who created the game can add a bot.")
            most = max(game.player_counts(row.options))
            if len(await self.store.seats(game_id)) >= most:
                raise ServiceError(f"{game.name} is full ({players(most)}{game.counts_reason(row.options)}).")
            seat = await self.store.add_bot_seat(game_id, seen=row, level=level)
        return BOT_ADDED.format(name=seat.name)

    @store_faults_answered
    async def remove_bot(self, game_id: int, user_id: int) -> str:
        """Take the last bot seated in a lobby out again (its creator only);
        the seats after it close up."""
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
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
        async with self.context.changing(game_id):
            table = await self.context.player_board(game_id, user_id)
            assert table.seat is not None
            if table.seats[table.seat].bot or not await self.store.set_seat_bot(game_id, table.seat, True,
                                                                                seen=table.row, level=level):
                raise ServiceError("The bot already plays your seat; `/game takeover` takes it back.")
        return f"{table.seats[table.seat].name} left the game: the bot 🤖 ({level}) plays the seat from now on."

    @store_faults_answered
    async def take_back(self, game_id: int, user_id: int) -> str:
        """A player takes his seat back from the bot."""
        async with self.context.changing(game_id):
            table = await self.context.player_board(game_id, user_id)
            assert table.seat is not None
            if not await self.store.set_seat_bot(game_id, table.seat, False, seen=table.row):
                raise ServiceError("You already play your own seat.")
        return f"{table.seats[table.seat].name} takes the seat back from the bot."

    async def _timed_out(self, game_id: int, user_id: int, seat: int | None) -> tuple[Table, int]:
        """The seat whose turn clock ran out that ``user_id`` (another player
        of the game) may skip or hand to the bot; ``seat`` None: the only one."""
        table = await self.context.player_board(game_id, user_id)
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
        :meth:`ServiceContext.changing`); a second hand is told it is done already."""
        if not await self.store.set_seat_bot(table.row.id, seat, True, seen=table.row, level=level):
            raise _handed_already(table.seats[seat].name)

    @store_faults_answered
    async def timed_out_to_bot(self, game_id: int, user_id: int, seat: int | None = None,
                               level: str = DEFAULT_LEVEL) -> str:
        """Another player hands a seat whose clock ran out to the bot at
        ``level`` (once: a second click is told it is already done, and
        nothing is posted)."""
        _check_level(level)
        async with self.context.changing(game_id):
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
        async with self.context.changing(game_id):
            table, out = await self._timed_out(game_id, user_id, seat)
            default = table.game.default_action(table.state, out)
            if default is None:
                await self._hand_to_bot(table, out)
        if default is None:
            return (f"{table.game.name} has no safe way to skip {table.seats[out].name}'s turn here: "
                    "the bot 🤖 plays the seat until its player takes it back (`/game takeover`).")
        marker = f"skip:{game_id}:{table.row.version + 1}:{user_id}"  # two clicks at once: one skip
        post = await self.turns.act(game_id, table.seats[out].user_id, default, interaction_id=marker,
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
        table = await self.context.player_board(game_id, user_id)
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
        if await self.context.seat_of_user(game_id, user_id) is None:
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
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
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
        async with self.context.locked(game_id):
            row = await self.context.get(game_id)
            if row.status != expected_status or expected_version not in (None, row.version):
                return False
            try:
                await self.store.set_status(game_id, "abandoned", seen=row)
            except VersionConflict:
                return False  # another process changed it meanwhile
            return True
