"""Panel latency: how long one click of the turn panel takes to answer, per game.

    .venv/bin/python bench/panel_latency.py [--games a,b] [--seeds 3] [--turns 12]

A click of the turn panel asks the rules core for the next step's options
(``Game.options_at``); Discord wants every interaction answered within 3 s
and we budget 100 ms for the rules' part. For each game, random players play
the fullest table (the game's most players) ``--turns`` actions into each of
``--seeds`` games, then walk the panel of the next ``--turns`` player turns
click by click, each walk on a state nothing has asked about yet (fresh, not
cached), timing every step. Prints one line per game:

    SLUG players=N median_ms=X p95_ms=Y max_ms=Z steps=K
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core import CHANCE, Game  # noqa: E402
from games.playout import step  # noqa: E402
from games.registry import get_game, slugs  # noqa: E402


def panel_timings(game: Game, players: int, seed: int, turns: int) -> list[float]:
    """Seconds per panel step over ``turns`` player turns, after ``turns``
    random actions of a ``players`` game with ``seed``."""
    rng = random.Random(seed)
    state = game.new([f"p{i}" for i in range(players)], {})
    for _ in range(turns):
        if game.is_over(state):
            break
        state, *_ = step(game, state, rng)
    timings: list[float] = []
    walked = 0
    while walked < turns and not game.is_over(state):
        due = game.to_act(state)
        if CHANCE in due:
            state, *_ = step(game, state, rng)
            continue
        seat = rng.choice(due)
        prefix: list[str] = []
        while True:
            start = time.perf_counter()
            options = game.options_at(state, seat, prefix)
            timings.append(time.perf_counter() - start)
            option = rng.choice(options)
            prefix.append(option.token)
            if option.complete:
                break
        state = game.apply(state, seat, " ".join(prefix)).state
        walked += 1
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(slugs()), help="comma-separated slugs (default: all)")
    parser.add_argument("--seeds", type=int, default=3, help="games per game kind (default 3)")
    parser.add_argument("--turns", type=int, default=12, help="actions before, and turns walked (default 12)")
    args = parser.parse_args()
    for slug in [s.strip() for s in args.games.split(",") if s.strip()]:
        game = get_game(slug)
        players = max(game.player_counts())
        timings = sorted(t for seed in range(args.seeds) for t in panel_timings(game, players, seed, args.turns))
        p95 = timings[min(len(timings) - 1, int(0.95 * len(timings)))]
        print(f"{slug} players={players} median_ms={1000 * statistics.median(timings):.1f}"
              f" p95_ms={1000 * p95:.0f} max_ms={1000 * timings[-1]:.0f} steps={len(timings)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
