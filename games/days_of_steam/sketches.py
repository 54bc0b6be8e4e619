"""The tiles a bot may lay and the moves it may make, each with a sketch of
the state it would leave, cheaply.

Applying an action through the game (copying the whole state, walking the
turn's tree, finding every route again) for each of a hundred candidates is
most of a decision's time. A bot only needs what the action changes that it
judges. :func:`tile_plays` gives each legal track tile play's canonical
text with the state after it (the tile on the map, the steam its coal car
brings, a circuit counter it closes) and whether the new tile joins the
track it meets on two sides or more (a tile meeting track on one side only
adds a branch no train can pass through, so it changes no distance on the
map). :func:`move_plays` gives each legal move's text with the state after
it (the steam paid, the train and the goods moved, a win), and for a move
that needs a derailment roll the state after derailing too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .geometry import cell_name, key, neighbour, opposite
from .movement import routes
from .moves import carry_out, dest_token, to_json, variant_token
from .params import tile_defs
from .placement import Spot, award_circuit, track_spots
from .state import DaysOfSteamState, Tile
from .table import add_steam


@dataclass(frozen=True)
class TilePlay:
    text: str
    """The action's canonical text ("tile KIND SQUARE SIDES")."""
    after: DaysOfSteamState
    """A sketch of the state after the play (tiles, steam, circuits, score)."""
    joins: bool
    """Whether it meets track on two sides or more (or replaces track)."""


def joined_sides(board: Board, spot: Spot) -> int:
    """How many sides of the new tile meet track."""
    return sum(1 for e in spot.shape.edges if board.has_track(neighbour(spot.cell, e), opposite(e)))


def sketch(state: DaysOfSteamState, seat: int, board: Board, spot: Spot) -> DaysOfSteamState:
    """The state after laying ``spot``, as far as a bot judges it: the tile
    placed, its steam gained, a circuit counter if it closes one."""
    after: DaysOfSteamState = dict(state)  # type: ignore[assignment]
    after["tiles"] = dict(state["tiles"])
    after["tiles"][key(spot.cell)] = {"kind": spot.kind, "rot": spot.shape.rotation}
    after["steam"] = list(state["steam"])
    after["circuits"] = list(state["circuits"])
    after["last"] = None
    add_steam(after, seat, tile_defs()[spot.kind].coal)
    if spot.over is not None or joined_sides(board, spot) >= 2:
        replaced = board.shapes.get(spot.cell) if spot.over is not None else None
        award_circuit(after, seat, spot.cell, replaced)
    return after


def tile_plays(state: DaysOfSteamState, seat: int) -> list[TilePlay]:
    """Every legal track tile play of ``seat``'s hand, sketched."""
    board = Board.of(state)
    out = []
    for spot in track_spots(state, board, state["hands"][seat]):
        joins = spot.over is not None or joined_sides(board, spot) >= 2
        text = f"tile {spot.kind} {cell_name(spot.cell)} {spot.shape.code}"
        out.append(TilePlay(text, sketch(state, seat, board, spot), joins))
    return out


@dataclass(frozen=True)
class MovePlay:
    text: str
    """The action's canonical text ("move SQUARE ROUTE")."""
    after: DaysOfSteamState
    """The state after the move (after a safe roll, when one is due)."""
    derailed: DaysOfSteamState | None
    """The state after derailing (the steam lost, nothing moved), when a roll is due."""
    derail_on: int
    """The highest roll that derails (0: no roll)."""
    spent: int
    """The steam the move costs."""


def _goods_copied(tile: Tile) -> Tile:
    if "goods" not in tile:
        return tile
    copied: Tile = dict(tile)  # type: ignore[assignment]
    copied["goods"] = [dict(g) for g in tile["goods"]]  # type: ignore[misc]
    return copied


def move_plays(state: DaysOfSteamState, seat: int) -> list[MovePlay]:
    """Every legal move of ``seat``, sketched."""
    out = []
    seen: set[str] = set()
    for route in routes(state, Board.of(state), seat):
        text = f"move {dest_token(state, route, cell_name)} {variant_token(route, cell_name)}"
        if text in seen:
            continue  # the turn's tree offers the first (best) route of a text
        seen.add(text)
        paid: DaysOfSteamState = dict(state)  # type: ignore[assignment]
        paid["steam"] = list(state["steam"])
        paid["steam"][seat] -= route.spent
        after: DaysOfSteamState = dict(paid)  # type: ignore[assignment]
        after["tiles"] = {k: _goods_copied(t) for k, t in state["tiles"].items()}
        after["trains"] = [dict(t) for t in state["trains"]]  # type: ignore[misc]
        after["delivered"] = [list(d) for d in state["delivered"]]
        carry_out(after, seat, to_json(route))
        out.append(MovePlay(text, after, paid if route.derail_on else None, route.derail_on, route.spent))
    return out
