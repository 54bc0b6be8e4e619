"""The Mine Carts grid: every square's card, the ghosted wrap bands on all
four sides (the squares across each edge, faded), the last move and the
carts.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.mine_carts.board import is_town
from games.mine_carts.params import rules
from games.mine_carts.state import MineCartsState
from rendering import kit
from rendering.mine_carts.cards import draw_card, draw_mine, draw_town
from rendering.mine_carts.carts import draw_carts
from rendering.mine_carts.geometry import BAND, CELL, EMPTY, GRID_X, GRID_Y, HEIGHT, WIDTH, cell_box, centre
from rendering.mine_carts.last_move import draw_last_laid, draw_moves


def _grid(state: MineCartsState) -> Image.Image:
    """The 9 x 9 cells at their places on a full-size canvas."""
    image, draw = kit.new_canvas(WIDTH, HEIGHT)
    size = rules().size
    for y in range(size):
        for x in range(size):
            sq = f"{'ABCDEFGHI'[x]}{y + 1}"
            left, top, right, bottom = cell_box(sq)
            if is_town(sq):
                draw_town(draw, sq)
            elif sq == rules().mine:
                draw_mine(draw)
            elif sq in state["grid"]:
                draw_card(draw, centre(sq), state["grid"][sq])
            else:
                draw.rectangle((left, top, right - 1, bottom - 1), fill=EMPTY, outline=(200, 190, 168))
    return image


def _bands(image: Image.Image) -> None:
    """The wrap: each side's band shows the far side's squares, faded, with
    arrows saying the edges join."""
    span = 9 * CELL
    grid = image.crop((GRID_X, GRID_Y, GRID_X + span, GRID_Y + span))
    fade = Image.new("RGB", grid.size, kit.BACKGROUND)
    ghost = Image.blend(grid, fade, 0.55)
    image.paste(ghost.crop((span - BAND, 0, span, span)), (GRID_X - BAND, GRID_Y))
    image.paste(ghost.crop((0, 0, BAND, span)), (GRID_X + span, GRID_Y))
    image.paste(ghost.crop((0, span - BAND, span, span)), (GRID_X, GRID_Y - BAND))
    image.paste(ghost.crop((0, 0, span, BAND)), (GRID_X, GRID_Y + span))
    draw = ImageDraw.Draw(image)
    draw.rectangle((GRID_X - 2, GRID_Y - 2, GRID_X + span + 1, GRID_Y + span + 1), outline=kit.INK, width=3)
    f = kit.font(16, True)
    for i in range(9):
        x = GRID_X + i * CELL + CELL // 2
        y = GRID_Y + i * CELL + CELL // 2
        draw.text((x, GRID_Y - BAND - 4), "ABCDEFGHI"[i], font=f, fill=kit.INK, anchor="mb")
        draw.text((x, GRID_Y + span + BAND + 4), "ABCDEFGHI"[i], font=f, fill=kit.INK, anchor="mt")
        draw.text((GRID_X - BAND - 6, y), str(i + 1), font=f, fill=kit.INK, anchor="rm")
        draw.text((GRID_X + span + BAND + 6, y), str(i + 1), font=f, fill=kit.INK, anchor="lm")
    for corner in ((GRID_X - BAND, GRID_Y - BAND), (GRID_X + span, GRID_Y - BAND),
                   (GRID_X - BAND, GRID_Y + span), (GRID_X + span, GRID_Y + span)):
        draw.rectangle((*corner, corner[0] + BAND - 1, corner[1] + BAND - 1), fill=kit.BACKGROUND)
        draw.text((corner[0] + BAND / 2, corner[1] + BAND / 2), "⟲", font=kit.font(18, True),
                  fill=kit.MUTED, anchor="mm")


def grid_image(s: MineCartsState) -> Image.Image:
    """The grid with its wrap bands, the last move and the carts."""
    image = _grid(s)
    _bands(image)
    draw = ImageDraw.Draw(image)
    draw_last_laid(draw, s)
    if s["last"] is not None:
        draw_moves(draw, s["last"]["moves"], s["last"]["kind"] == "switch")
    draw_carts(draw, s)
    return image
