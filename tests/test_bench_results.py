"""The bot-strength bench's results file records how its figures were made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import bot_strength, readme_quote
from bench.bot_strength import RESULTS, made_by, write_results
from bench.merge_results import MergeError, merge_runs


def test_the_recorded_command_leaves_out_where_the_figures_were_written() -> None:
    argv = ["--games", "mine-carts", "--results", "/tmp/x.json", "--seeds", "70", "--results=/tmp/y.json",
            "--quiet"]
    assert made_by(argv) == ["--games", "mine-carts", "--seeds", "70", "--quiet"]


def head_to_head_run(first: int, last: int, win: int, tie: int, loss: int, commit: str) -> list[dict[str, object]]:
    """A run's figures as bench/bot_strength.py writes them."""
    run = {"command": f"bench/bot_strength.py --seeds {last - first + 1} --start {first} --results /tmp/r.json",
           "seeds": f"{first}-{last}", "commit": commit, "date": f"2026-11-29T0{first % 10}:00Z"}
    h2h = {"game": "mine-carts", "level": "hard", "measure": "head-to-head vs normal", "seats": 2,
           "points": win + tie / 2, "win": win, "tie": tie, "loss": loss, "early_ends": 0, **run}
    times = {"game": "mine-carts", "level": "hard", "measure": "decision times, head-to-head vs normal",
             "median_ms": 400.0 + first, "p95_ms": 1500 + first, "max_ms": 2500 - first, "decisions": 100,
             "searches": 40, "cut_searches": first % 7, **run}
    return [h2h, times]


def test_runs_over_consecutive_seeds_add_up_to_one_figure_per_measure() -> None:
    figures, _left_out = merge_runs([head_to_head_run(25, 49, 10, 10, 5, "bbb"),
                                     head_to_head_run(0, 24, 12, 8, 5, "aaa")])
    h2h = next(f for f in figures if f["measure"] == "head-to-head vs normal")
    assert (h2h["win"], h2h["tie"], h2h["loss"], h2h["points"], h2h["share"]) == (22, 18, 10, 31.0, 0.62)
    assert h2h["seeds"] == "0-49" and h2h["commit"] == "aaa, bbb" and h2h["date"] == "2026-11-29T05:00Z"
    assert h2h["command"].split(" ; ") == ["bench/bot_strength.py --seeds 25 --start 0",
                                           "bench/bot_strength.py --seeds 25 --start 25"]
    assert "(2 seats, 50 seeds): 31/50 = 62.0% (wins 22, ties 18, losses 10)" in h2h["line"]


def test_merged_decision_times_give_the_highest_median_and_p95_of_the_runs_and_say_so() -> None:
    figures, _left_out = merge_runs([head_to_head_run(0, 24, 1, 1, 1, "a"), head_to_head_run(25, 49, 1, 1, 1, "a")])
    times = next(f for f in figures if f["measure"].startswith("decision times"))
    assert (times["median_ms"], times["p95_ms"], times["max_ms"], times["decisions"]) == (425.0, 1525, 2500, 200)
    assert "median at most 425.0 ms, p95 at most 1525 ms (the highest of 2 runs)" in times["line"]
    assert (times["searches"], times["cut_searches"]) == (80, 4) and "4 of 80 searches cut by the clock" in times["line"]
    assert times["commit"] == "a" and times["measure"] == "decision times, head-to-head vs normal"


def test_a_run_from_before_times_were_named_is_named_after_what_it_timed() -> None:
    old = head_to_head_run(0, 24, 1, 1, 1, "a")
    old[1]["measure"] = "decision times"
    figures, _left_out = merge_runs([old, head_to_head_run(25, 49, 1, 1, 1, "a")])
    assert sorted(f["measure"] for f in figures) == ["decision times, head-to-head vs normal", "head-to-head vs normal"]


@pytest.mark.parametrize("second", [(26, 49), (20, 49)])
def test_runs_whose_seeds_leave_a_gap_or_overlap_are_refused(second: tuple[int, int]) -> None:
    with pytest.raises(MergeError, match="do not follow on"):
        merge_runs([head_to_head_run(0, 24, 1, 1, 1, "a"), head_to_head_run(*second, 1, 1, 1, "a")])


