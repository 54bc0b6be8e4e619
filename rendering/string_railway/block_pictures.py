"""The String Railway panel's pictures for placing a station: the field with
the blocks that hold a legal spot numbered as the panel lists them, then
the chosen block enlarged with its legal cells numbered and named.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.string_railway import board, stations
from games.string_railway.params import table
from games.string_railway.state import typed
from rendering import kit
from rendering.string_railway.board_map import posted_board
from rendering.string_railway.geometry import WIDTH, field_geometry, to_pixels


BLOCK_MARGIN = 2
"""Cells of the table shown round an enlarged block, for its surroundings."""
BLOCK_PICTURE = 820
"""The enlarged block picture's width in pixels (before its banner)."""
DIM: tuple[int, int, int, int] = (120, 115, 105, 150)
"""The veil over the cells of a block where the station can't go."""


def is_placing(state: dict[str, Any], viewer: int | None) -> bool:
    return state.get("phase") == "place" and viewer is not None and viewer == state.get("current") \
        and bool(state.get("drawn"))


def block_choices(state: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The panel's blocks for placing the drawn station and their legal
    cells, in the panel's order (nearest the company's network first)."""
    return stations.blocks(typed(state), int(state["company"]))


def _block_bounds(name: str) -> tuple[int, int, int, int]:
    """The block's first and last columns and rows (inclusive)."""
    first, last = name.split("-")
    (c0, r0), (c1, r1) = board.cell_index(first), board.cell_index(last)
    return c0, r0, c1, r1


def field_box(state: dict[str, Any]) -> tuple[int, int, int, int]:
    """The field with its grid's names, on the board image."""
    g = field_geometry(str(state["shape"]))
    cols, rows = board.grid_size(str(state["shape"]))
    right, bottom = to_pixels(g, cols * table().grid_cell, rows * table().grid_cell)
    return 0, int(g[2] - 26), WIDTH, int(bottom + 26)


def blocks_picture(state: dict[str, Any], choices: list[tuple[str, list[str]]]) -> Image.Image:
    """The field, each block with a legal spot outlined and numbered."""
    image = posted_board(state).crop(field_box(state))
    top = field_box(state)[1]
    draw = ImageDraw.Draw(image)
    g = field_geometry(str(state["shape"]))
    cell = table().grid_cell
    face = kit.font(24, bold=True)
    for n, (name, _cells) in enumerate(choices, start=1):
        c0, r0, c1, r1 = _block_bounds(name)
        x0, y0 = to_pixels(g, c0 * cell, r0 * cell)
        x1, y1 = to_pixels(g, (c1 + 1) * cell, (r1 + 1) * cell)
        draw.rectangle((x0 + 2, y0 - top + 2, x1 - 2, y1 - top - 2), outline=kit.INK, width=3)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - top
        w = draw.textlength(str(n), font=face)
        r = max(17.0, w / 2 + 7)
        draw.ellipse((cx - r, cy - 17, cx + r, cy + 17), fill=(255, 255, 255), outline=kit.INK, width=2)
        draw.text((cx, cy), str(n), font=face, fill=kit.INK, anchor="mm")
    return image


def block_cell_boxes(name: str, size: int = BLOCK_PICTURE) -> dict[str, tuple[int, int, int, int]]:
    """Where each cell of the block ``name`` lies in its enlarged picture
    (``size`` wide: the block and :data:`BLOCK_MARGIN` cells round it)."""
    c0, r0, c1, r1 = _block_bounds(name)
    span = c1 - c0 + 1 + 2 * BLOCK_MARGIN
    step = size / span
    out = {}
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            x, y = (c - c0 + BLOCK_MARGIN) * step, (r - r0 + BLOCK_MARGIN) * step
            out[board.cell_name(c, r)] = (round(x), round(y), round(x + step), round(y + step))
    return out


def block_picture(state: dict[str, Any], name: str, cells: list[str]) -> Image.Image:
    """The block ``name`` enlarged, its legal ``cells`` numbered in order and
    named, the others veiled."""
    g = field_geometry(str(state["shape"]))
    cell = table().grid_cell
    c0, r0, c1, r1 = _block_bounds(name)
    x0, y0 = to_pixels(g, (c0 - BLOCK_MARGIN) * cell, (r0 - BLOCK_MARGIN) * cell)
    x1, y1 = to_pixels(g, (c1 + 1 + BLOCK_MARGIN) * cell, (r1 + 1 + BLOCK_MARGIN) * cell)
    board_image = posted_board(state)
    crop = Image.new("RGB", (math.ceil(x1 - x0), math.ceil(y1 - y0)), kit.BACKGROUND)
    inside = (max(0, int(x0)), max(0, int(y0)), min(board_image.width, math.ceil(x1)),
              min(board_image.height, math.ceil(y1)))
    crop.paste(board_image.crop(inside), (inside[0] - int(x0), inside[1] - int(y0)))
    image = crop.resize((BLOCK_PICTURE, BLOCK_PICTURE), Image.Resampling.BICUBIC).convert("RGBA")
    boxes = block_cell_boxes(name)
    veil = Image.new("RGBA", image.size, (0, 0, 0, 0))
    vd = ImageDraw.Draw(veil)
    legal = set(cells)
    for c, box in boxes.items():
        if c not in legal:
            vd.rectangle(box, fill=DIM)
    image = Image.alpha_composite(image, veil).convert("RGB")
    draw = ImageDraw.Draw(image)
    bx0, by0 = boxes[board.cell_name(c0, r0)][:2]
    bx1, by1 = boxes[board.cell_name(c1, r1)][2:]
    draw.rectangle((bx0, by0, bx1, by1), outline=kit.INK, width=4)
    number, label = kit.font(30, bold=True), kit.font(20, bold=True)
    for n, c in enumerate(cells, start=1):
        left, top, right, bottom = boxes[c]
        cx, cy = (left + right) / 2, (top + bottom) / 2
        draw.rounded_rectangle((left + 6, top + 6, right - 6, bottom - 6), radius=10, fill=(255, 255, 255),
                               outline=kit.INK, width=2)
        draw.text((cx, cy - 9), str(n), font=number, fill=kit.INK, anchor="mm")
        draw.text((cx, bottom - 18), c, font=label, fill=kit.MUTED, anchor="mm")
    return image
