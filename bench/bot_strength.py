"""Bot strength: each game's bot levels against today's bot, and all-bot games.

    .venv/bin/python bench/bot_strength.py [--games a,b] [--levels easy,normal,hard]
        [--seeds 100] [--start 0] [--against easy|normal|random] [--seats 4,5] [--jobs 1]
        [--head-to-head-only | --all-bot-only] [--quiet] [--whole-searches]
        [--options map=barbados] [--map barbados]

Per game and level, over ``--seeds`` seeds:

- head to head: one seat at the level against seats of ``--against`` (the
  easy level, today's bot, unless told ``normal`` or ``random``): 2 players (Age of Steam
  3), the level's seat rotating with the seed; a win counts 1, a tie for the
  best score 1/2 (the line also gives wins, ties and losses);
- all-bot games: every seat at the level (``--seats``, a comma list, else
  the game's usual count): the mean score per seat, the winner's mean score,
  and the share of seats eliminated (Age of Steam) or how games ended
  (Days of Steam: by points or by the deck; Steam Rollers: emptied cities or
  full maps);
- one-seat games (Age of Steam's Barbados, ``--map barbados``): the level
  plays alone; the games completed and lost (``Outcome.solo_lost``, the
  losses by their words, ``Outcome.summary``) and the mean score
  (``Outcome.scores[0]``, the cash left) of the completed ones;
- the level's own decision times (median, p95, max) over all those games
  (a measure of its own, named after the measures it timed:
  ``decision times, head-to-head vs normal``), with the level's searches and
  how many of them the clock cut before every candidate was played out
  (:data:`games.bot_search.CUT_SEARCHES`: there the search keeps the best
  of what it played out, often the normal bot's choice alone).

``--options`` (``key=value``, comma-separated) are the games' options;
``--map NAME`` is short for ``--options map=NAME``. The seat counts follow
the options (St. Lucia: 2 seats, head to head and all-bot alike).

``--jobs`` plays that many games at once (processes). Prints one line per
measure; ``--quiet`` leaves out the line per all-bot game. Each measure also
counts the hard searches' play-outs that a sampled world ended early
(:data:`games.bot_search.EARLY_ENDS`: Days of Steam's dealt hands).

The figures go to a results file in the repository (``--results``, default
``bench/results/bot_strength.json``): each measure with its figures, the
command, the seeds, the commit and the date. A run replaces the entries of
the measures it made and keeps the others (``--no-results``: print only);
written to that default file, the README's quote of it is written anew
(``bench/readme_quote.py``).
A long measure run in pieces (``--start``, ``--seeds`` and a ``--results``
file each) is added up by ``bench/merge_results.py``.

``--whole-searches`` stops the hard searches' safety clock (their
``time_limit``), so every search runs all its play-outs: the strength figures
then depend only on the seeds, not on how loaded the machine is, and the
decision times show what a whole search costs.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import shlex
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bot_search import CUT_SEARCHES, EARLY_ENDS, SEARCHES  # noqa: E402
from games.bots import LEVELS, RANDOM, Policy, play_game, policy_for  # noqa: E402
from games.core import Game, State  # noqa: E402
from games.registry import get_game, slugs  # noqa: E402
from bench.readme_quote import write_quote  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "bot_strength.json"
HEAD_TO_HEAD_SEATS = {"age-of-steam": 3}
ALL_BOT_SEATS = {"age-of-steam": 4, "steam-rollers": 3, "days-of-steam": 3, "string-railway": 3, "mine-carts": 2}


def bot_result(game: Game, final: State, bot: int) -> str:
    """"win" when the game ranks the bot first alone, "tie" when first with
    others, else "loss" (the ranking, not the score: String Railway's two
    players tied on their weaker colours are ranked by their other ones)."""
    first = game.outcome(final).ranking[0]
    return "win" if first == [bot] else "tie" if bot in first else "loss"


def end_kind(slug: str, final: State) -> str:
    """How an all-bot game ended, where the game has several ways: Days of
    Steam by points or by the deck, Steam Rollers by emptied cities or full
    maps; else ""."""
    if slug == "days-of-steam":
        return str(final.get("ended", ""))
    if slug == "steam-rollers":
        from games.steam_rollers.ending import empty_cities
        from games.steam_rollers.params import rules
        return "emptied-cities" if len(empty_cities(final)) >= rules().empty_cities_to_end else "full-maps"
    return ""


class StoppedClock:
    """A ``time`` module whose clock never moves: a search's deadline never passes."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


