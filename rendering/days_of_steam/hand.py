"""The viewer's own Days of Steam hand, drawn only on his own copy: a row of
tiles under the posted image, or the hand block of the full board's panel.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.days_of_steam.params import tile_defs
from games.days_of_steam.state import DaysOfSteamState
from rendering import kit
from rendering.days_of_steam.chat_panel import ChatLayout
from rendering.days_of_steam.tiles import tile_image


def draw_chat_hand(img: Image.Image, hand: list[str], lay: ChatLayout) -> None:
    """The viewer's own tiles in a row (only on his own copy)."""
    d = ImageDraw.Draw(img)
    f = kit.font(lay.font)
    d.text((16, lay.hand_top + lay.font * 2.2), "Your hand:", font=f, fill=kit.INK, anchor="lm")
    t = int(lay.font * 4.4)
    x = 16 + int(d.textlength("Your hand:", font=f)) + lay.font
    for kind in hand:
        img.paste(tile_image(kind, 0, t), (x, lay.hand_top))
        d.rectangle((x, lay.hand_top, x + t, lay.hand_top + t), outline=kit.INK, width=2)
        d.text((x + 4, lay.hand_top + 2), f"+{tile_defs()[kind].coal}", font=kit.font(max(12, t // 6), bold=True),
               fill=kit.INK, anchor="la")
        x += t + lay.font


HAND_TILE = 130
HAND_H = 28 + HAND_TILE + 54
"""The own hand's block: heading, tile pictures, names."""


def own_hand(state: DaysOfSteamState, viewer: int | None) -> list[str] | None:
    if viewer is None or not 0 <= viewer < len(state["hands"]):
        return None
    hand: list[str] | None = state["hands"][viewer]
    return hand or None


def draw_hand(img: Image.Image, state: DaysOfSteamState, viewer: int, hand: list[str], x: int, y: int) -> int:
    """The viewer's own tiles, as printed (rotation 0), with their steam and names."""
    d = ImageDraw.Draw(img)
    d.text((x, y), f"Your hand ({state['players'][viewer]})", font=kit.font(19, bold=True), fill=kit.INK)
    y += 28
    t = HAND_TILE
    for i, kind in enumerate(hand):
        tx = x + i * (t + 24)
        img.paste(tile_image(kind, 0, t), (tx, y))
        d.rectangle((tx, y, tx + t, y + t), outline=kit.INK, width=2)
        d.text((tx + 6, y + 4), f"+{tile_defs()[kind].coal}", font=kit.font(18, bold=True),
               fill=kit.INK, anchor="la")
        for k, part in enumerate(kit.wrap_text(tile_defs()[kind].name, kit.font(16), t, max_lines=2)):
            d.text((tx + t / 2, y + t + 14 + k * 20), part, font=kit.font(16), fill=kit.INK, anchor="mm")
    return y + t + 54
