"""The last move in the highlight form: the hexes just built ringed, or
the route a delivered cube took along each link it ran, with an arrowhead
at its destination."""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network, pieces
from rendering import kit
from rendering.age_of_steam.geometry import SIZE, hex_centre, piece_points


def draw_last_build(draw: ImageDraw.ImageDraw, last: dict[str, Any]) -> None:
    """The hexes just built, ringed in the highlight form."""
    if last.get("kind") != "build":
        return
    for label in sorted(set(last.get("where", []))):
        cx, cy = hex_centre(label)
        kit.highlight_line(draw, kit.hex_corners(cx, cy, SIZE - 5, flat_top=True), 5, closed=True)


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
            pts = piece_points(ps[i], cx, cy)
            if math.dist(pts[-1], here) < math.dist(pts[0], here):
                pts.reverse()
            line.extend(pts)
            here = pts[-1]
        lines.append(line)
    return lines


def draw_route(draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network, last: dict[str, Any]) -> None:
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


def draw_arrowhead(draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network, last: dict[str, Any]) -> None:
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