def stop_search_clocks() -> None:
    """Every hard search in this process runs all its play-outs (see
    ``--whole-searches``): the searches' clock (:func:`games.bot_search.clock`,
    which every search reads) is stopped."""
    import games.bot_search
    setattr(games.bot_search, "time", StoppedClock)


@dataclass
class Spent:
    """What a level's decisions cost in some games: each decision's time,
    the searches among them (:data:`games.bot_search.SEARCHES`) and those
    the clock cut (:data:`games.bot_search.CUT_SEARCHES`)."""

    times: list[float] = field(default_factory=list)
    searches: int = 0
    cut: int = 0

    def add(self, other: Spent) -> None:
        self.times.extend(other.times)
        self.searches += other.searches
        self.cut += other.cut


class Timed:
    """A policy that times another's decisions and counts its searches."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.spent = Spent()

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        SEARCHES.take()
        CUT_SEARCHES.take()
        start = time.perf_counter()
        chosen = self.policy.choose(game, state, seat, rng)
        self.spent.times.append(time.perf_counter() - start)
        self.spent.searches += SEARCHES.take()
        self.spent.cut += CUT_SEARCHES.take()
        return chosen


def seats_for(slug: str, options: dict[str, str], preferred: int) -> int:
    """``preferred`` seats when the game under ``options`` may start with
    that many, else its smallest count."""
    counts = get_game(slug).player_counts(options)
    return preferred if preferred in counts else min(counts)


def head_to_head_game(slug: str, level: str, against: str, seed: int,
                      options: dict[str, str]) -> tuple[str, Spent, int]:
    """One head-to-head game: the level's result, its decision times, and
    the play-outs a sampled world ended early."""
    game = get_game(slug)
    n = seats_for(slug, options, HEAD_TO_HEAD_SEATS.get(slug, 2))
    seat = seed % n
    timed = Timed(policy_for(slug, level))
    other = RANDOM if against == "random" else policy_for(slug, against)
    EARLY_ENDS.take()
    final = play_game(game, [timed if i == seat else other for i in range(n)], seed, options)
    return bot_result(game, final, seat), timed.spent, EARLY_ENDS.take()


def solo_game(slug: str, level: str, seed: int, options: dict[str, str]) -> tuple[bool, int, str, Spent]:
    """One one-seat game: lost or not, the score, the result in words, decision times."""
    game = get_game(slug)
    timed = Timed(policy_for(slug, level))
    final = play_game(game, [timed], seed, options)
    out = game.outcome(final)
    return out.solo_lost, out.scores[0], out.summary, timed.spent


def all_bot_game(slug: str, level: str, seats: int, seed: int,
                 options: dict[str, str]) -> tuple[list[int], int, str, Spent, int]:
    """One all-bot game: scores, seats eliminated, how it ended, decision
    times, and the play-outs a sampled world ended early."""
    game = get_game(slug)
    timed = Timed(policy_for(slug, level))
    EARLY_ENDS.take()
    final = play_game(game, [timed] * seats, seed, options)
    eliminated = sum(bool(e) for e in final.get("eliminated", []))
    return game.outcome(final).scores, eliminated, end_kind(slug, final), timed.spent, EARLY_ENDS.take()


Figure = dict[str, Any]
"""One measure's entry in the results file."""


