"""The steps of a Days of Steam game as phase objects, and the :data:`PHASES` table.

A player's turn is one :class:`PlayPhase` (play a track tile or a town, move
the train, or take water; coal may be burnt first; a player with nothing
else open discards and draws), or a :class:`PlaceTownPhase` while the town
he drew from the deck waits to be placed. Chance steps (set-up, draws, the
derailment roll) are the phases of :mod:`.chance`, one per kind of pending
draw in ``state["pending"]``.

The choices of a turn are a tree of tokens (:mod:`games.tree`) grown from
the turn classes of :mod:`.turns`: the panel, the legal actions and
autocomplete all come from it. A typed action is read by the strict ASCII
grammar of :mod:`.grammar` (case, leading zeros, a segment's ends and a
tile's segments in any order, the long goods spelling), which maps harmless
variants to the canonical text that the tree offers and the log stores.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Callable, Mapping, Sequence

from games.core import Applied, Choice, State
from games.phases import ChancePhase, PlayerPhase
from games.tree import Node

from .chance import CHANCE_PHASES
from .turns import apply_turn, legal_choices

MEMO_SIZE = 8
"""How many (state, seat) choice lists :func:`choices_of` keeps: a panel
asks for the same state's choices once per step it shows."""

_memo: OrderedDict[tuple[str, int], list[Node]] = OrderedDict()


def tree_of(found: Sequence[Choice], depth: int = 0) -> list[Node]:
    """The token tree whose leaves are exactly ``found`` (in the order they
    come, grouped by their token at each step)."""
    groups: dict[str, list[Choice]] = {}
    for choice in found:
        groups.setdefault(choice.steps[depth].token, []).append(choice)
    nodes = []
    for same in groups.values():
        first = same[0]
        step = first.steps[depth]
        if len(first.steps) == depth + 1:
            nodes.append(Node(step.token, step.label, step.heading, step.detail, command=first.command,
                              summary=first.summary, menu=step.menu))
            continue
        nodes.append(Node(step.token, step.label, step.heading, step.detail, command=first.command,
                          expand=_below(same, depth + 1), menu=step.menu))
    return nodes


def _below(found: Sequence[Choice], depth: int) -> Callable[[], list[Node]]:
    """The next step's nodes, grown when a panel or a walk opens them."""
    return lambda: tree_of(found, depth)


def choices_of(state: State, seat: int) -> list[Node]:
    """The tree of ``seat``'s choices in ``state``, kept for the last few
    states (keyed by the state's JSON, outside the game object, which stays
    stateless)."""
    memo = (json.dumps(state, sort_keys=True), seat)
    if memo in _memo:
        _memo.move_to_end(memo)
        return list(_memo[memo])
    found = legal_choices(state, seat)
    nodes = tree_of(found)
    _memo[memo] = nodes
    while len(_memo) > MEMO_SIZE:
        _memo.popitem(last=False)
    return list(nodes)


def _seat_of_turn(state: State) -> list[int]:
    return [int(state["current"])]


class PlayPhase(PlayerPhase):
    """A player's turn: one of play a tile, play a town, move, take water
    (after burning coal, if he likes); discard and draw when none is open."""

    def seats(self, state: State) -> list[int]:
        return _seat_of_turn(state)

    def waiting_for(self, state: State) -> str:
        return "to play"

    def nodes(self, state: State, seat: int) -> list[Node]:
        return choices_of(state, seat)

    def apply(self, state: State, seat: int, action: str) -> Applied:
        """Read ``action`` with the strict grammar and carry it out; the
        canonical text is the one the tree offers."""
        events, canonical = apply_turn(state, seat, action)
        return Applied(state, events, canonical)


class PlaceTownPhase(PlayPhase):
    """The town drawn from the deck is placed by the player who drew it,
    in the same turn."""

    def waiting_for(self, state: State) -> str:
        return f"to place the {state['drawn']['colour']} town drawn"


PHASES: Mapping[str, PlayerPhase | ChancePhase] = {
    "play": PlayPhase(),
    "place": PlaceTownPhase(),
    **CHANCE_PHASES,
}
"""Every step of the game by name: the players' two and the chance steps
(named by the kind of pending draw)."""
