"""A player's turn as a tree of tokens (:mod:`games.tree`): one class per
kind of action, each growing its branch of the tree and saying why a typed
text that the tree does not hold is refused.

A turn is one of: play a track tile (then draw), play a town, move the
train, or use the water tower. Coal cubes may be burnt first (that does not
end the turn). A player with none of the four open to him discards a tile
and draws (ours: the rulebook has no pass, and a stuck player must not
stall the game).

The tree is the one source of what is legal: the panel's options, the
legal actions, autocomplete and the checking of typed text all walk it, and
its leaves carry the effects (``Node.do``). It is lazy: a branch is grown
only when walked (the first step asks each kind of action only whether it
is open), so a typed "move ..." never lists the tiles that could be played.
:meth:`Turn.explain` only words a refusal: it re-reads the typed tokens to
tell the player what is wrong (not in your hand, not a square of the map,
can't go there because ...), and never decides legality.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Generic, Sequence, TypeVar

from games.core import IllegalAction, State
from games.phases import OVER
from games.tree import Effect, Node

from . import grammar
from .board import Board, arrivals
from .chance import place_town
from .geometry import Cell, Extent, Shape, key, orientations, parse_cell_name, unkey
from .movement import Route, routes
from .moves import carry_out, dest_token, goods_done, goods_words, risk_words, to_json, variant_token
from .params import param, tile_defs
from .placement import (Spot, award_circuit, describe, glyph, over_problem, town_cells, town_problem,
                        track_problem, track_spots)
from .state import DaysOfSteamState, Last, typed
from .table import add_steam, end_turn, extent, size, tile_name

TURN_HEADING = "Your turn: what will you do?"

T = TypeVar("T")


class Once(Generic[T]):
    """A value computed the first time it is asked for, then kept (for one
    tree only: the tree is built afresh for every state)."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make
        self._value: T | None = None

    def __call__(self) -> T:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value  # type: ignore[return-value]


@dataclass
class Ctx:
    """One seat's view of the state while growing its tree or wording a refusal."""

    state: DaysOfSteamState
    seat: int
    board: Board = field(init=False)
    extent: Extent = field(init=False)

    def __post_init__(self) -> None:
        self.board = Board.of(self.state)
        self.extent = extent(self.state)

    @property
    def player(self) -> str:
        return str(self.state["players"][self.seat])

    def name(self, cell: Cell) -> str:
        return self.extent.name(cell)

    def cell(self, token: str) -> Cell:
        """The square a typed name stands for; it must be on the map (the
        placed tiles and the squares next to them)."""
        cell = grammar.cell(token)
        if not self.extent.contains(cell):
            raise IllegalAction(f"{self.name(cell)} is not a square of the map (columns and rows are printed "
                                f"round the board).")
        return cell

    def hand_tile(self, token: str) -> str:
        """A tile kind of the player's hand, typed in any case."""
        kind = token.lower()
        hand: list[str] = self.state["hands"][self.seat]
        if kind not in hand:
            held = ", ".join(dict.fromkeys(hand)) or "nothing"
            if kind in tile_defs() and kind != "town":
                raise IllegalAction(f"You have no {kind} in your hand (you hold: {held}).")
            raise IllegalAction(f"{grammar.shown(token)} is not a tile in your hand (you hold: {held}).")
        return kind


def mark(state: DaysOfSteamState, seat: int, kind: str, cells: Sequence[Cell], start: str | None = None) -> None:
    """Remember the last move for the board's highlight (``last["where"]``)."""
    last: Last = {"seat": seat, "kind": kind, "where": [key(c) for c in cells]}
    if start is not None:
        last["start"] = start
    state["last"] = last


def _grouped(items: Sequence[T], token: Callable[[T], str]) -> dict[str, list[T]]:
    """``items`` grouped by their token, in the order the tokens first come."""
    groups: dict[str, list[T]] = {}
    for item in items:
        groups.setdefault(token(item), []).append(item)
    return groups


class Turn:
    """One kind of action: its first token, slash command, branch of the
    tree and the wording of its refusals."""

    token = ""
    command = ""
    label = ""

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        """The action's first token with its branch (grown when walked), or
        None when the action is not open now. ``typed``: the tokens of a
        typed action, which a branch may use to grow only the part the walk
        will follow (the nodes on that path are the same)."""
        raise NotImplementedError

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        """Raise IllegalAction saying what is wrong with ``tokens`` (which
        the tree refused); return when no better reason is found."""
        raise NotImplementedError

    def first(self, expand: Callable[[], list[Node]] | None, detail: str = "", label: str = "",
              summary: str = "", do: Effect | None = None) -> Node:
        return Node(self.token, label or self.label, TURN_HEADING, detail, self.command, summary, expand, do)


