"""A map's hexes, their labels, terrain and neighbours: ``board(slug)``
(the Rust Belt by default; :mod:`maps` names the maps).

Flat-topped hexes in columns (A..R on the Rust Belt, west to east), odd columns half a hex
lower (odd-q offset). A hex is named by its column letter and 1-based row
("H6" is Chicago). Edges are numbered clockwise from the top: 0 N, 1 NE,
2 SE, 3 S, 4 SW, 5 NW; edge ``e`` of a hex faces edge ``(e + 3) % 6`` of its
neighbour.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Mapping

from .maps import FILES, RUST_BELT
from .params import load_data

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


@dataclass(frozen=True)
class City:
    """A printed city (or a placed new city tile)."""

    name: str
    colour: str
    side: str
    number: int
    starting_goods: int


@dataclass(frozen=True)
class NewCity:
    letter: str
    colour: str
    side: str
    number: int


@dataclass(frozen=True)
class MapHex:
    label: str
    col: int
    row: int
    terrain: str
    name: str = ""


@dataclass(frozen=True)
class Board:
    """The static map."""

    columns: int
    hexes: dict[str, MapHex]
    cities: dict[str, City]
    towns: dict[str, str]
    new_cities: dict[str, NewCity]
    by_coord: dict[tuple[int, int], str]
    neighbours: dict[str, tuple[str | None, ...]]
    goods_hexes: tuple[str, ...] = ()
    """Hexes other than cities where goods lie at the start (St. Lucia's
    plain and river hexes), in label order."""

    def city_by_growth(self, side: str, number: int) -> str:
        for label, city in self.cities.items():
            if city.side == side and city.number == number:
                return label
        raise KeyError((side, number))


def column_letter(col: int) -> str:
    return chr(65 + col)


def label_of(col: int, row: int) -> str:
    return f"{column_letter(col)}{row + 1}"


def opposite(edge: int) -> int:
    return (edge + 3) % 6


def neighbour_coord(col: int, row: int, edge: int) -> tuple[int, int]:
    """The coordinates across ``edge`` (odd-q offset)."""
    if edge == 0:
        return col, row - 1
    if edge == 3:
        return col, row + 1
    odd = col % 2 == 1
    dc = 1 if edge in (1, 2) else -1
    upper = edge in (1, 5)
    if odd:
        return col + dc, row if upper else row + 1
    return col + dc, row - 1 if upper else row


@cache
def board(slug: str = RUST_BELT) -> Board:
    """The static map of ``slug`` (a key of :data:`maps.FILES`)."""
    raw = load_data(FILES[slug])
    hexes: dict[str, MapHex] = {}
    cities: dict[str, City] = {}
    towns: dict[str, str] = {}
    by_coord: dict[tuple[int, int], str] = {}
    for h in raw["hexes"]:
        label = label_of(h["col"], h["row"])
        hexes[label] = MapHex(label, h["col"], h["row"], h["terrain"], h.get("name", ""))
        by_coord[(h["col"], h["row"])] = label
        if h["terrain"] == "city":
            g = h["growth"]
            cities[label] = City(h["name"], h["colour"], g["side"], g["number"], h["starting_goods"])
        elif h["terrain"] == "town":
            towns[label] = h["name"]
    neighbours: dict[str, tuple[str | None, ...]] = {}
    for label, mh in hexes.items():
        neighbours[label] = tuple(by_coord.get(neighbour_coord(mh.col, mh.row, e)) for e in range(6))
    new_cities = {
        n["letter"]: NewCity(n["letter"], n["colour"], n["side"], n["number"]) for n in raw["new_cities"]
    }
    goods = tuple(label_of(h["col"], h["row"]) for h in raw["hexes"]
                  if h.get("starting_goods") and h["terrain"] != "city")
    return Board(raw["columns"], hexes, cities, towns, new_cities, by_coord, neighbours,
                 tuple(sorted(goods, key=hex_sort_key)))


def board_of(state: Mapping[str, Any]) -> Board:
    """The static map of a state's ``map`` (the Rust Belt for a partial
    state without one, as a renderer's printed-map pass builds)."""
    return board(state.get("map", RUST_BELT))


def hex_sort_key(label: str) -> tuple[int, int]:
    """(column, row) of a hex label, on any map."""
    return ord(label[0]) - 65, int(label[1:]) - 1


@cache
def cube_coord(label: str) -> tuple[int, int, int]:
    """The cube coordinates of a hex (odd columns shifted down)."""
    col, row = hex_sort_key(label)
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def hex_distance(a: str, b: str) -> int:
    """Hexes between two hexes, lakes and all."""
    ax, ay, az = cube_coord(a)
    bx, by, bz = cube_coord(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))
