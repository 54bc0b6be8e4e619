"""Age of Steam board image: what the post after a move must show."""

from __future__ import annotations

import io
import math

from PIL import Image, ImageChops

from aos_helpers import act, at_build, at_move, delivery_ready, take_tiles, tile
from rendering import kit
from rendering.age_of_steam import MAP_H, MAP_W, SIZE, hex_centre, render


def pixels(state: dict) -> Image.Image:
    png = render(state, None)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 400 * 1024
    return Image.open(io.BytesIO(png)).convert("RGB")


def near_corner(label: str) -> tuple[int, int]:
    """A point just inside the hex's east corner, where no track runs."""
    cx, cy = hex_centre(label)
    return int(cx + SIZE - 4), int(cy)


def beside_exit(label: str, edge: int, offset: float) -> tuple[int, int]:
    """A point half-way from the centre to ``edge``, ``offset`` pixels to the side."""
    cx, cy = hex_centre(label)
    angle = math.radians(-90 + 60 * edge)
    mx, my = cx + SIZE * 0.4 * math.cos(angle), cy + SIZE * 0.4 * math.sin(angle)
    return int(mx - offset * math.sin(angle)), int(my + offset * math.cos(angle))


def test_the_post_after_a_build_outlines_the_tiles_just_placed() -> None:
    state = at_build(3, cash=20)
    state = act(state, 0, "build G7 straight.1")
    state = act(state, 0, "build F7 town1.1")
    image = pixels(state)
    assert image.getpixel(near_corner("G7")) == kit.HIGHLIGHT
    assert image.getpixel(near_corner("F7")) == kit.HIGHLIGHT
    assert image.getpixel(near_corner("C4")) != kit.HIGHLIGHT  # an untouched hex


def _delivery_ready() -> dict:
    """ann can deliver the blue cube of Indianapolis (J10) to Cincinnati (M9)."""
    return delivery_ready({"N9": tile("gentle", 5, 2)})


def test_the_post_after_a_delivery_draws_the_route_the_cube_took() -> None:
    state = _delivery_ready()
    spot = beside_exit("K9", 3, 8)  # beside the Indianapolis exit towards Evansville's link
    unused = beside_exit("N9", 3, 8)  # beside cid's unfinished track, not on the route
    before = pixels(state)
    assert before.getpixel(spot) != kit.HIGHLIGHT
    state = act(state, 0, "move J10-blue NE.K9-SE.M9")
    after = pixels(state)
    assert after.getpixel(spot) == kit.HIGHLIGHT
    assert after.getpixel(unused) != kit.HIGHLIGHT
    assert after.getpixel(near_corner("M9")) == kit.HIGHLIGHT  # the destination, Cincinnati


def test_a_delivered_cube_is_not_drawn_at_its_destination_city_after_the_delivery() -> None:
    state = act(_delivery_ready(), 0, "move J10-blue NE.K9-SE.M9")
    for seat in (1, 2, 0, 1, 2):   # both rounds end: the next step begins, the route is still shown
        state = act(state, seat, "pass")
    assert state["phase"] in ("production", "growth") and state["last"]["colour"] == "blue"
    assert "blue" not in state["cubes"].get("M9", [])
    recoloured = {**state, "last": {**state["last"], "colour": "red"}}
    box = (0, 0, MAP_W, MAP_H)  # the map; the panel's notes name the colour
    assert ImageChops.difference(pixels(state).crop(box), pixels(recoloured).crop(box)).getbbox() is None


def test_the_panel_notes_the_production_cubes_still_to_place() -> None:
    from games.age_of_steam.phases import PRODUCTION
    from games.age_of_steam.track import network
    from games.core import CHANCE
    from rendering.age_of_steam import _notes
    state = at_move(3)
    state["action"] = [None, "production", None]
    for cube in state["display"]["light"][0]:
        state["bag"][cube] += 1
    state["display"]["light"][0] = [None, None, None]
    PRODUCTION.begin(state)
    state = act(act(state, CHANCE, "produce RB"), 1, "produce red L1 3")
    assert "Production: bob places blue, each in an empty box (box 1 at the top goes out first)." \
        in _notes(state, network(state))
    pixels(state)


def test_track_is_drawn_in_its_owners_exact_colour_and_unowned_track_grey() -> None:
    state = at_build(3, cash=20, built=True)
    state["board"] = {"G7": tile("straight", 0, 1), "C4": tile("straight", 0, None)}
    take_tiles(state)
    image = pixels(state)
    for label, colour in (("G7", kit.player_colour(1)), ("C4", (150, 150, 150))):
        cx, cy = hex_centre(label)
        assert image.getpixel((int(cx), int(cy) - 12)) == colour


def test_the_fixed_palette_keeps_every_flat_colour_of_the_board_exact() -> None:
    from rendering.age_of_steam import _key_colours, _palette
    keys = _key_colours()
    strip = Image.new("RGB", (len(keys), 1))
    for i, colour in enumerate(keys):
        strip.putpixel((i, 0), colour)
    mapped = strip.quantize(palette=_palette(), dither=Image.Dither.NONE).convert("RGB")
    assert [mapped.getpixel((i, 0)) for i in range(len(keys))] == keys
