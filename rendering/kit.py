"""The shared drawing kit: fonts, player colours with letters and shapes,
text fitted and wrapped to a width in pixels, hex and square grid
geometry, edge coordinates, a score panel and PNG output.

Every game's renderer draws with these so the boards look like one product
and stay readable on a phone (boards about 1000-1400 px wide, text >= 16 px).
"""

from __future__ import annotations

import io
import math
import re
import unicodedata
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterator, Sequence

from PIL import Image, ImageDraw, ImageFont

from games.per_thread import per_thread_cache

FONT_DIR = Path(__file__).parent / "fonts"

RGB = tuple[int, int, int]

BACKGROUND: RGB = (246, 241, 229)
INK: RGB = (30, 30, 30)
MUTED: RGB = (120, 115, 105)
HIGHLIGHT: RGB = (255, 255, 255)
"""The last move's colour: white, always drawn in the highlight *form* (see
:func:`highlight_line`), white with black dashes between black edges. No
player, goods or terrain colour is white or dashed, and the form reads the
same whatever the viewer's colour vision (it is told by lightness, not hue)."""
HIGHLIGHT_DASH: RGB = (0, 0, 0)
"""The dashes and edges of the highlight form."""

# Okabe-Ito palette: told apart by people with the common colour-vision
# deficiencies; each seat also has a shape and a letter, so hue is never the
# only cue.
PLAYER_COLOURS: tuple[RGB, ...] = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
)
PLAYER_COLOUR_NAMES = ("orange", "sky", "green", "pink", "blue", "vermillion")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon")


_MARKDOWN_ESCAPE = re.compile(r"\\(?=[*_`~|<>#+.:\\\[\]()-])")


def drawable(text: str) -> str:
    """``text`` as it can be drawn: no control characters, line or paragraph
    separators, format characters (zero-width, bidi overrides) or surrogates
    (they break text layout), and no backslashes that only escape markdown
    for Discord (``a\\_b`` is drawn ``a_b``)."""
    kept = "".join(c for c in text if unicodedata.category(c) not in _UNDRAWABLE)
    return _MARKDOWN_ESCAPE.sub("", kept)


_UNDRAWABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def drawable_state(value: Any) -> Any:
    """A copy of a state with every string made :func:`drawable` (strings
    that need nothing are kept as they are)."""
    if isinstance(value, str):
        return value if value.isprintable() and "\\" not in value else drawable(value)
    if isinstance(value, dict):
        return {k: drawable_state(v) for k, v in value.items()}
    if isinstance(value, list):
        return [drawable_state(v) for v in value]
    return value


@per_thread_cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` pixels (one per thread: a font
    holds a FreeType face, which is not to be used by two threads at once;
    see :mod:`games.per_thread`)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


ELLIPSIS = "…"


def fit_text(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` as it fits ``width`` pixels drawn in ``face``: whole when it
    fits, else its longest start that fits with an ellipsis after it (the
    ellipsis alone when nothing more fits). Empty text stays empty."""
    if not text or face.getlength(text) <= width:
        return text
    while text and face.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text + ELLIPSIS


def wrap_text(text: str, face: ImageFont.FreeTypeFont, width: float, max_lines: int | None = None) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` pixels drawn
    in ``face``, each line as many words as fit. A word wider than ``width``
    has a line of its own, cut with an ellipsis (:func:`fit_text`). With
    ``max_lines`` (at least 1), what would go on the lines after it is put
    on the last one, which is then cut with an ellipsis. Blank text gives
    no lines."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if face.getlength(trial) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
    return [fit_text(line, face, width) for line in lines]


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letters(names: Sequence[str]) -> list[str]:
    """One distinct capital letter per seat: the name's initial where free,
    else the next unused letter of the name, else the next free letter."""
    used: set[str] = set()
    letters: list[str] = []
    for name in names:
        candidates = [c.upper() for c in name if c.isalpha()] + [chr(65 + i) for i in range(26)]
        letter = next(c for c in candidates if c not in used)
        used.add(letter)
        letters.append(letter)
    return letters


def text_colour_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else (255, 255, 255)


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotation: float = -90) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(rotation + 360 * i / sides)),
         cy + r * math.sin(math.radians(rotation + 360 * i / sides)))
        for i in range(sides)
    ]


def seat_marker(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, letter: str) -> None:
    """The seat's token: its shape in its colour, outlined, with its letter."""
    fill = player_colour(seat)
    shape = PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2)
    elif shape == "square":
        s = r * 0.9
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=INK, width=2)
    else:
        sides = {"triangle": 3, "diamond": 4, "pentagon": 5, "hexagon": 6}[shape]
        rr = r * (1.25 if sides == 3 else 1.1)
        pts = regular_polygon(cx, cy + (r * 0.2 if sides == 3 else 0), rr, sides)
        draw.polygon(pts, fill=fill, outline=INK, width=2)
    draw.text((cx, cy), letter, font=font(max(10, int(r * 1.2)), bold=True),
              fill=text_colour_on(fill), anchor="mm")


