"""The String Railway station cards: the card, its writing (kind code, points,
company limit) cached with a halo, and the owning company's lettered
marker.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.string_railway import board
from games.string_railway.params import kind, table
from rendering import kit
from rendering.string_railway.geometry import SHORT, Geometry, to_pixels


def company_letters(state: dict[str, Any]) -> list[str]:
    letters = kit.player_letters(state["players"])
    companies = state["companies"]
    if len(companies) > len(state["players"]):
        out = []
        for i, c in enumerate(companies):
            nth = 1 + [j for j, o in enumerate(companies) if o["seat"] == c["seat"]].index(i)
            out.append(f"{letters[c['seat']]}{nth}")
        return out
    return [letters[c["seat"]] for c in companies]


_WRITING: dict[tuple[str, str, str, kit.RGB, int], Image.Image] = {}


def _writing(title: str, points: str, limit: str, fill: kit.RGB, h: int) -> Image.Image:
    """A card's writing (kind code, points, company limit) with a halo, drawn
    once and pasted over the strings: the points fill most of the card, so
    they read in the chat."""
    key = (title, points, limit, fill, h)
    if key not in _WRITING:
        stamp = Image.new("RGBA", (2 * h, 2 * h), (0, 0, 0, 0))
        d = ImageDraw.Draw(stamp)
        ink = kit.text_colour_on(fill)
        small = kit.font(max(10, int(h * 0.46)), bold=True)
        big = kit.font(max(14, int(h * (0.86 if len(points) <= 3 else 0.7))), bold=True)
        d.text((h, int(h * 0.3)), title, font=small, fill=ink, anchor="mm", stroke_width=3, stroke_fill=fill)
        d.text((h, h + 1), points, font=big, fill=ink, anchor="mm", stroke_width=3, stroke_fill=fill)
        d.text((h, 2 * h - int(h * 0.27)), limit, font=kit.font(max(10, int(h * 0.4)), bold=True), fill=ink,
               anchor="mm", stroke_width=3, stroke_fill=fill)
        _WRITING[key] = stamp
    return _WRITING[key]


def card_text(st: dict[str, Any]) -> tuple[str, str, str]:
    """What a station's card says: its kind's code, its points (own/others
    where they differ, "*" for a terminal) and its company limit."""
    k = kind(st["kind"])
    if st["kind"] == "home":
        points = f"{table().home.own}/{table().home.others}"
    elif k.ownable:
        points = f"{k.own}/{k.others}"
    elif k.mountain is not None:
        points = f"{k.mountain if st['mountain'] else k.others}"
    else:
        points = str(k.others)
    if k.terminal:
        points += "*"
    return SHORT[st["kind"]], points, "ALL" if k.limit is None else f"\u2264{k.limit}"


def draw_station(image: Image.Image, draw: ImageDraw.ImageDraw, g: Geometry, st: dict[str, Any], letters: list[str],
                 card: bool) -> None:
    """A station's card (``card``), or its writing and owner's marker, drawn
    over the strings."""
    x, y = to_pixels(g, *board.centre(st["cell"]))
    h = table().tile_size / 2 * g[0]
    owner = st["owner"]
    fill: kit.RGB = (255, 255, 255)
    if st["kind"] == "home" and owner is not None:
        fill = kit.player_colour(owner)
    if card:
        draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=6, fill=fill, outline=kit.INK, width=2)
        return
    title, points, limit = card_text(st)
    stamp = _writing(title, points, limit, fill, int(h))
    image.paste(stamp, (int(x - h), int(y - h)), stamp)
    if owner is not None:
        kit.seat_marker(draw, x + h - 2, y - h + 2, max(9, h / 2.9), owner, letters[owner])
