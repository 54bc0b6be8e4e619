"""Age of Steam's normal bot: :mod:`.planner`'s railroad, which plans the
links its deliveries need and weighs each choice in the map's own scoring."""

from __future__ import annotations

from .planner import NORMAL

__all__ = ["NORMAL"]
