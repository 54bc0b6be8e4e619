"""The backend-neutral :class:`Store` the backends subclass: every query
written once, by concern, over one core."""

from __future__ import annotations

from .games import Games
from .moves import Moves
from .outbox import Outbox
from .seats import Seats
from .standings import Standings
from .timers import Timers


class Store(Games, Seats, Moves, Timers, Outbox, Standings):
    """Games, seats and the action log, and what long games, the outbox and
    the standings keep. Its queries live by concern (:mod:`.games`,
    :mod:`.seats`, :mod:`.moves`, :mod:`.timers`, :mod:`.outbox`,
    :mod:`.standings`), each a mixin over :class:`~bot.store.core.StoreCore`,
    so all of them share one backend's transactions. Subclasses
    (:mod:`bot.store.sqlite`, :mod:`bot.store.postgres`) supply
    :meth:`transaction`, :meth:`reading`, :meth:`close` and the
    housekeeping."""
