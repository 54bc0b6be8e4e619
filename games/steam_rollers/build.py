"""Build track: one piece in one hex of the die's region, of a shape the
black die allows (cards 6a/6b lift that). A hex is drawn in once; cities are
never drawn in; a town hex's piece always passes through the town.
"""

from __future__ import annotations

from typing import Callable

from games.core import State
from games.steam_rollers import cards, turns
from games.steam_rollers.board import (
    EDGE_NAMES, SHAPE_NAMES, all_pieces, board, hex_distance, piece_shape, piece_token, piece_words,
)
from games.steam_rollers.params import rules
from games.tree import Effect, Node


def track_of(state: State, seat: int) -> dict[str, list[int]]:
    track: dict[str, list[int]] = state["maps"][seat]["track"]
    return track


def free_hexes(state: State, seat: int, region: int) -> list[str]:
    """The region's hexes the player has not drawn in: first those an end
    of his track points into, then nearest to his track (to the region's
    city when he has none)."""
    geo = board()
    track = track_of(state, seat)
    anchors = list(track) or [geo.city_hex[region]]
    free = [h for h in geo.region_hexes(region) if h not in track]

    def nearness(h: str) -> tuple[int, int, int, int]:
        col, row = geo.coords[h]
        ends = sum(1 for e in range(6) if _track_points_in(track, h, e))
        return (-ends, min(hex_distance(h, a) for a in anchors), col, row)

    return sorted(free, key=nearness)


def _track_points_in(track: dict[str, list[int]], hex_name: str, edge: int) -> bool:
    """An end of the player's track in the neighbour across ``edge`` faces this hex."""
    n = board().neighbour(hex_name, edge)
    return n is not None and n in track and (edge + 3) % 6 in track[n]


def _meets(track: dict[str, list[int]], walls: list[int], hex_name: str, edge: int) -> tuple[bool, str]:
    """What a piece end on ``edge`` would meet, and whether it joins
    something (a city or the player's track)."""
    geo = board()
    n = geo.neighbour(hex_name, edge)
    if n is None:
        return False, "map edge"
    if geo.border_between(hex_name, n) in walls:
        return False, "wall"
    if n in geo.city_at:
        return True, f"city {geo.city_at[n]}"
    if _track_points_in(track, hex_name, edge):
        return True, f"joins your track in {n}"
    return False, n


def _hex_detail(state: State, seat: int, hex_name: str) -> str:
    geo = board()
    bits = []
    if hex_name in geo.towns:
        bits.append(f"town of region {geo.region[hex_name]}")
    beside = sorted({geo.city_at[n] for e in range(6)
                     if (n := geo.neighbour(hex_name, e)) is not None and n in geo.city_at})
    if beside:
        bits.append("next to city " + " and ".join(str(c) for c in beside))
    track = track_of(state, seat)
    if track:
        near = min(hex_distance(hex_name, h) for h in track)
        bits.append(f"{near} from your track")
    return "; ".join(bits)


def _piece_detail(track: dict[str, list[int]], walls: list[int], hex_name: str,
                  piece: tuple[int, int], start: int) -> str:
    """What each end meets, from ``start``: "NE: city 1 · S: A4"."""
    ends = sorted(piece, key=lambda e: e != start)
    return " · ".join(f"{EDGE_NAMES[e]}: {_meets(track, walls, hex_name, e)[1]}" for e in ends)


def build_nodes(state: State, seat: int, value: int) -> list[Node]:
    """The hexes of region ``value`` open to the player, each opening the
    pieces he may draw there."""
    allowed = set(rules().black_die_shapes[int(state["black"])])
    free_any = cards.usable(state, seat, "6b")
    wildcard = cards.usable(state, seat, "6a")
    player = state["players"][seat]

    track = track_of(state, seat)
    walls: list[int] = state["walls"]

    def pieces(hex_name: str) -> list[Node]:
        out = []
        joins = {e: _meets(track, walls, hex_name, e)[0] for e in range(6)}
        ranked = sorted(all_pieces(), key=lambda p: -(joins[p[0]] + joins[p[1]]))
        for piece in ranked:
            card = _card_for_shape(piece_shape(*piece), allowed, free_any, wildcard)
            if card == "":
                continue
            # from the end that joins the track or a city, as a player reads it
            start = piece[1] if joins[piece[1]] and not joins[piece[0]] else piece[0]
            words = piece_words(piece, start)
            label = words + (f" (card {card})" if card else "")
            out.append(Node(
                piece_token(piece), label, f"Track piece in {hex_name}",
                _piece_detail(track, walls, hex_name, piece, start), "build",
                f"build a {words} in {hex_name}" + (f" using card {card}" if card else ""),
                None, _builder(seat, player, value, hex_name, piece, card),
                aliases=(_reversed_token(piece),),
            ))
        return out

    def opener(hex_name: str) -> Callable[[], list[Node]]:
        return lambda: pieces(hex_name)

    return [Node(h, h, f"Hex to build in (region {value})", _hex_detail(state, seat, h),
                 "build", "", opener(h))
            for h in free_hexes(state, seat, value)]


def _reversed_token(piece: tuple[int, int]) -> str:
    """"SW-NE": the piece named from its other end, read as "NE-SW"."""
    return f"{EDGE_NAMES[piece[1]]}-{EDGE_NAMES[piece[0]]}"


def _card_for_shape(shape: str, allowed: set[str], free_any: bool, wildcard: bool) -> str | None:
    """The card that lets a piece of ``shape`` be drawn: None when the black
    die allows it, "6b" or "6a" when one of them lifts the limit, "" when
    it can't be drawn."""
    if shape in allowed:
        return None
    if free_any:
        return "6b"
    return "6a" if wildcard else ""


def _builder(seat: int, player: str, region: int, hex_name: str, piece: tuple[int, int],
             card: str | None) -> Effect:
    """Draw the piece; a piece the black die forbids names the card (6a/6b)
    that allowed it, and 6a (one-time) goes back to the centre."""
    def do(state: State) -> list[str]:
        track_of(state, seat)[hex_name] = [piece[0], piece[1]]
        shape = SHAPE_NAMES[piece_shape(*piece)]
        ends = f"{EDGE_NAMES[piece[0]]}-{EDGE_NAMES[piece[1]]}"
        text = f"{player} built a {shape} {ends} in {hex_name} (region {region})."
        state["last"] = {"seat": seat, "kind": "build", "where": [hex_name], "text": text}
        if card:
            return [f"{player} uses card {card} to ignore the black die.", text,
                    *cards.spend(state, card), *turns.finish_action(state)]
        return [text, *turns.finish_action(state)]
    return do

