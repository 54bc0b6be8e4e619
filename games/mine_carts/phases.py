"""The steps of a team's turn, one class each (``state["phase"]``):

- ``deal`` (chance): three cards face up in each team's factory.
- ``lay`` (phase I): lay one card of the factory (``curve C4 90``,
  ``pit D6``); the step repeats until the team's allotment is laid.
- ``switch`` (phases II and III): set the switch, and where a cart leaving a
  town or the mine has several tracks, pick one for it (``green``,
  ``orange 1E goldS``); the carts then move: 1, 2, the gold cart. Phase IV's
  discard follows at once.
- ``draw`` (chance, phase IV): three new cards (``draw curve pit straight``,
  with ``reshuffle`` where the discard pile becomes the deck).
"""

from __future__ import annotations

import copy
import random
from typing import Callable

from games.core import Applied, IllegalAction, State, tokens
from games.mine_carts.board import all_squares, distance, neighbour, parse_square
from games.mine_carts.cards import RESHUFFLE, apply_draw, can_draw, discard_factory, lay, sample_draw, why_not
from games.mine_carts.movement import GOLD, ORDER, allotment_for, cart_of, exits, occupied, travel
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, Last, MineCartsState, Move, Placed, Team, typed
from games.mine_carts.track import EDGE_NAMES, describe
from games.phases import OVER, ChancePhase, PlayerPhase
from games.tree import Effect, Node

EDGE_WORDS = ("north", "east", "south", "west")


def team_name(state: MineCartsState, team: int) -> str:
    return state["teams"][team]["name"]


def who(state: MineCartsState, team: int) -> str:
    """``Red (ann, cid)``."""
    members = ", ".join(state["players"][s] for s in state["teams"][team]["seats"])
    return f"{team_name(state, team)} ({members})"


def who_acted(state: MineCartsState, seat: int) -> str:
    """``Red (cid)``: the team and the member who acted for it."""
    team = next(t for t in state["teams"] if seat in t["seats"])
    return f"{team['name']} ({state['players'][seat]})"


def cart_name(cart: str) -> str:
    return "the gold cart" if cart == GOLD else f"cart {cart}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- set-up and phase IV: chance --------------------------------------------

class DealPhase(ChancePhase):
    """``deal c1 c2 c3 c4 c5 c6``: Red's factory, then Blue's."""

    def sample(self, state: State, rng: random.Random) -> str:
        s = typed(state)
        count = rules().factory * len(s["teams"])
        return "deal " + " ".join(sample_draw(s["deck"], s["discard"], True, count, rng.choice))

    def apply(self, state: State, action: str) -> list[str]:
        s = typed(state)
        words = tokens(action)
        if not words or words[0] != "deal" or RESHUFFLE in words:
            raise IllegalAction("The deal looks like 'deal curve pit straight curve crossing straight'.")
        n = rules().factory
        cards = apply_draw(s, words[1:], n * len(s["teams"]))
        events = []
        for t, team in enumerate(s["teams"]):
            team["factory"] = cards[t * n:(t + 1) * n]
            events.append(f"{team_name(s, t)}'s factory: {', '.join(team['factory'])}.")
        s["phase"] = "lay"
        return events


class DrawPhase(ChancePhase):
    """``draw c1 c2 c3`` (``reshuffle`` before the first card of the
    reshuffled deck): the active team's new factory; play passes on."""

    def sample(self, state: State, rng: random.Random) -> str:
        s = typed(state)
        return "draw " + " ".join(sample_draw(s["deck"], s["discard"], s["reshuffled"], rules().factory,
                                              rng.choice))

    def apply(self, state: State, action: str) -> list[str]:
        s = typed(state)
        words = tokens(action)
        if not words or words[0] != "draw":
            raise IllegalAction("A draw looks like 'draw curve pit straight'.")
        team = s["teams"][s["team"]]
        team["factory"] = apply_draw(s, words[1:], rules().factory)
        team["laid"] = 0
        events = []
        if RESHUFFLE in words:
            events.append("The deck ran out: the discard pile is shuffled into a new deck (the only reshuffle).")
        events.append(f"{team['name']} draws {', '.join(team['factory'])}.")
        s["team"] = (s["team"] + 1) % len(s["teams"])
        if s["team"] == 0:
            s["round"] += 1
        s["phase"] = "lay"
        return events


