"""Standings (for :mod:`bot.standings` and :mod:`bot.ratings`): members'
and servers' running games, turn-notice and server settings, and the
ratings: a pool rated in one transaction, results, a rebuild's reads."""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from .core import GAME_COLUMNS, StoreCore, Tx, game_row, to_json
from .rows import GameRow, RatingPool, RatingRow, RatingWrite, ResultRow


async def _write_ratings(tx: Tx, guild_id: int, slug: str, write: RatingWrite) -> None:
    if write.reset:
        for table in ("game_results", "ratings", "rated_games"):
            await tx.execute(f"DELETE FROM {table} WHERE guild_id = ? AND slug = ?", (guild_id, slug))
    await tx.executemany("INSERT INTO rated_games (game_id, guild_id, slug, finished_at, match) VALUES (?, ?, ?, ?, ?)",
                         [(g, guild_id, slug, at, to_json(m)) for g, at, m in write.games])
    await tx.executemany(
        "INSERT INTO game_results (game_id, user_id, guild_id, slug, finished_at, won, score, mu_before,"
        " sigma_before, mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(r.game_id, r.user_id, guild_id, slug, r.finished_at, r.won, r.score, r.mu_before, r.sigma_before,
          r.mu_after, r.sigma_after) for r in write.results])
    await tx.executemany(
        "INSERT INTO ratings (guild_id, slug, user_id, name, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, slug, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
        " sigma = excluded.sigma, games = excluded.games",
        [(guild_id, slug, r.user_id, r.name, r.mu, r.sigma, r.games) for r in write.ratings])


