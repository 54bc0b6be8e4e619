"""The Days of Steam last move: the track a train actually used, in the
kit's highlight form, kept to the right of the direction of travel (so a
move out and back shows both legs) with an arrow at its end; a tile or town
just placed gets the form round its square.
"""

from __future__ import annotations

import math
from typing import Sequence

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import Cell, neighbour, shape, unkey
from games.days_of_steam.state import DaysOfSteamState
from rendering import kit
from rendering.days_of_steam.grid import Grid
from rendering.days_of_steam.palette import Point
from rendering.days_of_steam.tiles import edge_point, segment_points


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
        return ([edge_point(entry, s)] if entry is not None else []) + [centre] + (
            [edge_point(leave, s)] if leave is not None else [])
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


def draw_arrow(d: ImageDraw.ImageDraw, pts: list[Point], size: float) -> None:
    """The move's end: an arrowhead in the highlight's colours."""
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    norm = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / norm, (by - ay) / norm
    tip = (bx + ux * size * 0.6, by + uy * size * 0.6)
    back = (bx - ux * size * 0.6, by - uy * size * 0.6)
    head = [tip, (back[0] - uy * size * 0.6, back[1] + ux * size * 0.6),
            (back[0] + uy * size * 0.6, back[1] - ux * size * 0.6)]
    d.polygon(head, fill=kit.HIGHLIGHT, outline=kit.HIGHLIGHT_DASH, width=3)


def draw_last_move(img: Image.Image, state: DaysOfSteamState, g: Grid) -> None:
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
        draw_arrow(d, pts, band * 2.6)
        return
    for k in last["where"]:
        x, y = g.at(k)
        kit.highlight_box(d, (x + band / 2 + 2, y + band / 2 + 2, x + g.s - band / 2 - 2, y + g.s - band / 2 - 2),
                          band)


def draw_tag(d: ImageDraw.ImageDraw, at: Point, text: str, size: int) -> None:
    """A word on a white label with a black frame (e.g. "derailed")."""
    f = kit.font(size, bold=True)
    box = d.textbbox(at, text, font=f, anchor="mm")
    d.rounded_rectangle((box[0] - 4, box[1] - 3, box[2] + 4, box[3] + 3), radius=4, fill=(255, 255, 255),
                        outline=kit.INK, width=2)
    d.text(at, text, font=f, fill=kit.INK, anchor="mm")
