"""The Days of Steam colours (the player, goods and town colours listed in
``PALETTES`` for the colour-vision tests), the board's measures and its PNG.
"""

from __future__ import annotations

import io
from typing import Sequence

from PIL import Image

from games.days_of_steam.params import COLOURS
from rendering import kit


RGB = tuple[int, int, int]
Point = tuple[float, float]

TOWN_COLOURS: dict[str, RGB] = {
    "red": (185, 35, 45), "yellow": (240, 200, 40), "green": (40, 170, 120), "blue": (30, 60, 160),
}
"""The goods and town colours, chosen to stay apart (and apart from the
white highlight) under simulated deuteranopia, protanopia and tritanopia."""
PALETTES: dict[str, Sequence[RGB]] = {
    "players": kit.PLAYER_COLOURS[:4],
    "goods and towns": [TOWN_COLOURS[c] for c in COLOURS],
}
"""Every colour set that carries meaning (tests/test_palettes.py)."""

TILE_FILL: RGB = (230, 216, 182)
HILL_FILL: RGB = (196, 170, 120)
GRID: RGB = (215, 207, 188)
TILE_EDGE: RGB = (186, 172, 140)
RAIL: RGB = (55, 45, 40)
WATER: RGB = (40, 120, 200)
BUMPER: RGB = (200, 40, 40)
BAND: RGB = (52, 46, 40)
"""The header band of the posted image."""
BAND_TEXT: RGB = (255, 255, 255)
PANEL_W = 500
MARGIN = 34


def board_png(img: Image.Image) -> bytes:
    """A 256-colour PNG by the fast octree (about 15 ms for a full board,
    where the kit's median-cut palette takes about 90 ms; the board is flat
    colours, so nothing visible is lost); the kit's PNG if it passed 380 kB."""
    buffer = io.BytesIO()
    img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=3)
    data = buffer.getvalue()
    return data if len(data) <= 380 * 1024 else kit.to_png(img)
