"""Where a tile may be played, and what playing it does.

A track tile: no side with track against a side without; at least one of
its through segments (not a dead end) traces a valid path back to a town;
and it is at most the 5th tile along such a path. A "play over" tile may
also replace a track tile, but never a town, a hill, a bridge or a tile a
train stands on.

A town tile: every side has track, so each neighbour must offer track; it
must be joined by a valid path to a town, and be at least two track
segments from the nearest one along valid paths. (Track played later may
bring two towns closer: only the town's own placement is checked.)
"""

from __future__ import annotations

from dataclasses import dataclass
from games.phases import OVER

from .board import Arrivals, Board, arrivals, edge_mismatch, max_tiles_from_town, town_spacing, track_distance
from .circuits import completes_circuit
from .geometry import Cell, Shape, key, orientations, shape, unkey
from .params import EDGE_LETTERS, param, tile_defs
from .state import DaysOfSteamState
from .table import check_winner

SIDE = {0: "north", 1: "east", 2: "south", 3: "west"}


@dataclass(frozen=True)
class Spot:
    """A legal play of one tile kind: where, which way round, how far out."""

    kind: str
    cell: Cell
    shape: Shape
    distance: int
    over: str | None
    """The kind of track played over, if any."""


def train_cells(state: DaysOfSteamState) -> set[Cell]:
    return {unkey(t["cell"]) for t in state["trains"]}


def over_problem(state: DaysOfSteamState, board: Board, cell: Cell, kind: str) -> str | None:
    """Why ``kind`` may not be played over the track at ``cell`` (None: it may)."""
    here = state["tiles"][key(cell)]["kind"]
    hdef = tile_defs()[here]
    if not tile_defs()[kind].over:
        return "already has track: only a 'play over' tile may replace it"
    if hdef.town:
        return "is a town: no tile may be played over a town"
    if hdef.hill:
        return "is a hill: track can't be played over a hill"
    if hdef.bridge:
        return "is a bridge: track can't be played over a bridge"
    if cell in train_cells(state):
        return "has a train on it: track can't be played over a train"
    return None


def track_problem(board: Board, arr: Arrivals, cell: Cell, placed: Shape) -> str | None:
    """Why ``placed`` may not go at ``cell`` given the town distances ``arr``."""
    bad = edge_mismatch(board, cell, placed)
    if bad is not None:
        side = SIDE[bad]
        if bad in placed.edges:
            return f"its {side} side has track but the neighbour's side facing it has none"
        return f"the neighbour to the {side} has track facing a side of this tile without track"
    dist = track_distance(arr, cell, placed)
    if dist is None:
        if any(arr.get((cell, e)) is not None for seg in placed.segments if len(seg) == 1 for e in seg):
            return "only its dead end would connect to a town; a through track must trace a valid path back to a town"
        return "no track on it would trace a valid path back to a town"
    limit = max_tiles_from_town()
    if dist > limit:
        return f"it would be tile {dist} along a valid path from the nearest town; at most the {limit}th is allowed"
    return None


def track_spots(state: DaysOfSteamState, board: Board, kinds: list[str], only: Cell | None = None) -> list[Spot]:
    """Every legal play of the given kinds (on the square ``only``, when
    given), nearest to a town first."""
    arr = arrivals(board)
    limit = max_tiles_from_town()
    open_cells = sorted({c for (c, _e), d in arr.items() if d < limit and c not in board.shapes
                         and only in (None, c)})
    spots: list[Spot] = []
    for kind in dict.fromkeys(kinds):
        for cell in open_cells:
            for placed in orientations(kind):
                if track_problem(board, arr, cell, placed) is None:
                    spots.append(Spot(kind, cell, placed, track_distance(arr, cell, placed) or 0, None))
    over_kinds = [k for k in dict.fromkeys(kinds) if tile_defs()[k].over]
    if over_kinds:
        for cell in sorted(c for c in board.shapes if only in (None, c)):
            if over_problem(state, board, cell, over_kinds[0]) is not None:
                continue
            if not any(arr.get((cell, e), limit) < limit for e in range(4)):
                continue  # no town path reaches it at all (a lower bound)
            local = arrivals(board, skip=cell)
            rest = Board({c: s for c, s in board.shapes.items() if c != cell}, board.towns, board.hills)
            for kind in over_kinds:
                for placed in orientations(kind):
                    if track_problem(rest, local, cell, placed) is None:
                        spots.append(Spot(kind, cell, placed, track_distance(local, cell, placed) or 0,
                                          state["tiles"][key(cell)]["kind"]))
    spots.sort(key=lambda s: (s.distance, s.cell[1], s.cell[0]))
    return spots