def times_figure(slug: str, level: str, spent: Spent, over: list[Figure]) -> Figure:
    """The level's decision times in the games of the figures ``over``
    (named after them: a 4-seat run's times do not replace a 5-seat run's),
    with its searches and those its clock cut."""
    ordered = sorted(spent.times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    measure = "decision times, " + " and ".join(f["measure"] for f in over)
    figure: Figure = {"game": slug, "level": level, "measure": measure,
                      "median_ms": round(1000 * statistics.median(ordered), 1), "p95_ms": round(1000 * p95),
                      "max_ms": round(1000 * ordered[-1]), "decisions": len(ordered),
                      "searches": spent.searches, "cut_searches": spent.cut}
    figure["line"] = times_line(figure)
    print(figure["line"], flush=True)
    return figure


def times_line(f: Figure) -> str:
    """A decision-times figure in words (one merged from several runs gives
    the highest median and p95 of its runs: ``runs``), with the searches
    its clock cut when any were counted (figures made before the count
    have none)."""
    runs = int(f.get("runs", 1))
    at_most = "at most " if runs > 1 else ""
    of_runs = f" (the highest of {runs} runs)" if runs > 1 else ""
    searches = int(f.get("searches", 0))
    cut = f"; {f['cut_searches']} of {searches} searches cut by the clock" if searches else ""
    return (f"{f['game']} {f['level']} {f['measure']}: median {at_most}{f['median_ms']:.1f} ms,"
            f" p95 {at_most}{f['p95_ms']} ms{of_runs}, max {f['max_ms']} ms over {f['decisions']} decisions{cut}")


def early_ends_text(count: int) -> str:
    return f", {count} play-outs ended early by a sampled world" if count else ""


def label(slug: str, options: dict[str, str]) -> str:
    """The game's slug, with its options when any (``age-of-steam[map=barbados]``)."""
    return slug + (f"[{','.join(f'{k}={v}' for k, v in sorted(options.items()))}]" if options else "")


def measure_solo(pool: ProcessPoolExecutor, slug: str, level: str, seeds: range, options: dict[str, str],
                 times: Spent, quiet: bool) -> Figure:
    """One-seat games: completed and lost, the completed games' mean score."""
    t0 = time.perf_counter()
    scores: list[int] = []
    losses: dict[str, int] = {}
    for seed, (lost, score, summary, spent) in zip(
            seeds, pool.map(solo_game, *zip(*[(slug, level, s, options) for s in seeds]))):
        times.add(spent)
        if lost:
            kind = summary.split(" by ")[0].split(" in turn")[0]
            losses[kind] = losses.get(kind, 0) + 1
        else:
            scores.append(score)
        if not quiet:
            print(f"  solo {level} seed {seed}: {summary}", flush=True)
    figure: Figure = {"game": label(slug, options), "level": level, "measure": "solo", "completed": len(scores),
                      "lost": len(seeds) - len(scores), "losses": losses,
                      "mean_score": round(statistics.mean(scores), 1) if scores else None}
    figure["line"] = solo_line(figure)
    print(f"{figure['line']}  ({time.perf_counter() - t0:.0f}s)", flush=True)
    return figure


def solo_line(f: Figure) -> str:
    """A one-seat figure in words."""
    n = f["completed"] + f["lost"]
    mean = "-" if f["mean_score"] is None else f"{f['mean_score']:.1f}"
    detail = f" ({', '.join(f'{k} {v}' for k, v in sorted(f['losses'].items()))})" if f["losses"] else ""
    return (f"{f['game']} solo {f['level']} ({n} seeds): completed {f['completed']}/{n}"
            f" = {100 * f['completed'] / n:.1f}%, lost {f['lost']}{detail}, mean score of completed {mean}")


def measure_head_to_head(pool: ProcessPoolExecutor, slug: str, level: str, against: str, seeds: range,
                         options: dict[str, str], times: Spent) -> Figure:
    t0 = time.perf_counter()
    counts = {"win": 0, "tie": 0, "loss": 0}
    early = 0
    for result, spent, ended in pool.map(head_to_head_game,
                                         *zip(*[(slug, level, against, s, options) for s in seeds])):
        counts[result] += 1
        times.add(spent)
        early += ended
    n = seats_for(slug, options, HEAD_TO_HEAD_SEATS.get(slug, 2))
    points = counts["win"] + counts["tie"] / 2
    figure: Figure = {"game": label(slug, options), "level": level, "measure": f"head-to-head vs {against}",
                      "seats": n, "points": points, "share": round(points / len(seeds), 3), **counts,
                      "early_ends": early}
    figure["line"] = head_to_head_line(figure)
    print(f"{figure['line']}  ({time.perf_counter() - t0:.0f}s)", flush=True)
    return figure


def head_to_head_line(f: Figure) -> str:
    """A head-to-head figure in words."""
    n = f["win"] + f["tie"] + f["loss"]
    return (f"{f['game']} {f['measure'].replace('head-to-head', 'head-to-head ' + f['level'])}"
            f" ({f['seats']} seats, {n} seeds): {f['points']:g}/{n} = {100 * f['points'] / n:.1f}%"
            f" (wins {f['win']}, ties {f['tie']}, losses {f['loss']}){early_ends_text(f['early_ends'])}")


def measure_all_bot(pool: ProcessPoolExecutor, slug: str, level: str, seats: int, seeds: range,
                    options: dict[str, str], times: Spent, quiet: bool) -> Figure:
    t0 = time.perf_counter()
    scores: list[int] = []
    winners: list[int] = []
    eliminated = 0
    early = 0
    ends: dict[str, int] = {}
    games = pool.map(all_bot_game, *zip(*[(slug, level, seats, s, options) for s in seeds]))
    for seed, (got, out, end, spent, ended) in zip(seeds, games):
        scores.extend(got)
        winners.append(max(got))
        eliminated += out
        early += ended
        if end:
            ends[end] = ends.get(end, 0) + 1
        times.add(spent)
        if not quiet:
            print(f"  all-bot {level} seed {seed}: scores={got} eliminated={out}{' end=' + end if end else ''}",
                  flush=True)
    figure: Figure = {"game": label(slug, options), "level": level, "measure": f"all-bot {seats} seats",
                      "mean": round(statistics.mean(scores), 1), "winner_mean": round(statistics.mean(winners), 1),
                      "eliminated": eliminated, "seat_games": len(scores), "ends": ends, "early_ends": early}
    figure["line"] = all_bot_line(figure)
    print(f"{figure['line']}  ({time.perf_counter() - t0:.0f}s)", flush=True)
    return figure


def all_bot_line(f: Figure) -> str:
    """An all-bot figure in words."""
    seats = int(f["measure"].split()[1])
    games = f["seat_games"] // seats
    line = (f"{f['game']} all-bot {f['level']} ({seats} seats, {games} seeds): mean {f['mean']:.1f} a seat,"
            f" winner mean {f['winner_mean']:.1f},"
            f" eliminated {f['eliminated']}/{f['seat_games']} = {100 * f['eliminated'] / f['seat_games']:.1f}%")
    if f["ends"]:
        line += ", ended " + ", ".join(f"{k} {v}/{games}" for k, v in sorted(f["ends"].items()))
    return line + early_ends_text(f["early_ends"])


def line_of(f: Figure) -> str:
    """A figure in words, by its measure (a bar such as 60% is read to a
    tenth: 119/200 is 59.5%, not 60%)."""
    measure = str(f["measure"])
    if measure.startswith("head-to-head"):
        return head_to_head_line(f)
    if measure.startswith("all-bot"):
        return all_bot_line(f)
    if measure == "solo":
        return solo_line(f)
    if measure.startswith("decision times"):
        return times_line(f)
    raise ValueError(f"{f['game']} {measure}: not a measure of this bench")


def commit() -> str:
    """The repository's commit, "+changes" when the tree differs from it."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()
    head = git("rev-parse", "HEAD") or "unknown"
    return head + ("+changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def write_results(path: Path, figures: list[Figure], run: dict[str, Any]) -> None:
    """The results file with these figures (each with ``run``: the command,
    the seeds, the commit and the date) in place of earlier ones of the same
    game, level and measure; every figure's line written anew from its
    numbers (:func:`line_of`), so the file reads alike throughout. Written
    to the repository's own results file (:data:`RESULTS`), the README's
    quote of it is written anew too (:func:`bench.readme_quote.write_quote`)."""
    kept: list[Figure] = []
    if path.exists():
        kept = list(json.loads(path.read_text(encoding="utf-8")).get("figures", []))
    made = {(f["game"], f["level"], f["measure"]) for f in figures}
    kept = [f for f in kept if (f["game"], f["level"], f["measure"]) not in made]
    every = sorted(kept + [{**f, **run} for f in figures], key=lambda f: (f["game"], f["level"], f["measure"]))
    every = [{**f, "line": line_of(f)} for f in every]
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"about": "bench/bot_strength.py: each measure's latest figures and the run that made them",
                       "figures": every}, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    print(f"results: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", flush=True)
    if path.resolve() == RESULTS.resolve():
        write_quote(every)
        print("README.md: its quote of the results written anew", flush=True)


def made_by(argv: list[str]) -> list[str]:
    """The arguments that made the figures: where they were written
    (``--results``) is left out."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--results":
            skip = True
        elif not arg.startswith("--results="):
            out.append(arg)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default=",".join(slugs()), help="comma-separated slugs (default: all)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels (default: all)")
    parser.add_argument("--seeds", type=int, default=100, help="seeds per measure (default 100)")
    parser.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--against", default="easy", choices=["easy", "normal", "random"],
                        help="the head-to-head opponent (default easy, today's bot)")
    parser.add_argument("--seats", default="", help="all-bot seat counts, e.g. 4,5 (default: the game's usual)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--head-to-head-only", action="store_true", help="leave out the all-bot games")
    only.add_argument("--all-bot-only", action="store_true", help="leave out the head-to-head games")
    parser.add_argument("--quiet", action="store_true", help="no line per all-bot game")
    parser.add_argument("--whole-searches", action="store_true",
                        help="hard searches ignore their time limit (figures independent of load)")
    parser.add_argument("--options", default="", help="game options, key=value comma-separated (map=barbados)")
    parser.add_argument("--map", default="", help="short for --options map=NAME (Age of Steam)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results file (default %(default)s)")
    parser.add_argument("--no-results", action="store_true", help="print the figures only")
    args = parser.parse_args()
    options = dict(kv.split("=", 1) for kv in args.options.split(",") if kv.strip())
    if args.map:
        options["map"] = args.map
    run = {"command": shlex.join(["bench/bot_strength.py", *made_by(sys.argv[1:])]),
           "seeds": f"{args.start}-{args.start + args.seeds - 1}", "commit": commit(),
           "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")}
    figures: list[Figure] = []
    seeds = range(args.start, args.start + args.seeds)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    start = stop_search_clocks if args.whole_searches else None
    with ProcessPoolExecutor(max_workers=max(1, args.jobs), initializer=start) as pool:
        for slug in [s.strip() for s in args.games.split(",") if s.strip()]:
            counts = ([int(n) for n in args.seats.split(",") if n.strip()]
                      or [seats_for(slug, options, ALL_BOT_SEATS.get(slug, 2))])
            solo = get_game(slug).player_counts(options) == (1,)
            for level in levels:
                times = Spent()
                made: list[Figure] = []
                if solo:
                    made.append(measure_solo(pool, slug, level, seeds, options, times, args.quiet))
                else:
                    if not args.all_bot_only and not (level == args.against):
                        made.append(measure_head_to_head(pool, slug, level, args.against, seeds, options, times))
                    if not args.head_to_head_only:
                        for seats in counts:
                            made.append(measure_all_bot(pool, slug, level, seats, seeds, options, times, args.quiet))
                figures.extend(made)
                if times.times:
                    figures.append(times_figure(label(slug, options), level, times, made))
    if not args.no_results:
        write_results(args.results, figures, run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
