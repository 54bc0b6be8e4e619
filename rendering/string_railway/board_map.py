"""The posted String Railway board: the field, the stations, the strings in
company colours and dashes, the last string in the highlight form with its
crossings and its points in a tag (or the last station boxed), the header
and the score panel.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.string_railway import board
from games.string_railway.params import table
from rendering import kit
from rendering.string_railway.field import draw_dashed, field_background
from rendering.string_railway.geometry import DASHES, LAST_SIZE, Geometry, field_geometry, string_points, to_pixels
from rendering.string_railway.panel import draw_header, draw_scores
from rendering.string_railway.stations import company_letters, draw_station


def posted_board(state: dict[str, Any]) -> Image.Image:
    """The posted board, as an image (the option pictures crop it)."""
    shape = str(state["shape"])
    image = field_background(state).copy()
    draw = ImageDraw.Draw(image)
    g = field_geometry(shape)
    letters = company_letters(state)
    last = state.get("last") or {}
    last_path = list(last.get("where") or [])
    last_string = state["strings"][-1] if state["strings"] and last_path == state["strings"][-1]["path"] else None
    if last_string is not None:
        kit.highlight_line(draw, string_points(g, last_string["path"]), width=HIGHLIGHT_WIDTH)
    for st in state["stations"]:
        draw_station(image, draw, g, st, letters, True)
    for rs in state["strings"]:
        pts = string_points(g, rs["path"])
        c = rs["company"]
        draw.line(pts, fill=kit.INK, width=9, joint="curve")
        draw.line(pts, fill=(255, 255, 255), width=5, joint="curve")
        draw_dashed(draw, pts, kit.player_colour(c), 5, DASHES[c % len(DASHES)])
    for st in state["stations"]:
        draw_station(image, draw, g, st, letters, False)
    if len(last_path) == 1 and last_string is None:
        x, y = to_pixels(g, *board.centre(last_path[0]))
        h = table().tile_size / 2 * g[0] + 7
        kit.highlight_box(draw, (x - h, y - h, x + h, y + h), width=8)
    if last_string is not None:
        _last_marks(draw, g, last_string, [st["cell"] for st in state["stations"]])
    draw_header(image, draw, state, letters)
    draw_scores(draw, state, letters, g)
    return image


HIGHLIGHT_WIDTH = 20
"""The last string's highlight band: about 5 px each side of the string at
550 px wide."""


def _tag_point(pts: list[tuple[float, float]], cards: list[tuple[float, float]]) -> tuple[float, float]:
    """The point of the string ``pts`` farthest from every card's centre
    (where its points tag hides the least), sampled along each stretch."""
    along = [(a[0] + (b[0] - a[0]) * t / 8, a[1] + (b[1] - a[1]) * t / 8)
             for a, b in zip(pts, pts[1:]) for t in range(1, 8)]
    return max(along or pts, key=lambda p: min((math.dist(p, c) for c in cards), default=0.0))


def _last_marks(draw: ImageDraw.ImageDraw, g: Geometry, last_string: dict[str, Any], cards: list[str]) -> None:
    """The last string's crossings (a cross in the highlight form) and its
    points in a white tag on its longest stretch."""
    for x, y in last_string["cross_at"]:
        px, py = to_pixels(g, x, y)
        kit.highlight_line(draw, [(px - 11, py - 11), (px + 11, py + 11)], width=5)
        kit.highlight_line(draw, [(px - 11, py + 11), (px + 11, py - 11)], width=5)
    mid = _tag_point(string_points(g, last_string["path"]), [to_pixels(g, *board.centre(c)) for c in cards])
    text = f"{last_string['points']:+d}"
    face = kit.essential_font("last", LAST_SIZE + 4, bold=True)
    w = draw.textlength(text, font=face)
    box = (mid[0] - w / 2 - 9, mid[1] - 19, mid[0] + w / 2 + 9, mid[1] + 19)
    draw.rounded_rectangle(box, radius=8, fill=kit.HIGHLIGHT, outline=kit.HIGHLIGHT_DASH, width=3)
    draw.text(mid, text, font=face, fill=kit.INK, anchor="mm")
