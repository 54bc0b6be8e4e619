"""The game service: the one transport-neutral layer between people and games.

Cogs and the console call it. It finds the game, checks the actor, serialises
actions on one game (a per-game lock, plus the store's expected-version
check), applies the action through the rules core, resolves due chance
outcomes, stores the new state and the actions in one transaction, renders
the board off the event loop and returns what to post. It knows nothing of
Discord: users are ids and names; what to post is a :class:`Post`.

The entry point is :class:`GameService` (:mod:`.game_service`): a small
object whose attributes are the concerns, each an object holding the one
shared context, so a call names where it lives (``service.turns.act(...)``):

- ``service.context`` (:mod:`.context`, :class:`ServiceContext`): the
  store, the per-game lock, the posting order, the renderers; finding a
  game, its whole state, drawing and the post after a change;
- ``service.lobby`` (:mod:`.lobby`): creating, joining, starting,
  abandoning, resuming;
- ``service.turns`` (:mod:`.turns`): choices, a move, a stale panel,
  taking a move back;
- ``service.pictures`` (:mod:`.pictures`): previews, the choices' pictures,
  status, the animation;
- ``service.log`` (:mod:`.logbook`): the log read back, an earlier board,
  export;
- ``service.seats`` (:mod:`.seat_keeping`, :class:`SeatKeeping`): bot
  seats, turn clocks, reminders, pause;
- :mod:`.values`, :mod:`.common`, :mod:`.catalogue`: what it hands back,
  what its parts share, the games ``/game new`` offers.

Everything is importable from ``bot.service`` itself.
"""

from .catalogue import (describe_options, game_slug, map_choices, matching_games, parse_options, players, with_map,
                        wrong_count)
from .common import (CONFLICT, DAMAGED, MAX_MESSAGE, MAX_NAME, PLAYED_FOR, RESUME_LEASE, UNAVAILABLE, UNCERTAIN,
                     ServiceError, Unavailable, clip, is_bot_seat, paused_line, played_for_note, played_for_seat,
                     seat_mention, storable_name, store_faults_answered, without_legacy_keys)
from .context import Renderer, ServiceContext, SheetRenderer
from .game_service import GameService
from .pictures import SHEET_MAX
from .seat_keeping import BOT_ADDED, BOT_REMOVED, TIMED_OUT_KIND, SeatKeeping
from .turns import move_post_key
from .values import Board, LogPage, Post, Table, Undone, board_of

__all__ = [
    "BOT_ADDED", "BOT_REMOVED", "CONFLICT", "DAMAGED", "MAX_MESSAGE", "MAX_NAME", "PLAYED_FOR", "RESUME_LEASE",
    "SHEET_MAX", "TIMED_OUT_KIND", "UNAVAILABLE", "UNCERTAIN", "Board", "GameService", "LogPage", "Post", "Renderer",
    "SeatKeeping", "ServiceContext", "ServiceError", "SheetRenderer", "Table", "Unavailable", "Undone", "board_of",
    "clip", "describe_options", "game_slug", "is_bot_seat", "map_choices", "matching_games", "move_post_key", "parse_options",
    "paused_line", "played_for_note", "players", "played_for_seat", "seat_mention", "storable_name", "store_faults_answered",
    "with_map", "without_legacy_keys", "wrong_count",
]
