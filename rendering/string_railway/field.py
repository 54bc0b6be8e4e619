"""The String Railway field, drawn once per layout and only copied after: its
lettered grid, the hatched mountain range, the river as a band with dark
edges, and the legend of the cards' codes; and the dashed line a
company's strings are drawn with.
"""

from __future__ import annotations

import json
import math
from typing import Any

from PIL import Image, ImageDraw

from games.per_thread import Recent
from games.string_railway import board
from games.string_railway.params import table
from rendering import kit
from rendering.string_railway.geometry import (BLOCK, FIELD_FILL, GRID, LEGEND, MARGIN, MOUNTAIN, MOUNTAIN_EDGE, RIVER,
                                               RIVER_EDGE, SHORT, WIDTH, Geometry, field_geometry, image_height,
                                               to_pixels)


def draw_dashed(draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], fill: kit.RGB, width: int,
                dash: tuple[float, float] | None) -> None:
    if dash is None:
        draw.line(pts, fill=fill, width=width, joint="curve")
        return
    on, off = dash
    carry = 0.0
    drawing = True
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.dist((x0, y0), (x1, y1))
        pos = 0.0
        while pos < seg:
            step = min((on if drawing else off) - carry, seg - pos)
            if drawing:
                t0, t1 = pos / seg, (pos + step) / seg
                draw.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)],
                          fill=fill, width=width)
            pos += step
            carry += step
            if carry >= (on if drawing else off) - 1e-9:
                carry = 0.0
                drawing = not drawing


def _grid(draw: ImageDraw.ImageDraw, g: Geometry, shape: str) -> None:
    cols, rows = board.grid_size(shape)
    cell = table().grid_cell
    n = table().block_cells
    face = kit.font(13, bold=True)
    left, top = to_pixels(g, 0, 0)
    right, bottom = to_pixels(g, cols * cell, rows * cell)
    for c in range(cols + 1):
        x = to_pixels(g, c * cell, 0)[0]
        draw.line((x, top, x, bottom), fill=BLOCK if c % n == 0 else GRID, width=2 if c % n == 0 else 1)
    for r in range(rows + 1):
        y = to_pixels(g, 0, r * cell)[1]
        draw.line((left, y, right, y), fill=BLOCK if r % n == 0 else GRID, width=2 if r % n == 0 else 1)
    crowded = cell * g[0] < 22  # two-letter names don't fit every cell: alternate top and bottom
    for c in range(cols):
        x = to_pixels(g, (c + 0.5) * cell, 0)[0]
        name = board.column_name(c)
        if not crowded or c % 2 == 0:
            draw.text((x, top - 12), name, font=face, fill=kit.INK, anchor="mm")
        if not crowded or c % 2 == 1:
            draw.text((x, bottom + 12), name, font=face, fill=kit.INK, anchor="mm")
    for r in range(rows):
        y = to_pixels(g, 0, (r + 0.5) * cell)[1]
        draw.text((left - 6, y), str(r + 1), font=face, fill=kit.INK, anchor="rm")
        draw.text((right + 6, y), str(r + 1), font=face, fill=kit.INK, anchor="lm")


_BACKGROUNDS: Recent[str, Image.Image] = Recent(16)


def layout_key(state: dict[str, Any]) -> str:
    """What the background depends on: the field, the river, the mountains
    and the number of companies."""
    return json.dumps([str(state["shape"]), state["river"], state["mountain"], len(state["companies"])])


def field_background(state: dict[str, Any]) -> Image.Image:
    """The field, its grid, the mountains, the river and the cards' legend
    (cached per layout)."""
    return _BACKGROUNDS.get(layout_key(state), lambda: _drawn_background(state))


def _drawn_background(state: dict[str, Any]) -> Image.Image:
    """:func:`field_background`, drawn."""
    shape = str(state["shape"])
    image, draw = kit.new_canvas(WIDTH, image_height(state))
    g = field_geometry(shape)
    draw.polygon([to_pixels(g, x, y) for x, y in board.field_corners(shape)], fill=FIELD_FILL)
    _grid(draw, g, shape)
    draw.polygon([to_pixels(g, x, y) for x, y in board.field_corners(shape)], outline=kit.INK, width=4)
    if state["mountain"]:
        ring = [to_pixels(g, x, y) for x, y in state["mountain"]]
        draw.polygon(ring, fill=MOUNTAIN)
        _hatch(image, ring)
        draw.line(ring + [ring[0]], fill=MOUNTAIN_EDGE, width=4, joint="curve")
    if state["river"]:
        river = [to_pixels(g, x, y) for x, y in state["river"]]
        draw.line(river, fill=RIVER_EDGE, width=12, joint="curve")
        draw.line(river, fill=RIVER, width=8, joint="curve")
    _legend(draw, image_height(state) - LEGEND)
    return image


def _legend(draw: ImageDraw.ImageDraw, y: int) -> None:
    """What the cards' codes and marks mean, for a tap."""
    face = kit.font(17)
    codes = [f"{code} {name}" for name, code in SHORT.items() if name != "home"]
    lines = ["Cards: points (own/others), * at an end only, \u2264N companies at most, ALL no limit.",
             " \u00b7 ".join(codes[:5]), " \u00b7 ".join(codes[5:])]
    for i, line in enumerate(lines):
        draw.text((MARGIN, y + 8 + 26 * i), line, font=face, fill=kit.MUTED)


def _hatch(image: Image.Image, ring: list[tuple[float, float]]) -> None:
    """Diagonal shading inside the mountain range."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon(ring, fill=255)
    lines = Image.new("RGB", image.size, MOUNTAIN)
    ld = ImageDraw.Draw(lines)
    for x in range(-image.height, image.width, 14):
        ld.line((x, 0, x + image.height, image.height), fill=MOUNTAIN_EDGE, width=1)
    image.paste(lines, (0, 0), mask)
