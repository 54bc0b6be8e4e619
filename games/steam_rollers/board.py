"""The map every player draws on: flat-topped hexes named by column letter
and row number ("C4"), six regions with one city and one town each, and the
seven borders between neighbouring regions (the walls of Medium/Hard games).

Edges of a hex are numbered clockwise from the top: 0 N, 1 NE, 2 SE, 3 S,
4 SW, 5 NW. Odd columns (B, D, ...) sit half a hex lower than even ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.steam_rollers.params import map_data, rules

EDGE_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# (column, row) steps through each edge, for even and odd columns
_STEPS_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_STEPS_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


@dataclass(frozen=True)
class Board:
    """The static map: hex -> (column, row), region, city number, town."""

    columns: int
    rows: int
    coords: dict[str, tuple[int, int]]
    region: dict[str, int]
    city_at: dict[str, int]
    towns: frozenset[str]
    city_hex: dict[int, str]
    town_of_region: dict[int, str]
    city_colour: dict[int, str]

    def neighbour(self, hex_name: str, edge: int) -> str | None:
        """The hex across ``edge`` of ``hex_name``, or None off the map."""
        col, row = self.coords[hex_name]
        dc, dr = (_STEPS_ODD if col % 2 else _STEPS_EVEN)[edge]
        return hex_at(col + dc, row + dr, self)

    def border_between(self, a: str, b: str) -> int | None:
        """The number of the region border between neighbouring hexes a and b
        (None inside one region)."""
        ra, rb = self.region[a], self.region[b]
        if ra == rb:
            return None
        return border_number(ra, rb)

    def region_hexes(self, region: int) -> list[str]:
        """The hexes of a region a player can draw in (not its city)."""
        return [h for h in self.coords if self.region[h] == region and h not in self.city_at]


def hex_name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


def hex_at(col: int, row: int, board: Board) -> str | None:
    if 0 <= col < board.columns and 0 <= row < board.rows:
        return hex_name(col, row)
    return None


@cache
def border_number(region_a: int, region_b: int) -> int | None:
    """The numbered border between two regions (None if they don't touch)."""
    for number, pair in rules().borders.items():
        if set(pair) == {region_a, region_b}:
            return number
    return None


@cache
def board() -> Board:
    """The map (loaded once)."""
    data = map_data()
    coords: dict[str, tuple[int, int]] = {}
    region: dict[str, int] = {}
    city_at: dict[str, int] = {}
    towns: set[str] = set()
    for entry in data["hexes"]:
        name = str(entry["hex"])
        coords[name] = (LETTERS.index(name[0]), int(name[1:]) - 1)
        region[name] = int(entry["region"])
        if "city" in entry:
            city_at[name] = int(entry["city"])
        if entry.get("town"):
            towns.add(name)
    return Board(
        columns=int(data["columns"]),
        rows=int(data["rows"]),
        coords=coords,
        region=region,
        city_at=city_at,
        towns=frozenset(towns),
        city_hex={c: h for h, c in city_at.items()},
        town_of_region={region[t]: t for t in towns},
        city_colour={int(k): str(v["colour"]) for k, v in data["cities"].items()},
    )


def hex_distance(a: str, b: str) -> int:
    """Steps between two hexes."""
    (ca, ra), (cb, rb) = board().coords[a], board().coords[b]
    qa, qb = ca, cb
    za, zb = ra - (ca - (ca & 1)) // 2, rb - (cb - (cb & 1)) // 2
    return max(abs(qa - qb), abs(za - zb), abs((-qa - za) - (-qb - zb)))


# -- track pieces ----------------------------------------------------------

SHAPES = ("straight", "gentle", "sharp")
SHAPE_NAMES = {"straight": "straight", "gentle": "gentle curve", "sharp": "sharp curve"}


def piece_shape(a: int, b: int) -> str:
    """A piece joining edges a and b: straight (opposite edges), gentle
    curve (two apart) or sharp curve (adjacent)."""
    gap = abs(a - b) % 6
    gap = min(gap, 6 - gap)
    return {3: "straight", 2: "gentle", 1: "sharp"}[gap]


@cache
def all_pieces() -> tuple[tuple[int, int], ...]:
    """Every piece (pair of edges a < b), straights first, then gentle, then sharp."""
    pairs = [(a, b) for a in range(6) for b in range(a + 1, 6)]
    return tuple(sorted(pairs, key=lambda p: (SHAPES.index(piece_shape(*p)), p)))


def piece_token(piece: tuple[int, int]) -> str:
    """"NW-S": the piece's two edges, in clockwise order from N."""
    return f"{EDGE_NAMES[piece[0]]}-{EDGE_NAMES[piece[1]]}"


def parse_piece(token: str) -> tuple[int, int] | None:
    parts = token.upper().split("-")
    if len(parts) != 2 or any(p not in EDGE_NAMES for p in parts):
        return None
    a, b = sorted(EDGE_NAMES.index(p) for p in parts)
    return (a, b) if a != b else None


def piece_words(piece: tuple[int, int], start: int | None = None) -> str:
    """"gentle curve, NW to S": from edge ``start`` (the piece's first edge
    clockwise from N unless given) to the other."""
    a, b = piece
    if start == b:
        a, b = b, a
    return f"{SHAPE_NAMES[piece_shape(*piece)]}, {EDGE_NAMES[a]} to {EDGE_NAMES[b]}"
