"""The game's parameters and tile definitions, read once from ``data/days_of_steam``
(through :mod:`games.data`).

Every count and table of the rulebook (hand size, steam limits, scoring
bonuses) lives in ``params.json``; the tile mix (ours, see the design notes)
lives in ``tiles.json``. Nothing else in the package hard-codes a number of
the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.data import load_json

COLOURS = ("red", "yellow", "green", "blue")
"""Goods and town colours, in the order panels list them."""


@dataclass(frozen=True)
class TileDef:
    """One kind of tile as printed: its track in rotation 0 and its coal car."""

    kind: str
    name: str
    count: int
    coal: int
    segments: tuple[tuple[int, ...], ...]
    over: bool = False
    hill: bool = False
    tower: bool = False
    bridge: bool = False
    town: bool = False


EDGE_LETTERS = "NESW"


def _edges(letters: list[str]) -> tuple[int, ...]:
    return tuple(EDGE_LETTERS.index(x) for x in letters)


def _load(name: str) -> dict[str, Any]:
    """``data/days_of_steam/<name>``, through :func:`games.data.load_json`."""
    data: dict[str, Any] = load_json("days_of_steam", name)
    return data


@cache
def rules() -> dict[str, Any]:
    """The rulebook's numbers (``params.json``)."""
    return _load("params.json")


def param(name: str) -> int:
    value = rules()[name]
    assert isinstance(value, int)
    return value


@cache
def tile_defs() -> dict[str, TileDef]:
    """Kind -> definition, track tiles in data order, then the town tile."""
    data = _tiles_json()
    out: dict[str, TileDef] = {}
    for t in data["track"]:
        out[t["kind"]] = TileDef(
            kind=t["kind"], name=t["name"], count=int(t["count"]), coal=int(t["coal"]),
            segments=tuple(_edges(s) for s in t["segments"]),
            over=bool(t.get("over", False)), hill=bool(t.get("hill", False)),
            tower=bool(t.get("tower", False)), bridge=bool(t.get("bridge", False)),
        )
    town = data["town"]
    out["town"] = TileDef(
        kind="town", name=town["name"], count=sum(town["counts"].values()), coal=int(town["coal"]),
        segments=((0, 1, 2, 3),), town=True,
    )
    return out


def track_deck() -> dict[str, int]:
    """The track tiles of a new game as a multiset (kind -> count)."""
    return {k: d.count for k, d in tile_defs().items() if not d.town and d.count > 0}


def town_counts() -> dict[str, int]:
    """The town tiles of a new game by colour (a fresh dict each call)."""
    counts: dict[str, int] = _tiles_json()["town"]["counts"]
    return {c: int(counts[c]) for c in COLOURS}


@cache
def _tiles_json() -> dict[str, Any]:
    return _load("tiles.json")


def goods_bag() -> dict[str, int]:
    bag: dict[str, int] = rules()["goods_per_colour"]
    return {c: int(bag[c]) for c in COLOURS}


def variety_bonus(colours: int) -> int:
    """Delivery bonus for this many different colours delivered."""
    table: dict[str, int] = rules()["variety_bonus"]
    return int(table.get(str(colours), 0))
