"""The Days of Steam board: the growing square map, trains, towns and goods,
a panel with every player's steam, coal, goods, circuits, score and hand
size, the face-up towns, and (for its owner only) the player's own hand.

``render(state, viewer)`` draws a view (``Game.view``): other players'
hands are already hidden there; the own hand is drawn only when ``viewer``
is that seat. ``render_tile(kind, rotation)`` is a small preview of one
tile the turn panel may attach.

Colour is never the only cue: each goods colour has a shape (red square,
yellow circle, green triangle, blue diamond) and a town shows its colour's
shape as a white sign, so a good's shape matches the towns that take it;
letters belong to trains alone. The panel goes beside the map while the map
is small and under it once that leaves bigger cells, so a phone, which
shows the image at its screen width, keeps the map legible.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import Extent, Shape, column_label, extent_of, row_label, shape, unkey
from games.days_of_steam.params import COLOURS, param, tile_defs
from games.days_of_steam.scoring import score
from rendering import kit

RGB = tuple[int, int, int]
Point = tuple[float, float]

TOWN_COLOURS: dict[str, RGB] = {
    "red": (213, 62, 50), "yellow": (240, 200, 40), "green": (60, 150, 75), "blue": (45, 100, 200),
}
TILE_FILL: RGB = (230, 216, 182)
HILL_FILL: RGB = (196, 170, 120)
GRID: RGB = (215, 207, 188)
TILE_EDGE: RGB = (186, 172, 140)
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
        return [p, (p[0] + (s / 2 - p[0]) * 0.55, p[1] + (s / 2 - p[1]) * 0.55)]
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
        return (mid[0] + (end[0] - mid[0]) * 0.7, mid[1] + (end[1] - mid[1]) * 0.7)
    return mid


def _rail(draw: ImageDraw.ImageDraw, pts: list[Point], s: int, colour: RGB = RAIL) -> None:
    draw.line(pts, fill=colour, width=max(4, s // 11), joint="curve")


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
        m = s * 0.14
        d.rounded_rectangle((m, m, s - m, s - m), radius=int(s * 0.12), fill=fill, outline=kit.INK, width=2)
        # the colour's goods shape as a sign, so no letter is mistaken for a train
        if colour in GOODS_SHAPES:
            _colour_shape(d, s / 2, s * 0.36, s * 0.12, colour, (255, 255, 255), 2)
        d.rectangle((0, 0, s - 1, s - 1), outline=TILE_EDGE)
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
    d.rectangle((0, 0, s - 1, s - 1), outline=TILE_EDGE)
    return img


def render_tile(kind: str, rotation: int = 0, size: int = 160) -> bytes:
    """A preview PNG of one tile (for the hand panel)."""
    img = tile_image(kind, rotation % 4, size).copy()
    d = ImageDraw.Draw(img)
    d.text((6, 6), f"+{tile_defs()[kind].coal}", font=kit.font(max(16, size // 8), bold=True),
           fill=kit.INK, anchor="la")
    return _to_png(img)


# -- the board -----------------------------------------------------------------

GOODS_SHAPES = {"red": 4, "yellow": 0, "green": 3, "blue": 5}
"""Sides of each goods colour's shape (0: a circle), so colour is never the only cue:
red square, yellow circle, green triangle, blue diamond."""


def _colour_shape(d: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: str, fill: RGB,
                  width: int) -> None:
    """The shape of a goods colour centred at (x, y), filled with ``fill``."""
    sides = GOODS_SHAPES[colour]
    if sides == 0:
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK, width=width)
    elif sides == 4:
        d.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=kit.INK, width=width)
    elif sides == 3:
        d.polygon(kit.regular_polygon(x, y + r * 0.25, r * 1.3, 3), fill=fill, outline=kit.INK, width=width)
    else:
        d.polygon(kit.regular_polygon(x, y, r * 1.3, 4), fill=fill, outline=kit.INK, width=width)


@cache
def _goods_icon(colour: str, r: int) -> Image.Image:
    """A goods cube drawn once: its colour, its shape, and its initial when big enough."""
    size = 2 * int(r * 1.35) + 4
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(icon)
    x = y = size / 2
    fill = TOWN_COLOURS[colour]
    _colour_shape(d, x, y, r, colour, fill, 1)
    if r >= 8:
        d.text((x, y + (r * 0.2 if GOODS_SHAPES[colour] == 3 else 0)), colour[:1].upper(),
               font=kit.font(max(10, int(r * 1.3)), bold=True), fill=kit.text_colour_on(fill), anchor="mm")
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
        name = column_label(ext.min_x + col)
        d.text((x, oy - 16), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((x, oy + ext.rows * s + 16), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for row in range(ext.rows):
        y = oy + row * s + s / 2
        name = row_label(ext.min_y + row)
        d.text((ox - 16, y), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((ox + ext.columns * s + 16, y), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for col in range(ext.columns + 1):
        d.line((ox + col * s, oy, ox + col * s, oy + ext.rows * s), fill=GRID, width=1)
    for row in range(ext.rows + 1):
        d.line((ox, oy + row * s, ox + ext.columns * s, oy + row * s), fill=GRID, width=1)
    return img


def _at(cell_key: str, ext: Extent, s: int, ox: int, oy: int) -> tuple[int, int]:
    """The top-left pixel of a cell given by its state key ("x,y")."""
    cx, cy = unkey(cell_key)
    return ox + (cx - ext.min_x) * s, oy + (cy - ext.min_y) * s


def _draw_board(img: Image.Image, state: dict[str, Any], ext: Extent, s: int, ox: int, oy: int) -> None:
    for k, tile in state["tiles"].items():
        x, y = _at(k, ext, s, ox, oy)
        img.paste(tile_image(tile["kind"], int(tile["rot"]), s, tile.get("colour", "")), (x, y))


def _draw_goods(img: Image.Image, state: dict[str, Any], ext: Extent, s: int, ox: int, oy: int) -> None:
    """The goods waiting in towns, centred under each town's sign."""
    for k, tile in state["tiles"].items():
        x, y = _at(k, ext, s, ox, oy)
        goods = tile.get("goods", [])
        r = max(7, s // 9)
        gap = 2 * r + 3
        for i, g in enumerate(goods[:6]):
            row = goods[(i // 3) * 3:(i // 3) * 3 + 3]
            gx = x + s / 2 + ((i % 3) - (len(row) - 1) / 2) * gap
            gy = y + s * 0.66 + (i // 3) * gap * 0.8
            _goods_square(img, gx, gy, r, g["colour"])


def _draw_last(img: Image.Image, state: dict[str, Any], ext: Extent, s: int, ox: int, oy: int) -> None:
    last = state.get("last")
    if not last:
        return
    d = ImageDraw.Draw(img)
    centres = []
    for k in last.get("cells", []):
        x, y = _at(k, ext, s, ox, oy)
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
    crowd: dict[str, int] = {}
    corners = [(0.18, 0.18), (0.82, 0.18), (0.18, 0.82), (0.82, 0.82)]  # clear of the town's sign
    derailed = bool((state.get("last") or {}).get("derailed"))
    label: Point | None = None
    for pending in state.get("pending", []):
        if pending["kind"] == "derail":
            _draw_ghost(img, state, pending, ext, s, ox, oy, letters)
    for seat, train in enumerate(state["trains"]):
        tile = state["tiles"].get(train["cell"])
        if tile is None:
            continue
        x, y = _at(train["cell"], ext, s, ox, oy)
        r = max(13, s * 0.2)
        if tile["kind"] == "town":
            r = max(12, s * 0.16)
            i = crowd.get(train["cell"], 0)
            crowd[train["cell"]] = i + 1
            ax, ay = corners[i % 4][0] * s, corners[i % 4][1] * s
        else:
            ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(train["piece"]), s)
        kit.seat_marker(d, x + ax, y + ay, r, seat, letters[seat])
        if train["cargo"]:
            _goods_square(img, x + ax + r * 0.95, y + ay - r * 0.95, max(6, r * 0.45), train["cargo"]["colour"])
        if derailed and (state.get("last") or {}).get("seat") == seat:
            label = (x + s / 2, y + s - 12)  # on the cell's bottom edge, where no train stands
    if label is not None:
        box = d.textbbox(label, "derailed", font=kit.font(16, bold=True), anchor="mm")
        d.rounded_rectangle((box[0] - 4, box[1] - 3, box[2] + 4, box[3] + 3), radius=4, fill=(255, 255, 255),
                            outline=kit.HIGHLIGHT, width=2)
        d.text(label, "derailed", font=kit.font(16, bold=True), fill=kit.HIGHLIGHT, anchor="mm")


def _draw_ghost(img: Image.Image, state: dict[str, Any], pending: dict[str, Any], ext: Extent, s: int,
                ox: int, oy: int, letters: list[str]) -> None:
    """A faint train where a move awaiting its speed-limit roll would end
    (what a move's preview shows before the die is rolled)."""
    route = pending["route"]
    tile = state["tiles"].get(route["dest"])
    if tile is None:
        return
    if tile["kind"] == "town":
        ax, ay = s * 0.5, s * 0.82
    else:
        ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(route["piece"]), s)
    r = max(13, s * 0.2)
    size = int(2 * r * 1.3) + 6
    overlay = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    seat = int(pending["seat"])
    kit.seat_marker(ImageDraw.Draw(overlay), size / 2, size / 2, r, seat, letters[seat])
    overlay.putalpha(overlay.getchannel("A").point(lambda a: a // 2))
    x, y = _at(route["dest"], ext, s, ox, oy)
    img.paste(overlay, (x + int(ax) - size // 2, y + int(ay) - size // 2), overlay)


TABLE_COLS = [("", 34), ("Player", 92), ("Steam", 68), ("Coal", 50), ("Goods", 94), ("Circ", 46),
              ("Pts", 40), ("Hand", 48)]
ROW_H = 40
HAND_TILE = 130
HAND_H = 28 + HAND_TILE + 54
"""The own hand's block: heading, tile pictures, names."""


def _table_height(players: int) -> int:
    return 36 + 34 + 24 + ROW_H * players + 12


def _market_height(state: dict[str, Any]) -> int:
    return 28 + (max(1, len(state["face_up"])) + (state.get("drawn") is not None)) * 54 + 2 * 26 + 8


def _own_hand(state: dict[str, Any], viewer: int | None) -> list[str] | None:
    if viewer is None or not 0 <= viewer < len(state["hands"]):
        return None
    hand: list[str] | None = state["hands"][viewer]
    return hand or None


def _draw_table(img: Image.Image, state: dict[str, Any], x: int, y: int, letters: list[str]) -> int:
    """Title, status and one row per player: steam, coal, goods, circuits, points, hand size."""
    d = ImageDraw.Draw(img)
    y = kit.draw_title(d, x, y, "Days of Steam")
    d.text((x, y), _status(state), font=kit.font(17), fill=kit.INK)
    y += 34
    cx = x
    for title, w in TABLE_COLS:
        d.text((cx + 2, y), title, font=kit.font(16, bold=True), fill=kit.INK)
        cx += w
    y += 24
    right = x + sum(w for _, w in TABLE_COLS)
    d.line((x, y, right, y), fill=kit.MUTED, width=1)
    sizes = state.get("hand_sizes") or [len(h or []) for h in state["hands"]]
    for seat, name in enumerate(state["players"]):
        if seat == state.get("turn") and not state.get("over"):
            d.rectangle((x, y + 2, right, y + ROW_H - 2), fill=(250, 232, 200))
        kit.seat_marker(d, x + 17, y + ROW_H / 2, 13, seat, letters[seat])
        cells = [name[:9], f"{state['steam'][seat]}/{param('max_steam')}", str(state["coal"][seat]), "",
                 str(state["circuits"][seat]), str(score(state, seat)), str(sizes[seat])]
        cx = x + TABLE_COLS[0][1]
        for (title, w), text in zip(TABLE_COLS[1:], cells):
            if title == "Goods":
                delivered = state["delivered"][seat]
                for i, g in enumerate(delivered[:8]):
                    _goods_square(img, cx + 10 + (i % 4) * 22, y + 11 + (i // 4) * 19, 8, g)
                if len(delivered) > 8:
                    d.text((cx + 96, y + ROW_H / 2), "+", font=kit.font(16), fill=kit.INK, anchor="mm")
            else:
                d.text((cx + 2, y + ROW_H / 2), text, font=kit.font(18, bold=title == "Pts"), fill=kit.INK,
                       anchor="lm")
            cx += w
        y += ROW_H
    return y + 12


def _draw_market(img: Image.Image, state: dict[str, Any], x: int, y: int) -> int:
    """The face-up towns with their goods (and a town just drawn from the
    deck, waiting to be placed), then the decks, the bag and the circuit counters."""
    d = ImageDraw.Draw(img)
    d.text((x, y), "Face-up towns", font=kit.font(19, bold=True), fill=kit.INK)
    y += 28
    towns = [(f"{i + 1}: {t['colour']} town", t["colour"], list(t["goods"])) for i, t in enumerate(state["face_up"])]
    drawn = state.get("drawn")
    if drawn is not None:
        towns.append((f"drawn: {drawn['colour']} town, {state['players'][drawn['seat']]} places it",
                      drawn["colour"], []))
    for label, colour, goods in towns:
        d.rounded_rectangle((x, y, x + 46, y + 46), radius=8, fill=TOWN_COLOURS[colour], outline=kit.INK, width=2)
        _colour_shape(d, x + 23, y + 23, 9, colour, (255, 255, 255), 2)
        d.text((x + 56, y + 4), label, font=kit.font(17), fill=kit.INK)
        for j, g in enumerate(goods):
            _goods_square(img, x + 68 + j * 28, y + 34, 10, g)
        y += 54
    if not towns:
        d.text((x, y), "none left", font=kit.font(17), fill=kit.MUTED)
        y += 54
    deck = state.get("deck_size", sum(state["deck"].values()))
    towns = sum(state["town_deck"].values())
    bag = sum(state["bag"].values())
    lines = [f"Track deck: {deck} tile{'s' if deck != 1 else ''} · town deck: {towns}",
             f"Goods bag: {bag} · circuit counters left: {state['circuits_left']}"]
    for line in lines:
        d.text((x, y + 4), line, font=kit.font(17), fill=kit.INK)
        y += 26
    return y + 8


def _draw_hand(img: Image.Image, state: dict[str, Any], viewer: int, hand: list[str], x: int, y: int) -> int:
    """The viewer's own tiles, as printed (rotation 0), with their steam and names."""
    d = ImageDraw.Draw(img)
    d.text((x, y), f"Your hand ({state['players'][viewer]})", font=kit.font(19, bold=True), fill=kit.INK)
    y += 28
    t = HAND_TILE
    for i, kind in enumerate(hand):
        tx = x + i * (t + 24)
        img.paste(tile_image(kind, 0, t), (tx, y))
        d.rectangle((tx, y, tx + t, y + t), outline=kit.INK, width=2)
        d.text((tx + 6, y + 4), f"+{tile_defs()[kind].coal}", font=kit.font(18, bold=True),
               fill=kit.INK, anchor="la")
        for k, part in enumerate(_wrap(tile_defs()[kind].name, 16)):
            d.text((tx + t / 2, y + t + 14 + k * 20), part, font=kit.font(16), fill=kit.INK, anchor="mm")
    return y + t + 54


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
    drawn = state.get("drawn")
    if drawn is not None:
        return f"Turn {state['turn_no']} · {names[int(drawn['seat'])]} to place the {drawn['colour']} town drawn"
    return f"Turn {state['turn_no']} · {names[int(state['current'])]} to play"


MAX_W = 1400
"""The widest image; a phone shows it at its screen width, so the map's cells
are what must stay big: the panel goes beside the map or under it,
whichever leaves the larger cells."""
MAX_H = 1500


@dataclass(frozen=True)
class Layout:
    s: int
    width: int
    height: int
    ox: int
    oy: int
    below: bool


def layout(ext: Extent, state: dict[str, Any], hand: bool) -> Layout:
    """Cell size and where the map and the panel go."""
    table = _table_height(len(state["players"]))
    market = _market_height(state)
    hand_h = HAND_H if hand else 0
    side_panel = table + market + hand_h + 20
    under_panel = max(table + hand_h, market) + 10
    frame = 2 * MARGIN + 20

    def fit(width: int, height: int) -> int:
        return max(44, min(110, width // ext.columns, height // ext.rows))

    beside = fit(MAX_W - PANEL_W - frame, 1060)
    under = fit(MAX_W - frame, MAX_H - under_panel - frame)
    if under > beside * 1.15:
        s = under
        map_w = ext.columns * s + frame
        width = max(map_w, 2 * PANEL_W + 30)
        ox = (width - ext.columns * s) // 2
        return Layout(s, width, ext.rows * s + frame + under_panel, ox, MARGIN + 10, True)
    s = beside
    width = max(1000, ext.columns * s + frame + PANEL_W)
    height = max(ext.rows * s + frame, side_panel + 20)
    return Layout(s, width, height, MARGIN + 10, MARGIN + 10, False)


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The board PNG of a view, for ``viewer`` (None: a spectator)."""
    cells = [unkey(k) for k in state["tiles"]] or [(0, 0)]
    ext = extent_of(cells)
    hand = _own_hand(state, viewer)
    lay = layout(ext, state, hand is not None)
    s, ox, oy = lay.s, lay.ox, lay.oy
    img = _background(ext, s, lay.width, lay.height, ox, oy).copy()
    letters = kit.player_letters(state["players"])
    _draw_board(img, state, ext, s, ox, oy)
    _draw_last(img, state, ext, s, ox, oy)
    _draw_goods(img, state, ext, s, ox, oy)
    _draw_trains(img, state, ext, s, ox, oy, letters)
    if lay.below:
        top = oy + ext.rows * s + MARGIN + 6
        left, right = (lay.width - 2 * PANEL_W - 30) // 2 + 10, lay.width // 2 + 15
        y = _draw_table(img, state, left, top, letters)
        if hand is not None and viewer is not None:
            _draw_hand(img, state, viewer, hand, left, y)
        _draw_market(img, state, right, top + 10)
    else:
        x = lay.width - PANEL_W - 10
        y = _draw_market(img, state, x, _draw_table(img, state, x, 14, letters))
        if hand is not None and viewer is not None:
            _draw_hand(img, state, viewer, hand, x, y + 10)
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


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The cell just played and its neighbours, for the panel's picture of
    the rotation choices (None unless the last move placed a tile)."""
    last = state.get("last") or {}
    if last.get("kind") not in ("tile", "town") or not last.get("cells"):
        return None
    ext = extent_of([unkey(k) for k in state["tiles"]] or [(0, 0)])
    lay = layout(ext, state, _own_hand(state, viewer) is not None)
    x, y = _at(last["cells"][-1], ext, lay.s, lay.ox, lay.oy)
    return (max(0, x - lay.s), max(0, y - lay.s), x + 2 * lay.s, y + 2 * lay.s)
