"""What every step of a turn shares: the Step base class, the registry of
steps by phase, and small helpers (names, choices, who holds an action)."""

from __future__ import annotations

import random
from typing import Any

from games.core import CHANCE, Choice, IllegalAction, Option
from games.core import Step as Tok

from .economy import active_seats

State = dict[str, Any]

REGISTRY: dict[str, "Step"] = {}


def name(state: State, seat: int) -> str:
    return str(state["players"][seat])


def choice(command: str, summary: str, *steps: tuple[str, str, str, str]) -> Choice:
    """A Choice from (token, label, heading, detail) steps."""
    return Choice(tuple(Tok(t, lab[:80], head[:100], det[:100]) for t, lab, head, det in steps),
                  command, summary[:100])


class Step:
    """One step of the turn."""

    phase = ""
    title = ""
    usage = "The panel lists the legal actions."
    """How to write this step's actions, told with a refused text."""

    def actors(self, state: State) -> list[int]:
        return [CHANCE]

    def choices(self, state: State, seat: int) -> list[Choice]:
        return []

    def options(self, state: State, seat: int, prefix: list[str]) -> list[Option] | None:
        """A faster panel walk than grouping :meth:`choices`; None: use the default."""
        return None

    def canonical(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        """The canonical words of ``tokens`` (already in canonical form,
        word by word) where the step maps a short form to its full text."""
        return tokens

    def apply(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        """Apply the canonical words ``tokens``; raise IllegalAction first if
        they are not legal now."""
        raise IllegalAction("Nothing to do now.")

    def sample(self, state: State, rng: random.Random) -> str:
        raise IllegalAction("No chance outcome is due now.")

    def begin(self, state: State) -> list[str]:
        """Make this the current step; returns the events of what it
        resolves at once (a player skipped, a step that needs nobody)."""
        state["phase"] = self.phase
        state["step"] = {}
        return []

    def status(self, state: State) -> str:
        due = [s for s in self.actors(state) if s >= 0]
        return f"{self.title} · {', '.join(name(state, s) for s in due)} to act" if due else self.title


def queue_actor(state: State) -> list[int]:
    queue: list[int] = state["step"]["queue"]
    return [queue[0]] if queue else []


def holder(state: State, act: str) -> int | None:
    """The active seat that selected ``act`` this turn."""
    for seat, a in enumerate(state["action"]):
        if a == act and not state["eliminated"][seat]:
            return seat
    return None


def first_then_order(state: State, act: str) -> list[int]:
    order = active_seats(state)
    first = holder(state, act)
    return ([first] + [s for s in order if s != first]) if first is not None else order




def register(step: Step) -> Step:
    REGISTRY[step.phase] = step
    return step


def start(phase: str, state: State) -> list[str]:
    """Begin the step named ``phase`` (it may finish at once and begin the
    next); returns the events of what resolved at once."""
    return REGISTRY[phase].begin(state)


def finish(state: State) -> None:
    """The game is over."""
    state["phase"] = "over"
    state["step"] = {}
