"""The Steam Rollers board image: one player's map drawn large (the viewer's,
else the player who moved last), the supply board beside it (cubes left per
city, the black die, the white dice left, the special cards and who holds
them) and a panel with every player's score, engine and cards."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image, ImageDraw

from games.steam_rollers import GAME
from games.steam_rollers.board import board
from games.steam_rollers.cards import held_codes, side
from games.steam_rollers.deliver import engine_strength
from games.steam_rollers.network import connections
from games.steam_rollers.params import rules
from games.steam_rollers.scoring import breakdown
from rendering import kit

WIDTH, HEIGHT = 1440, 920
SIZE = 44.0                      # hex circumradius
MAP_X, MAP_Y = 46.0, 100.0       # centre of hex A1 is offset from here
SQ3 = math.sqrt(3)
RIGHT_X = 905

CUBE_RGB: dict[str, kit.RGB] = {
    "red": (214, 48, 49), "blue": (36, 92, 204), "purple": (128, 62, 170),
    "yellow": (245, 205, 40), "grey": (150, 150, 150),
}
REGION_TINT: dict[str, kit.RGB] = {
    "red": (246, 214, 210), "blue": (214, 226, 246), "purple": (232, 218, 242),
    "yellow": (250, 240, 196), "grey": (228, 228, 224),
}
WALL_RGB: kit.RGB = (90, 40, 20)

_BACKGROUNDS: dict[tuple[int, ...], Image.Image] = {}


def centre(hex_name: str) -> tuple[float, float]:
    col, row = board().coords[hex_name]
    return (MAP_X + SIZE + 1.5 * SIZE * col, MAP_Y + SQ3 * SIZE * (row + 0.5 * (col % 2) + 0.5))


def _background(walls: tuple[int, ...]) -> Image.Image:
    """The map without anyone's track (cached per set of walls)."""
    if walls in _BACKGROUNDS:
        return _BACKGROUNDS[walls]
    image, draw = kit.new_canvas(WIDTH, HEIGHT)
    geo = board()
    for h in geo.coords:
        colour = geo.city_colour[geo.region[h]]
        fill = CUBE_RGB[colour] if h in geo.city_at else REGION_TINT[colour]
        draw.polygon(kit.hex_corners(*centre(h), SIZE, True), fill=fill, outline=kit.MUTED, width=1)
    for h in geo.coords:
        cx, cy = centre(h)
        if h in geo.city_at:
            number = geo.city_at[h]
            fill = CUBE_RGB[geo.city_colour[number]]
            draw.text((cx, cy - 4), str(number), font=kit.font(34, True), fill=kit.text_colour_on(fill), anchor="mm")
            draw.text((cx, cy + 24), geo.city_colour[number], font=kit.font(14, True),
                      fill=kit.text_colour_on(fill), anchor="mm")
        else:
            draw.text((cx, cy - SIZE * 0.55), h, font=kit.font(16), fill=kit.MUTED, anchor="mm")
    _draw_borders(draw)
    letters = kit.column_letters(geo.columns)
    for col, letter in enumerate(letters):
        x = MAP_X + SIZE + 1.5 * SIZE * col
        draw.text((x, MAP_Y - 6), letter, font=kit.font(20, True), fill=kit.INK, anchor="mb")
        bottom = MAP_Y + SQ3 * SIZE * (geo.rows + 0.5) + 6
        draw.text((x, bottom), letter, font=kit.font(20, True), fill=kit.INK, anchor="mt")
    for row in range(geo.rows):
        y = MAP_Y + SQ3 * SIZE * (row + 0.5)
        draw.text((MAP_X - 12, y), str(row + 1), font=kit.font(20, True), fill=kit.INK, anchor="rm")
        y2 = MAP_Y + SQ3 * SIZE * (row + 1)
        x2 = MAP_X + SIZE + 1.5 * SIZE * (geo.columns - 1) + SIZE + 12
        draw.text((x2, y2), str(row + 1), font=kit.font(20, True), fill=kit.INK, anchor="lm")
    _BACKGROUNDS[walls] = image
    return image


def _draw_borders(draw: ImageDraw.ImageDraw) -> None:
    """The region borders, a little heavier than the hex grid."""
    geo = board()
    for h in geo.coords:
        corners = kit.hex_corners(*centre(h), SIZE, True)
        for edge in range(6):
            nb = geo.neighbour(h, edge)
            if nb is not None and nb > h and geo.border_between(h, nb) is not None:
                draw.line([corners[(edge + 4) % 6], corners[(edge + 5) % 6]], fill=kit.MUTED, width=3)


