"""Helpers for the Mine Carts tests: a dealt game, cards put on the grid
(taken from the deck, so the 68 stay counted), carts set where a test needs
them, and short ways to act."""

from __future__ import annotations

from games.core import CHANCE, State
from games.mine_carts import GAME
from games.mine_carts.state import Cart, typed

NAMES = ["ann", "bob", "cid", "dee"]
RED, BLUE = 0, 1
DEAL = "deal curve curve curve straight straight straight"
FAR = "curve D7 0"
"""A lay that touches nothing the tests' carts use."""


def started(players: int = 2, deal: str = DEAL) -> State:
    """A game after its deal: Red's factory three curves, Blue's three straights."""
    return GAME.apply(GAME.new(NAMES[:players], {}), CHANCE, deal).state


def put(state: State, square: str, card: str, rotation: int = 0) -> State:
    """``card`` on ``square``, taken from the deck (a set-up, not a move)."""
    s = typed(state)
    assert s["deck"][card] > 0 and square not in s["grid"]
    s["deck"][card] -= 1
    s["grid"][square] = {"card": card, "rotation": rotation}
    return state


def line(state: State, squares: list[str], card: str = "straight", rotation: int = 90) -> State:
    for square in squares:
        put(state, square, card, rotation)
    return state


def give(state: State, team: int, cards: list[str]) -> State:
    """The team's factory becomes ``cards`` (the old ones back in the deck)."""
    s = typed(state)
    for code in s["teams"][team]["factory"]:
        s["deck"][code] += 1
    for code in cards:
        s["deck"][code] -= 1
    s["teams"][team]["factory"] = list(cards)
    return state


def set_cart(state: State, team: int, cart: str, square: str, path: list[int] | None) -> State:
    c = Cart(square=square, path=path)
    if cart == "gold":
        typed(state)["gold_cart"] = c
    else:
        typed(state)["teams"][team]["carts"][cart] = c
    return state


def act(state: State, seat: int, *actions: str) -> State:
    for action in actions:
        state = GAME.apply(state, seat, action).state
    return state


def turn(state: State, seat: int, switch: str = "green", lay: str = FAR) -> State:
    """A whole one-card turn: ``lay``, then the switch (and its exits)."""
    return act(state, seat, lay, switch)


def cart(state: State, team: int, number: str) -> Cart:
    return typed(state)["gold_cart"] if number == "gold" else typed(state)["teams"][team]["carts"][number]


def round_the_pit(players: int = 2) -> State:
    """The gold cart on D2 heading north, a pit on C2 closing the short way
    to Red's town B2, the way round by D1, C1 and B1 lacking D1 and B1;
    Red's cart 1 out of B2 on G7, away from that way."""
    state = started(players)
    put(state, "C2", "pit")
    put(state, "D2", "straight", 0)
    put(state, "C1", "straight", 90)
    put(state, "G7", "straight", 0)
    set_cart(state, RED, "gold", "D2", [2, 0])
    set_cart(state, RED, "1", "G7", [2, 0])
    return state
