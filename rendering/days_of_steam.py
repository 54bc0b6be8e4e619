"""The Days of Steam board: the growing square map, trains, towns and goods.

Two images (issue 14):

- ``render(state, viewer)``, the image posted in the thread, is drawn for the
  chat: Discord shows it about 550 px wide, a phone about 380. Days of
  Steam's map grows from one town and is all in play (it is cut to the
  placed tiles and the squares next to them), so the posted image is that
  map, portrait-friendly and at most :data:`kit.MAX_POST_WIDTH` wide, under
  a band saying whose turn it is and what just happened, over one line per
  player (points, steam, coal, goods delivered). Those texts are drawn at
  least 2% of the width (11 px at chat width). Nothing else: the face-up
  towns, the decks, the own hand and the legend are on the full board.
- ``render_full(state, viewer)``, one tap away, is the whole table: the map,
  a legend, every player's row, the face-up towns and decks, and the
  viewer's own hand.

Forms before colours, so no two things look alike whatever the viewer's
colour vision: a train is a locomotive pin (a pin head with a chimney) in
its player's colour with his letter; a good is a plain cube with its
colour's letter (R, Y, G, B); a town is a coloured square with a white name
board carrying its colour's letter. The last move is drawn in the kit's
highlight form (white band, black dashes) along the track the train
actually used, kept to the right of the direction of travel so a move out
and back through a town shows both legs, with an arrow at its end; a tile
or town just placed gets the form round its square. The player and goods
colours are listed in :data:`PALETTES` and checked apart under simulated
colour-vision deficiencies (tests/test_palettes.py).

``render_tile(kind, rotation)`` is a small preview of one tile the turn
panel may attach.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Sequence, cast

from PIL import Image, ImageDraw, ImageFont

from games.days_of_steam.geometry import (Cell, Extent, Shape, cell_name, column_label, extent_of, key,
                                          neighbour, row_label, shape, unkey)
from games.days_of_steam.params import COLOURS, param, tile_defs
from games.days_of_steam.scoring import outcome, score
from games.days_of_steam.state import DaysOfSteamState, Last, Pending
from games.phases import OVER
from rendering import kit

RGB = tuple[int, int, int]
Point = tuple[float, float]

TOWN_COLOURS: dict[str, RGB] = {
    "red": (185, 35, 45), "yellow": (240, 200, 40), "green": (40, 170, 120), "blue": (30, 60, 160),
}
"""The goods and town colours, chosen to stay apart (and apart from the
white highlight) under simulated deuteranopia, protanopia and tritanopia."""
PALETTES: dict[str, Sequence[RGB]] = {
    "players": kit.PLAYER_COLOURS[:4],
    "goods and towns": [TOWN_COLOURS[c] for c in COLOURS],
}
"""Every colour set that carries meaning (tests/test_palettes.py)."""

TILE_FILL: RGB = (230, 216, 182)
HILL_FILL: RGB = (196, 170, 120)
GRID: RGB = (215, 207, 188)
TILE_EDGE: RGB = (186, 172, 140)
RAIL: RGB = (55, 45, 40)
WATER: RGB = (40, 120, 200)
BUMPER: RGB = (200, 40, 40)
BAND: RGB = (52, 46, 40)
"""The header band of the posted image."""
BAND_TEXT: RGB = (255, 255, 255)
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


def _bumper(d: ImageDraw.ImageDraw, pts: list[Point], s: float) -> None:
    """A buffer stop where a dead end stops: a wide red beam with black
    edges and two black buffers across the spur's end, so a siding never
    reads as a junction."""
    (x0, y0), (x1, y1) = pts
    dx, dy = x1 - x0, y1 - y0
    norm = math.hypot(dx, dy) or 1
    ux, uy = dx / norm, dy / norm
    nx, ny = -uy * s * 0.2, ux * s * 0.2
    t = s * 0.06
    beam = [(x1 - nx - ux * t, y1 - ny - uy * t), (x1 + nx - ux * t, y1 + ny - uy * t),
            (x1 + nx + ux * t, y1 + ny + uy * t), (x1 - nx + ux * t, y1 - ny + uy * t)]
    d.polygon(beam, fill=BUMPER, outline=kit.INK, width=max(2, int(s // 40)))
    r = s * 0.045
    for k in (-0.55, 0.55):
        bx, by = x1 + nx * k - ux * t * 1.9, y1 + ny * k - uy * t * 1.9
        d.ellipse((bx - r, by - r, bx + r, by + r), fill=kit.INK)


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
        if colour:
            _town_sign(d, s / 2, s * 0.33, s * 0.2, colour)
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
    for seg in shp.segments:
        if len(seg) == 1:
            _bumper(d, segment_points(seg, s), s)
    if tdef.tower:
        _tower(d, s * 0.75, s * 0.22, s * 0.14)
    if tdef.over and s >= 40:
        d.text((s * 0.18, s * 0.84), "↺", font=kit.font(max(12, s // 5), bold=True), fill=kit.INK, anchor="mm")
    d.rectangle((0, 0, s - 1, s - 1), outline=TILE_EDGE)
    return img


def _tower(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A water tower: a square blue tank marked W on two splayed legs (no
    pin's round head, so it is never taken for a train)."""
    leg = max(2, int(r * 0.25))
    d.line([(cx - r * 0.6, cy + r * 0.8), (cx - r * 0.9, cy + r * 2.0)], fill=kit.INK, width=leg)
    d.line([(cx + r * 0.6, cy + r * 0.8), (cx + r * 0.9, cy + r * 2.0)], fill=kit.INK, width=leg)
    d.rectangle((cx - r, cy - r, cx + r, cy + r * 0.9), fill=WATER, outline=kit.INK, width=2)
    d.text((cx, cy), "W", font=kit.font(max(10, int(r * 1.3)), bold=True), fill=(255, 255, 255), anchor="mm")


