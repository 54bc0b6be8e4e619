"""A player's turn: one class per kind of action, each owning its legal
choices and how it is applied.

A turn is one of: play a track tile (then draw), play a town, move the
train, or use the water tower. Coal cubes may be burnt first (that does not
end the turn). A player with none of the four open to him discards a tile
and draws (ours: the rulebook has no pass, and a stuck player must not
stall the game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import Choice, IllegalAction, Step

from . import grammar

from .board import Board, arrivals
from .chance import place_town
from .geometry import Cell, Extent, Shape, key, orientations, unkey
from .movement import Route, routes
from .moves import carry_out, dest_token, goods_done, goods_words, risk_words, to_json, variant_token
from .params import param, tile_defs
from .placement import award_circuit, describe, glyph, over_problem, town_cells, town_problem, track_problem, track_spots
from .table import State, add_steam, end_turn, extent, size, tile_name

TURN_HEADING = "Your turn: what will you do?"


@dataclass
class Ctx:
    """One seat's view of the state while choosing or applying an action."""

    state: State
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

    def mark(self, kind: str, cells: list[Cell], **extra: Any) -> None:
        """Remember the last move for the board's highlight."""
        self.state["last"] = {"seat": self.seat, "kind": kind, "cells": [key(c) for c in cells], **extra}


class Turn:
    """One kind of action: its first token, slash command and rules."""

    token = ""
    command = ""
    label = ""
    ends_turn = True

    def choices(self, ctx: Ctx) -> list[Choice]:
        raise NotImplementedError

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        """Check and carry out the action; return its events and its canonical text."""
        raise NotImplementedError

    def first(self, detail: str = "") -> Step:
        return Step(self.token, self.label, TURN_HEADING, detail)


class PlayTile(Turn):
    """Play a track tile from the hand, then draw one at the end of the turn."""

    token = command = "tile"
    label = "Play a track tile"

    def choices(self, ctx: Ctx) -> list[Choice]:
        hand: list[str] = ctx.state["hands"][ctx.seat]
        out = []
        for spot in track_spots(ctx.state, ctx.board, hand):
            tdef = tile_defs()[spot.kind]
            where = ctx.name(spot.cell)
            over = f" over the {tile_name(spot.over)}" if spot.over else ""
            out.append(Choice((
                self.first("Then draw a new tile"),
                Step(spot.kind, f"{tdef.name} (+{tdef.coal} steam)", "Which tile from your hand?",
                     "may be played over existing track" if tdef.over else ""),
                Step(where, f"{where}{over}", f"Where does the {tdef.name} go?",
                     f"tile {spot.distance} along a valid path from a town"),
                Step(spot.shape.code, f"{glyph(spot.shape)} {describe(spot.shape)}", "Which way round?",
                     f"track ends: {describe(spot.shape)}"),
            ), self.command, f"Play {tdef.name} at {where}{over}, {describe(spot.shape)} (+{tdef.coal} steam)"[:100]))
        return out

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        if len(tokens) != 4:
            raise IllegalAction("Play a tile as: tile KIND SQUARE SIDES (e.g. tile curve Z27 NE).")
        kind = ctx.hand_tile(tokens[1])
        hand: list[str] = ctx.state["hands"][ctx.seat]
        cell = ctx.cell(tokens[2])
        where = ctx.name(cell)
        placed = turned(kind, tokens[3])
        board, skip = ctx.board, None
        over = ctx.state["tiles"].get(key(cell), {}).get("kind")
        replaced = ctx.board.shapes.get(cell)
        if over is not None:
            why = over_problem(ctx.state, board, cell, kind)
            if why:
                raise IllegalAction(f"{where} {why}.")
            skip = cell
            board = Board({c: s for c, s in board.shapes.items() if c != cell}, board.towns, board.hills)
        problem = track_problem(board, arrivals(ctx.board, skip=skip), cell, placed)
        if problem:
            raise IllegalAction(f"The {tile_name(kind)} can't go at {where}: {problem}.")
        state = ctx.state
        hand.remove(kind)
        if over is not None:
            state["discarded"].append(over)
        state["tiles"][key(cell)] = {"kind": kind, "rot": placed.rotation}
        gain = add_steam(state, ctx.seat, tile_defs()[kind].coal)
        ctx.mark("tile", [cell])
        over_words = f" over the {tile_name(over)}" if over else ""
        events = [f"{ctx.player} played a {tile_name(kind)} at {where}{over_words} ({describe(placed)}), "
                  f"+{gain} steam."]
        events += award_circuit(state, ctx.seat, cell, replaced)
        if state["over"] is None:
            state["pending"].append({"kind": "draw", "seat": ctx.seat})
        end_turn(state)
        return events, f"tile {kind} {where} {placed.code}"


