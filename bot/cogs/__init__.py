"""One cog per feature: the game lifecycle, and one per game."""
