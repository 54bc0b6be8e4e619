"""Start-up time with many stored games.

    .venv/bin/python bench/startup.py [--games 10000]

Fills a database with ``--games`` stored games (real states of every
registered game, with seats and a log), then times a fresh process from its
start until the bot's set-up hook is done (imports included): store opened,
migrations checked, cogs loaded, commands and persistent components
registered. Command sync talks to Discord and is not
part of it; nothing is loaded per game. Prints

    startup games=N ready_ms=X

Budget: ready <= 2000 ms with 10,000 games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


async def fill(path: str, count: int) -> None:
    from bot.store.sqlite import SQLiteStore
    from games.core import resolve_chance, secret_from_seed
    from games.registry import all_games

    store = await SQLiteStore.open(path)
    states = []
    for slug, game in all_games().items():
        names = [f"p{i}" for i in range(game.nearest_count(game.min_seats + 1))]
        started, _ = resolve_chance(game, game.new(names, game.resolve_options({})), secret_from_seed(1))
        states.append((slug, json.dumps(started), len(names)))
    rng = random.Random(1)
    now = time.time()
    games: list[tuple[object, ...]] = []
    seats: list[tuple[object, ...]] = []
    actions: list[tuple[object, ...]] = []
    for game_id in range(1, count + 1):
        slug, state, players = states[game_id % len(states)]
        games.append((game_id, 1, 2, 10_000 + game_id, 20_000 + game_id, slug, "active", "{}",
                      rng.randbytes(32).hex(), state, 1, 5, 1, now, now))
        seats += [(game_id, s, 100 + s, f"p{s}") for s in range(players)]
        actions += [(game_id, seq, 0, "x", "[]", None, now) for seq in range(1, 6)]
    await store.db.execute("BEGIN")
    await store.db.executemany("INSERT INTO games (id, guild_id, channel_id, thread_id, lobby_message_id, slug,"
                               " status, options, secret, state, schema_version, version, creator_id, created_at,"
                               " updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", games)
    await store.db.executemany("INSERT INTO seats VALUES (?,?,?,?)", seats)
    await store.db.executemany("INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at)"
                               " VALUES (?,?,?,?,?,?,?)", actions)
    await store.db.execute("COMMIT")
    await store.close()


async def ready(path: str) -> None:
    """What a fresh process does before it could connect to Discord."""
    from bot.app import RailyardBot

    bot = RailyardBot(path, sync_commands=False)
    await bot.setup_hook()
    assert bot.store is not None and len(bot.tree.get_commands()) >= 4
    await bot.store.close()


def main() -> int:
    parser = argparse.ArgumentParser(description="Bot start-up time with many stored games.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--ready", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ready:
        asyncio.run(ready(args.ready))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "railyard.sqlite3")
        asyncio.run(fill(path, args.games))
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([sys.executable, __file__, "--ready", path], check=True, cwd=ROOT)
            runs.append((time.perf_counter() - start) * 1000)
    print(f"startup games={args.games} ready_ms={max(runs):.0f} (worst of 3 cold processes, imports included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
