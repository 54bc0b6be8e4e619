"""The console hot seat with Steam Rollers: a typed die value picks that
die, not the menu line of that number."""

from __future__ import annotations

from typing import Iterator

import pytest

from bot.console import ask_move
from games.steam_rollers import GAME
from steam_rollers_fixtures import give, started


def _answers(monkeypatch: pytest.MonkeyPatch, *typed: str) -> None:
    answers: Iterator[str] = iter(typed)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))


def test_typing_a_die_value_picks_that_die_when_the_menu_narrows_step_by_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = started(3, roll="roll 1 1 3 5 6")                  # menu: 1. die 1, 2. die 3, 3. die 5 ...
    assert len(GAME.legal_actions(state, 0)) > 30
    _answers(monkeypatch, "3", "improve")
    assert ask_move(GAME, state, 0, "ann") == "3 improve"


def test_typing_a_die_value_picks_that_die_in_a_full_list(monkeypatch: pytest.MonkeyPatch) -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)                                       # each pick is an action of its own
    assert [c.text for c in GAME.legal_actions(state, 0)] == ["1", "3", "5", "6"]
    _answers(monkeypatch, "3")
    assert ask_move(GAME, state, 0, "ann") == "3"
    _answers(monkeypatch, "2")                                 # no die 2: menu line 2 is die 3
    assert ask_move(GAME, state, 0, "ann") == "3"


def test_a_huge_number_typed_in_the_console_is_passed_on_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    give(state, "2b", 2)
    _answers(monkeypatch, "9" * 5000)
    assert ask_move(GAME, state, 0, "ann") == "9" * 5000
