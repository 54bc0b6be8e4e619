"""The static map (the Rust Belt, or an island: Barbados, St. Lucia):
terrain, rivers, mountains, lakes (an island's sea from edge to edge, its
coast marked), towns, the printed cities with their growth discs and the
coordinates around it, drawn once per map; and the build costs printed on
empty river, mountain and town hexes, cleared where a tile now stands.
Every cache here is keyed by the map's slug (see :mod:`games.per_thread`)."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from games.age_of_steam.hexmap import board, board_of, column_letter
from games.age_of_steam.params import rules
from games.age_of_steam.state import AgeOfSteamState, typed
from games.age_of_steam.track import city_colour
from rendering import kit
from rendering.age_of_steam.geometry import (GOODS, MARGIN, SEA_MAPS, SIZE, TERRAIN, centre, hex_centre,
                                             map_size)
from rendering.age_of_steam.sprites import draw_text, text_mask


SEA_INK = (34, 74, 122)
"""The coast line: where an island's land meets the sea."""


@cache
def static_map(slug: str) -> Image.Image:
    """The static map of ``slug``: terrain, lakes (or the sea around an
    island), towns, printed cities and edge coordinates (its
    :func:`map_size`). Only pasted, cropped or copied once cached."""
    width, height = map_size(slug)
    image, draw = kit.new_canvas(width, height)
    b = board(slug)
    island = slug in SEA_MAPS
    if island:
        draw.rectangle((0, 0, width, height), fill=TERRAIN["lake"])
    for label, mh in b.hexes.items():
        cx, cy = centre(mh.col, mh.row)
        corners = kit.hex_corners(cx, cy, SIZE, flat_top=True)
        fill = TERRAIN.get(mh.terrain, TERRAIN["plain"])
        if mh.terrain == "lake":
            draw.polygon(kit.hex_corners(cx, cy, SIZE + 1, flat_top=True), fill=fill)
            continue
        draw.polygon(corners, fill=fill, outline=(160, 170, 140))
        if mh.terrain == "river":
            pts = [(cx - SIZE * 0.6 + i * SIZE * 0.15, cy - 2 + 6 * math.sin(i * 1.2)) for i in range(9)]
            draw.line(pts, fill=(60, 120, 200), width=3)
        elif mh.terrain == "mountain":
            draw.polygon([(cx - 16, cy + 8), (cx - 4, cy - 16), (cx + 8, cy + 8)], outline=(110, 80, 50),
                         fill=(170, 140, 100))
            draw.polygon([(cx, cy + 8), (cx + 10, cy - 8), (cx + 20, cy + 8)], outline=(110, 80, 50),
                         fill=(170, 140, 100))
    if island:
        _draw_coast(draw, slug)
    f = kit.font(16, bold=True)
    ink = (255, 255, 255) if island else kit.INK
    for col in range(b.columns):
        x, _ = centre(col, 0)
        draw.text((x, MARGIN // 2), column_letter(col), font=f, fill=ink, anchor="mm")
        draw.text((x, height - MARGIN // 2 + 2), column_letter(col), font=f, fill=ink, anchor="mm")
    rows = max(mh.row for mh in b.hexes.values()) + 1
    for row in range(rows):
        _, y = centre(0, row)
        draw.text((MARGIN // 2, y), str(row + 1), font=f, fill=ink, anchor="mm")
        _, y = centre(b.columns - 1, row)
        if row < rows - 1 or (b.columns - 1) % 2 == 0:
            draw.text((width - MARGIN // 2, y), str(row + 1), font=f, fill=ink, anchor="mm")
    draw_cities(image, draw, typed({"new_cities": {}, "map": slug}), printed=True)
    return image


def _draw_coast(draw: ImageDraw.ImageDraw, slug: str) -> None:
    """A dark line along every edge where land meets the sea (a lake hex or
    the map's end)."""
    b = board(slug)
    for label, mh in b.hexes.items():
        if mh.terrain == "lake":
            continue
        cx, cy = centre(mh.col, mh.row)
        corners = kit.hex_corners(cx, cy, SIZE, flat_top=True)
        for edge, other in enumerate(b.neighbours[label]):
            if other is None or b.hexes[other].terrain == "lake":
                a, z = _edge_corners(corners, edge)
                draw.line((a, z), fill=SEA_INK, width=4)


def _edge_corners(corners: list[tuple[float, float]], edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of edge ``edge`` (0 N, clockwise) of a flat-topped hex
    whose corners ``kit.hex_corners`` gave: the pair nearest the edge's middle."""
    angle = math.radians(-90 + 60 * edge)
    cx = sum(x for x, _ in corners) / 6
    cy = sum(y for _, y in corners) / 6
    ordered = sorted(corners, key=lambda p: -((p[0] - cx) * math.cos(angle) + (p[1] - cy) * math.sin(angle)))
    return ordered[0], ordered[1]


def _growth_disc(image: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float, side: str,
                 number: int) -> None:
    """The growth die: its number on a white disc (light side) or a black
    disc (dark side), as the printed map shows it."""
    fill, ink = ((255, 255, 255), kit.INK) if side == "light" else (kit.INK, (255, 255, 255))
    draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=fill, outline=kit.INK, width=2)
    draw_text(image, (cx, cy + 1), str(number), 14, True, ink, "mm")


def draw_cities(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState,
                printed: bool = False) -> None:
    """Printed cities (static, drawn into the cached base) or placed new
    cities: the city's colour with its growth disc (a new city also shows
    its letter beside the disc)."""
    b = board_of(state)
    for label in (list(b.cities) if printed else list(state["new_cities"])):
        cx, cy = hex_centre(label)
        colour = GOODS[city_colour(state, label)]
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=colour, outline=kit.INK, width=2)
        if label in b.cities:
            city = b.cities[label]
            _growth_disc(image, draw, cx, cy - 17, city.side, city.number)
        else:
            nc = b.new_cities[state["new_cities"][label]]
            _growth_disc(image, draw, cx + 8, cy - 17, nc.side, nc.number)
            draw_text(image, (cx - 10, cy - 16), nc.letter, 15, True, kit.text_colour_on(colour), "mm")
    if not printed:
        return
    for label in b.towns:
        cx, cy = hex_centre(label)
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def build_cost_text(state: AgeOfSteamState, label: str) -> str:
    """The cost printed on an empty hex where it differs from a simple tile
    on plain terrain: river and mountain add their extra; a town costs $1 plus
    $1 per exit, from $2 ("$2+"). Empty for plain, built or city hexes."""
    if label in state["board"] or label in board_of(state).cities or label in state["new_cities"]:
        return ""
    return _empty_cost_text(state["map"], label)


def _empty_cost_text(slug: str, label: str) -> str:
    """:func:`build_cost_text` of the hex while it is empty."""
    b, r = board(slug), rules()
    if label in b.towns:
        return f"${r.town_base_cost + r.town_cost_per_exit}+"
    extra = r.terrain_extra.get(b.hexes[label].terrain, 0)
    return f"${r.tile_cost['simple'] + extra}" if extra else ""


@cache
def costly_hexes(slug: str) -> tuple[str, ...]:
    """Hexes that can show a build cost: towns, rivers and mountains."""
    b = board(slug)
    return tuple(label for label, mh in b.hexes.items()
                 if label in b.towns or (mh.terrain in rules().terrain_extra
                                         and rules().terrain_extra[mh.terrain] > 0 and label not in b.cities))


def cost_at(label: str) -> tuple[float, float]:
    cx, cy = hex_centre(label)
    return cx, cy + 19


COST_FONT = 14


@cache
def map_with_costs(slug: str) -> Image.Image:
    """The static map with the build cost on every hex that can show one
    (:func:`costly_hexes`): a board takes the cost off the hexes no
    longer empty (:func:`clear_costs`) instead of drawing the rest anew."""
    image = static_map(slug).copy()
    for label in costly_hexes(slug):
        draw_text(image, cost_at(label), _empty_cost_text(slug, label), COST_FONT, True, kit.INK, "mm")
    return image


def _cost_box(slug: str, label: str) -> tuple[int, int, int, int]:
    """The pixels a hex's build cost covers in :func:`map_with_costs`."""
    mask, left, top = text_mask(_empty_cost_text(slug, label), COST_FONT, True, "mm")
    x, y = (int(round(v)) for v in cost_at(label))
    return x + left, y + top, x + left + mask.width, y + top + mask.height


def clear_costs(image: Image.Image, state: AgeOfSteamState) -> None:
    """The static map put back where a hex shows no build cost any more
    (built on, or a new city)."""
    slug = state["map"]
    for label in costly_hexes(slug):
        if not build_cost_text(state, label):
            box = _cost_box(slug, label)
            image.paste(static_map(slug).crop(box), box)
