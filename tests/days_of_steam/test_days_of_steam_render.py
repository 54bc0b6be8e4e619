"""The board image: size limits, layout and what only the owner sees."""

from __future__ import annotations

import io

from PIL import Image

from games.core import CHANCE
from games.days_of_steam import GAME
from games.days_of_steam.geometry import Cell, cell_name
from games.days_of_steam.positions import TileSpec, position
from games.days_of_steam.table import extent
from games.playout import play_out
from rendering.days_of_steam import MAX_W, layout, render, render_full


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
