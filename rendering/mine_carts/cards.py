"""A Mine Carts card on its square: its black and coloured track (each
coloured branch with its letter), and the towns, pits and the mine.
"""

from __future__ import annotations

from PIL import ImageDraw

from games.mine_carts.params import rules
from games.mine_carts.state import Placed
from games.mine_carts.track import lengths, stem
from rendering import kit
from rendering.mine_carts.geometry import (BRANCH, CARD, CELL, EMPTY, MINE, PIT, TEAM_RGB, TEAM_TINT, cell_box, centre,
                                           edge_point)


def draw_card(draw: ImageDraw.ImageDraw, c: tuple[float, float], placed: Placed, size: float = CELL) -> None:
    """One card: its face, then black track, then coloured branches with
    their initial letter (hue is never the only cue)."""
    half = size / 2 - 1
    box = (c[0] - half, c[1] - half, c[0] + half, c[1] + half)
    if placed["card"] == "pit":
        draw.rectangle(box, fill=EMPTY, outline=kit.MUTED)
        r = size * 0.36
        draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=PIT, outline=kit.INK, width=2)
        draw.text(c, "PIT", font=kit.font(max(10, int(size * 0.2)), True), fill=(255, 255, 255), anchor="mm")
        return
    draw.rectangle(box, fill=CARD, outline=kit.MUTED)
    width = max(4, int(size * 0.11))
    parts = sorted(lengths(placed), key=lambda p: p[2] != "black")
    for a, b, colour in parts:
        kit.draw_track_between(draw, c, edge_point(c, a, size), edge_point(c, b, size), kit.INK,
                               width + 4)
        kit.draw_track_between(draw, c, edge_point(c, a, size), edge_point(c, b, size), BRANCH[colour],
                               width)
    s = stem(placed)
    for a, b, colour in parts:
        if colour == "black":
            continue
        exit_edge = b if a == s else a
        px, py = edge_point(c, exit_edge, size * 0.62)
        f = kit.font(max(10, int(size * 0.2)), True)
        draw.text((px, py), colour[0].upper(), font=f, fill=BRANCH[colour], anchor="mm",
                  stroke_width=2, stroke_fill=(255, 255, 255))


def draw_town(draw: ImageDraw.ImageDraw, square: str) -> None:
    team = rules().towns[square]
    left, top, right, bottom = cell_box(square)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=TEAM_TINT[team], outline=TEAM_RGB[team], width=4)
    cx = (left + right) / 2
    pale = tuple((c + 255 * 2) // 3 for c in TEAM_RGB[team])
    roof = [(cx - 24, top + 38), (cx, top + 20), (cx + 24, top + 38)]
    draw.polygon(roof, fill=pale)
    draw.rectangle((cx - 17, top + 38, cx + 17, bottom - 6), fill=pale)
    draw.text((cx, top + 11), f"{rules().teams[team]} town", font=kit.font(13, True), fill=kit.INK,
              anchor="mm")


def draw_mine(draw: ImageDraw.ImageDraw) -> None:
    square = rules().mine
    left, top, right, bottom = cell_box(square)
    c = centre(square)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=MINE, outline=kit.INK, width=2)
    for e in range(4):
        draw.line([c, edge_point(c, e)], fill=(40, 40, 40), width=10)
    draw.text((c[0], top + 12), "MINE", font=kit.font(14, True), fill=(255, 255, 255), anchor="mm")
