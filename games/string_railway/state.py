"""The typed state of String Railway (plain JSON, see ``games/README.md``).

Lengths are centimetres on the table; points are named by their grid cell
("K12", the cell's centre). Companies are the colours in play (two per player
with two players); seats are the players.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from games.core import Envelope, State

SCHEMA = 3
"""2: ``set_aside``, the drawn stations that fit nowhere on the field. 3: a
string's ``crossed``, the strings it crosses, in place of ``crossings``, the
places it crossed them (see :mod:`games.string_railway.migrations`)."""

Point = list[float]
"""[x, y] in centimetres, y downwards (the board's orientation)."""


class Station(TypedDict):
    cell: str
    """The grid cell of its centre: its name in every action."""
    kind: str
    tile: int
    """Its tile number (1-35), 0 for a home station."""
    owner: int | None
    """The owning company: a home's company, or whoever put a chip on an ownable station."""
    mountain: bool
    """Whether it lies inside the mountain range."""


class RailString(TypedDict):
    company: int
    length: Literal["short", "long"]
    path: list[str]
    """The cells of its polyline, end to end."""
    entered: list[str]
    """The stations it lies on, in order along it."""
    newly: list[str]
    """Those its company newly entered with it."""
    crossed: int
    """How many other strings it crosses (the river, the mountain range
    string, railroad strings), each once however often: what its score
    counts."""
    cross_at: list[Point]
    """Where it crosses other strings, the river or the mountain line (for the board)."""
    points: int


class Company(TypedDict):
    seat: int
    corner: str | None
    home: str | None
    strings: dict[str, int]
    """Strings left: {"short": n, "long": n}."""
    score: int
    parts: dict[str, int]
    """The score's parts: home, stations, owner, junctions, crossings."""
    skipped: int


class Last(TypedDict):
    seat: int
    text: str
    where: list[str]


class StringRailwayState(Envelope):
    phase: str
    round: int
    current: int
    company: int
    """The company whose turn it is."""
    shape: str
    advanced: bool
    river: list[Point]
    mountain: list[Point]
    deck: list[int]
    drawn: list[int]
    """Tiles drawn this turn and not yet placed."""
    set_aside: list[int]
    """Tiles drawn that fitted nowhere on the field, in the order set aside."""
    draws_due: int
    extra_used: bool
    turns: int
    """Company turns begun so far."""
    companies: list[Company]
    stations: list[Station]
    strings: list[RailString]
    last: Last | None


def typed(state: State) -> StringRailwayState:
    """The platform's state seen through its type (the boundary cast)."""
    return cast(StringRailwayState, state)


def plain(state: StringRailwayState) -> State:
    return cast(State, state)


TILES = 35
"""The station tiles drawn from (the home stations apart)."""
