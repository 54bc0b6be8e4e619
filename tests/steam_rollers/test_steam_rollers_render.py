"""The Steam Rollers chat image: every player's map in sight, the dice drawn
as dice, the full board one tap away."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import kit
from rendering.steam_rollers import BLACK_DIE, DICE_Y, PIPS, SIDE_X, centre, focus_box, render, render_full, thumbnail
from steam_rollers_fixtures import act, started


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: object, colour: kit.RGB, tolerance: int = 30) -> bool:
    assert isinstance(pixel, tuple)
    return max(abs(p - c) for p, c in zip(pixel, colour)) <= tolerance


def _coloured_around(image: Image.Image, x: float, y: float, colour: kit.RGB, radius: int = 3) -> int:
    return sum(_near(image.getpixel((round(x) + dx, round(y) + dy)), colour)
               for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def test_the_chat_image_shows_every_players_map_in_his_cell() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    state["maps"][1]["track"]["E3"] = [0, 3]                    # bob: a straight N-S in E3
    state["maps"][2]["track"]["H3"] = [0, 3]                    # cid: one in H3
    state, _ = act(state, 0, "1 build C2 N-S")                  # ann moved: her map is the large one
    image = _image(render(state, None))
    for seat, hex_name in ((1, "E3"), (2, "H3")):
        assert _coloured_around(image, *thumbnail(seat).centre(hex_name), kit.player_colour(seat)) >= 3
    assert _coloured_around(image, *thumbnail(0).centre("E3"), kit.player_colour(1)) == 0
    assert _coloured_around(image, *thumbnail(0).centre("C2"), kit.player_colour(0)) >= 3
    assert _coloured_around(image, *centre("C2"), kit.player_colour(0)) >= 3


@pytest.mark.parametrize("black", [1, 2, 3, 4, 5, 6])
def test_the_black_die_is_drawn_as_a_die_showing_its_pips(black: int) -> None:
    state = started(3, roll=f"roll {black} 1 3 5 6")
    image = _image(render(state, None))
    x0, y0 = SIDE_X, DICE_Y + 36
    every_spot = {spot for spots in PIPS.values() for spot in spots}
    for px, py in every_spot:
        pixel = image.getpixel((round(x0 + px * BLACK_DIE), round(y0 + py * BLACK_DIE)))
        white = (255, 255, 255)
        assert _near(pixel, white) == ((px, py) in PIPS[black]), f"spot {px}, {py} of a {black}"


def test_the_choice_picture_is_cut_around_the_hex_just_built() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    state, _ = act(state, 0, "1 build C2 N-S")
    box = focus_box(state, 0)
    assert box is not None
    cx, cy = centre("C2")
    assert box[0] < cx < box[2] and box[1] < cy < box[3]
    crop = _image(render(state, 0)).crop(box)
    assert _coloured_around(crop, cx - box[0], cy - box[1], kit.player_colour(0)) >= 3


def test_the_full_board_is_wider_and_shows_the_other_players_maps() -> None:
    state = started(3, roll="roll 1 1 3 5 6")
    chat, full = _image(render(state, 0)), _image(render_full(state, 0))
    assert chat.width <= kit.MAX_POST_WIDTH < full.width
    state["maps"][1]["track"]["E3"] = [0, 3]                    # bob's map, not the viewer's
    assert _image(render_full(state, 0)) != full


def test_a_long_name_is_cut_before_the_engine_boxes() -> None:
    state = started(2, roll="roll 5 1 3 6")
    state["players"] = ["Alexandra-Katharina von Steinbach", "bob"]
    state, _ = act(state, 0, "1 build C2 N-SW")
    image = _image(render(state, None))
    gap = [image.getpixel((x, y)) for x in range(426, 438) for y in range(DICE_Y + 2, DICE_Y + 28)]
    assert all(_near(p, kit.BACKGROUND, 6) for p in gap)          # the strip before "Engine" is clear
