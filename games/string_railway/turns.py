"""The flow of the game: set-up, corners, and each company's turn (draw,
place the stations drawn, lay a string) until every string is laid."""

from __future__ import annotations

from games.phases import OVER
from games.string_railway import board, stations
from games.string_railway.params import kind, table, tile_kinds
from games.string_railway.state import Company, Station, StringRailwayState


def company_name(state: StringRailwayState, company: int) -> str:
    """"ann" or, with two players, "ann (2nd colour)"."""
    c = state["companies"][company]
    name = state["players"][c["seat"]]
    if len(state["companies"]) > len(state["players"]):
        nth = 1 + [i for i, o in enumerate(state["companies"]) if o["seat"] == c["seat"]].index(company)
        return f"{name} (colour {nth})"
    return name


def start_companies(state: StringRailwayState, first: int) -> None:
    """Companies in playing order from the first player (two players: the
    first player has the 1st and 3rd colours, the other the 2nd and 4th)."""
    seats = len(state["players"])
    count = table().companies_for_players[seats]
    strings = table().strings_for(seats)
    state["companies"] = [
        Company(seat=(first + i) % seats, corner=None, home=None, strings=dict(strings),
                score=table().home.own,
                parts={"home": table().home.own, "stations": 0, "owner": 0, "junctions": 0, "crossings": 0},
                skipped=0)
        for i in range(count)
    ]
    state["company"] = 0
    state["current"] = state["companies"][0]["seat"]
    state["phase"] = "corner"


def free_corners(state: StringRailwayState) -> list[str]:
    taken = {c["corner"] for c in state["companies"]}
    return [c for c in table().fields[state["shape"]].corners if c not in taken]


def take_corner(state: StringRailwayState, company: int, corner: str) -> list[str]:
    """The company's home station goes to ``corner``; with two players the
    same player's other colour takes the opposite corner."""
    events = [_home(state, company, corner)]
    if len(state["companies"]) > len(state["players"]):
        other = company + len(state["players"])
        events.append(_home(state, other, table().opposite_corners[corner]))
    waiting = [i for i, c in enumerate(state["companies"]) if c["corner"] is None]
    if len(waiting) == 1:
        events.append(_home(state, waiting[0], free_corners(state)[0]))
        waiting = []
    if waiting:
        state["company"] = waiting[0]
        state["current"] = state["companies"][waiting[0]]["seat"]
        return events
    return events + begin_turn(state)


def _home(state: StringRailwayState, company: int, corner: str) -> str:
    cell = board.home_cell(state["shape"], corner)
    state["companies"][company]["corner"] = corner
    state["companies"][company]["home"] = cell
    state["stations"].append(Station(cell=cell, kind="home", tile=0, owner=company, mountain=False))
    return f"{company_name(state, company)} takes the {corner} corner: home station at {cell}."


def begin_turn(state: StringRailwayState) -> list[str]:
    """The next company's turn: it draws (two on the very first turn)."""
    n = len(state["companies"])
    company = state["turns"] % n
    state["round"] = state["turns"] // n + 1
    state["turns"] += 1
    state["company"] = company
    state["current"] = state["companies"][company]["seat"]
    state["drawn"] = []
    state["extra_used"] = False
    state["draws_due"] = 2 if state["turns"] == 1 else 1
    return after_draw(state)


def after_draw(state: StringRailwayState) -> list[str]:
    """Draw while draws are due; then the countryside's extra draw, once a
    turn; then the stations are placed."""
    if state["draws_due"] > 0 and state["deck"]:
        state["phase"] = "draw"
        return []
    state["draws_due"] = 0
    countryside = any(kind(tile_kinds()[t - 1]).extra_draw for t in state["drawn"])
    if countryside and not state["extra_used"] and state["deck"]:
        state["phase"] = "extra"
        return []
    return next_placement(state)


def next_placement(state: StringRailwayState) -> list[str]:
    """Place the next drawn station; one that fits nowhere is set aside
    (the rulebook: on a field too small "the game may collapse")."""
    events: list[str] = []
    while state["drawn"]:
        if stations.legal_cells(state):
            state["phase"] = "place"
            return events
        tile = state["drawn"].pop(0)
        state["set_aside"].append(tile)
        events.append(f"No room on the field for the {tile_kinds()[tile - 1]} station drawn: set aside.")
    state["phase"] = "string"
    return events


def place(state: StringRailwayState, cell: str) -> list[str]:
    tile = state["drawn"].pop(0)
    kind_name = tile_kinds()[tile - 1]
    mountain = stations.in_mountains(state, cell)
    state["stations"].append(Station(cell=cell, kind=kind_name, tile=tile, owner=None, mountain=mountain))
    state["last"] = {"seat": state["current"], "text": f"placed a {kind_name} station at {cell}", "where": [cell]}
    where = " in the mountains" if mountain else ""
    return [f"{company_name(state, state['company'])} places a {kind_name} station at {cell}{where}."] \
        + next_placement(state)


def end_turn(state: StringRailwayState) -> list[str]:
    if all(sum(c["strings"].values()) == 0 for c in state["companies"]):
        state["phase"] = OVER
        return ["Every string is laid: the game is over."]
    return begin_turn(state)


def strings_left(company: Company) -> list[str]:
    return [k for k in ("short", "long") if company["strings"].get(k, 0) > 0]
