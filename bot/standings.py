"""Your games and your server's standings, on the service's side:
``/game mine``, ``/game list``, the turn notice a player chose (a direct
message or the thread's ping), ``/game leaderboard``, ``/game stats`` and
the server's rule for games with bot seats (see :mod:`bot.ratings`).

Transport-neutral like the service: texts in Discord's markdown, members
as ids, threads as ``<#id>`` links (they never ping), times as ``<t:…:R>``
(each reader sees them in his own words and time zone). Every text fits
one message; names were made display-safe when they were stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from games.core import Game, IllegalAction
from games.registry import all_games, get_game

from .bot_levels import seat_label
from .ratings import BOT_GAMES, board_of, board_title, is_bot, is_solo, rebuild, shown
from .service import (MAX_MESSAGE, GameService, ServiceError, TIMED_OUT_KIND, store_faults_answered,
                      without_legacy_keys)
from .store import GameRow, ResultRow, SeatRow

MINE_PAGE = 8
LIST_PAGE = 10
BOARD_PAGE = 15
TEXT_MAX = MAX_MESSAGE - 100
"""A page's text leaves room for what the transport adds."""
LINE_MAX = 180
NAMES_MAX = 80
"""Names in a line are cut to this, so a line's links and times always stay whole."""
NOTIFY_MODES = ("dm", "thread")
TREND = 5
"""How many of a member's last rated games make his trend."""


