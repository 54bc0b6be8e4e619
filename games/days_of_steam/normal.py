"""Days of Steam's normal bot: the planner (:mod:`.planner`), a driver who
counts steam along the track to its next delivery.

It plays the planner's best action: a one-ply lookahead judged the way a
player reads the map (the points it has, the delivery it can make next and
how many turns away that is), where the easy bot only measures squares to
its next goal.
"""

from __future__ import annotations

from games.bots import Policy

from .planner import PLANNER

NORMAL: Policy = PLANNER
"""The normal level."""
