"""Days of Steam's easy bot: a driver who delivers and closes circuits.

A one-ply lookahead (:class:`games.bots.Greedy`) over every legal action of
its turn, each applied to a copy of its own view, scored by
:func:`evaluate`: points first (deliveries, colour bonus, circuits), then a
good aboard, then how near the train is to where it can deliver that good
(or to a town with goods to take), then towns on the map (each brings
goods), then steam in hand. A move that needs a
derailment roll counts what it would do times the chance of staying on the
rails. The view hides the other hands and the deck: the bot never sees them.
"""

from __future__ import annotations

from typing import Any

from games.bots import Greedy, score_margin
from games.core import Game, State

POINT = 10.0
"""One point of score margin, in the evaluation's units."""
CARGO = 6.0
"""A good aboard that can still be delivered somewhere."""
STEP = 0.8
"""Each square of distance between the train and its next goal."""
STEAM = 0.3
"""Each steam in hand, up to :data:`STEAM_CAP`."""
STEAM_CAP = 8
TOWN = 4.0
"""Each town on the map (a town brings goods to carry), up to :data:`TOWN_CAP`."""
TOWN_CAP = 6


def cell_of(key: str) -> tuple[int, int]:
    """A square key "x,y" as numbers."""
    x, y = key.split(",")
    return int(x), int(y)


def squares_between(a: str, b: str) -> int:
    """Manhattan distance between two square keys."""
    (ax, ay), (bx, by) = cell_of(a), cell_of(b)
    return abs(ax - bx) + abs(ay - by)


def towns(state: State) -> dict[str, dict[str, Any]]:
    """Square key -> town tile."""
    return {k: t for k, t in state["tiles"].items() if t["kind"] == "town"}


def goal_distance(state: State, seat: int) -> int | None:
    """Squares from the train to its next goal: a town of its good's colour
    (not the good's origin), else the nearest town with a good to take."""
    train = state["trains"][seat]
    cargo = train["cargo"]
    here = str(train["cell"])
    if cargo is not None:
        goals = [k for k, t in towns(state).items() if t.get("colour") == cargo["colour"] and k != cargo["origin"]]
    else:
        goals = [k for k, t in towns(state).items() if t.get("goods") and k != here]
    return min((squares_between(here, k) for k in goals), default=None)


def evaluate(game: Game, state: State, seat: int) -> float:
    """How good ``state`` is for ``seat`` (see the module docstring)."""
    value = POINT * score_margin(game, state, seat)
    for pending in state.get("pending", []):
        if pending.get("kind") == "derail" and pending.get("seat") == seat:
            route = pending["route"]
            stays = 1.0 - int(route["derail_on"]) / 6.0
            delivered = sum(1 for e in route["events"] if e[0] == "deliver")
            value += stays * (2 * POINT * delivered + (CARGO if route["cargo"] and not route["unload"] else 0.0))
            value -= (1.0 - stays) * STEAM * int(route["spent"])
            return value
    if state["trains"][seat]["cargo"] is not None:
        value += CARGO
    distance = goal_distance(state, seat)
    if distance is not None:
        value -= STEP * distance
    value += STEAM * min(int(state["steam"][seat]), STEAM_CAP)
    value += TOWN * min(len(towns(state)), TOWN_CAP)
    return value


EASY = Greedy(evaluate, limit=80)
