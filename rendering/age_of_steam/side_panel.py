"""The full board's side panel beside the map: the turn track, the player
table with the projection, the goods display, the bag and town disks, each
tile kind left as a small picture with its count, the notes of the step
under way (the scores at the end) and a legend."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.age_of_steam.goods import display_columns
from games.age_of_steam.params import COLOUR_LETTER, rules
from games.age_of_steam.projection import expenses_to_come, outlook
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.tiles import kinds
from games.age_of_steam.track import Network, disks_used
from rendering import kit
from rendering.age_of_steam.board_map import paste_cube
from games.age_of_steam.maps import map_of
from rendering.age_of_steam.geometry import PANEL_W, TURN_FILL, map_size
from rendering.age_of_steam.island_panel import (blocked_line, buy_back_score, draw_action_chips, draw_light_display,
                                                 priority_lines)
from rendering.age_of_steam.panel_text import (actions_are_last_turns, draw_turn_arrow, due_seats, last_text,
                                               player_cell, seat_order, step_lines, warning, wrap_lines)
from rendering.age_of_steam.sprites import draw_marker, draw_text


def draw_side_panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
                    letters: list[str], viewer: int | None) -> None:
    x = map_size(state["map"])[0] + 10
    y = 10
    height = image.height
    m = map_of(state)
    from games.age_of_steam import GAME
    draw_text(image, (x, y), f"Age of Steam · {m.name}", 24, True)
    y += 34
    for line in wrap_lines(GAME.status_line(dict(state)), PANEL_W - 20, 17, True):
        draw_text(image, (x, y), line, 17, True)
        y += 23
    y += 6
    turns = state["rounds"]
    for t in range(1, turns + 1):
        bx = x + (t - 1) * 40
        fill = kit.INK if t == state["round"] else (255, 255, 255)
        draw.rectangle((bx, y, bx + 34, y + 28), fill=fill, outline=kit.INK, width=2)
        draw_text(image, (bx + 17, y + 14), str(t), 17, True, kit.text_colour_on(fill), "mm")
    draw_text(image, (x + turns * 40 + 4, y + 14), "turns", 16, False, kit.MUTED, "lm")
    y += 40
    y = _players(image, draw, state, net, letters, viewer, x, y)
    y = _map_rules(image, draw, state, x, y)
    if m.display_sides == ("light",):
        draw_text(image, (x, y), "Goods display (light side; new cities A-D)", 16, True)
        y = draw_light_display(image, draw, state, x, y + 22, cw=28, box=20)
    elif m.display:
        y = _goods_display(image, draw, state, x, y)
    else:
        on_map = state["map_cubes"]
        draw_text(image, (x, y), f"Goods on the map: {len(on_map)} "
                  + "  ".join(f"{COLOUR_LETTER[c]} {n}" for c in COLOUR_LETTER
                              if (n := sum(v == c for v in on_map.values()))), 16, True)
        y += 26
    y += 4
    if state["phase"] != "over":  # at the end the scores need the room
        bag = state["bag"]
        disks = rules().town_disks - disks_used(state)
        draw_text(image, (x, y), "Bag: " + "  ".join(f"{COLOUR_LETTER[c]} {n}" for c, n in bag.items())
                  + f" · town disks: {disks}", 16)
        y += 22
        y = _tiles_left(image, draw, state, x, y)
    for line in panel_notes(state, net):
        parts = wrap_lines(line, PANEL_W - 20, 16)
        if y + 21 * len(parts) > height:
            break
        for part in parts:
            draw_text(image, (x, y), part, 16)
            y += 21
        y += 2
    legend = wrap_lines(LEGEND, PANEL_W - 20, 15)
    if y + 4 + 19 * len(legend) <= height:  # at the end the scores take its place
        for part in legend:
            draw_text(image, (x, y + 4), part, 15, False, kit.MUTED)
            y += 19


LEGEND = ("Solid track: a completed link, its owner's marker on it; dashed: unfinished (a marker at "
          "its end) or grey, unowned. White band with black dashes: the hexes just built, or the "
          "route of the cube just moved. Disc: growth number, white light side, black dark side. "
          "$3/$4: a tile on an empty river/mountain (plain $2); $2+ on a town: $1 + $1 per exit. "
          "A thin line leads from a name tag set apart to its city.")

COLUMNS = (("", 30), ("Player", 92), ("$", 38), ("Inc", 40), ("Sh", 34), ("Eng", 42), ("Next", 50),
           ("VP", 40), ("Action", 114))
SOLO_COLUMNS = (*COLUMNS[:7], ("Score", 54), ("Action", 100))
"""On a map whose end buys the shares back (Barbados): the score instead of VP."""


def _map_rules(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int, y: int) -> int:
    """What an island's own rules show: Barbados' actions, open or blocked
    and what reopens them; St. Lucia's priority and who paid to go first."""
    if map_of(state).action_cycle:
        y = draw_action_chips(image, draw, state, x, y, size=16)
        for part in wrap_lines(blocked_line(state), PANEL_W - 20, 16):
            draw_text(image, (x, y), part, 16)
            y += 21
        y += 6
    for line in priority_lines(state):
        for part in wrap_lines(line, PANEL_W - 20, 16):
            draw_text(image, (x, y), part, 16, True)
            y += 21
    return y + (6 if priority_lines(state) else 0)


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
             letters: list[str], viewer: int | None, x: int, y: int) -> int:
    """One row per player, in player order (eliminated players last); the
    player whose turn it is framed with an arrow; warnings below."""
    width = sum(w for _, w in COLUMNS)
    cx = x
    solo = map_of(state).buy_back is not None
    columns = SOLO_COLUMNS if solo else COLUMNS
    for head, w in columns:
        head = "Prev. act" if head == "Action" and actions_are_last_turns(state) else head
        draw_text(image, (cx + 4, y + 13), head, 16, True, kit.INK, "lm")
        cx += w
    y += 26
    draw.line((x, y - 2, x + width, y - 2), fill=kit.MUTED, width=1)
    due = due_seats(state)
    warnings: list[str] = []
    for s in seat_order(state):
        act = state["action"][s]
        out = state["eliminated"][s]
        seen = outlook(state, s, net)
        if s in due:
            draw.rectangle((x, y, x + width, y + 26), fill=TURN_FILL, outline=kit.INK, width=2)
        elif out:
            draw.rectangle((x, y, x + width, y + 26), fill=(235, 228, 212))
        nxt = f"${seen.cash}" if expenses_to_come(state) and not out else "-"
        name = player_cell(state["players"][s], "*" if s == viewer else "", columns[1][1], 16, s in due)
        cells = ["", name, str(state["cash"][s]),
                 str(state["income"][s]), str(state["shares"][s]), str(state["engine"][s]), nxt,
                 str(seen.vp if (score := buy_back_score(state, s)) is None else score),
                 "out" if out else (rules().action_label[act] if act else "-")]
        cx = x
        for text, (_, w) in zip(cells, columns):
            draw_text(image, (cx + 4, y + 14), text, 16, s in due, kit.INK, "lm")
            cx += w
        draw_marker(image, x + 15, y + 13, 10, s, letters[s])
        if s in due:
            draw_turn_arrow(draw, x - 9, y, 26)
        note = warning(state, s, seen)
        if note.startswith("!"):
            warnings.append(f"! {state['players'][s]}: {note[2:]}")
        y += 28
    you = ", * you" if viewer is not None else ""
    said = "Score: cash left after buying back every share at $5, now" if solo else "VP with that income"
    draw_text(image, (x, y + 2), f"Next: cash after income and expenses; {said}{you}", 15, False, kit.MUTED)
    y += 22
    for line in warnings:
        draw_text(image, (x, y + 2), line, 16, True)
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
        draw_text(image, (bx + 32, by + 16), str(supply.get(name, 0)), 16, True, kit.INK, "lm")
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


