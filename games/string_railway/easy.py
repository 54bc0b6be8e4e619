"""String Railway's easy bot: the player of :mod:`.judgement`, who lays the
string that most raises its worth over the best other seat's and places a
station where this turn's string scores through it.

It is kept as it was, the fixed opponent the stronger levels are measured
against.
"""

from __future__ import annotations

from games.bots import Policy

from .judgement import PLAYER

EASY: Policy = PLAYER
"""The easy level."""
