"""Days of Steam: tile-laying, steam and goods on a growing square map."""

from .game import DaysOfSteam

GAME = DaysOfSteam()

__all__ = ["GAME", "DaysOfSteam"]