# -- phase I: lay track -------------------------------------------------------

def team_seats(state: State) -> list[int]:
    s = typed(state)
    return list(s["teams"][s["team"]]["seats"])


class LayPhase(PlayerPhase):
    """Lay one card of the factory, any rotation, on any square but a cart,
    a town, the mine or a pit; the team lays its whole allotment."""

    def seats(self, state: State) -> list[int]:
        return team_seats(state)

    def waiting_for(self, state: State) -> str:
        team = typed(state)["teams"][typed(state)["team"]]
        left = team["allotment"] - team["laid"]
        return f"to lay {plural(left, 'more card' if team['laid'] else 'card')}"

    def nodes(self, state: State, seat: int) -> list[Node]:
        s = typed(state)
        team = s["teams"][s["team"]]
        left = team["allotment"] - team["laid"]
        heading = f"Lay a card from your factory ({left} of {team['allotment']} still to lay)"
        out = []
        for code in dict.fromkeys(team["factory"]):
            k = rules().kinds[code]
            out.append(Node(code, f"Lay the {k.name}", heading, "destroys what it covers" if k.is_pit else "",
                            "lay", note=f"{k.name}", expand=_squares(s, seat, code)))
        return out

    def apply(self, state: State, seat: int, action: str) -> Applied:
        words = tokens(action)  # ASCII spaces only: 'curve\u00a0G7\u00a00' is refused
        if len(words) >= 2:
            square = parse_square(words[1])  # c04 is C4
            if square is not None:
                words[1] = square
                reason = why_not(typed(state), square)
                if reason is not None:
                    raise IllegalAction(reason)
        return super().apply(state, seat, " ".join(words))


def _squares(state: MineCartsState, seat: int, code: str) -> Callable[[], list[Node]]:
    def expand() -> list[Node]:
        anchors = _anchors(state)
        busy = set(occupied(state))
        free = [sq for sq in all_squares() if sq not in busy and why_not(state, sq) is None]
        free.sort(key=lambda sq: min((distance(sq, a) for a in anchors), default=0))
        pit = rules().kinds[code].is_pit
        out = []
        for sq in free:
            under = state["grid"].get(sq)
            detail = f"covers a {rules().kinds[under['card']].name}" if under else "empty square"
            if pit:
                out.append(Node(sq, f"Pit on {sq}", "Lay the pit on which square?", detail, "lay", f"pit on {sq}", None,
                                _lay(seat, code, sq, 0)))
            else:
                out.append(Node(sq, sq, f"Lay the {rules().kinds[code].name} on which square?", detail, "lay", note=f"on {sq}",
                                expand=_rotations(seat, code, sq), menu=True))
        return out
    return expand


def _anchors(state: MineCartsState) -> list[str]:
    """Where the active team's carts and the gold cart are (the squares near
    them come first in the panel)."""
    carts = list(state["teams"][state["team"]]["carts"].values()) + [state["gold_cart"]]
    return [c["square"] for c in carts]


def _rotations(seat: int, code: str, square: str) -> Callable[[], list[Node]]:
    def expand() -> list[Node]:
        out = []
        for r in rules().kinds[code].rotations:
            shape = describe(Placed(card=code, rotation=r))
            out.append(Node(str(r), f"{r}°: {shape}", "Which way round?", "", "lay",
                            f"{shape}", None, _lay(seat, code, square, r)))
        return out
    return expand


def _lay(seat: int, code: str, square: str, rotation: int) -> Effect:
    def do(state: State) -> list[str]:
        s = typed(state)
        t = s["team"]
        covered = lay(s, code, square, rotation)
        name = rules().kinds[code].name
        shape = "" if code == "pit" else f" ({describe(Placed(card=code, rotation=rotation))})"
        text = f"{who_acted(s, seat)} laid a {name} on {square}{shape}"
        if covered is not None:
            text += f", covering a {rules().kinds[covered['card']].name}"
        team = s["teams"][t]
        moves: list[Move] = []
        where = [square]
        if s["last"] is not None:
            moves = s["last"]["moves"]  # the last turn's cart paths stay drawn
            if team["laid"] > 1 and s["last"]["kind"] == "lay":
                where = s["last"]["where"] + where
        s["last"] = Last(seat=seat, kind="lay", text=text + ".", where=where, moves=moves)
        if team["laid"] >= team["allotment"]:
            s["phase"] = "switch"
        return [text + "."]
    return do


