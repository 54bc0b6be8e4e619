"""The Mine Carts carts: each in its team's colour, shape and number (Red
circles, Blue squares), the gold cart a gold hexagon with G, pointing the
way it runs.
"""

from __future__ import annotations

from PIL import ImageDraw

from games.mine_carts.movement import GOLD
from games.mine_carts.state import Cart, MineCartsState
from rendering import kit
from rendering.mine_carts.geometry import CELL, GOLD_RGB, TEAM_RGB, TEAM_SHAPE, centre, edge_point


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
    tip = edge_point(c, edge, CELL * 0.86)
    base = edge_point(c, edge, CELL * 0.6)
    side = (edge + 1) % 4
    dx, dy = edge_point((0, 0), side, 16)
    draw.polygon([tip, (base[0] + dx, base[1] + dy), (base[0] - dx, base[1] - dy)], fill=kit.INK)


def draw_carts(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
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
