"""The String Railway board: the table to scale (the field, the lettered
grid, the river and the mountain range, the station cards, the strings in
company colours and dash patterns), the last string highlighted with its
crossings and points, and a score panel with the strings left per company."""

from __future__ import annotations

import io
import json
import math
from typing import Any

from PIL import Image, ImageDraw

from games.string_railway import board
from games.string_railway.params import kind, table
from rendering import kit

WIDTH = 1000
MARGIN = 40
HEADER = 96
ROW = 46
FIELD_FILL: kit.RGB = (236, 233, 212)
GRID: kit.RGB = (222, 217, 196)
BLOCK: kit.RGB = (196, 190, 168)
RIVER: kit.RGB = (150, 200, 240)
RIVER_EDGE: kit.RGB = (40, 90, 150)
MOUNTAIN: kit.RGB = (196, 192, 186)
MOUNTAIN_EDGE: kit.RGB = (95, 90, 85)
DASHES: tuple[tuple[float, float] | None, ...] = (None, (22.0, 10.0), (8.0, 8.0), (30.0, 8.0), (4.0, 6.0))
"""Each company's dash pattern (None: solid), so colour is never the only cue."""
SHORT: dict[str, str] = {"home": "HOME", "central": "CENT", "local": "LOCAL", "suburban": "SUBURB",
                         "countryside": "COUNTRY", "town": "TOWN", "transfer": "TRANSF", "junction": "JUNCT",
                         "terminal": "TERMIN", "landmark": "LANDMK"}

Geometry = tuple[float, float, float]


def _geometry(shape: str) -> Geometry:
    """(scale px per cm, left, top) of the field on the image."""
    cols, rows = board.grid_size(shape)
    cell = table().grid_cell
    scale = (WIDTH - 2 * MARGIN) / (cols * cell)
    return scale, MARGIN, HEADER + MARGIN


def _px(g: Geometry, x: float, y: float) -> tuple[float, float]:
    return g[1] + x * g[0], g[2] + y * g[0]


def _height(state: dict[str, Any]) -> int:
    cols, rows = board.grid_size(str(state["shape"]))
    g = _geometry(str(state["shape"]))
    return int(g[2] + rows * table().grid_cell * g[0] + MARGIN + 20 + ROW * (len(state["companies"]) + 1) + 20)


def _company_letters(state: dict[str, Any]) -> list[str]:
    letters = kit.player_letters(state["players"])
    companies = state["companies"]
    if len(companies) > len(state["players"]):
        out = []
        for i, c in enumerate(companies):
            nth = 1 + [j for j, o in enumerate(companies) if o["seat"] == c["seat"]].index(i)
            out.append(f"{letters[c['seat']]}{nth}")
        return out
    return [letters[c["seat"]] for c in companies]


def _dashed(draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], fill: kit.RGB, width: int,
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
    left, top = _px(g, 0, 0)
    right, bottom = _px(g, cols * cell, rows * cell)
    for c in range(cols + 1):
        x = _px(g, c * cell, 0)[0]
        draw.line((x, top, x, bottom), fill=BLOCK if c % n == 0 else GRID, width=2 if c % n == 0 else 1)
    for r in range(rows + 1):
        y = _px(g, 0, r * cell)[1]
        draw.line((left, y, right, y), fill=BLOCK if r % n == 0 else GRID, width=2 if r % n == 0 else 1)
    crowded = cell * g[0] < 22  # two-letter names don't fit every cell: alternate top and bottom
    for c in range(cols):
        x = _px(g, (c + 0.5) * cell, 0)[0]
        name = board.column_name(c)
        if not crowded or c % 2 == 0:
            draw.text((x, top - 12), name, font=face, fill=kit.INK, anchor="mm")
        if not crowded or c % 2 == 1:
            draw.text((x, bottom + 12), name, font=face, fill=kit.INK, anchor="mm")
    for r in range(rows):
        y = _px(g, 0, (r + 0.5) * cell)[1]
        draw.text((left - 6, y), str(r + 1), font=face, fill=kit.INK, anchor="rm")
        draw.text((right + 6, y), str(r + 1), font=face, fill=kit.INK, anchor="lm")


_WRITING: dict[tuple[str, str, str, kit.RGB, int], Image.Image] = {}


def _writing(title: str, points: str, limit: str, fill: kit.RGB, h: int) -> Image.Image:
    """A card's writing (kind, points, limit) with a halo, drawn once and
    pasted over the strings."""
    key = (title, points, limit, fill, h)
    if key not in _WRITING:
        stamp = Image.new("RGBA", (2 * h, 2 * h), (0, 0, 0, 0))
        d = ImageDraw.Draw(stamp)
        ink = kit.text_colour_on(fill)
        d.text((h, 9), title, font=kit.font(max(10, int(h / 3)), bold=True), fill=ink, anchor="mm",
               stroke_width=3, stroke_fill=fill)
        d.text((h, h + 2), points, font=kit.font(max(14, int(h / 1.3)), bold=True), fill=ink, anchor="mm",
               stroke_width=3, stroke_fill=fill)
        d.text((h, 2 * h - 9), limit, font=kit.font(max(10, int(h / 3)), bold=True), fill=ink, anchor="mm",
               stroke_width=3, stroke_fill=fill)
        _WRITING[key] = stamp
    return _WRITING[key]