def panel_notes(state: AgeOfSteamState, net: Network) -> list[str]:
    """What is going on: the bids of an auction, the last build or delivery."""
    names = state["players"]
    out = []
    if state["phase"] == "over":
        from games.age_of_steam.scoring import outcome
        result = outcome(state)
        if map_of(state).buy_back is None:
            out.append("VP = 3 × income + track of your links − 3 × shares")
        else:
            out.append(f"Score = cash left after buying back every share at ${map_of(state).buy_back}")
        if result.summary and len(names) == 1:
            out.append(f"{names[0]}: {result.summary}")
        for place, group in enumerate(result.ranking if len(names) > 1 else [], start=1):
            for s in group:
                parts = ", ".join(f"{v} {k.removesuffix(' VP')}" for k, v in result.breakdown[s].items())
                out.append(f"{place}. {names[s]}: {result.scores[s]} VP ({parts})")
    out.extend(step_lines(state))
    text = last_text(state, net)
    if text:
        out.append(text)
    return out


def _goods_display(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int, y: int) -> int:
    draw_text(image, (x, y), "Goods display (light · dark · new cities)", 16, True)
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
        draw_text(image, (cx + cw / 2 - 1, y + 10), label, 15, True, kit.INK, "mm")
        for i, cube in enumerate(col):
            by = y + 22 + i * 20
            if cube is None:
                draw.rectangle((cx + 2, by + 2, cx + cw - 4, by + 17), outline=kit.MUTED)
            else:
                paste_cube(image, cx + 2, by + 2, 16, cube)
    return y + 22 + 3 * 20 + 6
