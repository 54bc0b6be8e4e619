"""The outbox: posts committed (with the move or the timer's claim they
report) and not yet accepted by Discord, each leased to one scheduler at a
time and taken out once posted."""

from __future__ import annotations

import json
import time

from .core import StoreCore, Tx, to_json
from .rows import OutboxPost


async def queue_post_in(tx: Tx, post: OutboxPost) -> None:
    """Put ``post`` in the outbox, inside the caller's transaction (never
    twice: a key already queued is left as it is)."""
    await tx.execute(
        "INSERT INTO outbox (key, game_id, kind, seat, seq, version, text, pings, created_at, leased_until)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
        (post.key, post.game_id, post.kind, post.seat, post.seq, post.version, post.text,
         to_json(list(post.pings)), post.created_at or time.time(), post.leased_until))


class Outbox(StoreCore):
    """The store's queries on the outbox (see the module)."""

    async def queue_post(self, post: OutboxPost) -> None:
        """Put ``post`` in the outbox on its own (what no stored change goes with)."""
        async with self.transaction() as tx:
            await queue_post_in(tx, post)

    async def due_posts(self, now: float, limit: int = 50) -> list[OutboxPost]:
        """Posts of the outbox whose lease ran out by ``now``, the oldest first."""
        async with self.reading() as tx:
            rows = await tx.fetchall(
                "SELECT key, game_id, kind, text, leased_until, pings, seat, seq, version, created_at, tries"
                " FROM outbox WHERE leased_until <= ? ORDER BY created_at, key LIMIT ?", (now, limit))
        return [OutboxPost(r[0], r[1], r[2], r[3], r[4], tuple(json.loads(r[5])), *r[6:]) for r in rows]

    async def lease_post(self, post: OutboxPost, until: float) -> bool:
        """Take ``post`` for one more try, leased until ``until``, only if it
        is still as read: of two schedulers, exactly one tries it."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE outbox SET leased_until = ?, tries = tries + 1"
                " WHERE key = ? AND leased_until = ? AND tries = ?",
                (until, post.key, post.leased_until, post.tries))
        return changed == 1

    async def take_ping(self, key: str, user_id: int, taken: bool = True) -> bool:
        """Take ``user_id`` out of the pings of the queued post ``key`` (his
        turn notice goes by direct message, sent by the try that took him
        out), or, ``taken`` False, put him back (the message failed: the
        thread post pings him, this try or the next). True when this call
        changed it: of two tries of one post, whether one after the other or
        at once, exactly one takes him out, so his direct message goes once.
        False when it was already so, or the post is no longer queued."""
        async with self.transaction() as tx:
            row = await tx.fetchone("SELECT pings FROM outbox WHERE key = ?", (key,))
            if row is None or (user_id in json.loads(row[0])) != taken:
                return False
            pings = [u for u in json.loads(row[0]) if u != user_id] + ([] if taken else [user_id])
            changed = await tx.execute("UPDATE outbox SET pings = ? WHERE key = ? AND pings = ?",
                                       (to_json(pings), key, row[0]))
        return changed == 1

    async def post_done(self, key: str) -> None:
        """Discord accepted the post ``key`` (or it needs no posting): out of the outbox."""
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM outbox WHERE key = ?", (key,))
