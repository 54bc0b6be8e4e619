"""The Age of Steam board: the Rust Belt map with track, goods and the last
move highlighted, and the players' panel.

Two images (issue 14, boards read at a glance on a phone):

- ``render`` is the image posted in the chat after every move: the whole map
  at its own scale (995 px wide) with a compact panel *below* it, so the
  image is portrait-friendly and no wider than the map. The panel holds only
  the essentials in fonts of 20-26 px (>= 2% of the width, 11-14 px when
  Discord shows it 550 px wide): whose turn and which step, the last move
  (a delivery with the links it paid per owner), and one row per player
  (cash, income, shares, engine, cash after the coming expenses, projected
  VP and a warning when he is about to lose income or be eliminated). The
  map is not cropped: the Rust Belt's cities span the whole map from the
  first turn, and goods move between any two of them, so a crop would hide
  the cities a player plans for; the full board is one tap away.
- ``render_full`` is the whole board: the same map with the wide side panel
  of every detail (turn track, player table with the projection, the goods
  display, the bag, each tile kind left as a small picture with its count,
  the notes of the step under way and a legend).

On the map: every player's track has a light casing so it reads on any
terrain; completed links carry their owner's marker (shape, colour and
letter); unfinished track is dashed in its owner's colour and unowned track
dashed grey. A city shows its growth number on a white disc (light side) or
a black disc (dark side), its goods as lettered cubes (up to 6 in two rows
inside the hex), and its name on a tag that leads with the city's colour
letter. A tag never covers track, towns, cities, markers, the last move or
another tag: it sits beside its city where there is room, else farther out
(on a lake or in the margins if it can) with a thin dark leader line to a
dot on the city's edge. Empty river, mountain and town hexes show their build cost where it
differs from the plain $2. The last move is drawn in the kit's highlight
form (white band, black edges and dashes): around the hexes just built, or
along the route a cube just took, with an arrowhead at its destination.

Threads (see :mod:`games.per_thread`): the cached map, canvases, sprites and
masks are shared by the threads that draw and only pasted, cropped or
copied; the cached arrays are read-only; tag plans are tuples in a locked
cache (:class:`games.per_thread.Recent`); the palette is fixed.
"""

from __future__ import annotations

import math
from functools import cache, cached_property, lru_cache
from typing import Any, NamedTuple, Sequence

import numpy as np
import numpy.typing as npt

from PIL import Image, ImageDraw

from games.age_of_steam.goods import display_columns
from games.age_of_steam.hexmap import board, column_letter
from games.age_of_steam.params import COLOUR_LETTER, rules
from games.age_of_steam.projection import Outlook, delivery_pays, expenses_to_come, outlook
from games.age_of_steam.state import AgeOfSteamState, typed
from games.age_of_steam.tiles import kinds
from games.age_of_steam.track import Network, city_colour, city_name, disks_used, is_town, network, pieces
from games.per_thread import Recent, read_only
from rendering import kit
from rendering.png import palette_png

SIZE = 34  # hex circumradius
SQ3 = math.sqrt(3)
APOTHEM = SQ3 * SIZE / 2
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
    "blue": (60, 130, 220),
    "purple": (120, 50, 140),
    "yellow": (240, 205, 60),
    "black": (70, 70, 70),
}
UNOWNED = (150, 150, 150)
CASING = (252, 250, 244)
"""The light band under every track, so it reads on any terrain."""
TURN_FILL = (255, 236, 170)
"""The panel row of the player whose turn it is (with an arrow and a frame)."""

PALETTES: dict[str, Sequence[kit.RGB]] = {
    "players": kit.PLAYER_COLOURS,
    "goods": tuple(GOODS.values()),
    "terrain": (TERRAIN["plain"], TERRAIN["river"], TERRAIN["mountain"], TERRAIN["lake"]),
}
"""The colours that carry meaning; each also has a letter or a shape (seat
markers, lettered cubes and city tags, river waves and mountain peaks)."""

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


def _essential(image: Image.Image, xy: tuple[float, float], text: str, role: str, size: int,
               bold: bool = False, fill: kit.RGB = kit.INK, anchor: str = "la") -> None:
    """An essential text (``kit.ESSENTIAL_ROLES``), its font noted by the kit."""
    kit.essential_font(role, size, bold)
    _text(image, xy, text, size, bold, fill, anchor)


PIECE = 2 * SIZE + 8  # side of a track sprite, centred on the hex centre


def _piece_points(piece: tuple[int, ...], cx: float, cy: float, steps: int = 12) -> list[tuple[float, float]]:
    """The line a piece of track follows, from its first edge to its second
    (a town exit: from the centre to its edge); curves bend through the
    centre as ``kit.draw_track_between`` draws them."""
    if len(piece) == 1:
        return [(cx, cy), _edge(cx, cy, piece[0])]
    a, b = _edge(cx, cy, piece[0]), _edge(cx, cy, piece[1])
    if math.dist(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (cx, cy)) < 1e-6:
        return [a, b]
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t * t * b[1])
            for t in (i / steps for i in range(steps + 1))]


def _dash_runs(points: Sequence[tuple[float, float]], on: float, off: float) -> list[list[tuple[float, float]]]:
    """The polyline cut into runs ``on`` long with gaps ``off`` long."""
    runs: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = [points[0]]
    drawing, left = True, on
    for a, b in zip(points, points[1:]):
        length, at = math.dist(a, b), 0.0
        while length - at > left:
            at += left
            p = (a[0] + (b[0] - a[0]) * at / length, a[1] + (b[1] - a[1]) * at / length)
            if drawing:
                runs.append([*current, p])
            current, drawing = [p], not drawing
            left = off if not drawing else on
        left -= length - at
        current.append(b)
    if drawing and len(current) > 1:
        runs.append(current)
    return runs


