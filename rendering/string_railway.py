"""The String Railway board: the table to scale (the field, the lettered
grid, the river and the mountain range, the station cards, the strings in
company colours and dash patterns), the last string highlighted with its
crossings and points, and a score panel with the strings left per company.

Chat layout (issue 14): the posted image is the whole table, portrait, 1000
px wide, with no compact crop and no separate full board. The field does
not grow: every station is drawn anywhere on it from the first turn and a
string may run from one corner to the far side, so a crop around the last
string would hide the networks a player weighs his next string against. At
550 px the essentials read: whose turn (the header, with the company's
marker), the last move (a second header line, and on the table the string
in the highlight form with its points), and each company's score in a panel
under the table, all in fonts >= 2% of the width. The cards are drawn for
the chat: the points big (16 px at 550), the kind as a three-letter code and
the company limit ("<=3") smaller; the grid's names are for a tap.

Nothing is told by colour alone: each company's strings have a dash pattern
and its stations (the home too) carry its lettered marker; the mountain
range is hatched, the river a band with dark edges.

Two option pictures help the panel place a station from a phone
(:func:`step_picture`): at the first step the field with the blocks that
hold legal spots numbered as the panel lists them, at the second the chosen
block enlarged with its legal cells numbered and named.

Threads (see :mod:`games.per_thread`): the cached backgrounds, palettes and
card writings are shared by the threads that draw and only pasted, copied
or mapped onto; a layout's palette is made from the layout alone, so a
state's image never depends on what was drawn before."""

from __future__ import annotations

import io
import json
import math
from typing import Any, Sequence

from PIL import Image, ImageDraw, ImageFont

from games.per_thread import Recent
from games.string_railway import board, stations
from games.string_railway.params import kind, table, tile_kinds
from games.string_railway.state import typed
from rendering import kit

WIDTH = 1000
MARGIN = 40
HEADER = 104
ROW = 52
TURN_SIZE = 32
TURN_MIN = 24
"""A long status line shrinks down to this before it is cut."""
LAST_SIZE = 24
STANDING_SIZE = 26
FIELD_FILL: kit.RGB = (228, 224, 196)
GRID: kit.RGB = (222, 217, 196)
BLOCK: kit.RGB = (196, 190, 168)
RIVER: kit.RGB = (130, 185, 235)
RIVER_EDGE: kit.RGB = (40, 90, 150)
MOUNTAIN: kit.RGB = (180, 175, 166)
MOUNTAIN_EDGE: kit.RGB = (95, 90, 85)
DASHES: tuple[tuple[float, float] | None, ...] = (None, (22.0, 10.0), (8.0, 8.0), (30.0, 8.0), (4.0, 6.0))
"""Each company's dash pattern (None: solid), so colour is never the only cue."""
SHORT: dict[str, str] = {"home": "HOME", "central": "CEN", "local": "LOC", "suburban": "SUB",
                         "countryside": "CTY", "town": "TWN", "transfer": "TRF", "junction": "JCT",
                         "terminal": "TRM", "landmark": "LMK"}
"""Each station kind's code on its card (the rules topic spells them out)."""
PALETTES: dict[str, Sequence[kit.RGB]] = {
    "companies": kit.PLAYER_COLOURS[:5],
    "terrain": (FIELD_FILL, MOUNTAIN, RIVER),
}
"""The colours that carry meaning: the companies (at most five), and the
field, the mountain range and the river (each also told by its form)."""

Geometry = tuple[float, float, float]


def _geometry(shape: str) -> Geometry:
    """(scale px per cm, left, top) of the field on the image."""
    cols, rows = board.grid_size(shape)
    cell = table().grid_cell
    scale = (WIDTH - 2 * MARGIN) / (cols * cell)
    return scale, MARGIN, HEADER + MARGIN


def _px(g: Geometry, x: float, y: float) -> tuple[float, float]:
    return g[1] + x * g[0], g[2] + y * g[0]


def _height(state: dict[str, Any]) -> int:
    cols, rows = board.grid_size(str(state["shape"]))
    g = _geometry(str(state["shape"]))
    return int(g[2] + rows * table().grid_cell * g[0] + MARGIN + 6 + 34 + ROW * len(state["companies"]) + LEGEND)


def _company_letters(state: dict[str, Any]) -> list[str]:
    letters = kit.player_letters(state["players"])
    companies = state["companies"]
    if len(companies) > len(state["players"]):
        out = []
        for i, c in enumerate(companies):
            nth = 1 + [j for j, o in enumerate(companies) if o["seat"] == c["seat"]].index(i)
            out.append(f"{letters[c['seat']]}{nth}")
        return out
    return [letters[c["seat"]] for c in companies]