class PlayTown(Turn):
    """Play one of the face-up towns (with its goods) where the player says,
    or draw the top town of the deck: the draw reveals it first (a chance
    outcome), then the player places it (:class:`PlaceDrawnTown`)."""

    token = command = "town"
    label = "Play a town tile"

    def choices(self, ctx: Ctx) -> list[Choice]:
        state = ctx.state
        cells = town_cells(ctx.board)
        if not cells:
            return []
        out = []
        for i, town in enumerate(state["face_up"]):
            goods = ", ".join(town["goods"]) or "no goods"
            label = f"Face-up {town['colour']} town ({goods})"
            for cell, spacing in cells:
                where = ctx.name(cell)
                out.append(Choice((
                    self.first(),
                    Step(str(i + 1), label, "Which town?", "its goods come with it"),
                    Step(where, where, "Where does the town go?", f"{spacing} track segments from the nearest town"),
                ), self.command, f"Play the {town['colour']} town at {where}"))
        if size(state["town_deck"]):
            out.append(Choice((
                self.first(),
                Step("deck", "Draw the top town of the deck", "Which town?",
                     "you see it, then place it; two goods come with it"),
            ), self.command, "Draw the top town of the deck, then place it"))
        return out

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        state = ctx.state
        if len(tokens) == 2 and tokens[1].lower() == "deck":
            if not size(state["town_deck"]) or not town_cells(ctx.board):
                raise IllegalAction("You can't draw a town now: " + (
                    "the town deck is empty." if not size(state["town_deck"]) else "there is nowhere to place one."))
            state["pending"].append({"kind": "town", "seat": ctx.seat})
            return [f"{ctx.player} draws the top town of the deck."], "town deck"
        if len(tokens) > 1 and tokens[1].lower() == "deck":
            raise IllegalAction("Draw a town as: town deck (you place it once you see it).")
        if len(tokens) != 3:
            raise IllegalAction("Play a face-up town as: town 1 SQUARE (or 2), or draw one with: town deck")
        slot = grammar.number(tokens[1], "a face-up town")
        if not 1 <= slot <= len(state["face_up"]):
            count = len(state["face_up"])
            raise IllegalAction(f"There is no face-up town {slot}: there {'is' if count == 1 else 'are'} {count}.")
        cell = ctx.cell(tokens[2])
        where = ctx.name(cell)
        problem = town_problem(ctx.board, arrivals(ctx.board), cell)
        if problem:
            raise IllegalAction(f"A town can't go at {where}: {problem}.")
        ctx.mark("town", [cell])
        town = state["face_up"].pop(slot - 1)
        events = [f"{ctx.player} played the {town['colour']} town at {where}."]
        events += place_town(state, key(cell), town["colour"], town["goods"], ctx.seat)
        events += award_circuit(state, ctx.seat, cell)
        if size(state["town_deck"]) and state["over"] is None:
            state["pending"].append({"kind": "refill", "slot": slot - 1})
        end_turn(state)
        return events, f"town {slot} {where}"


class PlaceDrawnTown(Turn):
    """Place the town just drawn from the deck; its two goods are drawn once
    it is on the map (the rulebook: "draw and play the top tile from the
    town deck ... If a face down town tile from the deck is drawn and placed
    on the map, randomly draw 2 goods to place on it")."""

    token = command = "town"
    label = "Place the town you drew"

    def choices(self, ctx: Ctx) -> list[Choice]:
        colour = ctx.state["drawn"]["colour"]
        first = Step(self.token, f"Place the {colour} town you drew", "Your turn: place the town you drew",
                     "two goods are drawn for it once it is placed")
        return [Choice((first, Step(ctx.name(cell), ctx.name(cell), f"Where does the {colour} town go?",
                                    f"{spacing} track segments from the nearest town")),
                       self.command, f"Place the {colour} town at {ctx.name(cell)}")
                for cell, spacing in town_cells(ctx.board)]

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        state = ctx.state
        colour = state["drawn"]["colour"]
        if len(tokens) != 2 or tokens[0] != self.token:
            raise IllegalAction(f"Place the {colour} town you drew as: town SQUARE (e.g. town Z28).")
        cell = ctx.cell(tokens[1])
        where = ctx.name(cell)
        problem = town_problem(ctx.board, arrivals(ctx.board), cell)
        if problem:
            raise IllegalAction(f"A town can't go at {where}: {problem}.")
        ctx.mark("town", [cell])
        state["drawn"] = None
        events = [f"{ctx.player} placed the {colour} town at {where}."]
        events += place_town(state, key(cell), colour, [], ctx.seat)
        events += award_circuit(state, ctx.seat, cell)
        if state["over"] is None:
            state["pending"].append({"kind": "goods", "seat": ctx.seat, "cell": key(cell)})
        end_turn(state)
        return events, f"town {where}"


