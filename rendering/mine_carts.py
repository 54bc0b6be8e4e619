"""The Mine Carts board image, one picture that reads in the chat.

Layout, and why: the grid is a fixed 9 x 9 (it never grows, so there is
nothing to crop to) and every square can matter, since carts wrap off any
edge; so the posted image is the whole board, drawn portrait so that Discord's
550 px chat width shrinks it by only a quarter (a landscape board with the
panel beside the grid was shrunk by almost half). On top: whose turn it is
(or the result) and the last move in words; then the grid with its ghosted
wrap bands on all four sides (the squares across each edge, faded), every
card's black and coloured track (each coloured branch with its letter),
pits, towns, the mine, the carts (the team's colour, shape and number: Red
circles, Blue squares; the gold cart a gold hexagon with G); below it each
team's gold, allotment and factory, then the switch and the deck. There is
no separate full board (``render_full``): this one is it.

The last move is drawn in the kit's highlight form (a white band between
black edges with black dashes), never in a player's colour: the cards laid
this turn are framed in it, and each cart's path of the last move runs
beside the track (cart 1 above and left of it, cart 2 below and right, the
gold cart further out), so the track stays visible and two paths through one
square stay apart; each path starts at a tag naming its cart (``R1``,
``B2``, ``G``) and ends in an arrowhead.

``step_picture`` pictures a panel step whose choices do not finish an action
(the factory's cards) and the rotations of a card on its square.
"""

from __future__ import annotations

import copy
import io
import math
from typing import Any, Sequence

from PIL import Image, ImageDraw, ImageFont

from games.mine_carts.board import EDGES, coords, is_town, neighbour
from games.mine_carts.movement import GOLD
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, MineCartsState, Move, Placed
from games.mine_carts.track import lengths, stem
from rendering import kit

CELL = 70
BAND = 24                      # the ghosted wrap band on each side
LABEL = 22                     # row and column names outside the bands
MARGIN = 8
SPAN = 9 * CELL
HEADER = 104                   # whose turn, and the last move in two lines
GRID_X = MARGIN + LABEL + BAND
GRID_Y = HEADER + LABEL + BAND
WIDTH = 2 * GRID_X + SPAN
GRID_BOTTOM = GRID_Y + SPAN + BAND + LABEL
PANEL_Y = GRID_BOTTOM + 10
TEAM_W = (WIDTH - 3 * 10) // 2
TEAM_H = 196
FOOT_Y = PANEL_Y + TEAM_H + 12
HEIGHT = FOOT_Y + 62

EMPTY: kit.RGB = (226, 217, 196)
CARD: kit.RGB = (252, 249, 242)
PIT: kit.RGB = (70, 48, 30)
MINE: kit.RGB = (88, 88, 92)
GOLD_RGB: kit.RGB = (242, 196, 28)
BRANCH: dict[str, kit.RGB] = {"black": kit.INK, "green": (0, 158, 115), "orange": (230, 159, 0),
                              "fuchsia": (204, 121, 167)}
TEAM_RGB: tuple[kit.RGB, ...] = ((213, 94, 0), (0, 114, 178))   # vermillion, blue (Okabe-Ito)
TEAM_TINT: tuple[kit.RGB, ...] = ((246, 214, 196), (200, 224, 240))
TEAM_SHAPE = ("circle", "square")
TEAM_LETTER = ("R", "B")
PALETTES: dict[str, Sequence[kit.RGB]] = {
    "carts": (*TEAM_RGB, GOLD_RGB),
    "branches": tuple(BRANCH.values()),
}
"""The colours that carry meaning: the teams' carts and the gold cart (each
also a shape and a letter), and the track's branches (each also a letter)."""
PATH_WIDTH = 5
PATH_OFFSET: dict[str, float] = {"1": -14, "2": 14, GOLD: -27}
"""How far each cart's path runs from the track's centre line, along the
diagonal (so beside both a horizontal and a vertical length of track)."""


def _state(state: dict[str, Any]) -> MineCartsState:
    return state  # type: ignore[return-value]


def cell_box(square: str) -> tuple[int, int, int, int]:
    x, y = coords(square)
    return GRID_X + x * CELL, GRID_Y + y * CELL, GRID_X + (x + 1) * CELL, GRID_Y + (y + 1) * CELL


def centre(square: str) -> tuple[float, float]:
    left, top, right, bottom = cell_box(square)
    return (left + right) / 2, (top + bottom) / 2


