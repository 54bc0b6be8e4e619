"""String Railway's normal bot: the planner (:mod:`.planner`), the easy
bot's eye for points with a player's sense of the whole game.

It lays the string that leaves the seat the best chance of winning, each
colour judged on its expected final score (so the colour that will be
weakest at the end gets the points that count, and the reach a string
gains or takes counts before that colour plays), keeps the long string for
later, and counts what a placed station leaves the next rival.
"""

from __future__ import annotations

from games.bots import Policy

from .planner import PLANNER

NORMAL: Policy = PLANNER
"""The normal level."""
