"""The Age of Steam board: the Rust Belt map with track, goods and the last
move highlighted, and beside it the turn track, the players and the goods
display."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image, ImageDraw

from games.age_of_steam.goods import display_columns
from games.age_of_steam.hexmap import board, column_letter
from games.age_of_steam.params import COLOUR_LETTER, rules
from games.age_of_steam.track import city_colour, city_name, disks_used, is_town, network, pieces
from rendering import kit

SIZE = 34  # hex circumradius
SQ3 = math.sqrt(3)
MARGIN = 30
MAP_W = int(MARGIN * 2 + SIZE * 2 + SIZE * 1.5 * 17)
MAP_H = int(MARGIN * 2 + SQ3 * SIZE * 11) + 8
PANEL_W = 500
WIDTH = MAP_W + PANEL_W
HEIGHT = MAP_H

TERRAIN = {
    "plain": (214, 230, 184),
    "river": (176, 212, 226),
    "mountain": (196, 168, 130),
    "town": (214, 230, 184),
    "lake": (96, 152, 205),
}
GOODS = {
    "red": (214, 62, 52),
    "blue": (52, 110, 200),
    "purple": (140, 80, 170),
    "yellow": (240, 205, 60),
    "black": (70, 70, 70),
}
UNOWNED = (150, 150, 150)

_cache: dict[str, Image.Image] = {}


def centre(col: int, row: int) -> tuple[float, float]:
    x = MARGIN + SIZE + col * 1.5 * SIZE
    y = MARGIN + SQ3 * SIZE / 2 + row * SQ3 * SIZE + (SQ3 * SIZE / 2 if col % 2 else 0)
    return x, y


def hex_centre(label: str) -> tuple[float, float]:
    mh = board().hexes[label]
    return centre(mh.col, mh.row)


def _base() -> Image.Image:
    """The static map: terrain, lakes, towns and edge coordinates."""
    if "base" in _cache:
        return _cache["base"]
    image, draw = kit.new_canvas(WIDTH, HEIGHT)
    b = board()
    for label, mh in b.hexes.items():
        cx, cy = centre(mh.col, mh.row)
        corners = kit.hex_corners(cx, cy, SIZE, flat_top=True)
        fill = TERRAIN.get(mh.terrain, TERRAIN["plain"])
        if mh.terrain == "lake":
            draw.polygon(kit.hex_corners(cx, cy, SIZE + 1, flat_top=True), fill=fill)
            continue
        draw.polygon(corners, fill=fill, outline=(160, 170, 140))
        if mh.terrain == "river":
            pts = [(cx - SIZE * 0.6 + i * SIZE * 0.15, cy + 6 * math.sin(i * 1.2)) for i in range(9)]
            draw.line(pts, fill=(60, 120, 200), width=3)
        elif mh.terrain == "mountain":
            draw.polygon([(cx - 16, cy + 12), (cx - 4, cy - 12), (cx + 8, cy + 12)], outline=(110, 80, 50),
                         fill=(170, 140, 100))
            draw.polygon([(cx, cy + 12), (cx + 10, cy - 4), (cx + 20, cy + 12)], outline=(110, 80, 50),
                         fill=(170, 140, 100))
    f = kit.font(16, bold=True)
    for col in range(b.columns):
        x, _ = centre(col, 0)
        draw.text((x, MARGIN // 2), column_letter(col), font=f, fill=kit.INK, anchor="mm")
        draw.text((x, MAP_H - MARGIN // 2 + 2), column_letter(col), font=f, fill=kit.INK, anchor="mm")
    for row in range(11):
        _, y = centre(0, row)
        draw.text((MARGIN // 2, y), str(row + 1), font=f, fill=kit.INK, anchor="mm")
        _, y = centre(17, row)
        if row < 10:
            draw.text((MAP_W - MARGIN // 2, y), str(row + 1), font=f, fill=kit.INK, anchor="mm")
    _draw_cities(draw, {"new_cities": {}}, printed=True)
    _cache["base"] = image
    return image


def _draw_cities(draw: ImageDraw.ImageDraw, state: dict[str, Any], printed: bool = False) -> None:
    """Printed cities (static, drawn into the cached base) or placed new cities."""
    b = board()
    for label in (list(b.cities) if printed else list(state["new_cities"])):
        cx, cy = hex_centre(label)
        colour = GOODS[city_colour(state, label)]
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=colour, outline=kit.INK, width=2)
        if label in b.cities:
            city = b.cities[label]
            tag = f"{'L' if city.side == 'light' else 'D'}{city.number}"
            name = city.name
        else:
            nc = b.new_cities[state["new_cities"][label]]
            tag = f"{'L' if nc.side == 'light' else 'D'}{nc.number}"
            name = f"New city {nc.letter}"
        draw.text((cx, cy - 14), tag, font=kit.font(16, bold=True), fill=kit.text_colour_on(colour), anchor="mm")
    if not printed:
        return
    for label in b.towns:
        cx, cy = hex_centre(label)
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def _draw_city_names(draw: ImageDraw.ImageDraw, state: dict[str, Any]) -> None:
    """Name tags above the cities, drawn over the track so they stay readable."""
    b = board()
    nf = kit.font(16, bold=True)
    for label in list(b.cities) + list(state["new_cities"]):
        cx, cy = hex_centre(label)
        colour = GOODS[city_colour(state, label)]
        if label in b.cities:
            name = b.cities[label].name
        else:
            name = f"{b.towns[label]} ({state['new_cities'][label]})"
        w = draw.textlength(name, font=nf)
        ty = cy - SIZE - 2 if b.hexes[label].row > 0 else cy + SIZE + 10
        left = max(2, min(MAP_W - w - 8, cx - w / 2 - 3))
        draw.rounded_rectangle((left, ty - 10, left + w + 6, ty + 9), radius=4,
                               fill=(255, 255, 255), outline=colour, width=2)
        draw.text((left + 3 + w / 2, ty), name, font=nf, fill=kit.INK, anchor="mm")


def _draw_cubes(image: Image.Image, state: dict[str, Any]) -> None:
    for label, cubes in state["cubes"].items():
        if not cubes:
            continue
        cx, cy = hex_centre(label)
        n = len(cubes)
        side = 15
        per_row = 4
        for i, cube in enumerate(cubes):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x = cx - in_row * (side + 1) / 2 + c * (side + 1)
            y = cy + 2 + r * (side + 1)
            _cube(image, x, y, side, cube)


_sprites: dict[tuple[str, int], Image.Image] = {}


def _cube_sprite(cube: str, side: int) -> Image.Image:
    """A goods cube: a square of its colour with its letter (cached)."""
    key = (cube, side)
    if key not in _sprites:
        fill = GOODS[cube]
        sprite = Image.new("RGB", (side + 1, side + 1), fill)
        d = ImageDraw.Draw(sprite)
        d.rectangle((0, 0, side, side), fill=fill, outline=(255, 255, 255), width=1)
        d.text((side / 2 + 0.5, side / 2 + 1), COLOUR_LETTER[cube], font=kit.font(max(11, side - 4), bold=True),
               fill=kit.text_colour_on(fill), anchor="mm")
        _sprites[key] = sprite
    return _sprites[key]


def _cube(image: Image.Image, x: float, y: float, side: int, cube: str) -> None:
    image.paste(_cube_sprite(cube, side), (int(x), int(y)))


def _edge(cx: float, cy: float, e: int) -> tuple[float, float]:
    return kit.hex_edge_midpoint(cx, cy, SIZE, e, flat_top=True)


def _draw_track(draw: ImageDraw.ImageDraw, state: dict[str, Any], highlight: set[str]) -> None:
    for label in highlight:
        cx, cy = hex_centre(label)
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 1, flat_top=True), outline=kit.HIGHLIGHT, width=5)
    for label, entry in state["board"].items():
        cx, cy = hex_centre(label)
        for i, piece in enumerate(pieces(state, label)):
            owner = entry["owners"][i]
            colour = kit.player_colour(owner) if owner is not None else UNOWNED
            if len(piece) == 1:
                a = _edge(cx, cy, piece[0])
                draw.line([(cx, cy), a], fill=kit.INK, width=11)
                draw.line([(cx, cy), a], fill=colour, width=7)
            else:
                a, b = _edge(cx, cy, piece[0]), _edge(cx, cy, piece[1])
                kit.draw_track_between(draw, (cx, cy), a, b, kit.INK, 11)
                kit.draw_track_between(draw, (cx, cy), a, b, colour, 7)
        if is_town(state, label):
            draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def _draw_markers(draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str]) -> None:
    """A locomotive marker at the open end of every owned unfinished section."""
    for sec in network(state).sections:
        if sec.complete or sec.owner is None or not sec.paths:
            continue
        label, i = sec.paths[-1]
        cx, cy = hex_centre(label)
        piece = pieces(state, label)[i]
        ex, ey = _edge(cx, cy, piece[-1] if sec.open_end is None else sec.open_end[1])
        mx, my = (cx + ex) / 2, (cy + ey) / 2
        kit.seat_marker(draw, mx, my, 10, sec.owner, letters[sec.owner])


def _draw_route(image: Image.Image, draw: ImageDraw.ImageDraw, last: dict[str, Any]) -> None:
    nodes = last.get("route") or []
    for label in set(last.get("hexes", [])) - set(nodes):
        cx, cy = hex_centre(label)
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), outline=kit.HIGHLIGHT, width=3)
    for label in nodes:
        cx, cy = hex_centre(label)
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 1, flat_top=True), outline=kit.HIGHLIGHT, width=5)
    if nodes:
        cx, cy = hex_centre(nodes[-1])
        _cube(image, cx + SIZE * 0.35, cy - SIZE * 0.75, 16, last.get("colour", "black"))


def _panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str],
           viewer: int | None) -> None:
    x = MAP_W + 10
    y = 10
    from games.age_of_steam import GAME
    y = kit.draw_title(draw, x, y, "Age of Steam · Rust Belt", size=24)
    status = GAME.status_line(state)
    for line in _wrap(draw, status, PANEL_W - 20, 17):
        draw.text((x, y), line, font=kit.font(17), fill=kit.INK)
        y += 23
    y += 6
    # turn track
    turns = state["turns"]
    for t in range(1, turns + 1):
        bx = x + (t - 1) * 40
        fill = kit.HIGHLIGHT if t == state["turn"] else (255, 255, 255)
        draw.rectangle((bx, y, bx + 34, y + 28), fill=fill, outline=kit.INK, width=2)
        draw.text((bx + 17, y + 14), str(t), font=kit.font(17, bold=True),
                  fill=kit.text_colour_on(fill), anchor="mm")
    draw.text((x + turns * 40 + 4, y + 14), "turns", font=kit.font(16), fill=kit.MUTED, anchor="lm")
    y += 40
    # players
    r = rules()
    header = ["", "Player", "$", "Inc", "Sh", "Eng", "Action"]
    widths = [30, 110, 48, 48, 40, 44, 170]
    rows = []
    fills: list[kit.RGB | None] = []
    order = [s for s in state["order"]] + [s for s in range(len(state["players"])) if s not in state["order"]]
    for s in order:
        act = state["action"][s]
        rows.append(["", state["players"][s][:10], str(state["cash"][s]), str(state["income"][s]),
                     str(state["shares"][s]), str(state["engine"][s]),
                     "out" if state["eliminated"][s] else (r.action_label[act] if act else "-")])
        fills.append((235, 228, 212) if state["eliminated"][s] else ((255, 236, 170) if s == viewer else None))
    top = y
    y = kit.draw_table(draw, x, y, header, rows, widths, row_height=30, size=17, row_fills=fills)
    for k, s in enumerate(order):
        kit.seat_marker(draw, x + 15, top + 30 + k * 30 + 14, 11, s, letters[s])
    you = ", you in yellow" if viewer is not None else ""
    draw.text((x, y + 2), f"In player order{you}; Sh shares, Eng engine", font=kit.font(16),
              fill=kit.MUTED)
    y += 30
    y = _goods_display(image, draw, state, x, y)
    y += 8
    bag = state["bag"]
    draw.text((x, y), "Bag: " + "  ".join(f"{COLOUR_LETTER[c]} {n}" for c, n in bag.items()),
              font=kit.font(16), fill=kit.INK)
    y += 24
    supply = sum(state["supply"].values())
    disks = rules().town_disks - disks_used(state)
    draw.text((x, y), f"Track tiles left: {supply} · town disks left: {disks}", font=kit.font(16), fill=kit.INK)
    y += 30
    for line in _notes(state):
        for part in _wrap(draw, line, PANEL_W - 20, 16):
            draw.text((x, y), part, font=kit.font(16), fill=kit.INK)
            y += 21
        y += 4
    y += 4
    legend = ("Track in its owner's colour, grey = unowned; a marker sits on unfinished track; "
              "pink outline = last build or delivery route. Cubes: R red, B blue, P purple, Y yellow, "
              "K black. L/D n = growth die number on the light/dark side.")
    for part in _wrap(draw, legend, PANEL_W - 20, 16):
        draw.text((x, y), part, font=kit.font(16), fill=kit.MUTED)
        y += 21


def _notes(state: dict[str, Any]) -> list[str]:
    """What is going on: the bids of an auction, the last build or delivery."""
    names = state["players"]
    out = []
    if state["phase"] == "over":
        from games.age_of_steam.scoring import outcome
        result = outcome(state)
        for place, group in enumerate(result.ranking, start=1):
            for s in group:
                parts = ", ".join(f"{k} {v}" for k, v in result.breakdown[s].items())
                out.append(f"{place}. {names[s]}: {result.scores[s]} VP ({parts})")
    if state["phase"] == "auction":
        a = state["step"]
        bids = ", ".join(f"{names[s]} ${a['bids'][str(s)]}" if str(s) in a["bids"] else f"{names[s]} -"
                         for s in a["bidders"])
        out.append(f"Bids: {bids}.")
        if a["dropped"]:
            out.append("Dropped out: " + ", ".join(f"{names[s]} (${a['paid'].get(str(s), 0)})"
                                                   for s in a["dropped"]) + ".")
    last = state.get("last") or {}
    if last.get("kind") == "build":
        out.append(f"Last: {names[last['seat']]} built in {', '.join(last['hexes'])}.")
    elif last.get("kind") == "move":
        route = " > ".join(city_name(state, n) for n in last["route"])
        out.append(f"Last: {names[last['seat']]} moved a {last['colour']} cube {route}.")
    return out


def _goods_display(image: Image.Image, draw: ImageDraw.ImageDraw, state: dict[str, Any], x: int, y: int) -> int:
    draw.text((x, y), "Goods display (light · dark · new cities)", font=kit.font(17, bold=True), fill=kit.INK)
    y += 26
    cols = display_columns(state["display"])
    cw = 23
    for k, (name, col) in enumerate(cols):
        gap = (8 if k >= 6 else 0) + (8 if k >= 12 else 0)
        cx = x + k * cw + gap
        shade = (255, 250, 235) if name.startswith("L") else ((205, 200, 190) if name.startswith("D") else
                                                               (230, 230, 230))
        draw.rectangle((cx, y, cx + cw - 2, y + 24 + 3 * 22), fill=shade)
        label = name[1:] if name[0] in "LD" and name[1:].isdigit() else name
        draw.text((cx + cw / 2 - 1, y + 11), label, font=kit.font(16, bold=True), fill=kit.INK, anchor="mm")
        for i, cube in enumerate(col):
            by = y + 24 + i * 22
            if cube is None:
                draw.rectangle((cx + 2, by + 2, cx + cw - 4, by + 19), outline=kit.MUTED)
            else:
                _cube(image, cx + 2, by + 2, 17, cube)
    return y + 24 + 3 * 22 + 6


def _wrap(draw: ImageDraw.ImageDraw, text: str, width: int, size: int) -> list[str]:
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if draw.textlength(trial, font=kit.font(size)) <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    letters = kit.player_letters(state["players"])
    last = state.get("last") or {}
    highlight = set(last.get("hexes", [])) if last.get("kind") == "build" else set()
    _draw_cities(draw, state)
    _draw_track(draw, state, highlight)
    if last.get("kind") == "move":
        _draw_route(image, draw, last)
    _draw_cubes(image, state)
    _draw_markers(draw, state, letters)
    _draw_city_names(draw, state)
    _panel(image, draw, state, letters, viewer)
    return _png(image)


def _png(image: Image.Image) -> bytes:
    """Like ``kit.to_png`` but with the fast octree quantizer: median cut
    takes ~70 ms on a board this size, octree ~12 ms for the same flat colours."""
    buffer = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


__all__ = ["render"]
