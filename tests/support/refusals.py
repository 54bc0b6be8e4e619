"""The check every malformed-input test shares."""

from __future__ import annotations

import json

import pytest

from games.core import Game, IllegalAction, State


def refused(game: Game, state: State, seat: int, text: str) -> str:
    """Apply ``text``: it must raise IllegalAction with a message under 300
    characters and change nothing; returns the message."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, seat, text)
    assert json.dumps(state, sort_keys=True) == before
    message = str(caught.value)
    assert 0 < len(message) < 300, message
    return message