# -- phases II and III: the switch and the carts -----------------------------

class SwitchPhase(PlayerPhase):
    """Set the switch; carts 1, 2 and the gold cart then move in turn, the
    team picking the track of a cart that leaves a town or the mine where
    several join it."""

    def seats(self, state: State) -> list[int]:
        return team_seats(state)

    def waiting_for(self, state: State) -> str:
        return "to set the switch and move the carts"

    def nodes(self, state: State, seat: int) -> list[Node]:
        s = typed(state)
        heading = "Set the switch (then carts 1, 2 and the gold cart move)"
        return [_step(s, seat, colour, (), colour, f"Switch to {colour}", heading,
                      f"junctions send carts onto {colour}, else black; other colours' ends are shut",
                      f"switch {colour}", (colour[0],))
                for colour in rules().switch_colours]


def _step(state: MineCartsState, seat: int, colour: str, chosen: tuple[int, ...], token: str, label: str,
          heading: str, detail: str, note: str, aliases: tuple[str, ...] = ()) -> Node:
    """A node of the switch step: complete once no cart has a track left to
    pick (its effect moves the carts), else leading to the next pick."""
    if plan(state, colour, chosen) is None:
        summary = f"move the carts ({preview(state, colour, chosen)} spaces)"
        return Node(token, label, heading, detail, "switch", summary, None, _move(seat, colour, chosen),
                    note, aliases)
    return Node(token, label, heading, detail, "switch", "", lambda: _exit_nodes(state, seat, colour, chosen),
                None, note, aliases)


def _exit_nodes(state: MineCartsState, seat: int, colour: str, chosen: tuple[int, ...]) -> list[Node]:
    ask = plan(state, colour, chosen)
    assert ask is not None
    cart, square, options = ask
    name = cart_name(cart).capitalize()
    heading = f"{name} leaves {square}: onto which track?"
    return [_step(state, seat, colour, chosen + (d,), f"{cart}{EDGE_NAMES[d]}",
                  f"{name}: {EDGE_WORDS[d]} to {neighbour(square, d)}", heading, "",
                  f"{cart_name(cart)} {EDGE_WORDS[d]}", (f"{cart}-{EDGE_NAMES[d]}",))
            for d in options]


def plan(state: MineCartsState, colour: str, chosen: tuple[int, ...]) -> tuple[str, str, list[int]] | None:
    """The next cart that must pick its track after ``chosen``: (cart, its
    town or the mine, the edges it may take); None once every choice is made."""
    sim = carts_copy(state)
    sim["switch"] = colour
    picks = list(chosen)
    for cart in ORDER:
        options = exits(sim, sim["team"], cart)
        if len(options) > 1 and not picks:
            return cart, cart_of(sim, sim["team"], cart)["square"], options
        first = (picks.pop(0) if len(options) > 1 else options[0]) if options else None
        _move_one(sim, cart, first)
    return None


def carts_copy(state: MineCartsState) -> MineCartsState:
    """A copy to move the carts in: the carts and the switch are its own, the
    rest (the grid above all) is shared and must not be changed."""
    sim = copy.copy(state)
    sim["teams"] = [Team(**{**team, "carts": {n: _cart_copy(c) for n, c in team["carts"].items()}})
                    for team in state["teams"]]
    sim["gold_cart"] = _cart_copy(state["gold_cart"])
    return sim


def _cart_copy(c: Cart) -> Cart:
    return Cart(square=c["square"], path=None if c["path"] is None else list(c["path"]))


def _move_one(state: MineCartsState, cart: str, first: int | None) -> Move:
    t = state["team"]
    trip = travel(state, t, cart, first)
    c = cart_of(state, t, cart)
    c["square"], c["path"] = trip.cart["square"], trip.cart["path"]
    return Move(team=t, cart=cart, squares=trip.squares, scored=trip.scored)


