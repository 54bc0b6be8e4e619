"""The Days of Steam board: the growing square map, trains, towns and goods.

Two images (issue 14):

- ``render(state, viewer)``, the image posted in the thread, is drawn for the
  chat: Discord shows it about 550 px wide, a phone about 380. Days of
  Steam's map grows from one town and is all in play (it is cut to the
  placed tiles and the squares next to them), so the posted image is that
  map, portrait-friendly and at most :data:`kit.MAX_POST_WIDTH` wide, under
  a band saying whose turn it is and what just happened, over one line per
  player (points, steam, coal, goods delivered). Those texts are drawn at
  least 2% of the width (11 px at chat width). Nothing else: the face-up
  towns, the decks, the own hand and the legend are on the full board.
- ``render_full(state, viewer)``, one tap away, is the whole table: the map,
  a legend, every player's row, the face-up towns and decks, and the
  viewer's own hand.

Forms before colours, so no two things look alike whatever the viewer's
colour vision: a train is a locomotive pin (a pin head with a chimney) in
its player's colour with his letter; a good is a plain cube with its
colour's letter (R, Y, G, B); a town is a coloured square with a white name
board carrying its colour's letter. The last move is drawn in the kit's
highlight form (white band, black dashes) along the track the train
actually used, kept to the right of the direction of travel so a move out
and back through a town shows both legs, with an arrow at its end; a tile
or town just placed gets the form round its square. The player and goods
colours are listed in :data:`PALETTES` and checked apart under simulated
colour-vision deficiencies (tests/test_palettes.py).

``render_tile(kind, rotation)`` is a small preview of one tile the turn
panel may attach.

The parts, one module each (this one puts them together: ``render``,
``render_full`` and ``focus_box``):

- :mod:`.palette`: the colours (``PALETTES``), the measures and the PNG;
- :mod:`.tiles`: one tile (rails, buffer stops, towers, town signs) and
  ``render_tile``;
- :mod:`.pieces`: goods cubes and locomotive pins;
- :mod:`.grid`: where the squares are, the canvas with its coordinates;
- :mod:`.route`: the last move highlighted;
- :mod:`.board_map`: the map of a board: tiles, last move, towns, goods, trains;
- :mod:`.panel_text`: what the panels say (turn, last move);
- :mod:`.chat_panel`: the posted image's layout, band and standing lines;
- :mod:`.hand`: the viewer's own hand;
- :mod:`.side_panel`: the full board's panel and layout.
"""

from __future__ import annotations

from typing import Any, cast

from games.days_of_steam.geometry import extent_of, key, unkey
from games.days_of_steam.params import COLOURS
from games.days_of_steam.state import DaysOfSteamState
from rendering import kit
from rendering.days_of_steam.board_map import draw_map
from rendering.days_of_steam.chat_panel import chat_layout, draw_band, draw_standing
from rendering.days_of_steam.grid import Grid, grid_background
from rendering.days_of_steam.hand import draw_chat_hand, draw_hand, own_hand
from rendering.days_of_steam.palette import BUMPER, MARGIN, PALETTES, PANEL_W, board_png
from rendering.days_of_steam.pieces import goods_icon, loco_pin
from rendering.days_of_steam.route import route_points
from rendering.days_of_steam.side_panel import MAX_W, draw_legend, draw_market, draw_table, layout
from rendering.days_of_steam.tiles import render_tile, tile_image


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The image posted in the thread: whose turn, the last move, the map
    and every player's standing, read at chat width."""
    st = cast(DaysOfSteamState, state)
    hand = own_hand(st, viewer)
    lay = chat_layout(st, hand is not None)
    g = lay.grid
    img = grid_background(g.ext, g.s, lay.width, lay.height, g.ox, g.oy, 22).copy()
    letters = kit.player_letters(st["players"])
    draw_map(img, st, g, letters)
    draw_band(img, st, lay)
    draw_standing(img, st, lay, letters)
    if hand is not None:
        draw_chat_hand(img, hand, lay)
    return board_png(img)


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The square just played and its neighbours on the posted image, for
    the panel's picture of the choices (None unless the last move placed a
    tile or a town)."""
    st = cast(DaysOfSteamState, state)
    last = st["last"]
    if last is None or last["kind"] not in ("tile", "town") or not last["where"]:
        return None
    g = chat_layout(st, own_hand(st, viewer) is not None).grid
    x, y = g.at(last["where"][-1])
    return (max(0, x - g.s), max(0, y - g.s), x + 2 * g.s, y + 2 * g.s)


def render_full(state: dict[str, Any], viewer: int | None) -> bytes:
    """The whole table (one tap away from the posted image): map, legend,
    players, face-up towns and decks, and the viewer's own hand."""
    st = cast(DaysOfSteamState, state)
    sizes: list[int] = state.get("hand_sizes") or [len(h or []) for h in st["hands"]]
    deck = int(state.get("deck_size", sum(st["deck"].values())))
    ext = extent_of([unkey(k) for k in st["tiles"]] or [(0, 0)])
    hand = own_hand(st, viewer)
    lay = layout(ext, st, hand is not None)
    g = Grid(ext, lay.s, lay.ox, lay.oy)
    img = grid_background(ext, lay.s, lay.width, lay.height, lay.ox, lay.oy).copy()
    letters = kit.player_letters(st["players"])
    draw_map(img, st, g, letters)
    if lay.below:
        top = lay.oy + ext.rows * lay.s + MARGIN + 6
        left, right = (lay.width - 2 * PANEL_W - 30) // 2 + 10, lay.width // 2 + 15
        y = draw_table(img, st, sizes, left, top, letters)
        if hand is not None and viewer is not None:
            draw_hand(img, st, viewer, hand, left, y)
        draw_legend(img, right, draw_market(img, st, deck, right, top + 10))
    else:
        x = lay.width - PANEL_W - 10
        y = draw_market(img, st, deck, x, draw_legend(img, x, draw_table(img, st, sizes, x, 14, letters)))
        if hand is not None and viewer is not None:
            draw_hand(img, st, viewer, hand, x, y + 10)
    return board_png(img)


__all__ = ["render", "render_full", "render_tile", "focus_box", "PALETTES", "COLOURS", "key", "BUMPER", "MAX_W",
           "Grid", "goods_icon", "chat_layout", "layout", "loco_pin", "route_points", "tile_image"]
