"""The Days of Steam map's squares on an image (:class:`Grid`) and the canvas
with the grid and the coordinates along its four edges.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from games.days_of_steam.geometry import Extent, column_label, row_label, unkey
from rendering import kit
from rendering.days_of_steam.palette import GRID


@lru_cache(maxsize=8)
def grid_background(ext: Extent, s: int, width: int, height: int, ox: int, oy: int, label: int = 17) -> Image.Image:
    """The canvas with the grid and the coordinates along all four edges."""
    img, d = kit.new_canvas(width, height)
    label_font = kit.font(label, bold=True)
    gap = label * 0.95
    for col in range(ext.columns):
        x = ox + col * s + s / 2
        name = column_label(ext.min_x + col)
        d.text((x, oy - gap), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((x, oy + ext.rows * s + gap), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for row in range(ext.rows):
        y = oy + row * s + s / 2
        name = row_label(ext.min_y + row)
        d.text((ox - gap, y), name, font=label_font, fill=kit.MUTED, anchor="mm")
        d.text((ox + ext.columns * s + gap, y), name, font=label_font, fill=kit.MUTED, anchor="mm")
    for col in range(ext.columns + 1):
        d.line((ox + col * s, oy, ox + col * s, oy + ext.rows * s), fill=GRID, width=1)
    for row in range(ext.rows + 1):
        d.line((ox, oy + row * s, ox + ext.columns * s, oy + row * s), fill=GRID, width=1)
    return img


@dataclass(frozen=True)
class Grid:
    """Where the map's squares are on an image."""

    ext: Extent
    s: int
    ox: int
    oy: int

    def at(self, cell_key: str) -> tuple[int, int]:
        """The top-left pixel of a cell given by its state key ("x,y")."""
        cx, cy = unkey(cell_key)
        return self.ox + (cx - self.ext.min_x) * self.s, self.oy + (cy - self.ext.min_y) * self.s