def _station(image: Image.Image, draw: ImageDraw.ImageDraw, g: Geometry, st: dict[str, Any], letters: list[str],
             card: bool) -> None:
    """A station's card (``card``), or its writing, drawn over the strings."""
    x, y = _px(g, *board.centre(st["cell"]))
    h = table().tile_size / 2 * g[0]
    k = kind(st["kind"])
    owner = st["owner"]
    fill: kit.RGB = (255, 255, 255)
    if st["kind"] == "home" and owner is not None:
        fill = kit.player_colour(owner)
    if card:
        draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=6, fill=fill, outline=kit.INK, width=2)
        return
    if st["kind"] == "home":
        points = "3/2"
    elif k.ownable:
        points = f"{k.own}/{k.others}"
    elif k.mountain is not None:
        points = f"{k.mountain if st['mountain'] else k.others}"
    else:
        points = str(k.others)
    if k.terminal:
        points += "*"
    limit = "ALL" if k.limit is None else f"max {k.limit}"
    stamp = _writing(SHORT[st["kind"]], points, limit, fill, int(h))
    image.paste(stamp, (int(x - h), int(y - h)), stamp)
    if owner is not None and st["kind"] != "home":
        kit.seat_marker(draw, x + h - 4, y - h + 4, max(8, h / 3.2), owner, letters[owner])


def _string_pts(g: Geometry, path: list[str]) -> list[tuple[float, float]]:
    return [_px(g, *board.centre(c)) for c in path]


_BACKGROUNDS: dict[str, Image.Image] = {}


def _background(state: dict[str, Any]) -> Image.Image:
    """The field, its grid, the mountains and the river (cached per layout)."""
    shape = str(state["shape"])
    key = json.dumps([shape, state["river"], state["mountain"], len(state["companies"])])
    if key in _BACKGROUNDS:
        return _BACKGROUNDS[key]
    image, draw = kit.new_canvas(WIDTH, _height(state))
    g = _geometry(shape)
    draw.polygon([_px(g, x, y) for x, y in board.field_corners(shape)], fill=FIELD_FILL)
    _grid(draw, g, shape)
    draw.polygon([_px(g, x, y) for x, y in board.field_corners(shape)], outline=kit.INK, width=4)
    if state["mountain"]:
        ring = [_px(g, x, y) for x, y in state["mountain"]]
        draw.polygon(ring, fill=MOUNTAIN)
        _hatch(image, ring)
        draw.line(ring + [ring[0]], fill=MOUNTAIN_EDGE, width=4, joint="curve")
    if state["river"]:
        river = [_px(g, x, y) for x, y in state["river"]]
        draw.line(river, fill=RIVER_EDGE, width=12, joint="curve")
        draw.line(river, fill=RIVER, width=8, joint="curve")
    if len(_BACKGROUNDS) > 16:
        _BACKGROUNDS.pop(next(iter(_BACKGROUNDS)))
    _BACKGROUNDS[key] = image
    return image


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    shape = str(state["shape"])
    image = _background(state).copy()
    draw = ImageDraw.Draw(image)
    g = _geometry(shape)
    letters = _company_letters(state)
    last = state.get("last") or {}
    last_path = list(last.get("where") or [])
    last_string = state["strings"][-1] if state["strings"] and last_path == state["strings"][-1]["path"] else None
    if last_string is not None:
        draw.line(_string_pts(g, last_string["path"]), fill=kit.HIGHLIGHT, width=18, joint="curve")
    for st in state["stations"]:
        _station(image, draw, g, st, letters, True)
    if len(last_path) == 1 and last_string is None:
        x, y = _px(g, *board.centre(last_path[0]))
        h = table().tile_size / 2 * g[0] + 5
        draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=8, outline=kit.HIGHLIGHT, width=5)
    for rs in state["strings"]:
        pts = _string_pts(g, rs["path"])
        c = rs["company"]
        draw.line(pts, fill=kit.INK, width=9, joint="curve")
        draw.line(pts, fill=(255, 255, 255), width=5, joint="curve")
        _dashed(draw, pts, kit.player_colour(c), 5, DASHES[c % len(DASHES)])
    for st in state["stations"]:
        _station(image, draw, g, st, letters, False)
    if last_string is not None:
        for x, y in last_string["cross_at"]:
            px, py = _px(g, x, y)
            draw.line((px - 9, py - 9, px + 9, py + 9), fill=kit.HIGHLIGHT, width=5)
            draw.line((px - 9, py + 9, px + 9, py - 9), fill=kit.HIGHLIGHT, width=5)
        pts = _string_pts(g, last_string["path"])
        a, b = max(zip(pts, pts[1:]), key=lambda ab: math.dist(ab[0], ab[1]))
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)  # the middle of its longest stretch, off the cards
        text = f"{last_string['points']:+d}"
        face = kit.font(24, bold=True)
        w = draw.textlength(text, font=face)
        draw.rounded_rectangle((mid[0] - w / 2 - 8, mid[1] - 18, mid[0] + w / 2 + 8, mid[1] + 18), radius=8,
                               fill=kit.HIGHLIGHT, outline=kit.INK, width=2)
        draw.text(mid, text, font=face, fill=(255, 255, 255), anchor="mm")
    _header(draw, state, letters)
    _scores(draw, state, letters, g)
    return _png(image)


