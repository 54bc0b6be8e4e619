"""The one list of Railyard's games.

Every sub-package of :mod:`games` that exposes a ``GAME`` object (an instance
of :class:`games.core.Game`) is registered under its slug. A game is added by
creating its package; nothing else needs editing.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import games
from games.core import Game


@cache
def all_games() -> dict[str, Game]:
    """Slug -> game, sorted by slug."""
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
    return dict(sorted(found.items()))


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError names the known ones."""
    known = all_games()
    if slug not in known:
        raise KeyError(f"Unknown game '{slug}'. Known games: {', '.join(known)}.")
    return known[slug]
