"""The Mine Carts board image, one picture that reads in the chat.

Layout, and why: the grid is a fixed 9 x 9 (it never grows, so there is
nothing to crop to) and every square can matter, since carts wrap off any
edge; so the posted image is the whole board, drawn portrait so that Discord's
550 px chat width shrinks it by only a quarter (a landscape board with the
panel beside the grid was shrunk by almost half). On top: whose turn it is
(or the result) and the last move in words; then the grid with its ghosted
wrap bands on all four sides (the squares across each edge, faded), every
card's black and coloured track (each coloured branch with its letter),
pits, towns, the mine, the carts (the team's colour, shape and number: Red
circles, Blue squares; the gold cart a gold hexagon with G); below it each
team's gold, allotment and factory, then the switch and the deck. There is
no separate full board (``render_full``): this one is it.

The last move is drawn in the kit's highlight form (a white band between
black edges with black dashes), never in a player's colour: the cards laid
this turn are framed in it, and each cart's path of the last move runs
beside the track (cart 1 above and left of it, cart 2 below and right, the
gold cart further out), so the track stays visible and two paths through one
square stay apart; each path starts at a tag naming its cart (``R1``,
``B2``, ``G``) and ends in an arrowhead.

``step_picture`` pictures a panel step whose choices do not finish an action
(the factory's cards) and the rotations of a card on its square.

The parts, one module each (this one puts them together: ``render``,
``board_image`` and ``focus_box``):

- :mod:`.geometry`: measures, colours (``PALETTES``), where a square is;
- :mod:`.cards`: a card's track, towns, pits and the mine;
- :mod:`.carts`: the carts;
- :mod:`.last_move`: the last move highlighted (cards laid, carts' paths);
- :mod:`.board_map`: the grid with its wrap bands;
- :mod:`.panel`: the header, the teams' boxes and the foot;
- :mod:`.step_pictures`: the panel's pictures of the choices.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from games.mine_carts.board import EDGES
from rendering.mine_carts.board_map import grid_image
from rendering.mine_carts.geometry import (BAND, GRID_X, GRID_Y, PALETTES, PANEL_Y, PATH_OFFSET, PATH_WIDTH, PIT,
                                           TEAM_W, as_state, box_around, cell_box, centre)
from rendering.mine_carts.last_move import path_pieces, path_tag, tag_point
from rendering.mine_carts.panel import draw_foot, draw_header, draw_team_box, team_wins
from rendering.mine_carts.step_pictures import CARD_SHEET, step_picture


def board_image(state: dict[str, Any]) -> Image.Image:
    """The whole picture, before it is packed as a PNG."""
    s = as_state(state)
    image = grid_image(s)
    draw = ImageDraw.Draw(image)
    draw_header(draw, s)
    for t in range(len(s["teams"])):
        draw_team_box(draw, s, t, 10 + t * (TEAM_W + 10), PANEL_Y)
    draw_foot(draw, s)
    return image


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    return _png(board_image(state))


def _png(image: Image.Image) -> bytes:
    """PNG bytes, palette-quantised with the fast octree (kit.to_png's median
    cut takes ~3x longer on this board's faded wrap bands, for no visible gain)."""
    buffer = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """Around the squares of the last move (the cards just laid, or the cells
    the carts entered), one cell of margin, within the grid and its bands."""
    last = as_state(state)["last"]
    if last is None or not last["where"]:
        return None
    boxes = [cell_box(sq) for sq in last["where"]]
    return box_around(boxes)


__all__ = ["EDGES", "PALETTES", "render", "focus_box", "step_picture", "BAND", "CARD_SHEET", "GRID_X", "GRID_Y",
           "PATH_OFFSET", "PATH_WIDTH", "PIT", "board_image", "cell_box", "centre", "path_pieces", "path_tag",
           "tag_point", "team_wins"]