@cache
def _piece_sprite(piece: tuple[int, ...], colour: kit.RGB, dashed: bool) -> Image.Image:
    """One track piece on a light casing, outlined in ink: solid in its
    owner's colour, or ``dashed`` (colour dashes on the casing's light
    colour) for unfinished or unowned track."""
    sprite = Image.new("RGBA", (PIECE, PIECE), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    pts = _piece_points(piece, PIECE / 2, PIECE / 2)
    for fill, width in ((CASING, 15), (kit.INK, 11), (CASING if dashed else colour, 7)):
        d.line(pts, fill=fill, width=width, joint="curve")
    if dashed:
        for run in _dash_runs(pts, 7, 5):
            d.line(run, fill=colour, width=7)
    return sprite


@cache
def _piece_shape(piece: tuple[int, ...]) -> Image.Image:
    """Where a piece of track and its casing lie on its sprite (a mask)."""
    return _piece_sprite(piece, UNOWNED, False).getchannel("A")


def _paste_piece(image: Image.Image, label: str, piece: tuple[int, ...], colour: kit.RGB, dashed: bool) -> None:
    cx, cy = hex_centre(label)
    sprite = _piece_sprite(piece, colour, dashed)
    image.paste(sprite, (int(round(cx - PIECE / 2)), int(round(cy - PIECE / 2))), sprite)


TAG_H = 24
TAG_FONT = 19


@cache
def _name_tag(name: str, colour_name: str, size: int = TAG_FONT) -> Image.Image:
    """A city's name on a white tag outlined in the city's colour, led by a
    square of that colour with its letter (the colour is never told alone)."""
    fill = GOODS[colour_name]
    w = int(_text_width(name, size, True)) + 8 + TAG_H
    tag = Image.new("RGBA", (w, TAG_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(tag)
    d.rounded_rectangle((0, 0, w - 1, TAG_H - 1), radius=4, fill=(255, 255, 255), outline=fill, width=2)
    d.rectangle((0, 0, TAG_H - 1, TAG_H - 1), fill=fill, outline=kit.INK, width=1)
    _text(tag, (TAG_H / 2, TAG_H / 2 + 1), COLOUR_LETTER[colour_name], 16, True, kit.text_colour_on(fill), "mm")
    _text(tag, (TAG_H + (w - TAG_H) / 2, TAG_H / 2), name, size, True, kit.INK, "mm")
    return tag


def _base() -> Image.Image:
    """The static map: terrain, lakes, towns, printed cities and edge
    coordinates (MAP_W x MAP_H)."""
    if "base" in _cache:
        return _cache["base"]
    image, draw = kit.new_canvas(MAP_W, MAP_H)
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
            pts = [(cx - SIZE * 0.6 + i * SIZE * 0.15, cy - 2 + 6 * math.sin(i * 1.2)) for i in range(9)]
            draw.line(pts, fill=(60, 120, 200), width=3)
        elif mh.terrain == "mountain":
            draw.polygon([(cx - 16, cy + 8), (cx - 4, cy - 16), (cx + 8, cy + 8)], outline=(110, 80, 50),
                         fill=(170, 140, 100))
            draw.polygon([(cx, cy + 8), (cx + 10, cy - 8), (cx + 20, cy + 8)], outline=(110, 80, 50),
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


def _growth_disc(image: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float, side: str,
                 number: int) -> None:
    """The growth die: its number on a white disc (light side) or a black
    disc (dark side), as the printed map shows it."""
    fill, ink = ((255, 255, 255), kit.INK) if side == "light" else (kit.INK, (255, 255, 255))
    draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=fill, outline=kit.INK, width=2)
    _text(image, (cx, cy + 1), str(number), 14, True, ink, "mm")


def _draw_cities(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState,
                 printed: bool = False) -> None:
    """Printed cities (static, drawn into the cached base) or placed new
    cities: the city's colour with its growth disc (a new city also shows
    its letter beside the disc)."""
    b = board()
    for label in (list(b.cities) if printed else list(state["new_cities"])):
        cx, cy = hex_centre(label)
        colour = GOODS[city_colour(state, label)]
        draw.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=colour, outline=kit.INK, width=2)
        if label in b.cities:
            city = b.cities[label]
            _growth_disc(image, draw, cx, cy - 17, city.side, city.number)
        else:
            nc = b.new_cities[state["new_cities"][label]]
            _growth_disc(image, draw, cx + 8, cy - 17, nc.side, nc.number)
            _text(image, (cx - 10, cy - 16), nc.letter, 15, True, kit.text_colour_on(colour), "mm")
    if not printed:
        return
    for label in b.towns:
        cx, cy = hex_centre(label)
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def build_cost_text(state: AgeOfSteamState, label: str) -> str:
    """The cost printed on an empty hex where it differs from a simple tile
    on plain terrain: river and mountain add their extra; a town costs $1 plus
    $1 per exit, from $2 ("$2+"). Empty for plain, built or city hexes."""
    if label in state["board"] or label in board().cities or label in state["new_cities"]:
        return ""
    return _empty_cost_text(label)


def _empty_cost_text(label: str) -> str:
    """:func:`build_cost_text` of the hex while it is empty."""
    b, r = board(), rules()
    if label in b.towns:
        return f"${r.town_base_cost + r.town_cost_per_exit}+"
    extra = r.terrain_extra.get(b.hexes[label].terrain, 0)
    return f"${r.tile_cost['simple'] + extra}" if extra else ""


@cache
def _costly_hexes() -> tuple[str, ...]:
    """Hexes that can show a build cost: towns, rivers and mountains."""
    b = board()
    return tuple(label for label, mh in b.hexes.items()
                 if label in b.towns or (mh.terrain in rules().terrain_extra
                                         and rules().terrain_extra[mh.terrain] > 0 and label not in b.cities))


def _cost_at(label: str) -> tuple[float, float]:
    cx, cy = hex_centre(label)
    return cx, cy + 19


COST_FONT = 14


@cache
def _with_costs() -> Image.Image:
    """The static map with the build cost on every hex that can show one
    (:func:`_costly_hexes`): a board takes the cost off the hexes no
    longer empty (:func:`_clear_costs`) instead of drawing the rest anew."""
    image = _base().copy()
    for label in _costly_hexes():
        _text(image, _cost_at(label), _empty_cost_text(label), COST_FONT, True, kit.INK, "mm")
    return image


def _cost_box(label: str) -> tuple[int, int, int, int]:
    """The pixels a hex's build cost covers in :func:`_with_costs`."""
    mask, left, top = _text_mask(_empty_cost_text(label), COST_FONT, True, "mm")
    x, y = (int(round(v)) for v in _cost_at(label))
    return x + left, y + top, x + left + mask.width, y + top + mask.height


def _clear_costs(image: Image.Image, state: AgeOfSteamState) -> None:
    """The static map put back where a hex shows no build cost any more
    (built on, or a new city)."""
    for label in _costly_hexes():
        if not build_cost_text(state, label):
            box = _cost_box(label)
            image.paste(_base().crop(box), box)


Box = tuple[float, float, float, float]


@cache
def _static_obstacles() -> Image.Image:
    """What never moves and a name tag must not cover: towns, printed
    cities, the build costs of towns, rivers and mountains, and the
    coordinates around the map."""
    mask = Image.new("L", (MAP_W, MAP_H), 0)
    d = ImageDraw.Draw(mask)
    b = board()
    for label in b.towns:
        cx, cy = hex_centre(label)
        d.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=255)
    for label in b.cities:
        cx, cy = hex_centre(label)
        d.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=255)
    for label in _costly_hexes():
        cx, cy = hex_centre(label)
        d.rectangle((cx - 16, cy + 12, cx + 16, cy + 26), fill=SOFT)
    for strip in ((0, 0, MAP_W, MARGIN - 4), (0, MAP_H - MARGIN + 4, MAP_W, MAP_H),
                  (0, 0, MARGIN - 6, MAP_H), (MAP_W - MARGIN + 6, 0, MAP_W, MAP_H)):
        d.rectangle(strip, fill=SOFT)  # the coordinates
    return mask


HARD, SOFT = 255, 100
"""In the obstacle mask: what a tag must never cover (track, towns, cities,
markers, other tags), and what it had better not (build costs, coordinates)."""


def _obstacles(state: AgeOfSteamState, net: Network, last: bool = True) -> Image.Image:
    """A mask of what a name tag must not cover: track, towns, cities (with
    their growth discs and cubes), every locomotive marker and (unless not
    ``last``) the last move's highlight (hard), build costs and the
    coordinates (soft)."""
    mask = _static_obstacles().copy()
    d = ImageDraw.Draw(mask)
    for label in state["board"]:
        cx, cy = hex_centre(label)
        for piece in pieces(state, label):
            mask.paste(255, (int(round(cx - PIECE / 2)), int(round(cy - PIECE / 2))), _piece_shape(piece))
    for label in state["new_cities"]:
        cx, cy = hex_centre(label)
        d.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=255)
    for x, y, r in _marker_discs(state, net):
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    if last:
        _last_move_shape(d, state, net)
    return mask


def _marker_discs(state: AgeOfSteamState, net: Network) -> list[tuple[float, float, float]]:
    """Where every locomotive marker stands and the radius that holds its
    shape (a triangle reaches 1.45 of its size from the centre)."""
    out: list[tuple[float, float, float]] = []
    for sec in net.sections:
        if sec.owner is None or not sec.paths:
            continue
        if sec.complete:
            label, i = sec.paths[len(sec.paths) // 2]
            cx, cy = hex_centre(label)
            pts = _piece_points(pieces(state, label)[i], cx, cy)
            x, y = pts[len(pts) // 2]
            out.append((x, y, 13.0))
        else:
            x, y = _marker_point(state, sec)
            out.append((x, y, 16.0))
    return out


def _last_move_shape(d: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network) -> None:
    """The last move's highlight as :func:`_draw_last_build`, :func:`_draw_route`
    and :func:`_draw_arrowhead` draw it (edges included), in hard ink."""
    last: dict[str, Any] = dict(state["last"] or {})
    if last.get("kind") == "build":
        for label in set(last.get("where", [])):
            cx, cy = hex_centre(label)
            corners = kit.hex_corners(cx, cy, SIZE - 5, flat_top=True)
            d.line([*corners, corners[0]], fill=HARD, width=5 + 4 + 2, joint="curve")
    elif last.get("kind") == "move":
        for label in last.get("route") or []:
            cx, cy = hex_centre(label)
            corners = kit.hex_corners(cx, cy, SIZE - 1, flat_top=True)
            d.line([*corners, corners[0]], fill=HARD, width=3 + 4 + 2, joint="curve")
        lines = route_lines(state, net, last)
        for line in lines:
            d.line(line, fill=HARD, width=23 + 4 + 2, joint="curve")
        if lines and len(lines[-1]) >= 2:
            x, y = lines[-1][-1]
            d.ellipse((x - 24, y - 24, x + 24, y + 24), fill=HARD)  # the arrowhead


def _covered(mask: Image.Image, box: Box) -> int:
    """How many pixels of ``box`` the mask marks."""
    crop = mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3])))
    return sum(crop.histogram()[1:])


def _free_box(mask: Image.Image, boxes: Sequence[Box]) -> Box:
    """The first box the mask leaves free, else the one covering the least
    of what must never be covered (then the least of the rest)."""
    best, least = boxes[0], (-1, -1)
    for box in boxes:
        crop = mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3])))
        if crop.getbbox() is None:
            return box
        counts = crop.histogram()
        covered = (counts[HARD], sum(counts[1:]))
        if least[0] < 0 or covered < least:
            best, least = box, covered
    return best


BESIDE_GAP = 4
"""The pixels between a city's hex and a tag beside it."""


@cache
def _tag_boxes(label: str, w: int) -> tuple[Box, ...]:
    """Where a tag ``w`` wide may go right beside its city, best first:
    above, below, beside, and shifted sideways, kept inside the map; all
    :data:`BESIDE_GAP` off the hex, clear of the ring the last move draws
    around a city on its route (so a delivery leaves the tag in place)."""
    cx, cy = hex_centre(label)
    gap = BESIDE_GAP
    above, below, middle = cy - APOTHEM - gap - TAG_H, cy + APOTHEM + gap, cy - TAG_H / 2
    spots = [(cx - w / 2, above), (cx - w / 2, below), (cx + SIZE + gap, middle), (cx - SIZE - gap - w, middle),
             (cx - w + SIZE / 2, above), (cx - SIZE / 2, above), (cx - w + SIZE / 2, below), (cx - SIZE / 2, below),
             (cx + SIZE / 2, middle - TAG_H), (cx - SIZE / 2 - w, middle - TAG_H),
             (cx + SIZE / 2, middle + TAG_H), (cx - SIZE / 2 - w, middle + TAG_H)]
    return _inside(spots, w)


