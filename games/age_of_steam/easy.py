"""Age of Steam's easy bot, the first one, kept as the fixed opponent the
stronger levels are measured against: :class:`.railroad.AgeOfSteamPolicy`
as it is."""

from __future__ import annotations

from .railroad import AgeOfSteamPolicy

EASY = AgeOfSteamPolicy()
