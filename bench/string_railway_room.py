"""String Railway: how often a drawn station finds no room on the field.

    .venv/bin/python bench/string_railway_room.py [--seeds 20] [--start 0] [--players 2,3,4,5]

Plays all-bot games (every seat the bot) for each player count and prints,
per count, the field, how many games set at least one station aside, the
stations set aside per game (mean and most) and the round of the first. The
rulebook warns that on a field too small "the game may collapse"; a station
that fits nowhere is set aside (``turns.next_placement``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import play_game, policy_for  # noqa: E402
from games.registry import get_game  # noqa: E402


def measure(players: int, seeds: int, start: int) -> str:
    """One line for ``players``: games with a station set aside, and how many."""
    game = get_game("string-railway")
    bot = policy_for("string-railway")
    aside: list[int] = []
    stations: list[int] = []
    shape = ""
    t0 = time.perf_counter()
    for seed in range(start, start + seeds):
        final = play_game(game, [bot] * players, seed)
        shape = str(final["shape"])
        aside.append(len(final["set_aside"]))
        stations.append(sum(1 for s in final["stations"] if s["kind"] != "home"))
    hit = sum(1 for a in aside if a)
    return (f"{players} players ({shape}): a station set aside in {hit}/{seeds} games, "
            f"{statistics.mean(aside):.1f} per game (most {max(aside)}), "
            f"{statistics.mean(stations):.1f} stations placed of 35  ({time.perf_counter() - t0:.0f}s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="games per player count (default 20)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, comma-separated")
    args = parser.parse_args()
    for players in [int(p) for p in args.players.split(",") if p.strip()]:
        print(measure(players, args.seeds, args.start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
