"""Goods lying on map hexes (St. Lucia, S3, S13, S14, S16-S19).

A cube on a hex can move once the hex carries track. Its first leg runs
along that track, either way, to the town or city where the track ends (a
dangling end leads nowhere): one link, paying +1 to that track's owner,
using one link of the engine. From that first stop the base rules go on:
completed links only, no town or city twice, the first city of the cube's
colour ends the move; the first leg's track is never run again. A
delivered cube gives the owner of the track it left along the map's
``first_track_bonus`` more (not a link, no engine range). Unowned track
(an abandoned section) pays no one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .goods import Route, routes
from .hexmap import DIRECTIONS, board_of
from .maps import map_of
from .state import AgeOfSteamState as State
from .track import Network, city_colour, pieces


@dataclass(frozen=True)
class FirstLeg:
    """A cube's first leg: along section ``link`` from ``hex`` to ``stop``,
    leaving the hex through ``edge``, over ``refs`` (its track pieces)."""

    hex: str
    link: int
    stop: str
    edge: int
    refs: tuple[tuple[str, int], ...]

    @property
    def hop(self) -> str:
        return f"{DIRECTIONS[self.edge]}.{self.stop}"


def first_legs(state: State, net: Network, label: str) -> list[FirstLeg]:
    """Every first leg of a cube on ``label``: for each track through the
    hex, toward each of its ends that is a town or city."""
    nbrs = board_of(state).neighbours
    out: list[FirstLeg] = []
    for index, sec in enumerate(net.sections):
        for i, (h, k) in enumerate(sec.paths):
            if h != label:
                continue
            a, b = pieces(state, h)[k]
            back = sec.paths[i - 1][0] if i > 0 else sec.start
            to_start = a if nbrs[h][a] == back else b
            to_end = b if to_start == a else a
            out.append(FirstLeg(label, index, sec.start, to_start, tuple(sec.paths[:i + 1])))
            if sec.end is not None:
                out.append(FirstLeg(label, index, sec.end, to_end, tuple(sec.paths[i:])))
    return out


def hex_routes(state: State, net: Network, label: str, colour: str, engine: int) -> list[tuple[FirstLeg, Route]]:
    """Every legal delivery of a ``colour`` cube lying on ``label``, as
    (first leg, route); the route's first node is the hex, its first link
    the first leg's track. Longest first."""
    found: list[tuple[FirstLeg, Route]] = []
    for leg in first_legs(state, net, label):
        if leg.stop in net.cities and city_colour(state, leg.stop) == colour:
            found.append((leg, Route((label, leg.stop), (leg.link,), leg.hop)))
            continue
        for rest in routes(state, net, leg.stop, colour, engine - 1, exclude=leg.link):
            found.append((leg, Route((label,) + rest.nodes, (leg.link,) + rest.links, f"{leg.hop}-{rest.token}")))
    found.sort(key=lambda lr: (-len(lr[1].links), lr[1].token))
    return found


def movable(state: State, net: Network) -> list[str]:
    """The hexes whose cube lies on track (in label order)."""
    on_track = {h for sec in net.sections for h, _ in sec.paths}
    return [h for h in state["map_cubes"] if h in on_track]


def route_for(state: State, net: Network, where: str, colour: str, engine: int, token: str) -> Route | None:
    """The route named ``token`` of a ``colour`` cube in the city or on the
    map hex ``where`` (what a ``move`` text names), or None."""
    if state["map_cubes"].get(where) == colour:
        return next((r for _, r in hex_routes(state, net, where, colour, engine) if r.token == token), None)
    return next((r for r in routes(state, net, where, colour, engine) if r.token == token), None)


def payees(state: State, net: Network, route: Route) -> list[int | None]:
    """Who gains income from ``route``, one entry a dollar: each link's
    owner, and the first-track bonus's owner for a cube leaving a map hex."""
    owners = [net.sections[i].owner for i in route.links]
    bonus = map_of(state).first_track_bonus if route.nodes[0] in state["map_cubes"] else 0
    return owners + [owners[0]] * bonus
