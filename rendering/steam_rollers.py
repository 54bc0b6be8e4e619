"""The Steam Rollers board images.

Every player draws on a map of his own with dice shared by all, so a player
reading the chat wants three things at once: whose turn it is and what the
dice allow, what the last player drew, and how everyone's network stands.
One 1440 px board with a single map and a card table shrinks to 5-7 px text
in Discord's 550 px chat, so the game posts a *compact chat image* and keeps
the whole board one tap away:

- ``render`` (posted after every move, 1100 px wide, read at 550 px): the
  turn line and the last move on top; the mover's map large (the viewer's
  own when a player asks) with the last move in the highlight form; beside
  it the black die and the white dice drawn as dice, and the cubes left on
  each city; below, one cell per player with a thumbnail of his map (so
  opponents' networks are in sight), his score, engine and cards. Text a
  player must read is at least 2% of the width (11 px in the chat).
- ``render_full`` (``/game status``, the "Full board" button, 1440 px): the
  map large with hex names and connection badges, the supply board, the
  special cards with their effects and holders, the score breakdown table,
  the legend, and every other player's map beneath.

Why compact rather than one board drawn for the chat: the card effects, the
score breakdown and hex names are consulted when planning, on tap; what
changes every move (dice, track, scores) must read without a tap, and fits
only when the rest is left out.

Colours: players are ``kit.PLAYER_COLOURS`` with their shape and letter;
cubes and cities carry their colour's letter (R B P Y G) or number; the
regions are told by their heavy borders and the numbered city inside, their
tints only help. The palettes below stay apart under simulated colour-vision
deficiencies (tests/test_palettes.py).

Threads (see :mod:`games.per_thread`): the cached backgrounds and sprites
are shared by the threads that draw and only pasted; the palette is made
from a fixed board, never from the first one a process happens to draw.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import cache
from typing import Sequence

from PIL import Image, ImageDraw, ImageFont

from games.core import State, resolve_chance, secret_from_seed
from games.phases import OVER
from games.steam_rollers import GAME
from games.steam_rollers.board import board
from games.steam_rollers.cards import held_codes, side
from games.steam_rollers.deliver import engine_strength
from games.steam_rollers.network import connections
from games.steam_rollers.params import rules
from games.steam_rollers.scoring import breakdown
from games.steam_rollers.state import Last, SteamRollersState, typed
from rendering import kit

SQ3 = math.sqrt(3)

CUBE_RGB: dict[str, kit.RGB] = {
    "red": (205, 41, 42), "blue": (38, 90, 230), "purple": (122, 69, 152),
    "yellow": (255, 209, 50), "grey": (147, 155, 155),
}
"""The cubes' and cities' colours (each also drawn with its letter)."""
REGION_TINT: dict[str, kit.RGB] = {
    "red": (235, 169, 170), "blue": (186, 202, 247), "purple": (186, 158, 201),
    "yellow": (255, 235, 165), "grey": (217, 219, 219),
}
"""The regions' tints: each city's colour mixed with white, light enough for
every player's outlined track to read on, yet apart from one another and
from the highlight's white in every colour vision (told apart by lightness
where hue fails)."""
WALL_RGB: kit.RGB = (90, 40, 20)
LABEL_RGB: kit.RGB = (70, 68, 64)
"""The hex names: darker than kit.MUTED, to read on the darker tints."""

PALETTES: dict[str, Sequence[kit.RGB]] = {
    "players": kit.PLAYER_COLOURS,
    "cubes": tuple(CUBE_RGB.values()),
    "regions": tuple(REGION_TINT.values()),
}


@dataclass(frozen=True)
class Frame:
    """Where one player's map is drawn: the top-left of hex A1's column and
    row band and the hex circumradius, in the image's pixels."""

    x: float
    y: float
    size: float

    def centre(self, hex_name: str) -> tuple[float, float]:
        col, row = board().coords[hex_name]
        return (self.x + self.size + 1.5 * self.size * col,
                self.y + SQ3 * self.size * (row + 0.5 * (col % 2) + 0.5))

    @property
    def width(self) -> float:
        return self.size * (1.5 * (board().columns - 1) + 2)

    @property
    def height(self) -> float:
        return SQ3 * self.size * (board().rows + 0.5)

    @property
    def detailed(self) -> bool:
        """Large enough for hex names, coordinates and connection badges."""
        return self.size >= 30


