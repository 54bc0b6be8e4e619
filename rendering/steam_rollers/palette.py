"""The Steam Rollers PNG: quantised against a 256-colour palette made once
from a fixed board (so a state's image is the same whatever board a
process drew first).
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from games.core import resolve_chance, secret_from_seed
from games.steam_rollers import GAME
from rendering import kit
from rendering.steam_rollers.chat_panel import chat_image
from rendering.steam_rollers.geometry import CUBE_RGB, REGION_TINT, WALL_RGB


SAMPLE_PLAYERS = ("ann", "bob", "cid", "dee", "eve")
"""The players of the board the palette is made from (every seat colour)."""


@cache
def _palette() -> Image.Image:
    """A 256-colour palette made once from a fixed board (the chat image of
    a five-player game just set up, drawn with seed 0's chance) plus
    swatches of every player, cube and highlight colour (quantising against
    a fixed palette is five times faster than kit.to_png's median cut, and
    just as clean). Fixed, so a state's image is the same whatever board a
    process drew first."""
    state, _taken = resolve_chance(GAME, GAME.new(SAMPLE_PLAYERS, {}), secret_from_seed(0))
    sample = chat_image(GAME.view(state, None), None)
    draw = ImageDraw.Draw(sample)
    swatches = [*kit.PLAYER_COLOURS, *CUBE_RGB.values(), *REGION_TINT.values(), kit.HIGHLIGHT, WALL_RGB]
    for i, colour in enumerate(swatches):
        x = 10 + i * 40
        for j, ground in enumerate((kit.BACKGROUND, *REGION_TINT.values())):
            y = 10 + j * 30
            draw.rectangle((x, y, x + 38, y + 28), fill=ground)
            draw.line((x + 2, y + 4, x + 36, y + 24), fill=kit.INK, width=11)
            draw.line((x + 2, y + 4, x + 36, y + 24), fill=colour, width=7)
            draw.text((x + 19, y + 14), "Ab", font=kit.font(16, True), fill=colour, anchor="mm")
    return sample.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def board_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(
        buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()
