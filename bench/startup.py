"""Start-up time with many stored games.

    .venv/bin/python bench/startup.py [--games 100000] [--cold] [--db FILE]

Fills a database with ``--games`` stored games (real states of every
registered game, with seats and a log), then times a fresh process from its
start until the bot's set-up hook is done (imports included): store opened,
migrations checked, cogs loaded, commands and persistent components
registered. Command sync talks to Discord and is not
part of it; nothing is loaded per game. Prints

    startup games=N cold=B ready_ms=X

``--cold`` drops the database file (and its -wal) from the page cache before
each run (``posix_fadvise(DONTNEED)``: the file is read from the disk again,
as after a reboot); warm runs find it cached. ``--db FILE`` keeps the filled
database in FILE (filled only when missing), to time it again without
filling. Budget: ready <= 2000 ms with 100,000 games, warm or cold (the full
integrity check runs in the background once the bot is up, or as
``railyard check``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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
    try:
        await store.db.execute("BEGIN")
        await store.db.executemany("INSERT INTO games (id, guild_id, channel_id, thread_id, lobby_message_id, slug,"
                                   " status, options, secret, state, schema_version, version, creator_id, created_at,"
                                   " updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", games)
        await store.db.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?,?,?,?)", seats)
        await store.db.executemany("INSERT INTO actions (game_id, seq, seat, action, events, interaction_id, at)"
                                   " VALUES (?,?,?,?,?,?,?)", actions)
        await store.db.execute("COMMIT")
    finally:
        await store.close()


async def ready(path: str) -> None:
    """What a fresh process does before it could connect to Discord."""
    from bot.app import RailyardBot

    bot = RailyardBot(path, sync_commands=False, scheduler_seconds=0)
    await bot.setup_hook()
    assert bot.store is not None and len(bot.tree.get_commands()) >= 4
    await bot.close()  # the full check, started in the background, is stopped


def drop_from_cache(path: str) -> None:
    """Ask the kernel to forget the cached pages of ``path`` and its -wal
    (written pages are flushed first), so the next read goes to the disk."""
    for name in (path, path + "-wal"):
        if not os.path.exists(name):
            continue
        fd = os.open(name, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def time_ready(path: str, cold: bool) -> float:
    """Milliseconds from a fresh process's start to its set-up hook's end."""
    if cold:
        drop_from_cache(path)
    start = time.perf_counter()
    subprocess.run([sys.executable, __file__, "--ready", path], check=True, cwd=ROOT)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description="Bot start-up time with many stored games.")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--cold", action="store_true", help="drop the file from the page cache before each run")
    parser.add_argument("--db", help="keep the filled database in this file (filled only when missing)")
    parser.add_argument("--ready", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ready:
        asyncio.run(ready(args.ready))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or str(Path(tmp) / "railyard.sqlite3")
        if not os.path.exists(path):
            asyncio.run(fill(path, args.games))
        runs = [time_ready(path, args.cold) for _ in range(3)]
    print(f"startup games={args.games} cold={args.cold} ready_ms={max(runs):.0f} "
          "(worst of 3 fresh processes, imports included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
