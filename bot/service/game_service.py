"""The one entry point: :class:`GameService`, the service's concerns, each
an object holding one shared :class:`~bot.service.context.ServiceContext`."""

from __future__ import annotations

from rendering import option_sheet
from rendering import render as render_board

from ..store import Store
from .context import Renderer, ServiceContext, SheetRenderer
from .lobby import Lobby
from .logbook import Logbook
from .pictures import Pictures
from .seat_keeping import SeatKeeping
from .turns import Turns


class GameService:
    """What the cogs, the ui, the console and the scheduler call. A call
    names its concern: ``service.lobby.join(...)``, ``service.turns.act(...)``,
    ``service.pictures.status(...)``, ``service.log.page(...)``,
    ``service.seats.add_bot(...)``; finding a game, its whole state and the
    posting order are the context's: ``service.context.table(...)``. Every
    concern holds the one context, so all share one store, one lock per game
    and one posting order."""

    def __init__(self, store: Store, renderer: Renderer = render_board,
                 sheet_renderer: SheetRenderer = option_sheet, full_renderer: Renderer | None = None,
                 preview_renderer: Renderer | None = None) -> None:
        self.context = ServiceContext(store, renderer, sheet_renderer, full_renderer, preview_renderer)
        """The store, the per-game locks, the posting order, the renderers;
        finding a game and reading its state (:mod:`.context`)."""
        self.lobby = Lobby(self.context)
        """Creating, joining, starting, abandoning, resuming (:mod:`.lobby`)."""
        self.turns = Turns(self.context)
        """Choices, a move, taking a move back (:mod:`.turns`)."""
        self.pictures = Pictures(self.context)
        """Previews, the choices' pictures, status, the animation (:mod:`.pictures`)."""
        self.log = Logbook(self.context)
        """The log read back, an earlier board, export (:mod:`.logbook`)."""
        self.seats = SeatKeeping(self.context, self.turns)
        """Bot seats, turn clocks, reminders, pause (:mod:`.seat_keeping`)."""

    @property
    def store(self) -> Store:
        """The context's store (the same object)."""
        return self.context.store
