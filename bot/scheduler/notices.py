"""What the scheduler hands the transport to post: a :class:`Notice`, and
how the transport answers (:data:`Notify`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Awaitable, Callable

from ..service import Post, seat_mention
from ..store import SeatRow


@dataclass
class Notice:
    """Something the scheduler did that the thread should see. ``kind`` is
    "move" (a bot's move: ``post``), "reminder", "clock", "clock_to_partner" (a
    clock ran out and the seat's bot teammate plays for the team), "lobby_expired",
    "idle_warning", "idle_archived", "bot_stuck" (a bot's move keeps failing)
    or "keepalive" (nothing to say: keep the thread open). Only ``ping_user_ids`` may be pinged."""

    kind: str
    game_id: int
    thread_id: int | None
    text: str = ""
    ping_user_ids: list[int] = field(default_factory=list)
    post: Post | None = None
    seat: int | None = None
    outbox_key: str | None = None
    """The post is queued in the store's outbox under this key until posted."""
    retry: bool = False
    """Posted again from the outbox (after a crash or a failed post): Discord
    may already have it, so the transport looks first."""
    queued_at: float | None = None
    """When the post was queued (real time, for that look)."""


Notify = Callable[[Notice], Awaitable["bool | None"]]
"""Posts a notice; False (or an exception) when Discord did not take it, so
it stays queued and is tried again."""


def mention(seat: SeatRow) -> str:
    """A seat as named in a post: a mention for a player, the name and 🤖 for a bot."""
    return seat_mention(seat)
