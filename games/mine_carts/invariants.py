"""Checks of a state's soundness, run after every action of the random
playouts: the 68 cards conserved, carts only on track or in stations, gold
counted, allotments in range."""

from __future__ import annotations

from games.core import State
from games.mine_carts.board import all_squares, is_fixed, is_town
from games.mine_carts.cards import full_deck
from games.mine_carts.movement import GOLD
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, MineCartsState, typed
from games.mine_carts.track import lengths
from games.phases import OVER


def problems(state: State) -> list[str]:
    s = typed(state)
    return _cards(s) + _carts(s) + _gold(s)


def _cards(state: MineCartsState) -> list[str]:
    out = []
    counted = {code: state["deck"][code] + state["discard"][code] for code in full_deck()}
    for team in state["teams"]:
        for code in team["factory"]:
            counted[code] += 1
        if state["phase"] == "lay" and len(team["factory"]) + team["laid"] != rules().factory:
            out.append(f"{team['name']}'s factory holds {len(team['factory'])} with {team['laid']} laid")
    for square, placed in state["grid"].items():
        counted[placed["card"]] += 1
        if square not in all_squares() or is_fixed(square):
            out.append(f"a card on {square}")
    if counted != full_deck():
        out.append(f"cards not conserved: {counted}")
    if any(n < 0 for n in list(state["deck"].values()) + list(state["discard"].values())):
        out.append("a negative card count")
    return out


def _on_track(state: MineCartsState, cart: Cart) -> bool:
    placed = state["grid"].get(cart["square"])
    if placed is None or cart["path"] is None:
        return False
    a, b = cart["path"]
    return any({a, b} == {x, y} for x, y, _c in lengths(placed))


def _carts(state: MineCartsState) -> list[str]:
    out = []
    squares: list[str] = []
    for t, team in enumerate(state["teams"]):
        for number, cart in team["carts"].items():
            home = rules().carts[t][number]
            if cart["path"] is None:
                if cart["square"] != home:
                    out.append(f"{team['name']} cart {number} waits in {cart['square']}, not its town {home}")
            elif not _on_track(state, cart):
                out.append(f"{team['name']} cart {number} on {cart['square']} is off the track")
            else:
                squares.append(cart["square"])
    gold = state["gold_cart"]
    if gold["path"] is None:
        if gold["square"] != rules().mine:
            out.append(f"the {GOLD} cart waits in {gold['square']}, not the mine")
    elif not _on_track(state, gold) or is_town(gold["square"]):
        out.append(f"the gold cart on {gold['square']} is off the track")
    else:
        squares.append(gold["square"])
    if len(set(squares)) != len(squares):
        out.append(f"two carts share a square: {sorted(squares)}")
    return out


def _gold(state: MineCartsState) -> list[str]:
    out = []
    golds = [team["gold"] for team in state["teams"]]
    if any(not 0 <= g <= rules().gold_to_win for g in golds):
        out.append(f"gold out of range: {golds}")
    if (max(golds) >= rules().gold_to_win) != (state["ended"] == "gold"):
        out.append(f"gold {golds} but the game ended by '{state['ended']}'")
    if (state["phase"] == OVER) != bool(state["ended"]):
        out.append("phase and ending disagree")
    for team in state["teams"]:
        if not rules().first_allotment <= team["allotment"] <= 3 or team["laid"] > team["allotment"]:
            out.append(f"{team['name']} allotment {team['allotment']} with {team['laid']} laid")
    return out
