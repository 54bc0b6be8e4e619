"""What the service hands back: a :class:`Post` to show, a :class:`Table`
(the whole game, for the service and tools), a :class:`Board` (one
viewer's part of it), a move taken back (:class:`Undone`) and a page of
the log (:class:`LogPage`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Sequence

from games.core import Game, Option, State

from ..history import LOG_PAGE
from ..store import GameRow, SeatRow


@dataclass
class Post:
    """What to show: text, an optional board PNG, and the users to ping."""

    text: str
    png: bytes | None = None
    ping_user_ids: list[int] = field(default_factory=list)
    game_id: int | None = None
    finished: bool = False
    action: str = ""
    """The canonical text of the action the post reports (what the log stored)."""
    full_board: bool = False
    """The image is the compact chat image: offer the whole board one tap away."""
    seq: int | None = None
    """The log entry of the move the post reports (its thread message is
    remembered under it, to be corrected if the move is taken back)."""
    undo_seq: int | None = None
    """Set when the mover may take this move back (the post offers Undo)."""
    ticket: int | None = None
    """The post's place in its game's posting order (:mod:`bot.post_order`):
    the transport sends it after the game's earlier posts and then hands
    the ticket back (``service.context.posted``)."""
    after_seq: int | None = None
    """Set on a move's post: the log entry just before the move. Whatever
    Undo that entry's post offered no longer applies (the transport takes
    the button away, finding the post with ``service.context.post_message``)."""
    outbox_key: str | None = None
    """Set when the post was queued in the store's outbox with the move (see
    ``service.turns.act``): the transport's caller marks it done once
    Discord has accepted it."""


@dataclass
class Table:
    """A game as the service holds it: the rules object and the whole state,
    hidden hands and decks included. For the service itself, the console,
    tests and tools; never shown to a player (see :class:`Board`)."""

    row: GameRow
    game: Game
    state: State
    seats: list[SeatRow]
    seat: int | None


def _no_options(prefix: Sequence[str]) -> list[Option]:
    return []


@dataclass
class Board:
    """A game as one viewer sees it: the rules object, the seat's view
    (``game.view(state, seat)``: nothing hidden from that seat is in it), the
    seats, the viewer's seat (None: a spectator), the seats due now, whether
    the game is over, and the panel's next options for the viewer's seat
    (:attr:`options_after`, computed inside the service from the whole state).
    """

    row: GameRow
    """The game's row without its stored state (``row.state`` is None)."""
    game: Game
    view: State
    seats: list[SeatRow]
    seat: int | None
    due: list[int] = field(default_factory=list)
    over: bool = False
    options_after: Callable[[Sequence[str]], list[Option]] = field(default=_no_options, repr=False)


def board_of(table: Table) -> Board:
    """What ``table.seat`` may see of the game: its view, who is due, and
    its panel's options (the whole state stays in the closure)."""
    game, state, seat = table.game, table.state, table.seat
    due = game.to_act(state)

    def options_after(prefix: Sequence[str]) -> list[Option]:
        if seat is None or seat not in due:
            return []
        return game.options_at(state, seat, list(prefix))

    row = dataclasses.replace(table.row, state=None)  # the stored state is the whole one
    return Board(row, game, game.view(state, seat), table.seats, seat, due, game.is_over(state),
                 options_after)


@dataclass
class Undone:
    """A move taken back: the post of the corrected state, the thread message
    that reported the move (to correct; None if unknown), the note to put on
    it, and the log entry taken back."""

    post: Post
    message_id: int | None
    note: str
    seq: int


@dataclass
class LogPage:
    """One page of ``/game log``: its text, its number (from 1) and how many there are."""

    text: str
    page: int
    pages: int
    per_page: int = LOG_PAGE
