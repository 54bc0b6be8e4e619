"""Who decides a bot seat's move: a :class:`BotPlayer` sees the seat's view
only; the default, :class:`GameBots`, is each game's own policy, at the
seat's level (:func:`at_level`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from games.bots import DEFAULT_LEVEL, policy_for
from games.core import Game, State


class BotPlayer(Protocol):
    """How a bot picks a move: from the seat's view only (nothing hidden from
    the seat), returning one canonical action text."""

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str: ...


@dataclass(frozen=True)
class GameBots:
    """The default bot: each game's own policy at ``level``
    (``games.bots.policy_for``), given the seat's view only."""

    level: str = DEFAULT_LEVEL

    def choose(self, game: Game, state_view: State, seat: int, rng: random.Random) -> str:
        return policy_for(game.slug, self.level).choose(game, state_view, seat, rng)


def at_level(player: BotPlayer, level: str) -> BotPlayer:
    """Who decides for a bot seat at ``level``: the games' own bots play at
    the seat's level; any other player (a test's) plays as it is."""
    return GameBots(level) if isinstance(player, GameBots) else player
