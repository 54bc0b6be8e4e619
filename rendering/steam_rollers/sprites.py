"""The Steam Rollers map's cached sprites: a track piece in its seat's
colour with a dark outline, as a pen draws it, and a hex's name with a
white halo; drawn once per size and only pasted after.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import kit


_TRACK_SPRITES: dict[tuple[int, int, int, bool, float], Image.Image] = {}
_LABEL_SPRITES: dict[tuple[str, int], Image.Image] = {}


def _track_widths(size: float) -> tuple[int, int]:
    """The dark outline's and the seat colour's widths of a track line."""
    colour = max(3, round(size * 0.22))
    return colour + max(2, round(size * 0.16)), colour


def track_sprite(a: int, b: int, seat: int, town: bool, size: float) -> Image.Image:
    """One piece in the seat's colour with a dark outline, as a pen draws it,
    on a transparent tile centred on the hex (cached). Through a town the
    line bends through the hex's centre, where the town's dot sits."""
    key = (a, b, seat, town, size)
    if key not in _TRACK_SPRITES:
        half = int(size) + 8
        tile = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
        draw = ImageDraw.Draw(tile)
        c = (float(half), float(half))
        pa = kit.hex_edge_midpoint(*c, size, a, True)
        pb = kit.hex_edge_midpoint(*c, size, b, True)
        outer, inner = _track_widths(size)
        for colour, width in ((kit.INK, outer), (kit.player_colour(seat), inner)):
            if town:
                draw.line(_through_centre(c, pa, pb), fill=colour, width=width, joint="curve")
            else:
                kit.draw_track_between(draw, c, pa, pb, colour, width)
        _TRACK_SPRITES[key] = tile
    return _TRACK_SPRITES[key]


def _through_centre(c: tuple[float, float], a: tuple[float, float],
                    b: tuple[float, float], steps: int = 16) -> list[tuple[float, float]]:
    """A quadratic curve from a to b whose middle is the centre c."""
    ctrl = (2 * c[0] - (a[0] + b[0]) / 2, 2 * c[1] - (a[1] + b[1]) / 2)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
    return pts


def label_sprite(hex_name: str, size: int) -> Image.Image:
    """A hex's name in bold with a white halo, to stay readable over track."""
    key = (hex_name, size)
    if key not in _LABEL_SPRITES:
        tile = Image.new("RGBA", (size * 4, size * 2), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((size * 2, size), hex_name, font=kit.font(size, True), fill=kit.INK,
                                  anchor="mm", stroke_width=3, stroke_fill=(255, 255, 255))
        _LABEL_SPRITES[key] = tile
    return _LABEL_SPRITES[key]


def paste_sprite(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    x, y = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)