class MoveTrain(Turn):
    """Move the own train along a valid path to a destination, paying steam."""

    token = command = "move"
    label = "Move your train"

    def choices(self, ctx: Ctx) -> list[Choice]:
        found = routes(ctx.state, ctx.board, ctx.seat)
        by_dest: dict[str, list[Route]] = {}
        for r in found:
            by_dest.setdefault(dest_token(ctx.state, r, ctx.name), []).append(r)
        out = []
        for r in found:
            dest = dest_token(ctx.state, r, ctx.name)
            goods = goods_words(r, ctx.name)
            label = f"{r.spent} steam · {risk_words(r)}" + (f" · {goods}" if goods else "")
            out.append(Choice((
                self.first(f"You have {ctx.state['steam'][ctx.seat]} steam"),
                Step(dest, dest_label(ctx, dest, by_dest[dest])[:80], "Move your train to",
                     "then pick the way there: steam, goods, derailment risk"),
                Step(variant_token(r, ctx.name), label[:80], "Which route?", label[:100]),
            ), self.command, f"Move to {dest}: {label}"[:100]))
        return out

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        if len(tokens) != 3:
            raise IllegalAction("Move as: move SQUARE ROUTE (e.g. move Z28 s2; pick one from the list offered).")
        dest, way = grammar.destination(tokens[1]), grammar.route(tokens[2])
        found = routes(ctx.state, ctx.board, ctx.seat)
        there = [r for r in found if dest_token(ctx.state, r, ctx.name) == dest]
        route = next((r for r in there if variant_token(r, ctx.name) == way), None)
        if route is None and there:
            ways = " or ".join(sorted({variant_token(r, ctx.name) for r in there}, key=len)[:3])
            raise IllegalAction(f"Your train can't reach {dest} that way; pick a route from the list "
                                f"(e.g. {ways})."[:290])
        if route is None:
            reach = ", ".join(sorted({dest_token(ctx.state, r, ctx.name) for r in found})[:12])
            raise IllegalAction(f"Your train can't reach {dest}; it can reach: "
                                f"{reach or 'nowhere (no steam or no track)'}."[:290])
        state = ctx.state
        state["steam"][ctx.seat] -= route.spent
        data = to_json(route)
        ctx.mark("move", list(route.path), start=state["trains"][ctx.seat]["cell"])
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
        return events, f"move {dest} {way}"


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

    def choices(self, ctx: Ctx) -> list[Choice]:
        if not on_water_tower(ctx):
            return []
        gain = min(param("water_tower_steam"), param("max_steam") - int(ctx.state["steam"][ctx.seat]))
        step = Step(self.token, f"Take water: +{gain} steam (ends your turn)", TURN_HEADING,
                    f"the tower gives up to {param('water_tower_steam')}; steam stops at {param('max_steam')}")
        return [Choice((step,), self.command, f"Use the water tower: +{gain} steam")]

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        if tokens != ["tower"]:
            raise IllegalAction("Use the water tower as: tower (nothing after it)")
        if not on_water_tower(ctx):
            raise IllegalAction("Your train is not on a water tower.")
        gain = add_steam(ctx.state, ctx.seat, param("water_tower_steam"))
        ctx.mark("tower", [unkey(ctx.state["trains"][ctx.seat]["cell"])])
        end_turn(ctx.state)
        return [f"{ctx.player} took water at the tower: +{gain} steam."], "tower"


