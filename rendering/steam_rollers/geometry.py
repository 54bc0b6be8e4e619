"""Where things sit on the Steam Rollers images: the colours that carry
meaning (cubes and cities, region tints, walls, hex names) with the
``PALETTES`` the colour-blind tests check; a map's :class:`Frame` (where
its hexes' centres are); the chat image's layout (the large map, the dice
column, the players' cells and their thumbnails) and the full board's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from games.steam_rollers.board import board
from rendering import kit


SQ3 = math.sqrt(3)

CUBE_RGB: dict[str, kit.RGB] = {
    "red": (205, 41, 42), "blue": (38, 90, 230), "purple": (122, 69, 152),
    "yellow": (255, 209, 50), "grey": (147, 155, 155),
}
"""The cubes' and cities' colours (each also drawn with its letter)."""
REGION_TINT: dict[str, kit.RGB] = {
    "red": (235, 169, 170), "blue": (186, 202, 247), "purple": (186, 158, 201),
    "yellow": (255, 235, 165), "grey": (217, 219, 219),
}
"""The regions' tints: each city's colour mixed with white, light enough for
every player's outlined track to read on, yet apart from one another and
from the highlight's white in every colour vision (told apart by lightness
where hue fails)."""
WALL_RGB: kit.RGB = (90, 40, 20)
LABEL_RGB: kit.RGB = (70, 68, 64)
"""The hex names: darker than kit.MUTED, to read on the darker tints."""

PALETTES: dict[str, Sequence[kit.RGB]] = {
    "players": kit.PLAYER_COLOURS,
    "cubes": tuple(CUBE_RGB.values()),
    "regions": tuple(REGION_TINT.values()),
}


@dataclass(frozen=True)
class Frame:
    """Where one player's map is drawn: the top-left of hex A1's column and
    row band and the hex circumradius, in the image's pixels."""

    x: float
    y: float
    size: float

    def centre(self, hex_name: str) -> tuple[float, float]:
        col, row = board().coords[hex_name]
        return (self.x + self.size + 1.5 * self.size * col,
                self.y + SQ3 * self.size * (row + 0.5 * (col % 2) + 0.5))

    @property
    def width(self) -> float:
        return self.size * (1.5 * (board().columns - 1) + 2)

    @property
    def height(self) -> float:
        return SQ3 * self.size * (board().rows + 0.5)

    @property
    def detailed(self) -> bool:
        """Large enough for hex names, coordinates and connection badges."""
        return self.size >= 30


# -- the chat image's layout ---------------------------------------------------

WIDTH = 1100
SIZE = 38.0                          # the large map's hex circumradius
HEADER_H = 122                       # the turn line and two lines of the last move
CHAT_MAP = Frame(40.0, HEADER_H + 78.0, SIZE)
"""The large map on the chat image (``render``)."""
SIDE_X = 800                         # the dice and cubes column
CELL_W, CELL_H = 535, 186            # one player's cell below the map
THUMB = 15.0                         # a thumbnail map's hex circumradius
CELLS_Y = round(CHAT_MAP.y + CHAT_MAP.height + 44)
"""The top of the first row of player cells."""
DICE_Y = round(CHAT_MAP.y) - 72
BLACK_DIE = 64
"""The black die's side on the chat image; its top-left is (SIDE_X, DICE_Y + 36)."""
ENGINE_STEP = 36                     # from one engine box to the next
FULL_WIDTH = 1440
FULL_MAP = Frame(46.0, 100.0, 44.0)
"""The large map on the full board (``render_full``)."""
FULL_RIGHT = 905


def centre(hex_name: str) -> tuple[float, float]:
    """A hex's centre on the chat image's large map."""
    return CHAT_MAP.centre(hex_name)


def cell_origin(seat: int) -> tuple[int, int]:
    """The top-left of ``seat``'s cell on the chat image (two to a row)."""
    return 10 + (seat % 2) * (CELL_W + 10), CELLS_Y + (seat // 2) * (CELL_H + 8)


def thumbnail(seat: int) -> Frame:
    """Where ``seat``'s map is drawn small, in his cell of the chat image."""
    x, y = cell_origin(seat)
    return Frame(x + 8.0, y + 12.0, THUMB)


def last_outline(hex_name: str, frame: Frame = CHAT_MAP) -> list[tuple[float, float]]:
    """The hexagon along which the last move's hex is outlined."""
    return kit.hex_corners(*frame.centre(hex_name), frame.size - max(3.0, frame.size * 0.12), True)
