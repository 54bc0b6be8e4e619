"""String Railway's bot: a lookahead on the score.

Every choice (the home corner, the extra draw, which string is laid where)
is tried on a copy of the state and the one that most raises the bot's
running score over the best other player's is taken: strings that newly
enter many stations and cross few rivers and mountains. A station is placed
where the best string the bot could lay right after it scores most (two
plies: the placement, then each string it would then have). Placements are
many (about a thousand a station), so a random :data:`PLACES` of them are
tried. Nothing in String Railway is hidden: the stations still to be drawn
are left to chance.
"""

from __future__ import annotations

import random

from games.bots import best_action, score_margin
from games.core import Game, IllegalAction, State

PLACES = 30
"""Station placements tried a decision (a random sample)."""


def value(game: Game, state: State, seat: int, ahead: bool) -> float:
    """The score margin; with ``ahead``, the best margin the string the seat
    lays next could reach, when laying it is the seat's next action."""
    here = score_margin(game, state, seat)
    if not ahead or state["phase"] != "string" or seat not in game.to_act(state):
        return here
    best = here
    for choice in game.legal_actions(state, seat):
        try:
            after = game.apply(state, seat, choice.text).state
        except IllegalAction:
            continue
        best = max(best, score_margin(game, after, seat))
    return best


class StringRailwayPolicy:
    """See the module docstring."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        texts = [c.text for c in game.legal_actions(state, seat)]
        placing = state["phase"] == "place"
        if placing and len(texts) > PLACES:
            texts = rng.sample(texts, PLACES)
        return best_action(game, state, seat, rng, texts, lambda after: value(game, after, seat, placing))


POLICY = StringRailwayPolicy()
