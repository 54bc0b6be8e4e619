"""The String Railway PNG: mapped onto a 256-colour palette made once per
layout from the layout alone (its background and a swatch of inks), so a
state's image never depends on what was drawn before.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from games.per_thread import Recent
from rendering import kit
from rendering.string_railway.field import field_background, layout_key
from rendering.string_railway.geometry import BLOCK, FIELD_FILL, GRID, MOUNTAIN, MOUNTAIN_EDGE, RIVER, RIVER_EDGE
from rendering.string_railway.panel import TURN_FILL


def board_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Like ``kit.to_png`` with the fast octree quantiser (the board is about
    1.4 million pixels, where median cut takes most of a second), or mapped
    to a ``palette`` already made (five times faster still)."""
    buffer = io.BytesIO()
    if palette is None:
        quantized = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    quantized.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


_PALETTE_OF: Recent[str, Image.Image] = Recent(16)
BLENDS = 9
"""How many steps from an ink to a ground the palette's swatch holds."""


def board_palette(state: dict[str, Any]) -> Image.Image:
    """The 256 colours a layout's boards are drawn in: made once per layout
    from its background (:func:`field_background`) and a swatch of every colour
    the board may draw (the companies, the highlight, the turn's row, the
    cards, the terrain) with their blends, so a colour that first shows
    later keeps its hue. Made from the layout alone, so a state's image is
    the same whatever board a process drew first."""
    return _PALETTE_OF.get(layout_key(state), lambda: _made_palette(field_background(state)))


def _made_palette(image: Image.Image) -> Image.Image:
    """The palette of ``image`` (a background) with the swatch of inks."""
    inks = [*kit.PLAYER_COLOURS, kit.HIGHLIGHT, kit.HIGHLIGHT_DASH, kit.INK, kit.MUTED, kit.BACKGROUND, TURN_FILL,
            FIELD_FILL, GRID, BLOCK, RIVER, RIVER_EDGE, MOUNTAIN, MOUNTAIN_EDGE, (255, 255, 255)]
    grounds = [(255, 255, 255), kit.INK, FIELD_FILL, kit.BACKGROUND]
    swatch = Image.new("RGB", (len(inks) * BLENDS, len(grounds) * 4))
    for i, ink in enumerate(inks):
        for j, ground in enumerate(grounds):
            for k in range(BLENDS):
                t = k / (BLENDS - 1)
                mix = tuple(round(a * (1 - t) + b * t) for a, b in zip(ink, ground))
                swatch.paste(mix, (i * BLENDS + k, j * 4, i * BLENDS + k + 1, j * 4 + 4))
    both = Image.new("RGB", (image.width, image.height + swatch.height * 40))
    both.paste(image, (0, 0))
    both.paste(swatch.resize((image.width, swatch.height * 40), Image.Resampling.NEAREST), (0, image.height))
    return both.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
