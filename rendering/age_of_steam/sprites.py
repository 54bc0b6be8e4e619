"""The cached pieces every part of the Age of Steam board is pasted from:
text masks, the players' markers and the track pieces (curved, cased,
solid or dashed).

A board is redrawn after every action; FreeType rendering, curved track and
palette quantization dominate, so each is done once and pasted afterwards.
The cached images are shared by the drawing threads and only pasted."""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Sequence

from PIL import Image, ImageDraw

from rendering import kit
from rendering.age_of_steam.geometry import CASING, SIZE, UNOWNED, hex_centre, piece_points


@lru_cache(maxsize=4096)  # bounded: status lines and notes vary without end
def text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The text's anti-aliased mask and its offset from the anchor point."""
    f = kit.font(size, bold=bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, bold: bool = False,
              fill: kit.RGB = kit.INK, anchor: str = "la") -> None:
    """``draw.text`` from a cached mask."""
    if not text:
        return
    mask, left, top = text_mask(text, size, bold, anchor)
    x, y = int(round(xy[0])) + left, int(round(xy[1])) + top
    colour: tuple[int, ...] = fill + (255,) if image.mode == "RGBA" else fill
    image.paste(colour, (x, y, x + mask.width, y + mask.height), mask)


@lru_cache(maxsize=4096)  # bounded: status lines and notes vary without end
def text_width(text: str, size: int, bold: bool = False) -> float:
    return float(kit.font(size, bold=bold).getlength(text))


@cache
def marker_sprite(seat: int, letter: str, r: int) -> Image.Image:
    """A seat's marker (shape, colour, letter) on a transparent square."""
    side = 4 * r
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    kit.seat_marker(ImageDraw.Draw(sprite), side / 2, side / 2, r, seat, letter)
    return sprite


def draw_marker(image: Image.Image, cx: float, cy: float, r: int, seat: int, letter: str) -> None:
    sprite = marker_sprite(seat, letter, r)
    image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


def draw_essential(image: Image.Image, xy: tuple[float, float], text: str, role: str, size: int,
                   bold: bool = False, fill: kit.RGB = kit.INK, anchor: str = "la") -> None:
    """An essential text (``kit.ESSENTIAL_ROLES``), its font noted by the kit."""
    kit.essential_font(role, size, bold)
    draw_text(image, xy, text, size, bold, fill, anchor)


PIECE = 2 * SIZE + 8  # side of a track sprite, centred on the hex centre


def _dash_runs(points: Sequence[tuple[float, float]], on: float, off: float) -> list[list[tuple[float, float]]]:
    """The polyline cut into runs ``on`` long with gaps ``off`` long."""
    runs: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = [points[0]]
    drawing, left = True, on
    for a, b in zip(points, points[1:]):
        length, at = math.dist(a, b), 0.0
        while length - at > left:
            at += left
            p = (a[0] + (b[0] - a[0]) * at / length, a[1] + (b[1] - a[1]) * at / length)
            if drawing:
                runs.append([*current, p])
            current, drawing = [p], not drawing
            left = off if not drawing else on
        left -= length - at
        current.append(b)
    if drawing and len(current) > 1:
        runs.append(current)
    return runs


@cache
def _piece_sprite(piece: tuple[int, ...], colour: kit.RGB, dashed: bool) -> Image.Image:
    """One track piece on a light casing, outlined in ink: solid in its
    owner's colour, or ``dashed`` (colour dashes on the casing's light
    colour) for unfinished or unowned track."""
    sprite = Image.new("RGBA", (PIECE, PIECE), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    pts = piece_points(piece, PIECE / 2, PIECE / 2)
    for fill, width in ((CASING, 15), (kit.INK, 11), (CASING if dashed else colour, 7)):
        d.line(pts, fill=fill, width=width, joint="curve")
    if dashed:
        for run in _dash_runs(pts, 7, 5):
            d.line(run, fill=colour, width=7)
    return sprite


@cache
def piece_shape(piece: tuple[int, ...]) -> Image.Image:
    """Where a piece of track and its casing lie on its sprite (a mask)."""
    return _piece_sprite(piece, UNOWNED, False).getchannel("A")


def paste_piece(image: Image.Image, label: str, piece: tuple[int, ...], colour: kit.RGB, dashed: bool) -> None:
    cx, cy = hex_centre(label)
    sprite = _piece_sprite(piece, colour, dashed)
    image.paste(sprite, (int(round(cx - PIECE / 2)), int(round(cy - PIECE / 2))), sprite)