def _dashed(draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], fill: kit.RGB, width: int,
            dash: tuple[float, float] | None) -> None:
    if dash is None:
        draw.line(pts, fill=fill, width=width, joint="curve")
        return
    on, off = dash
    carry = 0.0
    drawing = True
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.dist((x0, y0), (x1, y1))
        pos = 0.0
        while pos < seg:
            step = min((on if drawing else off) - carry, seg - pos)
            if drawing:
                t0, t1 = pos / seg, (pos + step) / seg
                draw.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0), (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)],
                          fill=fill, width=width)
            pos += step
            carry += step
            if carry >= (on if drawing else off) - 1e-9:
                carry = 0.0
                drawing = not drawing


def _grid(draw: ImageDraw.ImageDraw, g: Geometry, shape: str) -> None:
    cols, rows = board.grid_size(shape)
    cell = table().grid_cell
    n = table().block_cells
    face = kit.font(13, bold=True)
    left, top = _px(g, 0, 0)
    right, bottom = _px(g, cols * cell, rows * cell)
    for c in range(cols + 1):
        x = _px(g, c * cell, 0)[0]
        draw.line((x, top, x, bottom), fill=BLOCK if c % n == 0 else GRID, width=2 if c % n == 0 else 1)
    for r in range(rows + 1):
        y = _px(g, 0, r * cell)[1]
        draw.line((left, y, right, y), fill=BLOCK if r % n == 0 else GRID, width=2 if r % n == 0 else 1)
    crowded = cell * g[0] < 22  # two-letter names don't fit every cell: alternate top and bottom
    for c in range(cols):
        x = _px(g, (c + 0.5) * cell, 0)[0]
        name = board.column_name(c)
        if not crowded or c % 2 == 0:
            draw.text((x, top - 12), name, font=face, fill=kit.INK, anchor="mm")
        if not crowded or c % 2 == 1:
            draw.text((x, bottom + 12), name, font=face, fill=kit.INK, anchor="mm")
    for r in range(rows):
        y = _px(g, 0, (r + 0.5) * cell)[1]
        draw.text((left - 6, y), str(r + 1), font=face, fill=kit.INK, anchor="rm")
        draw.text((right + 6, y), str(r + 1), font=face, fill=kit.INK, anchor="lm")


_WRITING: dict[tuple[str, str, str, kit.RGB, int], Image.Image] = {}


def _writing(title: str, points: str, limit: str, fill: kit.RGB, h: int) -> Image.Image:
    """A card's writing (kind code, points, company limit) with a halo, drawn
    once and pasted over the strings: the points fill most of the card, so
    they read in the chat."""
    key = (title, points, limit, fill, h)
    if key not in _WRITING:
        stamp = Image.new("RGBA", (2 * h, 2 * h), (0, 0, 0, 0))
        d = ImageDraw.Draw(stamp)
        ink = kit.text_colour_on(fill)
        small = kit.font(max(10, int(h * 0.46)), bold=True)
        big = kit.font(max(14, int(h * (0.86 if len(points) <= 3 else 0.7))), bold=True)
        d.text((h, int(h * 0.3)), title, font=small, fill=ink, anchor="mm", stroke_width=3, stroke_fill=fill)
        d.text((h, h + 1), points, font=big, fill=ink, anchor="mm", stroke_width=3, stroke_fill=fill)
        d.text((h, 2 * h - int(h * 0.27)), limit, font=kit.font(max(10, int(h * 0.4)), bold=True), fill=ink,
               anchor="mm", stroke_width=3, stroke_fill=fill)
        _WRITING[key] = stamp
    return _WRITING[key]


def card_text(st: dict[str, Any]) -> tuple[str, str, str]:
    """What a station's card says: its kind's code, its points (own/others
    where they differ, "*" for a terminal) and its company limit."""
    k = kind(st["kind"])
    if st["kind"] == "home":
        points = f"{table().home.own}/{table().home.others}"
    elif k.ownable:
        points = f"{k.own}/{k.others}"
    elif k.mountain is not None:
        points = f"{k.mountain if st['mountain'] else k.others}"
    else:
        points = str(k.others)
    if k.terminal:
        points += "*"
    return SHORT[st["kind"]], points, "ALL" if k.limit is None else f"\u2264{k.limit}"