class Standings(StoreCore):
    """The store's queries on standings and ratings (see the module)."""

    async def member_games(self, guild_id: int, user_id: int) -> list[tuple[GameRow, float | None]]:
        """The lobbies and running (or paused) games of ``guild_id`` that
        ``user_id`` is seated in, each with the time of its last logged action
        (None: none yet)."""
        return await self._games_where(
            "g.guild_id = ? AND g.status IN ('lobby', 'active', 'paused')"
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)", (guild_id, user_id))

    async def guild_games(self, guild_id: int) -> list[tuple[GameRow, float | None]]:
        """The lobbies and running (or paused) games of ``guild_id``, with their last action's time."""
        return await self._games_where("g.guild_id = ? AND g.status IN ('lobby', 'active', 'paused')", (guild_id,))

    async def _games_where(self, where: str, params: Sequence[Any]) -> list[tuple[GameRow, float | None]]:
        columns = ", ".join(f"g.{c.strip()}" for c in GAME_COLUMNS.split(","))
        async with self.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT {columns}, (SELECT MAX(a.at) FROM actions a WHERE a.game_id = g.id) FROM games g"
                f" WHERE {where} ORDER BY g.id", params)
        return [(game_row(r), r[12]) for r in rows]

    async def set_notify(self, user_id: int, mode: str) -> None:
        """How ``user_id`` is told it is his turn: "dm" or "thread"."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO player_settings (user_id, notify) VALUES (?, ?)"
                             " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, mode))

    async def notify_modes(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The notice each of ``user_ids`` chose (those who chose none are left out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self.reading() as tx:
            rows = await tx.fetchall(
                f"SELECT user_id, notify FROM player_settings WHERE user_id IN ({marks})", list(user_ids))
        return {int(r[0]): str(r[1]) for r in rows}

    async def set_bot_games(self, guild_id: int, rule: str) -> None:
        """Whether games with bot seats count on ``guild_id``: "humans" or "none"."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO guild_settings (guild_id, bot_games) VALUES (?, ?)"
                             " ON CONFLICT (guild_id) DO UPDATE SET bot_games = excluded.bot_games", (guild_id, rule))

    async def bot_games(self, guild_id: int) -> str:
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT bot_games FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return str(row[0]) if row else "humans"

    async def rate(self, guild_id: int, slug: str, plan: Callable[[RatingPool], RatingWrite]) -> RatingWrite:
        """Rate games of one pool (a server's games of one kind) in one
        transaction: the pool's row is locked first (two processes rate a
        pool one after the other), then ``plan`` is given what is stored and
        returns what to write; a ``reset`` write replaces the whole pool."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO rating_pools (guild_id, slug) VALUES (?, ?) ON CONFLICT (guild_id, slug)"
                             " DO UPDATE SET touched = rating_pools.touched + 1", (guild_id, slug))
            rated = await tx.fetchall("SELECT game_id, finished_at, match FROM rated_games"
                                      " WHERE guild_id = ? AND slug = ? ORDER BY finished_at, game_id",
                                      (guild_id, slug))
            current = await tx.fetchall("SELECT user_id, name, mu, sigma, games FROM ratings"
                                        " WHERE guild_id = ? AND slug = ?", (guild_id, slug))
            write = plan(RatingPool(guild_id, slug, [(int(r[0]), float(r[1]), json.loads(r[2])) for r in rated],
                                    {int(r[0]): RatingRow(int(r[0]), r[1], float(r[2]), float(r[3]), int(r[4]))
                                     for r in current}))
            await _write_ratings(tx, guild_id, slug, write)
        return write

    async def ratings(self, guild_id: int, slug: str) -> list[RatingRow]:
        """A pool's ratings (unordered)."""
        async with self.reading() as tx:
            rows = await tx.fetchall("SELECT user_id, name, mu, sigma, games FROM ratings"
                                     " WHERE guild_id = ? AND slug = ?", (guild_id, slug))
        return [RatingRow(int(r[0]), r[1], float(r[2]), float(r[3]), int(r[4])) for r in rows]

    async def member_results(self, guild_id: int, user_id: int) -> list[ResultRow]:
        """Every finished game of ``user_id`` on ``guild_id``, oldest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT game_id, user_id, slug, finished_at, won, score, mu_before, sigma_before, mu_after,"
                " sigma_after FROM game_results WHERE guild_id = ? AND user_id = ? ORDER BY finished_at, game_id",
                (guild_id, user_id))
        return [ResultRow(*r) for r in rows]

    async def completed_results(self, guild_id: int, slug: str) -> list[tuple[ResultRow, str]]:
        """Every won result of a pool (``slug``: its board) with the member's
        name as seated in that game, the best score first: a solo board's
        completed games."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT r.game_id, r.user_id, r.slug, r.finished_at, r.won, r.score, r.mu_before, r.sigma_before,"
                " r.mu_after, r.sigma_after, s.name FROM game_results r"
                " JOIN seats s ON s.game_id = r.game_id AND s.user_id = r.user_id"
                " WHERE r.guild_id = ? AND r.slug = ? AND r.won = 1 ORDER BY r.score DESC, r.finished_at, r.game_id",
                (guild_id, slug))
        return [(ResultRow(*r[:10]), str(r[10])) for r in rows]

    async def game_results(self, game_id: int) -> list[ResultRow]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT game_id, user_id, slug, finished_at, won, score, mu_before, sigma_before, mu_after,"
                " sigma_after FROM game_results WHERE game_id = ? ORDER BY user_id", (game_id,))
        return [ResultRow(*r) for r in rows]

    async def finished_games(self, after: int = 0, limit: int = 100) -> list[GameRow]:
        """Finished games by id (``limit`` of them after ``after``): what a rebuild of the ratings reads."""
        async with self.reading() as tx:
            rows = await tx.fetchall(f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished' AND id > ?"
                                     " ORDER BY id LIMIT ?", (after, limit))
        return [game_row(r) for r in rows]

    async def clear_ratings(self, guild_id: int | None = None) -> None:
        """Forget every rating (of ``guild_id`` only, when given): a rebuild starts here."""
        where, params = ("", ()) if guild_id is None else (" WHERE guild_id = ?", (guild_id,))
        async with self.transaction() as tx:
            for table in ("game_results", "ratings", "rated_games"):
                await tx.execute(f"DELETE FROM {table}{where}", params)
