"""The registered games as ``/game new`` offers them: found by a part of
their name, named by slug or name, and their options described and parsed."""

from __future__ import annotations

from games.core import Game
from games.registry import all_games

from .common import ServiceError


def matching_games(text: str) -> list[Game]:
    """The registered games whose name or slug contains ``text`` (any case),
    sorted by name: what ``/game new`` offers as the player types."""
    wanted = text.strip().lower()
    found = [g for g in all_games().values() if wanted in g.name.lower() or wanted in g.slug]
    return sorted(found, key=lambda g: g.name.lower())


def game_slug(text: str) -> str:
    """The slug of the game ``text`` names (its slug or its name, any case);
    ServiceError names the games when none does."""
    wanted = " ".join(text.split()).lower()
    for game in all_games().values():
        if wanted in (game.slug, game.name.lower()):
            return game.slug
    names = ", ".join(g.name for g in matching_games(""))
    shown = wanted[:40] + ("…" if len(wanted) > 40 else "")
    raise ServiceError(f"There is no game called '{shown}'. The games: {names}.")


def describe_options(game: Game) -> list[tuple[str, str]]:
    """(value, label) pairs for every option setting of ``game``: "difficulty=hard"."""
    out: list[tuple[str, str]] = []
    for o in game.options:
        for c in o.choices:
            out.append((f"{o.name}={c}", f"{o.name}: {c}" + (" (default)" if c == o.default else "")))
    return out


def parse_options(text: str | None) -> dict[str, str]:
    """"difficulty=hard, x=y" -> {"difficulty": "hard", "x": "y"}."""
    out: dict[str, str] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ServiceError(f"Options are written name=value (e.g. difficulty=hard), not '{part.strip()}'.")
        k, v = part.split("=", 1)
        out[k.strip().lower()] = v.strip().lower()
    return out
