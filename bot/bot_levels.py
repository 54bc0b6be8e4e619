"""A bot seat's level, as the bot's posts and commands show it.

A bot seat plays at one of ``games.bots.LEVELS`` (easy, normal, hard),
stored with the seat (``SeatRow.level``): the table chooses it when the bot
is seated in the lobby ("Add bot" and its level select) or handed a seat
(``/game leave``, a clock-ran-out "Hand to the bot"). Where nobody chooses
(the button without a level, a skip that can only hand the seat over, seats
made before levels existed) the bot plays at ``games.bots.DEFAULT_LEVEL``,
normal: how every bot seat played before.

Names: a lobby bot's stored name carries its level ("Bot 2 (hard)", made by
``Store.add_bot_seat``, so the boards, the turn posts, the final post, the log
and the export all say it); a post adds 🤖 (:func:`seat_label`). A player's
seat handed to the bot keeps the player's name, and posts add the level:
"ann (hard) 🤖".
"""

from __future__ import annotations

from games.bots import DEFAULT_LEVEL, LEVELS

from .store import SeatRow

LEVEL_NOTES = {
    "easy": "the first bot: plays the obvious move",
    "normal": "a steady player (the default)",
    "hard": "searches ahead; may think a few seconds",
}
"""What each level means to a player choosing one (a select's descriptions)."""


def level_choices() -> list[tuple[str, str]]:
    """(value, label) for every level, weakest first: "hard: searches ahead; …"."""
    return [(level, f"{level}: {LEVEL_NOTES[level]}") for level in LEVELS]


def level_refused(level: str) -> str | None:
    """Why ``level`` is not a bot level (None: it is one), for the player."""
    if level in LEVELS:
        return None
    return f"There is no bot level '{level[:20]}': choose {', '.join(LEVELS)} (default {DEFAULT_LEVEL})."


def seat_label(seat: SeatRow) -> str:
    """A seat as a post names it: the player's name, or, when the bot plays
    it, the name with its level and 🤖 ("Bot 2 (hard) 🤖", "ann (hard) 🤖")."""
    if not (seat.bot or seat.user_id < 0):
        return seat.name
    tag = f"({seat.level})"
    return f"{seat.name} 🤖" if seat.name.endswith(tag) else f"{seat.name} {tag} 🤖"
