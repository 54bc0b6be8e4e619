"""Helpers for the String Railway tests: a table with a chosen river and
mountain range, stations put down where a test wants them, and short ways to
lay a string."""

from __future__ import annotations

from typing import Any

from games.core import CHANCE, Applied, State
from games.string_railway import GAME, board
from games.string_railway.params import tile_kinds

NAMES = ["ann", "bob", "cid", "dee", "eve"]
# the river: a straight line at x = 51 from beyond the top edge; the mountains: a square
RIVER = [[51.0, -1.0], [51.0, 30.0]]
MOUNTAIN = [[10.0, 46.0], [30.0, 46.0], [30.0, 66.0], [10.0, 66.0]]


def cell(x: int, y: int) -> str:
    """The grid point at (x, y) cm (odd numbers: cell centres)."""
    return board.cell_name((x - 1) // 2, (y - 1) // 2)


def table(players: int = 4, advanced: bool = False) -> State:
    """A game past its corners (companies in seat order from seat 0, corners
    taken in the field's order), with the test river and mountains, waiting
    for the first draw."""
    state = GAME.new(NAMES[:players], {"crossing": "advanced" if advanced else "standard"})
    state = GAME.apply(state, CHANCE, "table 7 first 0").state
    while state["phase"] == "corner":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.options_at(state, seat, [])[0].token).state
    state["river"] = [list(p) for p in RIVER]
    state["mountain"] = [list(p) for p in MOUNTAIN]
    return state


def put(state: State, kind: str, where: str, mountain: bool = False) -> None:
    """A station of ``kind`` on cell ``where``, its tile taken from the deck."""
    tile = next(t for t in state["deck"] if tile_kinds()[t - 1] == kind)
    state["deck"].remove(tile)
    state["stations"].append({"cell": where, "kind": kind, "tile": tile, "owner": None, "mountain": mountain})


def track(state: State, company: int, path: list[str], entered: list[str]) -> None:
    """A string already on the table (the test says what it lies on)."""
    state["strings"].append({"company": company, "length": "long", "path": path, "entered": entered,
                             "newly": [], "crossed": 0, "cross_at": [], "points": 0})


def string_turn(state: State, company: int) -> State:
    state["phase"] = "string"
    state["company"] = company
    state["current"] = state["companies"][company]["seat"]
    state["drawn"] = []
    return state


def lay(state: State, company: int, text: str) -> Applied:
    string_turn(state, company)
    return GAME.apply(state, state["current"], text)


def score(state: State, company: int) -> int:
    return int(state["companies"][company]["score"])


def home(state: State, company: int) -> str:
    return str(state["companies"][company]["home"])


def last_string(state: State) -> dict[str, Any]:
    return dict(state["strings"][-1])