def _inside(spots: Sequence[tuple[float, float]], w: int) -> tuple[Box, ...]:
    """Boxes ``w`` wide at the top-left corners ``spots``, kept inside the map."""
    out: list[Box] = []
    for left, top in spots:
        left = float(max(2, min(MAP_W - w - 2, round(left))))
        top = float(max(2, min(MAP_H - TAG_H - 2, round(top))))
        out.append((left, top, left + w, top + TAG_H))
    return tuple(out)


@cache
def _ring_boxes(label: str, w: int) -> tuple[Box, ...]:
    """Where a tag ``w`` wide may go a little away from its city, best
    first: a row above or below, beside, then rings of 1.9 and 2.6 hexes
    all around, nearest first."""
    cx, cy = hex_centre(label)
    gap = BESIDE_GAP
    above, below, middle = cy - APOTHEM - gap - TAG_H, cy + APOTHEM + gap, cy - TAG_H / 2
    spots = [(cx - w / 2, above - TAG_H), (cx - w / 2, below + TAG_H),
             (cx + SIZE + gap, middle - TAG_H), (cx - SIZE - gap - w, middle - TAG_H),
             (cx + SIZE + gap, middle + TAG_H), (cx - SIZE - gap - w, middle + TAG_H)]
    for reach in (1.9, 2.6):
        for step in range(12):
            angle = math.radians(-90 + 30 * step)
            x, y = cx + reach * SIZE * math.cos(angle), cy + reach * SIZE * math.sin(angle)
            spots.append((x - w / 2, y - TAG_H / 2))
    return _inside(spots, w)


class Leader(NamedTuple):
    """A thin line from a tag placed away from its city to the city's edge,
    where a dot marks the city it names."""
    start: tuple[float, float]
    end: tuple[float, float]


LEADER_GAP = 10
"""A tag farther than this from its city's hex gets a leader line."""
FAR_STEP = 6
"""The grid (in pixels) on which a tag away from its city is placed."""
FAR_REACH = 4 * SIZE
"""How far from its city a tag is looked for first (then anywhere)."""
FAR_TRIES = 200
"""How many boxes, best first, :func:`_far_box` checks exactly."""
LAND_COST = 24
"""How much farther (in pixels) a tag goes to sit on a lake, off the board or
in the margins rather than on land where track may be built later."""
SOFT_COST = 40
"""How much farther a tag goes rather than cover a build cost or a coordinate."""


def _hex_reach(angle: float, radius: float) -> float:
    """How far from a flat-topped hex's centre its edge lies in the
    direction ``angle`` (radians), ``radius`` being its circumradius."""
    off = math.degrees(angle) % 60 - 30
    return radius * (SQ3 / 2) / math.cos(math.radians(off))


def _leader(label: str, box: Box) -> Leader | None:
    """The leader line from ``box`` to its city ``label``: from the point of
    the box nearest the city's centre straight to the city's edge; None when
    the box is within :data:`LEADER_GAP` of the hex."""
    cx, cy = hex_centre(label)
    px, py = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    dist = math.dist((px, py), (cx, cy))
    angle = math.atan2(py - cy, px - cx)
    if dist - _hex_reach(angle, SIZE) <= LEADER_GAP:
        return None
    edge = _hex_reach(angle, SIZE - 2)
    return Leader((px, py), (cx + edge * math.cos(angle), cy + edge * math.sin(angle)))


POOL = 2
"""The summed-area tables count cells of POOL x POOL pixels (a cell is
marked if any of its pixels is): four times fewer sums, a box's count
reaching at most a pixel beyond it."""