class BurnCoal(Turn):
    """Burn coal cubes before the turn's action: +1 steam each, up to 6."""

    token = command = "coal"
    label = "Burn coal first (+1 steam each)"
    ends_turn = False

    def choices(self, ctx: Ctx) -> list[Choice]:
        room = param("max_steam") - int(ctx.state["steam"][ctx.seat])
        most = min(int(ctx.state["coal"][ctx.seat]), room)
        return [Choice((self.first(f"you have {ctx.state['coal'][ctx.seat]} coal"),
                        Step(str(n), f"{n} coal → +{n} steam", "How many coal cubes?")),
                       self.command, f"Burn {n} coal for +{n} steam, then take your turn")
                for n in range(1, most + 1)]

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        if len(tokens) != 2:
            raise IllegalAction("Burn coal as: coal N (the number of cubes, e.g. coal 2)")
        n = grammar.number(tokens[1], "coal cubes")
        if n < 1:
            raise IllegalAction("Burn at least one coal cube (e.g. coal 1).")
        if n > int(ctx.state["coal"][ctx.seat]):
            raise IllegalAction(f"You have only {ctx.state['coal'][ctx.seat]} coal cubes.")
        if int(ctx.state["steam"][ctx.seat]) + n > param("max_steam"):
            raise IllegalAction(f"Steam can't go above {param('max_steam')}.")
        ctx.state["coal"][ctx.seat] -= n
        add_steam(ctx.state, ctx.seat, n)
        return [f"{ctx.player} burnt {n} coal: steam {ctx.state['steam'][ctx.seat]}."], f"coal {n}"


class Discard(Turn):
    """Only when nothing else is possible: discard a tile and draw (ours)."""

    token = command = "discard"
    label = "Discard a tile and draw (nothing else is possible)"

    def choices(self, ctx: Ctx) -> list[Choice]:
        return [Choice((self.first(), Step(k, tile_name(k), "Which tile do you discard?")), self.command,
                       f"Discard your {tile_name(k)} and draw a new tile")
                for k in dict.fromkeys(ctx.state["hands"][ctx.seat])]

    def apply(self, ctx: Ctx, tokens: list[str]) -> tuple[list[str], str]:
        if len(tokens) != 2:
            raise IllegalAction("Discard as: discard KIND (a tile in your hand).")
        kind = ctx.hand_tile(tokens[1])
        if any(t.choices(ctx) for t in MAIN):
            raise IllegalAction("You may only discard when you can't play a tile or town, move or take water.")
        ctx.state["hands"][ctx.seat].remove(kind)
        ctx.state["discarded"].append(kind)
        ctx.state["pending"].append({"kind": "draw", "seat": ctx.seat})
        ctx.mark("discard", [])
        end_turn(ctx.state)
        return [f"{ctx.player} can do nothing else and discards a {tile_name(kind)}."], f"discard {kind}"


MAIN: tuple[Turn, ...] = (PlayTile(), PlayTown(), MoveTrain(), UseTower())
COAL = BurnCoal()
DISCARD = Discard()
PLACE = PlaceDrawnTown()
BY_TOKEN: dict[str, Turn] = {t.token: t for t in (*MAIN, COAL, DISCARD)}


def legal_choices(state: State, seat: int) -> list[Choice]:
    """Every legal action of the seat whose turn it is: only placing the
    town he drew while one waits."""
    ctx = Ctx(state, seat)
    if state["drawn"] is not None:
        return PLACE.choices(ctx)
    main = [c for turn in MAIN for c in turn.choices(ctx)]
    coal = COAL.choices(ctx)
    if not main:
        return coal + DISCARD.choices(ctx)
    return main + coal


def apply_turn(state: State, seat: int, action: str) -> tuple[list[str], str]:
    """Read ``action`` (see :mod:`.grammar`) and carry it out; return the
    events and the action's canonical text."""
    tokens = grammar.words(action)
    if not tokens:
        raise IllegalAction("Type an action: " + ", ".join(BY_TOKEN) + " (or use the turn panel).")
    tokens[0] = tokens[0].lower()
    if state["drawn"] is not None:
        return PLACE.apply(Ctx(state, seat), tokens)
    turn = BY_TOKEN.get(tokens[0])
    if turn is None:
        raise IllegalAction(f"{grammar.shown(tokens[0])} is not an action here: start with one of "
                            + ", ".join(BY_TOKEN) + ".")
    return turn.apply(Ctx(state, seat), tokens)


def turned(kind: str, token: str) -> Shape:
    """The orientation of ``kind`` whose segments the token names."""
    wanted = grammar.segments(token)
    for shp in orientations(kind):
        if frozenset(frozenset(seg) for seg in shp.segments) == wanted:
            return shp
    codes = ", ".join(s.code for s in orientations(kind))
    raise IllegalAction(f"A {tile_name(kind)} can't be turned as {grammar.shown(token)}: it can be {codes}.")


