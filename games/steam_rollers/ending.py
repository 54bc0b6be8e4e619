"""When the game ends: at the end of a round with three or more empty
cities (rulebook), or (ours, a digital safeguard) at the end of a round in
which no cube left on the board can ever be delivered: every player's map is
full and none of his routes leads a cube to a city of its colour within the
strongest engine he could still reach. Without it such a game would never end.
"""

from __future__ import annotations

from games.core import State
from games.steam_rollers.board import board
from games.steam_rollers.network import connections, route_lengths
from games.steam_rollers.params import rules


def empty_cities(state: State) -> list[int]:
    return sorted(int(c) for c, cubes in state["cubes"].items() if not cubes)


def game_ends(state: State) -> str | None:
    """Why the game ends now (at the end of a round), or None."""
    empty = empty_cities(state)
    if len(empty) >= rules().empty_cities_to_end:
        return f"Cities {', '.join(str(c) for c in empty)} are empty: the game is over."
    if stalled(state):
        return "Every map is full and no cube left can be delivered any more: the game is over."
    return None


def stalled(state: State) -> bool:
    """No delivery will ever be possible again (see the module docstring)."""
    geo = board()
    buildable = len(geo.coords) - len(geo.city_at)
    if any(len(record["track"]) < buildable for record in state["maps"]):
        return False
    unlimited = state["cards"]["4"]["side"] == "a"
    limit = rules().engine_boxes + (0 if unlimited else 1)
    dests = rules().destinations
    for record in state["maps"]:
        conns = connections(record["track"], state["walls"])
        for city, cubes in state["cubes"].items():
            for colour in set(cubes):
                for target in dests[colour]:
                    for length in route_lengths(conns, int(city), target):
                        if unlimited or length <= limit:
                            return False
    return True
