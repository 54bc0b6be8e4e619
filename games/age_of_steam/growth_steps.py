"""Step 9, Goods Growth (with Production first), and step 10, Advance Turn Marker."""

from __future__ import annotations

import random

from games.core import CHANCE, Choice, IllegalAction

from .goods import (column, cubes_token, display_columns, draw, empty_boxes, grow, parse_cubes,
                    take_from_bag)
from .hexmap import board
from .params import rules
from .step_base import State, Step, choice, finish, holder, name, register, start


class Production(Step):
    """Goods growth begins with the Production action: two cubes drawn from
    the bag, each placed by its holder in an empty box of the display."""

    phase = "production"
    title = "Production"

    def begin(self, state: State) -> None:
        seat = holder(state, "production")
        count = min(rules().production_draws, empty_boxes(state["display"]), sum(state["bag"].values()))
        if seat is None or count <= 0:
            start("growth", state)
            return
        state["phase"] = self.phase
        state["step"] = {"seat": seat, "count": count, "drawn": False}
        state["held"] = []

    def actors(self, state: State) -> list[int]:
        st = state["step"]
        return [st["seat"]] if st["drawn"] else [CHANCE]

    def sample(self, state: State, rng: random.Random) -> str:
        return f"produce {cubes_token(draw(state['bag'], state['step']['count'], rng))}"

    def choices(self, state: State, seat: int) -> list[Choice]:
        cube = state["held"][0]
        out = []
        for col_name, col in display_columns(state["display"]):
            if None in col:
                out.append(choice("action", f"Place the {cube} cube in display column {col_name}",
                                  ("produce", f"Place the {cube} cube", f"Production: place the {cube} cube", ""),
                                  (col_name, f"Column {col_name} ({col.count(None)} empty)",
                                   f"Which column for the {cube} cube?", _column_detail(col_name))))
        return out

    def apply(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        st = state["step"]
        if seat == CHANCE:
            try:
                cubes = parse_cubes(tokens[1]) if len(tokens) == 2 and tokens[0] == "produce" else []
            except KeyError:
                cubes = []
            if len(cubes) != st["count"] or any(cubes.count(c) > state["bag"][c] for c in cubes):
                raise IllegalAction(f"Production draws {st['count']} cubes: 'produce RB'.")
            take_from_bag(state["bag"], cubes)
            state["held"] = cubes
            st["drawn"] = True
            return [f"{name(state, st['seat'])} draws {', '.join(cubes)} for Production."]
        if len(tokens) != 2 or tokens[0] != "produce":
            raise IllegalAction("Place the drawn cube with 'produce COLUMN' (L1-L6, D1-D6, A-H).")
        try:
            col = column(state["display"], tokens[1])
        except KeyError:
            raise IllegalAction(f"{tokens[1]} is not a display column (L1-L6, D1-D6, A-H).") from None
        if None not in col:
            raise IllegalAction(f"Column {tokens[1]} has no empty box.")
        cube = state["held"].pop(0)
        col[col.index(None)] = cube
        events = [f"{name(state, seat)} places a {cube} cube in display column {tokens[1]}."]
        if not state["held"] or None not in [c for _, cl in display_columns(state["display"]) for c in cl]:
            for left in state["held"]:
                state["bag"][left] += 1
            state["held"] = []
            start("growth", state)
        return events


def _column_detail(col_name: str) -> str:
    b = board()
    if col_name[0] in "LD" and col_name[1:].isdigit():
        side = "light" if col_name[0] == "L" else "dark"
        return f"ships to {b.cities[b.city_by_growth(side, int(col_name[1:]))].name}"
    return f"ships to new city {col_name} once placed"


class GoodsGrowth(Step):
    """As many dice as players at the start: the light side, then the dark."""

    phase = "growth"
    title = "Goods growth"

    def begin(self, state: State) -> None:
        state["phase"] = self.phase
        state["step"] = {"side": "light"}
        state.pop("held", None)

    def sample(self, state: State, rng: random.Random) -> str:
        dice = [rng.randint(1, 6) for _ in state["players"]]
        return f"{state['step']['side']} " + " ".join(str(d) for d in dice)

    def apply(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        side = state["step"]["side"]
        n = len(state["players"])
        dice = [int(t) for t in tokens[1:] if t.isdigit() and 1 <= int(t) <= 6]
        if tokens[:1] != [side] or len(dice) != n or len(tokens) != n + 1:
            raise IllegalAction(f"Goods growth rolls {n} dice for the {side} side: '{side} 3 5 1'.")
        moved = grow(state, side, dice)
        events = [f"Goods growth, {side} side: rolled {' '.join(map(str, dice))}: "
                  f"{', '.join(moved) if moved else 'no cubes left in those columns'}."]
        if side == "light":
            state["step"]["side"] = "dark"
        else:
            events.extend(advance_turn(state))
        return events


def advance_turn(state: State) -> list[str]:
    """Step 10: the game ends after the last turn."""
    if state["turn"] >= state["turns"]:
        finish(state)
        return [f"Turn {state['turn']} was the last: the game is over."]
    state["turn"] += 1
    start("shares", state)
    return [f"Turn {state['turn']} of {state['turns']} begins."]


class Over(Step):
    phase = "over"
    title = "Game over"

    def actors(self, state: State) -> list[int]:
        return []


register(Production())
register(GoodsGrowth())
register(Over())
