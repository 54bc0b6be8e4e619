"""The Age of Steam board as a PNG: a fixed 256-colour palette that keeps
every flat colour of the board exact (made once from a sample of the map),
and the mapping of a drawn board onto it."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image

from games.age_of_steam.maps import RUST_BELT
from rendering import kit
from rendering.age_of_steam.geometry import CASING, GOODS, HEIGHT, MAP_W, TERRAIN, TURN_FILL, UNOWNED, WIDTH
from rendering.age_of_steam.map_base import static_map
from rendering.age_of_steam.sprites import draw_text
from rendering.png import palette_png


def key_colours() -> list[kit.RGB]:
    """Every flat colour the board uses: these stay exact in the palette."""
    fixed: list[kit.RGB] = [kit.BACKGROUND, kit.INK, kit.MUTED, kit.HIGHLIGHT, kit.HIGHLIGHT_DASH, UNOWNED,
                            CASING, TURN_FILL, (255, 255, 255), (160, 170, 140), (60, 120, 200), (110, 80, 50),
                            (170, 140, 100), (235, 228, 212), (255, 250, 235), (205, 200, 190),
                            (230, 230, 230)]
    out: list[kit.RGB] = []
    for c in fixed + list(TERRAIN.values()) + list(GOODS.values()) + list(kit.PLAYER_COLOURS):
        if c not in out:
            out.append(c)
    return out


@cache
def board_palette() -> Image.Image:
    """A fixed 256-colour palette: the board's flat colours exactly, the rest
    (anti-aliased text edges) from a sample of the map with text in every
    colour. Mapping to a fixed palette is ~6x faster than quantizing anew."""
    keys = key_colours()
    sample, d = kit.new_canvas(WIDTH, HEIGHT)
    sample.paste(static_map(RUST_BELT), (0, 0))
    for k, colour in enumerate(keys):
        bx, by = MAP_W + 10 + (k % 6) * 80, 20 + (k // 6) * 40
        d.rectangle((bx, by, bx + 76, by + 36), fill=colour)
        draw_text(sample, (bx + 4, by + 4), "Ag 8", 17, True, kit.text_colour_on(colour))
        draw_text(sample, (bx + 40, by + 4), "$3", 16, False, kit.MUTED if k % 2 else kit.INK)
    for k, colour in enumerate(keys):
        draw_text(sample, (MAP_W + 10 + (k % 6) * 80, 400 + (k // 6) * 30), "Chicago 5", 16, k % 2 == 0, colour)
    octree = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    raw = octree.getpalette() or []
    colours: list[kit.RGB] = list(keys)
    # Pillow maps a colour through a cache of 4-level cells, to the entry
    # nearest the cell: no other entry near a board colour keeps it exact.
    for i in range(0, len(raw) - 2, 3):
        c = (raw[i], raw[i + 1], raw[i + 2])
        if len(colours) < 256 and all(math.dist(c, k) > 12 for k in keys) and c not in colours:
            colours.append(c)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in colours for v in c] + [0] * (3 * (256 - len(colours))))
    return palette


def board_png(image: Image.Image) -> bytes:
    """The board as a palette PNG: the colours mapped onto the fixed palette,
    deflated at the fastest level (see :mod:`rendering.png`)."""
    return palette_png(image, board_palette())
