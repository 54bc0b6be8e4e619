"""The Steam Rollers board images.

Every player draws on a map of his own with dice shared by all, so a player
reading the chat wants three things at once: whose turn it is and what the
dice allow, what the last player drew, and how everyone's network stands.
One 1440 px board with a single map and a card table shrinks to 5-7 px text
in Discord's 550 px chat, so the game posts a *compact chat image* and keeps
the whole board one tap away:

- ``render`` (posted after every move, 1100 px wide, read at 550 px): the
  turn line and the last move on top; the mover's map large (the viewer's
  own when a player asks) with the last move in the highlight form; beside
  it the black die and the white dice drawn as dice, and the cubes left on
  each city; below, one cell per player with a thumbnail of his map (so
  opponents' networks are in sight), his score, engine and cards. Text a
  player must read is at least 2% of the width (11 px in the chat).
- ``render_full`` (``/game status``, the "Full board" button, 1440 px): the
  map large with hex names and connection badges, the supply board, the
  special cards with their effects and holders, the score breakdown table,
  the legend, and every other player's map beneath.

Why compact rather than one board drawn for the chat: the card effects, the
score breakdown and hex names are consulted when planning, on tap; what
changes every move (dice, track, scores) must read without a tap, and fits
only when the rest is left out.

Colours: players are ``kit.PLAYER_COLOURS`` with their shape and letter;
cubes and cities carry their colour's letter (R B P Y G) or number; the
regions are told by their heavy borders and the numbered city inside, their
tints only help. The palettes below stay apart under simulated colour-vision
deficiencies (tests/test_palettes.py).

Threads (see :mod:`games.per_thread`): the cached backgrounds and sprites
are shared by the threads that draw and only pasted; the palette is made
from a fixed board, never from the first one a process happens to draw.

The parts, one module each (this one puts them together: ``render``,
``render_full`` and ``focus_box``):

- :mod:`.geometry`: colours (``PALETTES``), a map's frame, the layouts;
- :mod:`.sprites`: cached track pieces and hex names;
- :mod:`.board_map`: one player's map;
- :mod:`.pieces`: dice, cubes and city tokens;
- :mod:`.panel_text`: what the images say (turn, last move, engine);
- :mod:`.chat_panel`: the chat image's header, dice column and players' cells;
- :mod:`.side_panel`: the full board's panel;
- :mod:`.palette`: the fixed palette and the PNG.
"""

from __future__ import annotations

from PIL import ImageDraw

from games.core import State
from games.steam_rollers import GAME
from games.steam_rollers.state import typed
from rendering import kit
from rendering.steam_rollers.board_map import draw_map
from rendering.steam_rollers.chat_panel import chat_image
from rendering.steam_rollers.geometry import (BLACK_DIE, DICE_Y, FULL_MAP, FULL_RIGHT, FULL_WIDTH, PALETTES, SIDE_X,
                                              SIZE, Frame, centre, last_outline, thumbnail)
from rendering.steam_rollers.palette import board_png
from rendering.steam_rollers.panel_text import shown_seat
from rendering.steam_rollers.pieces import PIPS
from rendering.steam_rollers.side_panel import (draw_cards, draw_full_header, draw_legend, draw_players,
                                                draw_supply, draw_wrapped)


def render(state: State, viewer: int | None) -> bytes:
    """The chat image as ``viewer`` sees it: his own map large (a spectator:
    the last mover's), every other map as a thumbnail with its owner's
    standing, the dice and the cubes left."""
    return board_png(chat_image(state, viewer))


# -- the full board ------------------------------------------------------------

def render_full(state: State, viewer: int | None) -> bytes:
    """The whole board: the viewer's map (a spectator: the last mover's)
    large, the supply board, the special cards, the score breakdown, the
    legend, and every other player's map beneath."""
    st = typed(state)
    letters = kit.player_letters(st["players"])
    shown = shown_seat(st, viewer)
    others = [s for s in range(len(st["players"])) if s != shown]
    strip = 270 if others else 0
    height = 920 + strip
    image, draw = kit.new_canvas(FULL_WIDTH, height)
    draw_map(image, FULL_MAP, st, shown)
    draw = ImageDraw.Draw(image)
    draw_full_header(draw, state, shown, letters)
    y = draw_supply(draw, st)
    y = draw_cards(draw, state, y + 4, letters)
    draw_players(draw, state, shown, letters)
    y = draw_wrapped(draw, FULL_RIGHT, y + 14, GAME.status_line(state), kit.INK, True)
    if GAME.is_over(state):
        result = GAME.outcome(state)
        places = [f"{i}. " + " = ".join(f"{st['players'][s]} {result.scores[s]}" for s in group)
                  for i, group in enumerate(result.ranking, start=1)]
        y = draw_wrapped(draw, FULL_RIGHT, y + 4, "Final: " + " · ".join(places), kit.INK, False)
        if result.tiebreak_note:
            y = draw_wrapped(draw, FULL_RIGHT, y, result.tiebreak_note, kit.INK, False, size=16)
    last = st["last"]
    if last is not None:
        y = draw_wrapped(draw, FULL_RIGHT, y + 8, "Last move: " + last["text"], kit.INK, False)
    if y <= 920 - 190:                  # the legend only where it fits
        draw_legend(draw)
    if others:
        y0 = 930
        draw.line((14, y0 - 4, FULL_WIDTH - 14, y0 - 4), fill=kit.MUTED, width=1)
        step = (FULL_WIDTH - 20) // len(others)
        size = min(19.0, (step - 14) / 18.5)
        for i, seat in enumerate(others):
            x = 14 + i * step
            kit.seat_marker(draw, x + 14, y0 + 18, 13, seat, letters[seat])
            name = kit.fit_text(st["players"][seat], kit.font(20, True), step - 120)
            draw.text((x + 34, y0 + 18), f"{name}'s map", font=kit.font(20, True), fill=kit.INK, anchor="lm")
            draw_map(image, Frame(x + 4.0, y0 + 40.0, size), st, seat)
            draw = ImageDraw.Draw(image)
    return board_png(image)


def focus_box(state: State, viewer: int | None) -> tuple[int, int, int, int] | None:
    """The hex just drawn in and its neighbours on the chat image, for the
    panel's picture of the track-piece choices (None unless the last move
    was a build)."""
    last = typed(state)["last"]
    if last is None or last["kind"] != "build" or not last["where"]:
        return None
    cx, cy = centre(last["where"][-1])
    return (int(cx - 2.4 * SIZE), int(cy - 2.2 * SIZE), int(cx + 2.4 * SIZE), int(cy + 2.2 * SIZE))


__all__ = ["render", "render_full", "focus_box", "PALETTES", "BLACK_DIE", "DICE_Y", "SIDE_X", "PIPS", "centre",
           "thumbnail", "last_outline"]
