"""The Days of Steam full board's panel and layout: every player's row, the
face-up towns and decks, the legend, and whether the panel goes beside the
map or under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import Extent
from games.days_of_steam.params import param
from games.days_of_steam.scoring import score
from games.days_of_steam.state import DaysOfSteamState
from games.phases import OVER
from rendering import kit
from rendering.days_of_steam.hand import HAND_H
from rendering.days_of_steam.palette import MARGIN, PANEL_W, TOWN_COLOURS
from rendering.days_of_steam.panel_text import turn_text
from rendering.days_of_steam.pieces import draw_goods_cube, loco_pin
from rendering.days_of_steam.route import draw_arrow
from rendering.days_of_steam.tiles import draw_town_sign, tile_image


TABLE_COLS = [("", 34), ("Player", 92), ("Steam", 68), ("Coal", 50), ("Goods", 94), ("Circ", 46),
              ("Pts", 40), ("Hand", 48)]
ROW_H = 40


LEGEND_TILE = 56
LEGEND_H = 30 + 3 * (LEGEND_TILE + 10)
LEGEND = (("hill-straight", 0, "hill: 2 steam"), ("straight-over", 0, "↺ may play over"),
          ("dead-end", 0, "dead end: stops"), ("tower", 0, "water tower: +4"),
          ("town", 0, "town sign: colour"), ("", 0, "last move"))
"""The legend's entries: (tile kind, rotation, words)."""


def _table_height(players: int) -> int:
    return 36 + 34 + 24 + ROW_H * players + 12


def _market_height(state: DaysOfSteamState) -> int:
    return 28 + (max(1, len(state["face_up"])) + (state["drawn"] is not None)) * 54 + 2 * 26 + 8


