"""A player's rail network: the connections his track makes between cities,
what they score, and the routes a cube can take along them.

A *connection* is one chain of track from a city to a different city that
passes only through towns and plain hexes (pieces never branch, so each chain
is found once). It scores 1 plus 1 per town it passes through. A wall
(Medium/Hard) cuts every hex edge along its border: a chain stops there.
A delivery follows connections without visiting a city twice; its distance
is the number of towns and cities it reaches after the source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping, Sequence

from games.steam_rollers.board import Board, board

Track = Mapping[str, Sequence[int]]


@dataclass(frozen=True)
class Connection:
    """A chain of track joining two cities: the hexes in order and the towns on it."""

    cities: tuple[int, int]
    hexes: tuple[str, ...]
    towns: int

    @property
    def points(self) -> int:
        """What it scores at the end and adds to a delivery's distance."""
        return 1 + self.towns


def _crosses_wall(geo: Board, a: str, b: str, walls: Sequence[int]) -> bool:
    border = geo.border_between(a, b)
    return border is not None and border in walls


def _follow(geo: Board, track: Track, walls: Sequence[int], start_city: int,
            first: str, entry: int) -> Connection | None:
    """Follow the chain entering hex ``first`` through its edge ``entry``
    (which faces ``start_city``); the connection it makes, if any."""
    hexes: list[str] = []
    here, came_in = first, entry
    while True:
        piece = track.get(here)
        if piece is None or came_in not in piece or here in hexes:
            return None
        hexes.append(here)
        out = piece[1] if piece[0] == came_in else piece[0]
        nxt = geo.neighbour(here, out)
        if nxt is None or _crosses_wall(geo, here, nxt, walls):
            return None
        if nxt in geo.city_at:
            end = geo.city_at[nxt]
            if end == start_city:
                return None
            towns = sum(1 for h in hexes if h in geo.towns)
            return Connection((start_city, end), tuple(hexes), towns)
        here, came_in = nxt, (out + 3) % 6


def connections(track: Track, walls: Sequence[int]) -> list[Connection]:
    """Every connection of a player's track, each once (from its lower city)."""
    geo = board()
    found: list[Connection] = []
    for city in sorted(geo.city_hex):
        chex = geo.city_hex[city]
        for edge in range(6):
            nb = geo.neighbour(chex, edge)
            if nb is None or nb not in track or _crosses_wall(geo, chex, nb, walls):
                continue
            conn = _follow(geo, track, walls, city, nb, (edge + 3) % 6)
            if conn is not None and conn.cities[0] < conn.cities[1]:
                found.append(conn)
    return found


def network_points(track: Track, walls: Sequence[int]) -> int:
    """The network's end-game points: 1 per connection plus 1 per town on it."""
    return sum(c.points for c in connections(track, walls))


def routes_between(conns: Sequence[Connection], source: int, target: int) -> Iterator[tuple[Connection, ...]]:
    """Every route from ``source`` to ``target`` that visits no city twice,
    as the connections it follows in order."""
    links: dict[int, list[tuple[int, Connection]]] = {}
    for c in conns:
        a, b = c.cities
        links.setdefault(a, []).append((b, c))
        links.setdefault(b, []).append((a, c))

    def walk(city: int, seen: frozenset[int], route: tuple[Connection, ...]) -> Iterator[tuple[Connection, ...]]:
        for nxt, conn in links.get(city, []):
            if nxt in seen:
                continue
            if nxt == target:
                yield route + (conn,)
            else:
                yield from walk(nxt, seen | {nxt}, route + (conn,))

    yield from walk(source, frozenset({source}), ())


def route_lengths(conns: Sequence[Connection], source: int, target: int) -> Iterator[int]:
    """The distance of every route from ``source`` to ``target`` that visits
    no city twice (one value per route; duplicates possible)."""
    return (sum(c.points for c in route) for route in routes_between(conns, source, target))


def distances(conns: Sequence[Connection], source: int, target: int) -> list[int]:
    """The distinct distances of the routes from source to target, longest first."""
    return sorted(set(route_lengths(conns, source, target)), reverse=True)


def route_hexes(conns: Sequence[Connection], source: int, target: int, distance: int) -> list[str]:
    """The hexes of one route of that distance, cities included, from the
    source on (for showing a delivery); [] if there is none."""
    geo = board()
    for route in routes_between(conns, source, target):
        if sum(c.points for c in route) != distance:
            continue
        hexes, city = [geo.city_hex[source]], source
        for conn in route:
            forward = conn.cities[0] == city
            hexes.extend(conn.hexes if forward else reversed(conn.hexes))
            city = conn.cities[1] if forward else conn.cities[0]
            hexes.append(geo.city_hex[city])
        return hexes
    return []
