"""The Mine Carts board image: the 9 x 9 grid with ghosted wrap bands on all
four sides (the squares across each edge, faded, with arrows), every card's
black and coloured track, pits, towns, the mine, the carts (team colour,
shape and number; the gold cart a gold hexagon), the last turn's cart paths
as magenta arrows and the last laid cards outlined in magenta; beside it each
team's gold, allotment and factory, the switch, and the deck."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image, ImageDraw

from games.mine_carts.board import EDGES, coords, is_town, neighbour
from games.mine_carts.movement import GOLD
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, MineCartsState, Move, Placed
from games.mine_carts.track import lengths, stem
from rendering import kit

CELL = 70
BAND = 24                      # the ghosted wrap band on each side
LABEL = 22                     # row and column names outside the bands
HEADER = 96
GRID_X = LABEL + BAND
GRID_Y = HEADER + LABEL + BAND
PANEL_X = GRID_X + 9 * CELL + BAND + LABEL + 8
WIDTH = PANEL_X + 268
HEIGHT = GRID_Y + 9 * CELL + BAND + LABEL + 10

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
PATH_RGB = kit.HIGHLIGHT


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


def _arrow(draw: ImageDraw.ImageDraw, pieces: list[list[tuple[float, float]]], colour: kit.RGB) -> None:
    for pts in pieces:
        if len(pts) > 1:
            draw.line(pts, fill=(255, 255, 255), width=11, joint="curve")
            draw.line(pts, fill=colour, width=6, joint="curve")
    tail = [p for p in pieces[-1]]
    if len(tail) < 2:
        return
    (x0, y0), (x1, y1) = tail[-2], tail[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    tip = (x1 + 14 * math.cos(angle), y1 + 14 * math.sin(angle))
    wing = [(x1 + 14 * math.cos(angle + s) * -1.1, y1 + 14 * math.sin(angle + s) * -1.1) for s in (0.6, -0.6)]
    draw.polygon([tip, wing[0], wing[1]], fill=colour, outline=(255, 255, 255))


def _moves(draw: ImageDraw.ImageDraw, moves: list[Move]) -> None:
    for m in moves:
        if len(m["squares"]) > 1:
            _arrow(draw, _path_points(m["squares"]), PATH_RGB)


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


def _panel(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    x, y = PANEL_X, HEADER + 8
    for t, team in enumerate(state["teams"]):
        active = state["team"] == t and state["phase"] != "over"
        height = 234
        draw.rectangle((x, y, WIDTH - 10, y + height), fill=TEAM_TINT[t],
                       outline=kit.INK if active else TEAM_RGB[t], width=5 if active else 2)
        cart_marker(draw, x + 24, y + 26, 15, t, team["name"][0])
        draw.text((x + 48, y + 26), team["name"] + ("  ◀ to play" if active else ""), font=kit.font(22, True),
                  fill=kit.INK, anchor="lm")
        names = ", ".join(state["players"][s] for s in team["seats"])
        draw.text((x + 12, y + 54), names[:24], font=kit.font(17), fill=kit.INK, anchor="lm")
        draw.text((x + 12, y + 88), f"Gold {team['gold']} of {rules().gold_to_win}", font=kit.font(24, True),
                  fill=kit.INK, anchor="lm")
        for g in range(rules().gold_to_win):
            gx = x + 196 + g * 22
            fill = GOLD_RGB if g < team["gold"] else (255, 255, 255)
            draw.polygon(kit.regular_polygon(gx, y + 88, 10, 6, 0), fill=fill, outline=kit.INK, width=2)
        laid = f" ({team['laid']} laid)" if active and state["phase"] == "lay" else ""
        draw.text((x + 12, y + 120), f"Lays {team['allotment']} a turn{laid}", font=kit.font(19), fill=kit.INK,
                  anchor="lm")
        draw.text((x + 12, y + 146), "Factory:", font=kit.font(15, True), fill=kit.INK, anchor="lm")
        for i, code in enumerate(team["factory"]):
            cx = x + 44 + i * 84
            draw_card(draw, (cx, y + 184), Placed(card=code, rotation=0), 48)
            draw.text((cx, y + 214), _short(code), font=kit.font(14, True), fill=kit.INK, anchor="mm")
        if not team["factory"]:
            draw.text((x + 90, y + 184), "(empty)", font=kit.font(15), fill=kit.MUTED, anchor="lm")
        y += height + 12
    draw.text((x, y + 16), "Switch", font=kit.font(22, True), fill=kit.INK, anchor="lm")
    for i, colour in enumerate(rules().switch_colours):
        bx = x + 92 + i * 56
        on = state["switch"] == colour
        draw.rectangle((bx, y, bx + 46, y + 36), fill=BRANCH[colour] if on else (250, 250, 250),
                       outline=kit.INK if on else BRANCH[colour], width=5 if on else 3)
        draw.text((bx + 23, y + 18), colour[0].upper(), font=kit.font(22, True),
                  fill=kit.INK if on else BRANCH[colour], anchor="mm")
    y += 52
    deck = sum(state["deck"].values())
    discard = sum(state["discard"].values())
    draw.text((x, y), f"Deck {deck} · discard {discard}", font=kit.font(18), fill=kit.INK, anchor="lm")
    draw.text((x, y + 26), "reshuffled (last deck)" if state["reshuffled"] else "one reshuffle left",
              font=kit.font(16), fill=kit.MUTED, anchor="lm")


def _header(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    from games.mine_carts.game import MineCarts as GAME

    status = GAME.turn_line(state).replace(" (either may act)", "")  # type: ignore[arg-type]
    draw.text((14, 12), _fit(draw, status, 24, WIDTH - 28), font=kit.font(24, True), fill=kit.INK)
    last = state["last"]
    if last is not None:
        text = f"Last: {last['text']}"
        draw.rectangle((10, 50, 24, 64), outline=PATH_RGB, width=4)
        draw.text((32, 48), _fit(draw, text, 20, WIDTH - 48), font=kit.font(20), fill=kit.INK)
    draw.text((14, 76), "magenta: last cards laid and last cart paths", font=kit.font(14), fill=kit.MUTED)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    face = kit.font(size, True)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def _last_laid(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    last = state["last"]
    if last is None or last["kind"] != "lay":
        return
    for sq in last["where"]:
        left, top, right, bottom = cell_box(sq)
        draw.rectangle((left + 2, top + 2, right - 3, bottom - 3), outline=PATH_RGB, width=6)


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    s = _state(state)
    image = _grid(s)
    _bands(image)
    draw = ImageDraw.Draw(image)
    _last_laid(draw, s)
    _moves(draw, s["last"]["moves"] if s["last"] is not None else [])
    _carts(draw, s)
    _header(draw, s)
    _panel(draw, s)
    return _png(image)


def _png(image: Image.Image) -> bytes:
    """PNG bytes, palette-quantised with the fast octree (kit.to_png's median
    cut takes ~3x longer on this board's faded wrap bands, for no visible gain)."""
    buffer = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """Around the squares of the last move (the cards just laid, or the cells
    the carts entered), one cell of margin."""
    last = _state(state)["last"]
    if last is None or not last["where"]:
        return None
    boxes = [cell_box(sq) for sq in last["where"]]
    left = min(b[0] for b in boxes) - CELL
    top = min(b[1] for b in boxes) - CELL
    right = max(b[2] for b in boxes) + CELL
    bottom = max(b[3] for b in boxes) + CELL
    return max(0, left), max(HEADER, top), min(PANEL_X, right), min(HEIGHT, bottom)


__all__ = ["EDGES", "render", "focus_box"]
