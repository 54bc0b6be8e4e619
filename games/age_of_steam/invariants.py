"""Checks of a sound state, run after every action by the playout tests."""

from __future__ import annotations

from typing import Any

from .goods import conservation, display_columns, usable_columns
from .maps import map_of
from .params import rules
from .tiles import kinds
from .hexmap import board_of
from .track import city_hexes, disks_used, is_town, network, pieces

from .state import AgeOfSteamState as State


def problems(state: State) -> list[str]:
    r = rules()
    m = map_of(state)
    out: list[str] = []
    goods = conservation(state)
    for colour, count in m.goods.items():
        if goods[colour] != count:
            out.append(f"{colour} cubes: {goods[colour]} instead of {count}")
    n = len(state["players"])
    for seat in range(n):
        if state["cash"][seat] < 0:
            out.append(f"seat {seat} has negative cash")
        if not 1 <= state["engine"][seat] <= r.max_engine:
            out.append(f"seat {seat} engine {state['engine'][seat]}")
        if not m.start_shares <= state["shares"][seat] <= m.max_shares:
            out.append(f"seat {seat} shares {state['shares'][seat]}")
        if not state["eliminated"][seat] and state["income"][seat] < 0:
            out.append(f"seat {seat} income below 0 but still playing")
        if state["eliminated"][seat] and (seat in state["order"] or state["income"][seat] != 0):
            out.append(f"eliminated seat {seat} still in the order or on the income track")
    placed: dict[str, int] = {}
    for entry in state["board"].values():
        placed[entry["tile"]] = placed.get(entry["tile"], 0) + 1
    for name, kind in kinds().items():
        if state["supply"][name] < 0 or state["supply"][name] + placed.get(name, 0) != kind.count:
            out.append(f"tile {name}: supply {state['supply'][name]} + placed {placed.get(name, 0)} "
                       f"!= {kind.count}")
    if disks_used(state) > r.town_disks:
        out.append("more town disks than exist")
    net = network(state)
    b = board_of(state)
    cities = city_hexes(state)
    for label, entry in state["board"].items():
        if len(entry["owners"]) != len(pieces(state, label)):
            out.append(f"{label}: owners do not match its pieces")
        if label in cities or b.hexes[label].terrain == "lake":
            out.append(f"{label}: track on a city or a lake")
        if kinds()[entry["tile"]].cls == "town" and not is_town(state, label):
            out.append(f"{label}: a dedicated town tile off a town")
        for piece in pieces(state, label):
            for edge in piece:
                nb = b.neighbours[label][edge]
                if nb is None or b.hexes[nb].terrain == "lake":
                    out.append(f"{label}: track runs off the map or into a lake")
        for i in range(len(pieces(state, label))):
            if (label, i) not in net.of_piece:
                out.append(f"{label} piece {i} belongs to no link or section")
    for sec in net.sections:
        owners = {state["board"][h]["owners"][i] for h, i in sec.paths}
        if len(owners) > 1:
            out.append(f"section from {sec.start} has several owners {owners}")
        if sec.end is not None and sec.end == sec.start:
            out.append(f"link from {sec.start} returns to its start")
        if sec.owner is not None and state["eliminated"][sec.owner]:
            out.append(f"eliminated seat {sec.owner} still owns track")
    for name, col in display_columns(state["display"]):
        expected = r.city_column_boxes if name[0] in "LD" and name[1:].isdigit() else r.new_city_column_boxes
        if len(col) != expected:
            out.append(f"display column {name} has {len(col)} boxes")
    in_use = dict(usable_columns(state["display"], m.display_sides))
    for name, col in display_columns(state["display"]):
        if name not in in_use and any(c is not None for c in col):
            out.append(f"display column {name} is not in play on this map but holds cubes")
    for label in state["map_cubes"]:
        if b.hexes[label].terrain not in ("plain", "river"):
            out.append(f"a goods cube lies on {label}, which is not a plain or river hex")
    if m.action_cycle and len(set(state["blocked"])) != len(state["blocked"]):
        out.append("an action is blocked twice in one cycle")
    for label in state["new_cities"]:
        if label not in b.towns:
            out.append(f"new city on {label}, which is not a town")
    if len(state["new_cities"]) != len(set(state["new_cities"].values())):
        out.append("a new city tile is placed twice")
    return out
