"""Bot strength over several runs: the figures of runs over consecutive seed
ranges, added up into one figure per measure.

    .venv/bin/python bench/merge_results.py RUN.json [RUN.json ...] [--results FILE]

A long measure (200 seeds of a hard bot thinking up to two seconds a
decision) is best run as several ``bench/bot_strength.py --start S --seeds N
--results RUN.json`` runs, one after another or side by side: a stopped
session then loses only the run under way. This adds the runs' figures up,
measure by measure (the same game, level and measure in each run; a
measure only some runs made is left out, and named):

- head to head: wins, ties, losses, points and early ends summed;
- all-bot games: the mean a seat weighted by the seat games, the winner's
  mean by the games (from the runs' means, each to 0.1); eliminations,
  endings and early ends summed;
- one-seat games: completed and lost games summed, the mean score weighted
  by the completed games;
- decision times: decisions, searches and cut searches summed (the
  searches only when every run counted them), the longest kept. A run
  keeps only its median and p95, not its times, so the merged median and
  p95 are the highest of the runs' (at least the pooled ones), and the
  line says so.

The runs' seeds must follow on, without a gap or an overlap. The merged
figure records each run's command and commit (joined by `` ; `` and ``, ``),
the seeds they cover and the latest run's date, and replaces the results
file's entry for its measure (default ``bench/results/bot_strength.json``;
there the README's quote of the file is written anew with it:
``bench/readme_quote.py``).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bot_strength import RESULTS, Figure, line_of, made_by, write_results  # noqa: E402


class MergeError(Exception):
    """Runs that cannot be added up (a gap or an overlap in their seeds, no
    measure common to every run, head-to-head runs at different seat counts)."""


def seed_range(figure: Figure) -> tuple[int, int]:
    first, last = figure["seeds"].split("-")
    return int(first), int(last)


def command_of(figure: Figure) -> str:
    """The run's command without where its figures were written (older runs recorded it)."""
    return shlex.join(made_by(shlex.split(figure["command"])))


def follow_on(parts: list[Figure]) -> list[Figure]:
    """The runs of one measure in seed order; raises :class:`MergeError`
    unless each starts where the one before stopped."""
    ordered = sorted(parts, key=seed_range)
    for before, after in zip(ordered, ordered[1:]):
        if seed_range(after)[0] != seed_range(before)[1] + 1:
            raise MergeError(f"{after['game']} {after['level']} {after['measure']}: seeds {before['seeds']} "
                             f"and {after['seeds']} do not follow on")
    return ordered


def summed(parts: list[Figure], *keys: str) -> dict[str, int | float]:
    return {key: sum(p[key] for p in parts) for key in keys}


def added_counts(parts: list[Figure], key: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in parts:
        for k, v in p[key].items():
            out[k] = out.get(k, 0) + v
    return out


def weighted(parts: list[Figure], key: str, weight: list[int]) -> float | None:
    total = sum(weight)
    if not total:
        return None
    return round(float(sum(p[key] * w for p, w in zip(parts, weight) if w)) / total, 1)


def merged(parts: list[Figure]) -> Figure:
    """One measure's runs added up (see the module docstring), with its line."""
    parts = follow_on(parts)
    last = parts[-1]
    figure: Figure = {k: last[k] for k in ("game", "level", "measure")}
    measure = str(last["measure"])
    if measure.startswith("head-to-head"):
        if len({p["seats"] for p in parts}) > 1:
            raise MergeError(f"{last['game']} {measure}: the runs played different seat counts")
        figure.update(seats=last["seats"], **summed(parts, "points", "win", "tie", "loss", "early_ends"))
        figure["share"] = round(figure["points"] / (figure["win"] + figure["tie"] + figure["loss"]), 3)
    elif measure.startswith("all-bot"):
        seats = int(measure.split()[1])
        figure.update(mean=weighted(parts, "mean", [p["seat_games"] for p in parts]),
                      winner_mean=weighted(parts, "winner_mean", [p["seat_games"] // seats for p in parts]),
                      ends=added_counts(parts, "ends"), **summed(parts, "eliminated", "seat_games", "early_ends"))
    elif measure == "solo":
        figure.update(losses=added_counts(parts, "losses"), **summed(parts, "completed", "lost"),
                      mean_score=weighted(parts, "mean_score", [p["completed"] for p in parts]))
    elif measure.startswith("decision times"):
        figure.update(median_ms=max(p["median_ms"] for p in parts), p95_ms=max(p["p95_ms"] for p in parts),
                      max_ms=max(p["max_ms"] for p in parts), decisions=sum(p["decisions"] for p in parts),
                      runs=sum(int(p.get("runs", 1)) for p in parts))
        if all("searches" in p for p in parts):
            figure.update(**summed(parts, "searches", "cut_searches"))
    else:
        raise MergeError(f"{last['game']} {measure}: not a measure this merge knows")
    figure["line"] = line_of(figure)
    figure.update(command=" ; ".join(command_of(p) for p in parts),
                  seeds=f"{seed_range(parts[0])[0]}-{seed_range(last)[1]}",
                  commit=", ".join(dict.fromkeys(p["commit"] for p in parts)),
                  date=max(p["date"] for p in parts))
    return figure


def times_named(run: list[Figure]) -> list[Figure]:
    """The run's figures, its decision times named after the measures they
    timed, as ``bench/bot_strength.py`` names them now (older runs wrote
    plain ``decision times``)."""
    out: list[Figure] = []
    for f in run:
        if f["measure"] == "decision times":
            timed = [g["measure"] for g in run if (g["game"], g["level"]) == (f["game"], f["level"]) and g is not f]
            f = {**f, "measure": "decision times, " + " and ".join(timed)}
        out.append(f)
    return out


Key = tuple[str, str, str]
"""A measure: (game, level, measure)."""


def key_of(f: Figure) -> Key:
    return f["game"], f["level"], f["measure"]


def common(runs: list[list[Figure]]) -> tuple[list[Key], list[Key]]:
    """The measures every run made, and those only some made (left out)."""
    kinds = [{key_of(f) for f in run} for run in runs]
    shared = set.intersection(*kinds)
    return sorted(shared), sorted(set.union(*kinds) - shared)


def merge_runs(runs: list[list[Figure]]) -> tuple[list[Figure], list[Key]]:
    """Each measure every run made, added up, and the measures left out (only
    some runs made them); raises :class:`MergeError` when the runs share no
    measure."""
    runs = [times_named(run) for run in runs]
    shared, left_out = common(runs)
    if not shared:
        raise MergeError("the runs measured different things: merge runs of the same command, other seeds")
    return [merged([f for run in runs for f in run if key_of(f) == key]) for key in shared], left_out


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="the runs' results files")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results file (default %(default)s)")
    args = parser.parse_args()
    try:
        figures, left_out = merge_runs([json.loads(p.read_text(encoding="utf-8"))["figures"] for p in args.runs])
    except (MergeError, OSError, ValueError, KeyError) as e:
        print(f"merge_results: {e}", file=sys.stderr)
        return 1
    for key in left_out:
        print(f"left out, not in every run: {' '.join(key)}", flush=True)
    for figure in figures:
        print(figure["line"], flush=True)
    write_results(args.results, figures, {})
    return 0


if __name__ == "__main__":
    sys.exit(main())
