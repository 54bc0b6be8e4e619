"""Bot decisions in a small worker pool shared by every game.

Why a pool of its own: a bot's decision is CPU work off the event loop, and
a hard bot searches for up to 4 s a decision. Run with ``asyncio.to_thread``
it would take a thread of the event loop's default executor, the one the
service applies and draws every player's move in: a few games with hard
bots thinking at once would fill it, and a player's move in another game
would wait behind them. So decisions run here, in :data:`WORKERS` threads
(the machine's two cores): however many games have bots, at most that many
decisions think at once, and players' moves keep their own threads.

One decision at a time per game: a game's decisions queue behind one another
(a lock per game, held until the decision's thread has finished, even when
its caller was cancelled), so two schedulers in one process, or a wake in the
middle of a tick, never make one game's bot think twice at once; other
games' decisions go on meanwhile.
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

WORKERS = 2
"""Decisions thinking at once, over all games (one per core of the 2-core
machine the bot runs on)."""


class BotPool:
    """A bounded pool of threads for bot decisions, one decision at a time per game."""

    def __init__(self, workers: int = WORKERS) -> None:
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="railyard-bot")
        self._games: dict[int, tuple[asyncio.Lock, int]] = {}
        """Each game with a decision running or waiting: its lock and how
        many wait on it (dropped with the last, so no lock outlives its
        event loop and the table never grows with finished games)."""

    async def decide(self, game_id: int, choose: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``choose(*args, **kwargs)`` in one of the pool's threads, after every
        earlier decision of ``game_id`` has finished."""
        lock, users = self._games.get(game_id, (asyncio.Lock(), 0))
        self._games[game_id] = (lock, users + 1)
        try:
            async with lock:
                running = asyncio.get_running_loop().run_in_executor(self._executor,
                                                                     functools.partial(choose, *args, **kwargs))
                try:
                    return await asyncio.shield(running)
                except asyncio.CancelledError:
                    await asyncio.wait([running])  # the game's turn is kept until its thread is done
                    raise
        finally:
            lock, users = self._games[game_id]
            if users == 1:
                del self._games[game_id]
            else:
                self._games[game_id] = (lock, users - 1)


SHARED = BotPool()
"""The pool every scheduler of the process uses unless given its own."""