# -- the chat image's layout ---------------------------------------------------

WIDTH = 1100
SIZE = 38.0                          # the large map's hex circumradius
HEADER_H = 122                       # the turn line and two lines of the last move
CHAT_MAP = Frame(40.0, HEADER_H + 78.0, SIZE)
"""The large map on the chat image (``render``)."""
SIDE_X = 800                         # the dice and cubes column
CELL_W, CELL_H = 535, 186            # one player's cell below the map
THUMB = 15.0                         # a thumbnail map's hex circumradius
CELLS_Y = round(CHAT_MAP.y + CHAT_MAP.height + 44)
"""The top of the first row of player cells."""
DICE_Y = round(CHAT_MAP.y) - 72
BLACK_DIE = 64
"""The black die's side on the chat image; its top-left is (SIDE_X, DICE_Y + 36)."""
ENGINE_STEP = 36                     # from one engine box to the next
FULL_WIDTH = 1440
FULL_MAP = Frame(46.0, 100.0, 44.0)
"""The large map on the full board (``render_full``)."""
FULL_RIGHT = 905


def centre(hex_name: str) -> tuple[float, float]:
    """A hex's centre on the chat image's large map."""
    return CHAT_MAP.centre(hex_name)


def cell_origin(seat: int) -> tuple[int, int]:
    """The top-left of ``seat``'s cell on the chat image (two to a row)."""
    return 10 + (seat % 2) * (CELL_W + 10), CELLS_Y + (seat // 2) * (CELL_H + 8)


def thumbnail(seat: int) -> Frame:
    """Where ``seat``'s map is drawn small, in his cell of the chat image."""
    x, y = cell_origin(seat)
    return Frame(x + 8.0, y + 12.0, THUMB)


def last_outline(hex_name: str, frame: Frame = CHAT_MAP) -> list[tuple[float, float]]:
    """The hexagon along which the last move's hex is outlined."""
    return kit.hex_corners(*frame.centre(hex_name), frame.size - max(3.0, frame.size * 0.12), True)


# -- one map -------------------------------------------------------------------

_BACKGROUNDS: dict[float, Image.Image] = {}
_TRACK_SPRITES: dict[tuple[int, int, int, bool, float], Image.Image] = {}
_LABEL_SPRITES: dict[tuple[str, int], Image.Image] = {}


def _margin(frame: Frame) -> int:
    return 34 if frame.detailed else 3


def _background(frame: Frame) -> Image.Image:
    """A map without anyone's track, with its coordinates around it when
    detailed (cached per hex size; drawn at the origin plus a margin)."""
    if frame.size in _BACKGROUNDS:
        return _BACKGROUNDS[frame.size]
    m = _margin(frame)
    local = Frame(float(m), float(m), frame.size)
    image, draw = kit.new_canvas(math.ceil(local.width) + 2 * m, math.ceil(local.height) + 2 * m)
    geo = board()
    s = frame.size
    for h in geo.coords:
        colour = geo.city_colour[geo.region[h]]
        fill = CUBE_RGB[colour] if h in geo.city_at else REGION_TINT[colour]
        draw.polygon(kit.hex_corners(*local.centre(h), s, True), fill=fill, outline=kit.MUTED, width=1)
    for h, number in geo.city_at.items():
        cx, cy = local.centre(h)
        fill = CUBE_RGB[geo.city_colour[number]]
        ink = kit.text_colour_on(fill)
        if frame.detailed:
            draw.text((cx, cy - s * 0.1), str(number), font=kit.font(round(s * 0.8), True), fill=ink, anchor="mm")
            draw.text((cx, cy + s * 0.55), geo.city_colour[number], font=kit.font(round(s * 0.34), True),
                      fill=ink, anchor="mm")
        else:
            draw.text((cx, cy), str(number), font=kit.font(round(s * 1.2), True), fill=ink, anchor="mm")
    if frame.detailed:
        for h in geo.coords:
            if h not in geo.city_at:
                cx, cy = local.centre(h)
                draw.text((cx, cy - s * 0.55), h, font=kit.font(round(s * 0.38)), fill=LABEL_RGB, anchor="mm")
    _draw_borders(draw, local)
    if frame.detailed:
        face = kit.font(round(s * 0.5), True)
        for col, letter in enumerate(kit.column_letters(geo.columns)):
            x = local.x + s + 1.5 * s * col
            draw.text((x, local.y - 3), letter, font=face, fill=kit.INK, anchor="mb")
            draw.text((x, local.y + local.height + 3), letter, font=face, fill=kit.INK, anchor="mt")
        for row in range(geo.rows):
            draw.text((local.x - 6, local.y + SQ3 * s * (row + 0.5)), str(row + 1), font=face,
                      fill=kit.INK, anchor="rm")
            draw.text((local.x + local.width + 6, local.y + SQ3 * s * (row + 1)), str(row + 1), font=face,
                      fill=kit.INK, anchor="lm")
    _BACKGROUNDS[frame.size] = image
    return image


def _draw_borders(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    """The region borders, heavier than the hex grid: they tell the regions
    apart without their tints."""
    geo = board()
    width = max(2, round(frame.size / 12))
    for h in geo.coords:
        corners = kit.hex_corners(*frame.centre(h), frame.size, True)
        for edge in range(6):
            nb = geo.neighbour(h, edge)
            if nb is not None and nb > h and geo.border_between(h, nb) is not None:
                draw.line([corners[(edge + 4) % 6], corners[(edge + 5) % 6]], fill=kit.INK, width=width)


def _track_widths(size: float) -> tuple[int, int]:
    """The dark outline's and the seat colour's widths of a track line."""
    colour = max(3, round(size * 0.22))
    return colour + max(2, round(size * 0.16)), colour


def _track_sprite(a: int, b: int, seat: int, town: bool, size: float) -> Image.Image:
    """One piece in the seat's colour with a dark outline, as a pen draws it,
    on a transparent tile centred on the hex (cached). Through a town the
    line bends through the hex's centre, where the town's dot sits."""
    key = (a, b, seat, town, size)
    if key not in _TRACK_SPRITES:
        half = int(size) + 8
        tile = Image.new("RGBA", (2 * half, 2 * half), (0, 0, 0, 0))
        draw = ImageDraw.Draw(tile)
        c = (float(half), float(half))
        pa = kit.hex_edge_midpoint(*c, size, a, True)
        pb = kit.hex_edge_midpoint(*c, size, b, True)
        outer, inner = _track_widths(size)
        for colour, width in ((kit.INK, outer), (kit.player_colour(seat), inner)):
            if town:
                draw.line(_through_centre(c, pa, pb), fill=colour, width=width, joint="curve")
            else:
                kit.draw_track_between(draw, c, pa, pb, colour, width)
        _TRACK_SPRITES[key] = tile
    return _TRACK_SPRITES[key]


def _through_centre(c: tuple[float, float], a: tuple[float, float],
                    b: tuple[float, float], steps: int = 16) -> list[tuple[float, float]]:
    """A quadratic curve from a to b whose middle is the centre c."""
    ctrl = (2 * c[0] - (a[0] + b[0]) / 2, 2 * c[1] - (a[1] + b[1]) / 2)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
    return pts


def _label_sprite(hex_name: str, size: int) -> Image.Image:
    """A hex's name in bold with a white halo, to stay readable over track."""
    key = (hex_name, size)
    if key not in _LABEL_SPRITES:
        tile = Image.new("RGBA", (size * 4, size * 2), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((size * 2, size), hex_name, font=kit.font(size, True), fill=kit.INK,
                                  anchor="mm", stroke_width=3, stroke_fill=(255, 255, 255))
        _LABEL_SPRITES[key] = tile
    return _LABEL_SPRITES[key]


def _paste(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    x, y = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def draw_map(image: Image.Image, frame: Frame, state: SteamRollersState, seat: int) -> None:
    """``seat``'s map at ``frame``: the last move round its hexes when it is
    his, then his track, the walls, the towns and his scoring connections
    (detailed maps)."""
    m = _margin(frame)
    image.paste(_background(frame), (round(frame.x) - m, round(frame.y) - m))
    draw = ImageDraw.Draw(image)
    geo = board()
    track = state["maps"][seat]["track"]
    walls = [int(w) for w in state["walls"]]
    last = state["last"]
    if last is not None and last["seat"] == seat:   # under the track, so the piece drawn shows whole
        width = max(3, round(frame.size * 0.14))
        for h in last["where"]:
            kit.highlight_line(draw, last_outline(h, frame), width, closed=True)
    for h, (a, b) in track.items():
        _paste(image, _track_sprite(a, b, seat, h in geo.towns, frame.size), *frame.centre(h))
    if frame.detailed:
        label = round(frame.size * 0.38)
        for h in track:                 # keep the hex names readable over the track
            cx, cy = frame.centre(h)
            _paste(image, _label_sprite(h, label), cx, cy - frame.size * 0.55)
    _draw_wall_bars(draw, frame, walls)
    _draw_towns(draw, frame)
    if frame.detailed:
        _draw_connections(draw, frame, track, walls, seat)


def _draw_connections(draw: ImageDraw.ImageDraw, frame: Frame, track: dict[str, list[int]], walls: list[int],
                      seat: int) -> None:
    """A badge with its points on the middle hex of each scoring connection."""
    face = kit.font(round(frame.size * 0.36), True)
    towns = board().towns
    for conn in connections(track, walls):
        # the middle hex of the chain, away from a town's dot where it can be
        middle = len(conn.hexes) // 2
        spots = sorted(range(len(conn.hexes)), key=lambda i: (conn.hexes[i] in towns, abs(i - middle)))
        cx, y = frame.centre(conn.hexes[spots[0]])
        w, h = max(17.0, frame.size * 0.42), max(11.0, frame.size * 0.27)
        draw.rounded_rectangle((cx - w, y - h, cx + w, y + h), radius=8, fill=(255, 255, 255),
                               outline=kit.player_colour(seat), width=3)
        draw.text((cx, y), f"+{conn.points}", font=face, fill=kit.INK, anchor="mm")


def _wall_segments(frame: Frame, walls: list[int]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The hex edges along the walled borders."""
    geo = board()
    found = []
    for h in geo.coords:
        corners = kit.hex_corners(*frame.centre(h), frame.size, True)
        for edge in range(6):
            nb = geo.neighbour(h, edge)
            if nb is not None and nb > h and geo.border_between(h, nb) in walls:
                # flat-top corners start at the E corner and go clockwise;
                # edge e (0 = N) lies between corners (e + 4) % 6 and (e + 5) % 6
                found.append((corners[(edge + 4) % 6], corners[(edge + 5) % 6]))
    return found


def _draw_wall_bars(draw: ImageDraw.ImageDraw, frame: Frame, walls: list[int]) -> None:
    """Walls as thick bars, drawn over the track so a cut line reads as cut."""
    if walls:
        for a, b in _wall_segments(frame, walls):
            draw.line([a, b], fill=WALL_RGB, width=max(4, round(frame.size * 0.22)))


def _draw_towns(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    r = max(3.0, frame.size * 0.2)
    for h in board().towns:
        cx, cy = frame.centre(h)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.INK, outline=(255, 255, 255),
                     width=2 if frame.detailed else 1)


# -- shared pieces -------------------------------------------------------------

def _shown_seat(state: SteamRollersState, viewer: int | None) -> int:
    """The map drawn large: the viewer's own, else the last mover's, else the
    seat whose turn it is."""
    if viewer is not None and 0 <= viewer < len(state["players"]):
        return viewer
    last = state["last"]
    if last is not None:
        return int(last["seat"])
    return int(state["current"]) if state["current"] is not None else 0


def _due(state: State) -> list[int]:
    return [s for s in GAME.to_act(state) if s >= 0]


def _fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if face.getlength(trial) > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.5), (0.73, 0.5), (0.27, 0.73), (0.73, 0.73)),
}


def draw_die(draw: ImageDraw.ImageDraw, x: float, y: float, side_px: float, value: int, black: bool) -> None:
    """A die as a die: a rounded square (black for the black die, white for
    the white dice) showing ``value`` in pips."""
    face, pip = (kit.INK, (255, 255, 255)) if black else ((255, 255, 255), kit.INK)
    draw.rounded_rectangle((x, y, x + side_px, y + side_px), radius=side_px * 0.18, fill=face,
                           outline=kit.INK, width=max(2, round(side_px / 20)))
    r = side_px * 0.09
    for px, py in _PIPS.get(value, ()):
        cx, cy = x + px * side_px, y + py * side_px
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)


def _cube(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, size: int) -> None:
    """A cube in its colour with its colour's letter."""
    fill = CUBE_RGB[colour]
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=kit.INK, width=1)
    draw.text((x + size / 2, y + size / 2), colour[0].upper(), font=kit.font(round(size * 0.68), True),
              fill=kit.text_colour_on(fill), anchor="mm")


def _city_token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, number: int) -> None:
    """A city as on the map: a hex in its colour with its number."""
    fill = CUBE_RGB[board().city_colour[number]]
    draw.polygon(kit.hex_corners(cx, cy, r, True), fill=fill, outline=kit.INK, width=2)
    draw.text((cx, cy), str(number), font=kit.font(round(r * 1.1), True), fill=kit.text_colour_on(fill),
              anchor="mm")


def _turn_text(state: State) -> str:
    """Whose turn it is and what he is to do (the result once over); the dice
    are drawn as dice beside the map."""
    line = GAME.status_line(state)
    if state["phase"] == OVER:
        return line
    parts = line.split(" · ")
    return " · ".join(p for p in parts if not p.startswith(("black ", "white dice left ")))


def _last_text(last: Last | None) -> str:
    return "Last: " + last["text"] if last is not None else "No move yet."


def _engine_text(state: State, seat: int) -> str:
    boxes = len(typed(state)["maps"][seat]["engine"])
    strength = engine_strength(state, seat)
    return f"engine {strength}" + (" (4b)" if strength > boxes else "")


# -- the chat image ------------------------------------------------------------

def render(state: State, viewer: int | None) -> bytes:
    """The chat image as ``viewer`` sees it: his own map large (a spectator:
    the last mover's), every other map as a thumbnail with its owner's
    standing, the dice and the cubes left."""
    return _png(_chat_image(state, viewer))


def _chat_image(state: State, viewer: int | None) -> Image.Image:
    """:func:`render`'s image, before it is mapped onto the palette."""
    st = typed(state)
    letters = kit.player_letters(st["players"])
    shown = _shown_seat(st, viewer)
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
    due = _due(state)
    for seat in range(players):
        _draw_cell(image, state, seat, letters, shown, seat in due)
    draw = ImageDraw.Draw(image)
    draw.text((WIDTH // 2, height - 22), CHAT_LEGEND, font=kit.font(20), fill=kit.INK, anchor="mm")
    return image


CHAT_LEGEND = "Brown bars: walls · dots: towns · dashed white: last move · tap for cards and scores"


def _header_lines(state: State) -> tuple[str, list[str]]:
    """The turn line (cut to one line) and the last move (at most two)."""
    turn = _fit(_turn_text(state), kit.font(30, True), WIDTH - 72)
    face = kit.font(24)
    last = _wrap(_last_text(typed(state)["last"]), face, WIDTH - 100)
    if len(last) > 2:
        last = [last[0], _fit(" ".join(last[1:]), face, WIDTH - 100)]
    return turn, last


def _draw_header(draw: ImageDraw.ImageDraw, state: State, letters: list[str]) -> None:
    """Whose turn it is (his token first) and the last move (after a swatch of
    the highlight form that marks it on the map)."""
    turn, last = _header_lines(state)
    due = _due(state)
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
    name = _fit(typed(state)["players"][seat], face, 440 - 16 - 50 - face.getlength("'s map"))
    draw.text((50, y + 14), f"{name}'s map", font=face, fill=kit.INK, anchor="lm")
    _draw_engine(draw, state, seat, 440, y)


def _draw_engine(draw: ImageDraw.ImageDraw, state: State, seat: int, x: int, y: int) -> None:
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
    note = _dice_note(st)
    if note:
        draw.text((x0, y + 14), _fit(note, kit.font(20), WIDTH - 10 - x0), font=kit.font(20),
                  fill=kit.INK, anchor="lm")
        y += 30
    return y


def _dice_note(st: SteamRollersState) -> str:
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
        _city_token(draw, x0 + 17, y + 15, 17, number)
        x = x0 + 42
        for cube in st["cubes"][str(number)][:9]:
            _cube(draw, x, y + 2, cube, 25)
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
    draw.text((tx + 38, y + 26), _fit(st["players"][seat], face, width - 38), font=face, fill=kit.INK,
              anchor="lm")
    parts = breakdown(state, seat)
    total = sum(parts.values())
    face = kit.essential_font("standing", 30, True)
    draw.text((tx, y + 66), f"{total} point{'' if abs(total) == 1 else 's'}", font=face, fill=kit.INK,
              anchor="lm")
    face = kit.essential_font("standing", 22)
    draw.text((tx, y + 104), _engine_text(state, seat), font=face, fill=kit.INK, anchor="lm")
    codes = " ".join(held_codes(state, seat)) or "-"
    draw.text((tx, y + 134), _fit(f"cards {codes}", face, width), font=face, fill=kit.INK, anchor="lm")
    over = GAME.is_over(state)
    tags = [tag for tag, on in (("won", over and seat in GAME.outcome(state).winners), ("to play", due),
                                ("start", seat == st["start"] and not over), ("map above", seat == shown)) if on]
    if tags:
        draw.text((tx, y + 164), " · ".join(tags), font=kit.font(20, True), fill=kit.MUTED, anchor="lm")


# -- the full board ------------------------------------------------------------

def render_full(state: State, viewer: int | None) -> bytes:
    """The whole board: the viewer's map (a spectator: the last mover's)
    large, the supply board, the special cards, the score breakdown, the
    legend, and every other player's map beneath."""
    st = typed(state)
    letters = kit.player_letters(st["players"])
    shown = _shown_seat(st, viewer)
    others = [s for s in range(len(st["players"])) if s != shown]
    strip = 270 if others else 0
    height = 920 + strip
    image, draw = kit.new_canvas(FULL_WIDTH, height)
    draw_map(image, FULL_MAP, st, shown)
    draw = ImageDraw.Draw(image)
    _draw_full_header(draw, state, shown, letters)
    y = _draw_supply(draw, st)
    y = _draw_cards(draw, state, y + 4, letters)
    _draw_players(draw, state, shown, letters)
    y = _draw_wrapped(draw, FULL_RIGHT, y + 14, GAME.status_line(state), kit.INK, True)
    if GAME.is_over(state):
        result = GAME.outcome(state)
        places = [f"{i}. " + " = ".join(f"{st['players'][s]} {result.scores[s]}" for s in group)
                  for i, group in enumerate(result.ranking, start=1)]
        y = _draw_wrapped(draw, FULL_RIGHT, y + 4, "Final: " + " · ".join(places), kit.INK, False)
        if result.tiebreak_note:
            y = _draw_wrapped(draw, FULL_RIGHT, y, result.tiebreak_note, kit.INK, False, size=16)
    last = st["last"]
    if last is not None:
        y = _draw_wrapped(draw, FULL_RIGHT, y + 8, "Last move: " + last["text"], kit.INK, False)
    if y <= 920 - 190:                  # the legend only where it fits
        _draw_legend(draw)
    if others:
        y0 = 930
        draw.line((14, y0 - 4, FULL_WIDTH - 14, y0 - 4), fill=kit.MUTED, width=1)
        step = (FULL_WIDTH - 20) // len(others)
        size = min(19.0, (step - 14) / 18.5)
        for i, seat in enumerate(others):
            x = 14 + i * step
            kit.seat_marker(draw, x + 14, y0 + 18, 13, seat, letters[seat])
            name = _fit(st["players"][seat], kit.font(20, True), step - 120)
            draw.text((x + 34, y0 + 18), f"{name}'s map", font=kit.font(20, True), fill=kit.INK, anchor="lm")
            draw_map(image, Frame(x + 4.0, y0 + 40.0, size), st, seat)
            draw = ImageDraw.Draw(image)
    return _png(image)


def _draw_full_header(draw: ImageDraw.ImageDraw, state: State, seat: int, letters: list[str]) -> None:
    st = typed(state)
    kit.seat_marker(draw, 30, 30, 18, seat, letters[seat])
    title_font = kit.font(28, True)
    title = _fit(st["players"][seat], title_font, 250 - title_font.getlength("'s map")) + "'s map"
    draw.text((58, 30), title, font=title_font, fill=kit.INK, anchor="lm")
    _draw_engine(draw, state, seat, 330, 16)
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


def _draw_supply(draw: ImageDraw.ImageDraw, st: SteamRollersState) -> int:
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
            _city_token(draw, bx + 19, by + 19, 17, number)
            cubes = st["cubes"][str(number)]
            draw.text((bx + 42, by + 19), f"{colour} · {len(cubes)}", font=kit.font(16), fill=kit.INK, anchor="lm")
            for i, cube in enumerate(cubes):
                _cube(draw, bx + 6 + (i % 6) * 26, by + 40 + (i // 6) * 26, cube, 24)
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
    note = _dice_note(st)
    if note:
        y += 40
        draw.text((x0 + 136, y + 16), _fit(note, kit.font(18), FULL_WIDTH - 14 - x0 - 136),
                  font=kit.font(18), fill=kit.INK, anchor="lm")
    return y + 44


def _draw_cards(draw: ImageDraw.ImageDraw, state: State, y: int, letters: list[str]) -> int:
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


def _draw_players(draw: ImageDraw.ImageDraw, state: State, shown: int, letters: list[str]) -> None:
    st = typed(state)
    x0, y = 14, 640
    y = kit.draw_title(draw, x0, y, "Players", 22)
    header = ["", "Player", "Score", "Deliv.", "Network", "Engine", "Cards", "Card VP"]
    widths = [40, 170, 80, 80, 100, 90, 170, 90]
    rows = []
    fills: list[kit.RGB | None] = []
    for seat, player in enumerate(st["players"]):
        parts = breakdown(state, seat)
        boxes = len(st["maps"][seat]["engine"])
        engine = f"{boxes}" + ("+1" if engine_strength(state, seat) > boxes else "")
        rows.append(["", player[:14] + (" *" if seat == st["start"] else ""), str(sum(parts.values())),
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


def _draw_legend(draw: ImageDraw.ImageDraw) -> None:
    y = 920 - 180
    draw.line((FULL_RIGHT, y - 8, FULL_WIDTH - 14, y - 8), fill=kit.MUTED, width=1)
    for text in LEGEND:
        y = _draw_wrapped(draw, FULL_RIGHT, y, text, kit.INK, False, size=18) + 4


def _draw_wrapped(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: kit.RGB, bold: bool,
                  size: int = 19) -> int:
    """Text wrapped to the right column; returns the y below it."""
    face = kit.font(size, bold)
    for line in _wrap(text, face, FULL_WIDTH - x - 14):
        draw.text((x, y), line, font=face, fill=fill)
        y += size + 7
    return y


SAMPLE_PLAYERS = ("ann", "bob", "cid", "dee", "eve")
"""The players of the board the palette is made from (every seat colour)."""


@cache
def _palette() -> Image.Image:
    """A 256-colour palette made once from a fixed board (the chat image of
    a five-player game just set up, drawn with seed 0's chance) plus
    swatches of every player, cube and highlight colour (quantising against
    a fixed palette is five times faster than kit.to_png's median cut, and
    just as clean). Fixed, so a state's image is the same whatever board a
    process drew first."""
    state, _taken = resolve_chance(GAME, GAME.new(SAMPLE_PLAYERS, {}), secret_from_seed(0))
    sample = _chat_image(GAME.view(state, None), None)
    draw = ImageDraw.Draw(sample)
    swatches = [*kit.PLAYER_COLOURS, *CUBE_RGB.values(), *REGION_TINT.values(), kit.HIGHLIGHT, WALL_RGB]
    for i, colour in enumerate(swatches):
        x = 10 + i * 40
        for j, ground in enumerate((kit.BACKGROUND, *REGION_TINT.values())):
            y = 10 + j * 30
            draw.rectangle((x, y, x + 38, y + 28), fill=ground)
            draw.line((x + 2, y + 4, x + 36, y + 24), fill=kit.INK, width=11)
            draw.line((x + 2, y + 4, x + 36, y + 24), fill=colour, width=7)
            draw.text((x + 19, y + 14), "Ab", font=kit.font(16, True), fill=colour, anchor="mm")
    return sample.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(
        buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def focus_box(state: State, viewer: int | None) -> tuple[int, int, int, int] | None:
    """The hex just drawn in and its neighbours on the chat image, for the
    panel's picture of the track-piece choices (None unless the last move
    was a build)."""
    last = typed(state)["last"]
    if last is None or last["kind"] != "build" or not last["where"]:
        return None
    cx, cy = centre(last["where"][-1])
    return (int(cx - 2.4 * SIZE), int(cy - 2.2 * SIZE), int(cx + 2.4 * SIZE), int(cy + 2.2 * SIZE))
