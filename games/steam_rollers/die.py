"""What a player can do with a white die: first, maybe, a card that changes
the die (1a/1b any value, 5a +1/-1, 5b flip or reroll; one per die), then one
action: build track, improve engine, deliver cargo or take a special card.
"""

from __future__ import annotations

from typing import Callable

from games.core import State
from games.steam_rollers import cards, turns
from games.steam_rollers.board import board
from games.steam_rollers.build import build_nodes
from games.steam_rollers.deliver import deliver_nodes, engine_strength
from games.steam_rollers.params import rules
from games.tree import Effect, Node

DIE_FACES = ("", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅")


def die_label(value: int) -> str:
    return f"{DIE_FACES[value]} {value}"


def action_nodes(state: State, seat: int, value: int, mods_ok: bool) -> list[Node]:
    """The die's options: card changes (if still allowed), then the four actions."""
    heading = f"What to do with die {value}"
    geo = board()
    city = geo.city_colour[value]
    actions: list[Node] = []
    hexes = build_nodes(state, seat, value)
    if hexes:
        actions.append(Node("build", "Build track", heading, f"{len(hexes)} free hexes in region {value}",
                            "build", "", _const(hexes)))
    engine: list[int] = state["maps"][seat]["engine"]
    if value not in engine and len(engine) < rules().engine_boxes:
        now = engine_strength(state, seat)
        actions.append(Node("improve", "Improve engine", heading,
                            f"cross out box {value}: engine {now} -> {now + 1}{_with_4b(state, seat)}",
                            "improve", f"improve engine to strength {now + 1} (box {value})",
                            None, _improver(seat, value)))
    cubes = deliver_nodes(state, seat, value)
    if cubes:
        actions.append(Node("deliver", "Deliver cargo", heading,
                            f"from city {value} ({city})", "deliver", "", _const(cubes)))
    if cards.takeable(state, seat, value):
        actions.append(_card_node(state, seat, value, heading))
    if not actions:
        actions.append(Node("pass", "Pass (no action with this die)", heading, "", "pick",
                            "pass: nothing can be done with this die", None, _passer(seat, value)))
    return actions + (_mod_nodes(state, seat, value, heading) if mods_ok else [])


def _const(nodes: list[Node]) -> Callable[[], list[Node]]:
    return lambda: nodes


def _improver(seat: int, value: int) -> Effect:
    def do(state: State) -> list[str]:
        engine = state["maps"][seat]["engine"]
        engine.append(value)
        engine.sort()
        text = (f"{turns.name(state, seat)} improved the engine with a {value}: "
                f"strength {engine_strength(state, seat)}{_with_4b(state, seat)}.")
        state["last"] = {"seat": seat, "kind": "improve", "where": [], "text": text, "box": value}
        return [text] + turns.finish_action(state)
    return do


def _with_4b(state: State, seat: int) -> str:
    """" (card 4b +1)" while the seat holds 4b, which adds one to the engine."""
    return " (card 4b +1)" if cards.holds(state, seat, "4b") else ""


def _passer(seat: int, value: int) -> Effect:
    def do(state: State) -> list[str]:
        text = f"{turns.name(state, seat)} could do nothing with die {value}."
        state["last"] = {"seat": seat, "kind": "pass", "where": [], "text": text}
        return [text] + turns.finish_action(state)
    return do


def _card_node(state: State, seat: int, number: int, heading: str) -> Node:
    info = cards.side(state, number)
    holder = cards.holder(state, number)
    if holder is None:
        where = "from the centre"
    elif holder == seat:
        where = "again, to turn it sideways"
    else:
        where = f"from {turns.name(state, holder)}"
    summary = f"take card {info.code} ({info.name}) {where}"
    return Node("card", f"Take card {info.code} {where}"[:80], heading, info.effect[:100], "card",
                summary, None, _taker(seat, number, where))


def _taker(seat: int, number: int, where: str) -> Effect:
    def do(state: State) -> list[str]:
        entry = cards.card(state, number)
        entry["holder"] = seat
        entry["sideways"] = True
        code = f"{number}{entry['side']}"
        text = f"{turns.name(state, seat)} took card {code} ({cards.side(state, number).name}) {where}."
        state["last"] = {"seat": seat, "kind": "card", "where": [], "text": text, "card": number}
        return [text] + turns.finish_action(state)
    return do


def _mod_nodes(state: State, seat: int, value: int, heading: str) -> list[Node]:
    """Card uses that change the die before the action."""
    out: list[Node] = []
    changes: list[tuple[str, str, int]] = []
    for code in ("1a", "1b"):
        if cards.usable(state, seat, code):
            changes += [(f"{code}={v}", f"Card {code}: make it a {v}", v) for v in range(1, 7) if v != value]
    if cards.usable(state, seat, "5a"):
        changes += [(f"5a{d:+d}", f"Card 5a: {value}{d:+d} = {value + d}", value + d)
                    for d in (1, -1) if 1 <= value + d <= 6]
    if cards.usable(state, seat, "5b"):
        changes.append(("5b=flip", f"Card 5b: flip to {7 - value}", 7 - value))
    for token, label, new in changes:
        out.append(Node(token, label, heading, f"then act with die {new}", "pick", "",
                        _then(state, seat, new), _changer(seat, token[:2], value, new),
                        f"card {token[:2]} makes it {new}"))
    if cards.usable(state, seat, "5b"):
        out.append(Node("5b=reroll", "Card 5b: reroll it", heading, "you must use the new result",
                        "pick", "reroll it with card 5b", None, _reroller(seat, value)))
    return out


def _then(state: State, seat: int, value: int) -> Callable[[], list[Node]]:
    return lambda: action_nodes(state, seat, value, False)


def _changer(seat: int, code: str, old: int, new: int) -> Effect:
    def do(state: State) -> list[str]:
        state["held"] = new
        state["mod_used"] = True
        return [f"{turns.name(state, seat)} uses card {code}: die {old} becomes {new}."] + cards.spend(state, code)
    return do


def _reroller(seat: int, value: int) -> Effect:
    def do(state: State) -> list[str]:
        state["mod_used"] = True
        state["phase"] = "reroll"
        text = f"{turns.name(state, seat)} uses card 5b to reroll die {value}."
        state["last"] = {"seat": seat, "kind": "reroll", "where": [], "text": text}
        return [text]
    return do


def pick_nodes(state: State, seat: int, heading: str = "Pick a white die") -> list[Node]:
    """The dice in the pool. If a 2b holder may claim the die, taking it is
    an action of its own (he answers before the die is used); otherwise the
    pick opens the die's actions."""
    geo = board()
    claimer = turns.claimer(state, seat)
    nodes = []
    for value in sorted(set(state["pool"])):
        info = cards.side(state, value)
        detail = (f"region {value} · city {value} ({geo.city_colour[value]}): "
                  f"{len(state['cubes'][str(value)])} cubes · card {info.code}")
        if claimer is not None:
            who = turns.name(state, claimer)
            detail = f"{detail} · {who} may claim it (2b)"[:100]
            nodes.append(Node(str(value), die_label(value), heading, detail, "pick",
                              f"Take die {value} ({who} may claim it with card 2b)", None,
                              _taker_of_die(seat, value, claimer)))
        else:
            nodes.append(Node(str(value), die_label(value), heading, detail, "pick", "",
                              _then_with_mods(state, seat, value), _taker_of_die(seat, value, None),
                              f"Die {value}"))
    return nodes


def _then_with_mods(state: State, seat: int, value: int) -> Callable[[], list[Node]]:
    return lambda: action_nodes(state, seat, value, True)


def _taker_of_die(seat: int, value: int, claimer: int | None) -> Effect:
    def do(state: State) -> list[str]:
        state["pool"].remove(value)
        state["held"] = value
        if claimer is None:
            return []
        state["phase"] = "react"
        state["claim"] = {"picker": seat, "die": value, "holder": claimer}
        offered: list[int] = state.setdefault("claim_offered", [])
        if claimer not in offered:
            offered.append(claimer)
        text = f"{turns.name(state, seat)} takes die {value}; {turns.name(state, claimer)} may claim it with card 2b."
        state["last"] = {"seat": seat, "kind": "pick", "where": [], "text": text}
        return [text]
    return do
