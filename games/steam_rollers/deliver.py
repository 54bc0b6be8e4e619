"""Deliver cargo: a cube from the die's city (card 3a: to the die's city)
along the player's connections to a city of its colour (grey: city 3 or 4).

The distance is the number of towns and cities the cube reaches; the engine
must be at least that strong (card 4a: unlimited, once). Card 3b adds 1 or 2
to the distance, once, if the engine covers it. The cube leaves the game and
the player scores the distance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from games.core import State
from games.steam_rollers import cards, turns
from games.steam_rollers.board import board
from games.steam_rollers.build import track_of
from games.steam_rollers.network import connections, distances, route_hexes
from games.steam_rollers.params import rules
from games.tree import Effect, Node


def engine_strength(state: State, seat: int) -> int:
    """Checkboxes crossed out, +1 while holding card 4b."""
    boxes = len(state["maps"][seat]["engine"])
    return boxes + (1 if cards.holds(state, seat, "4b") else 0)


@dataclass(frozen=True)
class Route:
    """One way to deliver: where to, the distance reached, the 3b bonus, and
    whether card 4a is needed."""

    source: int
    target: int
    reached: int
    bonus: int
    uses_4a: bool

    @property
    def points(self) -> int:
        return self.reached + self.bonus

    @property
    def token(self) -> str:
        return f"to{self.target}-{self.reached}" + (f"+{self.bonus}" if self.bonus else "")

    def words(self) -> str:
        geo = board()
        text = f"to city {self.target} ({geo.city_colour[self.target]}), distance {self.reached}"
        if self.bonus:
            text += f" +{self.bonus} (card 3b)"
        if self.uses_4a:
            text += " (card 4a)"
        return f"{text}: {self.points} pt{'' if self.points == 1 else 's'}"


def routes(state: State, seat: int, colour: str, source: int, targets: list[int]) -> list[Route]:
    """Every legal (target, distance, bonus) for a cube, most points first."""
    conns = connections(track_of(state, seat), state["walls"])
    engine = engine_strength(state, seat)
    unlimited = cards.usable(state, seat, "4a")
    bonuses = [0, 1, 2] if cards.usable(state, seat, "3b") else [0]
    out = []
    for target in targets:
        if target == source:
            continue
        for reached in distances(conns, source, target):
            for bonus in bonuses:
                over = reached + bonus > engine
                if over and not unlimited:
                    continue
                out.append(Route(source, target, reached, bonus, over))
    return sorted(out, key=lambda r: (-r.points, -r.reached, r.target))


def cube_sources(state: State, seat: int, value: int) -> list[tuple[str, int, list[int]]]:
    """(colour, source city, target cities) of every cube the die can move:
    the die's city's cubes, and with card 3a the cubes bound for the die's city."""
    dests = rules().destinations
    found = [(colour, value, list(dests[colour]))
             for colour in sorted(set(state["cubes"][str(value)]))]
    if cards.usable(state, seat, "3a"):
        for city in sorted(int(c) for c in state["cubes"]):
            if city == value:
                continue
            for colour in sorted(set(state["cubes"][str(city)])):
                if value in dests[colour]:
                    found.append((colour, city, [value]))
    return found


def deliver_nodes(state: State, seat: int, value: int) -> list[Node]:
    """The cubes the player can deliver with this die, best first, each
    opening its routes."""
    player = state["players"][seat]
    options: list[tuple[int, Node]] = []
    for colour, source, targets in cube_sources(state, seat, value):
        found = routes(state, seat, colour, source, targets)
        if not found:
            continue
        via_3a = source != value
        label = f"{colour} cube in city {source}" + (" (card 3a)" if via_3a else "")
        detail = f"best: {found[0].words()}"
        route_nodes = [
            Node(r.token, r.words(), f"Route for the {colour} cube", "", "deliver",
                 f"deliver {colour} from city {r.source} {r.words()}", None,
                 _deliverer(seat, player, colour, r, via_3a))
            for r in found
        ]
        options.append((found[0].points, Node(f"{colour}@{source}", label, "Cube to deliver",
                                              detail, "deliver", "", _const(route_nodes))))
    options.sort(key=lambda pair: -pair[0])
    return [n for _, n in options]


def _const(nodes: list[Node]) -> Callable[[], list[Node]]:
    return lambda: nodes


def _deliverer(seat: int, player: str, colour: str, route: Route, via_3a: bool) -> Effect:
    def do(state: State) -> list[str]:
        state["cubes"][str(route.source)].remove(colour)
        record = state["maps"][seat]
        record["deliveries"].append(
            {"cube": colour, "from": route.source, "to": route.target, "points": route.points})
        record["delivery_points"] += route.points
        text = (f"{player} delivered a {colour} cube from city {route.source} to city "
                f"{route.target}: distance {route.reached}"
                + (f" +{route.bonus}" if route.bonus else "") + f", {route.points} point{'' if route.points == 1 else 's'}.")
        conns = connections(track_of(state, seat), state["walls"])
        state["last"] = {"seat": seat, "kind": "deliver", "text": text,
                         "where": route_hexes(conns, route.source, route.target, route.reached)}
        events = [text]
        if via_3a:
            events.insert(0, f"{player} uses card 3a: the die names the destination.")
        for code, used in (("3b", route.bonus > 0), ("4a", route.uses_4a)):
            if used:
                events.append(f"{player} used card {code}.")
                events.extend(cards.spend(state, code))
        return events + turns.finish_action(state)
    return do
