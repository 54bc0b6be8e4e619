"""A stand-in game for the turn panel's harder paths: every seat is due at
once, and a step may offer a single option.

Each player pledges once, all at the same time: a colour nobody has taken
yet, a route for that colour, and 1 or 2 coins (``/pledge pledge``; the
action reads "red north 2"; typed in capitals or with leading zeros it is
taken in its canonical form). Red has a single route (north),
so a panel skips that step. Once everyone has pledged the game is over; the
score is the coins pledged.
"""

from __future__ import annotations

import random
import re

from games.core import Applied, Choice, Game, IllegalAction, Outcome, State, Step
from rendering import kit

COLOURS = ("blue", "red", "green")
ROUTES = {"blue": ("south", "east"), "red": ("north",), "green": ("west", "north")}
AMOUNTS = ("1", "2")
PLEDGE_TEXT = re.compile(r"([a-z]+) ([a-z]+) 0*([0-9]+)", re.ASCII | re.IGNORECASE)


class Pledge(Game):
    slug = "pledge"
    name = "Pledge"
    min_seats = 2
    max_seats = 3
    summary = "Everyone pledges at once: a colour, a route, 1 or 2 coins."
    command_group = "pledge"
    commands = {"pledge": "Pledge coins on a colour"}

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        return {"pledges": [None] * seats}

    def to_act(self, state: State) -> list[int]:
        return [s for s, p in enumerate(state["pledges"]) if p is None]

    def free_colours(self, state: State) -> list[str]:
        """The colours nobody has pledged on yet, in the game's order."""
        taken = {p[0] for p in state["pledges"] if p is not None}
        return [c for c in COLOURS[:len(state["players"])] if c not in taken]

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        if seat not in self.to_act(state):
            return []
        return [
            Choice((Step(c, c.capitalize(), "Which colour?"), Step(r, r.capitalize(), "Which route?"),
                    Step(a, f"{a} coin{'s' * (a != '1')}", "How many?")),
                   "pledge", f"{a} on {c} via {r}")
            for c in self.free_colours(state) for r in ROUTES[c] for a in AMOUNTS
        ]

    def _apply(self, state: State, seat: int, action: str) -> Applied:
        match = PLEDGE_TEXT.fullmatch(" ".join(action.split(" ")))
        parts = [match[1].lower(), match[2].lower(), match[3]] if match else []
        if not parts or parts[0] not in self.free_colours(state) or parts[1] not in ROUTES[parts[0]] \
                or parts[2] not in AMOUNTS:
            raise IllegalAction(f"'{action[:40]}' is not a pledge: pick a free colour, its route and 1 or 2.")
        state["pledges"][seat] = parts
        events = [f"{state['players'][seat]} pledged {parts[2]} on {parts[0]} via {parts[1]}."]
        return Applied(state, events, " ".join(parts))

    def sample_chance(self, state: State, rng: random.Random) -> str:
        raise IllegalAction("Pledge has no chance.")

    def is_over(self, state: State) -> bool:
        return not self.to_act(state)

    def outcome(self, state: State) -> Outcome:
        scores = [int(p[2]) if p else 0 for p in state["pledges"]]
        ranking = [[s for s in range(len(scores)) if scores[s] == v] for v in sorted(set(scores), reverse=True)]
        return Outcome(scores, [{"coins": v} for v in scores], ranking)


def render(state: State, viewer: int | None) -> bytes:
    image, draw = kit.new_canvas(300, 40 + 30 * len(state["players"]))
    for seat, name in enumerate(state["players"]):
        pledge = state["pledges"][seat]
        draw.text((10, 30 + 30 * seat), f"{seat + 1}: {' '.join(pledge) if pledge else '...'}",
                  font=kit.font(14), fill=kit.INK)
    return kit.to_png(image)


PLEDGE = Pledge()
