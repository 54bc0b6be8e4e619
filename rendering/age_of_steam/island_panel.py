"""What the island maps (Barbados for one player, St. Lucia for two) add to
the board, and their chat image.

The chat image of an island is narrower than the Rust Belt's: the island,
centred on the sea at :data:`ISLAND_W` pixels (the map itself is 434-485 px
wide), over a compact panel. Shown 550 px wide on a phone it is barely
scaled, so its fonts read larger than the Rust Belt's. The panel holds:

- whose turn and which step, the last move (as on the Rust Belt);
- Barbados: the four actions as chips, the blocked ones greyed and crossed,
  with what reopens them ("open again once Engineer and Production are
  taken"), and the light side of the goods display with the new city
  columns A-D (the dark side is not used, so not drawn);
- St. Lucia: who holds the priority this turn and why (alternation or the
  Turn Order action), who paid $5 to go first (or that no one did), and
  who holds the priority next turn by Turn Order;
- one row per player (cash, income, shares, engine, cash after the coming
  expenses, VP, or on Barbados the score: cash left after buying back
  every share at $5), his action or warning on a line below.

The parts are drawn into a tall scratch panel and cropped to what they
used, so the image is as tall as its content.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.age_of_steam.actions_step import reopens
from games.age_of_steam.goods import display_columns
from games.age_of_steam.maps import ORDER_PRIORITY, map_of
from games.age_of_steam.params import rules
from games.age_of_steam.priority_step import alternation
from games.age_of_steam.projection import expenses_to_come, outlook
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network
from rendering import kit
from rendering.age_of_steam.board_map import draw_map, map_canvas, paste_cube
from rendering.age_of_steam.geometry import TERRAIN, TURN_FILL, map_size
from rendering.age_of_steam.panel_text import (chat_last_lines, draw_turn_arrow, due_seats, player_cell, seat_order,
                                               warning, wrap_lines)
from rendering.age_of_steam.sprites import draw_essential, draw_marker, draw_text

ISLAND_W = 660
"""The chat image's width on an island map: the island centred on the sea."""
SEA = TERRAIN["lake"]
TURN, LAST, ROW, NOTE = 26, 22, 22, 20
COLUMNS = (("", 28), ("", 32), ("player", 104), ("cash", 68), ("income", 84), ("shares", 80), ("engine", 80),
           ("next turn", 100))
"""The players' table, then the last column: VP, or the score on a map that buys its shares back."""
BLOCKED_FILL = (205, 200, 190)
FOOTNOTE = "Next turn: cash after the coming income and expenses. The full board is one tap away."
"""Under the players' table; a player's own image adds "* you": the table's
player column is too narrow for a mark as wide as " (you)" beside a name."""


def buy_back_score(state: AgeOfSteamState, seat: int) -> int | None:
    """On a map whose end buys back every share (Barbados): the cash left
    if it were bought back now (negative: short by that much); else None."""
    price = map_of(state).buy_back
    return None if price is None else state["cash"][seat] - price * state["shares"][seat]


def priority_lines(state: AgeOfSteamState) -> list[str]:
    """St. Lucia's player order in words: who holds the priority and why,
    who paid to go first (or that no one did), who holds it next turn by
    Turn Order. Empty on other maps or before the first priority is known."""
    m = map_of(state)
    if m.player_order != ORDER_PRIORITY or state["priority"] is None:
        return []
    names = state["players"]
    holder = state["priority"]
    why = "alternation" if holder == alternation(dict(state)) else "Turn Order"
    out = [f"Priority in turn {state['round']}: {names[holder]} ({why})."]
    if state["phase"] == "priority":
        out.append(f"Deciding: pay ${m.first_player_price} to go first, or decline.")
    elif state["paid_first"] is not None:
        out.append(f"{names[state['paid_first']]} paid ${m.first_player_price} to go first.")
    else:
        out.append(f"No one paid: {names[holder]} goes first for free.")
    if state["priority_next"] is not None:
        out.append(f"{names[state['priority_next']]} took Turn Order: the priority in next turn's player order.")
    return out


def blocked_line(state: AgeOfSteamState) -> str:
    """Barbados' action cycle in words: which actions are blocked and what
    reopens them ("" on other maps or when none is blocked)."""
    if not map_of(state).action_cycle or not state["blocked"]:
        return ""
    labels = rules().action_label
    said = reopens(dict(state))
    return "Blocked: " + ", ".join(labels[a] for a in state["blocked"]) + (f", {said}." if said else ".")


def draw_action_chips(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int,
                      y: int, size: int = NOTE) -> int:
    """Barbados' four actions side by side: open ones white, blocked ones
    grey, crossed out, their label muted; returns the y below them."""
    labels = rules().action_label
    cx = x
    for action in map_of(state).actions:
        label = labels[action]
        blocked = action in state["blocked"]
        w = int(kit.font(size, bold=not blocked).getlength(label)) + size
        h = size + 10
        draw.rounded_rectangle((cx, y, cx + w, y + h), radius=8, fill=BLOCKED_FILL if blocked else (255, 255, 255),
                               outline=kit.MUTED if blocked else kit.INK, width=2)
        draw_essential(image, (cx + w / 2, y + h / 2), label, "standing", size, not blocked,
                       kit.MUTED if blocked else kit.INK, "mm")
        if blocked:
            draw.line((cx + 6, y + h - 6, cx + w - 6, y + 6), fill=kit.INK, width=2)
        cx += w + 8
    return y + h + 6


