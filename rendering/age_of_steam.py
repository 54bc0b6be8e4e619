"""The Age of Steam board: the Rust Belt map with track, goods and the last
move highlighted, and beside it the turn track, the players and the goods
display."""

from __future__ import annotations

import io
import math
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.age_of_steam.goods import display_columns
from games.age_of_steam.state import AgeOfSteamState, typed
from games.age_of_steam.hexmap import board, column_letter
from games.age_of_steam.params import COLOUR_LETTER, rules
from games.age_of_steam.track import Network, city_colour, city_name, disks_used, is_town, network, pieces
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


# -- cached drawing: text masks, sprites, the static map ---------------------------
# A board is redrawn after every action; FreeType rendering, curved track and
# palette quantization dominate, so each is done once and pasted afterwards.

@lru_cache(maxsize=4096)  # bounded: status lines and notes vary without end
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The text's anti-aliased mask and its offset from the anchor point."""
    f = kit.font(size, bold=bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def _text(image: Image.Image, xy: tuple[float, float], text: str, size: int, bold: bool = False,
          fill: kit.RGB = kit.INK, anchor: str = "la") -> None:
    """``draw.text`` from a cached mask."""
    if not text:
        return
    mask, left, top = _text_mask(text, size, bold, anchor)
    x, y = int(round(xy[0])) + left, int(round(xy[1])) + top
    colour: tuple[int, ...] = fill + (255,) if image.mode == "RGBA" else fill
    image.paste(colour, (x, y, x + mask.width, y + mask.height), mask)


@lru_cache(maxsize=4096)  # bounded: status lines and notes vary without end
def _text_width(text: str, size: int, bold: bool = False) -> float:
    return float(kit.font(size, bold=bold).getlength(text))


@cache
def _marker_sprite(seat: int, letter: str, r: int) -> Image.Image:
    """A seat's marker (shape, colour, letter) on a transparent square."""
    side = 4 * r
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    kit.seat_marker(ImageDraw.Draw(sprite), side / 2, side / 2, r, seat, letter)
    return sprite


def _marker(image: Image.Image, cx: float, cy: float, r: int, seat: int, letter: str) -> None:
    sprite = _marker_sprite(seat, letter, r)
    image.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


PIECE = 2 * SIZE + 8  # side of a track sprite, centred on the hex centre


@cache
def _piece_sprite(piece: tuple[int, ...], colour: kit.RGB, glow: bool) -> Image.Image:
    """One track piece (a path between two edges, or a town exit), outlined
    in ink; ``glow`` draws the wide highlight band of a delivery route."""
    sprite = Image.new("RGBA", (PIECE, PIECE), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    c = (PIECE / 2, PIECE / 2)
    layers = [(kit.HIGHLIGHT, 21)] if glow else [(kit.INK, 11), (colour, 7)]
    for fill, width in layers:
        if len(piece) == 1:
            d.line([c, _edge(c[0], c[1], piece[0])], fill=fill, width=width)
        else:
            kit.draw_track_between(d, c, _edge(c[0], c[1], piece[0]), _edge(c[0], c[1], piece[1]), fill, width)
    return sprite


def _paste_piece(image: Image.Image, label: str, piece: tuple[int, ...], colour: kit.RGB, glow: bool) -> None:
    cx, cy = hex_centre(label)
    sprite = _piece_sprite(piece, colour, glow)
    image.paste(sprite, (int(round(cx - PIECE / 2)), int(round(cy - PIECE / 2))), sprite)


@cache
def _name_tag(name: str, colour: kit.RGB) -> Image.Image:
    """A city's name on a white tag outlined in the city's colour."""
    w = int(_text_width(name, 16, True)) + 8
    tag = Image.new("RGBA", (w, 21), (0, 0, 0, 0))
    ImageDraw.Draw(tag).rounded_rectangle((0, 0, w - 1, 20), radius=4, fill=(255, 255, 255),
                                          outline=colour, width=2)
    _text(tag, (w / 2, 10), name, 16, True, kit.INK, "mm")
    return tag


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
    _draw_cities(image, draw, typed({"new_cities": {}}), printed=True)
    _cache["base"] = image
    return image


def _draw_cities(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState,
                 printed: bool = False) -> None:
    """Printed cities (static, drawn into the cached base) or placed new cities:
    the city's colour with its growth die (L/D and the number; a new city
    also shows its letter)."""
    b = board()
    for label in (list(b.cities) if printed else list(state["new_cities"])):
        cx, cy = hex_centre(label)
        colour = GOODS[city_colour(state, label)]
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=colour, outline=kit.INK, width=2)
        if label in b.cities:
            city = b.cities[label]
            tag = f"{'L' if city.side == 'light' else 'D'}{city.number}"
        else:
            nc = b.new_cities[state["new_cities"][label]]
            tag = f"{nc.letter}·{'L' if nc.side == 'light' else 'D'}{nc.number}"
        _text(image, (cx, cy - 14), tag, 16, True, kit.text_colour_on(colour), "mm")
    if not printed:
        return
    for label in b.towns:
        cx, cy = hex_centre(label)
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _draw_city_names(image: Image.Image, state: AgeOfSteamState) -> None:
    """Name tags above the cities, else where they hide no other tag (below,
    or shifted sideways), drawn over the track so they stay readable."""
    b = board()
    placed: list[tuple[float, float, float, float]] = []
    for label in list(b.cities) + list(state["new_cities"]):
        cx, cy = hex_centre(label)
        colour = GOODS[city_colour(state, label)]
        name = city_name(state, label)
        tag = _name_tag(name, colour)
        tops = [cy - SIZE - 12, cy + SIZE - 1] if b.hexes[label].row > 0 else [cy + SIZE - 1]
        lefts = [cx - tag.width / 2, cx - tag.width + SIZE / 2, cx - SIZE / 2]
        boxes: list[tuple[float, float, float, float]] = []
        for left in lefts:
            left = max(2, min(MAP_W - tag.width - 2, left))
            boxes.extend((left, top, left + tag.width, top + tag.height) for top in tops)
        box = min(boxes, key=lambda bx: sum(_overlap(bx, o) for o in placed))
        placed.append(box)
        image.paste(tag, (int(box[0]), int(box[1])), tag)


def _draw_cubes(image: Image.Image, state: AgeOfSteamState) -> None:
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


@cache
def _cube_sprite(cube: str, side: int) -> Image.Image:
    """A goods cube: a square of its colour with its letter."""
    fill = GOODS[cube]
    sprite = Image.new("RGB", (side + 1, side + 1), fill)
    ImageDraw.Draw(sprite).rectangle((0, 0, side, side), fill=fill, outline=(255, 255, 255), width=1)
    _text(sprite, (side / 2 + 0.5, side / 2 + 1), COLOUR_LETTER[cube], max(11, side - 4), True,
          kit.text_colour_on(fill), "mm")
    return sprite


def _cube(image: Image.Image, x: float, y: float, side: int, cube: str) -> None:
    image.paste(_cube_sprite(cube, side), (int(x), int(y)))


def _edge(cx: float, cy: float, e: int) -> tuple[float, float]:
    return kit.hex_edge_midpoint(cx, cy, SIZE, e, flat_top=True)


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, last: dict[str, Any]) -> None:
    """Every piece of track in its owner's colour (grey when unowned); the
    tiles just built outlined, the pieces a cube just used on a wide band."""
    if last.get("kind") == "build":
        for label in set(last.get("where", [])):
            cx, cy = hex_centre(label)
            draw.polygon(kit.hex_corners(cx, cy, SIZE - 1, flat_top=True), outline=kit.HIGHLIGHT, width=5)
    route = {(h, int(i)) for h, i in last.get("pieces", [])} if last.get("kind") == "move" else set()
    for label, entry in state["board"].items():
        for i, piece in enumerate(pieces(state, label)):
            if (label, i) in route:
                _paste_piece(image, label, piece, kit.HIGHLIGHT, True)
    for label, entry in state["board"].items():
        for i, piece in enumerate(pieces(state, label)):
            owner = entry["owners"][i]
            _paste_piece(image, label, piece, kit.player_colour(owner) if owner is not None else UNOWNED, False)
        if is_town(state, label):
            cx, cy = hex_centre(label)
            draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def _draw_markers(image: Image.Image, state: AgeOfSteamState, net: Network, letters: list[str]) -> None:
    """A locomotive marker at the open end of every owned unfinished section."""
    for sec in net.sections:
        if sec.complete or sec.owner is None or not sec.paths:
            continue
        label, i = sec.paths[-1]
        cx, cy = hex_centre(label)
        piece = pieces(state, label)[i]
        ex, ey = _edge(cx, cy, piece[-1] if sec.open_end is None else sec.open_end[1])
        _marker(image, (cx + ex) / 2, (cy + ey) / 2, 10, sec.owner, letters[sec.owner])


