"""Steam Rollers' easy bot: builds connected track between cities, improves its
engine as far as its routes need, and delivers.

A one-ply lookahead (:class:`games.bots.Greedy`) over the legal actions,
each applied to a copy of the state (nothing is hidden in Steam Rollers:
every map is public, and the dice are rolled by chance after the choice),
scored by :func:`evaluate`: the score margin first; then what the cubes
still on the board could pay over its connections (within its engine, and
half as much beyond it, which makes a stronger engine and longer routes
worth having); for each cube no route of its takes home yet, how few hexes
of track would still join its city to a city of its colour (see
:func:`~games.steam_rollers.guides.link_costs`: a player who cannot deliver builds toward the cubes he
could deliver, and late in the game joins the halves of his network that the
remaining cubes need joined); then its track joined to a city and how near
its open ends are to another city, and its engine's strength (up to 4).
"""

from __future__ import annotations

from games.bots import Greedy, score_margin
from games.core import Game, State

from .build import track_of
from .deliver import engine_strength
from .guides import REACH, SPAN, missing_links, promising, track_from_cities
from .network import connections, distances
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
"""For each open end of that track, per hex nearer a city than
:data:`~games.steam_rollers.guides.REACH`."""
ENGINE = 2.0
"""Each engine strength up to :data:`ENGINE_CAP`."""
ENGINE_CAP = 4
LINK = 0.5
"""For each cube without a route home, per hex below
:data:`~games.steam_rollers.guides.SPAN` of the fewest hexes whose track
would join its city to one of its colour."""


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


def evaluate(game: Game, state: State, seat: int) -> float:
    """How good ``state`` is for ``seat`` (see the module docstring)."""
    near, far = route_potential(state, seat)
    rooted, gaps = track_from_cities(state, seat)
    toward = sum(max(0, REACH - gap) for gap in gaps)
    engine = min(engine_strength(state, seat), ENGINE_CAP)
    link = sum(max(0, SPAN - cost) for cost in missing_links(state, seat))
    return (POINT * score_margin(game, state, seat) + IN_REACH * near + BEYOND * far
            + LINK * link + ROOTED * rooted + TOWARD * toward + ENGINE * engine)


EASY = Greedy(evaluate, promising, limit=60)
