"""What a special card in hand is worth to the player holding it: the hard
bot's evaluation, the normal bot's (:class:`planner.Evaluation`) plus its cards.

The normal bot judges a card by its victory points alone (a permanent card
costs 1 or 2 at the end), so it never takes one. A good player knows what
the rulebook's cards give:

- **A permanent die-changer** (1b any value, 5a +1/-1, 5b flip or reroll)
  turns every later die into a better one: the delivery from the city he
  needs, the engine box he lacks, the region his route crosses. Worth most
  early, nothing once the game is over, and it stays until stolen. 6b (any
  track shape) and 3a (the die as the destination) are milder ones.
- **A one-time card** (1a, 2a, 3b, 4a, 6a) is one better action later, kept
  until that action comes. It costs no points, so holding one is worth a
  little; using it trades that worth for what the action gains.

4b (engine +1 while held) is already in the engine and the cubes' routes.

How much of the game is left (:func:`game_left`): the cubes still in the
cities nearest to empty, as a share of a full city's count, since the game
ends once three cities are empty.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.core import Game, State

from . import cards
from .planner import Evaluation
from .guides import promising

PERMANENT = {"1b": 8.0, "5a": 5.0, "5b": 4.0, "6b": 3.0, "3a": 2.5}
"""Points a permanent card is worth to its holder at the start of the game
(besides its victory points), scaled by :func:`game_left`."""
ONE_TIME = {"1a": 1.5, "2a": 1.5, "3b": 1.5, "4a": 2.5, "6a": 0.5}
"""Points a one-time card is worth while held, scaled by :func:`game_left`."""
ENDING_CITIES = 3


def game_left(state: State) -> float:
    """The share of the game still to come, 1 at the start, 0 at the end:
    the cubes in the three cities nearest to empty, over three full cities'
    count (the players + 2 each)."""
    counts = sorted(len(cubes) for cubes in state["cubes"].values())[:ENDING_CITIES]
    full = ENDING_CITIES * (len(state["players"]) + 2)
    return min(1.0, sum(counts) / full)


def hand_worth(state: State, seat: int) -> float:
    """Points the cards the seat holds are worth beyond their victory points."""
    held = cards.held_codes(state, seat)
    if not held:
        return 0.0
    worth = sum(PERMANENT.get(code, 0.0) + ONE_TIME.get(code, 0.0) for code in held)
    return worth * game_left(state)


@dataclass(frozen=True)
class CardEvaluation:
    """:class:`planner.Evaluation` plus :func:`hand_worth` (in points)."""

    base: Evaluation = field(default_factory=Evaluation)
    hand: float = 1.0
    """Share of :func:`hand_worth` counted."""

    def __call__(self, game: Game, state: State, seat: int) -> float:
        return self.base(game, state, seat) + self.hand * self.base.point * hand_worth(state, seat)


CARD_EVALUATION = CardEvaluation()


def die_used(words: list[str]) -> tuple[int, list[str]] | None:
    """(the value a turn's die acts with, the action's own words) for an
    action text that picks a die ("[2a] 4 [1b=2|5a+1|5b=flip] build ..."),
    a permanent card changing the die on the way; None for any other text
    (a one-time card's change, a reroll, an answer to a claim)."""
    rest = words[1:] if words[:1] == ["2a"] else words
    if not rest or not rest[0].isdigit():
        return None
    value, rest = int(rest[0]), rest[1:]
    if rest and rest[0][:2] in ("1b", "5a", "5b"):
        mod = rest[0]
        if mod == "5b=reroll":
            return None
        value = 7 - value if mod == "5b=flip" else value + int(mod[2:]) if mod[:2] == "5a" else int(mod[3:])
        rest = rest[1:]
    return value, rest


def one_per_action(texts: list[str]) -> list[str]:
    """``texts`` with one text per action a permanent die-changer can reach
    several ways (die 2 made a 4, die 5 made a 4, a rolled 4: the same
    action): an unchanged die's if there is one, else the first."""
    seen: set[tuple[int, tuple[str, ...]]] = set()
    out: list[str] = []
    for text in sorted(texts, key=lambda t: any(w[:2] in ("1b", "5a", "5b") for w in t.split())):
        used = die_used(text.split())
        if used is not None:
            key = (used[0], tuple(used[1]))
            if key in seen:
                continue
            seen.add(key)
        out.append(text)
    return out


def hard_promising(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The easy bot's promising actions (:func:`guides.promising`), one per
    action (:func:`one_per_action`)."""
    return one_per_action(promising(game, state, seat, rng))