def _edge_point(c: tuple[float, float], edge: int, size: float = CELL) -> tuple[float, float]:
    half = size / 2
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[edge]
    return c[0] + dx * half, c[1] + dy * half


# -- cards ------------------------------------------------------------------

def draw_card(draw: ImageDraw.ImageDraw, c: tuple[float, float], placed: Placed, size: float = CELL) -> None:
    """One card: its face, then black track, then coloured branches with
    their initial letter (hue is never the only cue)."""
    half = size / 2 - 1
    box = (c[0] - half, c[1] - half, c[0] + half, c[1] + half)
    if placed["card"] == "pit":
        draw.rectangle(box, fill=EMPTY, outline=kit.MUTED)
        r = size * 0.36
        draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=PIT, outline=kit.INK, width=2)
        draw.text(c, "PIT", font=kit.font(max(10, int(size * 0.2)), True), fill=(255, 255, 255), anchor="mm")
        return
    draw.rectangle(box, fill=CARD, outline=kit.MUTED)
    width = max(4, int(size * 0.11))
    parts = sorted(lengths(placed), key=lambda p: p[2] != "black")
    for a, b, colour in parts:
        kit.draw_track_between(draw, c, _edge_point(c, a, size), _edge_point(c, b, size), kit.INK,
                               width + 4)
        kit.draw_track_between(draw, c, _edge_point(c, a, size), _edge_point(c, b, size), BRANCH[colour],
                               width)
    s = stem(placed)
    for a, b, colour in parts:
        if colour == "black":
            continue
        exit_edge = b if a == s else a
        px, py = _edge_point(c, exit_edge, size * 0.62)
        f = kit.font(max(10, int(size * 0.2)), True)
        draw.text((px, py), colour[0].upper(), font=f, fill=BRANCH[colour], anchor="mm",
                  stroke_width=2, stroke_fill=(255, 255, 255))


def _town(draw: ImageDraw.ImageDraw, square: str) -> None:
    team = rules().towns[square]
    left, top, right, bottom = cell_box(square)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=TEAM_TINT[team], outline=TEAM_RGB[team], width=4)
    cx = (left + right) / 2
    pale = tuple((c + 255 * 2) // 3 for c in TEAM_RGB[team])
    roof = [(cx - 24, top + 38), (cx, top + 20), (cx + 24, top + 38)]
    draw.polygon(roof, fill=pale)
    draw.rectangle((cx - 17, top + 38, cx + 17, bottom - 6), fill=pale)
    draw.text((cx, top + 11), f"{rules().teams[team]} town", font=kit.font(13, True), fill=kit.INK,
              anchor="mm")


def _mine(draw: ImageDraw.ImageDraw) -> None:
    square = rules().mine
    left, top, right, bottom = cell_box(square)
    c = centre(square)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=MINE, outline=kit.INK, width=2)
    for e in range(4):
        draw.line([c, _edge_point(c, e)], fill=(40, 40, 40), width=10)
    draw.text((c[0], top + 12), "MINE", font=kit.font(14, True), fill=(255, 255, 255), anchor="mm")


# -- carts ------------------------------------------------------------------

def cart_marker(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, team: int, cart: str) -> None:
    """A team cart: the team's colour and shape (Red circle, Blue square) with
    its number; the gold cart: a gold hexagon with G."""
    if cart == GOLD:
        draw.polygon(kit.regular_polygon(cx, cy, r * 1.15, 6, 0), fill=GOLD_RGB, outline=kit.INK, width=3)
        draw.text((cx, cy), "G", font=kit.font(int(r * 1.2), True), fill=kit.INK, anchor="mm")
        return
    fill = TEAM_RGB[team]
    if TEAM_SHAPE[team] == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=kit.INK, width=3)
    else:
        s = r * 0.92
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=kit.INK, width=3)
    draw.text((cx, cy), cart, font=kit.font(int(r * 1.3), True), fill=(255, 255, 255), anchor="mm")


def _heading(draw: ImageDraw.ImageDraw, c: tuple[float, float], cart: Cart) -> None:
    """A small black arrowhead toward the edge the cart heads to."""
    if cart["path"] is None:
        return
    edge = cart["path"][1]
    tip = _edge_point(c, edge, CELL * 0.86)
    base = _edge_point(c, edge, CELL * 0.6)
    side = (edge + 1) % 4
    dx, dy = _edge_point((0, 0), side, 16)
    draw.polygon([tip, (base[0] + dx, base[1] + dy), (base[0] - dx, base[1] - dy)], fill=kit.INK)


