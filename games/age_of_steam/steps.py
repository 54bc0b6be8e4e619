"""The ten steps of a turn, one class each, with their legal actions.

A state's ``phase`` names the step under way and ``step`` holds its
working data. Each step class owns who acts (:meth:`Step.actors`), the
legal actions (:meth:`Step.choices`) and how an action is applied
(:meth:`Step.apply`); when a step is finished it begins the next one, so
automatic steps (collect income, pay expenses, income reduction, advance
the turn marker) resolve within the action that ends the step before them.
The classes live in one module per step; this module gathers them.
"""

from __future__ import annotations

from . import actions_step, auction_step, build_step, growth_steps, move_step, setup_steps, shares_step
from .step_base import REGISTRY, Step

_MODULES = (setup_steps, shares_step, auction_step, actions_step, build_step, move_step, growth_steps)

STEPS: dict[str, Step] = REGISTRY
BUILD = REGISTRY["build"]
MOVE = REGISTRY["move"]
PRODUCTION = REGISTRY["production"]
GROWTH = REGISTRY["growth"]

__all__ = ["STEPS", "Step", "BUILD", "MOVE", "PRODUCTION", "GROWTH"]
