"""The game's parameters and tables, loaded once from ``data/steam_rollers``.

Every count and table of the game lives in those JSON files (the rulebook's
numbers and our design decisions); this module only reads them into typed
constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.data import load_json


def _load(name: str) -> dict[str, Any]:
    """``data/steam_rollers/<name>``, read through :mod:`games.data`."""
    data: dict[str, Any] = load_json("steam_rollers", name)
    return data


@dataclass(frozen=True)
class CardSide:
    """One side of a special card: ``code`` like "5b", its effect in words,
    whether it goes back to the centre after use, and its end-game VP."""

    code: str
    name: str
    effect: str
    one_time: bool
    vp: int


@dataclass(frozen=True)
class Rules:
    """The rulebook's counts and the tables of the design note."""

    cube_colours: tuple[str, ...]
    cubes_per_colour: int
    extra_cubes_per_city: int
    empty_cities_to_end: int
    engine_boxes: int
    engine_bonus: dict[int, int]
    destinations: dict[str, tuple[int, ...]]
    black_die_shapes: dict[int, tuple[str, ...]]
    card_sides: dict[str, CardSide]
    borders: dict[int, tuple[int, int]]
    wall_tables: dict[str, dict[int, tuple[int, ...]]]


@cache
def rules() -> Rules:
    """The game's parameters (loaded once)."""
    table = _load("rules.json")
    cards = _load("cards.json")["cards"]
    walls = _load("walls.json")
    return Rules(
        cube_colours=tuple(table["cube_colours"]),
        cubes_per_colour=int(table["cubes_per_colour"]),
        extra_cubes_per_city=int(table["extra_cubes_per_city"]),
        empty_cities_to_end=int(table["empty_cities_to_end"]),
        engine_boxes=int(table["engine_boxes"]),
        engine_bonus={int(k): int(v) for k, v in table["engine_bonus"].items()},
        destinations={k: tuple(v) for k, v in table["destinations"].items()},
        black_die_shapes={int(k): tuple(v) for k, v in table["black_die_shapes"].items()},
        card_sides={
            code: CardSide(code, c["name"], c["effect"], c["kind"] == "one-time", int(c["vp"]))
            for code, c in cards.items()
        },
        borders={int(k): (int(v[0]), int(v[1])) for k, v in walls["borders"].items()},
        wall_tables={
            level: {int(k): tuple(v) for k, v in walls[level].items()} for level in ("medium", "hard")
        },
    )


def map_data() -> dict[str, Any]:
    """The raw map table (hexes with region, city, town)."""
    return _load("map.json")