def _station(image: Image.Image, draw: ImageDraw.ImageDraw, g: Geometry, st: dict[str, Any], letters: list[str],
             card: bool) -> None:
    """A station's card (``card``), or its writing and owner's marker, drawn
    over the strings."""
    x, y = _px(g, *board.centre(st["cell"]))
    h = table().tile_size / 2 * g[0]
    owner = st["owner"]
    fill: kit.RGB = (255, 255, 255)
    if st["kind"] == "home" and owner is not None:
        fill = kit.player_colour(owner)
    if card:
        draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=6, fill=fill, outline=kit.INK, width=2)
        return
    title, points, limit = card_text(st)
    stamp = _writing(title, points, limit, fill, int(h))
    image.paste(stamp, (int(x - h), int(y - h)), stamp)
    if owner is not None:
        kit.seat_marker(draw, x + h - 2, y - h + 2, max(9, h / 2.9), owner, letters[owner])


def _string_pts(g: Geometry, path: list[str]) -> list[tuple[float, float]]:
    return [_px(g, *board.centre(c)) for c in path]


_BACKGROUNDS: Recent[str, Image.Image] = Recent(16)


def _layout_key(state: dict[str, Any]) -> str:
    """What the background depends on: the field, the river, the mountains
    and the number of companies."""
    return json.dumps([str(state["shape"]), state["river"], state["mountain"], len(state["companies"])])


def _background(state: dict[str, Any]) -> Image.Image:
    """The field, its grid, the mountains, the river and the cards' legend
    (cached per layout)."""
    return _BACKGROUNDS.get(_layout_key(state), lambda: _drawn_background(state))


def _drawn_background(state: dict[str, Any]) -> Image.Image:
    """:func:`_background`, drawn."""
    shape = str(state["shape"])
    image, draw = kit.new_canvas(WIDTH, _height(state))
    g = _geometry(shape)
    draw.polygon([_px(g, x, y) for x, y in board.field_corners(shape)], fill=FIELD_FILL)
    _grid(draw, g, shape)
    draw.polygon([_px(g, x, y) for x, y in board.field_corners(shape)], outline=kit.INK, width=4)
    if state["mountain"]:
        ring = [_px(g, x, y) for x, y in state["mountain"]]
        draw.polygon(ring, fill=MOUNTAIN)
        _hatch(image, ring)
        draw.line(ring + [ring[0]], fill=MOUNTAIN_EDGE, width=4, joint="curve")
    if state["river"]:
        river = [_px(g, x, y) for x, y in state["river"]]
        draw.line(river, fill=RIVER_EDGE, width=12, joint="curve")
        draw.line(river, fill=RIVER, width=8, joint="curve")
    _legend(draw, _height(state) - LEGEND)
    return image


LEGEND = 92


def _legend(draw: ImageDraw.ImageDraw, y: int) -> None:
    """What the cards' codes and marks mean, for a tap."""
    face = kit.font(17)
    codes = [f"{code} {name}" for name, code in SHORT.items() if name != "home"]
    lines = ["Cards: points (own/others), * at an end only, \u2264N companies at most, ALL no limit.",
             " \u00b7 ".join(codes[:5]), " \u00b7 ".join(codes[5:])]
    for i, line in enumerate(lines):
        draw.text((MARGIN, y + 8 + 26 * i), line, font=face, fill=kit.MUTED)


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    image = _board(state)
    return _png(image, _board_palette(state))


def _board(state: dict[str, Any]) -> Image.Image:
    """The posted board, as an image (the option pictures crop it)."""
    shape = str(state["shape"])
    image = _background(state).copy()
    draw = ImageDraw.Draw(image)
    g = _geometry(shape)
    letters = _company_letters(state)
    last = state.get("last") or {}
    last_path = list(last.get("where") or [])
    last_string = state["strings"][-1] if state["strings"] and last_path == state["strings"][-1]["path"] else None
    if last_string is not None:
        kit.highlight_line(draw, _string_pts(g, last_string["path"]), width=HIGHLIGHT_WIDTH)
    for st in state["stations"]:
        _station(image, draw, g, st, letters, True)
    for rs in state["strings"]:
        pts = _string_pts(g, rs["path"])
        c = rs["company"]
        draw.line(pts, fill=kit.INK, width=9, joint="curve")
        draw.line(pts, fill=(255, 255, 255), width=5, joint="curve")
        _dashed(draw, pts, kit.player_colour(c), 5, DASHES[c % len(DASHES)])
    for st in state["stations"]:
        _station(image, draw, g, st, letters, False)
    if len(last_path) == 1 and last_string is None:
        x, y = _px(g, *board.centre(last_path[0]))
        h = table().tile_size / 2 * g[0] + 7
        kit.highlight_box(draw, (x - h, y - h, x + h, y + h), width=8)
    if last_string is not None:
        _last_marks(draw, g, last_string, [st["cell"] for st in state["stations"]])
    _header(image, draw, state, letters)
    _scores(draw, state, letters, g)
    return image


