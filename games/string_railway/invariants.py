"""``problems(state)``: what must always hold, checked after every action of
the random playouts."""

from __future__ import annotations

from itertools import combinations

from games.core import IllegalAction
from games.string_railway import board, scoring, touching
from games.string_railway.params import table
from games.string_railway.state import TILES, StringRailwayState


def problems(state: StringRailwayState) -> list[str]:
    out: list[str] = []
    if not state["river"]:
        return out
    out += board.layout_problems(state["shape"], state["river"], state["mountain"])
    t = table()
    inner = board.inner_field(state["shape"])
    area = board.field(state["shape"])
    for rs in state["strings"]:
        line = board.polyline(rs["path"])
        if not inner.covers(line):
            out.append(f"string {rs['path']} leaves the field")
        if line.length > t.string_lengths[rs["length"]] + 1e-9:
            out.append(f"string {rs['path']} is too long ({line.length:.1f})")
    tiles = [(s["cell"], board.tile(s["cell"])) for s in state["stations"]]
    for (a, ta), (b, tb) in combinations(tiles, 2):
        if ta.intersects(tb):
            out.append(f"stations {a} and {b} overlap or touch")
    for s in state["stations"]:
        if s["kind"] != "home" and not area.covers(board.tile(s["cell"])):
            out.append(f"station {s['cell']} is outside the field")
    placed = tuple(s["cell"] for s in state["stations"])
    for cell in sorted(touching.touching_cells(placed, [(state["river"], False), (state["mountain"], True)])):
        out.append(f"station {cell} lies on the river or the mountain range string")
    for c in state["companies"]:
        if c["corner"] is not None and c["home"] != board.home_cell(state["shape"], c["corner"]):
            out.append(f"the home station at {c['home']} does not touch the {c['corner']} corner")
    used = [s["tile"] for s in state["stations"] if s["tile"]] + state["deck"] + state["drawn"] + state["set_aside"]
    if sorted(used) != list(range(1, TILES + 1)):
        out.append("a station tile is in two places or lost")
    per_company = t.strings_for(len(state["players"]))
    for i, c in enumerate(state["companies"]):
        laid = sum(1 for rs in state["strings"] if rs["company"] == i)
        if laid + c["skipped"] + sum(c["strings"].values()) != sum(per_company.values()):
            out.append(f"company {i}: strings laid, skipped and left don't add up")
        if sum(c["parts"].values()) != c["score"]:
            out.append(f"company {i}: score parts don't add up")
    try:
        again = scoring.recompute(state)
    except IllegalAction as bad:
        out.append(f"a string is not legal when re-laid: {bad}")
    else:
        stored = [c["score"] for c in state["companies"]]
        if again != stored:
            out.append(f"scores {stored} but the table gives {again}")
    return out
