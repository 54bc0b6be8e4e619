"""Link plans for Age of Steam's bots: the railroad links a seat could
complete this turn, what each costs, and what it would let the seat deliver.

A :class:`LinkPlan` is a line of new simple tiles on empty hexes from a city
(or from the open end of the seat's own unfinished track) to another city or
to an empty town (a town tile with one exit ends it; beside the town, that
tile alone is the plan). Plans are found by a short search over the map (at
most ``max_tiles`` tiles, the tiles left this turn), the cheapest per pair
of ends kept. What a plan is worth is read
from the board it would make: the cubes on the board the seat could then
deliver over its own links (:func:`delivery_value`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .goods import routes
from .map_goods import hex_routes, movable, payees
from .hexmap import board_of, opposite
from .params import rules
from .placement import terrain_extra
from .state import AgeOfSteamState, Tile
from .tiles import Variant, simple_for, variants
from .track import Network, is_town, network


@dataclass(frozen=True)
class LinkPlan:
    """New tiles, in building order: (hex, variant, cost) each."""

    tiles: tuple[tuple[str, Variant, int], ...]
    origin: str
    """The city (or town) the link starts from."""
    end: str
    """The city or town it reaches."""
    extends: bool = False
    """True when it lengthens the seat's own unfinished track."""

    @property
    def cost(self) -> int:
        return sum(c for _, _, c in self.tiles)

    def text(self, index: int = 0) -> str:
        """The build action of tile ``index``."""
        h, v, _ = self.tiles[index]
        return f"build {h} {v.token}"


def _town_tile(edge: int) -> Variant | None:
    """A dedicated one-exit town tile with its exit on ``edge``."""
    for v in variants():
        if v.kind.cls == "town" and v.exits == (edge,) and len(v.kind.paths) == 1:
            return v
    return None


def _open_hex(state: AgeOfSteamState, label: str | None) -> bool:
    """An empty hex a plain tile may go on: not a city, town, lake or built hex."""
    if label is None or label in state["board"]:
        return False
    b = board_of(state)
    return b.hexes[label].terrain not in ("lake", "city", "town") and label not in state["new_cities"]


def link_plans(state: AgeOfSteamState, net: Network, seat: int, max_tiles: int) -> list[LinkPlan]:
    """The cheapest plan per (start, end) from each city and each of the
    seat's open ends, completing a link within ``max_tiles`` tiles."""
    b = board_of(state)
    supply = dict(state["supply"])
    starts: list[tuple[str, int, str, bool]] = []
    for c in sorted(net.cities):
        for e in range(6):
            starts.append((c, e, c, False))
    for (h, e), i in net.open_ends.items():
        sec = net.sections[i]
        if sec.owner == seat:
            starts.append((h, e, sec.start, True))
    best: dict[tuple[str, str, str], LinkPlan] = {}

    def town_end(town: str, edge: int) -> tuple[str, Variant, int] | None:
        """The one-exit town tile ending a link at the empty ``town``,
        entered over ``edge``, with its cost (None: none in the supply)."""
        tile = _town_tile(edge)
        if tile is None or supply.get(tile.kind.name, 0) <= 0:
            return None
        return (town, tile, rules().town_base_cost + rules().town_cost_per_exit)

    def keep(plan: LinkPlan, start_key: str) -> None:
        key = (start_key, plan.origin, plan.end)
        old = best.get(key)
        if old is None or plan.cost < old.cost:
            best[key] = plan

    def walk(here: str, enter: int, origin: str, start_key: str, extends: bool,
             tiles: tuple[tuple[str, Variant, int], ...], seen: frozenset[str]) -> None:
        for out in range(6):
            if out == enter:
                continue
            nxt = b.neighbours[here][out]
            if nxt is None:
                continue
            v = simple_for(tuple(sorted((enter, out))))
            if v is None or supply.get(v.kind.name, 0) <= sum(1 for _, t, _ in tiles if t == v) \
                    or (v.kind.name == "sharp" and len(tiles) > 0):
                continue
            step = (here, v, rules().tile_cost["simple"] + terrain_extra(state, here))
            if nxt in net.cities:
                if nxt != origin:
                    keep(LinkPlan(tiles + (step,), origin, nxt, extends), start_key)
                continue
            if is_town(state, nxt) and nxt not in state["board"]:
                end = town_end(nxt, opposite(out))
                if end is not None and len(tiles) + 2 <= max_tiles and nxt != origin:
                    keep(LinkPlan(tiles + (step, end), origin, nxt, extends), start_key)
                continue
            if len(tiles) + 2 <= max_tiles and _open_hex(state, nxt) and nxt not in seen:
                walk(nxt, opposite(out), origin, start_key, extends, tiles + (step,), seen | {nxt})

    for h, e, origin, extends in starts:
        first = b.neighbours[h][e]
        if max_tiles < 1:
            continue
        if first is not None and first != origin and is_town(state, first) and first not in state["board"]:
            end = town_end(first, opposite(e))
            if end is not None:
                keep(LinkPlan((end,), origin, first, extends), f"{h}.{e}")
            continue
        if not _open_hex(state, first):
            continue
        assert first is not None
        walk(first, opposite(e), origin, f"{h}.{e}", extends, (), frozenset({first}))
    return sorted(best.values(), key=lambda p: (p.cost, p.origin, p.end, p.tiles[0][0]))