class PlayTile(Turn):
    """Play a track tile from the hand, then draw one at the end of the turn."""

    token = command = "tile"
    label = "Play a track tile"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        """A typed "tile KIND SQUARE SIDES" grows only KIND's plays on SQUARE."""
        hand, only = ctx.state["hands"][ctx.seat], None
        if len(typed) == 4:
            hand = [k for k in hand if k == typed[1].lower()]
            only = parse_cell_name(typed[2])
            if only is None:
                return None
        spots = Once(lambda: track_spots(ctx.state, ctx.board, hand, only))
        if not spots():
            return None
        return self.first(lambda: self.kinds(ctx, spots()), "Then draw a new tile")

    def kinds(self, ctx: Ctx, spots: list[Spot]) -> list[Node]:
        out = []
        for kind, same in _grouped(spots, lambda s: s.kind).items():
            tdef = tile_defs()[kind]
            out.append(Node(kind, f"{tdef.name} (+{tdef.coal} steam)", "Which tile from your hand?",
                            "may be played over existing track" if tdef.over else "", self.command,
                            expand=_thunk(self.cells, ctx, same)))
        return out

    def cells(self, ctx: Ctx, spots: list[Spot]) -> list[Node]:
        out = []
        for where, same in _grouped(spots, lambda s: ctx.name(s.cell)).items():
            spot = same[0]
            over = f" over the {tile_name(spot.over)}" if spot.over else ""
            out.append(Node(where, f"{where}{over}", f"Where does the {tile_defs()[spot.kind].name} go?",
                            f"tile {spot.distance} along a valid path from a town", self.command,
                            expand=_thunk(self.turnings, ctx, same)))
        return out

    def turnings(self, ctx: Ctx, spots: list[Spot]) -> list[Node]:
        out = []
        for code, same in _grouped(spots, lambda s: s.shape.code).items():
            spot = same[0]
            tdef = tile_defs()[spot.kind]
            where = ctx.name(spot.cell)
            over = f" over the {tile_name(spot.over)}" if spot.over else ""
            out.append(Node(code, f"{glyph(spot.shape)} {describe(spot.shape)}", "Which way round?",
                            f"track ends: {describe(spot.shape)}", self.command,
                            f"Play {tdef.name} at {where}{over}, {describe(spot.shape)} (+{tdef.coal} steam)"[:100],
                            do=self.play(ctx, spot)))
        return out

    def play(self, ctx: Ctx, spot: Spot) -> Effect:
        """Lay the tile (over the track there, which is discarded), gain its
        steam, take a circuit counter if it closes one, and draw."""
        def do(raw: State) -> list[str]:
            state = typed(raw)
            kind, cell, placed, over = spot.kind, spot.cell, spot.shape, spot.over
            replaced = ctx.board.shapes.get(cell)
            state["hands"][ctx.seat].remove(kind)
            if over is not None:
                state["discarded"].append(over)
            state["tiles"][key(cell)] = {"kind": kind, "rot": placed.rotation}
            gain = add_steam(state, ctx.seat, tile_defs()[kind].coal)
            mark(state, ctx.seat, "tile", [cell])
            over_words = f" over the {tile_name(over)}" if over else ""
            events = [f"{ctx.player} played a {tile_name(kind)} at {ctx.name(cell)}{over_words} "
                      f"({describe(placed)}), +{gain} steam."]
            events += award_circuit(state, ctx.seat, cell, replaced)
            if state["phase"] != OVER:
                state["pending"].append({"kind": "draw", "seat": ctx.seat})
            end_turn(state)
            return events
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        if len(tokens) != 4:
            raise IllegalAction("Play a tile as: tile KIND SQUARE SIDES (e.g. tile curve Z27 NE).")
        kind = ctx.hand_tile(tokens[1])
        cell = ctx.cell(tokens[2])
        where = ctx.name(cell)
        placed = turned(kind, tokens[3])
        board, skip = ctx.board, None
        if key(cell) in ctx.state["tiles"]:
            why = over_problem(ctx.state, board, cell, kind)
            if why:
                raise IllegalAction(f"{where} {why}.")
            skip = cell
            board = Board({c: s for c, s in board.shapes.items() if c != cell}, board.towns, board.hills)
        problem = track_problem(board, arrivals(ctx.board, skip=skip), cell, placed)
        if problem:
            raise IllegalAction(f"The {tile_name(kind)} can't go at {where}: {problem}.")


