"""The Age of Steam board: the map (the Rust Belt, or the island of
Barbados or St. Lucia) with track, goods and the last move highlighted, and
the players' panel.

An island (:data:`.geometry.SEA_MAPS`) is drawn on the sea from edge to
edge, its coast marked, and its chat image is its own
(:mod:`.island_panel`: the island centred on the sea, 660 px wide, over a
panel with the island's rules: Barbados' blocked actions and light-side
display, St. Lucia's priority and the cubes lying on its hexes). What
follows describes the Rust Belt's, which the islands share but for that.

Two images (issue 14, boards read at a glance on a phone):

- ``render`` is the image posted in the chat after every move: the whole map
  at its own scale (995 px wide) with a compact panel *below* it, so the
  image is portrait-friendly and no wider than the map. The panel holds only
  the essentials in fonts of 20-26 px (>= 2% of the width, 11-14 px when
  Discord shows it 550 px wide): whose turn and which step, the last move
  (a delivery with the links it paid per owner), and one row per player
  (cash, income, shares, engine, cash after the coming expenses, projected
  VP and a warning when he is about to lose income or be eliminated). The
  map is not cropped: the Rust Belt's cities span the whole map from the
  first turn, and goods move between any two of them, so a crop would hide
  the cities a player plans for; the full board is one tap away.
- ``render_full`` is the whole board: the same map with the wide side panel
  of every detail (turn track, player table with the projection, the goods
  display, the bag, each tile kind left as a small picture with its count,
  the notes of the step under way and a legend).

On the map: every player's track has a light casing so it reads on any
terrain; completed links carry their owner's marker (shape, colour and
letter); unfinished track is dashed in its owner's colour and unowned track
dashed grey. A city shows its growth number on a white disc (light side) or
a black disc (dark side), its goods as lettered cubes (up to 6 in two rows
inside the hex), and its name on a tag that leads with the city's colour
letter. A tag never covers track, towns, cities, markers, the last move or
another tag: it sits beside its city where there is room, else farther out
(on a lake or in the margins if it can) with a thin dark leader line to a
dot on the city's edge. Empty river, mountain and town hexes show their build cost where it
differs from the plain $2. The last move is drawn in the kit's highlight
form (white band, black edges and dashes): around the hexes just built, or
along the route a cube just took, with an arrowhead at its destination.

Threads (see :mod:`games.per_thread`): the cached map, canvases, sprites and
masks are shared by the threads that draw and only pasted, cropped or
copied; the cached arrays are read-only; tag plans are tuples in a locked
cache (:class:`games.per_thread.Recent`); the palette is fixed.

The parts, one module each (this one puts them together):

- :mod:`.geometry`: measures, colours (``PALETTES``), hex centres, the line
  of a track piece, where markers stand;
- :mod:`.sprites`: cached text masks, markers and track pieces;
- :mod:`.map_base`: the static map, its cities and the printed build costs;
- :mod:`.board_map`: the map of a board: track, cubes, markers, last move, tags;
- :mod:`.route`: the last move highlighted (hexes built, a cube's route);
- :mod:`.tag_space`: where a name tag may go (obstacles, boxes, leader lines);
- :mod:`.tags`: the name tags' plan, its cache and their drawing;
- :mod:`.panel_text`: what both panels say (turn, last move, warnings);
- :mod:`.chat_panel` and :mod:`.side_panel`: the chat image's panel and the
  full board's; :mod:`.island_panel` an island's chat image and what its
  rules add to both panels;
- :mod:`.palette`: the fixed palette and the PNG.

The other renderers draw some of the same parts (hex maps, text wrapping,
a fixed palette and the PNG) in their own modules; sharing them is left
for later.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from games.age_of_steam.state import typed
from games.age_of_steam.track import network
from rendering import kit
from rendering.age_of_steam.board_map import draw_map, map_canvas
from rendering.age_of_steam.chat_panel import chat_panel_height, chat_panel_lines, draw_chat_panel
from games.age_of_steam.maps import RUST_BELT
from rendering.age_of_steam.geometry import (HEIGHT, MAP_H, MAP_W, PALETTES, PANEL_W, SEA_MAPS, SIZE, hex_centre,
                                             map_size)
from rendering.age_of_steam.island_panel import render_island
from rendering.age_of_steam.palette import board_png
from rendering.age_of_steam.side_panel import draw_side_panel


def render(json_state: dict[str, Any], viewer: int | None) -> bytes:
    """The chat image: the whole map over a compact panel (see the module)."""
    state = typed(json_state)
    letters = kit.player_letters(state["players"])
    net = network(state)
    if state["map"] in SEA_MAPS:
        return board_png(render_island(state, net, letters, viewer))
    turn, last = chat_panel_lines(state, net)
    image = map_canvas(RUST_BELT, MAP_W, MAP_H + chat_panel_height(state, turn, last))
    draw_map(image, state, net, letters)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, MAP_H, MAP_W, image.height), fill=kit.BACKGROUND)  # what the map spilled below it
    draw.line((0, MAP_H, MAP_W, MAP_H), fill=kit.MUTED, width=2)
    draw_chat_panel(image, draw, state, net, letters, viewer, MAP_H, turn, last)
    return board_png(image)


# -- the full board: the map beside the detailed panel ---------------------------------

def render_full(json_state: dict[str, Any], viewer: int | None) -> bytes:
    """The whole board: the map and the detailed side panel."""
    state = typed(json_state)
    letters = kit.player_letters(state["players"])
    net = network(state)
    map_w, map_h = map_size(state["map"])
    width, height = map_w + PANEL_W, max(map_h, HEIGHT)
    image = map_canvas(state["map"], width, height)
    draw_map(image, state, net, letters)
    draw = ImageDraw.Draw(image)
    draw.rectangle((map_w, 0, width, height), fill=kit.BACKGROUND)  # what the map spilled beside it
    draw_side_panel(image, draw, state, net, letters, viewer)
    return board_png(image)


__all__ = ["render", "render_full", "PALETTES"]


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The hex just built and its neighbours, for the panel's picture of the
    tile choices (None unless the last move was a build)."""
    last = state.get("last") or {}
    if last.get("kind") != "build" or not last.get("where"):
        return None
    cx, cy = hex_centre(last["where"][-1])
    return (int(cx - 2.4 * SIZE), int(cy - 2.2 * SIZE), int(cx + 2.4 * SIZE), int(cy + 2.2 * SIZE))