def with_plan(state: AgeOfSteamState, plan: LinkPlan, seat: int) -> AgeOfSteamState:
    """A copy of ``state`` (board only) with the plan's tiles built by ``seat``
    and every piece of the open section it extends made the seat's."""
    tiles: dict[str, Tile] = dict(state["board"])
    for h, v, _ in plan.tiles:
        tiles[h] = {"tile": v.kind.name, "rot": v.rot, "owners": [seat] * len(v.kind.paths)}
    trial: AgeOfSteamState = {**state, "board": tiles}
    return trial


def delivery_values(state: AgeOfSteamState, net: Network, seat: int, engine: int) -> list[int]:
    """For each cube on the board (in a city, or lying on a map hex with
    track), the most of the seat's own links a delivery of it could pay
    with ``engine`` (with the first track's bonus), best first."""
    out: list[int] = []
    cache: dict[tuple[str, str], int] = {}
    for city, cubes in state["cubes"].items():
        for colour in cubes:
            key = (city, colour)
            if key not in cache:
                best = 0
                for r in routes(state, net, city, colour, engine):
                    best = max(best, sum(1 for i in r.links if net.sections[i].owner == seat))
                cache[key] = best
            if cache[key]:
                out.append(cache[key])
    for label in movable(state, net):
        best = max((payees(state, net, r).count(seat)
                    for _, r in hex_routes(state, net, label, state["map_cubes"][label], engine)), default=0)
        if best:
            out.append(best)
    return sorted(out, reverse=True)


COMING = 0.35
"""What a cube still on the goods display counts for against one on the
board (a column's top cube reaches its city in about half the turns)."""


def coming_cubes(state: AgeOfSteamState) -> dict[str, list[str]]:
    """The top cube of each display column whose city is on the map, by city."""
    b = board_of(state)
    out: dict[str, list[str]] = {}
    for side in ("light", "dark"):
        for number, col in enumerate(state["display"][side], start=1):
            top = next((c for c in col if c is not None), None)
            if top is not None:
                out.setdefault(b.city_by_growth(side, number), []).append(top)
    for town, letter in state["new_cities"].items():
        top = next((c for c in state["display"]["new"][letter] if c is not None), None)
        if top is not None:
            out.setdefault(town, []).append(top)
    return out


def delivery_value(state: AgeOfSteamState, net: Network, seat: int, engine: int, deliveries: int) -> float:
    """The income the seat's best ``deliveries`` deliveries on this board
    would bring (each cube once), and a part (:data:`COMING`) of what the
    cubes soon to arrive from the display would."""
    now = weighted(delivery_values(state, net, seat, engine)[:deliveries])
    soon = weighted(delivery_values({**state, "cubes": coming_cubes(state)},
                                    net, seat, engine)[:deliveries])
    return now + COMING * soon


WEIGHTS = (1.0, 1.0, 0.6, 0.6, 0.35, 0.35)
"""How much the best, second best... delivery counts: the two of this turn
in full, later ones less (a rival may take the cube first)."""


def weighted(values: list[int]) -> float:
    """The deliveries' income, best first, by :data:`WEIGHTS`."""
    return sum(w * v for w, v in zip(WEIGHTS, values))


def plan_gain(state: AgeOfSteamState, plan: LinkPlan, seat: int, engine: int, deliveries: int,
              before: float) -> float:
    """How much more income (:func:`delivery_value`) the board with the
    plan built gives the seat than ``before``."""
    trial = with_plan(state, plan, seat)
    return delivery_value(trial, network(trial), seat, engine, deliveries) - before

