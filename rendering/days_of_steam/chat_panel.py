"""The Days of Steam posted image's layout and its panel: the header band
(whose turn, the last move) above the map and one standing line per player
below it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import extent_of, unkey
from games.days_of_steam.scoring import score
from games.days_of_steam.state import DaysOfSteamState
from rendering import kit
from rendering.days_of_steam.grid import Grid
from rendering.days_of_steam.palette import BAND, BAND_TEXT
from rendering.days_of_steam.panel_text import last_text, turn_text
from rendering.days_of_steam.pieces import draw_goods_cube, loco_pin


CHAT_MAX = kit.MAX_POST_WIDTH
CHAT_MIN = 720
"""The posted image's width range: wide enough for the essential texts at
2% of the width, no wider than the kit's post width."""


@dataclass(frozen=True)
class ChatLayout:
    width: int
    height: int
    grid: Grid
    band: int
    """The header band's height."""
    standing_top: int
    row: int
    font: int
    hand_top: int
    """Where the viewer's own hand goes (the bottom when he has none)."""


def chat_layout(state: DaysOfSteamState, hand: bool = False) -> ChatLayout:
    """Cells as large as fit 1100 px wide and about as tall; the header band
    above, one standing line per player below, then the viewer's hand."""
    ext = extent_of([unkey(k) for k in state["tiles"]] or [(0, 0)])
    label = 22
    frame = 2 * (label + 14)
    s = max(36, min(130, (CHAT_MAX - frame) // ext.columns, (1000 - frame) // ext.rows))
    width = max(CHAT_MIN, min(CHAT_MAX, ext.columns * s + frame))
    font = max(18, round(width * 0.03))
    band = int(font * 1.4) * 2 + 18
    ox = (width - ext.columns * s) // 2
    oy = band + label + 14
    top = oy + ext.rows * s + label + 18
    row = int(font * 1.75)
    hand_top = top + row * len(state["players"]) + 8
    height = hand_top + (int(font * 5.5) if hand else 4)
    return ChatLayout(width, height, Grid(ext, s, ox, oy), band, top, row, font, hand_top)


def draw_band(img: Image.Image, state: DaysOfSteamState, lay: ChatLayout) -> None:
    """Whose turn it is and the last move, white on a dark band."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, lay.band), fill=BAND)
    big = kit.essential_font("turn", int(lay.font * 1.1), bold=True)
    d.text((16, 10), kit.fit_text(turn_text(state), big, lay.width - 32), font=big, fill=BAND_TEXT)
    words = last_text(state)
    if words:
        small = kit.essential_font("last", lay.font)
        d.text((16, 10 + int(lay.font * 1.5)), kit.fit_text(words, small, lay.width - 32), font=small, fill=BAND_TEXT)


def draw_standing(img: Image.Image, state: DaysOfSteamState, lay: ChatLayout, letters: list[str]) -> None:
    """One line per player: pin, name, points, steam, coal, goods delivered;
    the player to act marked with an arrow."""
    d = ImageDraw.Draw(img)
    f = kit.essential_font("standing", lay.font)
    bold = kit.essential_font("standing", lay.font, bold=True)
    due = state["current"] if state["phase"] == "play" and not state["pending"] else None
    if state["drawn"] is not None:
        due = state["drawn"]["seat"]
    y = lay.standing_top
    x0 = 16
    for seat, name in enumerate(state["players"]):
        mid = y + lay.row / 2
        if seat == due:
            d.rectangle((0, y, lay.width, y + lay.row - 2), fill=(250, 232, 200))
            d.text((x0, mid), "▶", font=f, fill=kit.INK, anchor="lm")
        r = lay.row * 0.26
        loco_pin(d, x0 + lay.font * 1.6, mid + r * 1.5, r, seat, letters[seat])
        x = x0 + lay.font * 2.6
        d.text((x, mid), kit.fit_text(name, bold, lay.font * 6), font=bold, fill=kit.INK, anchor="lm")
        x += lay.font * 6.4
        text = f"{score(state, seat)} pts · steam {state['steam'][seat]} · coal {state['coal'][seat]}"
        d.text((x, mid), text, font=f, fill=kit.INK, anchor="lm")
        x += d.textlength(text, font=f) + lay.font * 0.8
        delivered = state["delivered"][seat]
        cube = lay.font * 0.45
        room = int((lay.width - x - 10) // (cube * 2 + 4))
        for i, colour in enumerate(delivered[:room]):
            draw_goods_cube(img, x + cube + i * (cube * 2 + 4), mid, cube, colour)
        y += lay.row
