"""The registered games as ``/game new`` offers them: found by a part of
their name, named by slug or name, and their options described and parsed."""

from __future__ import annotations

from typing import Mapping

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


def map_choices(game: Game) -> list[tuple[str, str]]:
    """(value, label) for each map of ``game`` (none without a ``map``
    option): "barbados", "barbados: 1 player on the Barbados map"."""
    out: list[tuple[str, str]] = []
    for o in game.options:
        if o.name == "map":
            for c in o.choices:
                chosen = {"map": c}
                out.append((c, f"{c}: {players(game.players_needed(chosen))}{game.counts_reason(chosen)}"
                            + (" (default)" if c == o.default else "")))
    return out


def with_map(options: dict[str, str], chosen_map: str | None) -> dict[str, str]:
    """``options`` with the map ``/game new`` was given (``map:``), which
    must not contradict a ``map=`` among the options."""
    if chosen_map is None:
        return options
    wanted = chosen_map.strip().lower()
    if options.get("map", wanted) != wanted:
        raise ServiceError(f"Two maps given: map {wanted} and map={options['map']} in the options; keep one.")
    return {**options, "map": wanted}


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


def players(count: int | str) -> str:
    """"1 player", "3-6 players"."""
    return f"{count} player" + ("" if str(count) == "1" else "s")


def wrong_count(game: Game, options: Mapping[str, str], seated: int) -> str:
    """Why a lobby of ``seated`` can't start: the count its options allow
    ("Age of Steam is played by 2 players on the St. Lucia map; 1 seated.
    Wait for another player, or add a bot.")."""
    counts = game.player_counts(options)
    said = f"{game.name} is played by {players(game.players_needed(options))}{game.counts_reason(options)}; " \
           f"{seated} seated."
    if seated < min(counts):
        return said + " Wait for more players to join, or add a bot."
    return said + " Remove a bot, or ask a player to leave."