def _draw_route(image: Image.Image, draw: ImageDraw.ImageDraw, last: dict[str, Any]) -> None:
    """The cities and towns a delivered cube passed, outlined. The cube
    itself is not drawn: a delivered cube leaves the board (it goes back to
    the bag), and the panel's notes name its colour and route."""
    nodes = last.get("route") or []
    if not last.get("pieces"):  # a state saved before routes kept their pieces
        for label in set(last.get("where", [])) - set(nodes):
            cx, cy = hex_centre(label)
            draw.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), outline=kit.HIGHLIGHT, width=3)
    for label in nodes:
        cx, cy = hex_centre(label)
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 1, flat_top=True), outline=kit.HIGHLIGHT, width=5)


def _panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
           letters: list[str], viewer: int | None) -> None:
    x = MAP_W + 10
    y = 10
    from games.age_of_steam import GAME
    _text(image, (x, y), "Age of Steam · Rust Belt", 24, True)
    y += 34
    for line in _wrap(GAME.status_line(dict(state)), PANEL_W - 20, 17):
        _text(image, (x, y), line, 17)
        y += 23
    y += 6
    # turn track
    turns = state["rounds"]
    for t in range(1, turns + 1):
        bx = x + (t - 1) * 40
        fill = kit.HIGHLIGHT if t == state["round"] else (255, 255, 255)
        draw.rectangle((bx, y, bx + 34, y + 28), fill=fill, outline=kit.INK, width=2)
        _text(image, (bx + 17, y + 14), str(t), 17, True, kit.text_colour_on(fill), "mm")
    _text(image, (x + turns * 40 + 4, y + 14), "turns", 16, False, kit.MUTED, "lm")
    y += 40
    y = _players(image, draw, state, letters, viewer, x, y)
    y = _goods_display(image, draw, state, x, y)
    y += 8
    if state["phase"] != "over":  # at the end the scores need the room
        bag = state["bag"]
        _text(image, (x, y), "Bag: " + "  ".join(f"{COLOUR_LETTER[c]} {n}" for c, n in bag.items()), 16)
        y += 24
        supply = sum(state["supply"].values())
        disks = rules().town_disks - disks_used(state)
        _text(image, (x, y), f"Track tiles left: {supply} · town disks left: {disks}", 16)
        y += 30
    for line in _notes(state, net):
        parts = _wrap(line, PANEL_W - 20, 16)
        if y + 21 * len(parts) > HEIGHT:
            break
        for part in parts:
            _text(image, (x, y), part, 16)
            y += 21
        y += 2
    legend = _wrap(LEGEND, PANEL_W - 20, 16)
    if y + 4 + 21 * len(legend) <= HEIGHT:  # at the end the scores take its place
        for part in legend:
            _text(image, (x, y + 4), part, 16, False, kit.MUTED)
            y += 21