def _carts(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    waiting: dict[str, list[tuple[int, str]]] = {}
    placed: list[tuple[str, int, str, Cart]] = []
    for t, team in enumerate(state["teams"]):
        for number, cart in team["carts"].items():
            placed.append((cart["square"], t, number, cart))
    placed.append((state["gold_cart"]["square"], -1, GOLD, state["gold_cart"]))
    for square, t, number, cart in placed:
        if cart["path"] is None:
            waiting.setdefault(square, []).append((t, number))
            continue
        c = centre(square)
        _heading(draw, c, cart)
        cart_marker(draw, c[0], c[1], 19, t, number)
    for square, carts in waiting.items():
        cx, cy = centre(square)
        for i, (t, number) in enumerate(carts):
            off = (i - (len(carts) - 1) / 2) * 34
            cart_marker(draw, cx + off, cy + 10, 15, t, number)


# -- the last turn ------------------------------------------------------------

def _path_points(squares: list[str]) -> list[list[tuple[float, float]]]:
    """The path through cell centres, cut where it wraps off an edge (each
    piece runs to the edge it leaves by or comes in from)."""
    pieces: list[list[tuple[float, float]]] = [[centre(squares[0])]]
    for a, b in zip(squares, squares[1:]):
        edge = next((e for e in range(4) if neighbour(a, e) == b), 0)
        (ax, ay), (bx, by) = coords(a), coords(b)
        if abs(ax - bx) + abs(ay - by) == 1:
            pieces[-1].append(centre(b))
        else:
            pieces[-1].append(_edge_point(centre(a), edge, CELL + 2 * BAND - 4))
            pieces.append([_edge_point(centre(b), (edge + 2) % 4, CELL + 2 * BAND - 4), centre(b)])
    return pieces


def _offset(pieces: list[list[tuple[float, float]]], by: float) -> list[list[tuple[float, float]]]:
    return [[(x + by, y + by) for x, y in pts] for pts in pieces]


def _arrowhead(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A black arrowhead with a white rim at ``b``, pointing from ``a``."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    size = 13
    tip = (b[0] + size * math.cos(angle), b[1] + size * math.sin(angle))
    wings = [(b[0] - size * 0.8 * math.cos(angle + s), b[1] - size * 0.8 * math.sin(angle + s)) for s in (0.9, -0.9)]
    draw.polygon([tip, *wings], fill=kit.HIGHLIGHT_DASH, outline=kit.HIGHLIGHT, width=2)


def path_tag(move: Move) -> str:
    """The name a path's tag shows: the team's letter and the cart's number
    (``R1``, ``B2``), or ``G`` for the gold cart."""
    return "G" if move["cart"] == GOLD else f"{TEAM_LETTER[move['team']]}{move['cart']}"


def _tag(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str) -> None:
    face = kit.font(15, True)
    w = draw.textlength(text, font=face) + 10
    x, y = at
    draw.rounded_rectangle((x - w / 2, y - 11, x + w / 2, y + 11), radius=5, fill=kit.HIGHLIGHT,
                           outline=kit.HIGHLIGHT_DASH, width=2)
    draw.text((x, y), text, font=face, fill=kit.INK, anchor="mm")


def path_pieces(move: Move) -> list[list[tuple[float, float]]]:
    """Where a cart's path of the last move is drawn: through the centres of
    the squares it entered, shifted off the track by the cart's offset."""
    return _offset(_path_points(move["squares"]), PATH_OFFSET[move["cart"]])


def _moves(draw: ImageDraw.ImageDraw, moves: list[Move], last: bool) -> None:
    """Each cart's path beside the track, then an arrowhead at its end and
    its tag on its first step (tags last: never hidden). Paths of the last
    move are in the highlight form; the paths of the turn before the cards
    just laid are thin grey lines (seen, but not taken for the last move)."""
    drawn = [(m, path_pieces(m)) for m in moves if len(m["squares"]) > 1]
    for _m, pieces in drawn:
        for pts in pieces:
            if last:
                kit.highlight_line(draw, pts, PATH_WIDTH)
            elif len(pts) > 1:
                draw.line(pts, fill=kit.MUTED, width=3, joint="curve")
        tail = pieces[-1]
        if last and len(tail) > 1:
            _arrowhead(draw, tail[-2], tail[-1])
    for m, pieces in drawn:
        _tag(draw, tag_point(pieces), path_tag(m))


def tag_point(pieces: list[list[tuple[float, float]]]) -> tuple[float, float]:
    """Where a path's tag goes: halfway along its first step (off the
    square it starts in, so a town's or the mine's name stays readable)."""
    (x0, y0), (x1, y1) = pieces[0][0], pieces[0][1]
    return (x0 + x1) / 2, (y0 + y1) / 2


# -- the grid -----------------------------------------------------------------

def _grid(state: MineCartsState) -> Image.Image:
    """The 9 x 9 cells at their places on a full-size canvas."""
    image, draw = kit.new_canvas(WIDTH, HEIGHT)
    size = rules().size
    for y in range(size):
        for x in range(size):
            sq = f"{'ABCDEFGHI'[x]}{y + 1}"
            left, top, right, bottom = cell_box(sq)
            if is_town(sq):
                _town(draw, sq)
            elif sq == rules().mine:
                _mine(draw)
            elif sq in state["grid"]:
                draw_card(draw, centre(sq), state["grid"][sq])
            else:
                draw.rectangle((left, top, right - 1, bottom - 1), fill=EMPTY, outline=(200, 190, 168))
    return image


def _bands(image: Image.Image) -> None:
    """The wrap: each side's band shows the far side's squares, faded, with
    arrows saying the edges join."""
    span = 9 * CELL
    grid = image.crop((GRID_X, GRID_Y, GRID_X + span, GRID_Y + span))
    fade = Image.new("RGB", grid.size, kit.BACKGROUND)
    ghost = Image.blend(grid, fade, 0.55)
    image.paste(ghost.crop((span - BAND, 0, span, span)), (GRID_X - BAND, GRID_Y))
    image.paste(ghost.crop((0, 0, BAND, span)), (GRID_X + span, GRID_Y))
    image.paste(ghost.crop((0, span - BAND, span, span)), (GRID_X, GRID_Y - BAND))
    image.paste(ghost.crop((0, 0, span, BAND)), (GRID_X, GRID_Y + span))
    draw = ImageDraw.Draw(image)
    draw.rectangle((GRID_X - 2, GRID_Y - 2, GRID_X + span + 1, GRID_Y + span + 1), outline=kit.INK, width=3)
    f = kit.font(16, True)
    for i in range(9):
        x = GRID_X + i * CELL + CELL // 2
        y = GRID_Y + i * CELL + CELL // 2
        draw.text((x, GRID_Y - BAND - 4), "ABCDEFGHI"[i], font=f, fill=kit.INK, anchor="mb")
        draw.text((x, GRID_Y + span + BAND + 4), "ABCDEFGHI"[i], font=f, fill=kit.INK, anchor="mt")
        draw.text((GRID_X - BAND - 6, y), str(i + 1), font=f, fill=kit.INK, anchor="rm")
        draw.text((GRID_X + span + BAND + 6, y), str(i + 1), font=f, fill=kit.INK, anchor="lm")
    for corner in ((GRID_X - BAND, GRID_Y - BAND), (GRID_X + span, GRID_Y - BAND),
                   (GRID_X - BAND, GRID_Y + span), (GRID_X + span, GRID_Y + span)):
        draw.rectangle((*corner, corner[0] + BAND - 1, corner[1] + BAND - 1), fill=kit.BACKGROUND)
        draw.text((corner[0] + BAND / 2, corner[1] + BAND / 2), "⟲", font=kit.font(18, True),
                  fill=kit.MUTED, anchor="mm")


# -- the panel -----------------------------------------------------------------

def _short(code: str) -> str:
    """A factory card's caption: its name, or a junction's colours (the
    picture shows its shape)."""
    if code.endswith(("-straight", "-curve")):
        return code.split("-")[0]
    if "-" in code:
        return "+".join(part[0].upper() for part in code.split("-"))
    return code


def _gold_row(draw: ImageDraw.ImageDraw, x: int, y: int, gold: int) -> None:
    """``Gold n of 3`` and a hexagon per gold to win, filled for each won."""
    face = kit.essential_font("standing", 24, True)
    text = f"Gold {gold} of {rules().gold_to_win}"
    draw.text((x, y), text, font=face, fill=kit.INK, anchor="lm")
    gx = x + draw.textlength(text, font=face) + 20
    for g in range(rules().gold_to_win):
        fill = GOLD_RGB if g < gold else (255, 255, 255)
        draw.polygon(kit.regular_polygon(gx + g * 24, y, 11, 6, 0), fill=fill, outline=kit.INK, width=2)


def team_wins(state: MineCartsState, t: int) -> bool:
    """Whether team ``t`` won a game that is over (more gold than the other;
    equal gold is a draw, no winner)."""
    if state["phase"] != "over":
        return False
    return all(state["teams"][t]["gold"] > other["gold"] for o, other in enumerate(state["teams"]) if o != t)


def _team_box(draw: ImageDraw.ImageDraw, state: MineCartsState, t: int, x: int, y: int) -> None:
    """One team: its marker and name (and TO PLAY on its turn), its members,
    its gold, its allotment and its factory's cards."""
    team = state["teams"][t]
    active = state["team"] == t and state["phase"] != "over"
    right = x + TEAM_W
    draw.rectangle((x, y, right, y + TEAM_H), fill=TEAM_TINT[t],
                   outline=kit.INK if active else TEAM_RGB[t], width=6 if active else 2)
    cart_marker(draw, x + 24, y + 26, 15, t, TEAM_LETTER[t])
    draw.text((x + 48, y + 26), team["name"], font=kit.essential_font("standing", 24, True), fill=kit.INK,
              anchor="lm")
    badge = "TO PLAY" if active else "WINS" if team_wins(state, t) else ""
    if badge:
        face = kit.essential_font("turn", 18, True)
        w = draw.textlength(badge, font=face)
        draw.rounded_rectangle((right - w - 28, y + 12, right - 10, y + 40), radius=6, fill=kit.INK)
        draw.text((right - 19 - w / 2, y + 26), badge, font=face, fill=(255, 255, 255), anchor="mm")
    names = ", ".join(state["players"][s] for s in team["seats"])
    draw.text((x + 12, y + 54), _fit(draw, names, 16, TEAM_W - 24), font=kit.font(16), fill=kit.INK, anchor="lm")
    _gold_row(draw, x + 12, y + 84, team["gold"])
    laid = f" ({team['laid']} laid)" if active and state["phase"] == "lay" else ""
    draw.text((x + 12, y + 114), f"Lays {team['allotment']} a turn{laid}", font=kit.font(18), fill=kit.INK,
              anchor="lm")
    for i, code in enumerate(team["factory"]):
        cx = x + 40 + i * 64
        draw_card(draw, (cx, y + 152), Placed(card=code, rotation=0), 44)
        draw.text((cx, y + 184), _short(code), font=kit.font(13, True), fill=kit.INK, anchor="mm")
    if not team["factory"]:
        draw.text((x + 12, y + 152), "Factory: (empty)", font=kit.font(15), fill=kit.MUTED, anchor="lm")


def _foot(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    """The switch (the colour it is on filled, each with its letter) and the
    deck."""
    x, y = MARGIN + 6, FOOT_Y
    draw.text((x, y + 20), "Switch", font=kit.font(22, True), fill=kit.INK, anchor="lm")
    for i, colour in enumerate(rules().switch_colours):
        bx = x + 90 + i * 54
        on = state["switch"] == colour
        draw.rectangle((bx, y, bx + 44, y + 40), fill=BRANCH[colour] if on else (250, 250, 250),
                       outline=kit.INK if on else BRANCH[colour], width=5 if on else 3)
        draw.text((bx + 22, y + 20), colour[0].upper(), font=kit.font(22, True),
                  fill=kit.INK if on else BRANCH[colour], anchor="mm")
    deck = sum(state["deck"].values())
    discard = sum(state["discard"].values())
    dx = x + 270
    draw.text((dx, y + 10), f"Deck {deck} · discard {discard}", font=kit.font(19), fill=kit.INK, anchor="lm")
    draw.text((dx, y + 36), "reshuffled: the last deck" if state["reshuffled"] else "one reshuffle left",
              font=kit.font(16), fill=kit.MUTED, anchor="lm")


def _header(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    """Whose turn it is (or the result), then the last move after a sample
    of the highlight form, in at most two lines."""
    from games.mine_carts.game import MineCarts as GAME

    status = GAME.turn_line(state).replace(" (either may act)", "")  # type: ignore[arg-type]
    size = _largest(draw, status, 28, 19, WIDTH - 24)
    draw.text((12, 8), _fit(draw, status, size, WIDTH - 24), font=kit.essential_font("turn", size, True),
              fill=kit.INK)
    last = state["last"]
    if last is None:
        return
    kit.highlight_line(draw, [(12, 58), (40, 58)], PATH_WIDTH)
    face = kit.essential_font("last", 20)
    for n, line in enumerate(_lines(draw, f"Last: {last['text']}", face, WIDTH - 62, 2)):
        draw.text((50, 46 + 26 * n), line, font=face, fill=kit.INK)


def _largest(draw: ImageDraw.ImageDraw, text: str, size: int, smallest: int, width: int) -> int:
    """The largest bold size from ``size`` down to ``smallest`` at which
    ``text`` fits ``width``."""
    while size > smallest and draw.textlength(text, font=kit.font(size, True)) > width:
        size -= 1
    return size


def _lines(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: int,
           most: int) -> list[str]:
    """``text`` broken at spaces into at most ``most`` lines of ``width``,
    the last cut with "…" when it is too long."""
    words = text.split(" ")
    lines: list[str] = []
    while words and len(lines) < most:
        line = words.pop(0)
        while words and draw.textlength(f"{line} {words[0]}", font=face) <= width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words or (lines and draw.textlength(lines[-1], font=face) > width):
        tail = " ".join([lines[-1], *words])
        while tail and draw.textlength(tail + "…", font=face) > width:
            tail = tail[:-1]
        lines[-1] = tail + "…"
    return lines


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    face = kit.font(size, True)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _last_laid(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    """The cards laid this turn, framed in the highlight form."""
    last = state["last"]
    if last is None or last["kind"] != "lay":
        return
    for sq in last["where"]:
        frame(draw, sq)


def frame(draw: ImageDraw.ImageDraw, square: str) -> None:
    """The highlight form around a square, on its border line (the track's
    ends stay visible on both sides of it)."""
    left, top, right, bottom = cell_box(square)
    kit.highlight_box(draw, (left + 1, top + 1, right - 2, bottom - 2), PATH_WIDTH)


def _board(s: MineCartsState) -> Image.Image:
    """The grid with its wrap bands, the last move and the carts."""
    image = _grid(s)
    _bands(image)
    draw = ImageDraw.Draw(image)
    _last_laid(draw, s)
    if s["last"] is not None:
        _moves(draw, s["last"]["moves"], s["last"]["kind"] == "switch")
    _carts(draw, s)
    return image


def board_image(state: dict[str, Any]) -> Image.Image:
    """The whole picture, before it is packed as a PNG."""
    s = _state(state)
    image = _board(s)
    draw = ImageDraw.Draw(image)
    _header(draw, s)
    for t in range(len(s["teams"])):
        _team_box(draw, s, t, 10 + t * (TEAM_W + 10), PANEL_Y)
    _foot(draw, s)
    return image


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    return _png(board_image(state))


def _png(image: Image.Image) -> bytes:
    """PNG bytes, palette-quantised with the fast octree (kit.to_png's median
    cut takes ~3x longer on this board's faded wrap bands, for no visible gain)."""
    buffer = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """Around the squares of the last move (the cards just laid, or the cells
    the carts entered), one cell of margin, within the grid and its bands."""
    last = _state(state)["last"]
    if last is None or not last["where"]:
        return None
    boxes = [cell_box(sq) for sq in last["where"]]
    return _around(boxes)


def _around(boxes: list[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    left = min(b[0] for b in boxes) - CELL
    top = min(b[1] for b in boxes) - CELL
    right = max(b[2] for b in boxes) + CELL
    bottom = max(b[3] for b in boxes) + CELL
    return (max(GRID_X - BAND, left), max(GRID_Y - BAND, top), min(GRID_X + SPAN + BAND, right),
            min(GRID_Y + SPAN + BAND, bottom))


# -- the panel's pictures --------------------------------------------------------

SHEET_TEXT = "Your choices - not played yet"


def step_picture(state: dict[str, Any], viewer: int | None, prefix: Sequence[str]) -> bytes | None:
    """A picture of the choices at a step of the lay panel, numbered as its
    buttons are: with nothing chosen yet, the factory's cards side by side;
    after a card and its square, the card on that square in each of its
    rotations. None at any other step, or for a viewer who is not to lay."""
    from games.mine_carts import GAME

    s = _state(state)
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
        for n, line in enumerate(_lines(draw, f"{i + 1}. {name}", face, cell - 16, 2)):
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
        image = _board(after)
        frame(ImageDraw.Draw(image), square)
        crop = image.crop(_around([cell_box(square)]))
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
        for n, line in enumerate(_lines(draw, f"{i + 1}. {label}", face, w, 2)):
            draw.text((x, y + crop.height + 6 + 22 * n), line, font=face, fill=kit.INK)
    return kit.to_png(kit.preview_banner(sheet, SHEET_TEXT))


__all__ = ["EDGES", "PALETTES", "render", "focus_box", "step_picture"]
