"""The one list of Railyard's games.

The games are the packages named in :data:`PACKAGES` (slug -> package under
:mod:`games`, each exposing a ``GAME`` object, an instance of
:class:`games.core.Game`). A game's package is imported the first time the
game is asked for, once; :func:`slugs` names the games without importing
any. A new game is added by creating its package and naming it here.

Tests and tools add stand-in games with :func:`register` (or, for one test,
:func:`registered`); the mapping :func:`all_games` returns is read-only.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from types import MappingProxyType
from typing import Iterator, Mapping

from games.core import Game

PACKAGES: Mapping[str, str] = MappingProxyType({
    "age-of-steam": "age_of_steam",
    "days-of-steam": "days_of_steam",
    "mine-carts": "mine_carts",
    "steam-rollers": "steam_rollers",
    "string-railway": "string_railway",
})
"""Slug -> the package under :mod:`games` that exports the game as ``GAME``."""

BOT_LEVELS: Mapping[str, str] = MappingProxyType({
    # Age of Steam keeps its older shape until it moves to a levels.py of its own
    # (issue 34): its policy.py's LEVELS names normal and hard, and its POLICY is easy.
    "age-of-steam": "games.age_of_steam.levels",
    "days-of-steam": "games.days_of_steam.levels",
    "mine-carts": "games.mine_carts.levels",
    "steam-rollers": "games.steam_rollers.levels",
    "string-railway": "games.string_railway.levels",
})
"""Slug -> the module whose ``LEVELS`` maps each bot level (easy, normal,
hard) to the game's policy (:func:`games.bots.policy_for` reads it)."""

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}


def _load(slug: str) -> Game:
    """The ``GAME`` of the listed package for ``slug``, imported once."""
    game = _loaded.get(slug)
    if game is None:
        module = importlib.import_module(f"games.{PACKAGES[slug]}")
        found = getattr(module, "GAME", None)
        if not isinstance(found, Game) or found.slug != slug:
            raise TypeError(f"games.{PACKAGES[slug]} must export GAME, a games.core.Game with slug '{slug}'")
        game = _loaded[slug] = found
    return game


def slugs() -> list[str]:
    """Every registered slug, sorted (imports no game)."""
    return sorted({*PACKAGES, *_extra})


def all_games() -> Mapping[str, Game]:
    """Slug -> game, sorted by slug (read-only: add games with :func:`register`)."""
    return MappingProxyType({slug: get_game(slug) for slug in slugs()})


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError names the known ones."""
    if slug in _extra:
        return _extra[slug]
    if slug not in PACKAGES:
        raise KeyError(f"Unknown game '{slug}'. Known games: {', '.join(slugs())}.")
    return _load(slug)


def register(game: Game) -> None:
    """Add a game that is not one of :data:`PACKAGES` (a test's stand-in
    game). Registering the same object twice is harmless; another game under
    a taken slug is an error."""
    taken = game.slug in PACKAGES or (game.slug in _extra and _extra[game.slug] is not game)
    if taken:
        raise ValueError(f"the slug '{game.slug}' is taken by another game")
    _extra[game.slug] = game


def unregister(slug: str) -> None:
    """Remove a game added with :func:`register` (the listed games stay)."""
    if slug in PACKAGES:
        raise ValueError(f"'{slug}' is one of the listed games and can't be removed")
    _extra.pop(slug, None)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """``game`` registered for the duration of a ``with`` block (one test)."""
    known = game.slug in _extra
    register(game)
    try:
        yield game
    finally:
        if not known:
            unregister(game.slug)