def _cells(values: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """A mask in cells of POOL x POOL (2 x 2) pixels: each cell the largest
    value of its pixels (so a cell is HARD if any pixel is, marked if any is)."""
    height, width = values.shape
    padded = np.pad(values, ((0, -height % POOL), (0, -width % POOL)))
    rows = np.maximum(padded[0::2], padded[1::2])  # each pair of rows
    pairs = rows.view(np.uint16)  # each pair of pixels in a row, as one number
    cells: npt.NDArray[np.uint8] = np.maximum(pairs & 0xFF, pairs >> 8).astype(np.uint8)
    return cells


def _sums(cells: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """The summed-area table of marked cells (see :func:`_cells`):
    ``s[j, i]`` counts the marked cells above and left of cell (i, j)."""
    # Summed along rows in the transposed table, then along rows again:
    # numpy sums along the last axis several times faster than down columns.
    across = np.zeros((cells.shape[1] + 1, cells.shape[0] + 1), dtype=np.int32)
    np.cumsum(cells.T, axis=1, dtype=np.int32, out=across[1:, 1:])
    out = np.ascontiguousarray(across.T)
    np.cumsum(out, axis=1, dtype=np.int32, out=out)
    return out


def _cell_counts(sums: npt.NDArray[np.int32], x0: npt.NDArray[np.intp], y0: npt.NDArray[np.intp],
                 x1: npt.NDArray[np.intp], y1: npt.NDArray[np.intp]) -> npt.NDArray[np.int32]:
    """How many marked cells meet each box of pixels [x0, x1) x [y0, y1)."""
    i0, j0, i1, j1 = x0 // POOL, y0 // POOL, -(-x1 // POOL), -(-y1 // POOL)
    result: npt.NDArray[np.int32] = sums[j1, i1] - sums[j0, i1] - sums[j1, i0] + sums[j0, i0]
    return result


def _box_counts(sums: npt.NDArray[np.int32], x0: npt.NDArray[np.intp], y0: npt.NDArray[np.intp], w: int,
                h: int) -> npt.NDArray[np.int32]:
    """How many marked cells meet each box (x0, y0, x0 + w, y0 + h)."""
    return _cell_counts(sums, x0, y0, x0 + w, y0 + h)


@cache
def _land_sums() -> npt.NDArray[np.int32]:
    """Where track may be built one day (every hex but the lakes), summed."""
    mask = Image.new("L", (MAP_W, MAP_H), 0)
    d = ImageDraw.Draw(mask)
    for label, mh in board().hexes.items():
        if mh.terrain != "lake":
            d.polygon(kit.hex_corners(*hex_centre(label), SIZE, flat_top=True), fill=1)
    return read_only(_sums(_cells(np.asarray(mask)) > 0))


@cache
def _static_line_blocks() -> Image.Image:
    """What a leader line must not cross: the towns and printed cities."""
    mask = Image.new("L", (MAP_W, MAP_H), 0)
    d = ImageDraw.Draw(mask)
    for label in board().towns:
        cx, cy = hex_centre(label)
        d.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=255)
    for label in board().cities:
        d.polygon(kit.hex_corners(*hex_centre(label), SIZE - 2, flat_top=True), fill=255)
    return mask


def _line_blocks(state: AgeOfSteamState, net: Network) -> Image.Image:
    """What a leader line must not cross: towns, cities and markers (and,
    as they are placed, the other tags and leader lines)."""
    mask = _static_line_blocks().copy()
    d = ImageDraw.Draw(mask)
    for label in state["new_cities"]:
        d.polygon(kit.hex_corners(*hex_centre(label), SIZE - 2, flat_top=True), fill=255)
    for x, y, r in _marker_discs(state, net):
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    return mask


def _line_points(leader: Leader) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The pixels of a leader line, a pixel apart, from the tag to 4 pixels
    short of the city's edge."""
    (x0, y0), (x1, y1) = leader
    length = math.dist(leader.start, leader.end)
    t = np.arange(0.0, max(0.0, length - 4), 1.0) / max(length, 1.0)
    return np.rint(x0 + (x1 - x0) * t).astype(np.intp), np.rint(y0 + (y1 - y0) * t).astype(np.intp)


def _dilated(values: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The mask grown by a pixel on every side."""
    out = values.copy()
    out[1:, :] |= values[:-1, :]
    out[:-1, :] |= values[1:, :]
    out[:, 1:] |= values[:, :-1]
    out[:, :-1] |= values[:, 1:]
    return out


def _shifted(leader: Leader, dx: float, dy: float) -> Leader:
    (x0, y0), (x1, y1) = leader
    return Leader((x0 + dx, y0 + dy), (x1 + dx, y1 + dy))


def _line_clear(blocks: npt.NDArray[np.bool_], leader: Leader) -> bool:
    """Whether the leader line crosses nothing of ``blocks`` (grown by a
    pixel) before it reaches its city."""
    xs, ys = _line_points(leader)
    height, width = blocks.shape
    inside = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    return not bool(blocks[ys[inside], xs[inside]].any())


RAYS = 180


@cache
def _ray_pixels(label: str, limit: float) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                                  npt.NDArray[np.float64]]:
    """The pixels of :data:`RAYS` rays out from the edge of city ``label``,
    2 pixels apart up to ``limit`` (clipped to the map), and where each ray
    leaves the hex."""
    cx, cy = hex_centre(label)
    angles = np.radians(np.arange(RAYS, dtype=np.float64) * 360 / RAYS)
    off = np.radians(np.degrees(angles) % 60 - 30)
    edge = (SIZE - 2) * (SQ3 / 2) / np.cos(off) + 4
    radii = edge[:, None] + np.arange(0.0, limit, 2.0)[None, :]
    xs = np.clip(np.rint(cx + radii * np.cos(angles)[:, None]), 0, MAP_W - 1).astype(np.intp)
    ys = np.clip(np.rint(cy + radii * np.sin(angles)[:, None]), 0, MAP_H - 1).astype(np.intp)
    return read_only(xs), read_only(ys), read_only(edge)


def _clear_reach(blocks: npt.NDArray[np.bool_], label: str, limit: float) -> npt.NDArray[np.float64]:
    """How far from the centre of city ``label`` (up to ``limit``) a line may
    run out from its edge, every 2 degrees, before it meets something of
    ``blocks``."""
    xs, ys, edge = _ray_pixels(label, limit)
    hit = blocks[ys, xs]
    first = np.where(hit.any(axis=1), hit.argmax(axis=1), xs.shape[1])
    reach: npt.NDArray[np.float64] = edge + 2 * first - 2
    return reach


TAG_GAP = 2
"""The pixels kept free between two tags."""


class _Field:
    """What the tags are placed on: the obstacle mask and what leader lines
    must not cross, live (every tag and leader line placed is marked), and
    the summed-area tables of the obstacles before any tag."""

    def __init__(self, mask: Image.Image, blocks: Image.Image) -> None:
        self.mask, self.blocks = mask.copy(), blocks.copy()
        self.base = mask
        self.boxes: list[Box] = []
        self._grown: npt.NDArray[np.bool_] | None = None

    @property
    def grown_blocks(self) -> npt.NDArray[np.bool_]:
        """What leader lines must not cross, grown by a pixel (kept up to
        date as tags are marked)."""
        if self._grown is None:
            self._grown = _dilated(np.asarray(self.blocks) > 0)
        return self._grown

    @cached_property
    def pooled_cells(self) -> npt.NDArray[np.uint8]:
        return _cells(np.asarray(self.base))

    @cached_property
    def hard_sums(self) -> npt.NDArray[np.int32]:
        return _sums(self.pooled_cells == HARD)

    @cached_property
    def soft_sums(self) -> npt.NDArray[np.int32]:
        return _sums(self.pooled_cells > 0)

    def fresh(self) -> _Field:
        """The field as it was before any tag (its tables shared)."""
        out = _Field(self.mask, self.blocks)
        out.__dict__.update({k: v for k, v in self.__dict__.items() if k.endswith(("_sums", "_cells"))})
        if self._grown is not None:
            out._grown = self._grown.copy()
        return out

    def mark(self, box: Box, leader: Leader | None) -> None:
        """A tag placed in ``box``, with its leader line."""
        self.boxes.append(box)
        x0, y0, x1, y1 = box
        for d in (ImageDraw.Draw(self.mask), ImageDraw.Draw(self.blocks)):
            d.rectangle((x0 - TAG_GAP, y0 - TAG_GAP, x1 + TAG_GAP - 1, y1 + TAG_GAP - 1), fill=HARD)
            if leader is not None:
                d.line(leader, fill=HARD, width=5)
                x, y = leader.end
                d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=HARD)
        if self._grown is not None:  # grow the part just marked
            xs = [x0, x1] + ([leader.start[0], leader.end[0]] if leader else [])
            ys = [y0, y1] + ([leader.start[1], leader.end[1]] if leader else [])
            margin = TAG_GAP + 8
            left, top = max(0, int(min(xs)) - margin), max(0, int(min(ys)) - margin)
            right, bottom = min(MAP_W, int(max(xs)) + margin), min(MAP_H, int(max(ys)) + margin)
            part = _dilated(np.asarray(self.blocks.crop((left, top, right, bottom))) > 0)
            self._grown[top:top + part.shape[0], left:left + part.shape[1]] |= part

    def line_clear(self, leader: Leader | None) -> bool:
        """Whether a leader line (None: none needed) crosses nothing it
        must not, read from the live mask near the line only."""
        if leader is None:
            return True
        xs, ys = _line_points(leader)
        if not len(xs):
            return True
        left, top = max(0, int(xs.min()) - 2), max(0, int(ys.min()) - 2)
        crop = np.asarray(self.blocks.crop((left, top, int(xs.max()) + 3, int(ys.max()) + 3))) > 0
        return _line_clear(_dilated(crop), _shifted(leader, -left, -top))

    def candidates(self, boxes: Sequence[Box], soft: bool = False) -> list[Box]:
        """The boxes (whole pixels, in order) that cover nothing of the
        obstacles before any tag (nothing hard, if ``soft`` is allowed) and
        keep off the tags placed so far: a quick sieve; the live mask has
        the last word (:meth:`free`, :meth:`hard_free`)."""
        if not boxes:
            return []
        return [box for box, keep in zip(boxes, self.sieve(boxes, soft).tolist()) if keep]

    def sieve(self, boxes: Sequence[Box], soft: bool = False) -> npt.NDArray[np.bool_]:
        """Which of the boxes :meth:`candidates` keeps."""
        arr = np.array(boxes, dtype=np.intp)
        x0, y0, x1, y1 = arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3]
        covered = _cell_counts(self.hard_sums if soft else self.soft_sums, x0, y0, x1, y1)
        return np.asarray((covered == 0) & self.apart(x0, y0, x1, y1), dtype=np.bool_)

    def apart(self, x0: npt.NDArray[np.intp], y0: npt.NDArray[np.intp], x1: npt.NDArray[np.intp],
              y1: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        """Which boxes keep :data:`TAG_GAP` off every tag placed so far."""
        if not self.boxes:
            return np.ones(x0.shape, dtype=np.bool_)
        placed = np.array(self.boxes)
        meet = ((x0[:, None] < placed[:, 2] + TAG_GAP) & (x1[:, None] > placed[:, 0] - TAG_GAP)
                & (y0[:, None] < placed[:, 3] + TAG_GAP) & (y1[:, None] > placed[:, 1] - TAG_GAP))
        return np.asarray(~meet.any(axis=1), dtype=np.bool_)

    def free(self, box: Box) -> bool:
        return self.mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3]))).getbbox() is None

    def hard_free(self, box: Box) -> bool:
        counts = self.mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3]))).histogram()
        return counts[HARD] == 0


def _far_box(field: _Field, label: str, w: int) -> tuple[Box, Leader | None] | None:
    """The best box ``w`` wide that covers nothing hard, with its leader
    line to the city ``label`` (None for a box beside it): nearest the city
    first, going farther to sit on a lake, off the board or in the margins,
    or to keep off build costs and coordinates; its leader line must cross no
    tag, leader line, city, town or marker. Looked for within
    :data:`FAR_REACH` of the city, then anywhere; None when no box is free."""
    cx, cy = hex_centre(label)
    blocks = field.grown_blocks
    for window in (FAR_REACH, MAP_W):
        reach = _clear_reach(blocks, label, min(float(MAP_W), 1.5 * window))
        xs = np.arange(max(2, int(cx - window - w)), min(MAP_W - w - 2, int(cx + window)), FAR_STEP, dtype=np.intp)
        ys = np.arange(max(2, int(cy - window - TAG_H)), min(MAP_H - TAG_H - 2, int(cy + window)), FAR_STEP,
                       dtype=np.intp)
        x0, y0 = (a.ravel() for a in np.meshgrid(xs, ys))
        free = _box_counts(field.hard_sums, x0, y0, w, TAG_H) == 0
        x0, y0 = x0[free], y0[free]
        free = field.apart(x0, y0, x0 + w, y0 + TAG_H)
        x0, y0 = x0[free], y0[free]
        px = np.clip(cx, x0, x0 + w)
        py = np.clip(cy, y0, y0 + TAG_H)
        dist = np.hypot(px - cx, py - cy)
        ray = np.rint(np.arctan2(py - cy, px - cx) * (RAYS / (2 * math.pi))).astype(np.intp) % RAYS
        clear = (dist <= APOTHEM + LEADER_GAP) | (dist <= reach[ray] - 1)
        x0, y0, dist = x0[clear], y0[clear], dist[clear]
        if not len(x0):
            continue
        area = float((w // POOL + 1) * (TAG_H // POOL + 1))  # in cells
        soft = np.minimum(_box_counts(field.soft_sums, x0, y0, w, TAG_H), area / 4) / (area / 4)
        land = np.minimum(_box_counts(_land_sums(), x0, y0, w, TAG_H) / area, 1.0)
        cost = dist + LAND_COST * land + SOFT_COST * soft
        for k in np.argsort(cost, kind="stable")[:FAR_TRIES]:
            box: Box = (float(x0[k]), float(y0[k]), float(x0[k] + w), float(y0[k] + TAG_H))
            leader = _leader(label, box)
            if field.hard_free(box) and (leader is None or _line_clear(blocks, leader)):
                return box, leader
    return None


LayoutKey = tuple[tuple[tuple[str, str, int], ...], tuple[tuple[str, str], ...], tuple[tuple[int, int], ...],
                  tuple[str, ...]]
_TAG_LAYOUTS: "Recent[LayoutKey, Plan]" = Recent(256)  # bounded: boards vary without end


def _layout_key(state: AgeOfSteamState, net: Network) -> LayoutKey:
    """What the tags' places depend on: the tiles, the new cities, the
    locomotive markers and the last move's highlight (an auction or a pass
    leaves them as they were)."""
    tiles = tuple(sorted((label, e["tile"], e["rot"]) for label, e in state["board"].items()))
    markers = tuple(sorted((int(x), int(y)) for x, y, _r in _marker_discs(state, net)))
    return tiles, tuple(sorted(state["new_cities"].items())), markers, _last_move_key(state)


def _last_move_key(state: AgeOfSteamState) -> tuple[str, ...]:
    """What the last move's highlight covers: the hexes just built, or the
    route and pieces of the cube just moved."""
    last: dict[str, Any] = dict(state["last"] or {})
    if last.get("kind") == "build":
        return ("build", *sorted(set(last.get("where", []))))
    if last.get("kind") == "move":
        return ("move", *(str(n) for n in last.get("route", [])),
                *(f"{h}/{i}" for h, i in last.get("pieces", [])))
    return ()


TAG_SMALL = 15
"""The tag's font where the full-size tag finds no room off the track."""


def _tag_names(state: AgeOfSteamState, label: str) -> list[tuple[str, int]]:
    """A city's tag texts and font sizes, widest first: a new city's name
    with its tile letter ("Toledo (D)"), then without it (the hex shows the
    letter), then in a smaller font."""
    full = city_name(state, label)
    short = board().towns[label] if label in state["new_cities"] else full
    return [(full, TAG_FONT)] + ([(short, TAG_FONT)] if short != full else []) + [(short, TAG_SMALL)]


def _tag_layout(state: AgeOfSteamState, net: Network) -> list[tuple[Box, str, int]]:
    """Each city's tag box, text and font size, in the order of
    :func:`_city_labels` (see :func:`_tag_plan`)."""
    return list(_tag_plan(state, net)[0])


def _tag_leaders(state: AgeOfSteamState, net: Network) -> list[Leader | None]:
    """Each city's leader line (None for a tag beside its city), in the
    order of :func:`_city_labels`."""
    return list(_tag_plan(state, net)[1])


def _place_tag(field: _Field, state: AgeOfSteamState, label: str) -> tuple[Box, str, int, Leader | None] | None:
    """Where a city's tag goes: never over track, towns, cities, cubes,
    growth discs, markers, the last move, other tags or their leader lines
    (hard), and where it can, not over build costs or coordinates (soft).
    The first of: a free spot right beside the city (:func:`_tag_boxes`),
    with the whole name, then without a new city's tile letter (the hex
    shows it); a free spot a little away (:func:`_ring_boxes`) whose leader
    line is clear; the best spot anywhere (:func:`_far_box`), weighing its
    distance against what soft it covers (the name without the tile letter
    where its leader line is :data:`SHORTER_LEADER` shorter); a smaller
    font beside the city.
    None when every one covers something hard."""
    colour = city_colour(state, label)
    names = _tag_names(state, label)

    def beside(name: str, size: int) -> Box | None:
        boxes = _tag_boxes(label, _name_tag(name, colour, size).width)
        for box in field.candidates(boxes):
            if field.free(box):
                return box
        if size != TAG_FONT:  # a smaller tag may cover a cost or a coordinate
            for box in field.candidates(boxes, soft=True):
                if field.hard_free(box):
                    return box
        return None

    for name, size in names:
        if size == TAG_FONT and (box := beside(name, size)) is not None:
            return box, name, size, None
    for name, size in names:
        if size == TAG_FONT:
            for box in field.candidates(_ring_boxes(label, _name_tag(name, colour, size).width)):
                leader = _leader(label, box)
                if field.free(box) and field.line_clear(leader):
                    return box, name, size, leader
    far: list[tuple[Box, str, int, Leader | None]] = []
    for name, size in names:
        if far and _leader_length(far[0][3]) <= SHORTER_LEADER:
            break  # no shorter name can come much nearer
        if size == TAG_FONT and (spot := _far_box(field, label, _name_tag(name, colour, size).width)):
            far.append((spot[0], name, size, spot[1]))
    if far:  # the whole name, unless the name without the tile letter sits much nearer
        whole = far[0]
        return min(far, key=lambda s: _leader_length(s[3]) - (SHORTER_LEADER if s is whole else 0))
    for name, size in names:
        if size != TAG_FONT and (box := beside(name, size)) is not None:
            return box, name, size, None
    return None


SHORTER_LEADER = 24
"""How much shorter (in pixels) the leader line of a new city's tag without
its tile letter must be for that tag to be chosen over the whole name."""


def _leader_length(leader: Leader | None) -> float:
    return 0.0 if leader is None else math.dist(leader.start, leader.end)


def _least_covering(mask: Image.Image, state: AgeOfSteamState, label: str) -> tuple[Box, str, int]:
    """The tag beside its city covering least of what is hard, then of the
    rest (when no spot anywhere covers nothing hard)."""
    tries: list[tuple[tuple[int, int], Box, str, int]] = []
    for name, size in _tag_names(state, label):
        box = _free_box(mask, _tag_boxes(label, _name_tag(name, city_colour(state, label), size).width))
        counts = mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3]))).histogram()
        tries.append(((counts[HARD], sum(counts[1:])), box, name, size))
    _cover, box, name, size = min(tries, key=lambda t: t[0])
    return box, name, size


