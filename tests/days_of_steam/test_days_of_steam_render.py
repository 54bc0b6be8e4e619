"""The board image: size limits, layout and what only the owner sees."""

from __future__ import annotations

import io
import math
from typing import Callable

from PIL import Image, ImageDraw

from games.core import CHANCE
from games.days_of_steam import GAME
from games.days_of_steam.geometry import Cell, cell_name
from games.days_of_steam.positions import TileSpec, position
from games.days_of_steam.table import extent
from games.playout import play_out
from rendering import kit
from rendering.days_of_steam import (BUMPER, MAX_W, Grid, chat_layout, goods_icon, layout, loco_pin, render,
                                     render_full, route_points, tile_image)


def size_of(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.size


def test_a_full_four_player_map_stays_small_and_puts_the_panel_under_the_map() -> None:
    final, _log = play_out(GAME, ["ann", "bob", "cid", "dee"], seed=8)
    ext = extent(final)
    assert ext.columns >= 12, "a finished game spreads wide"
    for viewer in (None, 0, 3):
        for draw in (render, render_full):
            png = draw(GAME.view(final, viewer), viewer)
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 400 * 1024
            assert size_of(png)[0] <= MAX_W
    lay = layout(ext, final, hand=True)
    # an 18x17 map: 50 px cells on a 1060 px board are 26 px in Discord's 550 px view
    assert lay.below and lay.s >= 50, "on a phone the map's cells must stay legible"


def test_a_small_map_keeps_the_panel_beside_it() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (1, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles)
    lay = layout(extent(state), state, hand=True)
    assert not lay.below and lay.s == 110
    assert size_of(render_full(GAME.view(state, 0), 0)) == (lay.width, lay.height)


def test_the_own_hand_makes_room_only_for_its_owner() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (1, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob", "cid"], tiles)
    for draw in (render, render_full):
        own = size_of(draw(GAME.view(state, 1), 1))
        spectator = size_of(draw(GAME.view(state, None), None))
        assert own[1] > spectator[1], "the owner's board has the hand block"


def test_a_move_awaiting_its_roll_shows_a_faint_train_where_it_would_end() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (0, 1): ("curve", "N-E"),
                                   (1, 1): ("straight", "E-W"), (2, 1): ("curve", "W-N"), (2, 0): ("town", "red")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[6, 0])
    move = next(c.text for c in GAME.legal_actions(state, 0) if c.command == "move" and "s3" in c.text)
    waiting = GAME.apply(state, 0, move).state
    assert waiting["pending"][0]["kind"] == "derail" and waiting["trains"][0]["cell"] == "0,0"
    plain = dict(waiting, pending=[])
    assert render(GAME.view(waiting, 0), 0) != render(GAME.view(plain, 0), 0)


def test_a_town_drawn_from_the_deck_shows_beside_the_face_up_towns_until_it_is_placed() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (1, 0): ("straight", "E-W"), (2, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles)
    asked = GAME.apply(state, 0, "town deck").state
    assert render_full(GAME.view(asked, 1), 1) == render_full(GAME.view(state, 1), 1), "nothing is known before the draw"
    drawn = GAME.apply(asked, CHANCE, "town red").state
    assert drawn["drawn"] == {"seat": 0, "colour": "red"}
    assert render_full(GAME.view(drawn, 1), 1) != render_full(GAME.view(dict(drawn, drawn=None), 1), 1)
    placed = GAME.apply(drawn, 0, f"town {cell_name((3, 0))}").state
    assert placed["drawn"] is None and placed["tiles"]["3,0"]["colour"] == "red"


# -- issue 14: forms before colours, the last move along the track ---------------------

def _grid(state: dict[str, object]) -> Grid:
    return chat_layout(state).grid  # type: ignore[arg-type]


def test_a_move_over_a_curve_is_drawn_along_the_curve_not_across_it() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (0, 1): ("curve", "N-E"),
                                   (1, 1): ("straight", "E-W"), (2, 1): ("curve", "W-N"), (2, 0): ("town", "red")}
    state = position(GAME, ["ann", "bob"], tiles)
    g = _grid(state)
    points = route_points(state, ["0,0", "0,1", "1,1", "2,1", "2,0"], g)  # type: ignore[arg-type]
    x, y = g.at("0,1")
    corner = (x + g.s, y)  # the N-E curve bends round the tile's north-east corner
    inside = [p for p in points if x < p[0] < x + g.s and y < p[1] < y + g.s]
    assert len(inside) > 5, "the curve is drawn as an arc of many points"
    for p in inside:
        assert abs(math.dist(p, corner) - g.s / 2) <= g.s / 9 + 2, p
        assert math.dist(p, (x + g.s / 2, y + g.s / 2)) > g.s / 16, "never through the middle (centre to centre)"


