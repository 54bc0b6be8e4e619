"""The Days of Steam map of a board: the placed tiles, the last move, then
over it the town signs, goods and trains (and a faint train where a move
awaiting its speed-limit roll would end).
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.days_of_steam.geometry import shape
from games.days_of_steam.state import DaysOfSteamState, Pending
from rendering.days_of_steam.grid import Grid
from rendering.days_of_steam.pieces import draw_goods_cube, loco_pin
from rendering.days_of_steam.route import draw_last_move, draw_tag
from rendering.days_of_steam.tiles import draw_town_sign, piece_anchor, tile_image


def _draw_tiles(img: Image.Image, state: DaysOfSteamState, g: Grid) -> None:
    for k, tile in state["tiles"].items():
        img.paste(tile_image(tile["kind"], int(tile["rot"]), g.s, tile.get("colour", "")), g.at(k))


def _draw_goods(img: Image.Image, state: DaysOfSteamState, g: Grid) -> None:
    """The goods waiting in towns, in a row under each town's name board."""
    r = max(6, int(g.s * 0.12))
    gap = 2 * r + 4
    for k, tile in state["tiles"].items():
        x, y = g.at(k)
        goods = tile.get("goods", [])
        for i, good in enumerate(goods[:6]):
            row = goods[(i // 3) * 3:(i // 3) * 3 + 3]
            gx = x + g.s / 2 + ((i % 3) - (len(row) - 1) / 2) * gap
            gy = y + g.s * 0.66 + (i // 3) * gap
            draw_goods_cube(img, gx, gy, r, good["colour"])


PIN_MIN = 16
"""The smallest pin head's radius: on a late game's big map (cells about 50
px) a train still shows 8 px wide at chat width."""


def _train_spots(state: DaysOfSteamState, g: Grid) -> list[tuple[int, float, float, float]]:
    """(seat, x, y, size) of each train's pin point on the image."""
    crowd: dict[str, int] = {}
    corners = [(0.14, 0.98), (0.86, 0.98), (0.14, 0.55), (0.86, 0.55)]
    """Pin points in a town: its bottom corners, then its sides, clear of the sign."""
    out = []
    for seat, train in enumerate(state["trains"]):
        tile = state["tiles"].get(train["cell"])
        if tile is None:
            continue
        x, y = g.at(train["cell"])
        r = max(PIN_MIN, g.s * 0.2)
        if tile["kind"] == "town":
            i = crowd.get(train["cell"], 0)
            crowd[train["cell"]] = i + 1
            ax, ay = corners[i % 4][0] * g.s, corners[i % 4][1] * g.s
            r = max(PIN_MIN - 2, g.s * 0.16)
        else:
            ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(train["piece"]), g.s)
        out.append((seat, x + ax, y + ay, r))
    return out


def _draw_trains(img: Image.Image, state: DaysOfSteamState, g: Grid, letters: list[str]) -> None:
    d = ImageDraw.Draw(img)
    for pending in state["pending"]:
        if pending["kind"] == "derail":
            _draw_ghost(img, state, pending, g, letters)
    last = state["last"]
    for seat, x, y, r in _train_spots(state, g):
        loco_pin(d, x, y, r, seat, letters[seat])
        cargo = state["trains"][seat]["cargo"]
        if cargo:
            draw_goods_cube(img, x + r * 1.35, y - r * 2.3, max(6, r * 0.62), cargo["colour"])
        if last is not None and last.get("derailed") and last["seat"] == seat:
            draw_tag(d, (x, y + r * 0.9), "derailed", max(12, int(g.s * 0.16)))


def _draw_ghost(img: Image.Image, state: DaysOfSteamState, pending: Pending, g: Grid, letters: list[str]) -> None:
    """A faint train where a move awaiting its speed-limit roll would end."""
    route = pending.get("route")
    tile = state["tiles"].get(route["dest"]) if route else None
    if route is None or tile is None:
        return
    if tile["kind"] == "town":
        ax, ay = g.s * 0.5, g.s * 0.9
    else:
        ax, ay = piece_anchor(shape(tile["kind"], int(tile["rot"])), int(route["piece"]), g.s)
    r = max(9, g.s * 0.15)
    size = int(r * 6)
    overlay = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    seat = int(pending.get("seat", 0))
    loco_pin(ImageDraw.Draw(overlay), size / 2, size * 0.8, r, seat, letters[seat])
    overlay.putalpha(overlay.getchannel("A").point(lambda a: a // 2))
    x, y = g.at(route["dest"])
    img.paste(overlay, (x + int(ax) - size // 2, y + int(ay) - int(size * 0.8)), overlay)


def draw_map(img: Image.Image, state: DaysOfSteamState, g: Grid, letters: list[str]) -> None:
    """Tiles, the last move, then (over it) town signs, goods and trains."""
    _draw_tiles(img, state, g)
    draw_last_move(img, state, g)
    d = ImageDraw.Draw(img)
    for k, tile in state["tiles"].items():
        if tile["kind"] == "town" and tile.get("colour"):
            x, y = g.at(k)
            draw_town_sign(d, x + g.s / 2, y + g.s * 0.33, g.s * 0.2, tile["colour"])
    _draw_goods(img, state, g)
    _draw_trains(img, state, g, letters)
