"""The Steam Rollers chat image: the turn line and the last move on top, the
shown map large, the dice and the cubes left beside it, and one cell per
player below (his map as a thumbnail, score, engine and cards).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.core import State
from games.steam_rollers import GAME
from games.steam_rollers.cards import held_codes
from games.steam_rollers.params import rules
from games.steam_rollers.scoring import breakdown
from games.steam_rollers.state import SteamRollersState, typed
from rendering import kit
from rendering.steam_rollers.board_map import draw_map
from rendering.steam_rollers.geometry import (BLACK_DIE, CELL_H, CELL_W, CELLS_Y, CHAT_MAP, DICE_Y, ENGINE_STEP,
                                              SIDE_X, WIDTH, cell_origin, thumbnail)
from rendering.steam_rollers.panel_text import due_seats, engine_text, last_text, shown_seat, turn_text
from rendering.steam_rollers.pieces import draw_city_token, draw_cube, draw_die


def chat_image(state: State, viewer: int | None) -> Image.Image:
    """:func:`render`'s image, before it is mapped onto the palette."""
    st = typed(state)
    letters = kit.player_letters(st["players"])
    shown = shown_seat(st, viewer)
    players = len(st["players"])
    rows = (players + 1) // 2
    frame = CHAT_MAP
    height = CELLS_Y + rows * (CELL_H + 8) + 44
    image, draw = kit.new_canvas(WIDTH, height)
    _draw_header(draw, state, letters)
    _draw_map_title(draw, state, shown, letters, DICE_Y)
    draw_map(image, frame, st, shown)
    draw = ImageDraw.Draw(image)
    y = _draw_dice(draw, st, DICE_Y)
    _draw_cubes(draw, st, y + 10)
    due = due_seats(state)
    for seat in range(players):
        _draw_cell(image, state, seat, letters, shown, seat in due)
    draw = ImageDraw.Draw(image)
    draw.text((WIDTH // 2, height - 22), CHAT_LEGEND, font=kit.font(20), fill=kit.INK, anchor="mm")
    return image


CHAT_LEGEND = "Brown bars: walls · dots: towns · dashed white: last move · tap for cards and scores"


def _header_lines(state: State) -> tuple[str, list[str]]:
    """The turn line (cut to one line) and the last move (at most two)."""
    turn = kit.fit_text(turn_text(state), kit.font(30, True), WIDTH - 72)
    face = kit.font(24)
    last = kit.wrap_text(last_text(typed(state)["last"]), face, WIDTH - 100, max_lines=2)
    return turn, last


def _draw_header(draw: ImageDraw.ImageDraw, state: State, letters: list[str]) -> None:
    """Whose turn it is (his token first) and the last move (after a swatch of
    the highlight form that marks it on the map)."""
    turn, last = _header_lines(state)
    due = due_seats(state)
    x, y = 14, 12
    if due:
        kit.seat_marker(draw, x + 17, y + 19, 17, due[0], letters[due[0]])
        x += 44
    face = kit.essential_font("turn", 30, True)
    draw.text((x, y + 19), turn, font=face, fill=kit.INK, anchor="lm")
    y += 40
    face = kit.essential_font("last", 24)
    if typed(state)["last"] is not None:
        kit.highlight_line(draw, [(16.0, y + 16.0), (72.0, y + 16.0)], 8)
    for line in last:
        draw.text((86, y + 16), line, font=face, fill=kit.INK, anchor="lm")
        y += 32


def _draw_map_title(draw: ImageDraw.ImageDraw, state: State, seat: int, letters: list[str], y: int) -> None:
    kit.seat_marker(draw, 28, y + 14, 14, seat, letters[seat])
    face = kit.font(24, True)
    name = kit.fit_text(typed(state)["players"][seat], face, 440 - 16 - 50 - face.getlength("'s map"))
    draw.text((50, y + 14), f"{name}'s map", font=face, fill=kit.INK, anchor="lm")
    draw_engine(draw, state, seat, 440, y)


def draw_engine(draw: ImageDraw.ImageDraw, state: State, seat: int, x: int, y: int) -> None:
    """The six engine boxes, crossed out as a pen would, the last one crossed
    in the highlight form."""
    st = typed(state)
    record = st["maps"][seat]
    last = st["last"]
    face = kit.font(20, True)
    draw.text((x, y + 14), "Engine", font=face, fill=kit.INK, anchor="lm")
    x += round(face.getlength("Engine")) + 10
    for value in range(1, 7):
        box = (x, y + 1, x + 26, y + 27)
        crossed = value in record["engine"]
        if last is not None and last["seat"] == seat and last["kind"] == "improve" and last.get("box") == value:
            kit.highlight_box(draw, (x - 3, y - 2, x + 29, y + 30), 3)
        draw.rectangle(box, fill=(255, 255, 255), outline=kit.INK, width=2)
        if crossed:
            draw.line((x + 3, y + 4, x + 23, y + 24), fill=kit.MUTED, width=3)
            draw.line((x + 23, y + 4, x + 3, y + 24), fill=kit.MUTED, width=3)
        draw.text((x + 13, y + 14), str(value), font=kit.font(17, crossed), fill=kit.INK if crossed else kit.MUTED,
                  anchor="mm", stroke_width=2 if crossed else 0, stroke_fill=(255, 255, 255))
        x += ENGINE_STEP


def _draw_dice(draw: ImageDraw.ImageDraw, st: SteamRollersState, y: int) -> int:
    """The black die (with the shapes it allows) and the white dice left;
    returns the y below them."""
    x0 = SIDE_X
    draw.text((x0, y + 14), "Dice", font=kit.font(24, True), fill=kit.INK, anchor="lm")
    y += 36
    black = st["black"]
    if black is None or st["phase"] in ("setup", "roll"):
        draw.text((x0, y + 20), "not rolled yet", font=kit.font(22), fill=kit.MUTED, anchor="lm")
        return y + 50
    draw_die(draw, x0, y, BLACK_DIE, int(black), True)
    shapes = rules().black_die_shapes[int(black)]
    face = kit.font(22, True)
    draw.text((x0 + 76, y + 18), f"{shapes[0]} or", font=face, fill=kit.INK, anchor="lm")
    draw.text((x0 + 76, y + 46), f"{shapes[1]} track", font=face, fill=kit.INK, anchor="lm")
    y += 76
    x = x0
    for value in st["pool"]:
        draw_die(draw, x, y, 42, value, False)
        x += 48
    if not st["pool"]:
        draw.text((x0, y + 21), "no white dice left", font=kit.font(22), fill=kit.MUTED, anchor="lm")
    y += 48
    note = dice_note(st)
    if note:
        draw.text((x0, y + 14), kit.fit_text(note, kit.font(20), WIDTH - 10 - x0), font=kit.font(20),
                  fill=kit.INK, anchor="lm")
        y += 30
    return y


def dice_note(st: SteamRollersState) -> str:
    """Who holds a die now, and the dice claimed with 2b."""
    notes = []
    held = st["held"]
    if held is not None:
        claim = st["claim"]
        owner = claim["picker"] if claim is not None else st["current"]
        if owner is not None:
            notes.append(f"{st['players'][owner]} holds {held}")
    notes += [f"{st['players'][int(s)]} claimed {v}" for s, v in sorted(st["reserved"].items())]
    return " · ".join(notes)


def _draw_cubes(draw: ImageDraw.ImageDraw, st: SteamRollersState, y: int) -> None:
    """The cubes left on each city, city by city."""
    x0 = SIDE_X
    draw.text((x0, y + 14), "Cubes on the cities", font=kit.font(22, True), fill=kit.INK, anchor="lm")
    y += 34
    for number in range(1, 7):
        draw_city_token(draw, x0 + 17, y + 15, 17, number)
        x = x0 + 42
        for cube in st["cubes"][str(number)][:9]:
            draw_cube(draw, x, y + 2, cube, 25)
            x += 28
        y += 36


def _draw_cell(image: Image.Image, state: State, seat: int, letters: list[str], shown: int, due: bool) -> None:
    """One player: his map as a thumbnail (his name instead where his map is
    the large one), his score, engine and cards."""
    st = typed(state)
    x, y = cell_origin(seat)
    draw = ImageDraw.Draw(image)
    draw.rectangle((x, y, x + CELL_W, y + CELL_H), outline=kit.INK if due else kit.MUTED, width=4 if due else 1)
    frame = thumbnail(seat)
    draw_map(image, frame, st, seat)
    draw = ImageDraw.Draw(image)
    tx = round(frame.x + frame.width + 16)
    width = x + CELL_W - 8 - tx
    kit.seat_marker(draw, tx + 15, y + 26, 15, seat, letters[seat])
    face = kit.essential_font("standing", 24, True)
    draw.text((tx + 38, y + 26), kit.fit_text(st["players"][seat], face, width - 38), font=face, fill=kit.INK,
              anchor="lm")
    parts = breakdown(state, seat)
    total = sum(parts.values())
    face = kit.essential_font("standing", 30, True)
    draw.text((tx, y + 66), f"{total} point{'' if abs(total) == 1 else 's'}", font=face, fill=kit.INK,
              anchor="lm")
    face = kit.essential_font("standing", 22)
    draw.text((tx, y + 104), engine_text(state, seat), font=face, fill=kit.INK, anchor="lm")
    codes = " ".join(held_codes(state, seat)) or "-"
    draw.text((tx, y + 134), kit.fit_text(f"cards {codes}", face, width), font=face, fill=kit.INK, anchor="lm")
    over = GAME.is_over(state)
    tags = [tag for tag, on in (("won", over and seat in GAME.outcome(state).winners), ("to play", due),
                                ("start", seat == st["start"] and not over), ("map above", seat == shown)) if on]
    if tags:
        draw.text((tx, y + 164), " · ".join(tags), font=kit.font(20, True), fill=kit.MUTED, anchor="lm")
