"""Set-up as chance outcomes: the goods draws and the player-order roll."""

from __future__ import annotations

import random

from games.core import IllegalAction, State

from .goods import column, cubes_token, parse_cubes, stock_draw, stock_plan, take_from_bag
from .maps import ORDER_PRIORITY, map_of
from .grammar import NUMBER
from .params import COLOURS
from .phase_base import Chance, name, register, start, turn_start
from .state import typed


def _stocked(state: State) -> str:
    """The set-up draw's event, in the map's words."""
    m = map_of(state)
    where = [w for w, here in (("the goods display", m.display), ("the cities", bool(state["cubes"])),
                               ("the plain and river hexes", m.goods_on_map)) if here]
    text = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " and " + where[-1]
    verb = "is" if where == ["the goods display"] else "are"
    return f"{text[0].upper()}{text[1:]} {verb} stocked from the bag."


class Stock(Chance):
    """Set-up: fill the goods display, the cities' starting goods and the
    goods lying on map hexes, as the map says (:func:`goods.stock_plan`)."""

    phase = "stock"
    title = "Set-up: drawing goods"

    def sample(self, state: State, rng: random.Random) -> str:
        return f"stock {cubes_token(stock_draw(stock_plan(typed(state)), state['bag'], rng))}"

    def act(self, state: State, tokens: list[str]) -> list[str]:
        plan = stock_plan(typed(state))
        try:
            cubes = parse_cubes(tokens[1]) if len(tokens) == 2 and tokens[0] == "stock" else []
        except KeyError:
            cubes = []
        counts = {c: cubes.count(c) for c in COLOURS}
        if len(cubes) != len(plan) or any(counts[c] > state["bag"][c] for c in COLOURS):
            raise IllegalAction(f"The set-up draws {len(plan)} cubes from the bag: 'stock RBPYK...'.")
        for slot, cube in zip(plan, cubes):
            if cube in slot.redraw:
                raise IllegalAction(f"Display column {slot.where} takes no {cube} cube at set-up: "
                                    f"it is drawn again.")
        take_from_bag(state["bag"], cubes)
        for slot, cube in zip(plan, cubes):
            if slot.kind == "box":
                column(state["display"], slot.where)[slot.row] = cube
            elif slot.kind == "city":
                state["cubes"].setdefault(slot.where, []).append(cube)
            else:
                state["map_cubes"][slot.where] = cube
        return [_stocked(state), *start("order", state)]


class PlayerOrderRoll(Chance):
    """Set-up: the dice decide the first player order."""

    phase = "order"
    title = "Set-up: rolling for player order"

    def sample(self, state: State, rng: random.Random) -> str:
        seats = list(range(len(state["players"])))
        rng.shuffle(seats)
        return "order " + " ".join(str(s) for s in seats)

    def act(self, state: State, tokens: list[str]) -> list[str]:
        n = len(state["players"])
        seats = [int(t) for t in tokens[1:] if NUMBER.fullmatch(t)]
        if tokens[:1] != ["order"] or sorted(seats) != list(range(n)):
            raise IllegalAction("The player order roll is 'order' and every seat once.")
        state["order"] = seats
        events = ["Player order by dice roll: " + ", ".join(name(state, s) for s in seats) + "."]
        if map_of(state).player_order == ORDER_PRIORITY:
            state["first_player"] = seats[0]
        return [*events, *start(turn_start(state), state)]


register(Stock())
register(PlayerOrderRoll())
