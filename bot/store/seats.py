"""Seats: a lobby's players joining and leaving (seats kept 0..n-1), the
bot seated in a lobby, and a seat handed to the bot or back."""

from __future__ import annotations

from games.bots import DEFAULT_LEVEL

from .core import StoreCore, hold_as_seen, seat_row
from .rows import GameRow, SeatRow


class Seats(StoreCore):
    """The store's queries on a game's seats (see the module)."""

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT seat, user_id, name, bot, level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return [seat_row(r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, name: str, *, seen: GameRow | None = None) -> int:
        async with self.transaction() as tx:
            await hold_as_seen(tx, game_id, seen)
            row = await tx.fetchone("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,))
            seat = int(row[0]) if row else 0
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (game_id, seat, user_id, name),
            )
        return seat

    async def remove_seat(self, game_id: int, user_id: int, *, seen: GameRow | None = None) -> None:
        """Remove a lobby seat and close the gap so seats stay 0..n-1."""
        async with self.transaction() as tx:
            await hold_as_seen(tx, game_id, seen)
            rows = await tx.fetchall(
                "SELECT user_id, name, bot, level FROM seats WHERE game_id = ? AND user_id <> ? ORDER BY seat",
                (game_id, user_id),
            )
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            if rows:
                await tx.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name, bot, level) VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, i, r[0], r[1], r[2], r[3]) for i, r in enumerate(rows)],
                )

    async def add_bot_seat(self, game_id: int, *, seen: GameRow | None = None,
                           level: str = DEFAULT_LEVEL) -> SeatRow:
        """Seat the bot, playing at ``level``, in the next seat of a lobby. A
        bot has no Discord user: it takes the reserved user id -k (the
        smallest k free in this game) and the name "Bot k (level)", the one
        place a bot's name is made: boards, turn posts, the log and the export
        all show it (posts add 🤖; the boards' fonts have no emoji, so the
        stored name, which they draw, has none)."""
        async with self.transaction() as tx:
            await hold_as_seen(tx, game_id, seen)
            rows = await tx.fetchall("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))
            taken = {int(r[0]) for r in rows}
            k = next(k for k in range(1, len(taken) + 2) if -k not in taken)
            seat, name = len(rows), f"Bot {k} ({level})"
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, bot, level) VALUES (?, ?, ?, ?, 1, ?)",
                (game_id, seat, -k, name, level),
            )
        return SeatRow(seat, -k, name, True, level)

    async def set_seat_bot(self, game_id: int, seat: int, bot: bool, *, seen: GameRow | None = None,
                           level: str = DEFAULT_LEVEL) -> bool:
        """Hand ``seat`` to the bot playing at ``level`` (or back to its
        player, keeping the level it had); the game's timers are planned
        again. False when the seat already was so."""
        async with self.transaction() as tx:
            await hold_as_seen(tx, game_id, seen)
            if bot:
                changed = await tx.execute(
                    "UPDATE seats SET bot = 1, level = ? WHERE game_id = ? AND seat = ? AND bot <> 1",
                    (level, game_id, seat))
            else:
                changed = await tx.execute(
                    "UPDATE seats SET bot = 0 WHERE game_id = ? AND seat = ? AND bot <> 0", (game_id, seat))
            await tx.execute("UPDATE schedules SET replan = 1 WHERE game_id = ?", (game_id,))
        return changed == 1
