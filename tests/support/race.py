"""A tiny stand-in game for platform tests: race along a track to a goal.

On your turn step 1 or 2 spaces, or roll the die (a chance outcome) and move
that far. The start player is a chance outcome too. First to the goal wins.

Schema 2 renamed the key of the seat to move from ``turn`` (schema 1) to
``current``, the platform's word; :func:`current_was_turn` upgrades a state
stored in schema 1, so the platform's versioned-state tests have a real
migration to load through.
"""

from __future__ import annotations

import random
import re

from games.core import CHANCE, Choice, Game, GameOption, IllegalAction, Outcome, State, Step
from games.tree import quote
from rendering import kit


def current_was_turn(state: State) -> State:
    """Schema 1 -> 2: the seat to move was stored under ``turn``."""
    upgraded = {k: v for k, v in state.items() if k != "turn"}
    upgraded["current"] = state["turn"]
    return upgraded


class Race(Game):
    slug = "race"
    name = "Race"
    schema_version = 2
    migrations = {1: current_was_turn}
    min_seats = 2
    max_seats = 4
    options = (GameOption("goal", "Spaces to the finish", ("10", "20", "100"), "10"),
               GameOption("stride", "Longest step", ("2", "30"), "2"))
    summary = "Step 1 or 2, or roll the die; first to the goal wins."
    rules_topics = {"rolling": "Roll: a die decides how far you move."}
    command_group = "race"
    commands = {"step": "Move 1 or 2 spaces", "roll": "Roll the die and move"}

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        return {"positions": [0] * seats, "current": None, "rolling": False,
                "goal": int(options["goal"]), "stride": int(options["stride"]), "last": None}

    def to_act(self, state: State) -> list[int]:
        if self.is_over(state):
            return []
        if state["current"] is None or state["rolling"]:
            return [CHANCE]
        return [int(state["current"])]

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        if seat not in self.to_act(state) or seat == CHANCE:
            return []
        step = Step("step", "Step", "What do you do?")
        return [
            *(Choice((step, Step(str(n), f"{n} space{'s' * (n > 1)}", "How far?")), "step",
                     f"Step {n} space{'s' * (n > 1)}") for n in range(1, state["stride"] + 1)),
            Choice((Step("roll", "Roll the die", "What do you do?"),), "roll", "Roll the die"),
        ]

    def _apply(self, state: State, seat: int, action: str) -> list[str]:
        names = state["players"]
        if seat == CHANCE:
            kind, _, value = action.partition(" ")
            if state["current"] is None and kind == "first" and re.fullmatch(r"[0-9]", value, re.ASCII) is not None and int(value) < len(names):
                state["current"] = int(value)
                return [f"{names[int(value)]} starts."]
            if state["rolling"] and kind == "die" and value in {"1", "2", "3", "4", "5", "6"}:
                state["rolling"] = False
                return self._move(state, int(state["current"]), int(value), f"rolled {value}")
            raise IllegalAction(f"'{quote(action)}' is not a chance outcome due now.")
        if action == "roll":
            state["rolling"] = True
            return [f"{names[seat]} rolls..."]
        kind, _, far = action.partition(" ")
        if kind == "step" and re.fullmatch(r"[0-9]{1,3}", far, re.ASCII) and 1 <= int(far) <= state["stride"]:
            return self._move(state, seat, int(far), "stepped")
        raise IllegalAction(f"'{quote(action)}' is not a move: choose step 1 to step {state['stride']}, or roll.")

    def _move(self, state: State, seat: int, spaces: int, how: str) -> list[str]:
        state["positions"][seat] = min(state["goal"], state["positions"][seat] + spaces)
        state["last"] = seat
        state["current"] = (seat + 1) % len(state["players"])
        return [f"{state['players'][seat]} {how} to space {state['positions'][seat]}."]

    def sample_chance(self, state: State, rng: random.Random) -> str:
        if state["current"] is None:
            return f"first {rng.randrange(len(state['players']))}"
        return f"die {rng.randint(1, 6)}"

    def is_over(self, state: State) -> bool:
        return max(state["positions"]) >= state["goal"]

    def outcome(self, state: State) -> Outcome:
        scores = list(state["positions"])
        ranking = [[s for s in range(len(scores)) if scores[s] == v] for v in sorted(set(scores), reverse=True)]
        return Outcome(scores, [{"spaces": v} for v in scores], ranking)

    def status_line(self, state: State) -> str:
        if self.is_over(state):
            return "Game over."
        return f"{state['players'][state['current']]} to move."

    def check_invariants(self, state: State) -> list[str]:
        return [] if all(0 <= p <= state["goal"] for p in state["positions"]) else ["position out of range"]


def render(state: State, viewer: int | None) -> bytes:
    image, draw = kit.new_canvas(400, 60 + 40 * len(state["players"]))
    for seat, name in enumerate(state["players"]):
        y = 40 + 40 * seat
        draw.text((10, y), name, font=kit.font(16), fill=kit.INK, anchor="lm")
        kit.seat_marker(draw, 90 + 14 * state["positions"][seat], y, 12, seat, name[0].upper())
    return kit.to_png(image)


RACE = Race()
