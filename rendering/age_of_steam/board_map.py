"""The Age of Steam map as a board shows it: the static map with the build
costs still due, the track on its casing, the goods cubes, the players'
markers, the last move highlighted and the cities' name tags, on a canvas
the chat image and the full board share."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.age_of_steam.hexmap import board
from games.age_of_steam.params import COLOUR_LETTER
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network, is_town, pieces
from rendering import kit
from rendering.age_of_steam.geometry import GOODS, MAP_CUBE, UNOWNED, hex_centre, map_cube_box, marker_places
from rendering.age_of_steam.map_base import clear_costs, draw_cities, map_with_costs
from rendering.age_of_steam.route import draw_arrowhead, draw_last_build, draw_route
from rendering.age_of_steam.sprites import draw_marker, draw_text, paste_piece
from rendering.age_of_steam.tags import draw_city_names


def _cube_rows(n: int) -> tuple[int, int]:
    """Cubes per row and the cube side for ``n`` cubes in a city hex: three
    to a row (two rows hold six), four smaller ones beyond."""
    return (3, 13) if n <= 6 else (4, 10)


def _draw_map_cubes(image: Image.Image, state: AgeOfSteamState) -> None:
    """The goods lying on map hexes (St. Lucia): one cube left of the hex's
    centre (clear of a straight link's marker there), over any track (it
    leaves along that track)."""
    for label, cube in state["map_cubes"].items():
        left, top, _right, _bottom = map_cube_box(label)
        paste_cube(image, left, top, MAP_CUBE, cube)


def _draw_cubes(image: Image.Image, state: AgeOfSteamState) -> None:
    """The goods in each city, in rows below its growth disc, inside the hex."""
    for label, cubes in state["cubes"].items():
        if not cubes:
            continue
        cx, cy = hex_centre(label)
        per_row, side = _cube_rows(len(cubes))
        for i, cube in enumerate(cubes):
            r, c = divmod(i, per_row)
            in_row = min(per_row, len(cubes) - r * per_row)
            x = cx - in_row * (side + 1) / 2 + c * (side + 1)
            y = cy - 6 + r * (side + 1)
            paste_cube(image, x, y, side, cube)


@cache
def _cube_sprite(cube: str, side: int) -> Image.Image:
    """A goods cube: a square of its colour with its letter."""
    fill = GOODS[cube]
    sprite = Image.new("RGB", (side + 1, side + 1), fill)
    ImageDraw.Draw(sprite).rectangle((0, 0, side, side), fill=fill, outline=(255, 255, 255), width=1)
    draw_text(sprite, (side / 2 + 0.5, side / 2 + 1), COLOUR_LETTER[cube], max(8, min(13, side - 3)), True,
              kit.text_colour_on(fill), "mm")
    return sprite


def paste_cube(image: Image.Image, x: float, y: float, side: int, cube: str) -> None:
    image.paste(_cube_sprite(cube, side), (int(x), int(y)))


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network) -> None:
    """Every piece of track on its casing: solid in its owner's colour on a
    completed link, dashed on unfinished track, dashed grey when unowned."""
    for label, entry in state["board"].items():
        for i, piece in enumerate(pieces(state, label)):
            owner = entry["owners"][i]
            link = net.of_piece.get((label, i))
            complete = link is not None and net.sections[link].complete
            colour = kit.player_colour(owner) if owner is not None else UNOWNED
            paste_piece(image, label, piece, colour, owner is None or not complete)
        if is_town(state, label):
            cx, cy = hex_centre(label)
            draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def _draw_markers(image: Image.Image, state: AgeOfSteamState, net: Network, letters: list[str]) -> None:
    """A locomotive marker at the open end of every owned unfinished section,
    and the owner's marker on the middle piece of every completed link."""
    for x, y, owner, complete in marker_places(state, net):
        draw_marker(image, x, y, 8 if complete else 10, owner, letters[owner])


def map_canvas(slug: str, width: int, height: int) -> Image.Image:
    """A board image ``width`` x ``height`` with the static map of ``slug``
    and every build cost (:func:`map_with_costs`) in its top left corner, to
    draw on."""
    return _blank_canvas(slug, width, height).copy()


@lru_cache(maxsize=16)  # a few chat panel heights and the full board, per map
def _blank_canvas(slug: str, width: int, height: int) -> Image.Image:
    image, _draw = kit.new_canvas(width, height)
    image.paste(map_with_costs(slug), (0, 0))
    return image


def draw_map(image: Image.Image, state: AgeOfSteamState, net: Network, letters: list[str]) -> None:
    """Everything on the map, drawn on ``image`` (from :func:`map_canvas`)."""
    draw = ImageDraw.Draw(image)
    last: dict[str, Any] = dict(state["last"] or {})
    clear_costs(image, state)
    draw_cities(image, draw, state)
    draw_route(draw, state, net, last)
    _draw_track(image, draw, state, net)
    draw_last_build(draw, last)
    _draw_cubes(image, state)
    _draw_markers(image, state, net, letters)
    _draw_map_cubes(image, state)
    draw_arrowhead(draw, state, net, last)
    draw_city_names(image, state, net)