LEGEND = ("Track in its owner's colour, grey = unowned; a marker on unfinished track. Pink: tiles "
          "just built, or the route of the cube just moved. Cubes: R red, B blue, P purple, Y yellow, "
          "K black. L/D n: growth die on the light/dark side.")

COLUMNS = (("", 30), ("Player", 110), ("$", 48), ("Inc", 48), ("Sh", 40), ("Eng", 44), ("Action", 170))


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, letters: list[str],
             viewer: int | None, x: int, y: int) -> int:
    """One row per player, in player order (eliminated players last)."""
    r = rules()
    width = sum(w for _, w in COLUMNS)
    cx = x
    for head, w in COLUMNS:
        _text(image, (cx + 4, y + 15), head, 17, True, kit.INK, "lm")
        cx += w
    y += 30
    draw.line((x, y - 2, x + width, y - 2), fill=kit.MUTED, width=1)
    order = list(state["order"]) + [s for s in range(len(state["players"])) if s not in state["order"]]
    for s in order:
        act = state["action"][s]
        out = state["eliminated"][s]
        fill = (235, 228, 212) if out else ((255, 236, 170) if s == viewer else None)
        if fill is not None:
            draw.rectangle((x, y, x + width, y + 28), fill=fill)
        cells = ["", state["players"][s][:10], str(state["cash"][s]), str(state["income"][s]),
                 str(state["shares"][s]), str(state["engine"][s]),
                 "out" if out else (r.action_label[act] if act else "-")]
        cx = x
        for text, (_, w) in zip(cells, COLUMNS):
            _text(image, (cx + 4, y + 15), text, 17, False, kit.INK, "lm")
            cx += w
        _marker(image, x + 15, y + 14, 11, s, letters[s])
        y += 30
    you = ", you in yellow" if viewer is not None else ""
    _text(image, (x, y + 2), f"In player order{you}; Sh shares, Eng engine", 16, False, kit.MUTED)
    return y + 30