Plan = tuple[tuple[tuple[Box, str, int], ...], tuple[Leader | None, ...]]
"""Each city's tag (box, text, size) and leader line, in the order of
:func:`_city_labels` (tuples: plans are cached and shared by threads)."""


def _plan_in_order(field: _Field, state: AgeOfSteamState, order: Sequence[str]) -> tuple[Plan, list[str]]:
    """The tags placed one by one in ``order`` by :func:`_place_tag`, each
    marked for the next ones to keep off with its leader line; returned in
    the order of :func:`_city_labels`, with the cities whose tag found no
    spot free of anything hard."""
    done: dict[str, tuple[Box, str, int, Leader | None]] = {}
    failed: list[str] = []
    for label in order:
        spot = _place_tag(field, state, label)
        if spot is None:
            failed.append(label)
            spot = (*_least_covering(field.mask, state, label), None)
        done[label] = spot
        field.mark(spot[0], spot[3])
    labels = _city_labels(state)
    return (tuple(done[label][:3] for label in labels), tuple(done[label][3] for label in labels)), failed


def _crowded_first(field: _Field, state: AgeOfSteamState) -> list[str]:
    """The cities in the order their tags are placed: those with the fewest
    free spots right beside them first (they take those spots before their
    neighbours' tags do), else in the order of :func:`_city_labels`."""
    labels = _city_labels(state)
    spots = [_tag_boxes(label, _name_tag(_tag_names(state, label)[-1][0], city_colour(state, label),
                                         TAG_FONT).width) for label in labels]
    free = field.sieve([box for boxes in spots for box in boxes]).tolist()
    room, at = {}, 0
    for label, boxes in zip(labels, spots):
        room[label] = sum(free[at:at + len(boxes)])
        at += len(boxes)
    return sorted(labels, key=room.__getitem__)


PLAN_TRIES = 4
"""How many orders :func:`_tag_plan` tries before it settles for a tag that
covers something."""


def _lay_out(state: AgeOfSteamState, net: Network, last: bool) -> Plan:
    """Every city's tag and leader line, placed crowded cities first
    (:func:`_crowded_first`); where a tag still found no free spot, placed
    again with that city first. Around the last move's highlight, or (not
    ``last``) as if there were none."""
    field = _Field(_obstacles(state, net, last), _line_blocks(state, net))
    order = _crowded_first(field, state)
    best: tuple[Plan, list[str]] | None = None
    for _ in range(PLAN_TRIES):
        plan, failed = _plan_in_order(field.fresh(), state, order)
        if best is None or len(failed) < len(best[1]):
            best = plan, failed
        if not failed:
            break
        order = failed + [label for label in order if label not in failed]
    assert best is not None
    return best[0]


def _last_move_mask(state: AgeOfSteamState, net: Network) -> Image.Image:
    mask = Image.new("L", (MAP_W, MAP_H), 0)
    _last_move_shape(ImageDraw.Draw(mask), state, net)
    return mask


def _around_last_move(plan: Plan, state: AgeOfSteamState, net: Network) -> Plan:
    """``plan`` (laid out as if there were no last move) with the tags that
    cover the last move's highlight placed anew around it, the others kept;
    laid out anew (:func:`_lay_out`) if one of them then finds no free spot."""
    highlight = _last_move_mask(state, net)
    labels = _city_labels(state)
    (placed, leaders) = plan
    moved = [label for label, (b, _n, _s) in zip(labels, placed)
             if highlight.crop((int(b[0]), int(b[1]), int(b[2]), int(b[3]))).getbbox() is not None]
    if not moved:
        return plan
    field = _Field(_obstacles(state, net), _line_blocks(state, net))
    done: dict[str, tuple[Box, str, int, Leader | None]] = {}
    for label, (box, name, size), leader in zip(labels, placed, leaders):
        if label not in moved:
            done[label] = box, name, size, leader
            field.mark(box, leader)
    for label in moved:
        spot = _place_tag(field, state, label)
        if spot is None:
            return _lay_out(state, net, last=True)
        done[label] = spot
        field.mark(spot[0], spot[3])
    return tuple(done[label][:3] for label in labels), tuple(done[label][3] for label in labels)


_LAST_PLAN: list[tuple[AgeOfSteamState, Network, Plan]] = []
"""The plan of the board drawn last (held with it, so a render asks once)."""


def _tag_plan(state: AgeOfSteamState, net: Network) -> Plan:
    """Every city's tag and leader line: laid out as if there were no last
    move (:func:`_lay_out`), then only the tags that cover its highlight
    (the hexes just built, or the route just taken) placed anew around it
    (:func:`_around_last_move`), so the last move moves few tags. Kept for
    the next boards with the same track, new cities, markers and last move."""
    for held_state, held_net, held in _LAST_PLAN[:1]:  # one read: another thread may replace it
        if held_state is state and held_net is net:
            return held
    plan = _keyed_plan(state, net)
    _LAST_PLAN[:] = [(state, net, plan)]
    return plan