def draw_light_display(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, x: int, y: int,
                       cw: int = 30, box: int = 22) -> int:
    """The goods display's light side (columns 1-6) and the new city
    columns A-D, each column's top box first (it empties first); the dark
    side is not used on this map. Returns the y below it."""
    cols = [(name, col) for name, col in display_columns(state["display"])
            if not (name.startswith("D") and name[1:].isdigit())]
    for k, (name, col) in enumerate(cols):
        cx = x + k * cw + (10 if k >= 6 else 0)
        shade = (255, 250, 235) if name.startswith("L") else (230, 230, 230)
        draw.rectangle((cx, y, cx + cw - 3, y + 24 + 3 * box), fill=shade)
        draw_text(image, (cx + (cw - 3) / 2, y + 12), name[1:] if name.startswith("L") else name, 17, True, kit.INK,
                  "mm")
        for i, cube in enumerate(col):
            by = y + 24 + i * box
            if cube is None:
                draw.rectangle((cx + 3, by + 2, cx + cw - 6, by + box - 3), outline=kit.MUTED)
            else:
                paste_cube(image, cx + 3, by + 2, box - 4, cube)
    return y + 24 + 3 * box + 6


def _rows(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
          letters: list[str], viewer: int | None, x: int, y: int, width: int) -> int:
    """The players' table: numbers on a row, the action or warning below."""
    solo_score = map_of(state).buy_back is not None
    last_head = "score" if solo_score else "VP"
    cx = x
    for head, w in (*COLUMNS, (last_head, 56)):
        draw_text(image, (cx + 4, y + 12), head, 20, False, kit.MUTED, "lm")
        cx += w
    y += 30
    due = due_seats(state)
    for s in seat_order(state):
        seen = outlook(state, s, net)
        note = warning(state, s, seen)
        act = state["action"][s]
        below = note or (f"action: {rules().action_label[act]}" if act else "")
        tall = 32 + (24 if below else 0)
        if s in due:
            draw.rectangle((x, y, x + width, y + tall), fill=TURN_FILL, outline=kit.INK, width=2)
            draw_turn_arrow(draw, x + 4, y, 32)
        elif state["eliminated"][s]:
            draw.rectangle((x, y, x + width, y + tall), fill=(235, 228, 212))
        score = buy_back_score(state, s)
        last = str(score) if score is not None else str(seen.vp)
        nxt = f"${seen.cash}" if expenses_to_come(state) and not state["eliminated"][s] else "-"
        name = player_cell(state["players"][s], "*" if s == viewer else "", COLUMNS[2][1], ROW, s in due)
        cells = ["", "", name, f"${state['cash'][s]}",
                 str(state["income"][s]), str(state["shares"][s]), str(state["engine"][s]), nxt, last]
        cx = x
        for text, (_head, w) in zip(cells, (*COLUMNS, (last_head, 56))):
            if text:
                draw_essential(image, (cx + 4, y + 16), text, "standing", ROW, s in due, kit.INK, "lm")
            cx += w
        draw_marker(image, x + 28 + 16, y + 16, 12, s, letters[s])
        if below:
            draw_essential(image, (x + 60 + 4, y + 32 + 11), below, "standing", NOTE, below.startswith("!"), kit.INK,
                           "lm")
        y += tall + 2
    return y


def _panel(state: AgeOfSteamState, net: Network, letters: list[str], viewer: int | None) -> Image.Image:
    """The island's chat panel, cropped to its content (see the module)."""
    from games.age_of_steam import GAME
    panel, draw = kit.new_canvas(ISLAND_W, 1400)
    width = ISLAND_W - 24
    x, y = 12, 12
    for line in wrap_lines(GAME.status_line(dict(state)), width, TURN, True):
        draw_essential(panel, (x, y), line, "turn", TURN, True)
        y += 34
    for line in (part for text in chat_last_lines(state, net) for part in wrap_lines(text, width, LAST, False)):
        draw_essential(panel, (x, y), line, "last", LAST)
        y += 30
    m = map_of(state)
    if m.action_cycle:
        y = draw_action_chips(panel, draw, state, x, y + 4)
        for part in wrap_lines(blocked_line(state), width, NOTE, False):
            draw_essential(panel, (x, y), part, "standing", NOTE)
            y += 26
    for line in priority_lines(state):
        for part in wrap_lines(line, width, LAST, False):
            draw_essential(panel, (x, y), part, "standing", LAST)
            y += 30
    if m.display and m.display_sides == ("light",):
        draw_text(panel, (x, y + 4), "Goods display (light side; new cities A-D)", 18, False, kit.MUTED)
        y = draw_light_display(panel, draw, state, x, y + 28)
    y = _rows(panel, draw, state, net, letters, viewer, x, y + 6, width)
    for part in wrap_lines(FOOTNOTE + (" * you." if viewer is not None else ""), width, 17, False):
        draw_text(panel, (x, y + 4), part, 17, False, kit.MUTED)
        y += 22
    return panel.crop((0, 0, ISLAND_W, y + 10))


def render_island(state: AgeOfSteamState, net: Network, letters: list[str], viewer: int | None) -> Image.Image:
    """The chat image of an island map: the island centred on the sea over
    the panel (see the module)."""
    slug = state["map"]
    map_w, map_h = map_size(slug)
    island = map_canvas(slug, map_w, map_h)
    draw_map(island, state, net, letters)
    panel = _panel(state, net, letters, viewer)
    image, draw = kit.new_canvas(ISLAND_W, map_h + panel.height)
    draw.rectangle((0, 0, ISLAND_W, map_h), fill=SEA)
    image.paste(island, ((ISLAND_W - map_w) // 2, 0))
    image.paste(panel, (0, map_h))
    draw.line((0, map_h, ISLAND_W, map_h), fill=kit.MUTED, width=2)
    return image
