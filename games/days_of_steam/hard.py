"""Days of Steam's hard bot: rollouts of the planner from its best few moves.

A setting of :class:`games.bot_search.Rollouts` over :mod:`.planner` (the
normal bot): the planner's best few actions are each played out a few turns ahead (every seat played
by the planner, chance drawn from the bot's own rng) and the one whose
play-outs end best, by the planner's judgement, is played.

The view hides the other players' hands and the track deck (it shows their
sizes). A play-out needs them, so :func:`deal_unseen` deals a world
consistent with the view: the track tiles the seat can't see (every tile
of the game less those on the map, in its own hand and discarded) are dealt
at random, as many to each other hand as it holds, the rest to the deck.
Everything else (the town deck and the goods bag, as counts; the face-up
towns) is public.
"""

from __future__ import annotations

import random

from games.bot_search import Rollouts
from games.core import Game, State

from .params import track_deck
from .planner import PLANNER, evaluate
from .state import typed

HIDDEN_KEYS = ("hand_sizes", "deck_size", "viewer")
"""What a view adds to the state, left out of a dealt world."""


def unseen_tiles(view: State, seat: int) -> dict[str, int]:
    """The track tiles ``seat`` can't see: the game's, less those on the
    map, in its hand and discarded (a multiset)."""
    left = track_deck()
    state = typed(view)
    seen = [t["kind"] for t in state["tiles"].values() if t["kind"] != "town"]
    seen += list(state["hands"][seat]) + list(state["discarded"])
    for kind in seen:
        left[kind] = left.get(kind, 0) - 1
    return {k: v for k, v in left.items() if v > 0}


def deal_unseen(game: Game, view: State, seat: int, rng: random.Random) -> State:
    """A whole state consistent with ``seat``'s view: the unseen track tiles
    dealt at random to the other hands (their sizes as the view shows them)
    and the deck (the rest)."""
    world = {k: v for k, v in view.items() if k not in HIDDEN_KEYS}
    pool = [kind for kind, count in sorted(unseen_tiles(view, seat).items()) for _ in range(count)]
    rng.shuffle(pool)
    sizes = view.get("hand_sizes") or [len(h or []) for h in view["hands"]]
    hands = []
    for s, hand in enumerate(view["hands"]):
        if s == seat:
            hands.append(list(hand))
        else:
            hands.append(pool[:int(sizes[s])])
            pool = pool[int(sizes[s]):]
    world["hands"] = hands
    deck: dict[str, int] = {}
    for kind in pool:
        deck[kind] = deck.get(kind, 0) + 1
    world["deck"] = deck
    return world


def ranked(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The planner's ranking of the seat's legal actions, best first."""
    return PLANNER.ranked(game, state, seat, rng)


HARD = Rollouts(PLANNER, ranked, evaluate, deal_unseen, width=3, samples=1, horizon=4, time_limit=2.5)
"""The hard bot: the planner's best three, each played out in one dealt
world (the same for the three) for four actions (chance draws included:
about one turn of each other seat and the bot's own next turn, enough to see
a tile laid now pay off in the next move). The time limit (checked between
play-outs) only stops a search that runs far too long, late in a game on a
large map."""