def _town_sign(d: ImageDraw.ImageDraw, x: float, y: float, half: float, colour: str) -> None:
    """A town's name board: white, black-edged, with its colour's letter."""
    h = half * 0.62
    d.rounded_rectangle((x - half, y - h, x + half, y + h), radius=max(2, int(h * 0.4)), fill=(255, 255, 255),
                        outline=kit.INK, width=2)
    d.text((x, y), colour[:1].upper(), font=kit.font(max(10, int(h * 1.5)), bold=True), fill=kit.INK, anchor="mm")


def render_tile(kind: str, rotation: int = 0, size: int = 160) -> bytes:
    """A preview PNG of one tile (for the hand panel)."""
    img = tile_image(kind, rotation % 4, size).copy()
    d = ImageDraw.Draw(img)
    d.text((6, 6), f"+{tile_defs()[kind].coal}", font=kit.font(max(16, size // 8), bold=True),
           fill=kit.INK, anchor="la")
    return _to_png(img)


# -- goods and trains ------------------------------------------------------------

@cache
def _goods_icon(colour: str, r: int) -> Image.Image:
    """A goods cube drawn once: a plain square of its colour with its initial."""
    size = 2 * r + 4
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(icon)
    fill = TOWN_COLOURS[colour]
    d.rectangle((2, 2, size - 3, size - 3), fill=fill, outline=kit.INK, width=1 if r < 9 else 2)
    if r >= 6:
        d.text((size / 2, size / 2), colour[:1].upper(), font=kit.font(max(9, int(r * 1.45)), bold=True),
               fill=kit.text_colour_on(fill), anchor="mm")
    return icon


def _goods_cube(img: Image.Image, x: float, y: float, r: float, colour: str) -> None:
    icon = _goods_icon(colour, int(r))
    half = icon.size[0] // 2
    img.paste(icon, (int(x) - half, int(y) - half), icon)


def loco_pin(d: ImageDraw.ImageDraw, x: float, y: float, r: float, seat: int, letter: str) -> None:
    """A train: a map pin whose point is at (x, y), its round head (with a
    locomotive's chimney) in the player's colour carrying his letter."""
    fill = kit.player_colour(seat)
    hx, hy = x, y - r * 1.55
    edge = max(2, int(r // 7))
    chimney = (hx - r * 0.62, hy - r * 1.22, hx - r * 0.22, hy - r * 0.5)
    d.rectangle(chimney, fill=kit.INK)
    d.polygon([(x, y), (hx - r * 0.7, hy + r * 0.55), (hx + r * 0.7, hy + r * 0.55)], fill=kit.INK)
    d.ellipse((hx - r, hy - r, hx + r, hy + r), fill=fill, outline=kit.INK, width=edge)
    d.text((hx, hy), letter, font=kit.font(max(10, int(r * 1.2)), bold=True), fill=kit.text_colour_on(fill),
           anchor="mm")


# -- the map ---------------------------------------------------------------------

@lru_cache(maxsize=8)
def _background(ext: Extent, s: int, width: int, height: int, ox: int, oy: int, label: int = 17) -> Image.Image:
    """The canvas with the grid and the coordinates along all four edges."""
    img, d = kit.new_canvas(width, height)
    label_font = kit.font(label, bold=True)
    gap = label * 0.95
    for col in range(ext.columns):
        x = ox + col * s + s / 2
        name = column_label(ext.min_x + col)
        d.text((x, oy - gap), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((x, oy + ext.rows * s + gap), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for row in range(ext.rows):
        y = oy + row * s + s / 2
        name = row_label(ext.min_y + row)
        d.text((ox - gap, y), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((ox + ext.columns * s + gap, y), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for col in range(ext.columns + 1):
        d.line((ox + col * s, oy, ox + col * s, oy + ext.rows * s), fill=GRID, width=1)
    for row in range(ext.rows + 1):
        d.line((ox, oy + row * s, ox + ext.columns * s, oy + row * s), fill=GRID, width=1)
    return img


@dataclass(frozen=True)
class Grid:
    """Where the map's squares are on an image."""

    ext: Extent
    s: int
    ox: int
    oy: int

    def at(self, cell_key: str) -> tuple[int, int]:
        """The top-left pixel of a cell given by its state key ("x,y")."""
        cx, cy = unkey(cell_key)
        return self.ox + (cx - self.ext.min_x) * self.s, self.oy + (cy - self.ext.min_y) * self.s


def _draw_tiles(img: Image.Image, state: DaysOfSteamState, g: Grid) -> None:
    for k, tile in state["tiles"].items():
        img.paste(tile_image(tile["kind"], int(tile["rot"]), g.s, tile.get("colour", "")), g.at(k))


def _draw_goods(img: Image.Image, state: DaysOfSteamState, g: Grid) -> None:
    """The goods waiting in towns, in a row under each town's name board."""
    r = max(6, int(g.s * 0.12))
    gap = 2 * r + 4
    for k, tile in state["tiles"].items():
        x, y = g.at(k)
        goods = tile.get("goods", [])
        for i, good in enumerate(goods[:6]):
            row = goods[(i // 3) * 3:(i // 3) * 3 + 3]
            gx = x + g.s / 2 + ((i % 3) - (len(row) - 1) / 2) * gap
            gy = y + g.s * 0.66 + (i // 3) * gap
            _goods_cube(img, gx, gy, r, good["colour"])


def _edge_towards(cell: Cell, other: Cell) -> int | None:
    return next((e for e in range(4) if neighbour(cell, e) == other), None)


def _oriented(seg: tuple[int, ...], start: int, s: float) -> list[Point]:
    pts = segment_points(seg, s)
    return pts if len(seg) == 1 or seg[0] == start else pts[::-1]


def _through(state: DaysOfSteamState, cell_key: str, entry: int | None, leave: int | None, s: float) -> list[Point]:
    """The track a train used in one square (tile coordinates): in by
    ``entry``, out by ``leave`` (None where the move starts or ends)."""
    tile = state["tiles"].get(cell_key)
    centre = (s / 2, s / 2)
    if tile is None or tile["kind"] == "town":
        return ([_edge_point(entry, s)] if entry is not None else []) + [centre] + (
            [_edge_point(leave, s)] if leave is not None else [])
    shp = shape(tile["kind"], int(tile["rot"]))
    if entry is not None and leave is not None:
        seg = next((sg for sg in shp.segments if entry in sg and leave in sg), (entry, leave))
        return _oriented(seg, entry, s)
    if leave is not None:
        seg = next((sg for sg in shp.segments if leave in sg), (leave,))
        pts = _oriented(seg, leave, s)[::-1]
        return pts[len(pts) // 2:] if len(seg) > 1 else pts
    if entry is not None:
        seg = next((sg for sg in shp.segments if entry in sg), (entry,))
        pts = _oriented(seg, entry, s)
        return pts[:len(pts) // 2 + 1] if len(seg) > 1 else pts
    return [centre]


def route_points(state: DaysOfSteamState, where: Sequence[str], g: Grid) -> list[Point]:
    """The line of a move along the track it used, square by square, kept
    ``s/9`` to the right of the direction of travel (so the two legs of a
    move out and back through a town lie side by side)."""
    cells = [unkey(k) for k in where]
    pts: list[Point] = []
    for i, k in enumerate(where):
        entry = _edge_towards(cells[i], cells[i - 1]) if i > 0 else None
        leave = _edge_towards(cells[i], cells[i + 1]) if i + 1 < len(cells) else None
        x, y = g.at(k)
        for px, py in _through(state, k, entry, leave, g.s):
            p = (x + px, y + py)
            if not pts or math.dist(pts[-1], p) > 0.5:
                pts.append(p)
    return _offset(pts, g.s / 9)


def _offset(pts: list[Point], d: float) -> list[Point]:
    """The polyline moved ``d`` to the right of its direction."""
    if len(pts) < 2:
        return pts
    out = []
    for i, (x, y) in enumerate(pts):
        (ax, ay), (bx, by) = pts[max(0, i - 1)], pts[min(len(pts) - 1, i + 1)]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1
        out.append((x - dy / norm * d, y + dx / norm * d))
    return out


def _arrow(d: ImageDraw.ImageDraw, pts: list[Point], size: float) -> None:
    """The move's end: an arrowhead in the highlight's colours."""
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    norm = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / norm, (by - ay) / norm
    tip = (bx + ux * size * 0.6, by + uy * size * 0.6)
    back = (bx - ux * size * 0.6, by - uy * size * 0.6)
    head = [tip, (back[0] - uy * size * 0.6, back[1] + ux * size * 0.6),
            (back[0] + uy * size * 0.6, back[1] - ux * size * 0.6)]
    d.polygon(head, fill=kit.HIGHLIGHT, outline=kit.HIGHLIGHT_DASH, width=3)


def _draw_last(img: Image.Image, state: DaysOfSteamState, g: Grid) -> None:
    """The last move in the highlight form: along the track used, or round
    the square of the tile, town or tower."""
    last = state["last"]
    if not last or not last["where"]:
        return
    d = ImageDraw.Draw(img)
    band = max(5, g.s // 12)
    if last["kind"] == "move" and len(last["where"]) > 1:
        pts = route_points(state, last["where"], g)
        kit.highlight_line(d, pts, band)
        _arrow(d, pts, band * 2.6)
        return
    for k in last["where"]:
        x, y = g.at(k)
        kit.highlight_box(d, (x + band / 2 + 2, y + band / 2 + 2, x + g.s - band / 2 - 2, y + g.s - band / 2 - 2),
                          band)


PIN_MIN = 16
"""The smallest pin head's radius: on a late game's big map (cells about 50
px) a train still shows 8 px wide at chat width."""


def _train_spots(state: DaysOfSteamState, g: Grid) -> list[tuple[int, float, float, float]]:
    """(seat, x, y, size) of each train's pin point on the image."""
    crowd: dict[str, int] = {}
    corners = [(0.14, 0.98), (0.86, 0.98), (0.14, 0.55), (0.86, 0.55)]
    """Pin points in a town: its bottom corners, then its sides, clear of the sign."""
    out = []
    for seat, train in enumerate(state["trains"]):
        tile = state["tiles"].get(train["cell"])
        if tile is None:
            continue
        x, y = g.at(train["cell"])
        r = max(PIN_MIN, g.s * 0.2)
        if tile["kind"] == "town":
            i = crowd.get(train["cell"], 0)
            crowd[train["cell"]] = i + 1
            ax, ay = corners[i % 4][0] * g.s, corners[i % 4][1] * g.s
            r = max(PIN_MIN - 2, g.s * 0.16)
        else:
            ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(train["piece"]), g.s)
        out.append((seat, x + ax, y + ay, r))
    return out


def _draw_trains(img: Image.Image, state: DaysOfSteamState, g: Grid, letters: list[str]) -> None:
    d = ImageDraw.Draw(img)
    for pending in state["pending"]:
        if pending["kind"] == "derail":
            _draw_ghost(img, state, pending, g, letters)
    last = state["last"]
    for seat, x, y, r in _train_spots(state, g):
        loco_pin(d, x, y, r, seat, letters[seat])
        cargo = state["trains"][seat]["cargo"]
        if cargo:
            _goods_cube(img, x + r * 1.35, y - r * 2.3, max(6, r * 0.62), cargo["colour"])
        if last is not None and last.get("derailed") and last["seat"] == seat:
            _tag(d, (x, y + r * 0.9), "derailed", max(12, int(g.s * 0.16)))


def _tag(d: ImageDraw.ImageDraw, at: Point, text: str, size: int) -> None:
    """A word on a white label with a black frame (e.g. "derailed")."""
    f = kit.font(size, bold=True)
    box = d.textbbox(at, text, font=f, anchor="mm")
    d.rounded_rectangle((box[0] - 4, box[1] - 3, box[2] + 4, box[3] + 3), radius=4, fill=(255, 255, 255),
                        outline=kit.INK, width=2)
    d.text(at, text, font=f, fill=kit.INK, anchor="mm")


def _draw_ghost(img: Image.Image, state: DaysOfSteamState, pending: Pending, g: Grid, letters: list[str]) -> None:
    """A faint train where a move awaiting its speed-limit roll would end."""
    route = pending.get("route")
    tile = state["tiles"].get(route["dest"]) if route else None
    if route is None or tile is None:
        return
    if tile["kind"] == "town":
        ax, ay = g.s * 0.5, g.s * 0.9
    else:
        ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(route["piece"]), g.s)
    r = max(9, g.s * 0.15)
    size = int(r * 6)
    overlay = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    seat = int(pending.get("seat", 0))
    loco_pin(ImageDraw.Draw(overlay), size / 2, size * 0.8, r, seat, letters[seat])
    overlay.putalpha(overlay.getchannel("A").point(lambda a: a // 2))
    x, y = g.at(route["dest"])
    img.paste(overlay, (x + int(ax) - size // 2, y + int(ay) - int(size * 0.8)), overlay)


def _draw_map(img: Image.Image, state: DaysOfSteamState, g: Grid, letters: list[str]) -> None:
    """Tiles, the last move, then (over it) town signs, goods and trains."""
    _draw_tiles(img, state, g)
    _draw_last(img, state, g)
    d = ImageDraw.Draw(img)
    for k, tile in state["tiles"].items():
        if tile["kind"] == "town" and tile.get("colour"):
            x, y = g.at(k)
            _town_sign(d, x + g.s / 2, y + g.s * 0.33, g.s * 0.2, tile["colour"])
    _draw_goods(img, state, g)
    _draw_trains(img, state, g, letters)


# -- the words ------------------------------------------------------------------

def turn_text(state: DaysOfSteamState) -> str:
    """Whose turn it is, or the result once the game is over."""
    names = state["players"]
    if state["phase"] == OVER:
        if state["winner"] is not None:
            return f"Game over: {names[state['winner']]} reached {param('winning_points')} points and wins"
        best = " and ".join(names[s] for s in outcome(state).ranking[0])
        return f"Game over (last track tile drawn): {best} {'win' if ' and ' in best else 'wins'}"
    if state["phase"] == "setup":
        return "Setting up…"
    drawn = state["drawn"]
    if drawn is not None:
        return f"Turn {state['turn_no']} · {names[drawn['seat']]} to place the {drawn['colour']} town drawn"
    return f"Turn {state['turn_no']} · {names[state['current']]} to play"


def last_text(state: DaysOfSteamState) -> str:
    """The last move in words, naming its squares as the board prints them."""
    last: Last | None = state["last"]
    if last is None:
        return ""
    who = state["players"][last["seat"]]
    where = [cell_name(unkey(k)) for k in last["where"]]
    if last["kind"] == "move" and where:
        text = f"Last: {who} moved {where[0]} → {where[-1]}"
        text += " and derailed" if last.get("derailed") else ""
    elif last["kind"] == "tile" and where:
        tile = state["tiles"].get(last["where"][0])
        name = tile_defs()[tile["kind"]].name if tile else "tile"
        text = f"Last: {who} played a {name} at {where[0]}"
    elif last["kind"] == "town" and where:
        text = f"Last: {who} placed a town at {where[0]}"
    elif last["kind"] == "tower":
        text = f"Last: {who} took water at {where[0] if where else 'the tower'}"
    else:
        text = f"Last: {who} discarded a tile"
    return text + (" (circuit!)" if last.get("circuit") else "")


def _fit(d: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if d.textlength(text, font=font) <= width:
        return text
    while text and d.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


# -- the posted image -------------------------------------------------------------

CHAT_MAX = kit.MAX_POST_WIDTH
CHAT_MIN = 720
"""The posted image's width range: wide enough for the essential texts at
2% of the width, no wider than the kit's post width."""


@dataclass(frozen=True)
class ChatLayout:
    width: int
    height: int
    grid: Grid
    band: int
    """The header band's height."""
    standing_top: int
    row: int
    font: int
    hand_top: int
    """Where the viewer's own hand goes (the bottom when he has none)."""


def chat_layout(state: DaysOfSteamState, hand: bool = False) -> ChatLayout:
    """Cells as large as fit 1100 px wide and about as tall; the header band
    above, one standing line per player below, then the viewer's hand."""
    ext = extent_of([unkey(k) for k in state["tiles"]] or [(0, 0)])
    label = 22
    frame = 2 * (label + 14)
    s = max(36, min(130, (CHAT_MAX - frame) // ext.columns, (1000 - frame) // ext.rows))
    width = max(CHAT_MIN, min(CHAT_MAX, ext.columns * s + frame))
    font = max(18, round(width * 0.03))
    band = int(font * 1.4) * 2 + 18
    ox = (width - ext.columns * s) // 2
    oy = band + label + 14
    top = oy + ext.rows * s + label + 18
    row = int(font * 1.75)
    hand_top = top + row * len(state["players"]) + 8
    height = hand_top + (int(font * 5.5) if hand else 4)
    return ChatLayout(width, height, Grid(ext, s, ox, oy), band, top, row, font, hand_top)


def _draw_band(img: Image.Image, state: DaysOfSteamState, lay: ChatLayout) -> None:
    """Whose turn it is and the last move, white on a dark band."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, lay.band), fill=BAND)
    big = kit.essential_font("turn", int(lay.font * 1.1), bold=True)
    d.text((16, 10), _fit(d, turn_text(state), big, lay.width - 32), font=big, fill=BAND_TEXT)
    words = last_text(state)
    if words:
        small = kit.essential_font("last", lay.font)
        d.text((16, 10 + int(lay.font * 1.5)), _fit(d, words, small, lay.width - 32), font=small, fill=BAND_TEXT)


def _draw_standing(img: Image.Image, state: DaysOfSteamState, lay: ChatLayout, letters: list[str]) -> None:
    """One line per player: pin, name, points, steam, coal, goods delivered;
    the player to act marked with an arrow."""
    d = ImageDraw.Draw(img)
    f = kit.essential_font("standing", lay.font)
    bold = kit.essential_font("standing", lay.font, bold=True)
    due = state["current"] if state["phase"] == "play" and not state["pending"] else None
    if state["drawn"] is not None:
        due = state["drawn"]["seat"]
    y = lay.standing_top
    x0 = 16
    for seat, name in enumerate(state["players"]):
        mid = y + lay.row / 2
        if seat == due:
            d.rectangle((0, y, lay.width, y + lay.row - 2), fill=(250, 232, 200))
            d.text((x0, mid), "▶", font=f, fill=kit.INK, anchor="lm")
        r = lay.row * 0.26
        loco_pin(d, x0 + lay.font * 1.6, mid + r * 1.5, r, seat, letters[seat])
        x = x0 + lay.font * 2.6
        d.text((x, mid), _fit(d, name, bold, lay.font * 6), font=bold, fill=kit.INK, anchor="lm")
        x += lay.font * 6.4
        text = f"{score(state, seat)} pts · steam {state['steam'][seat]} · coal {state['coal'][seat]}"
        d.text((x, mid), text, font=f, fill=kit.INK, anchor="lm")
        x += d.textlength(text, font=f) + lay.font * 0.8
        delivered = state["delivered"][seat]
        cube = lay.font * 0.45
        room = int((lay.width - x - 10) // (cube * 2 + 4))
        for i, colour in enumerate(delivered[:room]):
            _goods_cube(img, x + cube + i * (cube * 2 + 4), mid, cube, colour)
        y += lay.row


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The image posted in the thread: whose turn, the last move, the map
    and every player's standing, read at chat width."""
    st = cast(DaysOfSteamState, state)
    hand = _own_hand(st, viewer)
    lay = chat_layout(st, hand is not None)
    g = lay.grid
    img = _background(g.ext, g.s, lay.width, lay.height, g.ox, g.oy, 22).copy()
    letters = kit.player_letters(st["players"])
    _draw_map(img, st, g, letters)
    _draw_band(img, st, lay)
    _draw_standing(img, st, lay, letters)
    if hand is not None:
        _draw_chat_hand(img, hand, lay)
    return _to_png(img)


def _draw_chat_hand(img: Image.Image, hand: list[str], lay: ChatLayout) -> None:
    """The viewer's own tiles in a row (only on his own copy)."""
    d = ImageDraw.Draw(img)
    f = kit.font(lay.font)
    d.text((16, lay.hand_top + lay.font * 2.2), "Your hand:", font=f, fill=kit.INK, anchor="lm")
    t = int(lay.font * 4.4)
    x = 16 + int(d.textlength("Your hand:", font=f)) + lay.font
    for kind in hand:
        img.paste(tile_image(kind, 0, t), (x, lay.hand_top))
        d.rectangle((x, lay.hand_top, x + t, lay.hand_top + t), outline=kit.INK, width=2)
        d.text((x + 4, lay.hand_top + 2), f"+{tile_defs()[kind].coal}", font=kit.font(max(12, t // 6), bold=True),
               fill=kit.INK, anchor="la")
        x += t + lay.font


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The square just played and its neighbours on the posted image, for
    the panel's picture of the choices (None unless the last move placed a
    tile or a town)."""
    st = cast(DaysOfSteamState, state)
    last = st["last"]
    if last is None or last["kind"] not in ("tile", "town") or not last["where"]:
        return None
    g = chat_layout(st, _own_hand(st, viewer) is not None).grid
    x, y = g.at(last["where"][-1])
    return (max(0, x - g.s), max(0, y - g.s), x + 2 * g.s, y + 2 * g.s)


# -- the full board ---------------------------------------------------------------

TABLE_COLS = [("", 34), ("Player", 92), ("Steam", 68), ("Coal", 50), ("Goods", 94), ("Circ", 46),
              ("Pts", 40), ("Hand", 48)]
ROW_H = 40
HAND_TILE = 130
HAND_H = 28 + HAND_TILE + 54
"""The own hand's block: heading, tile pictures, names."""
LEGEND_TILE = 56
LEGEND_H = 30 + 3 * (LEGEND_TILE + 10)
LEGEND = (("hill-straight", 0, "hill: 2 steam"), ("straight-over", 0, "↺ may play over"),
          ("dead-end", 0, "dead end: stops"), ("tower", 0, "water tower: +4"),
          ("town", 0, "town sign: colour"), ("", 0, "last move"))
"""The legend's entries: (tile kind, rotation, words)."""


def _table_height(players: int) -> int:
    return 36 + 34 + 24 + ROW_H * players + 12


def _market_height(state: DaysOfSteamState) -> int:
    return 28 + (max(1, len(state["face_up"])) + (state["drawn"] is not None)) * 54 + 2 * 26 + 8


def _own_hand(state: DaysOfSteamState, viewer: int | None) -> list[str] | None:
    if viewer is None or not 0 <= viewer < len(state["hands"]):
        return None
    hand: list[str] | None = state["hands"][viewer]
    return hand or None


def _draw_table(img: Image.Image, state: DaysOfSteamState, sizes: list[int], x: int, y: int,
                letters: list[str]) -> int:
    """Title, status and one row per player: steam, coal, goods, circuits, points, hand size."""
    d = ImageDraw.Draw(img)
    y = kit.draw_title(d, x, y, "Days of Steam")
    d.text((x, y), _fit(d, turn_text(state), kit.font(17), PANEL_W - 10), font=kit.font(17), fill=kit.INK)
    y += 34
    cx = x
    for title, w in TABLE_COLS:
        d.text((cx + 2, y), title, font=kit.font(16, bold=True), fill=kit.INK)
        cx += w
    y += 24
    right = x + sum(w for _, w in TABLE_COLS)
    d.line((x, y, right, y), fill=kit.MUTED, width=1)
    for seat, name in enumerate(state["players"]):
        if seat == state["current"] and state["phase"] != OVER:
            d.rectangle((x, y + 2, right, y + ROW_H - 2), fill=(250, 232, 200))
        loco_pin(d, x + 17, y + ROW_H - 6, 10, seat, letters[seat])
        cells = [name[:9], f"{state['steam'][seat]}/{param('max_steam')}", str(state["coal"][seat]), "",
                 str(state["circuits"][seat]), str(score(state, seat)), str(sizes[seat])]
        cx = x + TABLE_COLS[0][1]
        for (title, w), text in zip(TABLE_COLS[1:], cells):
            if title == "Goods":
                delivered = state["delivered"][seat]
                for i, colour in enumerate(delivered[:8]):
                    _goods_cube(img, cx + 10 + (i % 4) * 22, y + 11 + (i // 4) * 19, 8, colour)
                if len(delivered) > 8:
                    d.text((cx + 96, y + ROW_H / 2), "+", font=kit.font(16), fill=kit.INK, anchor="mm")
            else:
                d.text((cx + 2, y + ROW_H / 2), text, font=kit.font(18, bold=title == "Pts"), fill=kit.INK,
                       anchor="lm")
            cx += w
        y += ROW_H
    return y + 12


def _draw_market(img: Image.Image, state: DaysOfSteamState, deck: int, x: int, y: int) -> int:
    """The face-up towns with their goods (and a town just drawn from the
    deck, waiting to be placed), then the decks, the bag and the circuit counters."""
    d = ImageDraw.Draw(img)
    d.text((x, y), "Face-up towns", font=kit.font(19, bold=True), fill=kit.INK)
    y += 28
    towns = [(f"{i + 1}: {t['colour']} town", t["colour"], list(t["goods"])) for i, t in enumerate(state["face_up"])]
    drawn = state["drawn"]
    if drawn is not None:
        towns.append((f"drawn: {drawn['colour']} town, {state['players'][drawn['seat']]} places it",
                      drawn["colour"], []))
    for label, colour, goods in towns:
        d.rounded_rectangle((x, y, x + 46, y + 46), radius=8, fill=TOWN_COLOURS[colour], outline=kit.INK, width=2)
        _town_sign(d, x + 23, y + 20, 12, colour)
        d.text((x + 56, y + 4), label, font=kit.font(17), fill=kit.INK)
        for j, good in enumerate(goods):
            _goods_cube(img, x + 68 + j * 28, y + 34, 10, good)
        y += 54
    if not towns:
        d.text((x, y), "none left", font=kit.font(17), fill=kit.MUTED)
        y += 54
    towns_left = sum(state["town_deck"].values())
    bag = sum(state["bag"].values())
    lines = [f"Track deck: {deck} tile{'s' if deck != 1 else ''} · town deck: {towns_left}",
             f"Goods bag: {bag} · circuit counters left: {state['circuits_left']}"]
    for line in lines:
        d.text((x, y + 4), line, font=kit.font(17), fill=kit.INK)
        y += 26
    return y + 8


def _draw_legend(img: Image.Image, x: int, y: int) -> int:
    """What the marks on the map mean, two entries a line."""
    d = ImageDraw.Draw(img)
    d.text((x, y), "Legend", font=kit.font(19, bold=True), fill=kit.INK)
    y += 30
    t = LEGEND_TILE
    for i, (kind, rot, words) in enumerate(LEGEND):
        tx, ty = x + (i % 2) * (PANEL_W // 2), y + (i // 2) * (t + 10)
        if kind == "town":
            img.paste(tile_image("town", 0, t, "yellow"), (tx, ty))
        elif kind:
            img.paste(tile_image(kind, rot, t), (tx, ty))
        else:
            kit.highlight_line(d, [(tx + 4, ty + t * 0.7), (tx + t * 0.6, ty + t * 0.7)], 6)
            _arrow(d, [(tx + 4, ty + t * 0.7), (tx + t * 0.6, ty + t * 0.7)], 14)
        d.text((tx + t + 8, ty + t / 2), words, font=kit.font(16), fill=kit.INK, anchor="lm")
    return y + 3 * (t + 10)


def _draw_hand(img: Image.Image, state: DaysOfSteamState, viewer: int, hand: list[str], x: int, y: int) -> int:
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


MAX_W = 1400
"""The full board's widest image: the panel goes beside the map or under
it, whichever leaves the larger cells."""
MAX_H = 1500


@dataclass(frozen=True)
class Layout:
    s: int
    width: int
    height: int
    ox: int
    oy: int
    below: bool


def layout(ext: Extent, state: DaysOfSteamState, hand: bool) -> Layout:
    """Cell size and where the map and the panel go on the full board."""
    table = _table_height(len(state["players"]))
    market = _market_height(state) + LEGEND_H
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


def render_full(state: dict[str, Any], viewer: int | None) -> bytes:
    """The whole table (one tap away from the posted image): map, legend,
    players, face-up towns and decks, and the viewer's own hand."""
    st = cast(DaysOfSteamState, state)
    sizes: list[int] = state.get("hand_sizes") or [len(h or []) for h in st["hands"]]
    deck = int(state.get("deck_size", sum(st["deck"].values())))
    ext = extent_of([unkey(k) for k in st["tiles"]] or [(0, 0)])
    hand = _own_hand(st, viewer)
    lay = layout(ext, st, hand is not None)
    g = Grid(ext, lay.s, lay.ox, lay.oy)
    img = _background(ext, lay.s, lay.width, lay.height, lay.ox, lay.oy).copy()
    letters = kit.player_letters(st["players"])
    _draw_map(img, st, g, letters)
    if lay.below:
        top = lay.oy + ext.rows * lay.s + MARGIN + 6
        left, right = (lay.width - 2 * PANEL_W - 30) // 2 + 10, lay.width // 2 + 15
        y = _draw_table(img, st, sizes, left, top, letters)
        if hand is not None and viewer is not None:
            _draw_hand(img, st, viewer, hand, left, y)
        _draw_legend(img, right, _draw_market(img, st, deck, right, top + 10))
    else:
        x = lay.width - PANEL_W - 10
        y = _draw_market(img, st, deck, x, _draw_legend(img, x, _draw_table(img, st, sizes, x, 14, letters)))
        if hand is not None and viewer is not None:
            _draw_hand(img, st, viewer, hand, x, y + 10)
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


__all__ = ["render", "render_full", "render_tile", "focus_box", "PALETTES", "COLOURS", "key"]