HIGHLIGHT_WIDTH = 20
"""The last string's highlight band: about 5 px each side of the string at
550 px wide."""


def _tag_point(pts: list[tuple[float, float]], cards: list[tuple[float, float]]) -> tuple[float, float]:
    """The point of the string ``pts`` farthest from every card's centre
    (where its points tag hides the least), sampled along each stretch."""
    along = [(a[0] + (b[0] - a[0]) * t / 8, a[1] + (b[1] - a[1]) * t / 8)
             for a, b in zip(pts, pts[1:]) for t in range(1, 8)]
    return max(along or pts, key=lambda p: min((math.dist(p, c) for c in cards), default=0.0))


def _last_marks(draw: ImageDraw.ImageDraw, g: Geometry, last_string: dict[str, Any], cards: list[str]) -> None:
    """The last string's crossings (a cross in the highlight form) and its
    points in a white tag on its longest stretch."""
    for x, y in last_string["cross_at"]:
        px, py = _px(g, x, y)
        kit.highlight_line(draw, [(px - 11, py - 11), (px + 11, py + 11)], width=5)
        kit.highlight_line(draw, [(px - 11, py + 11), (px + 11, py - 11)], width=5)
    mid = _tag_point(_string_pts(g, last_string["path"]), [_px(g, *board.centre(c)) for c in cards])
    text = f"{last_string['points']:+d}"
    face = kit.essential_font("last", LAST_SIZE + 4, bold=True)
    w = draw.textlength(text, font=face)
    box = (mid[0] - w / 2 - 9, mid[1] - 19, mid[0] + w / 2 + 9, mid[1] + 19)
    draw.rounded_rectangle(box, radius=8, fill=kit.HIGHLIGHT, outline=kit.HIGHLIGHT_DASH, width=3)
    draw.text(mid, text, font=face, fill=kit.INK, anchor="mm")


def _png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Like ``kit.to_png`` with the fast octree quantiser (the board is about
    1.4 million pixels, where median cut takes most of a second), or mapped
    to a ``palette`` already made (five times faster still)."""
    buffer = io.BytesIO()
    if palette is None:
        quantized = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    quantized.save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


_PALETTE_OF: Recent[str, Image.Image] = Recent(16)
BLENDS = 9
"""How many steps from an ink to a ground the palette's swatch holds."""


def _board_palette(state: dict[str, Any]) -> Image.Image:
    """The 256 colours a layout's boards are drawn in: made once per layout
    from its background (:func:`_background`) and a swatch of every colour
    the board may draw (the companies, the highlight, the turn's row, the
    cards, the terrain) with their blends, so a colour that first shows
    later keeps its hue. Made from the layout alone, so a state's image is
    the same whatever board a process drew first."""
    return _PALETTE_OF.get(_layout_key(state), lambda: _made_palette(_background(state)))


