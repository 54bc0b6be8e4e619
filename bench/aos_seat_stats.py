"""Where an Age of Steam bot level wins and loses VP: per-seat figures of
all-bot games.

    .venv/bin/python bench/aos_seat_stats.py [--level normal] [--seats 5]
        [--seeds 8] [--start 1000] [--jobs 2] [--by-seat]

Plays ``--seeds`` all-bot games of ``--seats`` seats at ``--level`` (the
same games as ``bench/bot_strength.py --all-bot-only`` for those seeds) and
prints, as means per seat: the score and its parts (income, shares, track),
the engine, deliveries, completed links, tiles built, cash spent in the
auction and on track, cash left at the end (worth nothing), the actions
selected; and per turn the cash, income and expenses at Issue Shares, the
shares issued and the tiles built. ``--by-seat`` adds one line per seat,
weakest first (a railroad that stalls shows as turns without tiles while
its shares keep rising).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import bot_action, policy_for  # noqa: E402
from games.core import CHANCE, State, chance_rng, secret_from_seed  # noqa: E402
from games.registry import get_game  # noqa: E402

SLUG = "age-of-steam"


def record_choice(counts: Counter[str], state: State, action: str) -> None:
    """Count what a seat's choice ``action`` in ``state`` does."""
    phase, turn = state["phase"], int(state["round"])
    if phase == "shares":
        counts["shares issued"] += int(action.split()[1])
        counts[f"t{turn} issued"] += int(action.split()[1])
    elif phase == "actions":
        counts["action " + action.split()[-1]] += 1
    elif phase == "build" and action.startswith("build "):
        counts["tiles"] += 1
        counts[f"t{turn} tiles"] += 1
    elif phase == "move" and action.startswith("move "):
        counts["deliveries"] += 1
    elif phase == "move" and action == "upgrade":
        counts["upgrades"] += 1


def seat_stats(level: str, seats: int, seed: int) -> list[dict[str, float]]:
    """One all-bot game, as :func:`games.bots.play_game` plays it: each
    seat's figures."""
    from games.age_of_steam.scoring import breakdown
    from games.age_of_steam.state import typed
    from games.age_of_steam.track import network
    game = get_game(SLUG)
    policy = policy_for(SLUG, level)
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = game.new([f"seat{i}" for i in range(seats)], {})
    counts: list[Counter[str]] = [Counter() for _ in range(seats)]
    while not game.is_over(state):
        due = game.to_act(state)
        if CHANCE in due:
            state = game.apply(state, CHANCE, game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))).state
            continue
        seat = rng.choice(due)
        action = bot_action(game, state, seat, rng, policy)
        c = counts[seat]
        if state["phase"] == "shares":
            turn = int(state["round"])
            c[f"t{turn} cash"] += int(state["cash"][seat])
            c[f"t{turn} income"] += int(state["income"][seat])
            c[f"t{turn} expenses"] += int(state["shares"][seat]) + int(state["engine"][seat])
        record_choice(c, state, action)
        before, phase = int(state["cash"][seat]), state["phase"]
        state = game.apply(state, seat, action).state
        if phase in ("auction", "build"):
            c[f"{phase} spend"] += before - int(state["cash"][seat])
    net = network(typed(state))
    scores = game.outcome(state).scores
    out: list[dict[str, float]] = []
    for seat in range(seats):
        row: dict[str, float] = dict(counts[seat])
        parts = breakdown(typed(state), seat, net)
        row.update({"score": scores[seat], "income": int(state["income"][seat]),
                    "shares": int(state["shares"][seat]), "track VP": parts["track VP"],
                    "engine": int(state["engine"][seat]), "cash left": int(state["cash"][seat]),
                    "eliminated": int(bool(state["eliminated"][seat])),
                    "links": sum(1 for s in net.sections if s.complete and s.owner == seat)})
        out.append(row)
    return out


def turn_order(key: str) -> tuple[int, str]:
    """Figures of the whole game first, then turn by turn ("t2 ..." before "t10 ...")."""
    head = key.split()[0]
    return (int(head[1:]) if head[:1] == "t" and head[1:].isdigit() else 0, key)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--by-seat", action="store_true", help="one line per seat, weakest first")
    args = parser.parse_args(argv)
    seeds = range(args.start, args.start + args.seeds)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        games = list(pool.map(seat_stats, [args.level] * len(seeds), [args.seats] * len(seeds), seeds))
    rows = [row for game in games for row in game]
    print(f"{SLUG} {args.level}, {args.seats} seats, seeds {seeds.start}-{seeds.stop - 1}: means per seat")
    for key in sorted({k for row in rows for k in row}, key=turn_order):
        print(f"  {key:22s} {statistics.mean(row.get(key, 0) for row in rows):7.2f}")
    if args.by_seat:
        turns = range(1, max(turn_order(k)[0] for row in rows for k in row) + 1)
        for row in sorted(rows, key=lambda r: r["score"]):
            print(f"  score {row['score']:4.0f} income {row['income']:3.0f} shares {row['shares']:3.0f}"
                  f" engine {row['engine']:2.0f} issued {[int(row.get(f't{t} issued', 0)) for t in turns]}"
                  f" tiles {[int(row.get(f't{t} tiles', 0)) for t in turns]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
