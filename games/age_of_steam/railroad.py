"""What Age of Steam's bot levels build on: :class:`AgeOfSteamPolicy`, the
easy bot's railroad with a plan (:mod:`.easy` plays it as it is; the
normal bot, :mod:`.planner`, refines its choices).

It issues just the shares its expenses and next build need, bids little for
player order (pays for St. Lucia's first place only when rich), takes Locomotive while its engine is short (else Engineer or
First Build, which help it build), builds links from cities towards cities
where the cubes on the board could be delivered over its own track, and
delivers the cube that pays it most links (upgrading its engine when no
delivery pays it). It reads only the board, which is public (the bag is a
count of cubes per colour), never a future draw.
"""

from __future__ import annotations

import random

from games.core import Game, State

from .economy import expenses
from .goods import routes
from .map_goods import payees, route_for
from .hexmap import board_of, hex_distance
from .placement import apply_placement, legal_placements
from .state import typed
from .track import Network, city_colour, network

ENGINE_WANTED = 3
"""The engine the bot works up to (a bigger one costs more than it earns early)."""
MAX_SHARES = 15
"""The most shares the bot issues (each costs $1 a turn and 3 VP at the end)."""

PREFERRED_ACTIONS = ("first-build", "engineer", "urbanization", "first-move", "production", "turn-order")
"""Actions worth taking when Locomotive is not needed, best first."""


def targets(state: State, net: Network, start: str) -> list[str]:
    """The cities worth joining to ``start``: those of a colour of its cubes,
    and those holding cubes of its colour; every other city when none is."""
    cubes = state["cubes"]
    colour = city_colour(typed(state), start) if start in net.cities else None
    wanted = [d for d in sorted(net.cities) if d != start
              and (city_colour(typed(state), d) in cubes.get(start, []) or (colour is not None and colour in cubes.get(d, [])))]
    return wanted or [d for d in sorted(net.cities) if d != start]


def start_hexes(state: State, net: Network, limit: int) -> list[str]:
    """Where a new link may best begin: hexes beside a city, nearest first to
    a city the link would be worth joining to it."""
    scored: list[tuple[int, str]] = []
    for c in sorted(net.cities):
        goals = targets(state, net, c)
        for nb in board_of(state).neighbours[c]:
            if nb is None or nb in net.cities or board_of(state).hexes[nb].terrain == "lake":
                continue
            scored.append((min((hex_distance(nb, d) for d in goals), default=0), nb))
    return list(dict.fromkeys(h for _, h in sorted(scored)))[:limit]


def network_value(state: State, net: Network, seat: int) -> tuple[int, int, int, int]:
    """How good the board is for ``seat``: the links of its own that the cubes
    on the board could pay it (each colour of each city once, the best route
    an engine one bigger allows), its completed links, how near its
    unfinished track's ends are to a city worth joining to their start
    (:func:`targets`), and its track length."""
    earn = 0
    engine = min(6, int(state["engine"][seat]) + 1)
    for city, cubes in state["cubes"].items():
        for colour in set(cubes):
            best = 0
            for r in routes(typed(state), net, city, colour, engine):
                best = max(best, sum(1 for i in r.links if net.sections[i].owner == seat))
            earn += best
    done = near = length = 0
    for sec in net.sections:
        if sec.owner != seat:
            continue
        length += len(sec.paths)
        if sec.complete:
            done += 1
        elif sec.open_end is not None:
            h, e = sec.open_end
            nb = board_of(state).neighbours[h][e]
            if nb is not None:
                near -= min((hex_distance(nb, c) for c in targets(state, net, sec.start)), default=0)
    return earn, done, near, length


