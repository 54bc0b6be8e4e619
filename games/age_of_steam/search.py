"""Age of Steam's hard bot (placeholder until the search lands)."""

from __future__ import annotations

from .planner import PlanningRailroad


class SearchingRailroad(PlanningRailroad):
    """The hard bot."""


HARD = SearchingRailroad()
