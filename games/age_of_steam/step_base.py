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

    def actors(self, state: State) -> list[int]:
        return [CHANCE]

    def choices(self, state: State, seat: int) -> list[Choice]:
        return []

    def options(self, state: State, seat: int, prefix: list[str]) -> list[Option] | None:
        """A faster panel walk than grouping :meth:`choices`; None: use the default."""
        return None

    def apply(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        raise IllegalAction("Nothing to do now.")

    def sample(self, state: State, rng: random.Random) -> str:
        raise IllegalAction("No chance outcome is due now.")

    def begin(self, state: State) -> None:
        """Make this the current step."""
        state["phase"] = self.phase
        state["step"] = {}

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


def start(phase: str, state: State) -> None:
    """Begin the step named ``phase`` (it may finish at once and begin the next)."""
    REGISTRY[phase].begin(state)


def finish(state: State) -> None:
    """The game is over."""
    state["phase"] = "over"
    state["step"] = {}