# -- the last move ---------------------------------------------------------

def _dashes(points: Sequence[tuple[float, float]], dash: float) -> list[list[tuple[float, float]]]:
    """The polyline ``points`` cut into dashes of length ``dash`` with gaps of
    the same length (measured along the line, so curves dash evenly)."""
    out: list[list[tuple[float, float]]] = []
    on, left = True, dash
    current: list[tuple[float, float]] = [points[0]]
    for a, b in zip(points, points[1:]):
        length = math.dist(a, b)
        at = 0.0
        while length - at > left:
            at += left
            t = at / length
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if on:
                current.append(p)
                out.append(current)
            current = [p]
            on, left = not on, dash
        left -= length - at
        if on:
            current.append(b)
        else:
            current = [b]
    if on and len(current) > 1:
        out.append(current)
    return out


def highlight_line(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], width: int = 6,
                   closed: bool = False) -> None:
    """The last move along ``points``: a white band ``width`` wide between
    black edges, with black dashes along it (a level-crossing barrier). No
    player colour is drawn this way, and it reads in any colour vision."""
    pts = [*points, points[0]] if closed and len(points) > 2 else list(points)
    if len(pts) < 2:
        return
    draw.line(pts, fill=HIGHLIGHT_DASH, width=width + 4, joint="curve")
    draw.line(pts, fill=HIGHLIGHT, width=width, joint="curve")
    for dash in _dashes(pts, max(4.0, width * 1.6)):
        draw.line(dash, fill=HIGHLIGHT_DASH, width=max(2, width - 2))


def highlight_box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int = 6) -> None:
    """The highlight form around the rectangle ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    highlight_line(draw, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], width, closed=True)


# -- what a player must read in the chat ------------------------------------

CHAT_WIDTH = 550
"""How wide Discord shows an attached image in the chat."""
MAX_POST_WIDTH = 1100
"""The widest posted image: twice the chat width (sharp on a high-density
screen); wider only shrinks every text further."""
MIN_ESSENTIAL_SHARE = 0.02
"""An essential text's font size as a share of the image's width, at least:
2% is 11 px when the image is shown 550 px wide."""
ESSENTIAL_ROLES = ("turn", "last", "standing")
"""What a player must read without opening the image: whose turn it is, the
last move, and where each player stands (score, money or position)."""

_ESSENTIALS: ContextVar[list[tuple[str, int]] | None] = ContextVar("essentials", default=None)


def essential_font(role: str, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font for an essential text (one of :data:`ESSENTIAL_ROLES`, or
    ``"preview"``), noted when :func:`recording_essentials` is on, so a test
    checks it is large enough for the image it is drawn in. Sizes are in the
    pixels of the final image: a renderer does not resize after drawing."""
    noted = _ESSENTIALS.get()
    if noted is not None:
        noted.append((role, size))
    return font(size, bold)


@contextmanager
def recording_essentials() -> Iterator[list[tuple[str, int]]]:
    """Note every :func:`essential_font` asked for inside the block, as
    (role, size) pairs."""
    noted: list[tuple[str, int]] = []
    token = _ESSENTIALS.set(noted)
    try:
        yield noted
    finally:
        _ESSENTIALS.reset(token)


PREVIEW_FILL: RGB = (40, 40, 40)


