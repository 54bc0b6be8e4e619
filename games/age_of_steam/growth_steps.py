"""Step 9, Goods Growth (with Production first), and step 10, Advance Turn Marker."""

from __future__ import annotations

from functools import partial
import random
import re

from games.core import IllegalAction, State
from games.tree import Node

from .goods import (column, cubes_token, draw, empty_boxes, grow, parse_cubes, take_from_bag,
                    usable_columns)
from .maps import map_of
from .state import typed
from .hexmap import board_of
from .params import rules
from .phase_base import Chance, Phase, finish, holder, name, node, register, start, turn_start


DIE = re.compile(r"[1-6]", re.ASCII)


class Production(Phase):
    """Goods growth begins with the Production action: "randomly draw two
    Goods cubes from the bag and place them on any two empty boxes on the
    Goods Display, one cube per box". The holder places the drawn cubes one
    at a time, each in the empty box of his choice, in either order."""

    phase = "production"
    title = "Production"
    usage = "Place a drawn cube with 'produce COLOUR COLUMN BOX' (e.g. 'produce red L1 2')."

    def begin(self, state: State) -> list[str]:
        seat = holder(state, "production")
        sides = map_of(state).display_sides
        count = min(rules().production_draws, empty_boxes(state["display"], sides), sum(state["bag"].values()))
        if seat is None or count <= 0:
            return start("growth", state)
        state["phase"] = self.phase
        state["step"] = {"seat": seat, "count": count, "drawn": False}
        state["held"] = []
        return []

    def seats(self, state: State) -> list[int]:
        st = state["step"]
        return [st["seat"]] if st["drawn"] else []

    def nodes(self, state: State, seat: int) -> list[Node]:
        held: list[str] = state["held"]
        if not held:
            return []
        drawn = " and ".join(held)
        return [node("produce", f"Place a drawn cube ({drawn})", "Production: place a drawn cube",
                     expand=lambda: self._cubes(state))]

    def _cubes(self, state: State) -> list[Node]:
        held: list[str] = state["held"]
        return [node(cube, f"The {cube} cube", "Which cube?", "the other goes next" if len(held) > 1 else "",
                     expand=partial(self._columns, state, cube))
                for cube in dict.fromkeys(held)]

    def _columns(self, state: State, cube: str) -> list[Node]:
        return [node(col_name, f"Column {col_name} ({col.count(None)} empty)", f"Which column for the {cube} cube?",
                     _column_detail(state, col_name), menu=True,
                     expand=partial(self._boxes, cube, col_name, col))
                for col_name, col in usable_columns(state["display"], map_of(state).display_sides) if None in col]

    def _boxes(self, cube: str, col_name: str, col: list[str | None]) -> list[Node]:
        return [node(str(i + 1), f"Box {i + 1} of {len(col)}", f"Which box of column {col_name}?",
                     "the top box's cube goes out first", command="action",
                     summary=f"Place the {cube} cube in box {i + 1} of display column {col_name}")
                for i, box in enumerate(col) if box is None]

    def canonical(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        """``produce COLUMN`` (the text of earlier versions, kept so stored
        logs replay) places the first drawn cube in the column's top-most
        empty box."""
        if len(tokens) != 2 or tokens[0] != "produce" or not state.get("held"):
            return tokens
        col = column(state["display"], tokens[1])
        if None not in col:
            raise IllegalAction(f"Column {tokens[1]} has no empty box.")
        return ["produce", state["held"][0], tokens[1], str(col.index(None) + 1)]

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        if len(tokens) != 4 or tokens[0] != "produce":
            raise IllegalAction(self.usage)
        cube, col_name, box = tokens[1], tokens[2], int(tokens[3])
        if cube not in state["held"]:
            raise IllegalAction(f"You have no {cube} cube to place: you hold {' and '.join(state['held'])}.")
        col = column(state["display"], col_name)
        if col_name not in dict(usable_columns(state["display"], map_of(state).display_sides)):
            raise IllegalAction(f"Column {col_name} is not in play on the {map_of(state).name} map.")
        if not 1 <= box <= len(col):
            raise IllegalAction(f"Column {col_name} has boxes 1 to {len(col)}.")
        if col[box - 1] is not None:
            raise IllegalAction(f"Box {box} of column {col_name} holds a cube: pick an empty box.")
        state["held"].remove(cube)
        col[box - 1] = cube
        events = [f"{name(state, seat)} places the {cube} cube in box {box} of display column {col_name}."]
        if not state["held"] or empty_boxes(state["display"], map_of(state).display_sides) == 0:
            for left in state["held"]:
                state["bag"][left] += 1
            state["held"] = []
            events.extend(start("growth", state))
        return events



class ProductionDraw(Chance):
    """Production's draw: the cubes the holder then places (the phase is
    still ``production``; chance acts until the cubes are drawn)."""

    phase = "production"
    title = "Production"
    usage = Production.usage

    def sample(self, state: State, rng: random.Random) -> str:
        return f"produce {cubes_token(draw(state['bag'], state['step']['count'], rng))}"

    def act(self, state: State, tokens: list[str]) -> list[str]:
        st = state["step"]
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


def _column_detail(state: State, col_name: str) -> str:
    b = board_of(state)
    if col_name[0] in "LD" and col_name[1:].isdigit():
        side = "light" if col_name[0] == "L" else "dark"
        return f"ships to {b.cities[b.city_by_growth(side, int(col_name[1:]))].name}"
    return f"ships to new city {col_name} once placed"


def growth_dice(state: State, side: str) -> int:
    """Dice rolled for ``side``: the map's (Barbados: 2 light, none dark),
    else one per player (base)."""
    dice = map_of(state).growth_dice
    return len(state["players"]) if dice is None else int(dice.get(side, 0))


class GoodsGrowth(Chance):
    """As many dice as players at the start (or the map's number): the
    light side, then the dark (on the sides the map uses)."""

    phase = "growth"
    title = "Goods growth"
    usage = "Goods growth is rolled by the game: 'light 3 5 1'."

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        state["step"] = {"side": map_of(state).display_sides[0]}
        state.pop("held", None)
        return []

    def sample(self, state: State, rng: random.Random) -> str:
        dice = [rng.randint(1, 6) for _ in range(growth_dice(state, state["step"]["side"]))]
        return f"{state['step']['side']} " + " ".join(str(d) for d in dice)

    def act(self, state: State, tokens: list[str]) -> list[str]:
        side = state["step"]["side"]
        n = growth_dice(state, side)
        dice = [int(t) for t in tokens[1:] if DIE.fullmatch(t)]
        if tokens[:1] != [side] or len(dice) != n or len(tokens) != n + 1:
            raise IllegalAction(f"Goods growth rolls {n} dice for the {side} side: '{side} 3 5 1'.")
        moved = grow(typed(state), side, dice)
        events = [f"Goods growth, {side} side: rolled {' '.join(map(str, dice))}: "
                  f"{', '.join(moved) if moved else 'no cubes left in those columns'}."]
        sides = map_of(state).display_sides
        if side != sides[-1]:
            state["step"]["side"] = sides[sides.index(side) + 1]
        else:
            events.extend(advance_turn(state))
        return events


def advance_turn(state: State) -> list[str]:
    """Step 10: the game ends after the last turn."""
    game = typed(state)
    if game["round"] >= game["rounds"]:
        finish(state)
        return [f"Turn {game['round']} was the last: the game is over."]
    game["round"] += 1
    return [f"Turn {game['round']} of {game['rounds']} begins.", *start(turn_start(state), state)]


PRODUCTION_DRAW = ProductionDraw()

register(Production())
register(GoodsGrowth())
