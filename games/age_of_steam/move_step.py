"""Step 5, Move Goods (two rounds), then steps 6-8 at once.

Cubes move from cities and, on a map with goods on its hexes (St. Lucia),
from a hex carrying track (:mod:`map_goods`: the first leg, its owner's
bonus)."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.core import IllegalAction, State
from games.tree import Node

from .economy import active_seats, collect_income, pay_expenses, reduce_income
from .goods import Route, pays_text, route_label, route_owners, routes
from .growth_steps import advance_turn
from .map_goods import hex_routes, movable
from .maps import map_of
from .hexmap import hex_sort_key
from .params import COLOURS, rules
from .phase_base import Phase, finish, first_then_order, name, node, queue_actor, register, start
from .state import typed
from .track import Network, city_name, network


class MoveGoods(Phase):
    """Two rounds; in each a player moves one cube, upgrades his engine
    (once per step) or passes. First Move goes first in both rounds."""

    phase = "move"
    title = "Move goods"
    usage = "Move with 'move CITY-colour ROUTE' (pick a cube and route from the panel), 'upgrade' or 'pass'."

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        state["step"] = {"round": 1, "queue": first_then_order(state, "first-move"), "upgraded": []}
        return []

    def seats(self, state: State) -> list[int]:
        return queue_actor(state)

    def status(self, state: State) -> str:
        seat = state["step"]["queue"][0]
        return f"{self.title} (round {state['step']['round']}) · {name(state, seat)} to move"

    def _deliveries(self, state: State, seat: int, net: Network) -> list[tuple[str, str, list[Any]]]:
        out = []
        for city in sorted(state["cubes"], key=hex_sort_key):
            for colour in COLOURS:
                if colour in state["cubes"][city]:
                    rs = routes(typed(state), net, city, colour, state["engine"][seat])
                    if rs:
                        out.append((city, colour, rs))
        for label in movable(typed(state), net):
            colour = state["map_cubes"][label]
            legs = hex_routes(typed(state), net, label, colour, state["engine"][seat])
            if legs:
                out.append((label, colour, [r for _, r in legs]))
        return out

    def can_upgrade(self, state: State, seat: int) -> bool:
        return seat not in state["step"]["upgraded"] and state["engine"][seat] < rules().max_engine

    def nodes(self, state: State, seat: int) -> list[Node]:
        net = network(typed(state))
        head = "Move a cube, upgrade the engine or pass?"
        out = []
        deliveries = self._deliveries(state, seat, net)
        if deliveries:
            out.append(node("move", "Move a cube", head,
                            expand=lambda: self._cubes(state, seat, net, deliveries)))
        if self.can_upgrade(state, seat):
            e = state["engine"][seat]
            out.append(node("upgrade", f"Engine {e} > {e + 1} links", head, "instead of a delivery",
                            command="upgrade",
                            summary=f"Upgrade the engine to {e + 1} links instead of moving"))
        out.append(node("pass", "Pass", head, "move nothing", command="pass",
                        summary="Pass: move nothing this round"))
        return out

    def _cubes(self, state: State, seat: int, net: Network,
               deliveries: list[tuple[str, str, list[Any]]]) -> list[Node]:
        return [node(f"{city}-{colour}", f"{colour} cube {_where(state, city)}", "Which cube?",
                     expand=partial(self._routes, state, seat, net, colour, rs))
                for city, colour, rs in deliveries]

    def _routes(self, state: State, seat: int, net: Network, colour: str, rs: list[Any]) -> list[Node]:
        out = []
        for r in rs:
            label = route_label(typed(state), net, r)
            bonus = self._bonus(state, net, r)
            if bonus is not None:
                label = f"{label[:66]} · bonus {name(state, bonus)}"
            links = f"{len(r.links)} link{'s' if len(r.links) > 1 else ''}"
            out.append(node(r.token, label, f"Which route for the {colour} cube?",
                            f"{links}, your engine pulls {state['engine'][seat]}", command="move",
                            summary=f"{colour} cube: {label}"))
        return out

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        st = state["step"]
        who = name(state, seat)
        if tokens == ["pass"]:
            events = [f"{who} passes."]
        elif tokens == ["upgrade"]:
            if not self.can_upgrade(state, seat):
                raise IllegalAction("The engine can go up once per Move Goods step, to at most 6 links.")
            state["engine"][seat] += 1
            st["upgraded"].append(seat)
            events = [f"{who} upgrades the engine to {state['engine'][seat]} links."]
        elif tokens[:1] == ["move"]:
            events = self._move(state, seat, tokens)
        else:
            raise IllegalAction(self.usage)
        st["queue"].pop(0)
        if not st["queue"]:
            if st["round"] == 1:
                st["round"] = 2
                st["queue"] = first_then_order(state, "first-move")
            else:
                events.extend(end_of_moves(state))
        return events

    def _bonus(self, state: State, net: Network, route: Route) -> int | None:
        """Who gains the first-track bonus for ``route`` (a cube leaving a
        map hex along owned track, on a map with a bonus), else None."""
        if route.nodes[0] not in state["map_cubes"] or not map_of(state).first_track_bonus:
            return None
        return net.sections[route.links[0]].owner

    def _move(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        if len(tokens) != 3 or tokens[0] != "move" or "-" not in tokens[1]:
            raise IllegalAction("Move with 'move CITY-colour ROUTE' (pick a cube and route from the list).")
        city, colour = tokens[1].split("-", 1)
        on_hex = state["map_cubes"].get(city) == colour
        if colour not in state["cubes"].get(city, []) and not on_hex:
            raise IllegalAction(f"There is no {colour} cube in {city}.")
        net = network(typed(state))
        engine = state["engine"][seat]
        if on_hex:
            found = next(((leg, r) for leg, r in hex_routes(typed(state), net, city, colour, engine)
                          if r.token == tokens[2]), None)
            route = found[1] if found else None
        else:
            found = None
            route = next((r for r in routes(typed(state), net, city, colour, engine) if r.token == tokens[2]), None)
        if route is None:
            if on_hex:
                raise IllegalAction(f"That route is not legal for the {colour} cube on {city}: it must leave "
                                    f"along the track there to a town or city, then use completed links, at "
                                    f"most {engine} in all, and end in the first {colour} city.")
            raise IllegalAction(f"That route is not legal for the {colour} cube in {city}: it must use "
                                f"completed links, at most {state['engine'][seat]}, and end in the first "
                                f"{colour} city.")
        bonus = self._bonus(state, net, route)
        if on_hex:
            del state["map_cubes"][city]
        else:
            state["cubes"][city].remove(colour)
        state["bag"][colour] += 1
        owners = route_owners(net, route)
        for o in owners:
            if o is not None:
                state["income"][o] += 1
        extra = ""
        if bonus is not None:
            state["income"][bonus] += map_of(state).first_track_bonus
            extra = f"; bonus {name(state, bonus)} +{map_of(state).first_track_bonus}"
        first = [list(ref) for ref in found[0].refs] if found else []
        rest = route.links[1:] if found else route.links
        refs: list[list[Any]] = first + [[h, k] for i in rest for h, k in net.sections[i].paths]
        game = typed(state)
        game["last"] = {"kind": "move", "seat": seat, "round": game["round"], "where": [str(r[0]) for r in refs],
                        "pieces": refs, "route": list(route.nodes), "colour": colour}
        path = " > ".join(city_name(typed(state), n) for n in route.nodes)
        return [f"{name(state, seat)} moved a {colour} cube {path} ({len(route.links)} links: "
                f"{pays_text(typed(state), owners)}{extra})."]


def end_of_moves(state: State) -> list[str]:
    """Steps 6-8 resolve at once, then goods growth begins."""
    events = collect_income(typed(state))
    events.extend(pay_expenses(typed(state)))
    events.extend(reduce_income(typed(state)))
    left = len(active_seats(typed(state)))
    if left == 0 or (left == 1 and len(state["players"]) > 1):
        finish(state)
        events.append("The game is over: the railroad is insolvent." if len(state["players"]) == 1 else
                      "The game is over: at most one railroad is left.")
        return events
    if map_of(state).goods_growth:
        events.extend(start("production", state))
    else:
        events.extend(advance_turn(state))
    return events


def _where(state: State, label: str) -> str:
    """"in Chicago (H6)" for a city, "on E5" for a map hex."""
    if label in state["map_cubes"]:
        return f"on {label}"
    return f"in {city_name(typed(state), label)} ({label})"


register(MoveGoods())
