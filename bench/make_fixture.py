"""Write (or rewrite, on purpose) a game's recorded fixture.

    .venv/bin/python bench/make_fixture.py SLUG [--seed N] [--players a,b] [--options k=v,...]

A game's map option names the file: ``--options map=barbados`` writes
``tests/fixtures/age-of-steam.barbados.json``.

Plays a whole game with seeded random players (``games.playout.play_out``),
or with the game's bots (``--level normal``),
and writes ``tests/fixtures/<slug>.json``: players, options, the seed of the
chance secret, the full action log, the final state and the outcome.
``tests/test_recorded_games.py`` replays every fixture to the same end, so
rewrite one only when a rules change is meant to change old games (and say so
in the commit). Keep fixtures small (a few hundred kB): pick a seed and
player count whose game ends soon.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import get_game, slugs  # noqa: E402
from tests.support.recorded import dumps, fixture_path, record  # noqa: E402


NAMES = ["ann", "bob", "cid", "dee", "eve", "fay", "gus", "hal"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Record a seeded random game as a test fixture.")
    parser.add_argument("slug", choices=slugs())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="", help="comma-separated names (default: the fewest the game takes)")
    parser.add_argument("--options", default="", help="name=value pairs, comma-separated")
    parser.add_argument("--level", default="", help="play every seat with the game's bot at this level "
                        "(easy, normal, hard) instead of random players")
    args = parser.parse_args(argv)
    options = dict(part.split("=", 1) for part in args.options.split(",") if part.strip())
    game = get_game(args.slug)
    players = args.players.split(",") if args.players else NAMES[: min(game.player_counts(options))]
    rec = record(game, players, args.seed, options, args.level or None)
    text = dumps(rec)
    path = fixture_path(args.slug, options)
    path.write_text(text, encoding="utf-8")
    print(f"{path}: {len(rec['log'])} actions, {len(text) // 1024} kB, scores {rec['outcome']['scores']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
