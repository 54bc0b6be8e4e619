"""Seats: a lobby's players joining and leaving (seats kept 0..n-1), the
bot seated in a lobby, and a seat handed to the bot or back."""

from __future__ import annotations

from .core import StoreCore
from .rows import GameRow, SeatRow


class Seats(StoreCore):
    """The store's queries on a game's seats (see the module)."""

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT seat, user_id, name, bot FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, name: str, *, seen: GameRow | None = None) -> int:
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
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
            await self._held(tx, game_id, seen)
            rows = await tx.fetchall(
                "SELECT user_id, name, bot FROM seats WHERE game_id = ? AND user_id <> ? ORDER BY seat",
                (game_id, user_id),
            )
            await tx.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            if rows:
                await tx.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name, bot) VALUES (?, ?, ?, ?, ?)",
                    [(game_id, i, r[0], r[1], r[2]) for i, r in enumerate(rows)],
                )

    async def add_bot_seat(self, game_id: int, *, seen: GameRow | None = None) -> SeatRow:
        """Seat the bot in the next seat of a lobby. A bot has no Discord
        user: it takes the reserved user id -k (the smallest k free in this
        game) and the name "Bot k" (posts add 🤖; the boards' fonts have no
        emoji, so the stored name, which they draw, has none)."""
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            rows = await tx.fetchall("SELECT user_id FROM seats WHERE game_id = ?", (game_id,))
            taken = {int(r[0]) for r in rows}
            k = next(k for k in range(1, len(taken) + 2) if -k not in taken)
            seat, name = len(rows), f"Bot {k}"
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, bot) VALUES (?, ?, ?, ?, 1)",
                (game_id, seat, -k, name),
            )
        return SeatRow(seat, -k, name, True)

    async def set_seat_bot(self, game_id: int, seat: int, bot: bool, *, seen: GameRow | None = None) -> bool:
        """Hand ``seat`` to the bot (or back to its player); the game's
        timers are planned again. False when the seat already was so."""
        async with self.transaction() as tx:
            await self._held(tx, game_id, seen)
            changed = await tx.execute(
                "UPDATE seats SET bot = ? WHERE game_id = ? AND seat = ? AND bot <> ?",
                (int(bot), game_id, seat, int(bot)),
            )
            await tx.execute("UPDATE schedules SET replan = 1 WHERE game_id = ?", (game_id,))
        return changed == 1
