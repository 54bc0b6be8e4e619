"""A game's history read back: the last actions in words, the state
rebuilt from the log, the board after an earlier entry, the log a page
at a time, and the whole game exported as JSON."""

from __future__ import annotations

import asyncio
import json

from games.core import CHANCE, Entry, IllegalAction, State, live_log, undone_seq
from games.registry import get_game

from ..history import LOG_PAGE, export_document, log_line, log_pages, state_at
from .common import ServiceError, clip, log, played_for_note, store_faults_answered, without_legacy_keys
from .context import ServiceContext
from .values import LogPage, Post


class Logbook:
    """The service's reading of a game's log (see the module), over the
    service's one :class:`~bot.service.context.ServiceContext`."""

    def __init__(self, context: ServiceContext) -> None:
        self.context = context
        self.store = context.store

    @store_faults_answered
    async def lines(self, game_id: int, count: int) -> list[str]:
        """The last ``count`` actions in words (public events, not raw text)."""
        row = await self.context.get(game_id)
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
        row = await self.context.get(game_id)
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        state = game.new([s.name for s in seats], row.options)
        for a in live_log([Entry(a.seq, a.seat, a.action) for a in await self.store.log(game_id)]):
            state = game.apply(state, a.seat, a.action).state
        return state

    @store_faults_answered
    async def replay_at(self, game_id: int, user_id: int | None, seq: int) -> Post:
        """The whole board just after log entry ``seq``, as this member may
        see it (his seat's view at that time, or a spectator's: nothing
        hidden of others, never the secret), for an ephemeral reply."""
        b = await self.context.table(game_id, user_id)
        entries, rows = await self.context.entries(game_id)
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
        png = await self.context.draw(game_id, b.game.view(then, b.seat), b.seat, full=True)
        row = rows[seq]
        who = "🎲" if row.seat == CHANCE else b.seats[row.seat].name if 0 <= row.seat < len(b.seats) else "?"
        what = " ".join(row.events) or ("(chance)" if row.seat == CHANCE else row.action)
        text = f"The board after action {seq} of {len(entries)} ({who}: {what})"
        if b.seat is not None:
            text += f"\nAs {b.seats[b.seat].name} saw it then."
        return Post(clip(text), png, [], game_id, False, full_board=False)

    @store_faults_answered
    async def page(self, game_id: int, page: int | None = None, per_page: int = LOG_PAGE) -> LogPage:
        """One page of the whole log in words (``page`` from 1, the oldest;
        None: the newest; ``per_page`` entries a page). Moves taken back are
        struck, undo entries say so."""
        row = await self.context.get(game_id)
        seats = await self.store.seats(game_id)
        entries, rows = await self.context.entries(game_id)
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
        row = await self.context.get(game_id)
        if row.state is None:
            raise ServiceError("This game hasn't started yet: there is nothing to export.")
        game = get_game(row.slug)
        seats = await self.store.seats(game_id)
        if row.status in ("active", "paused"):  # paused: still running, only without its thread
            state = game.upgrade(without_legacy_keys(row.state))
            if game.view(state, None) != state:
                raise ServiceError(f"{game.name} keeps things hidden (hands, decks) that its log names: "
                                   "the log can be exported once the game is over.")
        entries, rows = await self.context.entries(game_id)
        secret = await self.store.secret(game_id) if row.status == "finished" else None
        finished_at = rows[entries[-1].seq].at if row.status == "finished" and entries else None
        doc = export_document(row.slug, row.options, [s.name for s in seats], row.status, entries, secret,
                              bots=[s.seat for s in seats if s.user_id < 0], finished_at=finished_at)
        return f"railyard-{row.slug}-{game_id}.json", json.dumps(doc, indent=1, ensure_ascii=False).encode()
