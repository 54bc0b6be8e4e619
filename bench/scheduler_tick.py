"""The scheduler's tick with many running games.

    .venv/bin/python bench/scheduler_tick.py [--games 200] [--db FILE_OR_URL]

Starts ``--games`` real games (every registered game in turn, three or
four seats, reminders every hour), then times three ticks of one
:class:`bot.scheduler.Scheduler` on a fake clock:

- the first tick, which plans every game (their timers written);
- an idle tick a minute later (nothing due: what the bot pays every
  ``SCHEDULER_SECONDS``);
- a tick an hour later, when every game's reminder is due at once.

Prints one line per tick:

    tick backend=sqlite games=N kind=first ms=X notices=K

No bot seats: a bot's move costs its policy's thinking, measured by
``bench/bot_strength.py``. The tick is off the hot path of a move (a player
never waits for it), so there is no budget, only the figures to watch.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.scheduler import HOUR, Scheduler  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import Schedule, open_store  # noqa: E402
from games.registry import all_games  # noqa: E402


def no_render(state: object, viewer: object) -> bytes:
    return b""


async def fill(service: GameService, games: int) -> None:
    """``games`` running games, every registered game in turn."""
    slugs = [s for s, g in all_games().items() if g.__module__.startswith("games.")]
    keeping = service.seats
    for g in range(games):
        game = all_games()[slugs[g % len(slugs)]]
        seats = game.nearest_count(3)
        row = await service.lobby.new_game(game.slug, 10 * g + 1, "ann", seed=g)
        await keeping.set_schedule(row.id, Schedule(remind_every=HOUR))
        for u in range(2, seats + 1):
            await service.lobby.join(row.id, 10 * g + u, f"p{u}")
        await service.lobby.start(row.id, 10 * g + 1)


async def run(games: int, db: str | None) -> list[str]:
    target = db or os.path.join(tempfile.mkdtemp(), "tick.sqlite3")
    store = await open_store(target)
    service = GameService(store, renderer=no_render)
    await fill(service, games)
    now = [time.time()]
    scheduler = Scheduler(service, lambda: now[0])
    lines = []
    for kind, advance in (("first", 0.0), ("idle", 60.0), ("reminders", HOUR)):
        now[0] += advance
        start = time.perf_counter()
        notices = await scheduler.tick()
        ms = (time.perf_counter() - start) * 1000
        lines.append(f"tick backend={store.backend} games={games} kind={kind} ms={ms:.0f} notices={len(notices)}")
    await store.close()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description="The scheduler's tick with many running games.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--db", help="an SQLite file or a postgresql:// URL (default: a fresh temporary file)")
    args = parser.parse_args()
    for line in asyncio.run(run(args.games, args.db)):
        print(line)


if __name__ == "__main__":
    main()
