"""Steam Rollers' planner (the normal bot, and the rivals of the hard one's
play-outs): a one-ply lookahead over every promising
action, judged the way a player who races for the cubes judges a map.

What a good player does, and the easy bot (:mod:`.easy`) does not:

- **An engine as strong as his routes are long.** The engine starts at 0,
  so no cube moves until it is improved. A cube is worth the longest route
  that takes it home, less for every engine box still missing to run that
  route (:func:`cube_value`), so each box pays on every cube his routes
  reach, and he improves as far as his routes reach (up to 6, where the end
  bonus tops out), not only to 4. Once a network stands, he improves rather
  than spend a die on a short delivery his next box would lengthen.
- **Only routes the engine can ever run.** A route longer than the strongest
  engine he could still reach (6 boxes, 7 with card 4b held) is worth nothing;
  the easy bot counts it as half a delivery.
- **Cubes he reaches before the others.** The cubes are shared: a delivery
  that takes a cube another player's routes would carry is worth more, and a
  cube others can carry is a race, so it counts for more while it is still
  there. The evaluation takes the other players' potential off his own.
- **Every candidate looked at:** the easy bot tries a random 60 of its
  promising actions when there are more; this one tries them all (the
  promising filter keeps them to a few dozen).

The evaluation (:class:`Evaluation`): the score margin, then what the cubes still
on the board are worth to the seat's connections (:func:`cube_value`), minus
a share of the same for the best other seat, then the easy bot's building guides
(track joined to cities, open ends near a city, how few hexes would still
join each cube's city to one of its colour) and the engine's strength.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.bots import Greedy, score_margin
from games.core import Game, State

from . import cards
from .build import track_of
from .deliver import engine_strength
from .network import connections, distances
from .params import rules
from .guides import REACH, SPAN, missing_links, promising, track_from_cities


def top_engine(state: State, seat: int) -> int:
    """The strongest engine the seat could still reach: every box crossed,
    +1 while it holds card 4b."""
    return rules().engine_boxes + (1 if cards.holds(state, seat, "4b") else 0)


def cube_value(state: State, seat: int, decay: float) -> float:
    """What the cubes on the board are worth to the seat's connections: for
    each cube, over its routes home no longer than the strongest engine the
    seat could reach, the best of the route's distance times ``decay`` per
    engine box still missing to run it."""
    track = tuple(sorted((h, tuple(int(e) for e in piece)) for h, piece in track_of(state, seat).items()))
    cubes = tuple((city, tuple(sorted(colours))) for city, colours in sorted(state["cubes"].items()))
    return _cube_value(track, tuple(state["walls"]), engine_strength(state, seat), top_engine(state, seat),
                       cubes, decay)


@lru_cache(maxsize=1024)
def _cube_value(track: tuple[tuple[str, tuple[int, ...]], ...], walls: tuple[int, ...], engine: int,
                top: int, cubes: tuple[tuple[str, tuple[str, ...]], ...], decay: float) -> float:
    """:func:`cube_value` of a map, remembered (a decision's candidates mostly
    share the seat's track, and always the other seats')."""
    conns = connections(dict(track), walls)
    if not conns:
        return 0.0
    dests = rules().destinations
    total = 0.0
    for city, colours in cubes:
        source = int(city)
        for colour in set(colours):
            best = 0.0
            for target in dests[colour]:
                if target == source:
                    continue
                for reached in distances(conns, source, target):
                    if reached <= top:
                        best = max(best, reached * decay ** max(0, reached - engine))
            total += best * colours.count(colour)
    return total


@dataclass(frozen=True)
class Evaluation:
    """How good a position is for a seat (see the module docstring); each
    weight is in the evaluation's units, one point of margin being ``point``."""

    point: float = 10.0
    cube: float = 5.0
    """Each point a cube could pay (:func:`cube_value`)."""
    decay: float = 0.7
    """A cube's worth kept per engine box still missing to run its route."""
    rival: float = 0.5
    """The share of the best other seat's cube points taken off."""
    engine: float = 4.0
    """Each engine strength up to ``engine_cap``."""
    engine_cap: int = 6
    rooted: float = 1.0
    toward: float = 1.0
    link: float = 0.5

    def potential(self, state: State, seat: int) -> float:
        return self.cube * cube_value(state, seat, self.decay)

    def __call__(self, game: Game, state: State, seat: int) -> float:
        rooted, gaps = track_from_cities(state, seat)
        toward = sum(max(0, REACH - gap) for gap in gaps)
        link = sum(max(0, SPAN - cost) for cost in missing_links(state, seat))
        engine = min(engine_strength(state, seat), self.engine_cap)
        others = [self.potential(state, s) for s in range(len(state["players"])) if s != seat]
        return (self.point * score_margin(game, state, seat) + self.potential(state, seat)
                - self.rival * max(others, default=0.0)
                + self.rooted * rooted + self.toward * toward + self.link * link
                + self.engine * engine)


EVALUATION = Evaluation()
PLANNER = Greedy(EVALUATION, promising, limit=400)
"""Every promising action tried, judged by :data:`EVALUATION`."""
