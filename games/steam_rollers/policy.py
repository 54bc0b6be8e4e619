"""Bot policy (first cut): one-ply greedy on the running score margin."""

from __future__ import annotations

from games.bots import Greedy, score_margin

POLICY = Greedy(score_margin, limit=60)
