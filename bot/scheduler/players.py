"""Who decides a bot seat's move: a :class:`BotPlayer` sees the seat's view
only; the default, :class:`GameBots`, is each game's own policy."""

from __future__ import annotations

import random
from typing import Protocol

from games.bots import policy_for
from games.core import Game, State


class BotPlayer(Protocol):
    """How a bot picks a move: from the seat's view only (nothing hidden from
    the seat), returning one canonical action text."""

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str: ...


class GameBots:
    """The default bot: each game's own policy (``games.bots.policy_for``),
    given the seat's view only."""

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str:
        return policy_for(game.slug).choose(game, state_view, seat, rng)