def _thunk(grow: Callable[[Ctx, list[T]], list[Node]], ctx: Ctx, items: list[T]) -> Callable[[], list[Node]]:
    """The next step's nodes, grown when a panel or a walk opens them."""
    return lambda: grow(ctx, items)


def _town_squares(ctx: Ctx, cells: list[tuple[Cell, int]], heading: str, command: str,
                  summary: Callable[[str], str], effect: Callable[[Cell], Effect]) -> list[Node]:
    """One node per square a town may go on."""
    return [Node(ctx.name(cell), ctx.name(cell), heading, f"{spacing} track segments from the nearest town",
                 command, summary(ctx.name(cell)), do=effect(cell))
            for cell, spacing in cells]


class PlayTown(Turn):
    """Play one of the face-up towns (with its goods) where the player says,
    or draw the top town of the deck: the draw reveals it first (a chance
    outcome), then the player places it (:class:`PlaceDrawnTown`)."""

    token = command = "town"
    label = "Play a town tile"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        if not ctx.state["face_up"] and not size(ctx.state["town_deck"]):
            return None
        cells = Once(lambda: town_cells(ctx.board))
        if not cells():
            return None
        return self.first(lambda: self.towns(ctx, cells()))

    def towns(self, ctx: Ctx, cells: list[tuple[Cell, int]]) -> list[Node]:
        state = ctx.state
        out = []
        for i, town in enumerate(state["face_up"]):
            goods = ", ".join(town["goods"]) or "no goods"
            colour = town["colour"]
            out.append(Node(str(i + 1), f"Face-up {colour} town ({goods})", "Which town?", "its goods come with it",
                            self.command, expand=self.squares(ctx, cells, i, colour)))
        if size(state["town_deck"]):
            out.append(Node("deck", "Draw the top town of the deck", "Which town?",
                            "you see it, then place it; two goods come with it", self.command,
                            "Draw the top town of the deck, then place it", do=self.draw(ctx)))
        return out

    def squares(self, ctx: Ctx, cells: list[tuple[Cell, int]], slot: int, colour: str) -> Callable[[], list[Node]]:
        return lambda: _town_squares(ctx, cells, "Where does the town go?", self.command,
                                     lambda where: f"Play the {colour} town at {where}",
                                     lambda cell: self.play(ctx, slot, cell))

    def play(self, ctx: Ctx, slot: int, cell: Cell) -> Effect:
        """Put the face-up town in ``slot`` at ``cell`` with its goods; a new
        face-up town is drawn for the slot."""
        def do(raw: State) -> list[str]:
            state = typed(raw)
            mark(state, ctx.seat, "town", [cell])
            town = state["face_up"].pop(slot)
            events = [f"{ctx.player} played the {town['colour']} town at {ctx.name(cell)}."]
            events += place_town(state, key(cell), town["colour"], town["goods"], ctx.seat)
            events += award_circuit(state, ctx.seat, cell)
            if size(state["town_deck"]) and state["phase"] != OVER:
                state["pending"].append({"kind": "refill", "slot": slot})
            end_turn(state)
            return events
        return do

    def draw(self, ctx: Ctx) -> Effect:
        """Ask chance for the top town of the deck (the turn goes on: its
        player places it)."""
        def do(raw: State) -> list[str]:
            state = typed(raw)
            state["pending"].append({"kind": "town", "seat": ctx.seat})
            return [f"{ctx.player} draws the top town of the deck."]
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        state = ctx.state
        if len(tokens) == 2 and tokens[1].lower() == "deck":
            if not size(state["town_deck"]) or not town_cells(ctx.board):
                raise IllegalAction("You can't draw a town now: " + (
                    "the town deck is empty." if not size(state["town_deck"]) else "there is nowhere to place one."))
            return
        if len(tokens) > 1 and tokens[1].lower() == "deck":
            raise IllegalAction("Draw a town as: town deck (you place it once you see it).")
        if len(tokens) != 3:
            raise IllegalAction("Play a face-up town as: town 1 SQUARE (or 2), or draw one with: town deck")
        slot = grammar.number(tokens[1], "a face-up town")
        if not 1 <= slot <= len(state["face_up"]):
            count = len(state["face_up"])
            raise IllegalAction(f"There is no face-up town {slot}: there {'is' if count == 1 else 'are'} {count}.")
        _explain_town_square(ctx, tokens[2])


