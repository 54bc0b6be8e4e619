"""Mine Carts' bot levels (:data:`games.bots.LEVELS`): the easy bot
(:mod:`.easy`), the tactics (:mod:`.normal`) and the tactics' best whole turns
played out two rounds on (:mod:`.hard`)."""

from __future__ import annotations

from games.bots import Policy

from .easy import EASY
from .hard import HARD
from .normal import NORMAL

LEVELS: dict[str, Policy] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