def _keyed_plan(state: AgeOfSteamState, net: Network) -> Plan:
    """The plan for the board's layout key (see :func:`_tag_plan`)."""
    key = _layout_key(state, net)
    bare: LayoutKey = (key[0], key[1], key[2], ())

    def made() -> Plan:
        plan = _TAG_LAYOUTS.get(bare, lambda: _lay_out(state, net, last=False))
        return plan if key == bare else _around_last_move(plan, state, net)
    return _TAG_LAYOUTS.get(key, made)


def _city_labels(state: AgeOfSteamState) -> list[str]:
    return list(board().cities) + list(state["new_cities"])


LEADER_INK = kit.INK


def _draw_city_names(image: Image.Image, state: AgeOfSteamState, net: Network) -> list[Box]:
    """Every city's name tag where :func:`_tag_layout` places it, a tag away
    from its city pointing at it with a leader line (dark, 2 px, on a light
    casing, a dot at the city's edge); returns the boxes used."""
    placed = _tag_layout(state, net)
    leaders = _tag_leaders(state, net)
    draw = ImageDraw.Draw(image)
    for leader in leaders:
        if leader is not None:
            draw.line(leader, fill=CASING, width=4)
    for leader in leaders:
        if leader is not None:
            draw.line(leader, fill=LEADER_INK, width=2)
            x, y = leader.end
            draw.ellipse((x - 3.5, y - 3.5, x + 3.5, y + 3.5), fill=LEADER_INK, outline=CASING, width=1)
    for label, (box, name, size) in zip(_city_labels(state), placed):
        tag = _name_tag(name, city_colour(state, label), size)
        image.paste(tag, (int(box[0]), int(box[1])), tag)
    return [box for box, _name, _size in placed]


def _cube_rows(n: int) -> tuple[int, int]:
    """Cubes per row and the cube side for ``n`` cubes in a city hex: three
    to a row (two rows hold six), four smaller ones beyond."""
    return (3, 13) if n <= 6 else (4, 10)


def _draw_cubes(image: Image.Image, state: AgeOfSteamState) -> None:
    """The goods in each city, in rows below its growth disc, inside the hex."""
    for label, cubes in state["cubes"].items():
        if not cubes:
            continue
        cx, cy = hex_centre(label)
        per_row, side = _cube_rows(len(cubes))
        for i, cube in enumerate(cubes):
            r, c = divmod(i, per_row)
            in_row = min(per_row, len(cubes) - r * per_row)
            x = cx - in_row * (side + 1) / 2 + c * (side + 1)
            y = cy - 6 + r * (side + 1)
            _cube(image, x, y, side, cube)


@cache
def _cube_sprite(cube: str, side: int) -> Image.Image:
    """A goods cube: a square of its colour with its letter."""
    fill = GOODS[cube]
    sprite = Image.new("RGB", (side + 1, side + 1), fill)
    ImageDraw.Draw(sprite).rectangle((0, 0, side, side), fill=fill, outline=(255, 255, 255), width=1)
    _text(sprite, (side / 2 + 0.5, side / 2 + 1), COLOUR_LETTER[cube], max(8, min(13, side - 3)), True,
          kit.text_colour_on(fill), "mm")
    return sprite


def _cube(image: Image.Image, x: float, y: float, side: int, cube: str) -> None:
    image.paste(_cube_sprite(cube, side), (int(x), int(y)))


def _edge(cx: float, cy: float, e: int) -> tuple[float, float]:
    return kit.hex_edge_midpoint(cx, cy, SIZE, e, flat_top=True)


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network) -> None:
    """Every piece of track on its casing: solid in its owner's colour on a
    completed link, dashed on unfinished track, dashed grey when unowned."""
    for label, entry in state["board"].items():
        for i, piece in enumerate(pieces(state, label)):
            owner = entry["owners"][i]
            link = net.of_piece.get((label, i))
            complete = link is not None and net.sections[link].complete
            colour = kit.player_colour(owner) if owner is not None else UNOWNED
            _paste_piece(image, label, piece, colour, owner is None or not complete)
        if is_town(state, label):
            cx, cy = hex_centre(label)
            draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=kit.INK, width=2)


def _draw_last_build(draw: ImageDraw.ImageDraw, last: dict[str, Any]) -> None:
    """The hexes just built, ringed in the highlight form."""
    if last.get("kind") != "build":
        return
    for label in sorted(set(last.get("where", []))):
        cx, cy = hex_centre(label)
        kit.highlight_line(draw, kit.hex_corners(cx, cy, SIZE - 5, flat_top=True), 5, closed=True)


def _marker_point(state: AgeOfSteamState, sec: Any) -> tuple[float, float]:
    """Where an unfinished section's locomotive marker stands: half-way
    between the last hex's centre and the open end."""
    label, i = sec.paths[-1]
    cx, cy = hex_centre(label)
    piece = pieces(state, label)[i]
    ex, ey = _edge(cx, cy, piece[-1] if sec.open_end is None else sec.open_end[1])
    return (cx + ex) / 2, (cy + ey) / 2


