"""The steps of a game's turn as small objects, and the game base that runs
them (the shape every game package follows: see ``games/README.md``).

``state["phase"]`` names the step that is due; :data:`OVER` when the game has
ended. A :class:`PlayerPhase` says who may act and offers the choices as a
tree of tokens (:mod:`games.tree`), from which the panel, the legal actions,
autocomplete and the checking of typed text all come. A :class:`ChancePhase`
draws a chance outcome and applies its canonical text. :class:`PhasedGame`
implements the :class:`games.core.Game` contract over a table of phases.
"""

from __future__ import annotations

import random
import re
from typing import Mapping, Sequence

from games.core import CHANCE, Applied, Choice, Game, IllegalAction, Option, State, tokens
from games.tree import Node, canonical, choices, options, quote, run, walk

OVER = "over"
"""``state["phase"]`` of a finished game."""

_NUMBER = re.compile(r"[0-9]{1,6}", re.ASCII)


class PlayerPhase:
    """A step where players act by choosing through a tree of tokens."""

    def seats(self, state: State) -> list[int]:
        """The seats that may act now (any one of them)."""
        raise NotImplementedError

    def nodes(self, state: State, seat: int) -> list[Node]:
        """The first tokens ``seat`` may choose."""
        raise NotImplementedError

    def waiting_for(self, state: State) -> str:
        """What the due seats are to do, for the status line ("to pick a die")."""
        return "to act"

    def apply(self, state: State, seat: int, action: str) -> Applied:
        path = walk(self.nodes(state, seat), tokens(action))
        return Applied(state, run(path, state), canonical(path))


class ChancePhase:
    """A step where chance acts: a die, a draw, a shuffle."""

    def sample(self, state: State, rng: random.Random) -> str:
        """The canonical text of an outcome drawn with ``rng``."""
        raise NotImplementedError

    def apply(self, state: State, action: str) -> list[str] | Applied:
        """Apply an outcome's text (strictly parsed: replays and tests type it);
        return the events, or ``Applied`` with the canonical text when a
        variant was typed."""
        raise NotImplementedError


def numbers(tokens: Sequence[str], count: int, low: int, high: int, what: str) -> list[int]:
    """``count`` ASCII whole numbers from ``low`` to ``high``, or
    IllegalAction naming ``what``."""
    if len(tokens) != count or not all(_NUMBER.fullmatch(t) and low <= int(t) <= high for t in tokens):
        shown = quote(" ".join(tokens))
        raise IllegalAction(f"{what} needs {count} number{'s' * (count != 1)} from {low} to {high}, not '{shown}'.")
    return [int(t) for t in tokens]


class PhasedGame(Game):
    """The contract of :class:`games.core.Game` over ``phases``: the table
    from ``state["phase"]`` to its step object."""

    phases: Mapping[str, PlayerPhase | ChancePhase] = {}

    def phase_of(self, state: State) -> PlayerPhase | ChancePhase | None:
        """The step due now, or None once the game is over."""
        name = state["phase"]
        return None if name == OVER else self.phases[name]

    def to_act(self, state: State) -> list[int]:
        phase = self.phase_of(state)
        if phase is None:
            return []
        if isinstance(phase, ChancePhase):
            return [CHANCE]
        return phase.seats(state)

    def _nodes(self, state: State, seat: int) -> list[Node]:
        phase = self.phase_of(state)
        if not isinstance(phase, PlayerPhase) or seat not in phase.seats(state):
            return []
        return phase.nodes(state, seat)

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        return choices(self._nodes(state, seat))

    def options_at(self, state: State, seat: int, prefix: Sequence[str]) -> list[Option]:
        return options(self._nodes(state, seat), prefix)

    def _apply(self, state: State, seat: int, action: str) -> list[str] | Applied:
        phase = self.phase_of(state)
        if phase is None:
            raise IllegalAction("The game is over.")
        if seat == CHANCE:
            if not isinstance(phase, ChancePhase):
                raise IllegalAction("No chance outcome is due now.")
            return phase.apply(state, action)
        if not isinstance(phase, PlayerPhase):
            raise IllegalAction("Wait a moment: the game is rolling dice or drawing.")
        return phase.apply(state, seat, action)

    def sample_chance(self, state: State, rng: random.Random) -> str:
        phase = self.phase_of(state)
        if not isinstance(phase, ChancePhase):
            raise IllegalAction("No chance outcome is due now.")
        return phase.sample(state, rng)

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == OVER)
