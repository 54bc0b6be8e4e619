"""Steam Rollers' bot: builds connected track between cities, improves its
engine as far as its routes need, and delivers.

A one-ply lookahead (:class:`games.bots.Greedy`) over the legal actions,
each applied to a copy of the state (nothing is hidden in Steam Rollers:
every map is public, and the dice are rolled by chance after the choice),
scored by :func:`evaluate`: the score margin first; then what the cubes
still on the board could pay over its connections (within its engine, and
half as much beyond it, which makes a stronger engine and longer routes
worth having); then its track joined to a city and how near its open ends are to
another city, and its engine's strength (up to 4).
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence

from games.bots import Greedy, score_margin
from games.core import Game, State

from .board import board, hex_distance, parse_piece
from .build import track_of
from .deliver import engine_strength
from .network import Track, connections, distances
from .params import rules

POINT = 10.0
"""One point of score margin, in the evaluation's units."""
IN_REACH = 3.0
"""Each point a cube on the board could pay now (over its connections, within its engine)."""
BEYOND = 1.5
"""Each point a cube could pay once the engine is strong enough."""
ROOTED = 1.0
"""Each track piece joined to a city through the seat's own track."""
TOWARD = 1.0
"""For each open end of that track, per hex nearer a city than :data:`REACH`."""
REACH = 6
ENGINE = 2.0
"""Each engine strength up to :data:`ENGINE_CAP`."""
ENGINE_CAP = 4
CITY, TRACK, OPEN = "city", "track", "open"


def route_potential(state: State, seat: int) -> tuple[int, int]:
    """(points in reach, points beyond the engine): for every city's cubes,
    the best distance its connections give each colour to a city of that
    colour, summed over the cubes."""
    conns = connections(track_of(state, seat), state["walls"])
    if not conns:
        return 0, 0
    engine = engine_strength(state, seat)
    dests = rules().destinations
    near = far = 0
    for city, cubes in state["cubes"].items():
        source = int(city)
        for colour in cubes:
            best_near = best_far = 0
            for target in dests[colour]:
                if target == source:
                    continue
                for reached in distances(conns, source, target):
                    best_far = max(best_far, reached)
                    if reached <= engine:
                        best_near = max(best_near, reached)
            near += best_near
            far += best_far
    return near, far


def piece_ends(track: Track, hex_name: str, piece: Sequence[int]) -> Iterator[tuple[str, str | None]]:
    """For each end of a piece: what it meets: ("city", the city's hex), ("track",
    the joined hex), or ("open", the hex it points into, None off the map)."""
    geo = board()
    for edge in piece:
        other = geo.neighbour(hex_name, int(edge))
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


def evaluate(game: Game, state: State, seat: int) -> float:
    """How good ``state`` is for ``seat`` (see the module docstring)."""
    near, far = route_potential(state, seat)
    rooted, gaps = track_from_cities(state, seat)
    toward = sum(max(0, REACH - gap) for gap in gaps)
    engine = min(engine_strength(state, seat), ENGINE_CAP)
    return (POINT * score_margin(game, state, seat) + IN_REACH * near + BEYOND * far
            + ROOTED * rooted + TOWARD * toward + ENGINE * engine)


POLICY = Greedy(evaluate, promising, limit=60)
