"""The static Rust Belt map: terrain, rivers, mountains, lakes, towns, the
printed cities with their growth discs and the coordinates around it, drawn
once; and the build costs printed on empty river, mountain and town hexes,
cleared where a tile now stands."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from games.age_of_steam.hexmap import board, column_letter
from games.age_of_steam.params import rules
from games.age_of_steam.state import AgeOfSteamState, typed
from games.age_of_steam.track import city_colour
from rendering import kit
from rendering.age_of_steam.geometry import GOODS, MAP_H, MAP_W, MARGIN, SIZE, TERRAIN, centre, hex_centre
from rendering.age_of_steam.sprites import _text, _text_mask


_cache: dict[str, Image.Image] = {}


def _base() -> Image.Image:
    """The static map: terrain, lakes, towns, printed cities and edge
    coordinates (MAP_W x MAP_H)."""
    if "base" in _cache:
        return _cache["base"]
    image, draw = kit.new_canvas(MAP_W, MAP_H)
    b = board()
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
    f = kit.font(16, bold=True)
    for col in range(b.columns):
        x, _ = centre(col, 0)
        draw.text((x, MARGIN // 2), column_letter(col), font=f, fill=kit.INK, anchor="mm")
        draw.text((x, MAP_H - MARGIN // 2 + 2), column_letter(col), font=f, fill=kit.INK, anchor="mm")
    for row in range(11):
        _, y = centre(0, row)
        draw.text((MARGIN // 2, y), str(row + 1), font=f, fill=kit.INK, anchor="mm")
        _, y = centre(17, row)
        if row < 10:
            draw.text((MAP_W - MARGIN // 2, y), str(row + 1), font=f, fill=kit.INK, anchor="mm")
    _draw_cities(image, draw, typed({"new_cities": {}}), printed=True)
    _cache["base"] = image
    return image


def _growth_disc(image: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float, side: str,
                 number: int) -> None:
    """The growth die: its number on a white disc (light side) or a black
    disc (dark side), as the printed map shows it."""
    fill, ink = ((255, 255, 255), kit.INK) if side == "light" else (kit.INK, (255, 255, 255))
    draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=fill, outline=kit.INK, width=2)
    _text(image, (cx, cy + 1), str(number), 14, True, ink, "mm")


def _draw_cities(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState,
                 printed: bool = False) -> None:
    """Printed cities (static, drawn into the cached base) or placed new
    cities: the city's colour with its growth disc (a new city also shows
    its letter beside the disc)."""
    b = board()
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
            _text(image, (cx - 10, cy - 16), nc.letter, 15, True, kit.text_colour_on(colour), "mm")
    if not printed:
        return
    for label in b.towns:
        cx, cy = hex_centre(label)
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def build_cost_text(state: AgeOfSteamState, label: str) -> str:
    """The cost printed on an empty hex where it differs from a simple tile
    on plain terrain: river and mountain add their extra; a town costs $1 plus
    $1 per exit, from $2 ("$2+"). Empty for plain, built or city hexes."""
    if label in state["board"] or label in board().cities or label in state["new_cities"]:
        return ""
    return _empty_cost_text(label)


def _empty_cost_text(label: str) -> str:
    """:func:`build_cost_text` of the hex while it is empty."""
    b, r = board(), rules()
    if label in b.towns:
        return f"${r.town_base_cost + r.town_cost_per_exit}+"
    extra = r.terrain_extra.get(b.hexes[label].terrain, 0)
    return f"${r.tile_cost['simple'] + extra}" if extra else ""


@cache
def _costly_hexes() -> tuple[str, ...]:
    """Hexes that can show a build cost: towns, rivers and mountains."""
    b = board()
    return tuple(label for label, mh in b.hexes.items()
                 if label in b.towns or (mh.terrain in rules().terrain_extra
                                         and rules().terrain_extra[mh.terrain] > 0 and label not in b.cities))


def _cost_at(label: str) -> tuple[float, float]:
    cx, cy = hex_centre(label)
    return cx, cy + 19


COST_FONT = 14


@cache
def _with_costs() -> Image.Image:
    """The static map with the build cost on every hex that can show one
    (:func:`_costly_hexes`): a board takes the cost off the hexes no
    longer empty (:func:`_clear_costs`) instead of drawing the rest anew."""
    image = _base().copy()
    for label in _costly_hexes():
        _text(image, _cost_at(label), _empty_cost_text(label), COST_FONT, True, kit.INK, "mm")
    return image


def _cost_box(label: str) -> tuple[int, int, int, int]:
    """The pixels a hex's build cost covers in :func:`_with_costs`."""
    mask, left, top = _text_mask(_empty_cost_text(label), COST_FONT, True, "mm")
    x, y = (int(round(v)) for v in _cost_at(label))
    return x + left, y + top, x + left + mask.width, y + top + mask.height


def _clear_costs(image: Image.Image, state: AgeOfSteamState) -> None:
    """The static map put back where a hex shows no build cost any more
    (built on, or a new city)."""
    for label in _costly_hexes():
        if not build_cost_text(state, label):
            box = _cost_box(label)
            image.paste(_base().crop(box), box)
