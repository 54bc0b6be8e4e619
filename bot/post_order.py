"""Posts of one game go out in the order of its log.

Two moves made at once (a step where several seats are due) are stored one
after the other under the game's lock, but their boards are drawn outside
it, side by side: the second may be drawn first. Each change therefore
takes a ticket of its game while it holds the lock (:meth:`PostOrder.take`),
and the transport sends a post only once every post of that game with an
earlier ticket is out (:meth:`PostOrder.turn`), then hands its ticket back
(:meth:`PostOrder.done`). The newest post is thus always the newest state,
and an Undo it withdraws from the post before it is already there to take.

A ticket is handed back by the transport after posting; a post that never
reaches it (the console, an error on the way) hands its ticket back when
the post is dropped (:meth:`PostOrder.attach`), so no game ever waits for a
post that will not come.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import defaultdict


class PostOrder:
    """The tickets of each game's posts not yet out (in this process)."""

    def __init__(self) -> None:
        self._next: defaultdict[int, int] = defaultdict(int)
        self._open: defaultdict[int, dict[int, asyncio.Event]] = defaultdict(dict)

    def take(self, game_id: int) -> int:
        """The next ticket of ``game_id``: take it while holding the game's
        lock, right after the change is stored, so tickets follow the log."""
        ticket = self._next[game_id]
        self._next[game_id] = ticket + 1
        self._open[game_id][ticket] = asyncio.Event()
        return ticket

    async def turn(self, game_id: int, ticket: int) -> None:
        """Wait until every post of ``game_id`` with an earlier ticket is out."""
        while True:
            earlier = [event for t, event in self._open.get(game_id, {}).items() if t < ticket]
            if not earlier:
                return
            await earlier[0].wait()

    def done(self, game_id: int, ticket: int) -> None:
        """The post of ``ticket`` is out (or will never be): the next may go."""
        waiting = self._open.get(game_id)
        if waiting is None:
            return
        event = waiting.pop(ticket, None)
        if event is not None:
            event.set()
        if not waiting:
            del self._open[game_id]

    def attach(self, post: object, game_id: int, ticket: int) -> None:
        """Hand ``ticket`` back when ``post`` is dropped, if the transport has
        not by then (on the event loop's thread, wherever the drop happens)."""
        loop = asyncio.get_running_loop()

        def release() -> None:
            try:
                loop.call_soon_threadsafe(self.done, game_id, ticket)
            except RuntimeError:  # the loop is closed: nobody is waiting any more
                pass

        weakref.finalize(post, release).atexit = False