def fit(text: str, limit: int = LINE_MAX) -> str:
    """``text`` cut to ``limit`` characters, never leaving a lone backslash
    (an escape cut from what it escaped) at the cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip("\\") + "…"


def ago(at: float | None) -> str:
    """A time as Discord shows it to each reader ("3 hours ago")."""
    return f"<t:{int(at)}:R>" if at is not None else "not yet"


@dataclass
class Page:
    """One page of a paged answer: its text, its number (from 1), how many
    there are, and the lobbies on it (for their Join buttons)."""

    text: str
    page: int
    pages: int
    lobbies: list[int] = field(default_factory=list)


def paged(head: str, lines: Sequence[str], page: int, per_page: int, empty: str) -> tuple[str, int, int, range]:
    """The text of page ``page`` (from 1, kept in range) of ``lines``: the
    head, then the page's lines; with the page's number, the count and the
    indices shown."""
    pages = max(1, -(-len(lines) // per_page))
    page = max(1, min(page, pages))
    shown_ = range((page - 1) * per_page, min(len(lines), page * per_page))
    body = [lines[i] for i in shown_] or [empty]
    title = f"{head} · page {page}/{pages}" if pages > 1 else head
    text = "\n".join([title, *body])
    return fit(text, TEXT_MAX), page, pages, shown_


@dataclass
class MemberGame:
    """A game a member is seated in, as ``/game mine`` lists it."""

    row: GameRow
    game: Game
    due: list[SeatRow]
    waiting_for_me: bool
    since: float | None
    clock_due: float | None = None


class Standings:
    """The service's side of your games and the standings, over :class:`GameService`."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    # -- your games ------------------------------------------------------------
    @store_faults_answered
    async def member_games(self, guild_id: int, user_id: int) -> list[MemberGame]:
        """Every lobby and running game of the server ``user_id`` is seated
        in: those waiting for him first (the longest waiting first), then the
        others, the longest waiting first."""
        found = []
        for row, last in await self.store.member_games(guild_id, user_id):
            game = get_game(row.slug)
            seats = await self.store.seats(row.id)
            due: list[SeatRow] = []
            if row.state is not None and row.status == "active":
                state = game.upgrade(without_legacy_keys(row.state))
                due = [seats[s] for s in game.to_act(state) if 0 <= s < len(seats)]
            mine = any(s.user_id == user_id for s in due)
            clock = None
            if mine:
                seat = next(s.seat for s in seats if s.user_id == user_id)
                clock = next((t.due_at for t in await self.store.timers(row.id)
                              if t.kind == TIMED_OUT_KIND and t.seat == seat and t.due_at is not None), None)
            found.append(MemberGame(row, game, due, mine, last if last is not None else row.updated_at, clock))
        return sorted(found, key=lambda m: (not m.waiting_for_me, m.since or 0.0, m.row.id))

    async def mine_page(self, guild_id: int, user_id: int, page: int = 1) -> Page:
        """``/game mine``: one page of the member's games."""
        games = await self.member_games(guild_id, user_id)
        waiting = sum(m.waiting_for_me for m in games)
        lines = [fit(self._mine_line(m)) for m in games]
        head = f"**Your games on this server** ({len(games)}; {waiting} waiting for you)"
        text, page, pages, _ = paged(head, lines, page, MINE_PAGE, "You are not seated in any game here: "
                                     "`/game list` shows the open lobbies, `/game new` starts one.")
        return Page(text, page, pages)

    @staticmethod
    def _mine_line(m: MemberGame) -> str:
        where = f"<#{m.row.thread_id}>" if m.row.thread_id else "(no thread)"
        label = f"{where} **{m.game.name}** #{m.row.id}"
        if m.row.status == "lobby":
            return f"🪑 {label}: in the lobby, waiting to start"
        if m.row.status == "paused":
            return (f"⏸️ **{m.game.name}** #{m.row.id}: paused, its thread was deleted: "
                    f"`/game resume` in <#{m.row.channel_id}>")
        if m.waiting_for_me:
            clock = f"; your clock runs out {ago(m.clock_due)}" if m.clock_due is not None else ""
            also = len(m.due) - 1
            return f"➡️ {label}: **your turn** since {ago(m.since)}" + (f" (with {also} more)" if also > 0 else "") \
                + clock
        names = fit(", ".join(seat_label(s) for s in m.due[:3]), NAMES_MAX)
        more = f" +{len(m.due) - 3}" if len(m.due) > 3 else ""
        return f"⏳ {label}: waiting for {names}{more} since {ago(m.since)}"

    @store_faults_answered
    async def list_page(self, guild_id: int, page: int = 1) -> Page:
        """``/game list``: the server's open lobbies (first), then its running
        games, then those paused (their thread was deleted) with how to resume
        them: ``/game resume`` in the channel they were created in."""
        rows = await self.store.guild_games(guild_id)
        lobbies = [(r, at) for r, at in rows if r.status == "lobby"]
        running = sorted(((r, at) for r, at in rows if r.status == "active"), key=lambda x: -(x[1] or 0.0))
        paused = [(r, at) for r, at in rows if r.status == "paused"]
        lines, ids = [], []
        for row, at in [*lobbies, *running, *paused]:
            game = get_game(row.slug)
            seats = await self.store.seats(row.id)
            names = fit(", ".join(s.name for s in seats), NAMES_MAX)
            where = f"<#{row.thread_id}>" if row.thread_id else "(no thread)"
            if row.status == "lobby":
                lines.append(fit(f"🪑 **{game.name}** #{row.id} {where}: {len(seats)}/"
                                 f"{max(game.player_counts(row.options))} seated "
                                 f"({names})"))
            elif row.status == "paused":
                lines.append(fit(f"⏸️ **{game.name}** #{row.id}: paused, its thread was deleted: "
                                 f"`/game resume game:{row.id}` in <#{row.channel_id}>; {names}"))
            else:
                lines.append(fit(f"🚂 **{game.name}** #{row.id}: watch in {where}; {names}; last move {ago(at)}"))
            ids.append(row.id if row.status == "lobby" else -1)
        head = f"**Games on this server**: {len(lobbies)} open lobb{'y' if len(lobbies) == 1 else 'ies'}, " \
               f"{len(running)} running" + (f", {len(paused)} paused" if paused else "")
        text, page, pages, shown_ = paged(head, lines, page, LIST_PAGE, "No games here yet: `/game new` starts one.")
        return Page(text, page, pages, [ids[i] for i in shown_ if ids[i] > 0])

    @store_faults_answered
    async def set_notify(self, user_id: int, mode: str) -> str:
        """A player chooses how he is told it is his turn."""
        if mode not in NOTIFY_MODES:
            raise ServiceError("Choose dm or thread.")
        await self.store.set_notify(user_id, mode)
        if mode == "dm":
            return ("From now on I tell you it's your turn in a direct message (not pinged in the thread). "
                    "If your DMs are closed, I ping you in the thread instead and say so.")
        return "From now on I ping you in the game's thread when it's your turn."

    @store_faults_answered
    async def dm_users(self, user_ids: Sequence[int]) -> set[int]:
        """Those of ``user_ids`` who chose to be told by direct message."""
        modes = await self.store.notify_modes([u for u in user_ids if u > 0])
        return {u for u, mode in modes.items() if mode == "dm"}

    @store_faults_answered
    async def claim_dm(self, outbox_key: str, user_id: int, claimed: bool = True) -> bool:
        """The turn's direct message to ``user_id`` for the queued post
        ``outbox_key`` is this try's to send (``claimed`` False: it failed,
        given back for the thread post to ping him). False: an earlier try of
        the post sent it (or is sending it) already, or the post is out."""
        return await self.store.take_ping(outbox_key, user_id, claimed)

    # -- ratings -----------------------------------------------------------------
    @store_faults_answered
    async def lobby_note(self, game_id: int) -> str:
        """What the lobby of a game with bot seats says of its ratings ("" without
        bots); a solo game's lobby, that it is not rated."""
        row = await self.service.context.get(game_id)
        if row.guild_id is not None and is_solo(board_of(row.slug, row.options)):
            return "\n🏅 A solo game is not rated; a completed one goes on this server's best scores."
        if row.guild_id is None or not any(is_bot(s) for s in await self.store.seats(game_id)):
            return ""
        if await self.store.bot_games(row.guild_id) == "none":
            return "\n🤖 With bot seats, this game doesn't count for the ratings on this server."
        return "\n🤖 With bot seats, this game counts for its human players' ratings (bots are not rated)."

    @store_faults_answered
    async def set_bot_games(self, guild_id: int, rule: str, can_manage: bool) -> str:
        """The server's rule for games with bot seats (Manage Server): the
        server's ratings are folded again under it, so they always follow it."""
        if not can_manage:
            raise ServiceError("Only a member with Manage Server can change how this server rates games.")
        if rule not in BOT_GAMES:
            raise ServiceError("Choose humans (games with bots count for their humans) or none.")
        await self.store.set_bot_games(guild_id, rule)
        games = await rebuild(self.store, guild_id)
        said = "count for their human players (bots are never rated)" if rule == "humans" else "don't count"
        return f"Games with bot seats now {said} on this server; its ratings were worked out again " \
               f"({games} finished game{'s' * (games != 1)})."

    @store_faults_answered
    async def leaderboard_page(self, guild_id: int, board: str, page: int = 1) -> Page:
        """``/game leaderboard``: the server's players of one board (a game,
        or a game on a map of its own: :func:`bot.ratings.board_of`) by
        rating; a solo board by best score."""
        if is_solo(board):
            return await self.best_scores_page(guild_id, board, page)
        title = board_title(board)
        rows = sorted(await self.store.ratings(guild_id, board),
                      key=lambda r: (-shown(r.mu, r.sigma), -r.games, r.user_id))
        lines = [fit(f"{i}. {r.name}: **{shown(r.mu, r.sigma)}** ({r.games} game{'s' * (r.games != 1)})")
                 for i, r in enumerate(rows, start=1)]
        text, page, pages, _ = paged(f"**{title} leaderboard**", lines, page, BOARD_PAGE,
                                     f"Nobody has finished a rated game of {title} here yet.")
        return Page(text, page, pages)

    async def best_scores_page(self, guild_id: int, board: str, page: int = 1) -> Page:
        """A solo board's leaderboard: each member's best completed score
        and when it was made, the best first (lost games never count)."""
        title = board_title(board)
        best: dict[int, tuple[ResultRow, str]] = {}
        for result, name in await self.store.completed_results(guild_id, board):
            best.setdefault(result.user_id, (result, name))  # the best first: the first seen is his best
        lines = [fit(f"{i}. {name}: **{r.score}** (<t:{int(r.finished_at)}:d>)")
                 for i, (r, name) in enumerate(best.values(), start=1)]
        text, page, pages, _ = paged(f"**{title}: best scores**", lines, page, BOARD_PAGE,
                                     f"Nobody has completed a game of {title} here yet.")
        return Page(text, page, pages)

    @staticmethod
    def board(slug: str, options: dict[str, str]) -> str:
        """The board ``/game leaderboard`` asks for; ServiceError for a map
        the game does not have."""
        try:
            return board_of(slug, options)
        except IllegalAction as exc:
            raise ServiceError(str(exc)) from None

    @store_faults_answered
    async def stats(self, guild_id: int, user_id: int, name: str) -> str:
        """``/game stats``: per game, games played and won, rating and its
        trend, best score; then the member's current games."""
        results = await self.store.member_results(guild_id, user_id)
        lines = [f"**{name}** on this server"]
        for board in sorted({r.slug for r in results}, key=board_title):
            mine = [r for r in results if r.slug == board]
            rated = [r for r in mine if r.mu_after is not None and r.sigma_after is not None]
            if is_solo(board):
                done = [r.score for r in mine if r.won]
                lines.append(f"**{board_title(board)}**: {len(done)} completed, {len(mine) - len(done)} lost"
                             + (f", best score {max(done)}" if done else ""))
                continue
            line = (f"**{board_title(board)}**: {len(mine)} played, {sum(r.won for r in mine)} won, "
                    f"best score {max(r.score for r in mine)}")
            if rated:
                last = rated[-1]
                assert last.mu_after is not None and last.sigma_after is not None
                trend = [shown(r.mu_after, r.sigma_after) - shown(r.mu_before, r.sigma_before)  # type: ignore[arg-type]
                         for r in rated[-TREND:]]
                line += f"; rating **{shown(last.mu_after, last.sigma_after)}** (last {len(trend)}: " \
                        + ", ".join(f"{d:+d}" for d in trend) + ")"
            lines.append(line)
        if not results:
            lines.append("No finished games here yet.")
        current = await self.member_games(guild_id, user_id)
        if current:
            links = [f"<#{m.row.thread_id}>" if m.row.thread_id else f"#{m.row.id}" for m in current[:10]]
            more = f" and {len(current) - 10} more (`/game mine`)" if len(current) > 10 else ""
            lines.append(f"Current games ({len(current)}): " + ", ".join(links) + more)
        return fit("\n".join(lines), TEXT_MAX)


def rated_games() -> list[Game]:
    """The games a leaderboard can be asked for, by name."""
    return sorted(all_games().values(), key=lambda g: g.name.lower())
