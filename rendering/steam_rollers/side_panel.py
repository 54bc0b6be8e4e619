"""The Steam Rollers full board's right-hand panel: the shown map's header,
the supply board, the special cards with their holders, the score
breakdown table, the legend and wrapped notes.
"""

from __future__ import annotations

from PIL import ImageDraw

from games.core import State
from games.steam_rollers.board import board
from games.steam_rollers.cards import held_codes, side
from games.steam_rollers.deliver import engine_strength
from games.steam_rollers.params import rules
from games.steam_rollers.scoring import breakdown
from games.steam_rollers.state import SteamRollersState, typed
from rendering import kit
from rendering.steam_rollers.chat_panel import dice_note, draw_engine
from rendering.steam_rollers.geometry import ENGINE_STEP, FULL_RIGHT, FULL_WIDTH, REGION_TINT
from rendering.steam_rollers.pieces import draw_city_token, draw_cube, draw_die


def draw_full_header(draw: ImageDraw.ImageDraw, state: State, seat: int, letters: list[str]) -> None:
    st = typed(state)
    kit.seat_marker(draw, 30, 30, 18, seat, letters[seat])
    title_font = kit.font(28, True)
    title = kit.fit_text(st["players"][seat], title_font, 250 - title_font.getlength("'s map")) + "'s map"
    draw.text((58, 30), title, font=title_font, fill=kit.INK, anchor="lm")
    draw_engine(draw, state, seat, 330, 16)
    strength = engine_strength(state, seat)
    bonus = " (4b +1)" if strength > len(st["maps"][seat]["engine"]) else ""
    draw.text((330 + 96 + 6 * ENGINE_STEP + 8, 30), f"strength {strength}{bonus}", font=kit.font(20, True),
              fill=kit.INK, anchor="lm")
    dels = st["maps"][seat]["deliveries"]
    parts = breakdown(state, seat)
    points = parts["deliveries"]
    summary = (f"Deliveries {points} pt{'' if points == 1 else 's'} ({len(dels)} cube{'' if len(dels) == 1 else 's'})"
               f" · network {parts['network']} · engine bonus {parts['engine']} · cards {parts['cards']}"
               f" · total {sum(parts.values())}")
    draw.text((14, 68), summary, font=kit.font(18), fill=kit.INK, anchor="lm")


