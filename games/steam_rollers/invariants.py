"""Checks of a state's soundness, run after every action in the playout tests."""

from __future__ import annotations

from games.steam_rollers.state import SteamRollersState
from games.steam_rollers.board import all_pieces, board
from games.steam_rollers.params import rules


def problems(state: SteamRollersState) -> list[str]:
    return _cubes(state) + _maps(state) + _cards(state) + _dice(state)


def _cubes(state: SteamRollersState) -> list[str]:
    out = []
    table = rules()
    delivered = {c: 0 for c in table.cube_colours}
    for record in state["maps"]:
        for d in record["deliveries"]:
            delivered[d["cube"]] += 1
    for colour in table.cube_colours:
        on_board = sum(cubes.count(colour) for cubes in state["cubes"].values())
        total = on_board + delivered[colour] + state["removed"][colour]
        if total != state["drawn"][colour]:
            out.append(f"{colour} cubes not conserved: {total} != {state['drawn'][colour]} drawn")
        if state["drawn"][colour] > table.cubes_per_colour:
            out.append(f"more than {table.cubes_per_colour} {colour} cubes")
    geo = board()
    for city, cubes in state["cubes"].items():
        if geo.city_colour[int(city)] in cubes:
            out.append(f"city {city} holds a cube of its own colour")
    return out


def _maps(state: SteamRollersState) -> list[str]:
    out = []
    geo = board()
    pieces = {tuple(p) for p in all_pieces()}
    for seat, record in enumerate(state["maps"]):
        engine = record["engine"]
        if len(set(engine)) != len(engine) or not set(engine) <= set(range(1, 7)):
            out.append(f"seat {seat}: engine boxes {engine} reuse or exceed die values")
        if not 0 <= len(engine) <= rules().engine_boxes:
            out.append(f"seat {seat}: engine {len(engine)} out of range")
        if record["delivery_points"] != sum(d["points"] for d in record["deliveries"]):
            out.append(f"seat {seat}: delivery points do not add up")
        if any(d["points"] < 1 for d in record["deliveries"]):
            out.append(f"seat {seat}: a delivery scored nothing")
        for hex_name, piece in record["track"].items():
            if hex_name not in geo.coords or hex_name in geo.city_at:
                out.append(f"seat {seat}: track in {hex_name}, which can't be drawn in")
            if tuple(piece) not in pieces:
                out.append(f"seat {seat}: bad piece {piece} in {hex_name}")
    return out


def _cards(state: SteamRollersState) -> list[str]:
    out = []
    n = len(state["players"])
    for number, entry in state["cards"].items():
        if entry["side"] not in ("a", "b"):
            out.append(f"card {number} has no side")
        if entry["holder"] is None and entry["sideways"]:
            out.append(f"card {number} is sideways in the centre")
        if entry["holder"] is not None and not 0 <= entry["holder"] < n:
            out.append(f"card {number} held by unknown seat")
    return out


def _dice(state: SteamRollersState) -> list[str]:
    out = []
    n = len(state["players"])
    if len(state["pool"]) > n + 1 or any(not 1 <= d <= 6 for d in state["pool"]):
        out.append(f"bad white dice {state['pool']}")
    if state["phase"] in ("act", "react", "reroll") and state["held"] is None:
        out.append(f"phase {state['phase']} without a held die")
    playing = state["phase"] in ("pick", "act", "react", "reroll", "extra")
    if playing != (state["current"] in state["order"]):
        out.append(f"phase {state['phase']} with current seat {state['current']}")
    return out