def test_a_measure_only_some_runs_made_is_left_out_and_runs_sharing_none_are_refused() -> None:
    figures, left_out = merge_runs([head_to_head_run(0, 24, 1, 1, 1, "a"), head_to_head_run(25, 49, 1, 1, 1, "a")[:1]])
    assert [f["measure"] for f in figures] == ["head-to-head vs normal"]
    assert left_out == [("mine-carts", "hard", "decision times, head-to-head vs normal")]
    with pytest.raises(MergeError, match="different things"):
        merge_runs([head_to_head_run(0, 24, 1, 1, 1, "a")[:1], head_to_head_run(25, 49, 1, 1, 1, "a")[1:]])


def test_merged_all_bot_means_are_weighted_by_the_games_behind_them() -> None:
    def run(first: int, last: int, mean: float, winner: float) -> list[dict[str, object]]:
        n = last - first + 1
        return [{"game": "age-of-steam", "level": "hard", "measure": "all-bot 4 seats", "mean": mean,
                 "winner_mean": winner, "eliminated": 1, "seat_games": 4 * n, "ends": {}, "early_ends": 0,
                 "command": "c", "seeds": f"{first}-{last}", "commit": "a", "date": "d"}]
    [figure], _left_out = merge_runs([run(0, 9, 60.0, 80.0), run(10, 39, 64.0, 84.0)])
    assert (figure["mean"], figure["winner_mean"], figure["eliminated"], figure["seat_games"]) == (63.0, 83.0, 2, 160)
    assert "(4 seats, 40 seeds): mean 63.0 a seat, winner mean 83.0, eliminated 2/160" in figure["line"]


def test_writing_the_results_file_writes_every_figures_line_anew_to_a_tenth(tmp_path: Path) -> None:
    """A figure already in the file keeps its numbers but its line is made
    again from them: 119/200 reads 59.5%, never a rounded 60% beside a 60% bar."""
    path = tmp_path / "bot_strength.json"
    old = {**head_to_head_run(0, 199, 72, 94, 34, "aaa")[0], "line": "119/200 = 60%"}
    path.write_text(json.dumps({"figures": [old]}), encoding="utf-8")
    write_results(path, [], {})
    (figure,) = json.loads(path.read_text(encoding="utf-8"))["figures"]
    assert figure["line"].endswith("(2 seats, 200 seeds): 119/200 = 59.5% (wins 72, ties 94, losses 34)")


def test_the_readme_quotes_the_results_file_as_it_is_today() -> None:
    """The README's levels paragraph says what the results file says: its
    quote is the one ``bench/readme_quote.py`` writes from the file."""
    text = readme_quote.README.read_text(encoding="utf-8")
    assert text == readme_quote.with_quote(text, readme_quote.figures_of(RESULTS))
    for figure in readme_quote.figures_of(RESULTS):
        assert figure["line"] in text


def test_the_quote_replaces_only_what_lies_between_its_markers() -> None:
    figure = {**head_to_head_run(0, 199, 72, 94, 34, "aaa")[0], "line": "mine-carts 59.5%"}
    text = f"before\n{readme_quote.BEGIN}\nstale line\n{readme_quote.END}\nafter\n"
    once = readme_quote.with_quote(text, [figure])
    assert once.startswith(f"before\n{readme_quote.BEGIN}\n") and once.endswith(f"{readme_quote.END}\nafter\n")
    assert "stale line" not in once and "mine-carts 59.5% [seeds 0-199, 2026-11-29]" in once
    assert readme_quote.with_quote(once, [figure]) == once


@pytest.mark.parametrize("text", ["no markers\n", f"{readme_quote.END}\n{readme_quote.BEGIN}\n"])
def test_a_readme_without_its_markers_in_order_is_refused(text: str) -> None:
    with pytest.raises(readme_quote.QuoteMissing):
        readme_quote.with_quote(text, [])


def test_writing_the_repositorys_results_file_writes_the_readmes_quote_and_no_other_file_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"{readme_quote.BEGIN}\n{readme_quote.END}\n", encoding="utf-8")
    results = tmp_path / "bench" / "results" / "bot_strength.json"
    monkeypatch.setattr(readme_quote, "README", readme)
    monkeypatch.setattr(bot_strength, "RESULTS", results)
    figure = head_to_head_run(0, 199, 72, 94, 34, "aaa")[0]
    write_results(tmp_path / "run.json", [figure], {})
    assert "59.5%" not in readme.read_text(encoding="utf-8")
    write_results(results, [figure], {})
    assert "119/200 = 59.5% (wins 72, ties 94, losses 34) [seeds 0-199" in readme.read_text(encoding="utf-8")
