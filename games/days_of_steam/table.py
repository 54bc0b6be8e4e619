"""The state's shared bookkeeping: multisets, steam, turn order, the end.

The state keeps the track deck, the town deck and the goods bag as
multisets (kind -> count); a draw is a chance outcome sampled from the
multiset at draw time, so no order is ever stored.
"""

from __future__ import annotations

import random

from games.core import IllegalAction

from .geometry import Cell, extent_of, unkey, Extent
from .grammar import shown
from .params import COLOURS, param, tile_defs, town_counts
from .scoring import reached_winning_points
from .state import DaysOfSteamState

def take(multiset: dict[str, int], item: str, what: str) -> None:
    """Remove one ``item``; IllegalAction if none is left."""
    if multiset.get(item, 0) <= 0:
        raise IllegalAction(f"No {shown(item)} is left in the {what}.")
    multiset[item] -= 1


def draw(multiset: dict[str, int], rng: random.Random) -> str:
    """One item drawn uniformly from a non-empty multiset."""
    items = sorted(k for k, v in multiset.items() if v > 0)
    weights = [multiset[k] for k in items]
    return rng.choices(items, weights)[0]


def size(multiset: dict[str, int]) -> int:
    return sum(multiset.values())


def goods_token(goods: list[str]) -> str:
    return "+".join(goods) if goods else "none"


def parse_goods(token: str, bag: dict[str, int]) -> list[str]:
    """Goods drawn for a town ("red+blue", or "none" when the bag is empty);
    exactly as many as the bag can give, up to two."""
    goods = [] if token == "none" else token.split("+")
    for g in goods:
        if g not in COLOURS:
            raise IllegalAction(f"{shown(g)} is not a goods colour.")
    want = min(param("goods_per_town"), size(bag))
    if len(goods) != want:
        raise IllegalAction(f"A town gets {want} goods now, not {len(goods)}.")
    spare = dict(bag)
    for g in goods:
        take(spare, g, "goods bag")
    return goods


def sample_goods(bag: dict[str, int], rng: random.Random) -> list[str]:
    spare = dict(bag)
    out: list[str] = []
    for _ in range(min(param("goods_per_town"), size(spare))):
        g = draw(spare, rng)
        spare[g] -= 1
        out.append(g)
    return out


def add_steam(state: DaysOfSteamState, seat: int, amount: int) -> int:
    """Raise a train's steam, never above the maximum; returns the gain."""
    before = int(state["steam"][seat])
    state["steam"][seat] = min(param("max_steam"), before + amount)
    return int(state["steam"][seat]) - before


def end_turn(state: DaysOfSteamState) -> None:
    state["current"] = (int(state["current"]) + 1) % len(state["players"])
    state["turn_no"] = int(state["turn_no"]) + 1


def check_winner(state: DaysOfSteamState, seat: int) -> list[str]:
    """End the game if ``seat`` now has the winning points."""
    if state["phase"] != "over" and reached_winning_points(state, seat):
        state["phase"], state["ended"], state["winner"] = "over", "points", seat  # games.phases.OVER
        state["pending"] = []
        return [f"{state['players'][seat]} reaches {param('winning_points')} points and wins!"]
    return []


def towns_in_play(state: DaysOfSteamState) -> int:
    return sum(1 for t in state["tiles"].values() if t["kind"] == "town")


def all_towns_played(state: DaysOfSteamState) -> bool:
    return towns_in_play(state) == sum(town_counts().values())


def placed_cells(state: DaysOfSteamState) -> list[Cell]:
    return [unkey(k) for k in state["tiles"]]


def extent(state: DaysOfSteamState) -> Extent:
    return extent_of(placed_cells(state))


def tile_name(kind: str) -> str:
    return tile_defs()[kind].name