def _explain_town_square(ctx: Ctx, token: str) -> None:
    cell = ctx.cell(token)
    problem = town_problem(ctx.board, arrivals(ctx.board), cell)
    if problem:
        raise IllegalAction(f"A town can't go at {ctx.name(cell)}: {problem}.")


def _drawn_colour(state: DaysOfSteamState) -> str:
    drawn = state["drawn"]
    return drawn["colour"] if drawn is not None else ""


class PlaceDrawnTown(Turn):
    """Place the town just drawn from the deck; its two goods are drawn once
    it is on the map (the rulebook: "draw and play the top tile from the
    town deck ... If a face down town tile from the deck is drawn and placed
    on the map, randomly draw 2 goods to place on it")."""

    token = command = "town"
    label = "Place the town you drew"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        colour = _drawn_colour(ctx.state)
        cells = Once(lambda: town_cells(ctx.board))
        if not cells():
            return None
        grow = lambda: _town_squares(ctx, cells(), f"Where does the {colour} town go?", self.command,  # noqa: E731
                                     lambda where: f"Place the {colour} town at {where}",
                                     lambda cell: self.place(ctx, colour, cell))
        return Node(self.token, f"Place the {colour} town you drew", "Your turn: place the town you drew",
                    "two goods are drawn for it once it is placed", self.command, expand=grow)

    def place(self, ctx: Ctx, colour: str, cell: Cell) -> Effect:
        def do(raw: State) -> list[str]:
            state = typed(raw)
            mark(state, ctx.seat, "town", [cell])
            state["drawn"] = None
            events = [f"{ctx.player} placed the {colour} town at {ctx.name(cell)}."]
            events += place_town(state, key(cell), colour, [], ctx.seat)
            events += award_circuit(state, ctx.seat, cell)
            if state["phase"] != OVER:
                state["pending"].append({"kind": "goods", "seat": ctx.seat, "cell": key(cell)})
            end_turn(state)
            return events
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        if len(tokens) != 2 or tokens[0] != self.token:
            colour = _drawn_colour(ctx.state)
            raise IllegalAction(f"Place the {colour} town you drew as: town SQUARE (e.g. town Z28).")
        _explain_town_square(ctx, tokens[1])


class MoveTrain(Turn):
    """Move the own train along a valid path to a destination, paying steam."""

    token = command = "move"
    label = "Move your train"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        found = Once(lambda: routes(ctx.state, ctx.board, ctx.seat))
        if not found():
            return None
        return self.first(lambda: self.destinations(ctx, found()), f"You have {ctx.state['steam'][ctx.seat]} steam")

    def destinations(self, ctx: Ctx, found: list[Route]) -> list[Node]:
        return [Node(dest, dest_label(ctx, dest, ways)[:80], "Move your train to",
                     "then pick the way there: steam, goods, derailment risk", self.command,
                     expand=_thunk(self.ways, ctx, ways))
                for dest, ways in _grouped(found, lambda r: dest_token(ctx.state, r, ctx.name)).items()]

    def ways(self, ctx: Ctx, ways: list[Route]) -> list[Node]:
        out = []
        for token, same in _grouped(ways, lambda r: variant_token(r, ctx.name)).items():
            route = same[0]
            goods = goods_words(route, ctx.name)
            label = f"{route.spent} steam · {risk_words(route)}" + (f" · {goods}" if goods else "")
            dest = dest_token(ctx.state, route, ctx.name)
            out.append(Node(token, label[:80], "Which route?", label[:100], self.command,
                            f"Move to {dest}: {label}"[:100], do=self.run(ctx, route)))
        return out

    def run(self, ctx: Ctx, route: Route) -> Effect:
        """Pay the steam and run the route; a fast route over a curve waits
        for the derailment roll first."""
        def do(raw: State) -> list[str]:
            state = typed(raw)
            state["steam"][ctx.seat] -= route.spent
            data = to_json(route)
            mark(state, ctx.seat, "move", route.path, start=state["trains"][ctx.seat]["cell"])
            where = dest_token(state, route, ctx.name)
            goods = goods_done(data)
            if route.derail_on:
                state["pending"].append({"kind": "derail", "seat": ctx.seat, "route": data})
                plan = f" ({goods_words(route, ctx.name)})" if goods else ""
                events = [f"{ctx.player} runs to {where} for {route.spent} steam{plan}: speed limit roll, "
                          f"{risk_words(route)}."]
            else:
                done = f", {goods}" if goods else ""
                events = [f"{ctx.player} moved to {where} for {route.spent} steam{done}."]
                events += carry_out(state, ctx.seat, data)
            end_turn(state)
            return events
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        if len(tokens) != 3:
            raise IllegalAction("Move as: move SQUARE ROUTE (e.g. move Z28 s2; pick one from the list offered).")
        dest, way = grammar.destination(tokens[1]), grammar.route(tokens[2])
        found = routes(ctx.state, ctx.board, ctx.seat)
        there = [r for r in found if dest_token(ctx.state, r, ctx.name) == dest]
        if there and not any(variant_token(r, ctx.name) == way for r in there):
            ways = " or ".join(sorted({variant_token(r, ctx.name) for r in there}, key=len)[:3])
            raise IllegalAction(f"Your train can't reach {dest} that way; pick a route from the list "
                                f"(e.g. {ways})."[:290])
        if not there:
            reach = ", ".join(sorted({dest_token(ctx.state, r, ctx.name) for r in found})[:12])
            raise IllegalAction(f"Your train can't reach {dest}; it can reach: "
                                f"{reach or 'nowhere (no steam or no track)'}."[:290])