def _draw_markers(image: Image.Image, state: AgeOfSteamState, net: Network, letters: list[str]) -> None:
    """A locomotive marker at the open end of every owned unfinished section,
    and the owner's marker on the middle piece of every completed link."""
    for sec in net.sections:
        if sec.owner is None or not sec.paths:
            continue
        if sec.complete:
            label, i = sec.paths[len(sec.paths) // 2]
            cx, cy = hex_centre(label)
            pts = _piece_points(pieces(state, label)[i], cx, cy)
            x, y = pts[len(pts) // 2]
            _marker(image, x, y, 8, sec.owner, letters[sec.owner])
        else:
            x, y = _marker_point(state, sec)
            _marker(image, x, y, 10, sec.owner, letters[sec.owner])


def route_lines(state: AgeOfSteamState, net: Network, last: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """The lines a delivered cube took, one per link in the order it ran
    them, each along the link's pieces from the edge of the city or town it
    left to the edge of the next one."""
    refs = [(str(h), int(i)) for h, i in last.get("pieces", [])]
    nodes = list(last.get("route", []))
    if not refs or len(nodes) < 2:
        return []
    groups: list[list[tuple[str, int]]] = []
    for ref in refs:
        if not groups or net.of_piece.get(ref) != net.of_piece.get(groups[-1][0]):
            groups.append([])
        groups[-1].append(ref)
    lines: list[list[tuple[float, float]]] = []
    for k, group in enumerate(groups):
        link = net.of_piece.get(group[0])
        if link is not None and k < len(nodes) and net.sections[link].start != nodes[k]:
            group.reverse()  # the link was traced from the other end
        here = hex_centre(nodes[k]) if k < len(nodes) else hex_centre(group[0][0])
        line: list[tuple[float, float]] = []
        for label, i in group:
            ps = pieces(state, label)
            if i >= len(ps):
                return []
            cx, cy = hex_centre(label)
            pts = _piece_points(ps[i], cx, cy)
            if math.dist(pts[-1], here) < math.dist(pts[0], here):
                pts.reverse()
            line.extend(pts)
            here = pts[-1]
        lines.append(line)
    return lines


def _draw_route(draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network, last: dict[str, Any]) -> None:
    """The last delivery, under the track: its route as a wide band in the
    highlight form (its black dashes and edges show on both sides of the
    owners' track drawn over it), and the cities and towns it passed ringed."""
    if last.get("kind") != "move":
        return
    for label in last.get("route") or []:
        cx, cy = hex_centre(label)
        kit.highlight_line(draw, kit.hex_corners(cx, cy, SIZE - 1, flat_top=True), 3, closed=True)
    for line in route_lines(state, net, last):
        kit.highlight_line(draw, line, 23)


def _draw_arrowhead(draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network, last: dict[str, Any]) -> None:
    """An arrowhead, white with a black edge, where the delivered cube
    entered its destination city."""
    if last.get("kind") != "move":
        return
    lines = route_lines(state, net, last)
    if not lines or len(lines[-1]) < 2:
        return
    (x0, y0), (x1, y1) = lines[-1][-2], lines[-1][-1]
    length = math.dist((x0, y0), (x1, y1)) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 + ux * 6, y1 + uy * 6)
    back = (x1 - ux * 16, y1 - uy * 16)
    head = [tip, (back[0] - uy * 12, back[1] + ux * 12), (back[0] + uy * 12, back[1] - ux * 12)]
    draw.polygon(head, fill=kit.HIGHLIGHT, outline=kit.HIGHLIGHT_DASH, width=3)


def _canvas(width: int, height: int) -> Image.Image:
    """A board image ``width`` x ``height`` with the static map and every
    build cost (:func:`_with_costs`) in its top left corner, to draw on."""
    return _blank_canvas(width, height).copy()


@lru_cache(maxsize=8)  # a few chat panel heights and the full board
def _blank_canvas(width: int, height: int) -> Image.Image:
    image, _draw = kit.new_canvas(width, height)
    image.paste(_with_costs(), (0, 0))
    return image


def _draw_map(image: Image.Image, state: AgeOfSteamState, net: Network, letters: list[str]) -> None:
    """Everything on the map, drawn on ``image`` (from :func:`_canvas`)."""
    draw = ImageDraw.Draw(image)
    last: dict[str, Any] = dict(state["last"] or {})
    _clear_costs(image, state)
    _draw_cities(image, draw, state)
    _draw_route(draw, state, net, last)
    _draw_track(image, draw, state, net)
    _draw_last_build(draw, last)
    _draw_cubes(image, state)
    _draw_markers(image, state, net, letters)
    _draw_arrowhead(draw, state, net, last)
    _draw_city_names(image, state, net)


# -- what the panels say --------------------------------------------------------

def due_seats(state: AgeOfSteamState) -> list[int]:
    """The players whose turn it is (none while chance draws or at the end)."""
    from games.age_of_steam import GAME
    from games.core import CHANCE
    return [s for s in GAME.to_act(dict(state)) if s != CHANCE]


def last_text(state: AgeOfSteamState, net: Network) -> str:
    """The last move in a line: what was built where, or the cube delivered,
    its route and the links it paid per owner ("+2 ann, +1 bob")."""
    last = state["last"]
    if last is None:
        return ""
    names = state["players"]
    if last["kind"] == "build":
        return f"Last: {names[last['seat']]} built in {', '.join(last['where'])}."
    route = " > ".join(city_name(state, n) for n in last.get("route", []))
    paid = ", ".join(f"+{n} {names[o] if o is not None else 'nobody'}" for o, n in delivery_pays(state, net))
    return f"Last: {names[last['seat']]} moved {last.get('colour', 'a')} {route}" + (f": {paid}" if paid else ".")


def step_lines(state: AgeOfSteamState) -> list[str]:
    """What happened so far in the step under way, when the last build or
    delivery does not say it: the bids of an auction, the actions taken, who
    issued shares, the cubes Production still has to place."""
    names = state["players"]
    phase, st = state["phase"], state["step"]
    out: list[str] = []
    if phase == "auction":
        bids = ", ".join(f"{names[s]} ${st['bids'][str(s)]}" if str(s) in st["bids"] else f"{names[s]} -"
                         for s in st["bidders"])
        out.append(f"Bids: {bids}.")
        if st["dropped"]:
            out.append("Dropped out: " + ", ".join(f"{names[s]} (${st['paid'].get(str(s), 0)})"
                                                   for s in st["dropped"]) + ".")
    elif phase == "actions":
        taken = [f"{names[s]} {rules().action_label[a]}" for s in state["order"]
                 if (a := state["action"][s]) is not None]
        if taken:
            out.append("Actions taken: " + ", ".join(taken) + ".")
    elif phase == "shares":
        done = [names[s] for s in state["order"] if s not in st.get("queue", []) and not state["eliminated"][s]]
        if done:
            out.append("Shares issued (or not): " + ", ".join(done) + ".")
    elif phase == "production" and state.get("held"):
        out.append(f"Production: {names[st['seat']]} places {' and '.join(state['held'])}, "
                   "each in an empty box (box 1 at the top goes out first).")
    return out


def chat_last_lines(state: AgeOfSteamState, net: Network) -> list[str]:
    """The chat's "last move" lines: the step's progress, then the last
    build or delivery (with its turn when it was an earlier one)."""
    out = step_lines(state)
    text = last_text(state, net)
    last = state["last"]
    if text and last is not None and last["round"] != state["round"]:
        text = text.replace("Last:", f"Last (turn {last['round']}):", 1)
    if text:
        out.append(text)
    return out or ["No track built or goods moved yet."]


def warning(state: AgeOfSteamState, seat: int, seen: Outlook) -> str:
    """What a player must know before the coming expenses: that he will be
    eliminated ("! goes out"), or lose income because his cash can't pay
    them ("! income -2"); the "next turn" column beside it shows the cash."""
    if state["eliminated"][seat]:
        return "out"
    if not expenses_to_come(state):
        return ""
    if seen.eliminated:
        return "! goes out"  # short: it must fit the chat row beside "next turn"
    if seen.income_lost:
        return f"! income -{seen.income_lost}"
    return ""


def _actions_are_last_turns(state: AgeOfSteamState) -> bool:
    """Whether the actions in the state are the last turn's: the players
    select new ones after issuing shares and bidding (the Turn Order holder
    of the last turn may still pass in this turn's auction)."""
    return state["phase"] in ("shares", "auction") and state["round"] > 1


def _seat_order(state: AgeOfSteamState) -> list[int]:
    """Player order, eliminated players last."""
    return list(state["order"]) + [s for s in range(len(state["players"])) if s not in state["order"]]


def _turn_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, h: float) -> None:
    """A black arrow pointing at the row of the player whose turn it is."""
    draw.polygon([(x, y + h * 0.2), (x + h * 0.55, y + h / 2), (x, y + h * 0.8)], fill=kit.INK)


# -- the chat image: the map over a compact panel -----------------------------------

CHAT_TURN, CHAT_LAST, CHAT_ROW = 26, 22, 22
CHAT_COLUMNS = (("", 30), ("", 34), ("player", 150), ("cash", 76), ("income", 92), ("shares", 84),
                ("engine", 84), ("next turn", 116), ("VP", 70))
"""The compact table: turn arrow, marker, then the standing of each player;
the rest of the row holds his action or warning."""


def _chat_panel_lines(state: AgeOfSteamState, net: Network) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from games.age_of_steam import GAME
    width = MAP_W - 24
    turn = _wrap(GAME.status_line(dict(state)), width, CHAT_TURN, True)
    last = tuple(part for line in chat_last_lines(state, net) for part in _wrap(line, width, CHAT_LAST, False))
    return turn, last


def _chat_panel_height(state: AgeOfSteamState, turn: Sequence[str], last: Sequence[str]) -> int:
    rows = len(state["players"])
    return 12 + 34 * len(turn) + 30 * len(last) + 8 + 30 + 34 * rows + 8 + 22 * len(CHAT_FOOTNOTE)


def _chat_panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
                letters: list[str], viewer: int | None, top: int, turn: Sequence[str],
                last: Sequence[str]) -> None:
    x, y = 12, top + 12
    for line in turn:
        _essential(image, (x, y), line, "turn", CHAT_TURN, True)
        y += 34
    for line in last:
        _essential(image, (x, y), line, "last", CHAT_LAST)
        y += 30
    y += 8
    cx = x
    for head, w in CHAT_COLUMNS:
        _text(image, (cx + 4, y + 12), head, 20, False, kit.MUTED, "lm")
        cx += w
    _text(image, (cx + 4, y + 12), "last turn's action" if _actions_are_last_turns(state) else "action", 20, False,
          kit.MUTED, "lm")
    y += 30
    due = due_seats(state)
    for s in _seat_order(state):
        seen = outlook(state, s, net)
        row = (x, y, MAP_W - 12, y + 32)
        if s in due:
            draw.rectangle(row, fill=TURN_FILL, outline=kit.INK, width=2)
            _turn_arrow(draw, x + 6, y, 32)
        elif state["eliminated"][s]:
            draw.rectangle(row, fill=(235, 228, 212))
        name = state["players"][s][:12] + (" (you)" if s == viewer else "")
        nxt = f"${seen.cash}" if expenses_to_come(state) and not state["eliminated"][s] else "-"
        act = state["action"][s]
        note = warning(state, s, seen) or (rules().action_label[act] if act else "")
        cells = ["", "", name, f"${state['cash'][s]}", str(state["income"][s]), str(state["shares"][s]),
                 str(state["engine"][s]), nxt, str(seen.vp)]
        cx = x
        for text, (_head, w) in zip(cells, CHAT_COLUMNS):
            if text:
                _essential(image, (cx + 4, y + 16), text, "standing", CHAT_ROW, s in due, kit.INK, "lm")
            cx += w
        if note:
            _essential(image, (cx + 4, y + 16), note, "standing", CHAT_ROW - 2, note.startswith("!"), kit.INK, "lm")
        _marker(image, x + 30 + 17, y + 16, 12, s, letters[s])
        y += 34
    for line in CHAT_FOOTNOTE:
        _text(image, (x, y + 4), line, 17, False, kit.MUTED)
        y += 22


CHAT_FOOTNOTE = ("Next turn: cash after the coming income and expenses; VP with that income.",
                 "Dashed track: unfinished, or grey: unowned. The full board is one tap away.")


def render(json_state: dict[str, Any], viewer: int | None) -> bytes:
    """The chat image: the whole map over a compact panel (see the module)."""
    state = typed(json_state)
    letters = kit.player_letters(state["players"])
    net = network(state)
    turn, last = _chat_panel_lines(state, net)
    image = _canvas(MAP_W, MAP_H + _chat_panel_height(state, turn, last))
    _draw_map(image, state, net, letters)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, MAP_H, MAP_W, image.height), fill=kit.BACKGROUND)  # what the map spilled below it
    draw.line((0, MAP_H, MAP_W, MAP_H), fill=kit.MUTED, width=2)
    _chat_panel(image, draw, state, net, letters, viewer, MAP_H, turn, last)
    return _png(image)


# -- the full board: the map beside the detailed panel ---------------------------------

def render_full(json_state: dict[str, Any], viewer: int | None) -> bytes:
    """The whole board: the map and the detailed side panel."""
    state = typed(json_state)
    letters = kit.player_letters(state["players"])
    net = network(state)
    image = _canvas(WIDTH, HEIGHT)
    _draw_map(image, state, net, letters)
    draw = ImageDraw.Draw(image)
    draw.rectangle((MAP_W, 0, WIDTH, HEIGHT), fill=kit.BACKGROUND)  # what the map spilled beside it
    _panel(image, draw, state, net, letters, viewer)
    return _png(image)


