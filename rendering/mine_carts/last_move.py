"""The Mine Carts last move in the kit's highlight form: the cards laid this
turn framed, and each cart's path beside the track (cart 1 above and left,
cart 2 below and right, the gold cart further out), from a tag naming its
cart to an arrowhead.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from games.mine_carts.board import coords, neighbour
from games.mine_carts.movement import GOLD
from games.mine_carts.state import MineCartsState, Move
from rendering import kit
from rendering.mine_carts.geometry import BAND, CELL, PATH_OFFSET, PATH_WIDTH, TEAM_LETTER, cell_box, centre, edge_point


def _path_points(squares: list[str]) -> list[list[tuple[float, float]]]:
    """The path through cell centres, cut where it wraps off an edge (each
    piece runs to the edge it leaves by or comes in from)."""
    pieces: list[list[tuple[float, float]]] = [[centre(squares[0])]]
    for a, b in zip(squares, squares[1:]):
        edge = next((e for e in range(4) if neighbour(a, e) == b), 0)
        (ax, ay), (bx, by) = coords(a), coords(b)
        if abs(ax - bx) + abs(ay - by) == 1:
            pieces[-1].append(centre(b))
        else:
            pieces[-1].append(edge_point(centre(a), edge, CELL + 2 * BAND - 4))
            pieces.append([edge_point(centre(b), (edge + 2) % 4, CELL + 2 * BAND - 4), centre(b)])
    return pieces


def _offset(pieces: list[list[tuple[float, float]]], by: float) -> list[list[tuple[float, float]]]:
    return [[(x + by, y + by) for x, y in pts] for pts in pieces]


def _arrowhead(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A black arrowhead with a white rim at ``b``, pointing from ``a``."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    size = 13
    tip = (b[0] + size * math.cos(angle), b[1] + size * math.sin(angle))
    wings = [(b[0] - size * 0.8 * math.cos(angle + s), b[1] - size * 0.8 * math.sin(angle + s)) for s in (0.9, -0.9)]
    draw.polygon([tip, *wings], fill=kit.HIGHLIGHT_DASH, outline=kit.HIGHLIGHT, width=2)


def path_tag(move: Move) -> str:
    """The name a path's tag shows: the team's letter and the cart's number
    (``R1``, ``B2``), or ``G`` for the gold cart."""
    return "G" if move["cart"] == GOLD else f"{TEAM_LETTER[move['team']]}{move['cart']}"


def _tag(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str) -> None:
    face = kit.font(15, True)
    w = draw.textlength(text, font=face) + 10
    x, y = at
    draw.rounded_rectangle((x - w / 2, y - 11, x + w / 2, y + 11), radius=5, fill=kit.HIGHLIGHT,
                           outline=kit.HIGHLIGHT_DASH, width=2)
    draw.text((x, y), text, font=face, fill=kit.INK, anchor="mm")


def path_pieces(move: Move) -> list[list[tuple[float, float]]]:
    """Where a cart's path of the last move is drawn: through the centres of
    the squares it entered, shifted off the track by the cart's offset."""
    return _offset(_path_points(move["squares"]), PATH_OFFSET[move["cart"]])


def draw_moves(draw: ImageDraw.ImageDraw, moves: list[Move], last: bool) -> None:
    """Each cart's path beside the track, then an arrowhead at its end and
    its tag on its first step (tags last: never hidden). Paths of the last
    move are in the highlight form; the paths of the turn before the cards
    just laid are thin grey lines (seen, but not taken for the last move)."""
    drawn = [(m, path_pieces(m)) for m in moves if len(m["squares"]) > 1]
    for _m, pieces in drawn:
        for pts in pieces:
            if last:
                kit.highlight_line(draw, pts, PATH_WIDTH)
            elif len(pts) > 1:
                draw.line(pts, fill=kit.MUTED, width=3, joint="curve")
        tail = pieces[-1]
        if last and len(tail) > 1:
            _arrowhead(draw, tail[-2], tail[-1])
    for m, pieces in drawn:
        _tag(draw, tag_point(pieces), path_tag(m))


def tag_point(pieces: list[list[tuple[float, float]]]) -> tuple[float, float]:
    """Where a path's tag goes: halfway along its first step (off the
    square it starts in, so a town's or the mine's name stays readable)."""
    (x0, y0), (x1, y1) = pieces[0][0], pieces[0][1]
    return (x0 + x1) / 2, (y0 + y1) / 2


def draw_last_laid(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    """The cards laid this turn, framed in the highlight form."""
    last = state["last"]
    if last is None or last["kind"] != "lay":
        return
    for sq in last["where"]:
        frame(draw, sq)


def frame(draw: ImageDraw.ImageDraw, square: str) -> None:
    """The highlight form around a square, on its border line (the track's
    ends stay visible on both sides of it)."""
    left, top, right, bottom = cell_box(square)
    kit.highlight_box(draw, (left + 1, top + 1, right - 2, bottom - 2), PATH_WIDTH)
