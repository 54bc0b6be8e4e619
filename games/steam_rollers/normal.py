"""Steam Rollers' normal bot: the planner (:mod:`.planner`), a player who
races for the cubes.

It judges every promising action the way a player who races the others for
the shared cubes judges a map: an engine as strong as his routes are long,
only routes an engine can ever run, and the cubes he reaches before the
others; the easy bot counts any route and a random sixty of its actions.
"""

from __future__ import annotations

from games.bots import Policy

from .planner import PLANNER

NORMAL: Policy = PLANNER
"""The normal level."""