def _png(image: Image.Image) -> bytes:
    """Like ``kit.to_png`` with the fast octree quantiser: the board is about
    1.4 million pixels, where median cut takes most of a second."""
    buffer = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def _hatch(image: Image.Image, ring: list[tuple[float, float]]) -> None:
    """Diagonal shading inside the mountain range."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon(ring, fill=255)
    lines = Image.new("RGB", image.size, MOUNTAIN)
    ld = ImageDraw.Draw(lines)
    for x in range(-image.height, image.width, 14):
        ld.line((x, 0, x + image.height, image.height), fill=MOUNTAIN_EDGE, width=1)
    image.paste(lines, (0, 0), mask)


def _status(state: dict[str, Any]) -> str:
    from games.string_railway import GAME
    return GAME.status_line(state)


def _header(draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str]) -> None:
    draw.text((MARGIN, 14), _fit(draw, _status(state), 26, WIDTH - 2 * MARGIN), font=kit.font(26, bold=True),
              fill=kit.INK)
    last = state.get("last")
    if last:
        who = state["players"][last["seat"]]
        text = f"Last: {who} {last['text']}"
        if state["strings"] and last["where"] == state["strings"][-1]["path"]:
            rs = state["strings"][-1]
            text += f" · {rs['points']:+d} points, {rs['crossings']} crossing{'s' * (rs['crossings'] != 1)}"
        draw.text((MARGIN, 52), _fit(draw, text, 22, WIDTH - 2 * MARGIN), font=kit.font(22), fill=kit.INK)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: float) -> str:
    face = kit.font(size, bold=True)
    while text and draw.textlength(text, font=face) > width:
        text = text[:-2] + "…"
    return text


def _scores(draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str], g: Geometry) -> None:
    cols, rows = board.grid_size(str(state["shape"]))
    y = int(g[2] + rows * table().grid_cell * g[0] + MARGIN + 10)
    face = kit.font(22)
    bold = kit.font(22, bold=True)
    draw.text((MARGIN, y), "Company", font=bold, fill=kit.INK)
    draw.text((MARGIN + 430, y), "Score", font=bold, fill=kit.INK)
    draw.text((MARGIN + 560, y), "Strings left", font=bold, fill=kit.INK)
    y += ROW
    current = state.get("company")
    for i, c in enumerate(state["companies"]):
        if i == current and state["phase"] not in ("over", "setup"):
            draw.rectangle((MARGIN - 8, y - 8, WIDTH - MARGIN + 8, y + ROW - 10), fill=(255, 236, 180))
        kit.seat_marker(draw, MARGIN + 14, y + 14, 14, i, letters[i])
        pts = [(MARGIN + 40.0, y + 14.0), (MARGIN + 120.0, y + 14.0)]
        draw.line(pts, fill=kit.INK, width=9)
        draw.line(pts, fill=(255, 255, 255), width=5)
        _dashed(draw, pts, kit.player_colour(i), 5, DASHES[i % len(DASHES)])
        name = state["players"][c["seat"]]
        draw.text((MARGIN + 132, y + 14), _fit(draw, name, 22, 280), font=face, fill=kit.INK, anchor="lm")
        draw.text((MARGIN + 430, y + 14), str(c["score"]), font=kit.font(26, bold=True), fill=kit.INK, anchor="lm")
        left = c["strings"]
        draw.text((MARGIN + 560, y + 14), f"short {left.get('short', 0)} · long {left.get('long', 0)}",
                  font=face, fill=kit.INK, anchor="lm")
        y += ROW


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """Around the last string or station placed, for the panel's picture of
    the proposals (None when nothing has been placed)."""
    last = state.get("last") or {}
    where = list(last.get("where") or [])
    if not where or "shape" not in state:
        return None
    g = _geometry(str(state["shape"]))
    pts = [_px(g, *board.centre(c)) for c in where]
    pad = 50
    left, right = min(p[0] for p in pts) - pad, max(p[0] for p in pts) + pad
    top, bottom = min(p[1] for p in pts) - pad, max(p[1] for p in pts) + pad
    side = max(right - left, bottom - top, 260)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    height = _height(state)
    x0 = int(min(max(0, cx - side / 2), WIDTH - side))
    y0 = int(min(max(0, cy - side / 2), height - side))
    return x0, y0, int(x0 + side), int(y0 + side)
