"""Games: creating one, its Discord ids, finding it (by id, by thread, by
channel), its chance secret, its status, and the claim of a paused game's
resume."""

from __future__ import annotations

import time

from .core import GAME_COLUMNS, StoreCore, game_row, hold_as_seen, to_json
from .errors import StoreError, VersionConflict
from .rows import GameRow


class Games(StoreCore):
    """The store's queries on games themselves (see the module)."""

    async def create_game(
        self, *, slug: str, options: dict[str, str], secret: bytes, creator_id: int,
        creator_name: str, guild_id: int | None = None, channel_id: int | None = None,
    ) -> int:
        now = time.time()
        async with self.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO games (guild_id, channel_id, slug, status, options, secret, creator_id,"
                " created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, slug, to_json(options), secret.hex(), creator_id, now, now),
            )
            assert row is not None
            game_id = int(row[0])
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, creator_id, creator_name),
            )
        return game_id

    async def set_discord_ids(self, game_id: int, thread_id: int | None, lobby_message_id: int | None) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE games SET thread_id = ?, lobby_message_id = ?, updated_at = ? WHERE id = ?",
                (thread_id, lobby_message_id, time.time(), game_id),
            )

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.reading() as tx:
            row = await tx.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return game_row(row) if row else None

    async def game_for_thread(self, thread_id: int) -> GameRow | None:
        async with self.reading() as tx:
            row = await tx.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE thread_id = ?", (thread_id,))
        return game_row(row) if row else None

    async def secret(self, game_id: int) -> bytes:
        """The game's chance secret (for the service's draws only)."""
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT secret FROM games WHERE id = ?", (game_id,))
        if row is None or not row[0]:
            raise StoreError(f"game {game_id} has no chance secret")
        return bytes.fromhex(row[0])

    async def count_games(self) -> int:
        async with self.reading() as tx:
            row = await tx.fetchone("SELECT COUNT(*) FROM games")
        return int(row[0]) if row else 0

    async def set_status(self, game_id: int, status: str, *, seen: GameRow | None = None) -> None:
        """Set the game's status, if it is still as ``seen`` (see :func:`~.core.hold`)."""
        async with self.transaction() as tx:
            await hold_as_seen(tx, game_id, seen)
            await tx.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, time.time(), game_id)
            )

    async def claim_resume(self, game_id: int, token: int, now: float, lease: float, *, seen: GameRow) -> bool:
        """Claim the resume of a paused game before its new thread is opened:
        its thread id becomes ``token`` (negative: no thread's), if it is
        still as ``seen`` and nobody else's claim is younger than ``lease``
        seconds. Of two resumes at once, in one process or two, one wins;
        the other opens no thread."""
        try:
            async with self.transaction() as tx:
                await hold_as_seen(tx, game_id, seen)
                changed = await tx.execute(
                    "UPDATE games SET thread_id = ?, updated_at = ? WHERE id = ?"
                    " AND (thread_id IS NULL OR thread_id >= 0 OR updated_at < ?)",
                    (token, now, game_id, now - lease))
        except VersionConflict:
            return False
        return changed == 1

    async def release_resume(self, game_id: int, token: int) -> None:
        """Give up the resume claimed with ``token`` (its thread could not be
        opened): the next resume need not wait for the claim's lease."""
        async with self.transaction() as tx:
            await tx.execute("UPDATE games SET thread_id = NULL WHERE id = ? AND status = 'paused' AND thread_id = ?",
                             (game_id, token))

    async def resume(self, game_id: int, token: int, thread_id: int) -> None:
        """A paused game whose resume was claimed with ``token`` plays on in
        the new thread ``thread_id`` (:class:`VersionConflict` if the claim
        was lost meanwhile). Its timers are dropped and planned again from
        now: no turn clock counts the pause."""
        async with self.transaction() as tx:
            if await tx.execute("UPDATE games SET status = 'active', thread_id = ?, updated_at = ?"
                                " WHERE id = ? AND status = 'paused' AND thread_id = ?",
                                (thread_id, time.time(), game_id, token)) != 1:
                raise VersionConflict(f"game {game_id}: its resume was claimed by another")
            await tx.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            await tx.execute("INSERT INTO schedules (game_id, replan) VALUES (?, 1)"
                             " ON CONFLICT (game_id) DO UPDATE SET replan = 1", (game_id,))

    async def games_in_channel(self, channel_id: int, status: str) -> list[GameRow]:
        """The games of ``status`` created in the channel ``channel_id``, newest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status = ?"
                                     " ORDER BY id DESC LIMIT 100", (channel_id, status))
        return [game_row(r) for r in rows]
