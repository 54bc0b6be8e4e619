"""The README's levels paragraph quotes the bot strength results file.

``bench/bot_strength.py`` and ``bench/merge_results.py`` write their figures
to ``bench/results/bot_strength.json``; after writing that file (the
repository's own, not a run's file elsewhere) they rewrite the quote in
``README.md`` from it (:func:`write_quote`), so the README says what the
file says. The quote is the lines between :data:`BEGIN` and :data:`END`:
every figure's line with its seeds and date, in the file's order. A test
checks that the README's quote is the one the file gives today.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BEGIN = "<!-- bot-strength figures: written from bench/results/bot_strength.json by bench/readme_quote.py -->"
END = "<!-- end of bot-strength figures -->"


class QuoteMissing(Exception):
    """The README has no place for the quote (its two marker lines)."""


def quote(figures: list[dict[str, Any]]) -> str:
    """The quote's lines for the results file's ``figures``: each figure's
    line with its seeds and the day it was measured, in the file's order,
    a blank line between games (a game's options make it another)."""
    out: list[str] = []
    game = None
    for f in figures:
        if game is not None and f["game"] != game:
            out.append("")
        game = f["game"]
        out.append(f"{f['line']} [seeds {f['seeds']}, {str(f['date'])[:10]}]")
    return "\n".join(out)


def with_quote(text: str, figures: list[dict[str, Any]]) -> str:
    """``text`` (the README) with the lines between its markers replaced by
    :func:`quote` in a text block; raises :class:`QuoteMissing` when either
    marker line is missing or they are out of order."""
    lines = text.split("\n")
    try:
        start, stop = lines.index(BEGIN), lines.index(END)
    except ValueError:
        raise QuoteMissing(f"the README has no '{BEGIN}' and '{END}' lines to quote the figures between") from None
    if stop < start:
        raise QuoteMissing("the README's bot-strength markers are out of order")
    block = ["```text", *quote(figures).split("\n"), "```"]
    return "\n".join(lines[:start + 1] + block + lines[stop:])


def figures_of(results: Path) -> list[dict[str, Any]]:
    """The figures of a results file."""
    return list(json.loads(results.read_text(encoding="utf-8")).get("figures", []))


def write_quote(figures: list[dict[str, Any]], readme: Path | None = None) -> None:
    """Rewrites ``readme``'s quote (by default :data:`README`'s) of the
    results file's ``figures``."""
    readme = readme or README
    readme.write_text(with_quote(readme.read_text(encoding="utf-8"), figures), encoding="utf-8")