def _panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
           letters: list[str], viewer: int | None) -> None:
    x = MAP_W + 10
    y = 10
    from games.age_of_steam import GAME
    _text(image, (x, y), "Age of Steam · Rust Belt", 24, True)
    y += 34
    for line in _wrap(GAME.status_line(dict(state)), PANEL_W - 20, 17, True):
        _text(image, (x, y), line, 17, True)
        y += 23
    y += 6
    turns = state["rounds"]
    for t in range(1, turns + 1):
        bx = x + (t - 1) * 40
        fill = kit.INK if t == state["round"] else (255, 255, 255)
        draw.rectangle((bx, y, bx + 34, y + 28), fill=fill, outline=kit.INK, width=2)
        _text(image, (bx + 17, y + 14), str(t), 17, True, kit.text_colour_on(fill), "mm")
    _text(image, (x + turns * 40 + 4, y + 14), "turns", 16, False, kit.MUTED, "lm")
    y += 40
    y = _players(image, draw, state, net, letters, viewer, x, y)
    y = _goods_display(image, draw, state, x, y)
    y += 4
    if state["phase"] != "over":  # at the end the scores need the room
        bag = state["bag"]
        disks = rules().town_disks - disks_used(state)
        _text(image, (x, y), "Bag: " + "  ".join(f"{COLOUR_LETTER[c]} {n}" for c, n in bag.items())
              + f" · town disks: {disks}", 16)
        y += 22
        y = _tiles_left(image, draw, state, x, y)
    for line in _notes(state, net):
        parts = _wrap(line, PANEL_W - 20, 16)
        if y + 21 * len(parts) > HEIGHT:
            break
        for part in parts:
            _text(image, (x, y), part, 16)
            y += 21
        y += 2
    legend = _wrap(LEGEND, PANEL_W - 20, 15)
    if y + 4 + 19 * len(legend) <= HEIGHT:  # at the end the scores take its place
        for part in legend:
            _text(image, (x, y + 4), part, 15, False, kit.MUTED)
            y += 19


LEGEND = ("Solid track: a completed link, its owner's marker on it; dashed: unfinished (a marker at "
          "its end) or grey, unowned. White band with black dashes: the hexes just built, or the "
          "route of the cube just moved. Disc: growth number, white light side, black dark side. "
          "$3/$4: a tile on an empty river/mountain (plain $2); $2+ on a town: $1 + $1 per exit. "
          "A thin line leads from a name tag set apart to its city.")

COLUMNS = (("", 30), ("Player", 92), ("$", 38), ("Inc", 40), ("Sh", 34), ("Eng", 42), ("Next", 50),
           ("VP", 40), ("Action", 114))


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
             letters: list[str], viewer: int | None, x: int, y: int) -> int:
    """One row per player, in player order (eliminated players last); the
    player whose turn it is framed with an arrow; warnings below."""
    width = sum(w for _, w in COLUMNS)
    cx = x
    for head, w in COLUMNS:
        head = "Prev. act" if head == "Action" and _actions_are_last_turns(state) else head
        _text(image, (cx + 4, y + 13), head, 16, True, kit.INK, "lm")
        cx += w
    y += 26
    draw.line((x, y - 2, x + width, y - 2), fill=kit.MUTED, width=1)
    due = due_seats(state)
    warnings: list[str] = []
    for s in _seat_order(state):
        act = state["action"][s]
        out = state["eliminated"][s]
        seen = outlook(state, s, net)
        if s in due:
            draw.rectangle((x, y, x + width, y + 26), fill=TURN_FILL, outline=kit.INK, width=2)
        elif out:
            draw.rectangle((x, y, x + width, y + 26), fill=(235, 228, 212))
        nxt = f"${seen.cash}" if expenses_to_come(state) and not out else "-"
        cells = ["", state["players"][s][:9] + ("*" if s == viewer else ""), str(state["cash"][s]),
                 str(state["income"][s]), str(state["shares"][s]), str(state["engine"][s]), nxt, str(seen.vp),
                 "out" if out else (rules().action_label[act] if act else "-")]
        cx = x
        for text, (_, w) in zip(cells, COLUMNS):
            _text(image, (cx + 4, y + 14), text, 16, s in due, kit.INK, "lm")
            cx += w
        _marker(image, x + 15, y + 13, 10, s, letters[s])
        if s in due:
            _turn_arrow(draw, x - 9, y, 26)
        note = warning(state, s, seen)
        if note.startswith("!"):
            warnings.append(f"! {state['players'][s]}: {note[2:]}")
        y += 28
    you = ", * you" if viewer is not None else ""
    _text(image, (x, y + 2), f"Next: cash after income and expenses; VP with that income{you}", 15, False,
          kit.MUTED)
    y += 22
    for line in warnings:
        _text(image, (x, y + 2), line, 16, True)
        y += 22
    return y + 6


def _tiles_left(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int, y: int) -> int:
    """Each tile kind left in the supply: a small picture and its count."""
    supply = state["supply"]
    per_row = 8
    for k, (name, kind) in enumerate(kinds().items()):
        r, c = divmod(k, per_row)
        bx, by = x + c * 60, y + r * 34
        icon = _tile_icon(kind.paths, kind.cls == "town")
        image.paste(icon, (bx, by), icon)
        _text(image, (bx + 32, by + 16), str(supply.get(name, 0)), 16, True, kit.INK, "lm")
    rows = (len(kinds()) + per_row - 1) // per_row
    return y + rows * 34 + 4


@cache
def _tile_icon(paths: tuple[tuple[int, ...], ...], town: bool) -> Image.Image:
    """A tile kind in miniature: a hex with its track drawn in ink."""
    side = 32
    icon = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(icon)
    c = side / 2
    d.polygon(kit.hex_corners(c, c, 15, flat_top=True), fill=(255, 255, 255), outline=kit.MUTED)
    for p in paths:
        a = kit.hex_edge_midpoint(c, c, 15, p[0], flat_top=True)
        if len(p) == 1:
            d.line([(c, c), a], fill=kit.INK, width=3)
        else:
            kit.draw_track_between(d, (c, c), a, kit.hex_edge_midpoint(c, c, 15, p[1], flat_top=True), kit.INK, 3, 8)
    if town:
        d.ellipse((c - 4, c - 4, c + 4, c + 4), fill=(255, 255, 255), outline=kit.INK, width=2)
    return icon


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
    out.extend(step_lines(state))
    text = last_text(state, net)
    if text:
        out.append(text)
    return out


def _goods_display(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int, y: int) -> int:
    _text(image, (x, y), "Goods display (light · dark · new cities)", 16, True)
    y += 22
    cols = display_columns(state["display"])
    cw = 23
    for k, (name, col) in enumerate(cols):
        gap = (8 if k >= 6 else 0) + (8 if k >= 12 else 0)
        cx = x + k * cw + gap
        shade = (255, 250, 235) if name.startswith("L") else ((205, 200, 190) if name.startswith("D") else
                                                               (230, 230, 230))
        draw.rectangle((cx, y, cx + cw - 2, y + 22 + 3 * 20), fill=shade)
        label = name[1:] if name[0] in "LD" and name[1:].isdigit() else name
        _text(image, (cx + cw / 2 - 1, y + 10), label, 15, True, kit.INK, "mm")
        for i, cube in enumerate(col):
            by = y + 22 + i * 20
            if cube is None:
                draw.rectangle((cx + 2, by + 2, cx + cw - 4, by + 17), outline=kit.MUTED)
            else:
                _cube(image, cx + 2, by + 2, 16, cube)
    return y + 22 + 3 * 20 + 6


@lru_cache(maxsize=512)  # bounded: status lines and notes vary without end
def _wrap(text: str, width: int, size: int, bold: bool = False) -> tuple[str, ...]:
    words = text.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if _text_width(trial, size, bold) <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return tuple(lines)


def _key_colours() -> list[kit.RGB]:
    """Every flat colour the board uses: these stay exact in the palette."""
    fixed: list[kit.RGB] = [kit.BACKGROUND, kit.INK, kit.MUTED, kit.HIGHLIGHT, kit.HIGHLIGHT_DASH, UNOWNED,
                            CASING, TURN_FILL, (255, 255, 255), (160, 170, 140), (60, 120, 200), (110, 80, 50),
                            (170, 140, 100), (235, 228, 212), (255, 250, 235), (205, 200, 190),
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
    sample, d = kit.new_canvas(WIDTH, HEIGHT)
    sample.paste(_base(), (0, 0))
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
    """The board as a palette PNG: the colours mapped onto the fixed palette,
    deflated at the fastest level (see :mod:`rendering.png`)."""
    return palette_png(image, _palette())


__all__ = ["render", "render_full", "PALETTES"]


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The hex just built and its neighbours, for the panel's picture of the
    tile choices (None unless the last move was a build)."""
    last = state.get("last") or {}
    if last.get("kind") != "build" or not last.get("where"):
        return None
    cx, cy = hex_centre(last["where"][-1])
    return (int(cx - 2.4 * SIZE), int(cy - 2.2 * SIZE), int(cx + 2.4 * SIZE), int(cy + 2.2 * SIZE))
