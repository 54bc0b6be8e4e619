"""A chosen move as the action names it, and carrying it out.

A move is offered as a destination and a route variant: the variant token
says the steam spent and the goods taken and delivered on the way, in
order ("s4,tr@Z26,dr@AC27": take red at Z26, deliver red at AC27), so the
same destination can be reached cheaply or with a delivery. A good taken
where it did not start names its origin too ("tr/Z26@AB27"). The letters
keep a move's text within Discord's 100 characters.
"""

from __future__ import annotations

from typing import Callable

from .geometry import Cell, cell_name, key, shape, unkey
from .movement import Route
from .params import EDGE_LETTERS
from .state import DaysOfSteamState, RouteData
from .table import check_winner

Namer = Callable[[Cell], str]


def dest_token(state: DaysOfSteamState, route: Route, name: Namer) -> str:
    """The destination: the cell, plus the piece's sides on a tile with two
    separate pieces (a bridge, a double curve, a siding): "C4:NS"."""
    tile = state["tiles"][key(route.dest)]
    shp = shape(tile["kind"], int(tile["rot"]))
    if len(shp.pieces) < 2:
        return name(route.dest)
    sides = "".join(EDGE_LETTERS[e] for e in sorted(shp.piece_edges(route.piece)))
    return f"{name(route.dest)}:{sides}"


def variant_token(route: Route, name: Namer) -> str:
    parts = [f"s{route.spent}"]
    for verb, colour, origin, town in route.events:
        where = name(town)
        source = f"/{name(unkey(origin))}" if verb == "take" and origin != key(town) else ""
        parts.append(f"{verb[0]}{colour[0]}{source}@{where}")
    return ",".join(parts)


def goods_words(route: Route, name: Namer) -> str:
    """What happens to goods, in words ("takes red at C3, delivers it at E5")."""
    words = []
    for verb, colour, _origin, town in route.events:
        words.append(f"{'takes' if verb == 'take' else 'delivers'} {colour} at {name(town)}")
    if route.unload and route.cargo is not None:
        words.append(f"unloads {route.cargo[0]} at {name(route.dest)}")
    elif route.cargo is not None and not any(e[0] == "take" for e in route.events):
        words.append(f"carries {route.cargo[0]} on")
    return ", ".join(words)


def risk_words(route: Route) -> str:
    d = route.derail_on
    if not d:
        return "no derailment roll"
    return "derail on 1" if d == 1 else f"derail on 1-{d}"


def to_json(route: Route) -> RouteData:
    return {
        "dest": key(route.dest), "piece": route.piece, "spent": route.spent,
        "derail_on": route.derail_on,
        "events": [[v, c, o, key(t)] for v, c, o, t in route.events],
        "cargo": list(route.cargo) if route.cargo else None,
        "unload": route.unload, "path": [key(c) for c in route.path],
    }


def goods_done(route: RouteData) -> str:
    """What a move did with goods, in order, as the public event says it
    ("took blue at AB27, delivered blue at AC25, unloaded red at Z26")."""
    words = [f"{'took' if verb == 'take' else 'delivered'} {colour} at {cell_name(unkey(town))}"
             for verb, colour, _origin, town in route["events"]]
    if route["unload"] and route["cargo"]:
        words.append(f"unloaded {route['cargo'][0]} at {cell_name(unkey(route['dest']))}")
    return ", ".join(words)


def carry_out(state: DaysOfSteamState, seat: int, route: RouteData) -> list[str]:
    """Move the train and its goods along a route whose steam is already
    paid; the events left to tell (a win), the goods being told by the caller
    with :func:`goods_done`."""
    for verb, colour, origin, town in route["events"]:
        goods = state["tiles"][town]["goods"]
        if verb == "take":
            goods.remove({"colour": colour, "origin": origin})
        else:
            state["delivered"][seat].append(colour)
    train = state["trains"][seat]
    train["cell"], train["piece"] = route["dest"], int(route["piece"])
    cargo = route["cargo"]
    train["cargo"] = {"colour": cargo[0], "origin": cargo[1]} if cargo else None
    if route["unload"] and cargo:
        state["tiles"][route["dest"]]["goods"].append({"colour": cargo[0], "origin": cargo[1]})
        train["cargo"] = None
    return check_winner(state, seat)
