"""Recorded games, the 18xx way: every listed game keeps one whole game under
``tests/fixtures/<slug>.json`` (players, options, the seed of the chance
secret, the full action log, the final state and the outcome), replayed here
to the same end. A rules change that alters an old game fails here, loudly;
rewrite the fixture on purpose with ``bench/make_fixture.py``."""

from __future__ import annotations

import json

import pytest

from games.core import Game, State
from games.registry import PACKAGES, get_game
from tests.support.race import RACE
from tests.support.recorded import dumps, fixture_path, load, outcome_record, record, replay
from tests.support.variants import VARIANTS, Variant

RECORDED = [v for v in VARIANTS if v.game.slug in PACKAGES]
"""Every listed game, and each map of a game with a map option."""
RECORDED_IDS = [v.id for v in RECORDED]
BUDGET = 300 * 1024
"""A fixture stays small: a few hundred kB at most."""


def _first_difference(a: object, b: object, where: str = "state") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{where}[{key!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where}: {json.dumps(a)[:200]} != {json.dumps(b)[:200]}"


@pytest.mark.parametrize("variant", RECORDED, ids=RECORDED_IDS)
def test_every_listed_game_keeps_a_recorded_game(variant: Variant) -> None:
    slug = variant.game.slug
    path = fixture_path(slug, variant.options)
    assert path.is_file(), f"no recorded game for {variant.id}: run bench/make_fixture.py {slug}"
    assert path.stat().st_size <= BUDGET
    rec = load(slug, variant.options)
    game = get_game(slug)
    assert rec["game"] == slug and rec["log"] and game.is_over(game.upgrade(rec["final"]))
    assert {k: rec["options"].get(k) for k in variant.options} == variant.options


@pytest.mark.parametrize("variant", RECORDED, ids=RECORDED_IDS)
def test_recorded_game_replays_to_the_same_end(variant: Variant) -> None:
    slug = variant.game.slug
    game = get_game(slug)
    rec = load(slug, variant.options)
    final = replay(game, rec)
    stored: State = game.upgrade(rec["final"])  # a fixture older than the game's schema is upgraded
    assert final == stored, _first_difference(final, stored)
    assert outcome_record(game, final) == rec["outcome"]


def _race_record() -> dict[str, object]:
    return record(RACE, ["ann", "bob"], seed=3)


def test_a_changed_rule_fails_the_replay_loudly() -> None:
    rec = _race_record()
    assert replay(RACE, rec) == rec["final"]

    class LongerSteps(type(RACE)):  # type: ignore[misc]
        def _move(self, state: State, seat: int, spaces: int, how: str) -> list[str]:
            return super()._move(state, seat, spaces + 1, how)  # type: ignore[no-any-return]

    changed: Game = LongerSteps()
    with pytest.raises(AssertionError):
        final = replay(changed, rec)
        assert final == rec["final"] and outcome_record(changed, final) == rec["outcome"]


def test_a_changed_chance_draw_fails_the_replay() -> None:
    rec = _race_record()

    class OtherDie(type(RACE)):  # type: ignore[misc]
        def sample_chance(self, state: State, rng: object) -> str:
            return "first 1" if state["current"] is None else "die 6"

    with pytest.raises(AssertionError, match="chance now draws"):
        replay(OtherDie(), rec)


def test_fixture_text_round_trips() -> None:
    rec = _race_record()
    assert json.loads(dumps(rec)) == json.loads(json.dumps(rec))
