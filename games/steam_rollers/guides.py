"""Steam Rollers' building guides: how a player reads his track on the map,
shared by the bots' judgements (easy, normal, hard).

- which pieces are joined to a city through his own track, and how near the
  open ends of those chains point to another city (:func:`track_from_cities`);
- for each cube no route of his takes home yet, how few hexes of track would
  still join its city to a city of its colour (:func:`missing_links`, over
  :func:`link_costs`): a player who cannot deliver builds toward the cubes he
  could deliver, and late in the game joins the halves of his network;
- which builds are worth a look at all (:func:`promising`): a piece that
  meets a city or his own track.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache, lru_cache
from typing import Iterator, Sequence

from games.core import Game, State

from .board import board, hex_distance, parse_piece
from .build import track_of
from .network import Track, connections
from .params import rules

REACH = 6
"""Hexes from a city within which an open end of rooted track is counted as
pointing toward it."""
SPAN = 10
"""Hexes of missing track beyond which a cube's link home counts for nothing."""
CITY, TRACK, OPEN = "city", "track", "open"


def piece_ends(track: Track, hex_name: str, piece: Sequence[int]) -> Iterator[tuple[str, str | None]]:
    """For each end of a piece: what it meets: ("city", the city's hex), ("track",
    the joined hex), or ("open", the hex it points into, None off the map)."""
    geo = board()
    for edge in piece:
        other = _around()[hex_name][int(edge)]
        if other is not None and other in geo.city_at:
            yield CITY, other
        elif other is not None and (int(edge) + 3) % 6 in track.get(other, []):
            yield TRACK, other
        else:
            yield OPEN, other


def track_from_cities(state: State, seat: int) -> tuple[int, list[int]]:
    """(pieces of the seat's track joined to a city through its own track,
    for each open end of such a chain the hexes from the hex it points into
    to the nearest city other than the chain's own)."""
    geo = board()
    track = track_of(state, seat)
    roots: dict[str, set[str]] = {}
    for hex_name, piece in track.items():
        for kind, other in piece_ends(track, hex_name, piece):
            if kind == CITY and other is not None:
                roots.setdefault(hex_name, set()).add(other)
    rooted: set[str] = set()
    gaps: list[int] = []
    for start, cities in roots.items():
        chain = [start]
        seen = {start}
        while chain:
            here = chain.pop()
            for kind, other in piece_ends(track, here, track[here]):
                if kind == TRACK and other is not None and other not in seen:
                    seen.add(other)
                    chain.append(other)
                elif kind == OPEN and other is not None:
                    gaps.append(min(hex_distance(other, c) for c in geo.city_hex.values() if c not in cities))
        rooted |= seen
    return len(rooted), gaps


def city_groups(track: Track, walls: Sequence[int]) -> dict[int, int]:
    """Each city's group: the lowest city its track's connections join it to
    (itself when alone)."""
    group = {city: city for city in board().city_hex}

    def root(city: int) -> int:
        while group[city] != city:
            city = group[city]
        return city

    for conn in connections(track, walls):
        a, b = root(conn.cities[0]), root(conn.cities[1])
        group[max(a, b)] = min(a, b)
    return {city: root(city) for city in group}


def _walled(a: str, b: str, walls: Sequence[int]) -> bool:
    if not walls:
        return False
    border = board().border_between(a, b)
    return border is not None and border in walls


@cache
def _around() -> dict[str, tuple[str | None, ...]]:
    """Each hex's six neighbours by edge (None off the map), looked up once."""
    geo = board()
    return {h: tuple(geo.neighbour(h, edge) for edge in range(6)) for h in geo.coords}


