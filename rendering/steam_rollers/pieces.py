"""The Steam Rollers pieces drawn beside the maps: the dice as dice (the
black die black), a cube with its colour's letter, a city token with its
number.
"""

from __future__ import annotations

from PIL import ImageDraw

from games.steam_rollers.board import board
from rendering import kit
from rendering.steam_rollers.geometry import CUBE_RGB


PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.5), (0.73, 0.5), (0.27, 0.73), (0.73, 0.73)),
}


def draw_die(draw: ImageDraw.ImageDraw, x: float, y: float, side_px: float, value: int, black: bool) -> None:
    """A die as a die: a rounded square (black for the black die, white for
    the white dice) showing ``value`` in pips."""
    face, pip = (kit.INK, (255, 255, 255)) if black else ((255, 255, 255), kit.INK)
    draw.rounded_rectangle((x, y, x + side_px, y + side_px), radius=side_px * 0.18, fill=face,
                           outline=kit.INK, width=max(2, round(side_px / 20)))
    r = side_px * 0.09
    for px, py in PIPS.get(value, ()):
        cx, cy = x + px * side_px, y + py * side_px
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)


def draw_cube(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, size: int) -> None:
    """A cube in its colour with its colour's letter."""
    fill = CUBE_RGB[colour]
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=kit.INK, width=1)
    draw.text((x + size / 2, y + size / 2), colour[0].upper(), font=kit.font(round(size * 0.68), True),
              fill=kit.text_colour_on(fill), anchor="mm")


def draw_city_token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, number: int) -> None:
    """A city as on the map: a hex in its colour with its number."""
    fill = CUBE_RGB[board().city_colour[number]]
    draw.polygon(kit.hex_corners(cx, cy, r, True), fill=fill, outline=kit.INK, width=2)
    draw.text((cx, cy), str(number), font=kit.font(round(r * 1.1), True), fill=kit.text_colour_on(fill),
              anchor="mm")
