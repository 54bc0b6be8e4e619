"""The game's parameters and tables, loaded once from ``data/steam_rollers``.

Every count and table of the game lives in those JSON files (the rulebook's
numbers and our design decisions); this module only reads them into typed
constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NotRequired, TypedDict, cast

from games.data import load_json


class RulesTable(TypedDict):
    """``rules.json``: the rulebook's counts (JSON keys are strings)."""

    source: str
    cube_colours: list[str]
    cubes_per_colour: int
    extra_cubes_per_city: int
    empty_cities_to_end: int
    engine_boxes: int
    engine_bonus: dict[str, int]
    destinations: dict[str, list[int]]
    black_die_shapes: dict[str, list[str]]


class CardTable(TypedDict):
    name: str
    effect: str
    kind: str
    """"one-time" or "permanent"."""
    vp: int


class CardsTable(TypedDict):
    """``cards.json``: each side of the special cards, by code ("5b")."""

    source: str
    cards: dict[str, CardTable]


class WallsTable(TypedDict):
    """``walls.json``: the borders (border -> its two regions) and which
    borders each die face walls at Medium and Hard."""

    source: str
    borders: dict[str, list[int]]
    medium: dict[str, list[int]]
    hard: dict[str, list[int]]


class MapHex(TypedDict):
    hex: str
    region: int
    city: NotRequired[int]
    town: NotRequired[bool]


class MapCity(TypedDict):
    colour: str


class MapTable(TypedDict):
    """``map.json``: the board's size, its cities' colours and every hex."""

    source: str
    columns: int
    rows: int
    cities: dict[str, MapCity]
    hexes: list[MapHex]


def _load(name: str) -> object:
    """``data/steam_rollers/<name>``, read through :mod:`games.data` (each
    caller states the file's type)."""
    data: object = load_json("steam_rollers", name)
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
    table = cast(RulesTable, _load("rules.json"))
    cards = cast(CardsTable, _load("cards.json"))["cards"]
    walls = cast(WallsTable, _load("walls.json"))
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


def map_data() -> MapTable:
    """The raw map table (hexes with region, city, town)."""
    return cast(MapTable, _load("map.json"))
