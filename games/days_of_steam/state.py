"""The typed state of Days of Steam (plain JSON, see ``games/README.md``).

Squares are keyed "x,y" relative to the first town (x east, y south); their
names in actions ("Z26") come from :mod:`.geometry`. Decks and the goods bag
are multisets (kind -> count): a draw is sampled from them at draw time.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from games.core import State

SCHEMA = 4
"""2: fixed cell names; a town from the deck is drawn before it is placed.
3: the seat whose turn it is is ``current`` (the glossary's word; it was ``turn``).
4: a finished game's ``phase`` is ``"over"`` (``games.phases.OVER``; it was an
``over`` dict), why it ended is ``ended`` and a 13-point winner ``winner``;
the last move's squares are ``last["where"]`` (they were ``last["cells"]``)."""


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


class RouteData(TypedDict):
    """A chosen move as the state keeps it while the derailment roll is due."""

    dest: str
    piece: int
    spent: int
    derail_on: int
    events: list[list[str]]
    """Per goods step: [verb ("take" or "deliver"), colour, origin key, town key]."""
    cargo: list[str] | None
    """The good aboard at the end: [colour, origin key]."""
    unload: bool
    path: list[str]


class Pending(TypedDict):
    """A chance step due: "setup", "draw" (seat), "town" (seat), "goods"
    (seat, cell), "refill" (slot) or "derail" (seat, route)."""

    kind: str
    seat: NotRequired[int]
    slot: NotRequired[int]
    cell: NotRequired[str]
    route: NotRequired[RouteData]


class Last(TypedDict):
    """The last move, for the board's highlight."""

    seat: int
    kind: str
    """"tile", "town", "move", "tower" or "discard"."""
    where: list[str]
    """The squares (keys) of the move: the tile or town placed, the tower,
    or every square a train entered, in order, from where it started."""
    start: NotRequired[str]
    derailed: NotRequired[bool]
    circuit: NotRequired[bool]


Ended = Literal["", "deck", "points"]
"""Why the game ended: "" while it goes on, "deck" (the last track tile was
drawn) or "points" (a player reached 13 points)."""


class Drawn(TypedDict):
    """A town drawn from the deck, waiting for its player to place it."""

    seat: int
    colour: str


class DaysOfSteamState(TypedDict):
    schema: int
    game: str
    chance_taken: int
    players: list[str]
    phase: Literal["setup", "play", "over"]
    """"setup" until the set-up draw, "play", then "over" (``games.phases.OVER``)."""
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
    ended: Ended
    winner: int | None
    """The seat that reached 13 points (it ranks first), else None."""
    drawn: Drawn | None


def current_from_turn(state: State) -> State:
    """Schema 2 -> 3: the seat to play was stored as ``turn``; it is ``current``."""
    return {("current" if k == "turn" else k): v for k, v in state.items()}


def over_as_phase(state: State) -> State:
    """Schema 3 -> 4: the ``over`` dict becomes ``phase == "over"`` with
    ``ended`` (its reason) and ``winner``; ``last["cells"]`` becomes
    ``last["where"]``."""
    new = {k: v for k, v in state.items() if k != "over"}
    over = state.get("over")
    new["ended"] = over["reason"] if over else ""
    new["winner"] = over["winner"] if over else None
    if over:
        new["phase"] = "over"
    last = state.get("last")
    if last is not None:
        new["last"] = {("where" if k == "cells" else k): v for k, v in last.items()}
    return new


MIGRATIONS = {2: current_from_turn, 3: over_as_phase}
"""Schema version -> the function upgrading a stored state of it by one version."""


def typed(state: State) -> DaysOfSteamState:
    """The platform's state seen through its type (the boundary cast)."""
    return cast(DaysOfSteamState, state)


def plain(state: DaysOfSteamState) -> State:
    return cast(State, state)
