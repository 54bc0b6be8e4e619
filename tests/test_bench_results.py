"""The bot-strength bench's results file records how its figures were made."""

from __future__ import annotations

from bench.bot_strength import made_by


def test_the_recorded_command_leaves_out_where_the_figures_were_written() -> None:
    argv = ["--games", "mine-carts", "--results", "/tmp/x.json", "--seeds", "70", "--results=/tmp/y.json",
            "--quiet"]
    assert made_by(argv) == ["--games", "mine-carts", "--seeds", "70", "--quiet"]
