"""How many cards the gold cart still needs to reach each town: the bot's
measure of a position.

The gold cart follows the track as it lies; a team steers it by laying cards
ahead of it. So the way home is measured in cards: a shortest route for the
gold cart from where it is (both ways along the length it rests on, or out
of the mine by any side) into a town, where each square on the route costs

- nothing when the track there already leads on the route's way (from the
  entry edge to the exit edge: a junction's stem to any of its exits, with
  the switch set so; any other end only to its stem, a coloured branch's
  end only with the switch on its colour), and the switch can
  be set so for every junction of the route at once (there is one switch,
  and the gold cart runs the whole of its track in one move: a dead end
  sends it back next turn);
- one card when a card can be laid there (no pit, town, mine or cart);
- five cards under a team cart, a last resort (it blocks until it is led
  away, and a cart on track seldom is);
- never through a pit, the mine, another town or the gold cart's own square
  (unless its track already leads on).

The gold cart rests on track heading on: when the very next square holds a
team cart it halts (it does not reverse), so the route leads through that
cart; when that cart can never move away (it heads back at the gold cart,
or into a town, the mine or a pit with the gold cart behind it), neither
ever moves again and no town can be reached.

Entering a town whose team cart still waits there costs one card more: the
first track touching the town pulls that cart out onto it (carts move before
the gold cart), so it must be led away first, along a track of its own that
touches the town by an end open whatever the switch (with one there, the
cart leaves this turn: no more card). Costs are counted in half cards to
stay integers.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from games.per_thread import Recent

from games.mine_carts.board import all_squares, is_fixed, neighbour, opposite
from games.mine_carts.movement import in_station
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, MineCartsState, Placed
from games.mine_carts.track import lengths, opens, stem

CARD = 2
"""One card laid, in half cards."""
UNDER_CART = 10
"""A square under a team cart: five cards, a last resort (it blocks until led away)."""
WAITING_CART = 2
"""A town whose team cart still waits in it: one card more."""
NEVER = 10 ** 6


@cache
def _index() -> dict[str, int]:
    return {sq: i for i, sq in enumerate(all_squares())}


@cache
def _next() -> tuple[tuple[int, ...], ...]:
    """Square index -> the index across each edge (wrapping)."""
    index = _index()
    return tuple(tuple(index[neighbour(sq, d)] for d in range(4)) for sq in all_squares())


@cache
def leads(card: str, rotation: int) -> tuple[frozenset[int], ...]:
    """Entry edge -> the exits a cart entering by it may take (any switch)."""
    out: list[set[int]] = [set(), set(), set(), set()]
    for a, b, _c in lengths(Placed(card=card, rotation=rotation)):
        out[a].add(b)
        out[b].add(a)
    return tuple(frozenset(s) for s in out)


ANY_SWITCH = 0b111
"""The switch colours still allowed, as bits (green 1, orange 2, fuchsia 4)."""


@cache
def switch_needs(card: str, rotation: int) -> tuple[dict[int, int], ...]:
    """Entry edge -> {exit: the switch colours (bits) that send a cart that
    way}: a coloured branch, entered by the stem or by its own end, needs the
    switch on its colour (the switch gates it from both ends); from the stem,
    the black exit needs it on none of the card's colours; any other way
    through (black) needs no switch."""
    placed = Placed(card=card, rotation=rotation)
    colours = rules().switch_colours
    bits = {c: 1 << i for i, c in enumerate(colours)}
    own = sum(bits[c] for _a, _b, c in lengths(placed) if c in bits)
    s = stem(placed)
    out: list[dict[int, int]] = [{}, {}, {}, {}]
    for a, b, c in lengths(placed):
        for enter, leave in ((a, b), (b, a)):
            need = ANY_SWITCH
            if c in bits:
                need = bits[c]
            elif enter == s:
                need = ANY_SWITCH & ~own
            out[enter][leave] = out[enter].get(leave, 0) | need
    return tuple(out)


def led_out(state: MineCartsState, town: str) -> bool:
    """Whether a track touches ``town`` by an end open whatever the switch:
    a cart waiting there hops out onto it (or, with several, onto the one
    its team picks) this turn. A coloured branch's end lets it out only
    with the switch on that colour, which the gold cart may not want."""
    for d in range(4):
        placed = state["grid"].get(neighbour(town, d))
        if placed is not None and opens(placed, opposite(d), None):
            return True
    return False


def gold_heads(state: MineCartsState) -> tuple[int, ...] | None:
    """The edges the gold cart may leave its square by: any side out of the
    mine; on track, both ways along its length, but only on along its heading
    when the very next square there holds a team cart on track that joins (it
    halts and does not reverse: the route leads through that cart); None when
    that cart can never move away (:func:`stuck_behind`): the two block each
    other for good."""
    gold = state["gold_cart"]
    if gold["path"] is None:
        return (0, 1, 2, 3)
    back, ahead = gold["path"]
    square = neighbour(gold["square"], ahead)
    placed = state["grid"].get(square)
    blocker = next((c for t in state["teams"] for c in t["carts"].values()
                    if c["path"] is not None and c["square"] == square), None)
    if blocker is None or placed is None or not leads(placed["card"], placed["rotation"])[opposite(ahead)]:
        return (back, ahead)
    if opens(state["grid"][gold["square"]], ahead, None) and stuck_behind(state, blocker, opposite(ahead)):
        return None
    return (ahead,)


def stuck_behind(state: MineCartsState, blocker: Cart, facing: int) -> bool:
    """Whether a team cart on track, with the gold cart (heading at it) across
    its edge ``facing``, can never move again: it heads at the gold cart
    (each halts before the other), or it heads into a town, the mine or a
    pit (it stops before them for good) and reversing meets the gold cart at
    once. Only where that end of its card is open whatever the switch."""
    path = blocker["path"]
    placed = state["grid"].get(blocker["square"])
    if path is None or placed is None or not opens(placed, facing, None):
        return False
    back, ahead = path
    if ahead == facing:
        return True
    beyond = neighbour(blocker["square"], ahead)
    there = state["grid"].get(beyond)
    return back == facing and (is_fixed(beyond) or (there is not None and there["card"] == "pit"))


_WIDER = tuple(tuple(w for w in range(1, 8) if w & m == m and w != m) for m in range(8))
"""Allowed switch colours -> the wider sets (a route allowing more colours is as good)."""


def _node(square: int, enter: int, allowed: int) -> int:
    """A search node: the gold cart entering ``square`` by ``enter`` with
    the switch colours ``allowed`` by the junctions it passed."""
    return (square * 4 + enter) * 8 + allowed


def _parts(node: int) -> tuple[int, int, int]:
    rest, allowed = divmod(node, 8)
    square, enter = divmod(rest, 4)
    return square, enter, allowed


RoutePosition = tuple[object, ...]
"""What :func:`gold_route` depends on (:func:`route_position`)."""
ROUTES: Recent[RoutePosition, Route] = Recent(4096)
""":func:`gold_route` of recent positions, shared by threads (a
:class:`Route` is never changed): the bots judge the same table again and
again (a plan judged as it grows, then with each switch, then in the other
team's reply)."""


@dataclass(frozen=True)
class Route:
    """The cards the gold cart needs to each town (half cards), searched
    until the cheapest town of ``team`` is found (:data:`NEVER` for a town
    dearer than that, or with no route), and the squares of one cheapest
    route to it, each with the edges the route enters and leaves it by and
    whether it needs a card there."""

    towns: Mapping[str, int]
    """Read only (a :class:`Route` is shared: :data:`ROUTES`)."""
    path: tuple[tuple[str, int, int, bool], ...]

    def to_team(self, team: int) -> int:
        return min(d for t, d in self.towns.items() if rules().towns[t] == team)


def route_position(state: MineCartsState, team: int) -> RoutePosition:
    """Everything :func:`gold_route` reads: the team, the grid, every cart
    where it rests."""
    carts = tuple((c["square"], tuple(c["path"] or ())) for t in state["teams"] for c in t["carts"].values())
    gold = state["gold_cart"]
    return (team, tuple(sorted((sq, p["card"], p["rotation"]) for sq, p in state["grid"].items())), carts,
            gold["square"], tuple(gold["path"] or ()))


def gold_route(state: MineCartsState, team: int) -> Route:
    """See the module docstring: the cheapest routes of the gold cart into
    every town, and one to ``team``'s cheapest town (kept for recent
    positions: :data:`ROUTES`)."""
    return ROUTES.get(route_position(state, team), lambda: search_route(state, team))


def search_route(state: MineCartsState, team: int) -> Route:
    """:func:`gold_route`'s search."""
    squares = all_squares()
    index = _index()
    nxt = _next()
    table = rules()
    grid = state["grid"]
    n = len(squares)
    ways_at: list[tuple[dict[int, int], ...] | None] = [None] * n
    pit = [False] * n
    for sq, placed in grid.items():
        i = index[sq]
        if placed["card"] == "pit":
            pit[i] = True
        else:
            ways_at[i] = switch_needs(placed["card"], placed["rotation"])
    carts = [False] * n
    waiting: dict[str, bool] = {t: False for t in table.towns}
    for t in state["teams"]:
        for c in t["carts"].values():
            if in_station(c):
                waiting[c["square"]] = True
            else:
                carts[index[c["square"]]] = True
    for town in table.towns:
        if waiting[town] and led_out(state, town):
            waiting[town] = False
    town_of = {index[t]: t for t in table.towns}
    mine = index[table.mine]
    gold = state["gold_cart"]
    gold_at = -1 if in_station(gold) else index[gold["square"]]
    start = index[gold["square"]]
    heads = gold_heads(state)
    if heads is None:
        return Route(towns=MappingProxyType({t: NEVER for t in table.towns}), path=())
    ours = [t for t in table.towns if table.towns[t] == team]
    dist: dict[int, int] = {}
    settled: dict[int, int] = {}
    came: dict[int, int] = {}
    heap: list[tuple[int, int]] = []
    for d in heads:
        node = _node(nxt[start][d], opposite(d), ANY_SWITCH)
        dist[node] = 0
        heap.append((0, node))
    heapq.heapify(heap)
    towns = {t: NEVER for t in table.towns}
    best_ours = NEVER
    while heap:
        here, node = heapq.heappop(heap)
        if here > dist[node] or node in settled:
            continue
        if here >= best_ours and here > 0:
            break  # the team's cheapest town is known, and whether any town costs nothing
        qe, allowed = divmod(node, 8)
        if any(settled.get(qe * 8 + wider, NEVER) <= here for wider in _WIDER[allowed]):
            continue  # reached as cheaply with more switch colours still allowed
        settled[node] = here
        q, e = divmod(qe, 4)
        if q in town_of:
            name = town_of[q]
            cost = here + (WAITING_CART if waiting[name] else 0)
            if cost < towns[name]:
                towns[name] = cost
                came[-1 - index[name]] = node
                if name in ours:
                    best_ours = min(best_ours, cost)
            continue
        if q == mine or pit[q]:
            continue
        ways = ways_at[q]
        row = nxt[q]
        for x in range(4):
            if x == e:
                continue
            now = allowed
            if carts[q]:
                step = UNDER_CART
            elif ways is not None and allowed & ways[e].get(x, 0):
                step, now = 0, allowed & ways[e][x]
            elif q == gold_at:
                continue
            else:
                step = CARD
            then = (row[x] * 4 + (x + 2) % 4) * 8 + now
            cost = here + step
            if cost < dist.get(then, NEVER):
                dist[then] = cost
                came[then] = node
                heapq.heappush(heap, (cost, then))
    best = min(ours, key=lambda t: towns[t])
    path: list[tuple[str, int, int, bool]] = []
    if towns[best] < NEVER:
        nodes = [came[-1 - index[best]]]
        while nodes[-1] in came:
            nodes.append(came[nodes[-1]])
        nodes.reverse()
        for here, there in zip(nodes, nodes[1:]):
            q, e, _allowed = _parts(here)
            r, f, _then = _parts(there)
            leave = next(d for d in range(4) if nxt[q][d] == r and opposite(d) == f)
            path.append((squares[q], e, leave, dist[there] > dist[here]))
    return Route(towns=MappingProxyType(towns), path=tuple(path))
