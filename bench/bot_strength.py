"""Bot strength: each game's policy against the random legal player.

    .venv/bin/python bench/bot_strength.py [--games a,b] [--seeds 100] [--start 0]
        [--head-to-head-only | --all-bot-only] [--phases]

Per game, over ``--seeds`` seeds:

- head to head: one bot seat against random seats (2 players; Age of Steam 3),
  the bot's seat rotating with the seed; the bot wins a game when its score
  is above every random seat's (a tie is not a win: ties and losses are
  counted apart);
- all-bot games: every seat a bot. Age of Steam: the railroads still in the
  game at the last turn; Steam Rollers: how the game ended (emptied cities
  or full maps) and its rounds.

Prints one line per game, and the slowest bot decision seen.
``--head-to-head-only`` leaves out the all-bot games, ``--all-bot-only``
the head-to-head ones (to check how all-bot games end over more seeds). ``--phases`` adds a
line per phase of the game: the bot's own decisions alone (the line above
also times the random seats' moves in the head-to-head games).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import RANDOM, Policy, play_game, policy_for  # noqa: E402
from games.core import Game, State  # noqa: E402
from games.registry import get_game, slugs  # noqa: E402

HEAD_TO_HEAD_SEATS = {"age-of-steam": 3}
ALL_BOT_SEATS = {"age-of-steam": 4, "steam-rollers": 3, "days-of-steam": 3, "string-railway": 3, "mine-carts": 2}


def bot_result(game: Game, final: State, bot: int) -> str:
    """"win" when the bot's score is above every other seat's, "tie" when
    level with the best of them, else "loss"."""
    scores = game.outcome(final).scores
    best = max(s for i, s in enumerate(scores) if i != bot)
    return "win" if scores[bot] > best else "tie" if scores[bot] == best else "loss"


def all_bot_note(slug: str, final: State) -> str:
    """What an all-bot game shows: AoS railroads alive, Steam Rollers' end."""
    if slug == "age-of-steam":
        alive = sum(not e for e in final["eliminated"])
        last = final["round"] == final["rounds"] and alive >= 2
        return f"alive={alive} round={final['round']}/{final['rounds']} two_at_the_end={'yes' if last else 'no'}"
    if slug == "steam-rollers":
        from games.steam_rollers.ending import empty_cities
        from games.steam_rollers.params import rules
        empty = len(empty_cities(final))
        reason = "emptied-cities" if empty >= rules().empty_cities_to_end else "full-maps"
        return f"end={reason} round={final['round']} empty_cities={empty}"
    return f"round={final.get('round')}"


class PhaseTimer:
    """A policy that times another's decisions, by the state's phase."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.times: dict[str, list[float]] = {}

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        start = time.perf_counter()
        chosen = self.policy.choose(game, state, seat, rng)
        self.times.setdefault(str(state.get("phase")), []).append(time.perf_counter() - start)
        return chosen


def measure(slug: str, seeds: int, start: int, head_to_head: bool = True, all_bot: bool = True,
            phases: bool = False) -> None:
    """A game's head-to-head and all-bot games (each unless told not to),
    then its bot's decision times (per phase with ``phases``)."""
    timed = PhaseTimer(policy_for(slug))
    bot: Policy = timed if phases else timed.policy
    times: list[float] = []
    if head_to_head:
        measure_head_to_head(slug, bot, seeds, start, times)
    if all_bot:
        measure_all_bot(slug, bot, seeds, start, times)
    if times:
        print(f"{slug} bot decision: median {1000 * statistics.median(times):.1f} ms,"
              f" max {1000 * max(times):.0f} ms over {len(times)} decisions", flush=True)
    for phase, spent in timed.times.items():
        print(f"{slug} bot decision, {phase}: median {1000 * statistics.median(spent):.1f} ms,"
              f" max {1000 * max(spent):.0f} ms over {len(spent)} decisions", flush=True)


def measure_head_to_head(slug: str, bot: Policy, seeds: int, start: int, times: list[float]) -> None:
    """One bot seat against random seats, the bot's seat rotating with the seed."""
    game = get_game(slug)
    results: dict[str, int] = {"win": 0, "tie": 0, "loss": 0}
    t0 = time.perf_counter()
    n = HEAD_TO_HEAD_SEATS.get(slug, 2)
    for seed in range(start, start + seeds):
        seat = seed % n
        policies: list[Policy] = [bot if i == seat else RANDOM for i in range(n)]
        final = play_game(game, policies, seed, timer=times.append)
        results[bot_result(game, final, seat)] += 1
    wins = results["win"]
    print(f"{slug} head-to-head ({n} seats): bot won {wins}/{seeds} = {100 * wins / seeds:.0f}%"
          f" (ties {results['tie']}, losses {results['loss']})  ({time.perf_counter() - t0:.0f}s)", flush=True)


def measure_all_bot(slug: str, bot: Policy, seeds: int, start: int, times: list[float]) -> None:
    """Every seat the bot: how the games end."""
    game = get_game(slug)
    m = ALL_BOT_SEATS.get(slug, 2)
    t0 = time.perf_counter()
    for seed in range(start, start + seeds):
        final = play_game(game, [bot] * m, seed, timer=times.append)
        print(f"  all-bot seed {seed}: {all_bot_note(slug, final)} scores={game.outcome(final).scores}", flush=True)
    print(f"{slug} all-bot ({m} seats): done in {time.perf_counter() - t0:.0f}s", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(slugs()), help="comma-separated slugs (default: all)")
    parser.add_argument("--seeds", type=int, default=100, help="seeds per game (default 100)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--head-to-head-only", action="store_true", help="leave out the all-bot games")
    only.add_argument("--all-bot-only", action="store_true", help="leave out the head-to-head games")
    parser.add_argument("--phases", action="store_true",
                        help="also time the bot's own decisions, per phase")
    args = parser.parse_args()
    for slug in [s.strip() for s in args.games.split(",") if s.strip()]:
        measure(slug, args.seeds, args.start, head_to_head=not args.all_bot_only,
                all_bot=not args.head_to_head_only, phases=args.phases)
    return 0


if __name__ == "__main__":
    sys.exit(main())
