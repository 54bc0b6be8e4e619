"""The one entry point: :class:`GameService`, the concerns' calls over one
shared core."""

from __future__ import annotations

from .lobby import Lobby
from .logbook import Logbook
from .pictures import Pictures
from .turns import Turns


class GameService(Lobby, Turns, Pictures, Logbook):
    """What the cogs, the console and the scheduler call. Its calls live by
    concern (:mod:`.lobby`, :mod:`.turns`, :mod:`.pictures`,
    :mod:`.logbook`), each a mixin over :class:`~bot.service.core.ServiceCore`,
    so all of them share one store, one lock per game and one posting order.
    Long games' seat keeping is :class:`~bot.service.seat_keeping.SeatKeeping`,
    over a GameService."""