def draw_supply(draw: ImageDraw.ImageDraw, st: SteamRollersState) -> int:
    x0, y = FULL_RIGHT, 14
    y = kit.draw_title(draw, x0, y, "Supply board", 24)
    geo = board()
    layout = ((1, 3, 6), (5, 4, 2))
    bw, bh = 166, 96
    for r, row in enumerate(layout):
        for c, number in enumerate(row):
            bx, by = x0 + c * (bw + 6), y + r * (bh + 6)
            colour = geo.city_colour[number]
            draw.rectangle((bx, by, bx + bw, by + bh), fill=REGION_TINT[colour], outline=kit.INK, width=2)
            draw_city_token(draw, bx + 19, by + 19, 17, number)
            cubes = st["cubes"][str(number)]
            draw.text((bx + 42, by + 19), f"{colour} · {len(cubes)}", font=kit.font(16), fill=kit.INK, anchor="lm")
            for i, cube in enumerate(cubes):
                draw_cube(draw, bx + 6 + (i % 6) * 26, by + 40 + (i // 6) * 26, cube, 24)
    y += 2 * (bh + 6) + 6
    black = st["black"]
    draw.text((x0, y + 24), "Black die:", font=kit.font(20, True), fill=kit.INK, anchor="lm")
    if black is not None:
        draw_die(draw, x0 + 116, y, 48, int(black), True)
        shapes = " or ".join(rules().black_die_shapes[int(black)])
        draw.text((x0 + 176, y + 24), f"{black}: {shapes} track", font=kit.font(18), fill=kit.INK, anchor="lm")
    y += 56
    draw.text((x0, y + 18), "White dice:", font=kit.font(20, True), fill=kit.INK, anchor="lm")
    dx = x0 + 136
    for value in st["pool"]:
        draw_die(draw, dx, y, 36, value, False)
        dx += 44
    if not st["pool"] and st["held"] is None:
        draw.text((dx, y + 18), "none", font=kit.font(18), fill=kit.MUTED, anchor="lm")
    note = dice_note(st)
    if note:
        y += 40
        draw.text((x0 + 136, y + 16), kit.fit_text(note, kit.font(18), FULL_WIDTH - 14 - x0 - 136),
                  font=kit.font(18), fill=kit.INK, anchor="lm")
    return y + 44


def draw_cards(draw: ImageDraw.ImageDraw, state: State, y: int, letters: list[str]) -> int:
    st = typed(state)
    x0 = FULL_RIGHT
    y = kit.draw_title(draw, x0, y, "Special cards", 22)
    last = st["last"]
    for number in range(1, 7):
        entry = st["cards"][str(number)]
        info = side(state, number)
        kind = "once" if info.one_time else "keep"
        row_y = y + (number - 1) * 34
        if last is not None and last["kind"] == "card" and last.get("card") == number:
            kit.highlight_box(draw, (x0 - 4, row_y - 3, x0 + 506, row_y + 31), 4)
        draw.rectangle((x0, row_y, x0 + 46, row_y + 28), fill=(255, 255, 255), outline=kit.INK, width=2)
        draw.text((x0 + 23, row_y + 14), info.code, font=kit.font(18, True), fill=kit.INK, anchor="mm")
        vp = f", {info.vp} VP" if info.vp else ""
        draw.text((x0 + 54, row_y + 14), f"{info.name} ({kind}{vp})", font=kit.font(16), fill=kit.INK, anchor="lm")
        holder = entry["holder"]
        if holder is None:
            draw.text((x0 + 500, row_y + 14), "centre", font=kit.font(16), fill=kit.MUTED, anchor="rm")
        else:
            kit.seat_marker(draw, x0 + 400, row_y + 14, 12, holder, letters[holder])
            tag = "sideways" if entry["sideways"] else "upright"
            draw.text((x0 + 500, row_y + 14), tag, font=kit.font(16, entry["sideways"]),
                      fill=kit.INK, anchor="rm")
    return y + 6 * 34


def draw_players(draw: ImageDraw.ImageDraw, state: State, shown: int, letters: list[str]) -> None:
    st = typed(state)
    x0, y = 14, 640
    y = kit.draw_title(draw, x0, y, "Players", 22)
    header = ["", "Player", "Score", "Deliv.", "Network", "Engine", "Cards", "Card VP"]
    widths = [40, 170, 80, 80, 100, 90, 170, 90]
    rows = []
    fills: list[kit.RGB | None] = []
    name_width = widths[1] - 8 - kit.font(18).getlength(" *")
    for seat, player in enumerate(st["players"]):
        parts = breakdown(state, seat)
        boxes = len(st["maps"][seat]["engine"])
        engine = f"{boxes}" + ("+1" if engine_strength(state, seat) > boxes else "")
        name = kit.fit_text(player, kit.font(18), name_width)
        rows.append(["", name + (" *" if seat == st["start"] else ""), str(sum(parts.values())),
                     str(parts["deliveries"]), str(parts["network"]), engine,
                     " ".join(held_codes(state, seat)) or "-", str(parts["cards"])])
        fills.append((255, 236, 200) if seat == shown else None)
    end = kit.draw_table(draw, x0, y, header, rows, widths, row_height=34, size=18, row_fills=fills)
    for seat in range(len(st["players"])):
        kit.seat_marker(draw, x0 + 20, y + 34 * (seat + 1) + 16, 12, seat, letters[seat])
    draw.text((x0, end + 8), "* start player · score = deliveries + network + engine bonus + card VP",
              font=kit.font(16), fill=kit.MUTED)


LEGEND = (
    "Black die 1-2: straight or gentle curve · 3-4: straight or sharp · 5-6: gentle or sharp.",
    "Brown bars are walls; black dots are towns; +N marks a scoring connection; the dashed white line "
    "marks the last move. Cards: once = back to the centre after use, keep = stays until stolen, "
    "sideways = just taken (safe, usable next round).",
)


def draw_legend(draw: ImageDraw.ImageDraw) -> None:
    y = 920 - 180
    draw.line((FULL_RIGHT, y - 8, FULL_WIDTH - 14, y - 8), fill=kit.MUTED, width=1)
    for text in LEGEND:
        y = draw_wrapped(draw, FULL_RIGHT, y, text, kit.INK, False, size=18) + 4


def draw_wrapped(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: kit.RGB, bold: bool,
                 size: int = 19) -> int:
    """Text wrapped to the right column; returns the y below it."""
    face = kit.font(size, bold)
    for line in kit.wrap_text(text, face, FULL_WIDTH - x - 14):
        draw.text((x, y), line, font=face, fill=fill)
        y += size + 7
    return y