def dest_label(ctx: Ctx, dest: str, ways: list[Route]) -> str:
    """A destination as the panel lists it: "D2 town · 3-4 steam · delivers"."""
    first = ways[0].dest
    kind = "town" if first in ctx.board.towns else tile_name(ctx.state["tiles"][key(first)]["kind"])
    low, high = min(r.spent for r in ways), max(r.spent for r in ways)
    steam = f"{low} steam" if low == high else f"{low}-{high} steam"
    goods = ("delivers" if any(r.deliveries for r in ways)
             else "picks up" if any(r.events for r in ways) else "")
    return f"{dest} {kind} · {steam}" + (f" · {goods}" if goods else "")


def on_water_tower(ctx: Ctx) -> bool:
    train = ctx.state["trains"][ctx.seat]
    tile = ctx.state["tiles"][train["cell"]]
    return tile_defs()[tile["kind"]].tower


class UseTower(Turn):
    """Spend the whole turn at a water tower the train began the turn on: +4 steam."""

    token = command = "tower"
    label = "Take water: +4 steam (ends your turn)"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        if not on_water_tower(ctx):
            return None
        gain = min(param("water_tower_steam"), param("max_steam") - int(ctx.state["steam"][ctx.seat]))
        return self.first(None, f"the tower gives up to {param('water_tower_steam')}; steam stops at "
                                f"{param('max_steam')}", f"Take water: +{gain} steam (ends your turn)",
                          f"Use the water tower: +{gain} steam", self.water(ctx))

    def water(self, ctx: Ctx) -> Effect:
        def do(raw: State) -> list[str]:
            state = typed(raw)
            gain = add_steam(state, ctx.seat, param("water_tower_steam"))
            mark(state, ctx.seat, "tower", [unkey(state["trains"][ctx.seat]["cell"])])
            end_turn(state)
            return [f"{ctx.player} took water at the tower: +{gain} steam."]
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        if tokens != ["tower"]:
            raise IllegalAction("Use the water tower as: tower (nothing after it)")
        if not on_water_tower(ctx):
            raise IllegalAction("Your train is not on a water tower.")


class BurnCoal(Turn):
    """Burn coal cubes before the turn's action: +1 steam each, up to 6."""

    token = command = "coal"
    label = "Burn coal first (+1 steam each)"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        coal = int(ctx.state["coal"][ctx.seat])
        most = min(coal, param("max_steam") - int(ctx.state["steam"][ctx.seat]))
        if most < 1:
            return None
        return self.first(lambda: [Node(str(n), f"{n} coal → +{n} steam", "How many coal cubes?", "", self.command,
                                        f"Burn {n} coal for +{n} steam, then take your turn", do=self.burn(ctx, n))
                                   for n in range(1, most + 1)], f"you have {coal} coal")

    def burn(self, ctx: Ctx, n: int) -> Effect:
        """+1 steam per cube; the turn goes on."""
        def do(raw: State) -> list[str]:
            state = typed(raw)
            state["coal"][ctx.seat] -= n
            add_steam(state, ctx.seat, n)
            return [f"{ctx.player} burnt {n} coal: steam {state['steam'][ctx.seat]}."]
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        if len(tokens) != 2:
            raise IllegalAction("Burn coal as: coal N (the number of cubes, e.g. coal 2)")
        n = grammar.number(tokens[1], "coal cubes")
        if n < 1:
            raise IllegalAction("Burn at least one coal cube (e.g. coal 1).")
        if n > int(ctx.state["coal"][ctx.seat]):
            raise IllegalAction(f"You have only {ctx.state['coal'][ctx.seat]} coal cubes.")
        if int(ctx.state["steam"][ctx.seat]) + n > param("max_steam"):
            raise IllegalAction(f"Steam can't go above {param('max_steam')}.")


