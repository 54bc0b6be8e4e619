"""Recorded games (the 18xx way): one whole game per registered game under
``tests/fixtures/<slug>.json``, replayed by the tests to the same final state
and outcome, so a rules change that alters an old game fails loudly.

A record holds what makes the game: the players, the options, the seed the
chance secret is derived from (``games.core.secret_from_seed``), the full
action log (chance outcomes included), the final state and the outcome.
``bench/make_fixture.py`` writes one on purpose (a seeded random playout).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from games.core import CHANCE, Game, IllegalAction, State, chance_rng, secret_from_seed
from games.playout import play_out

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def fixture_path(slug: str, options: dict[str, str] | None = None) -> Path:
    """``tests/fixtures/<slug>.json``; for a non-default map
    ``<slug>.<map>.json`` (``age-of-steam.barbados.json``)."""
    from tests.support.variants import VARIED_OPTIONS
    from games.registry import get_game
    defaults = {o.name: o.default for o in get_game(slug).options} if options else {}
    extra = [v for k, v in (options or {}).items() if k in VARIED_OPTIONS and v != defaults.get(k)]
    return FIXTURES / ".".join([slug, *extra, "json"])


def outcome_record(game: Game, state: State) -> dict[str, Any]:
    """The outcome as plain JSON (scores, breakdown, ranking, tie-break note;
    ``summary`` and ``solo_lost`` only when set, so records made before those
    fields existed still compare equal)."""
    record = asdict(game.outcome(state))
    for key, unset in (("summary", ""), ("solo_lost", False)):
        if record.get(key) == unset:
            del record[key]
    return record


def bot_play(game: Game, players: list[str], seed: int, options: dict[str, str],
             level: str) -> tuple[State, list[tuple[int, str]]]:
    """A whole game with every seat played by the game's bot at ``level``,
    through :func:`games.playout.play_out`; the final state and the log."""
    from games.bots import bot_action, policy_for
    policy = policy_for(game.slug, level)
    return play_out(game, players, seed, options,
                    choose=lambda g, state, seat, rng: bot_action(g, state, seat, rng, policy))


def record(game: Game, players: list[str], seed: int, options: dict[str, str] | None = None,
           level: str | None = None) -> dict[str, Any]:
    """A whole game played by seeded random players (or by the game's bots
    at ``level``), as a record."""
    chosen = game.resolve_options(options or {})
    final, log = bot_play(game, players, seed, chosen, level) if level else play_out(game, players, seed, chosen)
    return {
        "game": game.slug,
        "schema": game.schema_version,
        "players": players,
        "options": chosen,
        "seed": seed,
        "log": [[seat, action] for seat, action in log],
        "final": final,
        "outcome": outcome_record(game, final),
    }


def dumps(rec: dict[str, Any]) -> str:
    """A record as text: one action per line, so a diff shows where a game changed."""
    head = {k: v for k, v in rec.items() if k not in ("log", "final", "outcome")}
    lines = ["{"]
    lines += [f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}," for k, v in head.items()]
    lines.append(' "log": [')
    lines.append(",\n".join(f"  {json.dumps(entry)}" for entry in rec["log"]))
    lines.append(" ],")
    lines.append(f' "outcome": {json.dumps(rec["outcome"], sort_keys=True)},')
    lines.append(f' "final": {json.dumps(rec["final"], sort_keys=True, separators=(",", ":"))}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def load(slug: str, options: dict[str, str] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture_path(slug, options).read_text(encoding="utf-8"))
    return data


def replay(game: Game, rec: dict[str, Any]) -> State:
    """The record's game played again from its log, checking on the way that
    every action is still legal and canonical as logged, and that every
    chance outcome is the one its secret draws now. Returns the final state."""
    secret = secret_from_seed(int(rec["seed"]))
    state = game.new(rec["players"], rec["options"])
    for number, (seat, action) in enumerate(rec["log"]):
        if seat == CHANCE:
            drawn = game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
            assert drawn == action, f"action {number}: chance now draws {drawn!r}, the record has {action!r}"
        try:
            applied = game.apply(state, seat, action)
        except IllegalAction as exc:
            raise AssertionError(f"action {number} (seat {seat}: {action!r}) is refused now: {exc}") from exc
        assert applied.action == action, f"action {number}: {action!r} now reads as {applied.action!r}"
        state = applied.state
    return state
