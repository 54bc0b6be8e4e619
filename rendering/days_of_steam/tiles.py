"""One Days of Steam tile: its rails (straight, curved round a corner, or a
spur), buffer stops at dead ends, water towers and town signs, drawn once
per kind, rotation, size and colour; ``render_tile`` is the preview the
turn panel may attach.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import Shape, shape
from games.days_of_steam.params import tile_defs
from rendering import kit
from rendering.days_of_steam.palette import (BUMPER, HILL_FILL, RAIL, RGB, TILE_EDGE, TILE_FILL, TOWN_COLOURS, WATER,
                                             Point, board_png)


def edge_point(edge: int, s: float) -> Point:
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
        p = edge_point(seg[0], s)
        return [p, (p[0] + (s / 2 - p[0]) * 0.55, p[1] + (s / 2 - p[1]) * 0.55)]
    a, b = seg[0], seg[1]
    pa, pb = edge_point(a, s), edge_point(b, s)
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
            _rail(d, [edge_point(e, s), (s / 2, s / 2)], s)
        m = s * 0.14
        d.rounded_rectangle((m, m, s - m, s - m), radius=int(s * 0.12), fill=fill, outline=kit.INK, width=2)
        if colour:
            draw_town_sign(d, s / 2, s * 0.33, s * 0.2, colour)
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


def draw_town_sign(d: ImageDraw.ImageDraw, x: float, y: float, half: float, colour: str) -> None:
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
    return board_png(img)
