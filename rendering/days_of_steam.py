"""The Days of Steam board: the growing square map, trains, towns and goods,
a panel with every player's steam, coal, goods, circuits, score and hand
size, the face-up towns, and (for its owner only) the player's own hand.

``render(state, viewer)`` draws a view (``Game.view``): other players'
hands are already hidden there; the own hand is drawn only when ``viewer``
is that seat. ``render_tile(kind, rotation)`` is a small preview of one
tile the turn panel may attach.
"""

from __future__ import annotations

import io
import math
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import Extent, Shape, extent_of, shape, unkey
from games.days_of_steam.params import COLOURS, param, tile_defs
from games.days_of_steam.scoring import score
from rendering import kit

RGB = tuple[int, int, int]
Point = tuple[float, float]

TOWN_COLOURS: dict[str, RGB] = {
    "red": (213, 62, 50), "yellow": (240, 200, 40), "green": (60, 150, 75), "blue": (45, 100, 200),
}
TILE_FILL: RGB = (236, 226, 200)
HILL_FILL: RGB = (196, 170, 120)
GRID: RGB = (215, 207, 188)
RAIL: RGB = (55, 45, 40)
WATER: RGB = (40, 120, 200)
BUMPER: RGB = (200, 40, 40)
PANEL_W = 500
MARGIN = 34


# -- one tile ------------------------------------------------------------------

def _edge_point(edge: int, s: float) -> Point:
    return [(s / 2, 0.0), (s, s / 2), (s / 2, s), (0.0, s / 2)][edge]


def _corner(a: int, b: int, s: float) -> Point:
    pair = {a, b}
    if pair == {0, 1}:
        return (s, 0.0)
    if pair == {1, 2}:
        return (s, s)
    if pair == {2, 3}:
        return (0.0, s)
    return (0.0, 0.0)


def segment_points(seg: tuple[int, ...], s: float, steps: int = 14) -> list[Point]:
    """The centre line of a segment in a tile of side ``s``: a straight line,
    a quarter circle round the shared corner, or a spur to the middle."""
    if len(seg) == 1:
        p = _edge_point(seg[0], s)
        return [p, (p[0] + (s / 2 - p[0]) * 0.75, p[1] + (s / 2 - p[1]) * 0.75)]
    a, b = seg[0], seg[1]
    pa, pb = _edge_point(a, s), _edge_point(b, s)
    if (a - b) % 2 == 0:
        return [pa, pb]
    cx, cy = _corner(a, b, s)
    a0 = math.atan2(pa[1] - cy, pa[0] - cx)
    a1 = math.atan2(pb[1] - cy, pb[0] - cx)
    if abs(a1 - a0) > math.pi:
        a1 += 2 * math.pi if a1 < a0 else -2 * math.pi
    r = s / 2
    return [(cx + r * math.cos(a0 + (a1 - a0) * i / steps), cy + r * math.sin(a0 + (a1 - a0) * i / steps))
            for i in range(steps + 1)]


