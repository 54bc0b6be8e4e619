"""The steps of a turn, one phase object each, and the ``PHASES`` table.

A state's ``phase`` names the step under way and ``step`` holds its
working data. Each phase owns who acts (``seats``), its choices as a tree of
tokens (``nodes``) and how an action is applied (``act``); when a step is
finished it begins the next one, so automatic steps (collect income, pay
expenses, income reduction, advance the turn marker) resolve within the
action that ends the step before them. Production is one phase with two
objects: chance draws the cubes (:data:`PRODUCTION_DRAW`), then the holder
places them (:data:`PRODUCTION`). The classes live in one module per step;
this module gathers them.
"""

from __future__ import annotations

from typing import cast

from . import (actions_step, auction_step, build_step, growth_steps, move_step, priority_step, setup_steps,
               shares_step)
from .build_step import BuildTrack
from .growth_steps import PRODUCTION_DRAW, GoodsGrowth, Production
from .move_step import MoveGoods
from .phase_base import PHASES, Chance, Phase

_MODULES = (setup_steps, shares_step, auction_step, priority_step, actions_step, build_step, move_step,
            growth_steps)

BUILD = cast(BuildTrack, PHASES["build"])
MOVE = cast(MoveGoods, PHASES["move"])
PRODUCTION = cast(Production, PHASES["production"])
GROWTH = cast(GoodsGrowth, PHASES["growth"])

__all__ = ["PHASES", "Phase", "Chance", "BUILD", "MOVE", "PRODUCTION", "PRODUCTION_DRAW", "GROWTH"]
