"""Playing: a player's choices and the panel's options, a move applied and
stored (or queued in the outbox with its post), a stale panel refused,
and a move taken back (an undo, logged like a move)."""

from __future__ import annotations

import asyncio
from typing import Sequence

from games.core import (CHANCE, Choice, Entry, IllegalAction, Option, replay_entries, resolve_chance, undo_target,
                        undo_text)
from rendering import has_full_board

from ..ratings import final_note
from ..store import DuplicateInteraction, NewAction, OutboxPost
from .common import ServiceError, clip, log, played_for_seat, store_faults_answered
from .context import ServiceContext
from .values import Board, Post, Table, Undone, board_of


def move_post_key(game_id: int, seq: int) -> str:
    """The outbox key of the post reporting log entry ``seq`` of a game."""
    return f"move:{game_id}:{seq}"


class Turns:
    """The service's calls that play a game (see the module), over the
    service's one :class:`~bot.service.context.ServiceContext`."""

    def __init__(self, context: ServiceContext) -> None:
        self.context = context
        self.store = context.store

    @store_faults_answered
    async def choices(self, game_id: int, user_id: int) -> tuple[Board, list[Choice]]:
        b = await self.context.player_board(game_id, user_id)
        assert b.seat is not None
        # off the event loop: a large action space (autocomplete) takes a while
        return board_of(b), await asyncio.to_thread(b.game.legal_actions, b.state, b.seat)

    @store_faults_answered
    async def options_at(self, game_id: int, user_id: int, prefix: Sequence[str]) -> tuple[Board, list[Option]]:
        b = await self.context.player_board(game_id, user_id)
        assert b.seat is not None
        due = b.game.to_act(b.state)
        if b.seat not in due:
            raise ServiceError(self.context.not_your_turn(b))
        return board_of(b), b.game.options_at(b.state, b.seat, list(prefix))

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
        async with self.context.changing(game_id):
            b = await self.context.player_board(game_id, user_id)
            assert b.seat is not None
            due_before = set(b.game.to_act(b.state))
            if b.seat not in due_before:
                raise ServiceError(self.context.not_your_turn(b))
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
                text, pings = self.context.post_text(b.game, state, b.seats, events, due_before)
                outbox = OutboxPost(move_post_key(game_id, b.row.version + 1), game_id, "move", text, queue_until,
                                    tuple(pings), b.seat, b.row.version + 1, b.row.version + len(actions))
            try:
                await self.store.record(game_id, b.row.version, state,
                                        "finished" if finished else "active", actions, outbox, was="active")
            except DuplicateInteraction:
                raise ServiceError("That action was already taken.") from None
            log.info("game %s: seat %s %r", game_id, b.seat, applied.action)
            ticket = self.context.post_order.take(game_id)
        drawing = self.context.post_after(b.game, state, b.seats, events, due_before, b.seat, game_id)
        post = await self.context.ordered(game_id, ticket, drawing)
        if finished:
            post.text = clip(post.text + await final_note(self.store, game_id, b.seats))
        post.action = applied.action
        post.seq = b.row.version + 1
        if not chance and not finished and not b.game.reveals(b.state, b.seat, applied.action):
            post.undo_seq = post.seq
        post.after_seq = b.row.version or None
        post.outbox_key = outbox.key if outbox is not None else None
        return post

    @store_faults_answered
    async def queued_post(self, item: OutboxPost) -> Post:
        """The post of a move queued in the outbox (posted again after a
        crash or a failed post): its stored text and pings, and the board
        drawn again while the game is still where the move left it (once it
        moved on, later posts have shown the board since: none); the final
        post with the ratings' changes (rated now if a crash came first)."""
        t = await self.context.table(item.game_id)
        png, finished = None, False
        if t.row.version == item.version:
            focus = item.seat if t.game.player_boards else None
            png = await self.context.draw(item.game_id, t.game.view(t.state, None), focus)
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
        async with self.context.changing(game_id):
            b = await self.context.player_board(game_id, user_id)
            assert b.seat is not None
            entries, rows = await self.context.entries(game_id)
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
            ticket = self.context.post_order.take(game_id)
            try:
                message_id = await self.store.post_message(game_id, target.seq)
            except BaseException:
                self.context.post_order.done(game_id, ticket)
                raise
        drawing = self.context.post_after(b.game, state, b.seats, events, due_before, b.seat, game_id)
        post = await self.context.ordered(game_id, ticket, drawing)
        post.action, post.seq = entry.action, entry.seq
        note = clip(f"↩️ Undone by {name}: ~~{clip(taken, 1500)}~~")
        return Undone(post, message_id, note, target.seq)