class Discard(Turn):
    """Only when nothing else is possible: discard a tile and draw (ours)."""

    token = command = "discard"
    label = "Discard a tile and draw (nothing else is possible)"

    def node(self, ctx: Ctx, typed: Sequence[str] = ()) -> Node | None:
        if any(t.node(ctx) is not None for t in MAIN):
            return None
        return self.first(lambda: [Node(k, tile_name(k), "Which tile do you discard?", "", self.command,
                                        f"Discard your {tile_name(k)} and draw a new tile", do=self.discard(ctx, k))
                                   for k in dict.fromkeys(ctx.state["hands"][ctx.seat])])

    def discard(self, ctx: Ctx, kind: str) -> Effect:
        def do(raw: State) -> list[str]:
            state = typed(raw)
            state["hands"][ctx.seat].remove(kind)
            state["discarded"].append(kind)
            state["pending"].append({"kind": "draw", "seat": ctx.seat})
            mark(state, ctx.seat, "discard", [])
            end_turn(state)
            return [f"{ctx.player} can do nothing else and discards a {tile_name(kind)}."]
        return do

    def explain(self, ctx: Ctx, tokens: list[str]) -> None:
        if len(tokens) != 2:
            raise IllegalAction("Discard as: discard KIND (a tile in your hand).")
        ctx.hand_tile(tokens[1])
        if any(t.node(ctx) is not None for t in MAIN):
            raise IllegalAction("You may only discard when you can't play a tile or town, move or take water.")


MAIN: tuple[Turn, ...] = (PlayTile(), PlayTown(), MoveTrain(), UseTower())
COAL = BurnCoal()
DISCARD = Discard()
PLACE = PlaceDrawnTown()
BY_TOKEN: dict[str, Turn] = {t.token: t for t in (*MAIN, COAL, DISCARD)}


def first_nodes(ctx: Ctx, only: Turn | None = None, typed: Sequence[str] = ()) -> list[Node]:
    """The first step of the seat's tree: the four actions that are open,
    then coal; coal and discard when none of the four is. Only placing the
    town he drew while one waits. ``only``: just that action's node, grown
    for the ``typed`` tokens (a typed text names its action first, so the
    walk grows no other branch)."""
    if ctx.state["drawn"] is not None:
        turns: Sequence[Turn] = (PLACE,)
    elif only is not None:
        turns = (only,)
    else:
        main = [n for n in (t.node(ctx) for t in MAIN) if n is not None]
        coal = COAL.node(ctx)
        if main:
            return main + ([coal] if coal else [])
        turns = (COAL, DISCARD)
    return [n for n in (t.node(ctx, typed) for t in turns) if n is not None]


def typed_turn(state: DaysOfSteamState, tokens: list[str]) -> Turn:
    """The action a typed text names by its first word (placing the drawn
    town while one waits, whatever was typed)."""
    if not tokens:
        raise IllegalAction("Type an action: " + ", ".join(BY_TOKEN) + " (or use the turn panel).")
    if state["drawn"] is not None:
        return PLACE
    turn = BY_TOKEN.get(tokens[0].lower())
    if turn is None:
        raise IllegalAction(f"{grammar.shown(tokens[0])} is not an action here: start with one of "
                            + ", ".join(BY_TOKEN) + ".")
    return turn


def turned(kind: str, token: str) -> Shape:
    """The orientation of ``kind`` whose segments the token names."""
    found = grammar.turning(kind, token)
    if found is not None:
        return found
    grammar.segments(token)
    codes = ", ".join(s.code for s in orientations(kind))
    raise IllegalAction(f"A {tile_name(kind)} can't be turned as {grammar.shown(token)}: it can be {codes}.")
