"""Chance outcomes: the set-up, tile and town draws, and the derailment roll.

Each pending draw in ``state["pending"]`` is one chance step; its canonical
text is what was drawn ("draw curve", "town red", "goods blue+green",
"refill red blue+green", "roll 4").
A hand draw names the tile only in the raw log text, kept server-side; the
events never name it.
"""

from __future__ import annotations

import random
from games.core import IllegalAction, tokens
from games.phases import ChancePhase

from . import grammar
from .geometry import cell_name, unkey
from .moves import carry_out, goods_done
from .params import COLOURS, param
from games.core import State

from .state import DaysOfSteamState, FaceUpTown, Good, typed
from .table import all_towns_played, draw, goods_token, parse_goods, sample_goods, size, take


class PendingDraw(ChancePhase):
    """A chance step due as the first entry of ``state["pending"]``: its
    outcome's text is read strictly, then the entry is cleared."""

    def apply(self, state: State, action: str) -> list[str]:
        st = typed(state)
        pending = st["pending"][0]
        events = self.settle(st, tokens(action))
        if st["pending"] and st["pending"][0] is pending:
            st["pending"].pop(0)
        return events

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        """Carry out the outcome whose tokens are given (IllegalAction if
        they are not this draw's canonical text)."""
        raise NotImplementedError


def _town_goods(colours: list[str], origin: str) -> list[Good]:
    return [{"colour": c, "origin": origin} for c in colours]


def _face_up(colour: str, goods: list[str]) -> FaceUpTown:
    return {"colour": colour, "goods": goods}


def _parse_face_up(token: str, state: DaysOfSteamState) -> tuple[str, list[str]]:
    colour, _, goods = token.partition(":")
    if colour not in COLOURS:
        raise IllegalAction(f"{grammar.shown(colour)} is not a town colour.")
    return colour, parse_goods(goods or "none", state["bag"])


class Setup(PendingDraw):
    """The first town, the two face-up towns with their goods, the hands."""

    def sample(self, state: State, rng: random.Random) -> str:
        towns = dict(state["town_deck"])
        bag = dict(state["bag"])
        deck = dict(state["deck"])
        start = draw(towns, rng)
        towns[start] -= 1
        parts = ["setup", start]
        for _ in range(param("face_up_towns")):
            colour = draw(towns, rng)
            towns[colour] -= 1
            goods = sample_goods(bag, rng)
            for g in goods:
                bag[g] -= 1
            parts.append(f"{colour}:{goods_token(goods)}")
        for _ in state["players"]:
            hand = []
            for _ in range(param("hand_size")):
                tile = draw(deck, rng)
                deck[tile] -= 1
                hand.append(tile)
            parts.append(",".join(hand))
        return " ".join(parts)

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        slots = param("face_up_towns")
        n = len(state["players"])
        if len(tokens) != 2 + slots + n or tokens[0] != "setup":
            raise IllegalAction("A set-up reads: setup START COLOUR:GOODS COLOUR:GOODS HAND...")
        take(state["town_deck"], tokens[1], "town deck")
        state["tiles"]["0,0"] = {"kind": "town", "rot": 0, "colour": tokens[1], "goods": []}
        for token in tokens[2:2 + slots]:
            colour, goods = _parse_face_up(token, state)
            take(state["town_deck"], colour, "town deck")
            for g in goods:
                take(state["bag"], g, "goods bag")
            state["face_up"].append(_face_up(colour, goods))
        for seat, token in enumerate(tokens[2 + slots:]):
            hand = token.split(",")
            if len(hand) != param("hand_size"):
                raise IllegalAction(f"A hand has {param('hand_size')} tiles.")
            for tile in hand:
                take(state["deck"], tile, "track deck")
            state["hands"][seat] = hand
        state["phase"] = "play"
        return [
            f"The map starts with a {tokens[1]} town at {cell_name((0, 0))}; every train stands on it.",
            "Face-up towns: " + "; ".join(
                f"{t['colour']} with {', '.join(t['goods']) or 'no goods'}" for t in state["face_up"]) + ".",
            f"Each player is dealt {param('hand_size')} track tiles.",
        ]


