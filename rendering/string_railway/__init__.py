"""The String Railway board: the table to scale (the field, the lettered
grid, the river and the mountain range, the station cards, the strings in
company colours and dash patterns), the last string highlighted with its
crossings and points, and a score panel with the strings left per company.

Chat layout (issue 14): the posted image is the whole table, portrait, 1000
px wide, with no compact crop and no separate full board. The field does
not grow: every station is drawn anywhere on it from the first turn and a
string may run from one corner to the far side, so a crop around the last
string would hide the networks a player weighs his next string against. At
550 px the essentials read: whose turn (the header, with the company's
marker), the last move (a second header line, and on the table the string
in the highlight form with its points), and each company's score in a panel
under the table, all in fonts >= 2% of the width. The cards are drawn for
the chat: the points big (16 px at 550), the kind as a three-letter code and
the company limit ("<=3") smaller; the grid's names are for a tap.

Nothing is told by colour alone: each company's strings have a dash pattern
and its stations (the home too) carry its lettered marker; the mountain
range is hatched, the river a band with dark edges.

Two option pictures help the panel place a station from a phone
(:func:`step_picture`): at the first step the field with the blocks that
hold legal spots numbered as the panel lists them, at the second the chosen
block enlarged with its legal cells numbered and named.

Threads (see :mod:`games.per_thread`): the cached backgrounds, palettes and
card writings are shared by the threads that draw and only pasted, copied
or mapped onto; a layout's palette is made from the layout alone, so a
state's image never depends on what was drawn before.

The parts, one module each (this one puts them together: ``render``,
``focus_box`` and ``step_picture``):

- :mod:`.geometry`: measures, colours (``PALETTES``), where the field sits;
- :mod:`.field`: the cached field (grid, mountains, river, legend);
- :mod:`.stations`: the station cards and their markers;
- :mod:`.board_map`: the posted board (strings, stations, the last move);
- :mod:`.panel`: the header and the score panel;
- :mod:`.palette`: the per-layout palette and the PNG;
- :mod:`.block_pictures` and :mod:`.proposals`: the panel's pictures.
"""

from __future__ import annotations

from typing import Any, Sequence

from games.string_railway import board
from games.string_railway.params import tile_kinds
from rendering import kit
from rendering.string_railway.block_pictures import (BLOCK_PICTURE, block_cell_boxes, block_choices, block_picture,
                                                     blocks_picture, field_box, is_placing)
from rendering.string_railway.board_map import posted_board
from rendering.string_railway.geometry import HEADER, PALETTES, WIDTH, field_geometry, string_points, to_pixels
from rendering.string_railway.palette import board_palette, board_png
from rendering.string_railway.proposals import CAPTION, SHEET_WIDTH, proposal_tile, proposals_picture, proposals_region
from rendering.string_railway.stations import card_text


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    image = posted_board(state)
    return board_png(image, board_palette(state))


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """Around the last string or station placed, for the generic picture of
    choices (None when nothing has been placed): within the field and its
    grid's names, never the header."""
    last = state.get("last") or {}
    where = list(last.get("where") or [])
    if not where or "shape" not in state:
        return None
    g = field_geometry(str(state["shape"]))
    pts = [to_pixels(g, *board.centre(c)) for c in where]
    pad = 50
    left, right = min(p[0] for p in pts) - pad, max(p[0] for p in pts) + pad
    top, bottom = min(p[1] for p in pts) - pad, max(p[1] for p in pts) + pad
    side = max(right - left, bottom - top, 260)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    field_top, field_bottom = field_box(state)[1], field_box(state)[3]
    x0 = int(min(max(0, cx - side / 2), WIDTH - side))
    y0 = int(min(max(field_top, cy - side / 2), max(field_top, field_bottom - side)))
    return x0, y0, int(x0 + side), int(y0 + side)


def step_picture(state: dict[str, Any], viewer: int | None, prefix: Sequence[str]) -> bytes | None:
    """The panel's picture at a step of placing a station: with no choice
    yet, the field with each block holding a legal spot numbered as the
    panel lists it; after a block, that block enlarged with its legal cells
    numbered (and named) as its buttons are, the other cells veiled. When
    laying a string, after short or long: the proposals side by side (see
    :func:`proposals_picture`). None at any other step."""
    if state.get("phase") == "string" and viewer is not None and viewer == state.get("current") \
            and len(prefix) == 1:
        return proposals_picture(state, viewer, prefix[0])
    if not is_placing(state, viewer) or len(prefix) > 1:
        return None
    choices = block_choices(state)
    what = tile_kinds()[int(state["drawn"][0]) - 1]
    if not prefix:
        return board_png(kit.preview_banner(blocks_picture(state, choices),
                                            f"Place the {what} station: which block?"))
    cells = dict(choices).get(prefix[0])
    if cells is None:
        return None
    picture = block_picture(state, prefix[0], cells)
    return board_png(kit.preview_banner(picture, f"Place the {what} station: which cell?"))


__all__ = ["render", "step_picture", "focus_box", "PALETTES", "BLOCK_PICTURE", "CAPTION", "HEADER", "SHEET_WIDTH",
           "field_geometry", "string_points", "block_cell_boxes", "block_choices", "card_text", "proposal_tile",
           "proposals_region"]