def _made_palette(image: Image.Image) -> Image.Image:
    """The palette of ``image`` (a background) with the swatch of inks."""
    inks = [*kit.PLAYER_COLOURS, kit.HIGHLIGHT, kit.HIGHLIGHT_DASH, kit.INK, kit.MUTED, kit.BACKGROUND, TURN_FILL,
            FIELD_FILL, GRID, BLOCK, RIVER, RIVER_EDGE, MOUNTAIN, MOUNTAIN_EDGE, (255, 255, 255)]
    grounds = [(255, 255, 255), kit.INK, FIELD_FILL, kit.BACKGROUND]
    swatch = Image.new("RGB", (len(inks) * BLENDS, len(grounds) * 4))
    for i, ink in enumerate(inks):
        for j, ground in enumerate(grounds):
            for k in range(BLENDS):
                t = k / (BLENDS - 1)
                mix = tuple(round(a * (1 - t) + b * t) for a, b in zip(ink, ground))
                swatch.paste(mix, (i * BLENDS + k, j * 4, i * BLENDS + k + 1, j * 4 + 4))
    both = Image.new("RGB", (image.width, image.height + swatch.height * 40))
    both.paste(image, (0, 0))
    both.paste(swatch.resize((image.width, swatch.height * 40), Image.Resampling.NEAREST), (0, image.height))
    return both.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _hatch(image: Image.Image, ring: list[tuple[float, float]]) -> None:
    """Diagonal shading inside the mountain range."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon(ring, fill=255)
    lines = Image.new("RGB", image.size, MOUNTAIN)
    ld = ImageDraw.Draw(lines)
    for x in range(-image.height, image.width, 14):
        ld.line((x, 0, x + image.height, image.height), fill=MOUNTAIN_EDGE, width=1)
    image.paste(lines, (0, 0), mask)


def _status(state: dict[str, Any]) -> str:
    from games.string_railway import GAME
    return GAME.status_line(state)


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str]) -> None:
    """Whose turn it is (with the company's marker) and the last move."""
    x = MARGIN
    company = state.get("company")
    if state["phase"] not in ("over", "setup") and isinstance(company, int):
        kit.seat_marker(draw, x + 17, 14 + TURN_SIZE / 2 + 2, 17, company, letters[company])
        x += 44
    status = _status(state)
    size = next((n for n in range(TURN_SIZE, TURN_MIN - 1, -2)
                 if draw.textlength(status, font=kit.font(n, bold=True)) <= WIDTH - MARGIN - x), TURN_MIN)
    face = kit.essential_font("turn", size, bold=True)
    draw.text((x, 14 + (TURN_SIZE - size) // 2), _fit(draw, status, face, WIDTH - MARGIN - x), font=face,
              fill=kit.INK)
    last = state.get("last")
    if last:
        who = state["players"][last["seat"]]
        text = f"Last: {who} {last['text']}"
        if state["strings"] and last["where"] == state["strings"][-1]["path"]:
            rs = state["strings"][-1]
            text += f" \u00b7 {rs['points']:+d} points, {rs['crossings']} crossing{'s' * (rs['crossings'] != 1)}"
        face = kit.essential_font("last", LAST_SIZE)
        draw.text((MARGIN, 62), _fit(draw, text, face, WIDTH - 2 * MARGIN), font=face, fill=kit.INK)


def _fit(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with "…" to ``width`` in ``face``."""
    while text and draw.textlength(text, font=face) > width:
        text = text[:-2] + "\u2026"
    return text


def _scores(draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str], g: Geometry) -> None:
    """Each company's standing: marker, string sample, player, score, strings
    left; the company to play has a tinted row and an arrow."""
    cols, rows = board.grid_size(str(state["shape"]))
    y = int(g[2] + rows * table().grid_cell * g[0] + MARGIN + 6)
    face = kit.essential_font("standing", STANDING_SIZE)
    bold = kit.essential_font("standing", STANDING_SIZE, bold=True)
    heading = kit.font(20, bold=True)
    draw.text((MARGIN + 40, y), "Company", font=heading, fill=kit.MUTED)
    draw.text((MARGIN + 470, y), "Score", font=heading, fill=kit.MUTED)
    draw.text((MARGIN + 600, y), "Strings left", font=heading, fill=kit.MUTED)
    y += 34
    current = state.get("company")
    winners = _winners(state)
    for i, c in enumerate(state["companies"]):
        mid = y + ROW // 2 - 4
        if (i == current and state["phase"] not in ("over", "setup")) or c["seat"] in winners:
            draw.rectangle((MARGIN - 30, y - 4, WIDTH - MARGIN + 30, y + ROW - 6), fill=TURN_FILL)
        if i == current and state["phase"] not in ("over", "setup"):
            draw.polygon([(MARGIN - 26, mid - 10), (MARGIN - 10, mid), (MARGIN - 26, mid + 10)], fill=kit.INK)
        if c["seat"] in winners:
            star = [(MARGIN - 18 + r * math.cos(math.radians(-90 + 36 * k)),
                     mid + r * math.sin(math.radians(-90 + 36 * k))) for k, r in enumerate([11.0, 4.5] * 5)]
            draw.polygon(star, fill=kit.INK)
        kit.seat_marker(draw, MARGIN + 16, mid, 16, i, letters[i])
        pts = [(MARGIN + 44.0, float(mid)), (MARGIN + 124.0, float(mid))]
        draw.line(pts, fill=kit.INK, width=9)
        draw.line(pts, fill=(255, 255, 255), width=5)
        _dashed(draw, pts, kit.player_colour(i), 5, DASHES[i % len(DASHES)])
        name = state["players"][c["seat"]]
        draw.text((MARGIN + 136, mid), _fit(draw, name, face, 320), font=face, fill=kit.INK, anchor="lm")
        draw.text((MARGIN + 470, mid), str(c["score"]), font=bold, fill=kit.INK, anchor="lm")
        left = c["strings"]
        draw.text((MARGIN + 600, mid), f"short {left.get('short', 0)} \u00b7 long {left.get('long', 0)}",
                  font=face, fill=kit.INK, anchor="lm")
        y += ROW


TURN_FILL: kit.RGB = (255, 228, 160)
"""The row of the company to play (also marked with an arrow), or of the
winners' companies once the game is over (with a star)."""


def _winners(state: dict[str, Any]) -> set[int]:
    """The winning seats once the game is over (none before)."""
    if state["phase"] != "over":
        return set()
    from games.string_railway import GAME
    return set(GAME.outcome(state).winners)


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """Around the last string or station placed, for the generic picture of
    choices (None when nothing has been placed): within the field and its
    grid's names, never the header."""
    last = state.get("last") or {}
    where = list(last.get("where") or [])
    if not where or "shape" not in state:
        return None
    g = _geometry(str(state["shape"]))
    pts = [_px(g, *board.centre(c)) for c in where]
    pad = 50
    left, right = min(p[0] for p in pts) - pad, max(p[0] for p in pts) + pad
    top, bottom = min(p[1] for p in pts) - pad, max(p[1] for p in pts) + pad
    side = max(right - left, bottom - top, 260)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    field_top, field_bottom = _field_box(state)[1], _field_box(state)[3]
    x0 = int(min(max(0, cx - side / 2), WIDTH - side))
    y0 = int(min(max(field_top, cy - side / 2), max(field_top, field_bottom - side)))
    return x0, y0, int(x0 + side), int(y0 + side)


# -- the panel's pictures for placing a station -------------------------------

BLOCK_MARGIN = 2
"""Cells of the table shown round an enlarged block, for its surroundings."""
BLOCK_PICTURE = 820
"""The enlarged block picture's width in pixels (before its banner)."""
DIM: tuple[int, int, int, int] = (120, 115, 105, 150)
"""The veil over the cells of a block where the station can't go."""


def _placing(state: dict[str, Any], viewer: int | None) -> bool:
    return state.get("phase") == "place" and viewer is not None and viewer == state.get("current") \
        and bool(state.get("drawn"))


def block_choices(state: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The panel's blocks for placing the drawn station and their legal
    cells, in the panel's order (nearest the company's network first)."""
    return stations.blocks(typed(state), int(state["company"]))


def step_picture(state: dict[str, Any], viewer: int | None, prefix: Sequence[str]) -> bytes | None:
    """The panel's picture at a step of placing a station: with no choice
    yet, the field with each block holding a legal spot numbered as the
    panel lists it; after a block, that block enlarged with its legal cells
    numbered (and named) as its buttons are, the other cells veiled. When
    laying a string, after short or long: the proposals side by side (see
    :func:`proposals_picture`). None at any other step."""
    if state.get("phase") == "string" and viewer is not None and viewer == state.get("current") \
            and len(prefix) == 1:
        return proposals_picture(state, viewer, prefix[0])
    if not _placing(state, viewer) or len(prefix) > 1:
        return None
    choices = block_choices(state)
    what = tile_kinds()[int(state["drawn"][0]) - 1]
    if not prefix:
        return _png(kit.preview_banner(_blocks_picture(state, choices),
                                       f"Place the {what} station: which block?"))
    cells = dict(choices).get(prefix[0])
    if cells is None:
        return None
    picture = _block_picture(state, prefix[0], cells)
    return _png(kit.preview_banner(picture, f"Place the {what} station: which cell?"))


def _block_bounds(name: str) -> tuple[int, int, int, int]:
    """The block's first and last columns and rows (inclusive)."""
    first, last = name.split("-")
    (c0, r0), (c1, r1) = board.cell_index(first), board.cell_index(last)
    return c0, r0, c1, r1


def _field_box(state: dict[str, Any]) -> tuple[int, int, int, int]:
    """The field with its grid's names, on the board image."""
    g = _geometry(str(state["shape"]))
    cols, rows = board.grid_size(str(state["shape"]))
    right, bottom = _px(g, cols * table().grid_cell, rows * table().grid_cell)
    return 0, int(g[2] - 26), WIDTH, int(bottom + 26)


def _blocks_picture(state: dict[str, Any], choices: list[tuple[str, list[str]]]) -> Image.Image:
    """The field, each block with a legal spot outlined and numbered."""
    image = _board(state).crop(_field_box(state))
    top = _field_box(state)[1]
    draw = ImageDraw.Draw(image)
    g = _geometry(str(state["shape"]))
    cell = table().grid_cell
    face = kit.font(24, bold=True)
    for n, (name, _cells) in enumerate(choices, start=1):
        c0, r0, c1, r1 = _block_bounds(name)
        x0, y0 = _px(g, c0 * cell, r0 * cell)
        x1, y1 = _px(g, (c1 + 1) * cell, (r1 + 1) * cell)
        draw.rectangle((x0 + 2, y0 - top + 2, x1 - 2, y1 - top - 2), outline=kit.INK, width=3)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - top
        w = draw.textlength(str(n), font=face)
        r = max(17.0, w / 2 + 7)
        draw.ellipse((cx - r, cy - 17, cx + r, cy + 17), fill=(255, 255, 255), outline=kit.INK, width=2)
        draw.text((cx, cy), str(n), font=face, fill=kit.INK, anchor="mm")
    return image


def block_cell_boxes(name: str, size: int = BLOCK_PICTURE) -> dict[str, tuple[int, int, int, int]]:
    """Where each cell of the block ``name`` lies in its enlarged picture
    (``size`` wide: the block and :data:`BLOCK_MARGIN` cells round it)."""
    c0, r0, c1, r1 = _block_bounds(name)
    span = c1 - c0 + 1 + 2 * BLOCK_MARGIN
    step = size / span
    out = {}
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            x, y = (c - c0 + BLOCK_MARGIN) * step, (r - r0 + BLOCK_MARGIN) * step
            out[board.cell_name(c, r)] = (round(x), round(y), round(x + step), round(y + step))
    return out


def _block_picture(state: dict[str, Any], name: str, cells: list[str]) -> Image.Image:
    """The block ``name`` enlarged, its legal ``cells`` numbered in order and
    named, the others veiled."""
    g = _geometry(str(state["shape"]))
    cell = table().grid_cell
    c0, r0, c1, r1 = _block_bounds(name)
    x0, y0 = _px(g, (c0 - BLOCK_MARGIN) * cell, (r0 - BLOCK_MARGIN) * cell)
    x1, y1 = _px(g, (c1 + 1 + BLOCK_MARGIN) * cell, (r1 + 1 + BLOCK_MARGIN) * cell)
    board_image = _board(state)
    crop = Image.new("RGB", (math.ceil(x1 - x0), math.ceil(y1 - y0)), kit.BACKGROUND)
    inside = (max(0, int(x0)), max(0, int(y0)), min(board_image.width, math.ceil(x1)),
              min(board_image.height, math.ceil(y1)))
    crop.paste(board_image.crop(inside), (inside[0] - int(x0), inside[1] - int(y0)))
    image = crop.resize((BLOCK_PICTURE, BLOCK_PICTURE), Image.Resampling.BICUBIC).convert("RGBA")
    boxes = block_cell_boxes(name)
    veil = Image.new("RGBA", image.size, (0, 0, 0, 0))
    vd = ImageDraw.Draw(veil)
    legal = set(cells)
    for c, box in boxes.items():
        if c not in legal:
            vd.rectangle(box, fill=DIM)
    image = Image.alpha_composite(image, veil).convert("RGB")
    draw = ImageDraw.Draw(image)
    bx0, by0 = boxes[board.cell_name(c0, r0)][:2]
    bx1, by1 = boxes[board.cell_name(c1, r1)][2:]
    draw.rectangle((bx0, by0, bx1, by1), outline=kit.INK, width=4)
    number, label = kit.font(30, bold=True), kit.font(20, bold=True)
    for n, c in enumerate(cells, start=1):
        left, top, right, bottom = boxes[c]
        cx, cy = (left + right) / 2, (top + bottom) / 2
        draw.rounded_rectangle((left + 6, top + 6, right - 6, bottom - 6), radius=10, fill=(255, 255, 255),
                               outline=kit.INK, width=2)
        draw.text((cx, cy - 9), str(n), font=number, fill=kit.INK, anchor="mm")
        draw.text((cx, bottom - 18), c, font=label, fill=kit.MUTED, anchor="mm")
    return image


# -- the panel's picture of the string proposals ------------------------------

SHEET_WIDTH = 1000
"""The proposals picture's width: two or three columns of the same stretch
of table."""
PROPOSAL_MARGIN = 4.0
"""Centimetres of table shown round the proposals."""
PROPOSAL_MIN_SPAN = 24.0
"""The least stretch of table (cm) shown, so a short string keeps its
surroundings."""


def proposals_region(state: dict[str, Any], paths: list[list[str]]) -> tuple[float, float, float, float]:
    """The stretch of table (cm: left, top, right, bottom) every proposal
    lies in, with a margin, square, and within the field's grid: each
    proposal is shown over the same stretch so they compare at a glance."""
    cols, rows = board.grid_size(str(state["shape"]))
    width, height = cols * table().grid_cell, rows * table().grid_cell
    pts = [board.centre(c) for path in paths for c in path]
    left, right = min(p[0] for p in pts), max(p[0] for p in pts)
    top, bottom = min(p[1] for p in pts), max(p[1] for p in pts)
    side = min(max(right - left, bottom - top) + 2 * PROPOSAL_MARGIN, max(width, height))
    side = max(side, PROPOSAL_MIN_SPAN)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    x0 = min(max(0.0, cx - side / 2), max(0.0, width - side))
    y0 = min(max(0.0, cy - side / 2), max(0.0, height - side))
    return x0, y0, x0 + side, y0 + side


CAPTION = 76
"""Room under each proposal for its two-line label."""


def proposal_tile(i: int, count: int) -> tuple[int, int, int]:
    """Where the ``i``th of ``count`` proposals is drawn in their picture
    (before its banner): left, top and side; two columns up to four
    proposals, else three."""
    columns = 2 if count <= 4 else 3
    side = (SHEET_WIDTH - 12 * (columns + 1)) // columns
    return 12 + (i % columns) * (side + 12), 12 + (i // columns) * (side + CAPTION), side


def proposals_picture(state: dict[str, Any], viewer: int, length: str) -> bytes | None:
    """The proposals for a ``length`` string, numbered as the panel lists
    them, each over the same stretch of table in the highlight form with its
    points tag, and captioned with its label (stations, points, crossings)."""
    from games.string_railway import GAME
    try:
        options = GAME.options_at(state, viewer, [length])
    except Exception:  # noqa: BLE001 - no such step: no picture
        return None
    if not options or not all(o.complete for o in options):
        return None
    afters = [GAME.apply(state, viewer, f"{length} {o.token}").state for o in options]
    region = proposals_region(state, [list(a["strings"][-1]["path"]) for a in afters])
    last_left, last_top, tile = proposal_tile(len(options) - 1, len(options))
    image, draw = kit.new_canvas(SHEET_WIDTH, last_top + tile + CAPTION)
    g = _geometry(str(state["shape"]))
    x0, y0 = _px(g, region[0], region[1])
    x1, y1 = _px(g, region[2], region[3])
    number = kit.font(34, bold=True)
    face = kit.font(24 if tile > 400 else 21, bold=True)
    for i, (option, after) in enumerate(zip(options, afters)):
        left, top, tile = proposal_tile(i, len(options))
        crop = _board(after).crop((int(x0), int(y0), math.ceil(x1), math.ceil(y1)))
        image.paste(crop.resize((tile, tile), Image.Resampling.BICUBIC), (left, top))
        zoom = tile / (x1 - x0)
        path = [((px - x0) * zoom + left, (py - y0) * zoom + top)
                for px, py in _string_pts(g, list(after["strings"][-1]["path"]))]
        kit.highlight_line(draw, path, width=7)
        draw.rectangle((left, top, left + tile - 1, top + tile - 1), outline=kit.INK, width=2)
        text = str(i + 1)
        w = draw.textlength(text, font=number)
        draw.rounded_rectangle((left + 6, top + 6, left + 6 + w + 20, top + 52), radius=10, fill=kit.INK)
        draw.text((left + 16 + w / 2, top + 29), text, font=number, fill=(255, 255, 255), anchor="mm")
        lines = _two_lines(option.label, face, draw, tile)
        for n, line in enumerate(lines):
            draw.text((left, top + tile + 6 + 28 * n), line, font=face, fill=kit.INK)
    return _png(kit.preview_banner(image, f"Your {length} string: which one? (not laid yet)"))


def _two_lines(text: str, face: ImageFont.FreeTypeFont, draw: ImageDraw.ImageDraw, width: float) -> list[str]:
    """``text`` in at most two lines of ``width``, broken after the last
    space or "-" that fits, the second line cut with "…"."""
    if draw.textlength(text, font=face) <= width:
        return [text]
    cut = max((i + 1 for i, ch in enumerate(text)
               if ch in " -" and draw.textlength(text[:i + 1].rstrip(), font=face) <= width), default=0)
    if cut == 0:
        return [_fit(draw, text, face, width)]
    return [text[:cut].rstrip(), _fit(draw, text[cut:].lstrip(), face, width)]
