"""The Days of Steam pieces: a good is a plain cube of its colour with its
letter; a train is a locomotive pin (a round head with a chimney) in its
player's colour with his letter.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from rendering import kit
from rendering.days_of_steam.palette import TOWN_COLOURS


@cache
def goods_icon(colour: str, r: int) -> Image.Image:
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


def draw_goods_cube(img: Image.Image, x: float, y: float, r: float, colour: str) -> None:
    icon = goods_icon(colour, int(r))
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
