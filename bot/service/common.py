"""What every part of the service shares: its errors and their messages,
the answer to a database fault, names as stored, clipped texts, how a move
played for a seat is marked, how a seat is named in a post, and what a
paused game answers."""

from __future__ import annotations

import functools
import logging
from typing import Awaitable, Callable, ParamSpec, Sequence, TypeVar

from games.core import State

from ..bot_levels import seat_label
from ..store import GameRow, OutcomeUnknown, SeatRow, StoreDamaged, StoreUnavailable

log = logging.getLogger("railyard.service")

MAX_MESSAGE = 2000
MAX_NAME = 64
UNAVAILABLE = "Railyard can't save moves right now; nothing changed, try again shortly."
UNCERTAIN = ("Railyard lost touch with its database while saving this, and can't tell yet whether it was "
             "saved: look at the game before trying again.")
DAMAGED = ("Railyard's database is damaged: nothing changed, and trying again won't help. The bot's operator "
           "should run `railyard check` and restore a backup.")
CONFLICT = "Someone acted at the same moment: look at the board and try again."


class ServiceError(Exception):
    """Something the user did that cannot be done; the message says why and
    is shown to that user only."""


class Unavailable(ServiceError):
    """The database can't save moves right now (:data:`UNAVAILABLE`), can't
    tell whether it saved this one (:data:`UNCERTAIN`), or is damaged
    (:data:`DAMAGED`)."""


P = ParamSpec("P")
T = TypeVar("T")


def store_faults_answered(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """A database that is locked, full or read-only is answered with
    :data:`UNAVAILABLE` (nothing changed) and one operator error line; the
    next call tries the database again, so the service recovers by itself
    when the fault is lifted. A write whose outcome is unknown (its
    commit's answer lost and not found out since) is never told "nothing
    changed": it is answered with :data:`UNCERTAIN`. Damaged data (a
    garbled page) is no passing fault: it is answered with :data:`DAMAGED`,
    which says what to do."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await method(*args, **kwargs)
        except StoreDamaged as exc:
            log.error("database damaged in %s: %s", method.__name__, exc)
            raise Unavailable(DAMAGED) from None
        except StoreUnavailable as exc:
            log.error("database unavailable in %s: %s", method.__name__, exc)
            raise Unavailable(UNCERTAIN if isinstance(exc, OutcomeUnknown) else UNAVAILABLE) from None

    return wrapper


def storable_name(name: str) -> str:
    """A display name as stored: what the database can encode (a lone
    surrogate becomes U+FFFD), at most :data:`MAX_NAME` characters. Drawing
    cleans it further (see ``rendering.kit.drawable``)."""
    clean = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in name)
    return clean[:MAX_NAME] or "?"


def without_legacy_keys(state: State) -> State:
    """A stored state without the envelope keys of older Railyards (the
    guessable ``seed`` of schema 1 stores); nothing else changes."""
    return {k: v for k, v in state.items() if k != "seed"} if "seed" in state else state


def clip(text: str, limit: int = MAX_MESSAGE) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- games that last a week: bot seats, reminders, turn clocks (see bot.scheduler) --

PLAYED_FOR = ("skip:", "bot:")
"""How the log's ``interaction_id`` marks a move played for a seat rather
than by its player: a skip the other players chose when his turn clock ran
out (``skip:<game>:<entry>:<who pressed>``) or the bot's move
(``bot:<game>:<entry>``)."""


def played_for_seat(interaction_id: str | None) -> bool:
    """Whether a logged move was played for its seat by others (a skip, the
    bot). Such a move is nobody's to take back: not the skipped player's
    (or a staller would cancel every skip), and the others chose a safe
    default on purpose, so it stands."""
    return interaction_id is not None and interaction_id.startswith(PLAYED_FOR)


def played_for_note(interaction_id: str | None, seats: Sequence[SeatRow]) -> str:
    """How the log names a move played for a seat: " (🤖)" for the bot's,
    " (skipped by bob)" for a skip; nothing for a player's own move."""
    if not played_for_seat(interaction_id):
        return ""
    assert interaction_id is not None
    if interaction_id.startswith("bot:"):
        return " (🤖)"
    by = interaction_id.rsplit(":", 1)[-1]
    name = next((s.name for s in seats if str(s.user_id) == by), "another player")
    return f" (skipped by {name})"


def is_bot_seat(seat: SeatRow) -> bool:
    """The bot plays this seat (added in the lobby, or handed to it): it is
    never pinged."""
    return seat.bot or seat.user_id < 0


def seat_mention(seat: SeatRow) -> str:
    """A due seat in a post: a mention for a player, the name, level and 🤖 for a bot."""
    return seat_label(seat) if is_bot_seat(seat) else f"<@{seat.user_id}>"


RESUME_LEASE = 120.0
"""Seconds a claimed resume keeps others from resuming the game (its new
thread is being opened); past it, a resume that crashed is claimed again."""


def paused_line(row: GameRow) -> str:
    """What a paused game answers to every move, button and command."""
    where = f" in <#{row.channel_id}>" if row.channel_id is not None else ""
    return (f"Game #{row.id} is paused: its thread was deleted. A player (or a member with Manage Threads) "
            f"resumes it with `/game resume`{where}, in a new thread.")
