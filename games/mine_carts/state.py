"""The typed state of Mine Carts (plain JSON, described for mypy)."""

from __future__ import annotations

from typing import TypedDict, cast

from games.core import Envelope, State

SCHEMA = 1


class Cart(TypedDict):
    square: str
    """A track square, a town (before it first leaves) or the mine (the gold cart)."""
    path: list[int] | None
    """The length of track it rests on, [from edge, to edge], heading to the
    second; None in a town or the mine."""


class Placed(TypedDict):
    card: str
    """The card's kind code (``curve``, ``green-straight``, ``pit``...)."""
    rotation: int
    """Clockwise, in degrees."""


class Team(TypedDict):
    name: str
    seats: list[int]
    factory: list[str]
    gold: int
    allotment: int
    """Cards the team must lay each turn (1, 2 or 3)."""
    laid: int
    """Cards laid so far this turn."""
    carts: dict[str, Cart]
    """"1" and "2"."""


class Move(TypedDict):
    team: int
    cart: str
    """"1", "2" or "gold"."""
    squares: list[str]
    """Where it started, then every square it entered."""
    scored: int | None
    """The team that scored a gold (the gold cart entering its town)."""


class Last(TypedDict):
    seat: int
    kind: str
    """"lay" (``where``: the cards laid this turn) or "switch" (``where``: the squares the carts entered)."""
    text: str
    where: list[str]
    moves: list[Move]


class MineCartsState(Envelope):
    phase: str
    round: int
    team: int
    """The team whose turn it is (0 Red, 1 Blue)."""
    teams: list[Team]
    gold_cart: Cart
    grid: dict[str, Placed]
    """Square -> the card on top there (covered cards go to the discard pile)."""
    deck: dict[str, int]
    """Kind -> cards left in the deck (its order is left to chance: nothing hidden)."""
    discard: dict[str, int]
    reshuffled: bool
    switch: str | None
    last: Last | None
    ended: str
    """"" while playing; "gold" or "deck": why the game ended."""


def typed(state: State) -> MineCartsState:
    """The platform's state as the typed state (the boundary cast)."""
    return cast(MineCartsState, state)


def plain(state: MineCartsState) -> State:
    return cast(State, state)