def draw_table(img: Image.Image, state: DaysOfSteamState, sizes: list[int], x: int, y: int,
               letters: list[str]) -> int:
    """Title, status and one row per player: steam, coal, goods, circuits, points, hand size."""
    d = ImageDraw.Draw(img)
    y = kit.draw_title(d, x, y, "Days of Steam")
    d.text((x, y), kit.fit_text(turn_text(state), kit.font(17), PANEL_W - 10), font=kit.font(17), fill=kit.INK)
    y += 34
    cx = x
    for title, w in TABLE_COLS:
        d.text((cx + 2, y), title, font=kit.font(16, bold=True), fill=kit.INK)
        cx += w
    y += 24
    right = x + sum(w for _, w in TABLE_COLS)
    d.line((x, y, right, y), fill=kit.MUTED, width=1)
    for seat, name in enumerate(state["players"]):
        if seat == state["current"] and state["phase"] != OVER:
            d.rectangle((x, y + 2, right, y + ROW_H - 2), fill=(250, 232, 200))
        loco_pin(d, x + 17, y + ROW_H - 6, 10, seat, letters[seat])
        cells = [kit.fit_text(name, kit.font(18), TABLE_COLS[1][1] - 6),
                 f"{state['steam'][seat]}/{param('max_steam')}", str(state["coal"][seat]), "",
                 str(state["circuits"][seat]), str(score(state, seat)), str(sizes[seat])]
        cx = x + TABLE_COLS[0][1]
        for (title, w), text in zip(TABLE_COLS[1:], cells):
            if title == "Goods":
                delivered = state["delivered"][seat]
                for i, colour in enumerate(delivered[:8]):
                    draw_goods_cube(img, cx + 10 + (i % 4) * 22, y + 11 + (i // 4) * 19, 8, colour)
                if len(delivered) > 8:
                    d.text((cx + 96, y + ROW_H / 2), "+", font=kit.font(16), fill=kit.INK, anchor="mm")
            else:
                d.text((cx + 2, y + ROW_H / 2), text, font=kit.font(18, bold=title == "Pts"), fill=kit.INK,
                       anchor="lm")
            cx += w
        y += ROW_H
    return y + 12


def draw_market(img: Image.Image, state: DaysOfSteamState, deck: int, x: int, y: int) -> int:
    """The face-up towns with their goods (and a town just drawn from the
    deck, waiting to be placed), then the decks, the bag and the circuit counters."""
    d = ImageDraw.Draw(img)
    d.text((x, y), "Face-up towns", font=kit.font(19, bold=True), fill=kit.INK)
    y += 28
    towns = [(f"{i + 1}: {t['colour']} town", t["colour"], list(t["goods"])) for i, t in enumerate(state["face_up"])]
    drawn = state["drawn"]
    if drawn is not None:
        towns.append((f"drawn: {drawn['colour']} town, {state['players'][drawn['seat']]} places it",
                      drawn["colour"], []))
    for label, colour, goods in towns:
        d.rounded_rectangle((x, y, x + 46, y + 46), radius=8, fill=TOWN_COLOURS[colour], outline=kit.INK, width=2)
        draw_town_sign(d, x + 23, y + 20, 12, colour)
        d.text((x + 56, y + 4), label, font=kit.font(17), fill=kit.INK)
        for j, good in enumerate(goods):
            draw_goods_cube(img, x + 68 + j * 28, y + 34, 10, good)
        y += 54
    if not towns:
        d.text((x, y), "none left", font=kit.font(17), fill=kit.MUTED)
        y += 54
    towns_left = sum(state["town_deck"].values())
    bag = sum(state["bag"].values())
    lines = [f"Track deck: {deck} tile{'s' if deck != 1 else ''} · town deck: {towns_left}",
             f"Goods bag: {bag} · circuit counters left: {state['circuits_left']}"]
    for line in lines:
        d.text((x, y + 4), line, font=kit.font(17), fill=kit.INK)
        y += 26
    return y + 8


def draw_legend(img: Image.Image, x: int, y: int) -> int:
    """What the marks on the map mean, two entries a line."""
    d = ImageDraw.Draw(img)
    d.text((x, y), "Legend", font=kit.font(19, bold=True), fill=kit.INK)
    y += 30
    t = LEGEND_TILE
    for i, (kind, rot, words) in enumerate(LEGEND):
        tx, ty = x + (i % 2) * (PANEL_W // 2), y + (i // 2) * (t + 10)
        if kind == "town":
            img.paste(tile_image("town", 0, t, "yellow"), (tx, ty))
        elif kind:
            img.paste(tile_image(kind, rot, t), (tx, ty))
        else:
            kit.highlight_line(d, [(tx + 4, ty + t * 0.7), (tx + t * 0.6, ty + t * 0.7)], 6)
            draw_arrow(d, [(tx + 4, ty + t * 0.7), (tx + t * 0.6, ty + t * 0.7)], 14)
        d.text((tx + t + 8, ty + t / 2), words, font=kit.font(16), fill=kit.INK, anchor="lm")
    return y + 3 * (t + 10)


MAX_W = 1400
"""The full board's widest image: the panel goes beside the map or under
it, whichever leaves the larger cells."""
MAX_H = 1500


@dataclass(frozen=True)
class Layout:
    s: int
    width: int
    height: int
    ox: int
    oy: int
    below: bool


def layout(ext: Extent, state: DaysOfSteamState, hand: bool) -> Layout:
    """Cell size and where the map and the panel go on the full board."""
    table = _table_height(len(state["players"]))
    market = _market_height(state) + LEGEND_H
    hand_h = HAND_H if hand else 0
    side_panel = table + market + hand_h + 20
    under_panel = max(table + hand_h, market) + 10
    frame = 2 * MARGIN + 20

    def fit(width: int, height: int) -> int:
        return max(44, min(110, width // ext.columns, height // ext.rows))

    beside = fit(MAX_W - PANEL_W - frame, 1060)
    under = fit(MAX_W - frame, MAX_H - under_panel - frame)
    if under > beside * 1.15:
        s = under
        map_w = ext.columns * s + frame
        width = max(map_w, 2 * PANEL_W + 30)
        ox = (width - ext.columns * s) // 2
        return Layout(s, width, ext.rows * s + frame + under_panel, ox, MARGIN + 10, True)
    s = beside
    width = max(1000, ext.columns * s + frame + PANEL_W)
    height = max(ext.rows * s + frame, side_panel + 20)
    return Layout(s, width, height, MARGIN + 10, MARGIN + 10, False)