def piece_anchor(shp: Shape, piece: int, s: float) -> Point:
    """Where a train on ``piece`` is drawn: the middle of its first segment,
    nudged toward an end on a tile of two crossing pieces (a bridge)."""
    seg = shp.segments[shp.pieces[piece][0]]
    pts = segment_points(seg, s)
    if len(seg) == 1:
        return pts[-1]
    mid = pts[len(pts) // 2] if len(pts) > 2 else ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
    if len(shp.pieces) > 1 and len(pts) == 2 and not any(len(shp.segments[i]) == 1 for i in range(len(shp.segments))):
        end = pts[0]
        return (mid[0] + (end[0] - mid[0]) * 0.45, mid[1] + (end[1] - mid[1]) * 0.45)
    return mid


def _rail(draw: ImageDraw.ImageDraw, pts: list[Point], s: int, colour: RGB = RAIL) -> None:
    w = max(4, s // 11)
    draw.line(pts, fill=colour, width=w, joint="curve")
    # sleepers: short ticks across the line
    if s >= 60:
        for i in range(1, len(pts) - 1, 3):
            (x0, y0), (x1, y1) = pts[i - 1], pts[i + 1]
            dx, dy = x1 - x0, y1 - y0
            d = math.hypot(dx, dy) or 1
            nx, ny = -dy / d * w * 1.1, dx / d * w * 1.1
            x, y = pts[i]
            draw.line([(x - nx, y - ny), (x + nx, y + ny)], fill=colour, width=max(2, w // 2))


@cache
def tile_image(kind: str, rotation: int, s: int, colour: str = "") -> Image.Image:
    """A placed tile, drawn once per kind, rotation, size and town colour."""
    img = Image.new("RGB", (s, s), TILE_FILL)
    d = ImageDraw.Draw(img)
    tdef = tile_defs()[kind]
    shp = shape(kind, rotation)
    if tdef.town:
        fill = TOWN_COLOURS.get(colour, (180, 180, 180))
        for e in range(4):
            _rail(d, [_edge_point(e, s), (s / 2, s / 2)], s)
        m = s * 0.17
        d.rounded_rectangle((m, m, s - m, s - m), radius=int(s * 0.12), fill=fill, outline=kit.INK, width=2)
        d.text((s / 2, s * 0.36), colour[:1].upper(), font=kit.font(max(14, s // 5), bold=True),
               fill=kit.text_colour_on(fill), anchor="mm")
        d.rectangle((0, 0, s - 1, s - 1), outline=GRID)
        return img
    if tdef.hill:
        d.rectangle((0, 0, s, s), fill=HILL_FILL)
        for k in (0.28, 0.5):
            d.arc((s * (0.5 - k), s * (0.62 - k * 0.7), s * (0.5 + k), s * (0.62 + k * 0.7)), 200, 340,
                  fill=(150, 120, 75), width=max(2, s // 30))
        d.text((s * 0.82, s * 0.84), "2", font=kit.font(max(12, s // 6), bold=True), fill=(90, 60, 30), anchor="mm")
    for i, seg in enumerate(shp.segments):
        pts = segment_points(seg, s)
        if tdef.bridge and i == 1:
            d.line(pts, fill=TILE_FILL, width=max(10, s // 4))
            _rail(d, pts, s)
            for off in (-1, 1):
                side = [(x + (0 if pts[0][0] != pts[1][0] else off * s * 0.13),
                         y + (0 if pts[0][1] != pts[1][1] else off * s * 0.13)) for x, y in pts]
                d.line([side[0], side[-1]], fill=(120, 110, 95), width=2)
            continue
        _rail(d, pts, s)
        if len(seg) == 1:
            (x0, y0), (x1, y1) = pts
            dx, dy = x1 - x0, y1 - y0
            norm = math.hypot(dx, dy) or 1
            nx, ny = -dy / norm * s * 0.16, dx / norm * s * 0.16
            d.line([(x1 - nx, y1 - ny), (x1 + nx, y1 + ny)], fill=BUMPER, width=max(4, s // 10))
    if tdef.tower:
        cx, cy = s * 0.76, s * 0.26
        r = s * 0.12
        d.rectangle((cx - r * 0.2, cy, cx + r * 0.2, cy + r * 1.8), fill=(90, 90, 90))
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WATER, outline=kit.INK, width=2)
        d.text((cx, cy), "W", font=kit.font(max(10, int(r * 1.2)), bold=True), fill=(255, 255, 255), anchor="mm")
    if tdef.over and s >= 60:
        d.text((s * 0.18, s * 0.84), "↺", font=kit.font(max(12, s // 6)), fill=kit.MUTED, anchor="mm")
    d.rectangle((0, 0, s - 1, s - 1), outline=GRID)
    return img


def render_tile(kind: str, rotation: int = 0, size: int = 160) -> bytes:
    """A preview PNG of one tile (for the hand panel)."""
    img = tile_image(kind, rotation % 4, size).copy()
    d = ImageDraw.Draw(img)
    d.text((size - 6, 6), f"+{tile_defs()[kind].coal}", font=kit.font(max(16, size // 8), bold=True),
           fill=kit.INK, anchor="ra")
    return _to_png(img)


# -- the board -----------------------------------------------------------------

def _cell_size(ext: Extent) -> int:
    return max(44, min(110, 880 // ext.columns, 1060 // ext.rows))


GOODS_SHAPES = {"red": 4, "yellow": 0, "green": 3, "blue": 5}
"""Sides of each goods colour's shape (0: a circle), so colour is never the only cue:
red square, yellow circle, green triangle, blue diamond."""


@cache
def _goods_icon(colour: str, r: int) -> Image.Image:
    """A goods cube drawn once: its colour, its shape, and its initial when big enough."""
    size = 2 * int(r * 1.35) + 4
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(icon)
    x = y = size / 2
    fill = TOWN_COLOURS[colour]
    sides = GOODS_SHAPES[colour]
    if sides == 0:
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK, width=1)
    elif sides == 4:
        d.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK, width=1)
    elif sides == 3:
        d.polygon(kit.regular_polygon(x, y + r * 0.25, r * 1.3, 3), fill=fill, outline=kit.INK, width=1)
    else:
        d.polygon(kit.regular_polygon(x, y, r * 1.3, 4), fill=fill, outline=kit.INK, width=1)
    if r >= 8:
        d.text((x, y + (r * 0.2 if sides == 3 else 0)), colour[:1].upper(), font=kit.font(max(10, int(r * 1.3)), bold=True),
               fill=kit.text_colour_on(fill), anchor="mm")
    return icon


def _goods_square(img: Image.Image, x: float, y: float, r: float, colour: str) -> None:
    icon = _goods_icon(colour, int(r))
    half = icon.size[0] // 2
    img.paste(icon, (int(x) - half, int(y) - half), icon)


@lru_cache(maxsize=8)
def _background(ext: Extent, s: int, width: int, height: int, ox: int, oy: int) -> Image.Image:
    """The canvas with the grid and the coordinates along all four edges."""
    img, d = kit.new_canvas(width, height)
    label_font = kit.font(17, bold=True)
    for col in range(ext.columns):
        x = ox + col * s + s / 2
        name = ext.name((ext.min_x + col, ext.min_y))[:-1]
        d.text((x, oy - 16), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((x, oy + ext.rows * s + 16), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for row in range(ext.rows):
        y = oy + row * s + s / 2
        d.text((ox - 16, y), str(row + 1), font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((ox + ext.columns * s + 16, y), str(row + 1), font=label_font, fill=kit.MUTED, anchor="mm")
    for col in range(ext.columns + 1):
        d.line((ox + col * s, oy, ox + col * s, oy + ext.rows * s), fill=GRID, width=1)
    for row in range(ext.rows + 1):
        d.line((ox, oy + row * s, ox + ext.columns * s, oy + row * s), fill=GRID, width=1)
    return img


def _draw_board(img: Image.Image, state: dict[str, Any], ext: Extent, s: int, ox: int, oy: int) -> None:
    for k, tile in state["tiles"].items():
        cx, cy = unkey(k)
        x, y = ox + (cx - ext.min_x) * s, oy + (cy - ext.min_y) * s
        img.paste(tile_image(tile["kind"], int(tile["rot"]), s, tile.get("colour", "")), (x, y))
        goods = tile.get("goods", [])
        r = max(7, s // 10)
        for i, g in enumerate(goods[:6]):
            gx = x + s * 0.3 + (i % 3) * (2 * r + 3)
            gy = y + s * 0.62 + (i // 3) * (2 * r + 3)
            _goods_square(img, gx, gy, r, g["colour"])


def _draw_last(img: Image.Image, state: dict[str, Any], ext: Extent, s: int, ox: int, oy: int) -> None:
    last = state.get("last")
    if not last:
        return
    d = ImageDraw.Draw(img)
    centres = []
    for k in last.get("cells", []):
        cx, cy = unkey(k)
        x, y = ox + (cx - ext.min_x) * s, oy + (cy - ext.min_y) * s
        centres.append((x + s / 2, y + s / 2))
        if last["kind"] != "move":
            d.rectangle((x + 2, y + 2, x + s - 2, y + s - 2), outline=kit.HIGHLIGHT, width=5)
    if last["kind"] == "move" and len(centres) > 1:
        d.line(centres, fill=kit.HIGHLIGHT, width=4, joint="curve")
        for px, py in centres[1:-1]:
            d.ellipse((px - 4, py - 4, px + 4, py + 4), fill=kit.HIGHLIGHT)
        ex, ey = centres[-1]
        d.ellipse((ex - s * 0.42, ey - s * 0.42, ex + s * 0.42, ey + s * 0.42), outline=kit.HIGHLIGHT, width=4)


def _draw_trains(img: Image.Image, state: dict[str, Any], ext: Extent, s: int, ox: int, oy: int,
                 letters: list[str]) -> None:
    d = ImageDraw.Draw(img)
    r = max(13, s * 0.2)
    crowd: dict[str, int] = {}
    corners = [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)]
    derailed = bool((state.get("last") or {}).get("derailed"))
    for seat, train in enumerate(state["trains"]):
        tile = state["tiles"].get(train["cell"])
        if tile is None:
            continue
        cx, cy = unkey(train["cell"])
        x, y = ox + (cx - ext.min_x) * s, oy + (cy - ext.min_y) * s
        if tile["kind"] == "town":
            i = crowd.get(train["cell"], 0)
            crowd[train["cell"]] = i + 1
            ax, ay = corners[i % 4][0] * s, corners[i % 4][1] * s
        else:
            ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(train["piece"]), s)
        kit.seat_marker(d, x + ax, y + ay, r, seat, letters[seat])
        if train["cargo"]:
            _goods_square(img, x + ax + r * 0.95, y + ay - r * 0.95, max(6, r * 0.45), train["cargo"]["colour"])
        if derailed and (state.get("last") or {}).get("seat") == seat:
            d.text((x + ax, y + ay + r + 10), "derailed", font=kit.font(16, bold=True), fill=kit.HIGHLIGHT,
                   anchor="mm")


def _draw_panel(img: Image.Image, state: dict[str, Any], viewer: int | None, x: int, letters: list[str]) -> int:
    d = ImageDraw.Draw(img)
    y = kit.draw_title(d, x, 14, "Days of Steam")
    d.text((x, y), _status(state), font=kit.font(17), fill=kit.INK)
    y += 34
    cols = [("", 34), ("Player", 92), ("Steam", 68), ("Coal", 50), ("Goods", 94), ("Circ", 46), ("Pts", 40), ("Hand", 48)]
    cx = x
    for title, w in cols:
        d.text((cx + 2, y), title, font=kit.font(16, bold=True), fill=kit.INK)
        cx += w
    y += 24
    d.line((x, y, x + sum(w for _, w in cols), y), fill=kit.MUTED, width=1)
    sizes = state.get("hand_sizes") or [len(h or []) for h in state["hands"]]
    for seat, name in enumerate(state["players"]):
        row_h = 40
        if seat == state.get("turn") and not state.get("over"):
            d.rectangle((x, y + 2, x + sum(w for _, w in cols), y + row_h - 2), fill=(250, 232, 200))
        kit.seat_marker(d, x + 17, y + row_h / 2, 13, seat, letters[seat])
        cells = [name[:9], f"{state['steam'][seat]}/{param('max_steam')}", str(state["coal"][seat]), "",
                 str(state["circuits"][seat]), str(score(state, seat)), str(sizes[seat])]
        cx = x + cols[0][1]
        for (title, w), text in zip(cols[1:], cells):
            if title == "Goods":
                delivered = state["delivered"][seat]
                for i, g in enumerate(delivered[:8]):
                    _goods_square(img, cx + 10 + (i % 4) * 22, y + 11 + (i // 4) * 19, 8, g)
                if len(delivered) > 8:
                    d.text((cx + 96, y + row_h / 2), "+", font=kit.font(16), fill=kit.INK, anchor="mm")
            else:
                d.text((cx + 2, y + row_h / 2), text, font=kit.font(18, bold=title == "Pts"), fill=kit.INK, anchor="lm")
            cx += w
        y += row_h
    y += 12
    d.text((x, y), "Face-up towns", font=kit.font(19, bold=True), fill=kit.INK)
    y += 28
    for i, town in enumerate(state["face_up"]):
        fill = TOWN_COLOURS[town["colour"]]
        d.rounded_rectangle((x, y, x + 46, y + 46), radius=8, fill=fill, outline=kit.INK, width=2)
        d.text((x + 23, y + 23), str(i + 1), font=kit.font(20, bold=True), fill=kit.text_colour_on(fill), anchor="mm")
        d.text((x + 56, y + 4), f"{town['colour']} town", font=kit.font(17), fill=kit.INK)
        for j, g in enumerate(town["goods"]):
            _goods_square(img, x + 66 + j * 26, y + 34, 10, g)
        y += 54
    if not state["face_up"]:
        d.text((x, y), "none left", font=kit.font(17), fill=kit.MUTED)
        y += 28
    deck = state.get("deck_size", sum(state["deck"].values()))
    towns = sum(state["town_deck"].values())
    bag = sum(state["bag"].values())
    lines = [f"Track deck: {deck} tile{'s' if deck != 1 else ''} · town deck: {towns}",
             f"Goods bag: {bag} · circuit counters left: {state['circuits_left']}"]
    for line in lines:
        d.text((x, y + 4), line, font=kit.font(17), fill=kit.INK)
        y += 26
    hand = state["hands"][viewer] if viewer is not None and 0 <= viewer < len(state["hands"]) else None
    if hand:
        y += 10
        d.text((x, y), f"Your hand ({state['players'][viewer]})", font=kit.font(19, bold=True), fill=kit.INK)
        y += 28
        t = 130
        for i, kind in enumerate(hand):
            tx = x + i * (t + 24)
            img.paste(tile_image(kind, 0, t), (tx, y))
            d.rectangle((tx, y, tx + t, y + t), outline=kit.INK, width=2)
            d.text((tx + t - 4, y + 4), f"+{tile_defs()[kind].coal}", font=kit.font(18, bold=True),
                   fill=kit.INK, anchor="ra")
            label = tile_defs()[kind].name
            for k, part in enumerate(_wrap(label, 16)):
                d.text((tx + t / 2, y + t + 14 + k * 20), part, font=kit.font(16), fill=kit.INK, anchor="mm")
        y += t + 54
    return y


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _status(state: dict[str, Any]) -> str:
    names = state["players"]
    over = state.get("over")
    if over:
        if over.get("winner") is not None:
            return f"Game over: {names[over['winner']]} reached {param('winning_points')} points."
        return "Game over: the last track tile was drawn."
    if state.get("phase") == "setup":
        return "Setting up…"
    return f"Turn {state['turn_no']} · {names[int(state['turn'])]} to play"


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The board PNG of a view, for ``viewer`` (None: a spectator)."""
    cells = [unkey(k) for k in state["tiles"]] or [(0, 0)]
    ext = extent_of(cells)
    s = _cell_size(ext)
    board_w = ext.columns * s + 2 * MARGIN
    board_h = ext.rows * s + 2 * MARGIN
    width = max(1000, board_w + PANEL_W + 20)
    hand_room = 230 if viewer is not None else 0
    height = max(board_h + 20, 560 + 40 * len(state["players"]) + hand_room)
    ox, oy = MARGIN + 10, MARGIN + 10
    img = _background(ext, s, width, height, ox, oy).copy()
    letters = kit.player_letters(state["players"])
    _draw_board(img, state, ext, s, ox, oy)
    _draw_last(img, state, ext, s, ox, oy)
    _draw_trains(img, state, ext, s, ox, oy, letters)
    _draw_panel(img, state, viewer, width - PANEL_W - 10, letters)
    return _to_png(img)


def _to_png(img: Image.Image) -> bytes:
    """A 256-colour PNG by the fast octree (about 15 ms for a full board,
    where the kit's median-cut palette takes about 90 ms; the board is flat
    colours, so nothing visible is lost); the kit's PNG if it passed 380 kB."""
    buffer = io.BytesIO()
    img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=3)
    data = buffer.getvalue()
    return data if len(data) <= 380 * 1024 else kit.to_png(img)


__all__ = ["render", "render_tile", "COLOURS"]
