"""Age of Steam's normal bot: :mod:`.planner`'s railroad, which plans the
links its deliveries need and weighs each choice in the map's own scoring;
on a map scored by the cash left, its actions, new cities and builds are
weighed by the cash each can expect to end with (:mod:`.cash_railroad`)."""

from __future__ import annotations

from .cash_railroad import NORMAL

__all__ = ["NORMAL"]