def _notes(state: AgeOfSteamState, net: Network) -> list[str]:
    """What is going on: the bids of an auction, the last build or delivery."""
    names = state["players"]
    out = []
    if state["phase"] == "over":
        from games.age_of_steam.scoring import outcome
        result = outcome(state)
        out.append("VP = 3 × income + track of your links − 3 × shares")
        for place, group in enumerate(result.ranking, start=1):
            for s in group:
                parts = ", ".join(f"{v} {k.removesuffix(' VP')}" for k, v in result.breakdown[s].items())
                out.append(f"{place}. {names[s]}: {result.scores[s]} VP ({parts})")
    if state["phase"] == "auction":
        a = state["step"]
        bids = ", ".join(f"{names[s]} ${a['bids'][str(s)]}" if str(s) in a["bids"] else f"{names[s]} -"
                         for s in a["bidders"])
        out.append(f"Bids: {bids}.")
        if a["dropped"]:
            out.append("Dropped out: " + ", ".join(f"{names[s]} (${a['paid'].get(str(s), 0)})"
                                                   for s in a["dropped"]) + ".")
    if state["phase"] == "production" and state.get("held"):
        out.append(f"Production: {names[state['step']['seat']]} places {' and '.join(state['held'])}, "
                   "each in an empty box (box 1 at the top goes out first).")
    last: dict[str, Any] = dict(state["last"] or {})
    if last.get("kind") == "build":
        out.append(f"Last: {names[last['seat']]} built in {', '.join(last['where'])}.")
    elif last.get("kind") == "move":
        route = " > ".join(city_name(state, n) for n in last["route"])
        out.append(f"Last: {names[last['seat']]} moved a {last['colour']} cube {route}.")
    return out


def _goods_display(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int, y: int) -> int:
    _text(image, (x, y), "Goods display (light · dark · new cities)", 17, True)
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
        _text(image, (cx + cw / 2 - 1, y + 11), label, 16, True, kit.INK, "mm")
        for i, cube in enumerate(col):
            by = y + 24 + i * 22
            if cube is None:
                draw.rectangle((cx + 2, by + 2, cx + cw - 4, by + 19), outline=kit.MUTED)
            else:
                _cube(image, cx + 2, by + 2, 17, cube)
    return y + 24 + 3 * 22 + 6


