"""Turn latency: apply + store + render, for every registered game.

    python3 dev.py bench            (or .venv/bin/python bench/turn_latency.py)

For each game, random legal players play games through the real service and
an on-disk SQLite store; every player action is timed end to end (the rules
core applies it and resolves chance, the store commits state and log in one
transaction, the board PNG is rendered). Prints one line per game:

    SLUG median_ms=X p95_ms=Y png_kb=Z

``--options map=barbados`` plays every game with those options (the line
names them: ``age-of-steam[map=barbados]``), so a map's turns compare with
the default map's.

png_kb is the largest board PNG seen. Budget: p95 <= 100 ms, PNG <= 400 kB.

Random players end a game of Age of Steam in about 60 actions, so the
default three games give its p95 from some 180 samples and it swings by a
few ms from run to run; ``--games 40`` gives a steadier figure to compare
two versions by (run them alternately).
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameService  # noqa: E402
from bot.store import open_store  # noqa: E402
from games.core import CHANCE  # noqa: E402
from games.playout import random_action  # noqa: E402
from games.registry import all_games, get_game  # noqa: E402
from rendering import render  # noqa: E402


async def measure(slug: str, games: int, turns: int, db: str,
                  options: dict[str, str] | None = None) -> tuple[list[float], int]:
    game = get_game(slug)
    sizes: list[int] = []

    def sized_render(state: object, viewer: object) -> bytes:
        png = render(state, viewer)  # type: ignore[arg-type]
        sizes.append(len(png))
        return png

    store = await open_store(db)
    service = GameService(store, sized_render)
    samples: list[float] = []
    try:
        for g in range(games):
            players = game.nearest_count(3 + g % 2, options)
            row = await service.lobby.new_game(slug, 1, "p1", options, seed=1000 + g)
            for user in range(2, players + 1):
                await service.lobby.join(row.id, user, f"p{user}")
            await service.lobby.start(row.id, 1)
            rng = random.Random(g)
            for _ in range(turns):
                b = await service.context.table(row.id)
                if game.is_over(b.state):
                    break
                seat = rng.choice([s for s in game.to_act(b.state) if s != CHANCE])
                action = random_action(game, b.state, seat, rng)
                start = time.perf_counter()
                await service.turns.act(row.id, b.seats[seat].user_id, action)
                samples.append((time.perf_counter() - start) * 1000)
    finally:
        await store.close()
    return samples, max(sizes, default=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="random games per game type")
    parser.add_argument("--turns", type=int, default=2000,
                        help="at most this many actions per game (the default plays whole games)")
    parser.add_argument("--options", default="", help="game options for every game, e.g. map=st-lucia")
    parser.add_argument("slugs", nargs="*", help="only these games")
    args = parser.parse_args()
    options = dict(pair.split("=", 1) for pair in args.options.split(",") if pair)
    label = f"[{args.options}]" if options else ""
    with tempfile.TemporaryDirectory() as tmp:
        for slug in args.slugs or list(all_games()):
            samples, png = asyncio.run(measure(slug, args.games, args.turns, str(Path(tmp) / f"{slug}.db"),
                                               options or None))
            p95 = statistics.quantiles(samples, n=20)[-1] if len(samples) > 1 else samples[0]
            print(f"{slug}{label} median_ms={statistics.median(samples):.1f} p95_ms={p95:.1f} "
                  f"png_kb={png / 1024:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
