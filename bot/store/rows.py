"""What the store reads and writes, as plain frozen values: a game, a seat,
a logged action and one to append, a game's reminder and clock settings,
a stored due time, a post in the outbox, and the ratings' rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from games.bots import DEFAULT_LEVEL


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    slug: str
    status: str
    options: dict[str, str]
    state: dict[str, Any] | None
    version: int
    creator_id: int
    updated_at: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str
    bot: bool = False
    """The bot plays this seat: one added in the lobby (a reserved negative
    ``user_id``, see :meth:`Store.add_bot_seat`) or one handed to it."""
    level: str = DEFAULT_LEVEL
    """The bot's level (``games.bots.LEVELS``) when the bot plays the seat:
    chosen when it was seated or handed over; seats made before levels
    existed play at ``normal``, as they did."""


NO_SEAT = -9
"""The ``seat`` of a timer that concerns the whole game (a lobby's expiry,
the idle watch, the thread's keep-alive)."""


@dataclass(frozen=True)
class Schedule:
    """A game's reminder and clock settings (chosen at ``/game new``):
    reminders every ``remind_every`` seconds (None: never), a turn clock of
    ``turn_clock`` seconds (None: none) counted only inside ``hours`` (like
    "18-23"; empty: all day) in the time zone ``zone``."""

    remind_every: float | None = 12 * 3600.0
    turn_clock: float | None = None
    hours: str = ""
    zone: str = "UTC"


@dataclass(frozen=True)
class Timer:
    """A stored due time: ``kind`` of thing due for ``seat`` (or
    :data:`NO_SEAT`) of a game at ``due_at`` (None: spent, kept as a mark,
    e.g. a turn clock that ran out), after ``count`` earlier firings."""

    game_id: int
    kind: str
    seat: int
    due_at: float | None
    count: int = 0


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    events: list[str]
    interaction_id: str | None
    at: float


@dataclass(frozen=True)
class NewAction:
    """An action to append: who, its canonical text, its events."""

    seat: int
    action: str
    events: Sequence[str]
    interaction_id: str | None = None


@dataclass(frozen=True)
class OutboxPost:
    """A post the scheduler committed to make, kept in the store's outbox
    (written in the same transaction as the move or the timer's claim that
    it reports) until Discord has accepted it. ``key`` names it once and for
    all (a move: its game and log entry; a timer's firing: its game, kind,
    seat, count and due time), so the same post is never queued twice. Until
    ``leased_until`` (the scheduler's clock) its maker is posting it; past
    that, any scheduler may try again (``tries``: how many have begun)."""

    key: str
    game_id: int
    kind: str
    text: str
    leased_until: float
    pings: tuple[int, ...] = ()
    seat: int | None = None
    seq: int | None = None
    """A move's post: the log entry of the move."""
    version: int | None = None
    """A move's post: the game's version just after the move (its board is
    drawn again only while the game is still there)."""
    created_at: float = 0.0
    tries: int = 0


@dataclass(frozen=True)
class RatingRow:
    """A member's rating in one pool: Weng-Lin ``mu`` and ``sigma``, and how
    many rated games it rests on; ``name`` as last seated."""

    user_id: int
    name: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class ResultRow:
    """A member's result in one finished game: won (first, ties included),
    score, and the rating before and after (None: the game did not count)."""

    game_id: int
    user_id: int
    slug: str
    finished_at: float
    won: int
    score: int
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None


@dataclass
class RatingPool:
    """What is stored of a pool when it is rated: its rated games in order
    (id, finish time, match as JSON) and its current ratings."""

    guild_id: int
    slug: str
    rated: list[tuple[int, float, dict[str, Any]]]
    current: dict[int, RatingRow]


@dataclass
class RatingWrite:
    """What rating a pool writes: the games (id, finish time, match) and
    results added, the ratings now, and whether it replaces the whole pool."""

    games: list[tuple[int, float, dict[str, Any]]]
    results: list[ResultRow]
    ratings: list[RatingRow]
    reset: bool = False
