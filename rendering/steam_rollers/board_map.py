"""One player's Steam Rollers map at a frame: the cached background (regions,
their heavy borders, coordinates), his track, the scoring connections'
badges, walls drawn over the track, towns, and the last move round its
hexes in the kit's highlight form.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.steam_rollers.board import board
from games.steam_rollers.network import connections
from games.steam_rollers.state import SteamRollersState
from rendering import kit
from rendering.steam_rollers.geometry import CUBE_RGB, LABEL_RGB, REGION_TINT, SQ3, WALL_RGB, Frame, last_outline
from rendering.steam_rollers.sprites import label_sprite, paste_sprite, track_sprite


_BACKGROUNDS: dict[float, Image.Image] = {}


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
        paste_sprite(image, track_sprite(a, b, seat, h in geo.towns, frame.size), *frame.centre(h))
    if frame.detailed:
        label = round(frame.size * 0.38)
        for h in track:                 # keep the hex names readable over the track
            cx, cy = frame.centre(h)
            paste_sprite(image, label_sprite(h, label), cx, cy - frame.size * 0.55)
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
