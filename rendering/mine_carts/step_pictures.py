"""The Mine Carts panel's pictures: the factory's cards side by side, then a
card on its chosen square in each of its rotations, numbered as the
buttons are.
"""

from __future__ import annotations

import copy
from typing import Any, Sequence

from PIL import Image, ImageDraw

from games.mine_carts.params import rules
from games.mine_carts.state import MineCartsState, Placed
from rendering import kit
from rendering.mine_carts.board_map import grid_image
from rendering.mine_carts.cards import draw_card
from rendering.mine_carts.geometry import as_state, box_around, cell_box
from rendering.mine_carts.last_move import frame


SHEET_TEXT = "Your choices - not played yet"


def step_picture(state: dict[str, Any], viewer: int | None, prefix: Sequence[str]) -> bytes | None:
    """A picture of the choices at a step of the lay panel, numbered as its
    buttons are: with nothing chosen yet, the factory's cards side by side;
    after a card and its square, the card on that square in each of its
    rotations. None at any other step, or for a viewer who is not to lay."""
    from games.mine_carts import GAME

    s = as_state(state)
    if s["phase"] != "lay" or viewer is None or viewer not in GAME.to_act(state):
        return None
    options = GAME.options_at(state, viewer, list(prefix))
    if not options:
        return None
    if not prefix:
        return _card_sheet([(o.token, o.label) for o in options])
    if len(prefix) == 2 and prefix[0] in rules().kinds:
        return _rotation_sheet(s, prefix[0], prefix[1], [(o.token, o.label) for o in options])
    return None


CARD_SHEET = 150


def _card_sheet(cards: list[tuple[str, str]]) -> bytes:
    """Each card (code, button label) drawn large, numbered, with its name."""
    cell = CARD_SHEET + 40
    image, draw = kit.new_canvas(len(cards) * cell + 20, CARD_SHEET + 110)
    face = kit.font(17, True)
    for i, (code, label) in enumerate(cards):
        x = 20 + i * cell
        c = (x + CARD_SHEET / 2, 20 + CARD_SHEET / 2)
        draw_card(draw, c, Placed(card=code, rotation=0), CARD_SHEET)
        draw.rectangle((x - 1, 19, x + CARD_SHEET, 20 + CARD_SHEET), outline=kit.INK, width=2)
        name = rules().kinds[code].name
        for n, line in enumerate(kit.wrap_text(f"{i + 1}. {name}", face, cell - 16, max_lines=2)):
            draw.text((x, 30 + CARD_SHEET + 22 * n), line, font=face, fill=kit.INK)
    return kit.to_png(kit.preview_banner(image, SHEET_TEXT))


def _rotation_sheet(state: MineCartsState, code: str, square: str, rotations: list[tuple[str, str]]) -> bytes:
    """For each rotation (token, button label), the board around ``square``
    with the card laid there so turned, the square framed in the highlight
    form, numbered and labelled as the button is."""
    crops: list[Image.Image] = []
    for token, _label in rotations:
        after = copy.deepcopy(state)
        after["grid"][square] = Placed(card=code, rotation=int(token))
        after["last"] = None
        image = grid_image(after)
        frame(ImageDraw.Draw(image), square)
        crop = image.crop(box_around([cell_box(square)]))
        crops.append(crop.resize((crop.width * 3 // 2, crop.height * 3 // 2), Image.Resampling.LANCZOS))
    w = max(c.width for c in crops)
    h = max(c.height for c in crops)
    columns = min(2, len(crops))
    rows = (len(crops) + columns - 1) // columns
    sheet, draw = kit.new_canvas(columns * (w + 14) + 14, rows * (h + 62) + 14)
    face = kit.font(16, True)
    for i, (crop, (_token, label)) in enumerate(zip(crops, rotations)):
        x = 14 + (i % columns) * (w + 14)
        y = 14 + (i // columns) * (h + 62)
        sheet.paste(crop, (x, y))
        draw.rectangle((x, y, x + crop.width - 1, y + crop.height - 1), outline=kit.INK, width=2)
        for n, line in enumerate(kit.wrap_text(f"{i + 1}. {label}", face, w, max_lines=2)):
            draw.text((x, y + crop.height + 6 + 22 * n), line, font=face, fill=kit.INK)
    return kit.to_png(kit.preview_banner(sheet, SHEET_TEXT))