def run_moves(state: MineCartsState, colour: str, chosen: tuple[int, ...]) -> list[Move]:
    """Phases II and III in place: the switch, then cart 1, cart 2, the gold cart."""
    state["switch"] = colour
    picks = list(chosen)
    moves = []
    for cart in ORDER:
        options = exits(state, state["team"], cart)
        first = (picks.pop(0) if len(options) > 1 else options[0]) if options else None
        moves.append(_move_one(state, cart, first))
    return moves


def preview(state: MineCartsState, colour: str, chosen: tuple[int, ...]) -> str:
    sim = carts_copy(state)
    moves = run_moves(sim, colour, chosen)
    return ", ".join(f"{'gold' if m['cart'] == GOLD else m['cart']} {len(m['squares']) - 1}" for m in moves)


def _move(seat: int, colour: str, chosen: tuple[int, ...]) -> Effect:
    def do(state: State) -> list[str]:
        s = typed(state)
        t = s["team"]
        team = s["teams"][t]
        moves = run_moves(s, colour, chosen)
        events = [f"{who_acted(s, seat)} set the switch to {colour}."]
        for m in moves:
            events.append(_move_event(s, m))
            if m["cart"] != GOLD:
                before = team["allotment"]
                team["allotment"] = allotment_for(len(m["squares"]) - 1, before)
                if team["allotment"] > before:
                    events.append(f"{team['name']} now lays {team['allotment']} cards a turn.")
            if m["scored"] is not None:
                s["teams"][m["scored"]]["gold"] += 1
                g = s["teams"][m["scored"]]["gold"]
                events.append(f"The gold cart reached {team_name(s, m['scored'])}'s town "
                              f"{m['squares'][-1]}: {team_name(s, m['scored'])} scores a gold ({g}) "
                              f"and the gold cart goes back to the mine.")
        where = sorted({sq for m in moves for sq in m["squares"][1:]})
        s["last"] = Last(seat=seat, kind="switch", text=f"{who_acted(s, seat)}: switch {colour}; " + "; ".join(_move_short(m) for m in moves),
                         where=where, moves=moves)
        events += end_of_turn(s)
        return events
    return do


def _move_short(m: Move) -> str:
    name = "gold" if m["cart"] == GOLD else f"cart {m['cart']}"
    spaces = len(m["squares"]) - 1
    return f"{name} {m['squares'][0]}->{m['squares'][-1]} ({spaces})" if spaces else f"{name} stays"


def _move_event(state: MineCartsState, m: Move) -> str:
    spaces = len(m["squares"]) - 1
    who_ = (f"{team_name(state, m['team'])}'s {cart_name(m['cart'])}" if m["cart"] != GOLD
            else "The gold cart")
    if spaces == 0:
        return f"{who_} can't move and stays on {m['squares'][0]}."
    return f"{who_} moved {plural(spaces, 'space')}: {' > '.join(m['squares'])}."


def end_of_turn(state: MineCartsState) -> list[str]:
    """The first team to 3 gold wins; else phase IV: discard the factory and
    draw three (the game ends when the reshuffled deck can't give them)."""
    leaders = [t for t, team in enumerate(state["teams"]) if team["gold"] >= rules().gold_to_win]
    if leaders:
        state["phase"], state["ended"] = OVER, "gold"
        return [f"{team_name(state, leaders[0])} has {rules().gold_to_win} gold and wins!"]
    left = discard_factory(state)
    events = [f"{team_name(state, state['team'])} discards {', '.join(left)}."] if left else []
    if not can_draw(state, rules().factory):
        state["phase"], state["ended"] = OVER, "deck"
        why = ("The reshuffled deck has run out" if state["reshuffled"] else
               f"The deck and the discard pile hold fewer than {rules().factory} cards")
        return events + [f"{why}: the game ends and the team with more gold wins."]
    state["phase"] = "draw"
    return events


PHASES: dict[str, PlayerPhase | ChancePhase] = {
    "deal": DealPhase(), "lay": LayPhase(), "switch": SwitchPhase(), "draw": DrawPhase(),
}