def frontiers(track: Track, walls: Sequence[int]) -> dict[int, set[str]]:
    """For each city, the empty hexes (on this map) a new piece there would
    join to it: its own empty neighbours, and the hexes the open ends of its
    track's chains point into."""
    geo = board()
    around = _around()
    out: dict[int, set[str]] = {}
    for city, chex in geo.city_hex.items():
        reach = out.setdefault(city, set())
        for edge in range(6):
            here, out_edge = chex, edge
            seen: set[str] = set()
            while True:  # out of the city, then along its chain of track
                nxt = around[here][out_edge]
                if nxt is None or nxt in geo.city_at or _walled(here, nxt, walls):
                    break
                if nxt not in track:
                    reach.add(nxt)
                    break
                came_in, piece = (out_edge + 3) % 6, track[nxt]
                if came_in not in piece or nxt in seen:
                    break
                seen.add(nxt)
                out_edge = int(piece[1] if int(piece[0]) == came_in else piece[0])
                here = nxt
    return out


Links = tuple[dict[int, int], dict[tuple[int, int], int]]


def link_costs(track: Track, walls: Sequence[int]) -> Links:
    """:func:`_link_costs`, remembered for the last few maps (the candidates
    of one decision mostly share the seat's track). Read-only results."""
    key = tuple(sorted((h, tuple(int(e) for e in piece)) for h, piece in track.items()))
    return _link_costs(key, tuple(walls))


@lru_cache(maxsize=512)
def _link_costs(key: tuple[tuple[str, tuple[int, ...]], ...], walls: tuple[int, ...]) -> Links:
    """(each city's group (:func:`city_groups`), for each two groups the
    fewest empty hexes whose pieces would join them, through other groups
    too (each piece may take any two edges, dice permitting; walls cut;
    missing when no path is left on the map))."""
    geo = board()
    around = _around()
    track = {h: piece for h, piece in key}
    group = city_groups(track, walls)
    reach = frontiers(track, walls)
    starts: dict[int, set[str]] = {}
    for city, hexes in reach.items():
        starts.setdefault(group[city], set()).update(hexes)
    cost: dict[tuple[int, int], int] = {}
    for g, seeds in starts.items():
        dist = {h: 1 for h in seeds}
        queue = deque(seeds)
        while queue:
            here = queue.popleft()
            for nxt in around[here]:
                if (nxt is None or nxt in dist or nxt in geo.city_at or nxt in track
                        or _walled(here, nxt, walls)):
                    continue
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
        for other, hexes in starts.items():
            found = [dist[h] for h in hexes if h in dist]
            if other != g and found:
                cost[g, other] = min(found)
    groups = sorted(starts)
    for via in groups:
        for a in groups:
            for b in groups:
                if a != b and (a, via) in cost and (via, b) in cost:
                    through = cost[a, via] + cost[via, b]
                    if through < cost.get((a, b), through + 1):
                        cost[a, b] = through
    return group, cost


def missing_links(state: State, seat: int) -> list[int]:
    """For each cube on the board that no route of the seat's track takes to
    a city of its colour, the fewest hexes that would still join its city to
    one (:func:`link_costs`); cubes with no such path left are left out."""
    group, cost = link_costs(track_of(state, seat), state["walls"])
    dests = rules().destinations
    out: list[int] = []
    for city, cubes in state["cubes"].items():
        source = group[int(city)]
        for colour in cubes:
            targets = [group[t] for t in dests[colour] if t != int(city)]
            if source in targets:
                continue
            found = [cost[source, t] for t in targets if (source, t) in cost]
            if found:
                out.append(min(found))
    return out


def promising(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The legal actions worth a look: every one that builds no track, and
    the builds whose piece meets a city or the seat's own track."""
    track = track_of(state, seat)
    out: list[str] = []
    for choice in game.legal_actions(state, seat):
        words = choice.text.split()
        if "build" not in words:
            out.append(choice.text)
            continue
        at = words.index("build")
        piece = parse_piece(words[at + 2]) if at + 2 < len(words) else None
        if piece is None or any(kind != OPEN for kind, _ in piece_ends(track, words[at + 1], piece)):
            out.append(choice.text)
    return out
