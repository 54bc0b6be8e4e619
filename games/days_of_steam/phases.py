"""The steps of a Days of Steam game as phase objects, and the :data:`PHASES` table.

A player's turn is one :class:`PlayPhase` (play a track tile or a town, move
the train, or take water; coal may be burnt first; a player with nothing
else open discards and draws), or a :class:`PlaceTownPhase` while the town
he drew from the deck waits to be placed. Chance steps (set-up, draws, the
derailment roll) are the phases of :mod:`.chance`, one per kind of pending
draw in ``state["pending"]``.

The choices of a turn are a lazy tree of tokens (:mod:`games.tree`) grown by
the turn classes of :mod:`.turns`: the panel, the legal actions,
autocomplete and the checking of typed text all walk it. Typed text is read
as ASCII only, its harmless variants folded into the canonical tokens the
tree holds (:func:`.grammar.fold`: case, leading zeros, a segment's ends
and a tile's segments in any order, the long goods spelling); what the walk
refuses is worded by the action's :meth:`.turns.Turn.explain`. No memo: a
branch is grown only when walked, and a typed action grows only its own.
"""

from __future__ import annotations

from typing import Mapping

from games.core import Applied, IllegalAction, State, tokens
from games.phases import ChancePhase, PlayerPhase
from games.tree import Node, canonical, run, walk

from . import grammar
from .chance import CHANCE_PHASES
from .state import typed
from .turns import Ctx, first_nodes, typed_turn


class PlayPhase(PlayerPhase):
    """A player's turn: one of play a tile, play a town, move, take water
    (after burning coal, if he likes); discard and draw when none is open."""

    def seats(self, state: State) -> list[int]:
        return [int(state["current"])]

    def waiting_for(self, state: State) -> str:
        return "to play"

    def nodes(self, state: State, seat: int) -> list[Node]:
        return first_nodes(Ctx(typed(state), seat))

    def apply(self, state: State, seat: int, action: str) -> Applied:
        """Walk the tree along the typed tokens (ASCII, variants folded) and
        run the effects on the way; a refusal says what is wrong."""
        words = tokens(action)
        turn = typed_turn(typed(state), words)
        folded = grammar.fold(words)
        ctx = Ctx(typed(state), seat)
        try:
            path = walk(first_nodes(ctx, turn, folded), folded)
        except IllegalAction as refusal:
            turn.explain(ctx, folded)
            raise refusal from None
        return Applied(state, run(path, state), canonical(path))


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
