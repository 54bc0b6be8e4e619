"""Square names: fixed for the whole game, whatever way the map grows.

A post or a ``/game log`` line written early names the same square at the
end of the game as when it was written.
"""

from __future__ import annotations

import random
import re

import pytest

from games.core import CHANCE, State
from games.days_of_steam import GAME
from games.days_of_steam.geometry import Cell, cell_name, key, parse_cell_name
from games.days_of_steam.positions import TileSpec, position
from games.days_of_steam.table import extent
from games.playout import step

NAMES = ["ann", "bob", "cid", "dee"]
CELL_TOKEN = re.compile(r"(?<![A-Za-z0-9-])-?[A-Z]{1,3}-?[0-9]+(?![A-Za-z0-9])")
"""A cell name inside a log text or an event ("Z26", "AB27")."""


def test_the_first_town_is_z26_and_its_neighbours_are_lettered_and_numbered_from_it() -> None:
    assert cell_name((0, 0)) == "Z26"
    assert [cell_name(c) for c in ((-1, 0), (1, 0), (0, -1), (0, 1), (2, 3))] == ["Y26", "AA26", "Z25", "Z27", "AB29"]
    assert cell_name((-25, -25)) == "A1"
    assert cell_name((-26, -26)) == "-A0" and cell_name((-27, -27)) == "-B-1"


@pytest.mark.parametrize("cell", [(0, 0), (-25, 3), (-26, -26), (-40, -30), (60, 70), (-1, -25)])
def test_every_cell_name_reads_back_as_its_cell(cell: Cell) -> None:
    assert parse_cell_name(cell_name(cell)) == cell


def test_names_stay_put_when_the_map_grows_west_and_north() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (1, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles, hands=[["curve", "straight", "straight"]] * 2)
    east = cell_name((1, 0))
    west = next(c.text for c in GAME.legal_actions(state, 0) if c.text.startswith(f"tile straight {cell_name((-1, 0))}"))
    grown = GAME.apply(state, 0, west).state
    assert extent(grown).min_x < extent(state).min_x, "the map grew west"
    assert extent(grown).parse(east) == (1, 0) and extent(grown).parse("Z26") == (0, 0)
    assert "tile straight Y26 EW" in [c.text for c in GAME.legal_actions(state, 0)]


def _written_cells(seat: int, action: str, events: list[str], last: dict[str, object] | None) -> list[tuple[str, str]]:
    """(name, key of the cell it stood for when written) for every cell name
    in a log line and its events, told by the board's own record of the move
    (``state["last"]``), never by a name."""
    if last is None:
        return []
    cells = [str(c) for c in last["where"]]  # type: ignore[attr-defined]
    out: list[tuple[str, str]] = []
    tokens = action.split()
    if seat != CHANCE and tokens[0] == "tile":
        out.append((tokens[2], cells[0]))
    elif seat != CHANCE and tokens[0] == "town" and len(tokens) >= 2 and tokens[-1] != "deck":
        out.append((tokens[-1], cells[0]))
    elif seat != CHANCE and tokens[0] == "move":
        out.append((tokens[1].split(":")[0], cells[-1]))
        for part in tokens[2].split(","):
            if "@" in part:
                out.append((part.split("@")[1], "on the path"))
    for event in events:
        for found in CELL_TOKEN.findall(event):
            out.append((found, cells[0] if last["kind"] in ("tile", "town") else "on the path"))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_every_cell_named_in_the_log_names_the_same_square_at_the_end(seed: int) -> None:
    rng = random.Random(seed)
    state: State = GAME.new(NAMES[:2 + seed % 3], {})
    written: list[tuple[str, str, list[str]]] = []
    while not GAME.is_over(state):
        state, seat, action, events = step(GAME, state, rng)
        if seat == CHANCE and action.startswith("setup"):
            written += [(n, key((0, 0)), []) for e in events for n in CELL_TOKEN.findall(e)]
            continue
        last = state["last"]
        path = [str(c) for c in last["where"]] if last else []
        written += [(n, k, path) for n, k in _written_cells(seat, action, events, last)]
    final = extent(state)
    assert final.min_x < -1 or final.min_y < -1, "the map grew west or north of the first town"
    assert written
    for name, cell, path in written:
        now = final.parse(name)
        assert now is not None, f"{name} is no longer on the map"
        if cell == "on the path":
            assert key(now) in path, f"{name} no longer names a square of the move {path}"
        else:
            assert key(now) == cell, f"{name} named {cell} when written, now {key(now)}"