class DrawTile(PendingDraw):
    """The hand refill after a track tile is played (or discarded). Drawing
    the deck's last tile ends the game at once."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"draw {draw(state['deck'], rng)}"

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        if len(tokens) != 2 or tokens[0] != "draw":
            raise IllegalAction("A tile draw reads: draw KIND")
        pending = state["pending"][0]
        take(state["deck"], tokens[1], "track deck")
        seat = int(pending["seat"])
        state["hands"][seat].append(tokens[1])
        events = [f"{state['players'][seat]} drew a tile."]
        if size(state["deck"]) == 0:
            state["phase"], state["ended"] = "over", "deck"  # games.phases.OVER
            events.append("That was the last track tile: the game ends.")
        return events


def place_town(state: DaysOfSteamState, cell_key: str, colour: str, goods: list[str], seat: int) -> list[str]:
    """Put a town into play with its goods; hand out coal when it was the last."""
    state["tiles"][cell_key] = {"kind": "town", "rot": 0, "colour": colour,
                                "goods": _town_goods(goods, cell_key)}
    events: list[str] = []
    if all_towns_played(state):
        for s in range(len(state["players"])):
            state["coal"][s] += param("coal_per_player")
        events.append(f"The last town is in play: every player receives {param('coal_per_player')} coal cubes.")
    return events


class _TownDraw(PendingDraw):
    """A town drawn from the town deck with its goods from the bag."""

    verb = ""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"{self.verb} {draw(state['town_deck'], rng)} {goods_token(sample_goods(state['bag'], rng))}"

    def take_town(self, state: DaysOfSteamState, tokens: list[str]) -> tuple[str, list[str]]:
        """Parse "VERB COLOUR GOODS" and take the town and goods out of stock."""
        if len(tokens) != 3 or tokens[0] != self.verb:
            raise IllegalAction(f"A town draw reads: {self.verb} COLOUR GOODS")
        colour, goods = _parse_face_up(f"{tokens[1]}:{tokens[2]}", state)
        take(state["town_deck"], colour, "town deck")
        for g in goods:
            take(state["bag"], g, "goods bag")
        return colour, goods


class DrawTown(PendingDraw):
    """The top town of the deck, drawn by the player who will place it: its
    colour is shown to all, then that player places it."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"town {draw(state['town_deck'], rng)}"

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        if len(tokens) != 2 or tokens[0] != "town" or tokens[1] not in COLOURS:
            raise IllegalAction("A town draw reads: town COLOUR")
        seat = int(state["pending"][0]["seat"])
        take(state["town_deck"], tokens[1], "town deck")
        state["drawn"] = {"seat": seat, "colour": tokens[1]}
        return [f"It is a {tokens[1]} town: {state['players'][seat]} places it."]


class DrawGoods(PendingDraw):
    """The two goods drawn for a town from the deck once it is placed."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"goods {goods_token(sample_goods(state['bag'], rng))}"

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        if len(tokens) != 2 or tokens[0] != "goods":
            raise IllegalAction("A goods draw reads: goods GOODS")
        goods = parse_goods(tokens[1], state["bag"])
        cell = state["pending"][0]["cell"]
        for g in goods:
            take(state["bag"], g, "goods bag")
        town = state["tiles"][cell]
        town["goods"] = _town_goods(goods, cell)
        where = cell_name(unkey(cell))
        return [f"Goods for the {town['colour']} town at {where}: {', '.join(goods) or 'none (the bag is empty)'}."]


class RefillTown(_TownDraw):
    """A new face-up town (with two goods) after one was played."""

    verb = "refill"

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        pending = state["pending"][0]
        colour, goods = self.take_town(state, tokens)
        state["face_up"].insert(int(pending["slot"]), _face_up(colour, goods))
        return [f"New face-up town: {colour} with {', '.join(goods) or 'no goods'}."]


class DerailRoll(PendingDraw):
    """The speed-limit roll after a fast move over a curve."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"roll {rng.randint(1, 6)}"

    def settle(self, state: DaysOfSteamState, tokens: list[str]) -> list[str]:
        if len(tokens) != 2 or tokens[0] != "roll" or tokens[1] not in {"1", "2", "3", "4", "5", "6"}:
            raise IllegalAction("A derailment roll reads: roll N (1-6)")
        pending = state["pending"][0]
        roll = int(tokens[1])
        seat = int(pending["seat"])
        name = state["players"][seat]
        if roll > int(pending["route"]["derail_on"]):
            goods = goods_done(pending["route"])
            done = f"; it {goods}" if goods else ""
            return [f"{name} rolls {roll}: the train stays on the rails{done}."] + carry_out(state, seat, pending["route"])
        if state["last"] is not None:
            state["last"]["derailed"] = True
        return [f"{name} rolls {roll}: derailed! The train goes back and the {pending['route']['spent']} steam is lost."]


CHANCE_PHASES: dict[str, PendingDraw] = {
    "setup": Setup(), "draw": DrawTile(), "town": DrawTown(), "goods": DrawGoods(), "refill": RefillTown(),
    "derail": DerailRoll(),
}
"""The chance phases by the kind of pending draw they settle."""
