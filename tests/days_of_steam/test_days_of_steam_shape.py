"""Days of Steam in the shape every game follows: a stateless game object,
a typed state, choices from one token tree."""

from __future__ import annotations

import random

from games.core import CHANCE, State
from games.days_of_steam import GAME
from games.days_of_steam.state import DaysOfSteamState
from games.playout import step

NAMES = ["ann", "bob", "cid"]


def _states(seed: int, count: int) -> list[State]:
    """The states of a random game, after each of its first ``count`` actions."""
    rng = random.Random(seed)
    state = GAME.new(NAMES, {})
    seen = []
    for _ in range(count):
        if GAME.is_over(state):
            break
        state, *_rest = step(GAME, state, rng)
        seen.append(state)
    return seen


def test_the_game_object_keeps_nothing_between_calls() -> None:
    """Games are stateless (games/core.py): asking for the choices of a
    state leaves nothing on the game object."""
    before = dict(vars(GAME))
    for state in _states(1, 12):
        for seat in GAME.to_act(state):
            if seat != CHANCE:
                GAME.legal_actions(state, seat)
    assert vars(GAME) == before == {}


def test_a_new_state_has_exactly_the_keys_of_its_type() -> None:
    typed_keys = DaysOfSteamState.__required_keys__ | DaysOfSteamState.__optional_keys__
    assert set(GAME.new(NAMES, {})) == set(typed_keys)
    for state in _states(2, 40):
        assert set(state) == set(typed_keys)


def test_the_panel_offers_exactly_the_legal_actions() -> None:
    """Walking the panel's options token by token reaches every legal
    action and nothing else."""
    for state in _states(3, 30):
        for seat in GAME.to_act(state):
            if seat == CHANCE:
                continue
            leaves: set[str] = set()

            def visit(prefix: list[str]) -> None:
                for option in GAME.options_at(state, seat, prefix):
                    if option.complete:
                        leaves.add(" ".join(prefix + [option.token]))
                    else:
                        visit(prefix + [option.token])

            visit([])
            assert leaves == {c.text for c in GAME.legal_actions(state, seat)}
            assert leaves


def _saved_in_schema_2(state: State) -> State:
    """``state`` (a game going on) as Railyard stored it before schema 3:
    the seat to play as ``turn``, the end as ``over``, the last move's
    squares as ``last["cells"]``."""
    old = {("turn" if k == "current" else k): v for k, v in state.items() if k not in ("ended", "winner")}
    old["over"] = None
    if state["last"] is not None:
        old["last"] = {("cells" if k == "where" else k): v for k, v in state["last"].items()}
    old["schema"] = 2
    return old


def test_a_game_saved_in_the_previous_format_loads_and_continues() -> None:
    states = _states(4, 25)
    state = next(s for s in states if CHANCE not in GAME.to_act(s) and s["current"] == 1)
    loaded = GAME.upgrade(_saved_in_schema_2(state))
    assert loaded == state
    assert loaded["schema"] == GAME.schema_version == 4
    assert GAME.to_act(loaded) == [1]
    action = GAME.legal_actions(loaded, 1)[0].text
    assert GAME.apply(loaded, 1, action).state == GAME.apply(state, 1, action).state


def test_a_stored_state_of_schema_2_from_a_fresh_game_upgrades() -> None:
    old = _saved_in_schema_2(GAME.new(NAMES, {}))
    assert "turn" in old and "current" not in old
    assert GAME.upgrade(old) == GAME.new(NAMES, {})
