"""The rules-core contract, checked for every registered game."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.core import CHANCE, Game, IllegalAction, State
from games.playout import play_out, random_action, replay, step
from games.registry import all_games
from rendering import render
from tests.support.variants import DRAWN, DRAWN_IDS, IDS, VARIANTS, Variant

GAMES = list(all_games().values())
NAMES = ["ann", "bob", "cid", "dee", "eve", "fay"]


def test_registry_lists_the_games() -> None:
    slugs = list(all_games())
    real = [s for s in slugs if all_games()[s].__module__.startswith("games.")]
    assert real == sorted(real)
    assert {"steam-rollers"} <= set(real) or not real  # grows as games land
    for game in GAMES:
        assert game.slug and game.name and game.summary
        assert 1 <= game.min_seats <= game.max_seats <= 8
        assert game.commands, f"{game.slug} offers no slash subcommands"


def _midgame(variant: Variant, seed: int, actions: int = 25) -> State:
    game = variant.game
    rng = random.Random(seed)
    state = game.new(NAMES[: variant.count(variant.fewest() + 1)], variant.options)
    latest = state  # the latest state that waits for a player
    for _ in range(actions):
        if game.is_over(state):
            break
        if CHANCE not in game.to_act(state):
            latest = state
        state, *_ = step(game, state, rng)
    return latest


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_illegal_action_leaves_state_unchanged(variant: Variant) -> None:
    game = variant.game
    state = _midgame(variant, 11)
    before = copy.deepcopy(state)
    due = [s for s in game.to_act(state) if s != CHANCE]
    assert due, "midgame state should wait for a player"
    with pytest.raises(IllegalAction) as bad:
        game.apply(state, due[0], "no-such-action at all")
    assert str(bad.value)
    waiting = set(game.to_act(state))
    others = [s for s in range(len(state["players"])) if s not in waiting]
    if others:
        legal = random_action(game, state, due[0], random.Random(1))
        with pytest.raises(IllegalAction, match="not your turn"):
            game.apply(state, others[0], legal)
    with pytest.raises(IllegalAction):
        game.apply(state, CHANCE, "anything")
    assert state == before


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_choices_fit_the_panel_and_autocomplete(variant: Variant) -> None:
    game = variant.game
    rng = random.Random(3)
    state = game.new(NAMES[: variant.fewest()], variant.options)
    for _ in range(60):
        if game.is_over(state):
            break
        for seat in game.to_act(state):
            if seat == CHANCE:
                continue
            choices = game.legal_actions(state, seat)
            assert choices, f"seat {seat} must act but has no legal action"
            texts = {c.text for c in choices}
            assert len(texts) == len(choices), "duplicate action texts"
            for c in choices:
                assert c.command in game.commands
                assert 0 < len(c.summary) <= 100, c.summary
                for s in c.steps:
                    assert s.token and " " not in s.token
                    assert 0 < len(s.label) <= 80 and len(s.detail) <= 100
                    assert 0 < len(s.heading) <= 100
                prefix = ""
                for s in c.steps[:-1]:
                    prefix = f"{prefix} {s.token}".strip()
                    assert prefix not in texts, f"{prefix!r} is a prefix of {c.text!r}"
        state, *_ = step(game, state, rng)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_random_game_ends_with_a_wellformed_outcome_and_replays(variant: Variant) -> None:
    game = variant.game
    players = NAMES[: variant.most()]
    checked: list[str] = []

    def check(state: State, seat: int, action: str) -> None:
        problems = game.check_invariants(state)
        assert not problems, f"after {seat}:{action}: {problems}"
        checked.append(action)

    final, log = play_out(game, players, seed=5, options=variant.options, after_each=check)
    assert game.is_over(final) and game.to_act(final) == []
    assert json.loads(json.dumps(final)) == final
    outcome = game.outcome(final)
    n = len(players)
    assert len(outcome.scores) == n and len(outcome.breakdown) == n
    for score, parts in zip(outcome.scores, outcome.breakdown):
        assert sum(parts.values()) == score
    flat = sorted(s for group in outcome.ranking for s in group)
    assert flat == list(range(n))
    for better, worse in zip(outcome.ranking, outcome.ranking[1:]):
        assert outcome.scores[better[0]] >= outcome.scores[worse[0]]
    assert replay(game, players, variant.options, log) == final


@pytest.mark.parametrize("variant", DRAWN, ids=DRAWN_IDS)
def test_views_are_json_and_render_for_every_seat(variant: Variant) -> None:
    game = variant.game
    state = _midgame(variant, 8, actions=40)
    for viewer in [None, *range(len(state["players"]))]:
        view = game.view(state, viewer)
        assert json.loads(json.dumps(view)) == view
        png = render(view, viewer)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) <= 400 * 1024


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_every_safe_default_is_a_legal_move_of_the_seat_due(variant: Variant) -> None:
    """What the turn clock's skip plays for a seat is always a legal move of
    that seat (or None: the bot), all through a random game."""
    game = variant.game
    offered: list[str] = []

    def check(state: State, seat: int, action: str) -> None:
        for due in game.to_act(state):
            if due == CHANCE:
                continue
            default = game.default_action(state, due)
            if default is not None:
                game.apply(state, due, default)  # raises if illegal
                offered.append(default)
        for idle in set(range(len(state["players"]))) - set(game.to_act(state)):
            assert game.default_action(state, idle) is None

    play_out(game, NAMES[: variant.count(variant.fewest() + 1)], seed=9, options=variant.options,
             after_each=check)
    if game.slug in ("age-of-steam", "steam-rollers"):
        assert offered, "a game with passes offers a safe default somewhere"
