"""The lobby and a game's life: creating a game, joining and leaving its
seats, starting it, abandoning it, and resuming it after its thread was
deleted."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Awaitable, Callable

from games.core import CHANCE, IllegalAction, new_secret, resolve_chance, secret_from_seed
from games.registry import get_game

from ..bot_levels import seat_label
from ..store import GameRow, NewAction, UniqueViolation
from .catalogue import players, wrong_count
from .common import RESUME_LEASE, ServiceError, log, storable_name, store_faults_answered
from .context import ServiceContext
from .values import Post


class Lobby:
    """The service's lobby and life-cycle calls (see the module), over the
    service's one :class:`~bot.service.context.ServiceContext`."""

    def __init__(self, context: ServiceContext) -> None:
        self.context = context
        self.store = context.store

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
        return await self.context.get(game_id)

    @store_faults_answered
    async def attach_discord(self, game_id: int, thread_id: int | None, lobby_message_id: int | None) -> None:
        await self.store.set_discord_ids(game_id, thread_id, lobby_message_id)

    @store_faults_answered
    async def join(self, game_id: int, user_id: int, name: str) -> str:
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("This game has already started; you can watch it in its thread.")
            seats = await self.store.seats(game_id)
            if self.context.seat_of(seats, user_id) is not None:
                raise ServiceError("You are already in this game.")
            most = max(game.player_counts(row.options))
            if len(seats) >= most:
                raise ServiceError(f"{game.name} is full ({players(most)}{game.counts_reason(row.options)}).")
            try:
                await self.store.add_seat(game_id, user_id, storable_name(name), seen=row)
            except UniqueViolation as exc:
                if exc.column != "user_id":
                    raise
                raise ServiceError("You are already in this game.") from None
            return f"{name} joined."

    @store_faults_answered
    async def leave(self, game_id: int, user_id: int) -> str:
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
            if row.status != "lobby":
                raise ServiceError("The game has started: you can't leave it now (the creator can `/game abandon` it).")
            seats = await self.store.seats(game_id)
            if self.context.seat_of(seats, user_id) is None:
                raise ServiceError("You are not in this game.")
            if user_id == row.creator_id:
                raise ServiceError("You created this game: use `/game abandon` to call it off.")
            await self.store.remove_seat(game_id, user_id, seen=row)
            return "Left the game."

    @store_faults_answered
    async def text(self, game_id: int) -> str:
        """The lobby message: the game, its options, its seats, its status."""
        row = await self.context.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        opts = ", ".join(f"{k}: {v}" for k, v in row.options.items())
        names = ", ".join(seat_label(s) for s in seats) or "nobody"
        head = f"**{game.name}**" + (f" ({opts})" if opts else "")
        status = {
            "lobby": f"Seats {len(seats)}/{max(game.player_counts(row.options))} "
                     f"(plays {game.players_needed(row.options)}{game.counts_reason(row.options)}): {names}.",
            "active": f"Started with {names}. Play in the thread.",
            "finished": f"Finished. Players: {names}.",
            "abandoned": "Abandoned.",
            "paused": f"Paused with {names}: its thread was deleted. `/game resume` here opens a new one.",
        }[row.status]
        return f"{head} · game #{row.id}\n{status}"

    @store_faults_answered
    async def start(self, game_id: int, user_id: int) -> Post:
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
            game = get_game(row.slug)
            if row.status != "lobby":
                raise ServiceError("This game has already started.")
            if user_id != row.creator_id:
                raise ServiceError("Only the player who created the game can start it.")
            seats = await self.store.seats(game_id)
            if len(seats) not in game.player_counts(row.options):
                raise ServiceError(wrong_count(game, row.options, len(seats)))
            state = game.new([s.name for s in seats], row.options)
            state, chance = resolve_chance(game, state, await self.store.secret(game_id))
            actions = [NewAction(CHANCE, a, ev) for a, ev in chance]
            events = [e for _a, ev in chance for e in ev]
            header = f"**{game.name}** begins: " + ", ".join(s.name for s in seats) + "."
            await self.store.record(game_id, row.version, state, "active", actions, was="lobby", seats=seats)
            ticket = self.context.post_order.take(game_id)
        drawing = self.context.post_after(game, state, seats, [header, *events], set(), None, game_id)
        return await self.context.ordered(game_id, ticket, drawing)

    @store_faults_answered
    async def abandon(self, game_id: int, user_id: int, can_manage: bool) -> str:
        async with self.context.changing(game_id):
            row = await self.context.get(game_id)
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
        async with self.context.changing(game_id):
            t = await self.context.table(game_id, user_id)
            row, game, state, seats = t.row, t.game, t.state, t.seats
            if row.status != "paused":
                where = f" in <#{row.thread_id}>" if row.status == "active" and row.thread_id else ""
                raise ServiceError(f"Game #{game_id} is not paused: it is {row.status}{where}.")
            if t.seat is None and not can_manage:
                raise ServiceError("Only a player of this game or a member with Manage Threads can resume it.")
            token = -secrets.randbits(62) - 1
            if not await self.store.claim_resume(game_id, token, time.time(), RESUME_LEASE, seen=row):
                now = await self.context.get(game_id)
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
            ticket = self.context.post_order.take(game_id)
        header = f"**{game.name}** #{game_id} resumes here (its old thread was deleted)."
        drawing = self.context.post_after(game, state, seats, [header], set(), None, game_id)
        return thread_id, await self.context.ordered(game_id, ticket, drawing)