@lru_cache(maxsize=512)  # bounded: status lines and notes vary without end
def _wrap(text: str, width: int, size: int) -> tuple[str, ...]:
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if _text_width(trial, size) <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return tuple(lines)


def render(json_state: dict[str, Any], viewer: int | None) -> bytes:
    state = typed(json_state)
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    letters = kit.player_letters(state["players"])
    last: dict[str, Any] = dict(state["last"] or {})
    net = network(state)
    _draw_cities(image, draw, state)
    _draw_track(image, draw, state, last)
    if last.get("kind") == "move":
        _draw_route(image, draw, last)
    _draw_cubes(image, state)
    _draw_markers(image, state, net, letters)
    _draw_city_names(image, state)
    _panel(image, draw, state, net, letters, viewer)
    return _png(image)


def _key_colours() -> list[kit.RGB]:
    """Every flat colour the board uses: these stay exact in the palette."""
    fixed: list[kit.RGB] = [kit.BACKGROUND, kit.INK, kit.MUTED, kit.HIGHLIGHT, UNOWNED, (255, 255, 255),
                            (0, 0, 0), (160, 170, 140), (60, 120, 200), (110, 80, 50), (170, 140, 100),
                            (255, 236, 170), (235, 228, 212), (255, 250, 235), (205, 200, 190),
                            (230, 230, 230)]
    out: list[kit.RGB] = []
    for c in fixed + list(TERRAIN.values()) + list(GOODS.values()) + list(kit.PLAYER_COLOURS):
        if c not in out:
            out.append(c)
    return out


@cache
def _palette() -> Image.Image:
    """A fixed 256-colour palette: the board's flat colours exactly, the rest
    (anti-aliased text edges) from a sample of the map with text in every
    colour. Mapping to a fixed palette is ~6x faster than quantizing anew."""
    keys = _key_colours()
    sample = _base().copy()
    d = ImageDraw.Draw(sample)
    for k, colour in enumerate(keys):
        bx, by = MAP_W + 10 + (k % 6) * 80, 20 + (k // 6) * 40
        d.rectangle((bx, by, bx + 76, by + 36), fill=colour)
        _text(sample, (bx + 4, by + 4), "Ag 8", 17, True, kit.text_colour_on(colour))
        _text(sample, (bx + 40, by + 4), "$3", 16, False, kit.MUTED if k % 2 else kit.INK)
    for k, colour in enumerate(keys):
        _text(sample, (MAP_W + 10 + (k % 6) * 80, 400 + (k // 6) * 30), "Chicago 5", 16, k % 2 == 0, colour)
    octree = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    raw = octree.getpalette() or []
    colours: list[kit.RGB] = list(keys)
    # Pillow maps a colour through a cache of 4-level cells, to the entry
    # nearest the cell: no other entry near a board colour keeps it exact.
    for i in range(0, len(raw) - 2, 3):
        c = (raw[i], raw[i + 1], raw[i + 2])
        if len(colours) < 256 and all(math.dist(c, k) > 12 for k in keys) and c not in colours:
            colours.append(c)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in colours for v in c] + [0] * (3 * (256 - len(colours))))
    return palette


def _png(image: Image.Image) -> bytes:
    """The board as a palette PNG: the colours mapped onto the fixed palette."""
    buffer = io.BytesIO()
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


__all__ = ["render"]


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The hex just built and its neighbours, for the panel's picture of the
    tile choices (None unless the last move was a build)."""
    last = state.get("last") or {}
    if last.get("kind") != "build" or not last.get("where"):
        return None
    cx, cy = hex_centre(last["where"][-1])
    return (int(cx - 2.4 * SIZE), int(cy - 2.2 * SIZE), int(cx + 2.4 * SIZE), int(cy + 2.2 * SIZE))
