"""Build a mid-game position by hand: for tests, examples and the console.

``position`` lays tiles exactly where it is told (no placement checks),
puts the trains, sets steam and hands, and keeps every stock consistent
(tiles laid or in hand are taken out of the deck, towns out of the town
deck, goods out of the bag), so the result passes ``check_invariants``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .geometry import Cell, key, orientations
from .params import EDGE_LETTERS
from games.core import State

TileSpec = tuple[str, ...]
"""("curve", "N-E") / ("junction-left", "W-E", "E-S") / ("town", "red", "blue", "green")."""


def rotation_for(kind: str, *segments: str) -> int:
    """The rotation of ``kind`` whose segments are exactly the given ones
    ("N-E", "S" for a dead end), in any order."""
    wanted = sorted(tuple(sorted(EDGE_LETTERS.index(c) for c in seg.split("-"))) for seg in segments)
    for shp in orientations(kind):
        if sorted(shp.segments) == wanted:
            return shp.rotation
    raise ValueError(f"{kind} has no orientation {segments}")


def position(game: Any, players: Sequence[str], tiles: dict[Cell, TileSpec],
             trains: Sequence[Cell | tuple[int, int, int]] | None = None,
             steam: Sequence[int] | None = None, hands: Sequence[list[str]] | None = None,
             turn: int = 0, face_up: Sequence[TileSpec] = ()) -> State:
    """A state in play with these tiles, trains ((x, y) or (x, y, piece)),
    steam, hands (default: straight, curve, straight) and face-up towns
    (("red", "blue", "green"): a red town with two goods)."""
    state: State = game.new(list(players), {})
    state["phase"] = "play"
    state["pending"] = []
    n = len(players)
    for cell, spec in tiles.items():
        kind = spec[0]
        if kind == "town":
            state["town_deck"][spec[1]] -= 1
            goods = list(spec[2:])
            for g in goods:
                state["bag"][g] -= 1
            state["tiles"][key(cell)] = {"kind": "town", "rot": 0, "colour": spec[1],
                                         "goods": [{"colour": g, "origin": key(cell)} for g in goods]}
        else:
            state["deck"][kind] = state["deck"].get(kind, 0) - 1
            state["tiles"][key(cell)] = {"kind": kind, "rot": rotation_for(kind, *spec[1:])}
    for colour, *goods in face_up:
        state["town_deck"][colour] -= 1
        for g in goods:
            state["bag"][g] -= 1
        state["face_up"].append({"colour": colour, "goods": list(goods)})
    state["hands"] = [list(h) for h in (hands or [["straight", "curve", "straight"]] * n)]
    for hand in state["hands"]:
        for kind in hand:
            state["deck"][kind] -= 1
    for kind in [k for k, v in state["deck"].items() if v <= 0]:
        # a kind not in the deck (the Figure 10 double junction) can't be
        # conserved: such a position is for movement checks only
        del state["deck"][kind]
    for seat, where in enumerate(trains or [(0, 0)] * n):
        state["trains"][seat] = {"cell": key((where[0], where[1])),
                                 "piece": where[2] if len(where) == 3 else 0, "cargo": None}
    state["steam"] = list(steam or [0] * n)
    state["current"] = turn
    return state