def town_problem(board: Board, arr: Arrivals, cell: Cell) -> str | None:
    """Why a town may not be played at ``cell`` (None: it may)."""
    if cell in board.shapes:
        return "already has a tile"
    town = shape("town", 0)
    bad = edge_mismatch(board, cell, town)
    if bad is not None:
        return f"a town has track on every side, but the neighbour to the {SIDE[bad]} has none facing it"
    spacing = town_spacing(arr, cell)
    if spacing is None:
        return "it would not be joined to another town by a valid path"
    if spacing < param("min_town_spacing"):
        return (f"it would be only {spacing} track segment{'s' if spacing != 1 else ''} from the nearest town; "
                f"towns must be at least {param('min_town_spacing')} apart")
    return None


def town_cells(board: Board) -> list[tuple[Cell, int]]:
    """Legal town cells with their spacing, nearest first."""
    arr = arrivals(board)
    cells = sorted({c for (c, _e) in arr if c not in board.shapes}, key=lambda c: (c[1], c[0]))
    out = []
    for cell in cells:
        if town_problem(board, arr, cell) is None:
            out.append((cell, town_spacing(arr, cell) or 0))
    out.sort(key=lambda p: p[1])
    return out


def award_circuit(state: DaysOfSteamState, seat: int, cell: Cell, replaced: Shape | None = None) -> list[str]:
    """Give a circuit counter if the tile at ``cell`` completed a new
    circuit (one per turn at most, while counters last). ``replaced``: the
    track an overbuild replaced; only circuits over segments it lacked are new."""
    if state["phase"] == OVER or int(state["circuits_left"]) <= 0:
        return []
    board = Board.of(state)
    fresh = None if replaced is None else frozenset(set(board.shapes[cell].segments) - set(replaced.segments))
    if not completes_circuit(board, cell, fresh):
        return []
    state["circuits"][seat] += 1
    state["circuits_left"] -= 1
    if state["last"] is not None:
        state["last"]["circuit"] = True
    left = int(state["circuits_left"])
    events = [f"{state['players'][seat]} completed a circuit and takes a circuit counter ({left} left)."]
    return events + check_winner(state, seat)


def describe(placed: Shape) -> str:
    """The orientation in words: "N–S", "N–S and S–E"."""
    parts = []
    for seg in placed.segments:
        if len(seg) == 4:
            return "all sides"
        parts.append("–".join(EDGE_LETTERS[e] for e in seg) + (" (dead end)" if len(seg) == 1 else ""))
    return " and ".join(parts)


GLYPHS = {
    frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NE"): "└", frozenset("NW"): "┘",
    frozenset("SE"): "┌", frozenset("SW"): "┐", frozenset("NSE"): "├", frozenset("NSW"): "┤",
    frozenset("EWS"): "┬", frozenset("EWN"): "┴", frozenset("NESW"): "┼",
    frozenset("N"): "╵", frozenset("E"): "╶", frozenset("S"): "╷", frozenset("W"): "╴",
}
"""Box-drawing pictures of track, by the sides it joins, for panel labels."""


def glyph(placed: Shape) -> str:
    """The track as box-drawing characters, one per piece ("├", "└┐", "│╶")."""
    return "".join(GLYPHS[frozenset(EDGE_LETTERS[e] for e in placed.piece_edges(p))]
                   for p in range(len(placed.pieces)))
