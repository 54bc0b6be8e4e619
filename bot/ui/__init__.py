"""Persistent buttons and menus, grouped by what they are for:

- :mod:`bot.ui.posting`: the bot's poster, :class:`ThreadPoster` (``bot.poster``):
  posting in a game's thread (a move with its board and buttons, a text, the
  thread reopened or archived, a deleted thread);
- :mod:`bot.ui.lobby`: the lobby message and its buttons;
- :mod:`bot.ui.turn_panel`: "Your turn", "Full board" and the turn panel
  that walks a seat's legal choices one step at a time;
- :mod:`bot.ui.history`: Undo and the pages of ``/game log``;
- :mod:`bot.ui.reminders`: what the scheduler did (reminders, turn clocks,
  bot moves, expiries), posted with its buttons;
- :mod:`bot.ui.levels`: the bot-level select of the lobby and of the clock's post.

Every component is a :class:`discord.ui.DynamicItem` whose custom id carries
the game id (and what else it needs), so they keep working after a restart
and nothing is registered per game: the app registers :data:`DYNAMIC_ITEMS`
once. The names the cogs, the app and the tests use are re-exported here.
"""

from __future__ import annotations

from .history import LogPageButton, UndoButton, correct_post, log_view, show_log_page, take_back
from .lobby import (AddBotButton, AddBotLevelSelect, LobbyButton, RemoveBotButton, add_bot, is_solo, lobby_action, lobby_view,
                    ready_thread, refresh_lobby, remove_bot)
from .posting import ThreadPoster, add_animation, clip_text
from .reminders import (ClockButton, HandOverLevelSelect, MuteButton, clock_action, clock_view, post_notice,
                        reminder_view)
from .turn_panel import (FullBoardButton, PanelButton, PanelSelect, TurnButton, Walk, back_path, confirm_panel,
                         open_panel, panel, panel_step, path_sig, post_view, show_full_board, skip_forced, turn_view,
                         walk_path)

DYNAMIC_ITEMS = (LobbyButton, TurnButton, FullBoardButton, PanelButton, PanelSelect, UndoButton, LogPageButton,
                 AddBotButton, RemoveBotButton, MuteButton, ClockButton, AddBotLevelSelect, HandOverLevelSelect)

__all__ = [
    "DYNAMIC_ITEMS", "AddBotButton", "AddBotLevelSelect", "ClockButton", "FullBoardButton", "HandOverLevelSelect",
    "LobbyButton", "ThreadPoster", "LogPageButton", "MuteButton", "PanelButton", "PanelSelect", "RemoveBotButton", "TurnButton",
    "UndoButton", "Walk", "add_animation", "add_bot",
    "back_path", "clip_text", "clock_action", "clock_view", "confirm_panel", "correct_post",
    "is_solo", "lobby_action", "lobby_view", "log_view", "open_panel", "panel", "panel_step", "path_sig",
    "post_notice", "post_view", "ready_thread", "refresh_lobby", "reminder_view", "remove_bot",
    "show_full_board", "show_log_page", "skip_forced", "take_back", "turn_view", "walk_path",
]
