"""The compact panel under the map in the chat image: whose turn and which
step, the last move, one row per player (cash, income, shares, engine, cash
after the coming expenses, projected VP, his action or warning) and a
footnote, in fonts that stay readable when Discord shows it 550 px wide."""

from __future__ import annotations

from typing import Sequence

from PIL import Image, ImageDraw

from games.age_of_steam.params import rules
from games.age_of_steam.projection import expenses_to_come, outlook
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network
from rendering import kit
from rendering.age_of_steam.geometry import MAP_W, TURN_FILL
from rendering.age_of_steam.panel_text import (actions_are_last_turns, chat_last_lines, draw_turn_arrow, due_seats,
                                               player_cell, seat_order, warning, wrap_lines)
from rendering.age_of_steam.sprites import draw_essential, draw_marker, draw_text


CHAT_TURN, CHAT_LAST, CHAT_ROW = 26, 22, 22
CHAT_COLUMNS = (("", 30), ("", 34), ("player", 150), ("cash", 76), ("income", 92), ("shares", 84),
                ("engine", 84), ("next turn", 116), ("VP", 70))
"""The compact table: turn arrow, marker, then the standing of each player;
the rest of the row holds his action or warning."""


def chat_panel_lines(state: AgeOfSteamState, net: Network) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from games.age_of_steam import GAME
    width = MAP_W - 24
    turn = wrap_lines(GAME.status_line(dict(state)), width, CHAT_TURN, True)
    last = tuple(part for line in chat_last_lines(state, net) for part in wrap_lines(line, width, CHAT_LAST, False))
    return turn, last


def chat_panel_height(state: AgeOfSteamState, turn: Sequence[str], last: Sequence[str]) -> int:
    rows = len(state["players"])
    return 12 + 34 * len(turn) + 30 * len(last) + 8 + 30 + 34 * rows + 8 + 22 * len(CHAT_FOOTNOTE)


def draw_chat_panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network,
                    letters: list[str], viewer: int | None, top: int, turn: Sequence[str],
                    last: Sequence[str]) -> None:
    x, y = 12, top + 12
    for line in turn:
        draw_essential(image, (x, y), line, "turn", CHAT_TURN, True)
        y += 34
    for line in last:
        draw_essential(image, (x, y), line, "last", CHAT_LAST)
        y += 30
    y += 8
    cx = x
    for head, w in CHAT_COLUMNS:
        draw_text(image, (cx + 4, y + 12), head, 20, False, kit.MUTED, "lm")
        cx += w
    draw_text(image, (cx + 4, y + 12), "last turn's action" if actions_are_last_turns(state) else "action", 20, False,
              kit.MUTED, "lm")
    y += 30
    due = due_seats(state)
    for s in seat_order(state):
        seen = outlook(state, s, net)
        row = (x, y, MAP_W - 12, y + 32)
        if s in due:
            draw.rectangle(row, fill=TURN_FILL, outline=kit.INK, width=2)
            draw_turn_arrow(draw, x + 6, y, 32)
        elif state["eliminated"][s]:
            draw.rectangle(row, fill=(235, 228, 212))
        name = player_cell(state["players"][s], " (you)" if s == viewer else "", CHAT_COLUMNS[2][1], CHAT_ROW, s in due)
        nxt = f"${seen.cash}" if expenses_to_come(state) and not state["eliminated"][s] else "-"
        act = state["action"][s]
        note = warning(state, s, seen) or (rules().action_label[act] if act else "")
        cells = ["", "", name, f"${state['cash'][s]}", str(state["income"][s]), str(state["shares"][s]),
                 str(state["engine"][s]), nxt, str(seen.vp)]
        cx = x
        for text, (_head, w) in zip(cells, CHAT_COLUMNS):
            if text:
                draw_essential(image, (cx + 4, y + 16), text, "standing", CHAT_ROW, s in due, kit.INK, "lm")
            cx += w
        if note:
            draw_essential(image, (cx + 4, y + 16), note, "standing", CHAT_ROW - 2, note.startswith("!"), kit.INK, "lm")
        draw_marker(image, x + 30 + 17, y + 16, 12, s, letters[s])
        y += 34
    for line in CHAT_FOOTNOTE:
        draw_text(image, (x, y + 4), line, 17, False, kit.MUTED)
        y += 22


CHAT_FOOTNOTE = ("Next turn: cash after the coming income and expenses; VP with that income.",
                 "Dashed track: unfinished, or grey: unowned. The full board is one tap away.")
