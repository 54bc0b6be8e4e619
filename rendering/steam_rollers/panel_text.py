"""What the Steam Rollers images say and of whom: whose map is drawn large,
who is due, the turn line, the last move and a player's engine.
"""

from __future__ import annotations

from games.core import State
from games.phases import OVER
from games.steam_rollers import GAME
from games.steam_rollers.deliver import engine_strength
from games.steam_rollers.state import Last, SteamRollersState, typed


def shown_seat(state: SteamRollersState, viewer: int | None) -> int:
    """The map drawn large: the viewer's own, else the last mover's, else the
    seat whose turn it is."""
    if viewer is not None and 0 <= viewer < len(state["players"]):
        return viewer
    last = state["last"]
    if last is not None:
        return int(last["seat"])
    return int(state["current"]) if state["current"] is not None else 0


def due_seats(state: State) -> list[int]:
    return [s for s in GAME.to_act(state) if s >= 0]


def turn_text(state: State) -> str:
    """Whose turn it is and what he is to do (the result once over); the dice
    are drawn as dice beside the map."""
    line = GAME.status_line(state)
    if state["phase"] == OVER:
        return line
    parts = line.split(" · ")
    return " · ".join(p for p in parts if not p.startswith(("black ", "white dice left ")))


def last_text(last: Last | None) -> str:
    return "Last: " + last["text"] if last is not None else "No move yet."


def engine_text(state: State, seat: int) -> str:
    boxes = len(typed(state)["maps"][seat]["engine"])
    strength = engine_strength(state, seat)
    return f"engine {strength}" + (" (4b)" if strength > boxes else "")
