"""The typed state of Steam Rollers (plain JSON, see ``games/README.md``),
its schema version and the migrations of older stored states.

Cities, regions and card numbers are JSON object keys, so strings ("1".."6");
seats are ints. Hexes are named "C4"; a piece is its two edges [0-5, 0-5].
"""

from __future__ import annotations

import copy
from typing import Callable, NotRequired, TypedDict, cast

from games.core import State

SCHEMA = 2
"""Version 2: ``turn`` (an index into ``order``) became ``current`` (the
seat), and the last move's ``hexes`` became ``where`` (the glossary's words)."""


class Card(TypedDict):
    side: str
    """"a" or "b": the side face up."""
    holder: int | None
    sideways: bool
    """Taken this round (2b: until its holder has been offered a claim)."""


Delivery = TypedDict("Delivery", {"cube": str, "from": int, "to": int, "points": int})
"""A cube delivered: its colour, from and to which city, the points scored."""


class PlayerMap(TypedDict):
    track: dict[str, list[int]]
    """Hex -> the piece's two edges, clockwise from N."""
    engine: list[int]
    """The engine boxes crossed out (die values)."""
    deliveries: list[Delivery]
    delivery_points: int


class Claim(TypedDict):
    picker: int
    die: int
    holder: int
    """The 2b holder who may claim the die the picker took."""


class Last(TypedDict):
    seat: int
    text: str
    where: list[str]
    """The hexes to highlight: the piece built, the delivery's route."""
    kind: str
    box: NotRequired[int]
    card: NotRequired[int]


class SteamRollersState(TypedDict):
    schema: int
    game: str
    chance_taken: int
    players: list[str]
    difficulty: str
    phase: str
    round: int
    start: int
    """The start player's seat this round."""
    walls: list[int]
    wall_roll: int | None
    cubes: dict[str, list[str]]
    """City -> the colours of its cubes."""
    drawn: dict[str, int]
    removed: dict[str, int]
    cards: dict[str, Card]
    black: int | None
    pool: list[int]
    """The white dice left this round."""
    order: list[int]
    current: int | None
    """The seat whose turn it is (None during the set-up, the roll, once over)."""
    reserved: dict[str, int]
    """Seat -> the die he claimed with 2b, for his turn."""
    held: int | None
    mod_used: bool
    second: bool
    claim: Claim | None
    claim_offered: list[int]
    maps: list[PlayerMap]
    last: Last | None


def typed(state: State) -> SteamRollersState:
    """The platform's state seen through its type (the boundary cast)."""
    return cast(SteamRollersState, state)


_TURN_PHASES = ("pick", "react", "act", "reroll", "extra")


def from_schema_1(state: State) -> State:
    """Schema 1 -> 2: ``turn`` (index into ``order``, meaningful while a
    round's turns are played) becomes ``current`` (that seat, else None);
    the last move's ``hexes`` becomes ``where``."""
    new = copy.deepcopy(state)
    turn = new.pop("turn", 0)
    order = new.get("order") or []
    playing = new.get("phase") in _TURN_PHASES and 0 <= turn < len(order)
    new["current"] = int(order[turn]) if playing else None
    last = new.get("last")
    if isinstance(last, dict) and "hexes" in last:
        last["where"] = last.pop("hexes")
    return new


MIGRATIONS: dict[int, Callable[[State], State]] = {1: from_schema_1}
"""Schema version -> the step to the next version."""
