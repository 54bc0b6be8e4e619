"""The typed state of Days of Steam (plain JSON, see ``games/README.md``).

Squares are keyed "x,y" relative to the first town (x east, y south); their
names in actions ("Z26") come from :mod:`.geometry`. Decks and the goods bag
are multisets (kind -> count): a draw is sampled from them at draw time.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from games.core import State

SCHEMA = 3
"""2: fixed cell names; a town from the deck is drawn before it is placed.
3: the seat whose turn it is is ``current`` (the glossary's word; it was ``turn``)."""


class Good(TypedDict):
    colour: str
    origin: str
    """The square key of the town it started in: it is never delivered there."""


class Tile(TypedDict):
    kind: str
    """A track tile's kind (tiles.json), or "town"."""
    rot: int
    colour: NotRequired[str]
    """A town's colour."""
    goods: NotRequired[list[Good]]
    """The goods waiting in a town."""


class FaceUpTown(TypedDict):
    colour: str
    goods: list[str]


class Train(TypedDict):
    cell: str
    piece: int
    """Which separate piece of track of its tile it stands on."""
    cargo: Good | None


class Pending(TypedDict):
    """A chance step due: "setup", "draw" (seat), "town" (seat), "goods"
    (seat, cell), "refill" (slot) or "derail" (seat, route)."""

    kind: str
    seat: NotRequired[int]
    slot: NotRequired[int]
    cell: NotRequired[str]
    route: NotRequired[dict[str, Any]]


class Last(TypedDict):
    """The last move, for the board's highlight."""

    seat: int
    kind: str
    cells: list[str]
    start: NotRequired[str]
    derailed: NotRequired[bool]
    circuit: NotRequired[bool]


class Over(TypedDict):
    reason: Literal["deck", "points"]
    winner: int | None


class Drawn(TypedDict):
    """A town drawn from the deck, waiting for its player to place it."""

    seat: int
    colour: str


class DaysOfSteamState(TypedDict):
    schema: int
    game: str
    chance_taken: int
    players: list[str]
    phase: Literal["setup", "play"]
    tiles: dict[str, Tile]
    face_up: list[FaceUpTown]
    town_deck: dict[str, int]
    bag: dict[str, int]
    deck: dict[str, int]
    hands: list[list[str]]
    discarded: list[str]
    trains: list[Train]
    steam: list[int]
    coal: list[int]
    delivered: list[list[str]]
    circuits: list[int]
    circuits_left: int
    current: int
    """The seat whose turn it is."""
    turn_no: int
    """The number of the game's current turn."""
    pending: list[Pending]
    last: Last | None
    over: Over | None
    drawn: Drawn | None


def current_from_turn(state: State) -> State:
    """Schema 2 -> 3: the seat to play was stored as ``turn``; it is ``current``."""
    return {("current" if k == "turn" else k): v for k, v in state.items()}


MIGRATIONS = {2: current_from_turn}
"""Schema version -> the function upgrading a stored state of it by one version."""


def typed(state: State) -> DaysOfSteamState:
    """The platform's state seen through its type (the boundary cast)."""
    return cast(DaysOfSteamState, state)


def plain(state: DaysOfSteamState) -> State:
    return cast(State, state)