HALF = int(SIZE) + 8                # half the side of a hex sprite
_TRACK_SPRITES: dict[tuple[int, int, int, bool], Image.Image] = {}
_LABEL_SPRITES: dict[str, Image.Image] = {}
_WALL_SEGMENTS: dict[tuple[int, ...], list[tuple[tuple[float, float], tuple[float, float]]]] = {}


def _track_sprite(a: int, b: int, seat: int, town: bool) -> Image.Image:
    """One piece in the seat's colour with a dark outline, as a pen draws it,
    on a transparent tile centred on the hex (cached). Through a town the
    line bends through the hex's centre, where the town's dot sits."""
    key = (a, b, seat, town)
    if key not in _TRACK_SPRITES:
        tile = Image.new("RGBA", (2 * HALF, 2 * HALF), (0, 0, 0, 0))
        draw = ImageDraw.Draw(tile)
        c = (float(HALF), float(HALF))
        pa = kit.hex_edge_midpoint(*c, SIZE, a, True)
        pb = kit.hex_edge_midpoint(*c, SIZE, b, True)
        for colour, width in ((kit.INK, 11), (kit.player_colour(seat), 7)):
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


def _label_sprite(hex_name: str) -> Image.Image:
    """A hex's name in bold with a white halo, to stay readable over track."""
    if hex_name not in _LABEL_SPRITES:
        tile = Image.new("RGBA", (60, 28), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((30, 14), hex_name, font=kit.font(16, True), fill=kit.INK, anchor="mm",
                                  stroke_width=3, stroke_fill=(255, 255, 255))
        _LABEL_SPRITES[hex_name] = tile
    return _LABEL_SPRITES[hex_name]


def _paste(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    x, y = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def _draw_track(image: Image.Image, track: dict[str, list[int]], seat: int) -> None:
    towns = board().towns
    for h, (a, b) in track.items():
        _paste(image, _track_sprite(a, b, seat, h in towns), *centre(h))
    for h in track:                     # keep the hex names readable over the track
        cx, cy = centre(h)
        _paste(image, _label_sprite(h), cx, cy - SIZE * 0.55)


def _draw_connections(draw: ImageDraw.ImageDraw, track: dict[str, list[int]], walls: tuple[int, ...],
                      seat: int) -> None:
    """A badge with its points on the middle hex of each scoring connection."""
    face = kit.font(15, True)
    towns = board().towns
    for conn in connections(track, list(walls)):
        # the middle hex of the chain, away from a town's dot where it can be
        middle = len(conn.hexes) // 2
        spots = sorted(range(len(conn.hexes)), key=lambda i: (conn.hexes[i] in towns, abs(i - middle)))
        cx, y = centre(conn.hexes[spots[0]])
        draw.rounded_rectangle((cx - 17, y - 11, cx + 17, y + 11), radius=8, fill=(255, 255, 255),
                               outline=kit.player_colour(seat), width=3)
        draw.text((cx, y), f"+{conn.points}", font=face, fill=kit.INK, anchor="mm")


def _wall_segments(walls: tuple[int, ...]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The hex edges along the walled borders (cached per set of walls)."""
    if walls not in _WALL_SEGMENTS:
        geo = board()
        found = []
        for h in geo.coords:
            corners = kit.hex_corners(*centre(h), SIZE, True)
            for edge in range(6):
                nb = geo.neighbour(h, edge)
                if nb is not None and nb > h and geo.border_between(h, nb) in walls:
                    # flat-top corners start at the E corner and go clockwise;
                    # edge e (0 = N) lies between corners (e + 4) % 6 and (e + 5) % 6
                    found.append((corners[(edge + 4) % 6], corners[(edge + 5) % 6]))
        _WALL_SEGMENTS[walls] = found
    return _WALL_SEGMENTS[walls]


def _draw_wall_bars(draw: ImageDraw.ImageDraw, walls: tuple[int, ...]) -> None:
    """Walls as thick bars, drawn over the track so a cut line reads as cut."""
    for a, b in _wall_segments(walls):
        draw.line([a, b], fill=WALL_RGB, width=9)


def _draw_towns(draw: ImageDraw.ImageDraw) -> None:
    for h in board().towns:
        cx, cy = centre(h)
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=kit.INK, outline=(255, 255, 255), width=2)


def _shown_seat(state: dict[str, Any], viewer: int | None) -> int:
    if viewer is not None and 0 <= viewer < len(state["players"]):
        return viewer
    last = state.get("last")
    if last and last.get("seat") is not None:
        return int(last["seat"])
    return 0


def _draw_map_header(draw: ImageDraw.ImageDraw, state: dict[str, Any], seat: int, letters: list[str]) -> None:
    kit.seat_marker(draw, 30, 30, 18, seat, letters[seat])
    title_font = kit.font(28, True)
    title = _fit(f"{state['players'][seat]}", title_font, 250 - title_font.getlength("'s map")) + "'s map"
    draw.text((58, 30), title, font=title_font, fill=kit.INK, anchor="lm")
    record = state["maps"][seat]
    last = state.get("last") or {}
    if last.get("seat") != seat:
        last = {}
    x = 330
    draw.text((x, 30), "Engine", font=kit.font(20, True), fill=kit.INK, anchor="lm")
    x += 80
    for value in range(1, 7):
        box = (x, 16, x + 28, 44)
        crossed = value in record["engine"]
        just = last.get("kind") == "improve" and last.get("box") == value
        draw.rectangle(box, fill=(255, 255, 255), outline=kit.HIGHLIGHT if just else kit.INK, width=4 if just else 2)
        if crossed:                     # crossed out as a pen would, the value still legible
            draw.line((x + 3, 19, x + 25, 41), fill=kit.MUTED, width=3)
            draw.line((x + 25, 19, x + 3, 41), fill=kit.MUTED, width=3)
        draw.text((x + 14, 30), str(value), font=kit.font(17, crossed), fill=kit.INK if crossed else kit.MUTED,
                  anchor="mm", stroke_width=2 if crossed else 0, stroke_fill=(255, 255, 255))
        x += 34
    strength = engine_strength(state, seat)
    bonus = " (4b +1)" if strength > len(record["engine"]) else ""
    draw.text((x + 6, 30), f"strength {strength}{bonus}", font=kit.font(20, True), fill=kit.INK, anchor="lm")
    dels = record["deliveries"]
    parts = breakdown(state, seat)
    points = parts["deliveries"]
    summary = (f"Deliveries {points} pt{'' if points == 1 else 's'} ({len(dels)} cube{'' if len(dels) == 1 else 's'})"
               f" · network {parts['network']} · engine bonus {parts['engine']} · cards {parts['cards']}"
               f" · total {sum(parts.values())}")
    draw.text((14, 68), summary, font=kit.font(18), fill=kit.INK, anchor="lm")


def _fit(text: str, face: Any, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _draw_last(draw: ImageDraw.ImageDraw, state: dict[str, Any], seat: int) -> None:
    last = state.get("last")
    if not last or last.get("seat") != seat:
        return
    for h in last.get("where", []):
        draw.polygon(kit.hex_corners(*centre(h), SIZE - 3, True), outline=kit.HIGHLIGHT, width=5)


def _cube(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, size: int = 24) -> None:
    fill = CUBE_RGB[colour]
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=kit.INK, width=1)
    draw.text((x + size / 2, y + size / 2), colour[0].upper(), font=kit.font(16, True),
              fill=kit.text_colour_on(fill), anchor="mm")


def _draw_supply(draw: ImageDraw.ImageDraw, state: dict[str, Any]) -> int:
    x0, y = RIGHT_X, 14
    y = kit.draw_title(draw, x0, y, "Supply board", 24)
    geo = board()
    layout = ((1, 3, 6), (5, 4, 2))
    bw, bh = 166, 96
    for r, row in enumerate(layout):
        for c, number in enumerate(row):
            bx, by = x0 + c * (bw + 6), y + r * (bh + 6)
            colour = geo.city_colour[number]
            draw.rectangle((bx, by, bx + bw, by + bh), fill=REGION_TINT[colour], outline=kit.INK, width=2)
            draw.rectangle((bx, by, bx + 34, by + 34), fill=CUBE_RGB[colour], outline=kit.INK, width=1)
            draw.text((bx + 17, by + 17), str(number), font=kit.font(22, True),
                      fill=kit.text_colour_on(CUBE_RGB[colour]), anchor="mm")
            cubes = state["cubes"][str(number)]
            draw.text((bx + 42, by + 17), f"{colour} · {len(cubes)}", font=kit.font(16), fill=kit.INK, anchor="lm")
            if state.get("black") == number:
                draw.rectangle((bx + bw - 38, by + 4, bx + bw - 6, by + 36), fill=kit.INK)
                draw.text((bx + bw - 22, by + 20), str(number), font=kit.font(20, True),
                          fill=(255, 255, 255), anchor="mm")
            for i, cube in enumerate(cubes):
                _cube(draw, bx + 6 + (i % 6) * 26, by + 40 + (i // 6) * 26, cube)
    y += 2 * (bh + 6) + 6
    black = state.get("black")
    draw.text((x0, y + 16), "Black die:", font=kit.font(20, True), fill=kit.INK, anchor="lm")
    if black is not None:
        draw.rectangle((x0 + 124, y, x0 + 156, y + 32), fill=kit.INK)
        draw.text((x0 + 140, y + 16), str(black), font=kit.font(20, True), fill=(255, 255, 255), anchor="mm")
        shapes = " or ".join(rules().black_die_shapes[int(black)])
        draw.text((x0 + 166, y + 16), f"{shapes} track", font=kit.font(18), fill=kit.INK, anchor="lm")
    y += 40
    draw.text((x0, y + 16), "White dice:", font=kit.font(20, True), fill=kit.INK, anchor="lm")
    dx = x0 + 136
    for value in state["pool"]:
        draw.rounded_rectangle((dx, y, dx + 32, y + 32), radius=5, fill=(255, 255, 255), outline=kit.INK, width=2)
        draw.text((dx + 16, y + 16), str(value), font=kit.font(20, True), fill=kit.INK, anchor="mm")
        dx += 40
    held = state.get("held")
    if not state["pool"] and held is None:
        draw.text((dx, y + 16), "none", font=kit.font(18), fill=kit.MUTED, anchor="lm")
    notes = []
    if held is not None:
        claim = state.get("claim")
        owner = int(claim["picker"]) if claim else int(state["current"])
        notes.append(f"{state['players'][owner]} holds {held}")
    notes += [f"{state['players'][int(s)]} claimed {v} (2b)" for s, v in sorted(state.get("reserved", {}).items())]
    if notes:
        y += 38
        draw.text((x0 + 136, y + 16), _fit(" · ".join(notes), kit.font(18), WIDTH - 14 - x0 - 136),
                  font=kit.font(18), fill=kit.INK, anchor="lm")
    return y + 44


def _draw_cards(draw: ImageDraw.ImageDraw, state: dict[str, Any], y: int, letters: list[str]) -> int:
    x0 = RIGHT_X
    y = kit.draw_title(draw, x0, y, "Special cards", 22)
    for number in range(1, 7):
        entry = state["cards"][str(number)]
        info = side(state, number)
        kind = "once" if info.one_time else "keep"
        row_y = y + (number - 1) * 34
        last = state.get("last") or {}
        if last.get("kind") == "card" and last.get("card") == number:
            draw.rectangle((x0 - 4, row_y - 3, x0 + 506, row_y + 31), outline=kit.HIGHLIGHT, width=3)
        draw.rectangle((x0, row_y, x0 + 46, row_y + 28), fill=(255, 255, 255), outline=kit.INK, width=2)
        draw.text((x0 + 23, row_y + 14), info.code, font=kit.font(18, True), fill=kit.INK, anchor="mm")
        vp = f", {info.vp} VP" if info.vp else ""
        draw.text((x0 + 54, row_y + 14), f"{info.name} ({kind}{vp})", font=kit.font(16), fill=kit.INK, anchor="lm")
        holder = entry["holder"]
        if holder is None:
            draw.text((x0 + 500, row_y + 14), "centre", font=kit.font(16), fill=kit.MUTED, anchor="rm")
        else:
            kit.seat_marker(draw, x0 + 400, row_y + 14, 12, int(holder), letters[int(holder)])
            tag = "sideways" if entry["sideways"] else "upright"
            draw.text((x0 + 500, row_y + 14), tag, font=kit.font(16, entry["sideways"]),
                      fill=kit.INK, anchor="rm")
    return y + 6 * 34


def _draw_players(draw: ImageDraw.ImageDraw, state: dict[str, Any], shown: int, letters: list[str]) -> None:
    x0, y = 14, 640
    y = kit.draw_title(draw, x0, y, "Players", 22)
    header = ["", "Player", "Score", "Deliv.", "Network", "Engine", "Cards", "Card VP"]
    widths = [40, 170, 80, 80, 100, 90, 170, 90]
    rows = []
    fills: list[kit.RGB | None] = []
    for seat, player in enumerate(state["players"]):
        parts = breakdown(state, seat)
        engine = f"{len(state['maps'][seat]['engine'])}" + ("+1" if engine_strength(state, seat) > len(state['maps'][seat]['engine']) else "")
        rows.append(["", player[:14] + (" *" if seat == state.get("start") else ""), str(sum(parts.values())),
                     str(parts["deliveries"]), str(parts["network"]), engine,
                     " ".join(held_codes(state, seat)) or "-", str(parts["cards"])])
        fills.append((255, 236, 200) if seat == shown else None)
    end = kit.draw_table(draw, x0, y, header, rows, widths, row_height=34, size=18, row_fills=fills)
    for seat in range(len(state["players"])):
        kit.seat_marker(draw, x0 + 20, y + 34 * (seat + 1) + 16, 12, seat, letters[seat])
    draw.text((x0, end + 8), "* start player · score = deliveries + network + engine bonus + card VP",
              font=kit.font(16), fill=kit.MUTED)


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The board as ``viewer`` sees it (his own map; else the last mover's)."""
    walls = tuple(int(w) for w in state.get("walls", []))
    image = _background(walls).copy()
    draw = ImageDraw.Draw(image)
    letters = kit.player_letters(state["players"])
    shown = _shown_seat(state, viewer)
    _draw_track(image, state["maps"][shown]["track"], shown)
    _draw_wall_bars(draw, walls)
    _draw_towns(draw)
    _draw_connections(draw, state["maps"][shown]["track"], walls, shown)
    _draw_last(draw, state, shown)
    _draw_map_header(draw, state, shown, letters)
    y = _draw_supply(draw, state)
    y = _draw_cards(draw, state, y + 4, letters)
    _draw_players(draw, state, shown, letters)
    y = _draw_wrapped(draw, RIGHT_X, y + 14, GAME.status_line(state), kit.INK, True)
    if GAME.is_over(state):
        result = GAME.outcome(state)
        places = [f"{i}. " + " = ".join(f"{state['players'][s]} {result.scores[s]}" for s in group)
                  for i, group in enumerate(result.ranking, start=1)]
        y = _draw_wrapped(draw, RIGHT_X, y + 4, "Final: " + " · ".join(places), kit.INK, False)
        if result.tiebreak_note:
            y = _draw_wrapped(draw, RIGHT_X, y, result.tiebreak_note, kit.INK, False, size=16)
    last = state.get("last")
    if last:
        y = _draw_wrapped(draw, RIGHT_X, y + 8, "Last move: " + str(last.get("text", "")), kit.HIGHLIGHT, False)
    if y <= HEIGHT - 160:               # the legend only where it fits
        _draw_legend(draw)
    return _png(image)


LEGEND = (
    "Black die 1-2: straight or gentle curve · 3-4: straight or sharp · 5-6: gentle or sharp.",
    "Brown bars are walls; black dots are towns; +N marks a scoring connection. Cards: once = back to the centre after use, "
    "keep = stays until stolen, sideways = just taken (safe, usable next round).",
)


def _draw_legend(draw: ImageDraw.ImageDraw) -> None:
    y = HEIGHT - 150
    draw.line((RIGHT_X, y - 8, WIDTH - 14, y - 8), fill=kit.MUTED, width=1)
    for text in LEGEND:
        y = _draw_wrapped(draw, RIGHT_X, y, text, kit.MUTED, False, size=16) + 4


def _draw_wrapped(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: kit.RGB, bold: bool,
                  size: int = 19) -> int:
    """Text wrapped to the right column; returns the y below it."""
    face = kit.font(size, bold)
    width = WIDTH - x - 14
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if face.getlength(trial) > width and line:
            draw.text((x, y), line, font=face, fill=fill)
            y += size + 7
            line = word
        else:
            line = trial
    if line:
        draw.text((x, y), line, font=face, fill=fill)
        y += size + 7
    return y


_PALETTE: list[Image.Image] = []


def _palette(image: Image.Image) -> Image.Image:
    """A 256-colour palette made once from a board plus swatches of every
    player, cube and highlight colour (quantising against a fixed palette is
    five times faster than kit.to_png's median cut, and just as clean)."""
    if not _PALETTE:
        sample = image.copy()
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
        _PALETTE.append(sample.quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                        dither=Image.Dither.NONE))
    return _PALETTE[0]


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.quantize(palette=_palette(image), dither=Image.Dither.NONE).save(
        buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def focus_box(state: dict[str, Any], viewer: int | None) -> tuple[int, int, int, int] | None:
    """The hex just drawn in and its neighbours, for the panel's picture of
    the track-piece choices (None unless the last move was a build)."""
    last = state.get("last") or {}
    if last.get("kind") != "build" or not last.get("where"):
        return None
    cx, cy = centre(last["where"][-1])
    return (int(cx - 2.4 * SIZE), int(cy - 2.2 * SIZE), int(cx + 2.4 * SIZE), int(cy + 2.2 * SIZE))
