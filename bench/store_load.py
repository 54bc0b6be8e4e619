"""Many games acting at once through the service, and the cost of a durable
commit.

    .venv/bin/python bench/store_load.py [--games 50] [--rounds 20] [--db FILE-or-URL]

1. ``--games`` games of Age of Steam advance at once, ``--rounds`` moves each,
   every move a concurrent ``service.turns.act`` (boards not drawn: this measures
   the rules, the store and the locking). Prints moves per second, the
   per-move latency under that load, and the raw errors seen (must be 0).
2. The store's commit alone (``record`` of one action on one game),
   ``synchronous=FULL`` (what Railyard uses: on disk before "Done") against
   ``NORMAL`` (may lose the last moves on power loss), on this disk.

    load backend=sqlite games=50 moves=1000 moves_per_s=X p50_ms=Y p95_ms=Z raw_errors=0
    commit sync=FULL median_ms=X p95_ms=Y
    commit sync=NORMAL median_ms=X p95_ms=Y
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def load(target: str, games: int, rounds: int) -> str:
    from bot.service import GameService, ServiceError
    from bot.store import open_store
    from games.core import CHANCE
    from games.playout import random_action

    store = await open_store(target)
    service = GameService(store, lambda state, viewer: b"")
    ids = []
    for g in range(games):
        row = await service.lobby.new_game("age-of-steam", 10 * g + 1, "a", seed=g)
        for u in (2, 3, 4):
            await service.lobby.join(row.id, 10 * g + u, "bcd"[u - 2])
        await service.lobby.start(row.id, 10 * g + 1)
        ids.append(row.id)
    rng = random.Random(1)
    latencies: list[float] = []
    errors = 0

    async def move(game_id: int) -> None:
        nonlocal errors
        b = await service.context.table(game_id)
        if b.game.is_over(b.state):
            return
        seat = rng.choice([s for s in b.game.to_act(b.state) if s != CHANCE])
        action = random_action(b.game, b.state, seat, rng)
        start = time.perf_counter()
        try:
            await service.turns.act(game_id, b.seats[seat].user_id, action)
        except ServiceError:
            errors += 1
            return
        latencies.append((time.perf_counter() - start) * 1000)

    start = time.perf_counter()
    for _ in range(rounds):
        results = await asyncio.gather(*(move(g) for g in ids), return_exceptions=True)
        errors += sum(isinstance(r, BaseException) for r in results)
    elapsed = time.perf_counter() - start
    await store.close()
    return (f"load backend={store.backend} games={games} moves={len(latencies)} "
            f"moves_per_s={len(latencies) / elapsed:.0f} p50_ms={statistics.median(latencies):.1f} "
            f"p95_ms={_pct(latencies, 0.95):.1f} raw_errors={errors}")


async def commit_cost(folder: Path, sync: str, count: int = 300) -> str:
    from bot.store import NewAction
    from bot.store.sqlite import SQLiteStore

    store = await SQLiteStore.open(str(folder / f"commit-{sync}.sqlite3"))
    await store.db.execute(f"PRAGMA synchronous={sync}")
    game_id = await store.create_game(slug="age-of-steam", options={}, secret=bytes(32), creator_id=1,
                                      creator_name="a")
    state = {"schema": 1, "filler": "x" * 20_000}  # about the size of a real state
    times = []
    for version in range(count):
        start = time.perf_counter()
        await store.record(game_id, version, state, "active", [NewAction(0, "pass", ["a passed."])])
        times.append((time.perf_counter() - start) * 1000)
    await store.close()
    return f"commit sync={sync} median_ms={statistics.median(times):.2f} p95_ms={_pct(times, 0.95):.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description="Concurrent games and the cost of a durable commit.")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--db", help="an SQLite file or a postgresql:// URL (default: a fresh temporary file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(asyncio.run(load(args.db or str(Path(tmp) / "load.sqlite3"), args.games, args.rounds)), flush=True)
        for sync in ("FULL", "NORMAL"):
            print(asyncio.run(commit_cost(Path(tmp), sync)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
