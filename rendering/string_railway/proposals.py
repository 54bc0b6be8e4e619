"""The String Railway panel's picture of the string proposals: each proposal
for a short or long string drawn on the same stretch of table, side by
side, numbered and labelled as the panel lists them.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from games.string_railway import board
from games.string_railway.params import table
from rendering import kit
from rendering.string_railway.board_map import posted_board
from rendering.string_railway.geometry import field_geometry, string_points, to_pixels
from rendering.string_railway.palette import board_png


SHEET_WIDTH = 1000
"""The proposals picture's width: two or three columns of the same stretch
of table."""
PROPOSAL_MARGIN = 4.0
"""Centimetres of table shown round the proposals."""
PROPOSAL_MIN_SPAN = 24.0
"""The least stretch of table (cm) shown, so a short string keeps its
surroundings."""


def proposals_region(state: dict[str, Any], paths: list[list[str]]) -> tuple[float, float, float, float]:
    """The stretch of table (cm: left, top, right, bottom) every proposal
    lies in, with a margin, square, and within the field's grid: each
    proposal is shown over the same stretch so they compare at a glance."""
    cols, rows = board.grid_size(str(state["shape"]))
    width, height = cols * table().grid_cell, rows * table().grid_cell
    pts = [board.centre(c) for path in paths for c in path]
    left, right = min(p[0] for p in pts), max(p[0] for p in pts)
    top, bottom = min(p[1] for p in pts), max(p[1] for p in pts)
    side = min(max(right - left, bottom - top) + 2 * PROPOSAL_MARGIN, max(width, height))
    side = max(side, PROPOSAL_MIN_SPAN)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    x0 = min(max(0.0, cx - side / 2), max(0.0, width - side))
    y0 = min(max(0.0, cy - side / 2), max(0.0, height - side))
    return x0, y0, x0 + side, y0 + side


CAPTION = 76
"""Room under each proposal for its two-line label."""


def proposal_tile(i: int, count: int) -> tuple[int, int, int]:
    """Where the ``i``th of ``count`` proposals is drawn in their picture
    (before its banner): left, top and side; two columns up to four
    proposals, else three."""
    columns = 2 if count <= 4 else 3
    side = (SHEET_WIDTH - 12 * (columns + 1)) // columns
    return 12 + (i % columns) * (side + 12), 12 + (i // columns) * (side + CAPTION), side


def proposals_picture(state: dict[str, Any], viewer: int, length: str) -> bytes | None:
    """The proposals for a ``length`` string, numbered as the panel lists
    them, each over the same stretch of table in the highlight form with its
    points tag, and captioned with its label (stations, points, strings
    crossed). No picture (None) where the panel has no such step; anything
    the rules raise is raised: the service logs it with the game id and the
    panel goes on without the picture."""
    from games.string_railway import GAME
    options = GAME.options_at(state, viewer, [length])
    if not options or not all(o.complete for o in options):
        return None
    afters = [GAME.apply(state, viewer, f"{length} {o.token}").state for o in options]
    region = proposals_region(state, [list(a["strings"][-1]["path"]) for a in afters])
    last_left, last_top, tile = proposal_tile(len(options) - 1, len(options))
    image, draw = kit.new_canvas(SHEET_WIDTH, last_top + tile + CAPTION)
    g = field_geometry(str(state["shape"]))
    x0, y0 = to_pixels(g, region[0], region[1])
    x1, y1 = to_pixels(g, region[2], region[3])
    number = kit.font(34, bold=True)
    face = kit.font(24 if tile > 400 else 21, bold=True)
    for i, (option, after) in enumerate(zip(options, afters)):
        left, top, tile = proposal_tile(i, len(options))
        crop = posted_board(after).crop((int(x0), int(y0), math.ceil(x1), math.ceil(y1)))
        image.paste(crop.resize((tile, tile), Image.Resampling.BICUBIC), (left, top))
        zoom = tile / (x1 - x0)
        path = [((px - x0) * zoom + left, (py - y0) * zoom + top)
                for px, py in string_points(g, list(after["strings"][-1]["path"]))]
        kit.highlight_line(draw, path, width=7)
        draw.rectangle((left, top, left + tile - 1, top + tile - 1), outline=kit.INK, width=2)
        text = str(i + 1)
        w = draw.textlength(text, font=number)
        draw.rounded_rectangle((left + 6, top + 6, left + 6 + w + 20, top + 52), radius=10, fill=kit.INK)
        draw.text((left + 16 + w / 2, top + 29), text, font=number, fill=(255, 255, 255), anchor="mm")
        lines = _two_lines(option.label, face, draw, tile)
        for n, line in enumerate(lines):
            draw.text((left, top + tile + 6 + 28 * n), line, font=face, fill=kit.INK)
    return board_png(kit.preview_banner(image, f"Your {length} string: which one? (not laid yet)"))


def _two_lines(text: str, face: ImageFont.FreeTypeFont, draw: ImageDraw.ImageDraw, width: float) -> list[str]:
    """``text`` in at most two lines of ``width``, broken after the last
    space or "-" that fits, the second line cut with "…"."""
    if draw.textlength(text, font=face) <= width:
        return [text]
    cut = max((i + 1 for i, ch in enumerate(text)
               if ch in " -" and draw.textlength(text[:i + 1].rstrip(), font=face) <= width), default=0)
    if cut == 0:
        return [kit.fit_text(text, face, width)]
    return [text[:cut].rstrip(), kit.fit_text(text[cut:].lstrip(), face, width)]
