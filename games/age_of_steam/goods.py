"""Goods: the bag, the goods display, goods growth and delivery routes.

The bag is kept as counts per colour (its draws are chance outcomes). The
display has a light and a dark side of six city columns of three boxes, and
eight new-city columns (A-D paired with light 3-6, E-H with dark 1-4) of two
boxes; an empty box is None. Cubes are taken from the top of a column.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .hexmap import DIRECTIONS, board, board_of
from .maps import RUST_BELT, map_of
from .params import COLOURS, COLOUR_LETTER, rules
from .track import Network, city_colour, city_name

from .state import AgeOfSteamState as State
from .state import Display
LETTER_COLOUR = {v: k for k, v in COLOUR_LETTER.items()}


def empty_display(slug: str = RUST_BELT) -> Display:
    """The empty display of map ``slug``: a new-city column per new city
    tile in play (a map without a display keeps the empty boxes, unused)."""
    r = rules()
    return {
        "light": [[None] * r.city_column_boxes for _ in range(6)],
        "dark": [[None] * r.city_column_boxes for _ in range(6)],
        "new": {letter: [None] * r.new_city_column_boxes for letter in board(slug).new_cities},
    }


def display_columns(display: Display) -> list[tuple[str, list[str | None]]]:
    """(name, boxes) of every display column: L1..L6, D1..D6, then A..H."""
    cols: list[tuple[str, list[str | None]]] = []
    for side, prefix in ((display["light"], "L"), (display["dark"], "D")):
        for i, column in enumerate(side):
            cols.append((f"{prefix}{i + 1}", column))
    for letter, column in display["new"].items():
        cols.append((letter, column))
    return cols


def column(display: Display, name: str) -> list[str | None]:
    for n, col in display_columns(display):
        if n == name:
            return col
    raise KeyError(name)


def bag_list(bag: dict[str, int]) -> list[str]:
    return [c for c in COLOURS for _ in range(bag.get(c, 0))]


def draw(bag: dict[str, int], count: int, rng: random.Random) -> list[str]:
    """``count`` cubes drawn at random (without replacement)."""
    cubes = bag_list(bag)
    return rng.sample(cubes, min(count, len(cubes)))


def take_from_bag(bag: dict[str, int], cubes: list[str]) -> None:
    for c in cubes:
        if bag.get(c, 0) <= 0:
            raise ValueError(f"no {c} cube in the bag")
        bag[c] -= 1


def stock_order(display: Display) -> list[tuple[str, int]]:
    """The boxes the set-up fills, row by row across the display."""
    cols = display_columns(display)
    rows = max(len(c) for _, c in cols)
    return [(name, r) for r in range(rows) for name, col in cols if r < len(col)]


def starting_goods_order(state: State) -> list[tuple[str, int]]:
    """(city hex, cubes) in the order the set-up fills them: by label on
    the base display, by growth number (light side first) on a map that
    sets its display up itself (Barbados, B20)."""
    b = board_of(state)
    cities = sorted(b.cities.items())
    if map_of(state).display_setup is not None:
        cities.sort(key=lambda item: (item[1].side != "light", item[1].number))
    return [(label, city.starting_goods) for label, city in cities]


@dataclass(frozen=True)
class StockSlot:
    """Where one cube of the set-up draw goes: a display box (``where`` the
    column, ``row`` the box), a city (``where`` its hex) or a map hex."""

    kind: str
    """"box", "city" or "hex"."""
    where: str
    row: int = 0
    redraw: tuple[str, ...] = ()
    """Colours drawn again for this box (Barbados: red for A, blue for B)."""


def stock_plan(state: State) -> list[StockSlot]:
    """The set-up draw, cube by cube, in its order. Base: every display box
    row by row, then the cities. A map that sets its display up itself: the
    cities, then the listed columns' top boxes (B20). Then the goods lying
    on map hexes (St. Lucia)."""
    m = map_of(state)
    cities = [StockSlot("city", city) for city, n in starting_goods_order(state) for _ in range(n)]
    if not m.display:
        boxes: list[StockSlot] = []
    elif m.display_setup is None:
        boxes = [StockSlot("box", col, row) for col, row in stock_order(state["display"])]
    else:
        boxes = [StockSlot("box", col, row, setup.redraw)
                 for col, setup in m.display_setup.items() for row in range(setup.cubes)]
    hexes = [StockSlot("hex", label) for label in board_of(state).goods_hexes]
    first = boxes + cities if m.display_setup is None else cities + boxes
    return first + hexes


def stock_draw(plan: list[StockSlot], bag: dict[str, int], rng: random.Random) -> list[str]:
    """The set-up's cubes for ``plan``: one draw from the bag, or cube by
    cube where a box draws again a colour it refuses (the refused cube goes
    back, so the box gets a random cube of the other colours)."""
    if not any(slot.redraw for slot in plan):
        return draw(bag, len(plan), rng)
    left = dict(bag)
    out: list[str] = []
    for slot in plan:
        pool = {c: n for c, n in left.items() if c not in slot.redraw}
        cube = draw(pool if sum(pool.values()) else left, 1, rng)[0]
        left[cube] -= 1
        out.append(cube)
    return out


def parse_cubes(token: str) -> list[str]:
    """"RBKY" -> [red, blue, black, yellow]; raises KeyError on a bad letter."""
    return [LETTER_COLOUR[ch] for ch in token]


def cubes_token(cubes: list[str]) -> str:
    return "".join(COLOUR_LETTER[c] for c in cubes)


def grow(state: State, side: str, dice: list[int]) -> list[str]:
    """Resolve one side's growth dice; returns where the cubes went ("red to Chicago")."""
    b = board_of(state)
    events: list[str] = []
    display = state["display"]
    for die in dice:
        city = b.city_by_growth(side, die)
        moved = _take_top((display["light"] if side == "light" else display["dark"])[die - 1])
        if moved is not None:
            state["cubes"].setdefault(city, []).append(moved)
            events.append(f"{moved} to {b.cities[city].name}")
        for letter, nc in b.new_cities.items():
            if nc.side == side and nc.number == die:
                placed = [h for h, l in state["new_cities"].items() if l == letter]
                if placed:
                    cube = _take_top(display["new"][letter])
                    if cube is not None:
                        state["cubes"].setdefault(placed[0], []).append(cube)
                        events.append(f"{cube} to new city {letter}")
    return events