def preview_banner(image: Image.Image, text: str = "PREVIEW - not played yet") -> Image.Image:
    """``image`` with a dark banner across its top saying it is a preview,
    its letters at least the essential share of the width."""
    size = max(14, math.ceil(image.width * 0.035))
    band = int(size * 1.8)
    out = Image.new("RGB", (image.width, image.height + band), PREVIEW_FILL)
    out.paste(image.convert("RGB"), (0, band))
    draw = ImageDraw.Draw(out)
    draw.text((image.width // 2, band // 2), text, font=essential_font("preview", size, bold=True),
              fill=(255, 255, 255), anchor="mm")
    return out


# -- hex grids -------------------------------------------------------------

def hex_corners(cx: float, cy: float, size: float, flat_top: bool) -> list[tuple[float, float]]:
    """The six corners of a hex of circumradius ``size``."""
    start = 0 if flat_top else 30
    return [
        (cx + size * math.cos(math.radians(start + 60 * i)),
         cy + size * math.sin(math.radians(start + 60 * i)))
        for i in range(6)
    ]


def hex_edge_midpoint(cx: float, cy: float, size: float, edge: int, flat_top: bool) -> tuple[float, float]:
    """Midpoint of edge ``edge`` numbered clockwise from the top (flat-top:
    0 = N, 1 = NE, ..., 5 = NW) or from the top-right (pointy-top: 0 = NE,
    1 = E, 2 = SE, 3 = SW, 4 = W, 5 = NW)."""
    apothem = size * math.sqrt(3) / 2
    angle = (-90 + 60 * edge) if flat_top else (-60 + 60 * edge)
    return (cx + apothem * math.cos(math.radians(angle)), cy + apothem * math.sin(math.radians(angle)))


def draw_track_between(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    a: tuple[float, float],
    b: tuple[float, float],
    colour: RGB,
    width: int,
    steps: int = 16,
) -> None:
    """A track from edge point ``a`` to edge point ``b`` of a cell centred at
    ``centre``: a straight line when they are opposite, else a quadratic
    curve bending through the centre (a pen's natural curve)."""
    cx, cy = centre
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if math.dist((mx, my), centre) < 1e-6:
        draw.line([a, b], fill=colour, width=width)
        return
    # control point: the centre pulled a little toward the chord keeps sharp
    # curves tight and gentle ones wide
    ctrl = (cx, cy)
    pts = []
    for i in range(steps + 1):
        t = i / steps
        x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0]
        y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]
        pts.append((x, y))
    draw.line(pts, fill=colour, width=width, joint="curve")


def column_letters(n: int) -> list[str]:
    """A, B, ..., Z, AA, AB, ... for ``n`` columns."""
    out = []
    for i in range(n):
        s = ""
        i += 1
        while i:
            i, r = divmod(i - 1, 26)
            s = chr(65 + r) + s
        out.append(s)
    return out


# -- panels ----------------------------------------------------------------

def draw_table(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    col_widths: Sequence[int],
    row_height: int = 30,
    size: int = 18,
    row_fills: Sequence[RGB | None] | None = None,
) -> int:
    """A simple table; returns the y below it."""
    cx = x
    for text, w in zip(header, col_widths):
        draw.text((cx + 4, y + row_height // 2), text, font=font(size, bold=True), fill=INK, anchor="lm")
        cx += w
    y += row_height
    draw.line((x, y - 2, x + sum(col_widths), y - 2), fill=MUTED, width=1)
    for i, row in enumerate(rows):
        fill = row_fills[i] if row_fills else None
        if fill is not None:
            draw.rectangle((x, y, x + sum(col_widths), y + row_height - 2), fill=fill)
        cx = x
        for text, w in zip(row, col_widths):
            draw.text((cx + 4, y + row_height // 2), text, font=font(size), fill=INK, anchor="lm")
            cx += w
        y += row_height
    return y


def draw_title(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, size: int = 26) -> int:
    draw.text((x, y), text, font=font(size, bold=True), fill=INK)
    return y + int(size * 1.4)


def new_canvas(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def to_png(image: Image.Image) -> bytes:
    """PNG bytes, palette-quantised when that keeps the file small (boards
    are flat colours, so 256 colours lose nothing visible)."""
    buffer = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        buffer, format="PNG", optimize=False, compress_level=6
    )
    return buffer.getvalue()
