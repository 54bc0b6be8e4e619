"""Age of Steam's bot levels (:data:`games.bots.LEVELS`): the easy bot
(:mod:`.easy`), the planner (:mod:`.normal`) and its search that plays its
choices out (:mod:`.hard`)."""

from __future__ import annotations

from games.bots import Policy

from .easy import EASY
from .hard import HARD
from .normal import NORMAL

LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