def _take_top(col: list[str | None]) -> str | None:
    for i, cube in enumerate(col):
        if cube is not None:
            col[i] = None
            return cube
    return None


def empty_boxes(display: Display, sides: tuple[str, ...] = ("light", "dark")) -> int:
    """Empty boxes of the display's columns on ``sides`` (and every new-city column)."""
    return sum(1 for name, col in usable_columns(display, sides) for c in col if c is None)


def column_city(state: State, name: str) -> str | None:
    """The city display column ``name`` ships to: L1..L6 and D1..D6 their
    printed city, A..H their new city once placed (else None)."""
    if name[0] in "LD" and name[1:].isdigit():
        return board_of(state).city_by_growth("light" if name[0] == "L" else "dark", int(name[1:]))
    return next((town for town, letter in state["new_cities"].items() if letter == name), None)


def usable_columns(display: Display, sides: tuple[str, ...]) -> list[tuple[str, list[str | None]]]:
    """The display's columns in use: the city columns of ``sides`` (the
    map's, Barbados: light only) and every new-city column of the map."""
    used = {"L": "light" in sides, "D": "dark" in sides}
    return [(name, col) for name, col in display_columns(display)
            if not (name[0] in used and name[1:].isdigit()) or used[name[0]]]


# -- delivery routes -----------------------------------------------------

@dataclass(frozen=True)
class Route:
    """A delivery: the cities/towns visited and the links used."""

    nodes: tuple[str, ...]
    links: tuple[int, ...]
    token: str


def routes(state: State, net: Network, start: str, colour: str, engine: int,
           exclude: int | None = None) -> list[Route]:
    """Every legal route of a ``colour`` cube from ``start``: over completed
    links only (never link ``exclude``), at most ``engine`` links, never
    visiting a city or town twice, stopping at the first city of its
    colour. Longest first."""
    adj: dict[str, list[tuple[int, str, int]]] = {}
    for i, sec in enumerate(net.sections):
        if sec.end is None or i == exclude:
            continue
        adj.setdefault(sec.start, []).append((i, sec.end, sec.start_edge))
        adj.setdefault(sec.end, []).append((i, sec.start, sec.end_edge))
    found: list[Route] = []

    def dfs(node: str, nodes: list[str], links: list[int], hops: list[str]) -> None:
        if len(links) >= engine:
            return
        for idx, other, edge in adj.get(node, []):
            if other in nodes:
                continue
            hop = f"{DIRECTIONS[edge]}.{other}"
            if other in net.cities and city_colour(state, other) == colour:
                found.append(Route(tuple(nodes + [other]), tuple(links + [idx]), "-".join(hops + [hop])))
                continue
            dfs(other, nodes + [other], links + [idx], hops + [hop])

    dfs(start, [start], [], [])
    found.sort(key=lambda r: (-len(r.links), r.token))
    return found


def route_owners(net: Network, route: Route) -> list[int | None]:
    """The owner of each link of ``route`` (None: unowned)."""
    return [net.sections[i].owner for i in route.links]


def route_label(state: State, net: Network, route: Route, limit: int = 80) -> str:
    """"Chicago > Toledo > Detroit · pays ann +1, bob +1": the places the cube
    passes and whose links it pays, with hex labels instead of names when the
    names do not fit in ``limit`` characters."""
    pays = f" · pays {pays_text(state, route_owners(net, route))}"
    names = " > ".join(city_name(state, n) for n in route.nodes)
    if len(names) + len(pays) <= limit:
        return names + pays
    return (">".join(route.nodes) + pays)[:limit]


def pays_text(state: State, owners: list[int | None]) -> str:
    counts: dict[str, int] = {}
    for o in owners:
        who = state["players"][o] if o is not None else "nobody"
        counts[who] = counts.get(who, 0) + 1
    return ", ".join(f"{who} +{n}" for who, n in counts.items())


def conservation(state: State) -> dict[str, int]:
    """Cubes per colour across bag, display and board."""
    total = {c: state["bag"].get(c, 0) for c in COLOURS}
    for _, col in display_columns(state["display"]):
        for cube in col:
            if cube is not None:
                total[cube] += 1
    for cubes in state["cubes"].values():
        for cube in cubes:
            total[cube] += 1
    for cube in state.get("held", []):
        total[cube] += 1
    for cube in state["map_cubes"].values():
        total[cube] += 1
    return total
