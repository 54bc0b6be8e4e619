"""Phase III: the carts move (rulebook and design note).

A cart follows the track until none continues, keeping its heading. On the
first square of its move it follows the length it rests on (so a cart on a
coloured branch moves off it whatever the switch); it tries its heading
first and reverses only if no track goes on that way (it reverses only
between turns). From a town or the mine it hops onto a connected track (the
team picks when there are several).

It never enters a junction's coloured branch unless the switch is on that
colour: not from the stem (the junction sends it along black), not from the
branch's own end, not hopping out of a town or the mine (rulebook: "This
cart can only hop onto the green colored track if the switch had been placed
on the green tile"); a black end is always open.

It stops on the square before another cart (a cart whose very next square
holds a cart does not move: "the moving cart will come to a halt on the tile
before the collision"), before a pit, a square without track that joins or a
coloured branch's end the switch keeps shut, before a town or the mine (the
gold cart alone enters towns: the town's team scores a gold and the gold cart
goes back to the mine), and before re-entering a square by the same edge
within one move (loops end). Spaces moved = squares entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.mine_carts.board import is_town, neighbour, opposite
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, MineCartsState
from games.mine_carts.track import opens, route

GOLD = "gold"
ORDER = ("1", "2", GOLD)
"""The rulebook's order of movement: cart 1, cart 2, then the gold cart."""


def cart_of(state: MineCartsState, team: int, cart: str) -> Cart:
    return state["gold_cart"] if cart == GOLD else state["teams"][team]["carts"][cart]


def occupied(state: MineCartsState) -> dict[str, tuple[int, str]]:
    """Track squares holding a cart -> (team, cart) (team -1 for the gold cart).
    Carts waiting in a town or the mine occupy no track."""
    out: dict[str, tuple[int, str]] = {}
    for t, team in enumerate(state["teams"]):
        for number, c in team["carts"].items():
            if c["path"] is not None:
                out[c["square"]] = (t, number)
    if state["gold_cart"]["path"] is not None:
        out[state["gold_cart"]["square"]] = (-1, GOLD)
    return out


def in_station(c: Cart) -> bool:
    """In a town or the mine (not on track)."""
    return c["path"] is None


def _can_enter(state: MineCartsState, square: str, edge: int, gold: bool,
               busy: set[str], visited: set[tuple[str, int]]) -> bool:
    """Whether a moving cart can enter ``square`` by ``edge`` (a coloured
    branch's end only while the switch is on its colour)."""
    if is_town(square):
        return gold
    if square == rules().mine or square in busy or (square, edge) in visited:
        return False
    placed = state["grid"].get(square)
    return placed is not None and opens(placed, edge, state["switch"])


def exits(state: MineCartsState, team: int, cart: str) -> list[int]:
    """The edges a cart in a town or the mine can hop out by (empty when it is
    on track: its way is then automatic)."""
    c = cart_of(state, team, cart)
    if not in_station(c):
        return []
    busy = set(occupied(state))
    return [d for d in range(4)
            if _can_enter(state, neighbour(c["square"], d), opposite(d), cart == GOLD, busy, set())]


@dataclass
class Travel:
    squares: list[str]
    cart: Cart
    scored: int | None = None
    visited: set[tuple[str, int]] = field(default_factory=set)

    @property
    def spaces(self) -> int:
        return len(self.squares) - 1


def travel(state: MineCartsState, team: int, cart: str, first: int | None) -> Travel:
    """Where the cart goes this turn (nothing is changed). ``first``: the edge
    it hops out of its town or the mine by (None: stay there)."""
    c = cart_of(state, team, cart)
    gold = cart == GOLD
    busy = set(occupied(state)) - {c["square"]}
    start = c["square"]
    result = Travel([start], Cart(square=start, path=None if c["path"] is None else list(c["path"])))
    if c["path"] is None:
        if first is None:
            return result
        square, enter = neighbour(start, first), opposite(first)
        if not _can_enter(state, square, enter, gold, busy, set()):
            return result
    else:
        back, ahead = c["path"]
        for frm, to in ((back, ahead), (ahead, back)):
            seen = {(start, frm)}
            square, enter = neighbour(start, to), opposite(to)
            if _can_enter(state, square, enter, gold, busy, seen):
                result.visited = seen
                break
            if square in busy and _can_enter(state, square, enter, gold, set(), seen):
                return result  # its way on is blocked at once by a cart: it halts, it does not reverse
        else:
            return result
    return _follow(state, result, square, enter, gold, busy)


def _follow(state: MineCartsState, result: Travel, square: str, enter: int, gold: bool,
            busy: set[str]) -> Travel:
    """Enter ``square`` by ``enter`` and keep going while the track continues."""
    while True:
        result.squares.append(square)
        if is_town(square):
            result.scored = rules().towns[square]
            result.cart = Cart(square=rules().mine, path=None)
            return result
        placed = state["grid"][square]
        out = route(placed, enter, state["switch"])
        assert out is not None
        result.visited.add((square, enter))
        result.cart = Cart(square=square, path=[enter, out])
        nxt, nxt_enter = neighbour(square, out), opposite(out)
        if not _can_enter(state, nxt, nxt_enter, gold, busy, result.visited):
            return result
        square, enter = nxt, nxt_enter


def allotment_for(spaces: int, current: int) -> int:
    """A team's allotment after one of its carts (1 or 2) moved ``spaces``:
    3+ spaces earn 2 cards a turn, 5+ earn 3; it never goes down."""
    best = current
    for needed, cards in rules().allotment_for_spaces:
        if spaces >= needed:
            best = max(best, cards)
    return best