class AgeOfSteamPolicy:
    """The planning railroad (see the module docstring)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        phase = state["phase"]
        cash = int(state["cash"][seat])
        need = expenses(typed(state), seat) - int(state["income"][seat])
        texts = [c.text for c in game.legal_actions(state, seat)]
        if phase == "shares":
            return self.shares(state, seat, cash, need, texts)
        if phase == "auction":
            return self.auction(state, cash, need, texts, rng)
        if phase == "actions":
            return self.action(state, seat, texts)
        if phase == "build":
            return self.build(game, state, seat, cash - max(0, need) - 1, rng)
        if phase == "move":
            return self.move(state, seat, texts, rng)
        if phase == "priority":
            return self.priority(state, seat, cash, need, texts)
        return rng.choice(texts)

    def priority(self, state: State, seat: int, cash: int, need: int, texts: list[str]) -> str:
        """St. Lucia's player order: pay for the first place only with cash
        to spare after this turn's expenses and a build ($12), else decline."""
        return "pay" if "pay" in texts and cash - 5 > need + 12 else "decline"

    def shares(self, state: State, seat: int, cash: int, need: int, texts: list[str]) -> str:
        """Enough shares ($5 each) to pay this turn's expenses and build a
        little ($8), never more than :data:`MAX_SHARES` in all."""
        want = max(0, (need + 8 - cash + 4) // 5)
        want = min(want, max(0, MAX_SHARES - int(state["shares"][seat])))
        while want > 0 and f"shares {want}" not in texts:
            want -= 1
        return f"shares {want}" if f"shares {want}" in texts else texts[0]

    def auction(self, state: State, cash: int, need: int, texts: list[str], rng: random.Random) -> str:
        """Pass with Turn Order; bid at most 3, and only with cash to spare."""
        if "pass" in texts:
            return "pass"
        high = max([0] + [int(v) for v in state["step"]["bids"].values()])
        if high < 3 and cash > need + 8 and rng.random() < 0.4 and f"bid {high + 1}" in texts:
            return f"bid {high + 1}"
        return "drop" if "drop" in texts else texts[0]

    def action(self, state: State, seat: int, texts: list[str]) -> str:
        """Locomotive once (an engine of 2: each link of engine costs $1 a
        turn), else the most useful action left."""
        if int(state["engine"][seat]) < ENGINE_WANTED and "action locomotive" in texts:
            return "action locomotive"
        for name in PREFERRED_ACTIONS:
            if f"action {name}" in texts:
                return f"action {name}"
        return texts[0]

    def build(self, game: Game, state: State, seat: int, budget: int, rng: random.Random) -> str:
        """The placement that most raises :func:`network_value`, cheapest
        first; 'done' when none helps or the budget is spent."""
        options = [o.token for o in game.options_at(state, seat, [])]
        if "urbanize" in options:
            towns = [o.token for o in game.options_at(state, seat, ["urbanize"])]
            town = rng.choice(towns)
            letter = rng.choice([o.token for o in game.options_at(state, seat, ["urbanize", town])])
            return f"urbanize {town} {letter}"
        if "build" not in options or budget <= 0:
            return "done"
        net = network(typed(state))
        own_ends = [board_of(state).neighbours[h][e] for (h, e), i in net.open_ends.items()
                    if net.sections[i].owner == seat]
        hexes = sorted({h for h in own_ends if h is not None})
        if not hexes:
            hexes = start_hexes(state, net, 10)
        base = network_value(state, net, seat)
        best: tuple[tuple[int, int, int, int, int, float], str] | None = None
        for h in hexes:
            for p in legal_placements(typed(state), net, seat, h, budget):
                trial = {**state, "board": {k: {**v, "owners": list(v["owners"])} for k, v in state["board"].items()},
                         "supply": dict(state["supply"]), "cash": list(state["cash"]), "built": list(state["built"])}
                apply_placement(typed(trial), seat, p)
                value = network_value(trial, network(typed(trial)), seat)
                key = (*value, -p.cost, rng.random())
                if best is None or key > best[0]:
                    best = (key, f"build {h} {p.variant.token}")
        if best is None or best[0][:4] < base and state["step"]["placed"]:
            return "done"
        return best[1]

    def move(self, state: State, seat: int, texts: list[str], rng: random.Random) -> str:
        """The delivery paying most of its own links; else an engine upgrade
        when income allows; else pass."""
        net = network(typed(state))

        def mine(text: str) -> tuple[int, int]:
            _, cube, token = text.split()
            city, colour = cube.split("-", 1)
            route = route_for(typed(state), net, city, colour, int(state["engine"][seat]), token)
            assert route is not None
            return payees(typed(state), net, route).count(seat), len(route.links)

        scored = sorted(((mine(t), t) for t in texts if t.startswith("move ")), reverse=True)
        if scored and scored[0][0][0] > 0:
            return scored[0][1]
        if "upgrade" in texts and int(state["engine"][seat]) < ENGINE_WANTED and int(state["income"][seat]) > 2:
            return "upgrade"
        return "pass" if "pass" in texts else texts[0]