def test_a_move_out_and_back_through_a_town_draws_both_legs_side_by_side() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("straight", "E-W")}
    state = position(GAME, ["ann", "bob"], tiles)
    g = _grid(state)
    points = route_points(state, ["2,0", "1,0", "0,0", "1,0"], g)  # type: ignore[arg-type]
    x, y = g.at("1,0")
    middle = y + g.s / 2
    rows = {round(p[1] - middle) for p in points if x - 1 <= p[0] <= x + g.s + 1}
    assert rows == {round(-g.s / 9), round(g.s / 9)}, "west on the north side, back east on the south side"


def _changed_map_pixels(a: bytes, b: bytes, top: int) -> list[tuple[int, int, int]]:
    """The pixels of ``a`` below ``top`` that differ from ``b`` by more than
    the PNG palettes' rounding."""
    with Image.open(io.BytesIO(a)) as one, Image.open(io.BytesIO(b)) as two:
        pa, pb = one.convert("RGB"), two.convert("RGB")
        out = []
        for y in range(top, pa.height, 2):
            for x in range(0, pa.width, 2):
                p, q = pa.getpixel((x, y)), pb.getpixel((x, y))
                if sum(abs(u - v) for u, v in zip(p, q)) > 30:
                    out.append(p)
        return out


def _near(p: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    return sum(abs(u - v) for u, v in zip(p, colour)) <= 12


def test_the_last_move_is_drawn_in_the_highlight_form_and_no_player_colour() -> None:
    tiles: dict[Cell, TileSpec] = {(0, 0): ("town", "yellow"), (1, 0): ("straight", "E-W"),
                                   (2, 0): ("straight", "E-W"), (3, 0): ("town", "red")}
    state = position(GAME, ["ann", "bob"], tiles, steam=[3, 0])
    move = next(c.text for c in GAME.legal_actions(state, 0) if c.text.startswith(f"move {cell_name((3, 0))} "))
    moved = GAME.apply(state, 0, move).state
    assert moved["last"]["where"] == ["0,0", "1,0", "2,0", "3,0"]
    view = GAME.view(moved, None)
    changed = _changed_map_pixels(render(view, None), render(dict(view, last=None), None), chat_layout(moved).band)
    assert sum(_near(p, kit.HIGHLIGHT) for p in changed) > 100, "the white band"
    assert sum(_near(p, kit.HIGHLIGHT_DASH) for p in changed) > 100, "its black edges and dashes"
    assert not [p for p in changed if any(_near(p, c) for c in kit.PLAYER_COLOURS)]


def _mask(draw_it: Callable[[ImageDraw.ImageDraw], None]) -> tuple[int, int, float]:
    """Width, height and how much of its bounding box a mark fills."""
    img = Image.new("RGBA", (120, 120), (0, 0, 0, 0))
    draw_it(ImageDraw.Draw(img))
    alpha = img.getchannel("A")
    box = alpha.getbbox()
    assert box is not None
    w, h = box[2] - box[0], box[3] - box[1]
    filled = (w * h - alpha.crop(box).histogram()[0]) / (w * h)
    return w, h, filled


def test_a_train_is_a_pin_and_a_good_a_cube_whatever_their_colours() -> None:
    def pin(d: ImageDraw.ImageDraw) -> None:
        loco_pin(d, 60, 100, 20, 2, "C")

    def cube(d: ImageDraw.ImageDraw) -> None:
        d.bitmap((40, 40), goods_icon("green", 20).getchannel("A"), fill=(0, 0, 0, 255))

    pw, ph, pin_fill = _mask(pin)
    cw, ch, cube_fill = _mask(cube)
    assert ph > pw * 1.3 and pin_fill < 0.75, "a pin: taller than wide, a head on a point"
    assert abs(cw - ch) <= 1 and cube_fill > 0.95, "a cube: a filled square"


def test_a_dead_end_has_a_buffer_stop_off_the_through_track() -> None:
    s = 110
    tile = tile_image("dead-end", 0, s)  # through track N-S, the spur to the east
    bumper = [(x, y) for y in range(s) for x in range(s) if tile.getpixel((x, y)) == BUMPER]
    assert len(bumper) > s * s * 0.01, "a buffer stop big enough to see"
    assert all(x > s * 0.62 for x, _y in bumper), "at the spur's end, clear of the through track"
    x0, y0 = min(x for x, _ in bumper) - 4, min(y for _, y in bumper) - 4
    x1, y1 = max(x for x, _ in bumper) + 4, max(y for _, y in bumper) + 4
    edged = [1 for y in range(y0, y1 + 1) for x in range(x0, min(s, x1 + 1)) if tile.getpixel((x, y)) == kit.INK]
    assert len(edged) > s * 0.5, "a black-edged beam with black buffers, not a red dash like a rail end"
