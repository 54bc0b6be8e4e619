"""Set-up as chance outcomes: the goods draws and the player-order roll."""

from __future__ import annotations

import random

from games.core import IllegalAction, State

from .goods import (column, cubes_token, draw, parse_cubes, starting_goods_order, stock_order,
                    take_from_bag)
from .grammar import NUMBER
from .params import COLOURS
from .phase_base import Chance, name, register, start


class Stock(Chance):
    """Set-up: fill the goods display, then the cities' starting goods."""

    phase = "stock"
    title = "Set-up: drawing goods"

    def sample(self, state: State, rng: random.Random) -> str:
        count = len(stock_order(state["display"])) + sum(n for _, n in starting_goods_order())
        return f"stock {cubes_token(draw(state['bag'], count, rng))}"

    def act(self, state: State, tokens: list[str]) -> list[str]:
        boxes = stock_order(state["display"])
        goods = starting_goods_order()
        need = len(boxes) + sum(n for _, n in goods)
        try:
            cubes = parse_cubes(tokens[1]) if len(tokens) == 2 and tokens[0] == "stock" else []
        except KeyError:
            cubes = []
        counts = {c: cubes.count(c) for c in COLOURS}
        if len(cubes) != need or any(counts[c] > state["bag"][c] for c in COLOURS):
            raise IllegalAction(f"The set-up draws {need} cubes from the bag: 'stock RBPYK...'.")
        take_from_bag(state["bag"], cubes)
        it = iter(cubes)
        for col_name, row in boxes:
            column(state["display"], col_name)[row] = next(it)
        for city, n in goods:
            state["cubes"][city] = [next(it) for _ in range(n)]
        return ["The goods display and the cities are stocked from the bag.", *start("order", state)]


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
        return ["Player order by dice roll: " + ", ".join(name(state, s) for s in seats) + ".",
                *start("shares", state)]


register(Stock())
register(PlayerOrderRoll())
