"""String Railway's bot: a one-ply lookahead on the score.

Every choice (the home corner, the extra draw, where each drawn station
goes, which string is laid where) is tried on a copy of the state and the
one that most raises the bot's running score over the best other player's
is taken: strings that newly enter many stations and cross few rivers and
mountains, stations placed where its strings can reach them. Placements
are many (about a thousand a station), so a random 40 of the candidates
are tried. Nothing in String Railway is hidden: the stations still to be
drawn are left to chance.
"""

from __future__ import annotations

from games.bots import Greedy, score_margin

POLICY = Greedy(score_margin, limit=40)
