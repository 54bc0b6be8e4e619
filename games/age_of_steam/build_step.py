"""Step 4, Build Track: urbanization, placements, undo and done."""

from __future__ import annotations

from functools import partial
import copy
from games.core import IllegalAction, State
from games.tree import Node

from .economy import expenses
from .grammar import quote
from .hexmap import board_of, hex_sort_key
from .params import rules
from .placement import Refused, apply_placement, candidate_hexes, evaluate, legal_placements
from .phase_base import Phase, first_then_order, name, node, queue_actor, register, start
from .state import typed
from .tiles import variant_by_token
from .track import Network, city_name, is_town, network


class BuildTrack(Phase):
    """Players build in order (First Build first); Urbanization comes before
    its holder's track. Up to 3 placements (4 with Engineer), then 'done'."""

    phase = "build"
    title = "Build track"
    usage = ("Build with 'build HEX TILE.ROTATION' (e.g. 'build H7 straight.1'), "
             "'urbanize TOWNHEX LETTER', 'undo' or 'done'.")

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        state["step"] = {"queue": first_then_order(state, "first-build")}
        return self._start_builder(state)

    def _start_builder(self, state: State) -> list[str]:
        st = state["step"]
        if not st["queue"]:
            return start("move", state)
        seat = st["queue"][0]
        r = rules()
        net = network(typed(state))
        st["placed"] = 0
        st["undo"] = []
        st["limit"] = r.engineer_builds if state["action"][seat] == "engineer" else r.builds_per_turn
        st["urbanize"] = (state["action"][seat] == "urbanization" and bool(self._free_letters(state))
                          and bool(self._towns(state)))
        st["watch"] = {s.key(): len(s.paths) for s in net.sections if s.owner == seat and not s.complete}
        return []

    def _free_letters(self, state: State) -> list[str]:
        placed = set(state["new_cities"].values())
        return [l for l in board_of(state).new_cities if l not in placed]

    def _towns(self, state: State) -> list[str]:
        return sorted((t for t in board_of(state).towns if t not in state["new_cities"]), key=hex_sort_key)

    def seats(self, state: State) -> list[int]:
        return queue_actor(state)

    def status(self, state: State) -> str:
        st = state["step"]
        seat = st["queue"][0]
        return f"{self.title} · {name(state, seat)} to build ({st['placed']} of {st['limit']} placed)"

    # the panel's tree: lazy, so a panel step computes only its own level
    def nodes(self, state: State, seat: int) -> list[Node]:
        st = state["step"]
        head = "Urbanize, build or finish?"
        out = []
        if st["urbanize"]:
            out.append(node("urbanize", "Urbanize a town", head, "place a new city first",
                            expand=lambda: self._town_nodes(state)))
        if self._can_build(state):
            net = network(typed(state))
            cash = state["cash"][seat]
            if any(legal_placements(typed(state), net, seat, h, cash, first_only=True)
                   for h in candidate_hexes(typed(state), net, seat)):
                out.append(node("build", self._build_label(state, seat), head,
                                expand=lambda: self._hex_nodes(state, net, seat)))
        if st["undo"]:
            out.append(node("undo", "Undo last placement", head, "take back your last tile", command="build",
                            summary="Undo your last placement"))
        out.append(node("done", self._done_label(state), head, "end your build", command="build",
                        summary=f"Finish building ({st['placed']} placed)"))
        return out

    def _town_nodes(self, state: State) -> list[Node]:
        return [node(town, f"{town} {board_of(state).towns[town]}", "Which town becomes a city?",
                     expand=partial(self._letter_nodes, state, town))
                for town in self._towns(state)]

    def _letter_nodes(self, state: State, town: str) -> list[Node]:
        out = []
        for letter in self._free_letters(state):
            colour = board_of(state).new_cities[letter].colour
            out.append(node(letter, f"New city {letter} ({colour})", "Which new city tile?", command="build",
                            summary=f"Urbanize {board_of(state).towns[town]} ({town}) into new city {letter} ({colour})"))
        return out

    def _build_label(self, state: State, seat: int) -> str:
        st = state["step"]
        return f"Build a tile ({st['limit'] - st['placed']} of {st['limit']} left, ${state['cash'][seat]})"

    def _done_label(self, state: State) -> str:
        placed = state["step"]["placed"]
        return f"Done building ({placed} tile{'s' if placed != 1 else ''} placed)"

    def _can_build(self, state: State) -> bool:
        st = state["step"]
        return bool(st["placed"] < st["limit"])

    def _hex_label(self, state: State, net: Network, seat: int, hexl: str) -> tuple[str, str]:
        mh = board_of(state).hexes[hexl]
        what = board_of(state).towns.get(hexl, mh.terrain) if is_town(typed(state), hexl) else mh.terrain
        near = [city_name(typed(state), n) for n in board_of(state).neighbours[hexl] if n in net.cities]
        built = "replace tile" if hexl in state["board"] else "empty"
        detail = f"{built}; next to {', '.join(near)}" if near else built
        return f"{hexl} ({what})", detail

    def _hex_nodes(self, state: State, net: Network, seat: int) -> list[Node]:
        out = []
        for h in self._legal_hexes(state, net, seat):
            label, detail = self._hex_label(state, net, seat, h)
            out.append(node(h, label, "Where?", detail,
                            expand=partial(self._placement_nodes, state, net, seat, h)))
        return out

    def _placement_nodes(self, state: State, net: Network, seat: int, hexl: str) -> list[Node]:
        cash = state["cash"][seat]
        out = []
        for p in legal_placements(typed(state), net, seat, hexl, cash):
            verb = {"new": "", "town": "", "replace": "replace with ", "redirect": "redirect: "}[p.kind]
            town = is_town(typed(state), hexl)
            out.append(node(p.variant.token, f"{verb}{p.variant.describe(town)} · ${p.cost}",
                            f"Which tile and rotation in {p.hex}?",
                            f"leaves ${cash - p.cost}; expenses this turn ${expenses(typed(state), seat)}",
                            command="build", summary=f"Build {p.variant.describe(town)} in {hexl} for ${p.cost}"))
        return out

    def _legal_hexes(self, state: State, net: Network, seat: int) -> list[str]:
        cash = state["cash"][seat]
        out = []
        for h in candidate_hexes(typed(state), net, seat):
            if legal_placements(typed(state), net, seat, h, cash, first_only=True):
                out.append(h)
        return out

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        st = state["step"]
        if tokens == ["done"]:
            return self._done(state, seat)
        if tokens == ["undo"]:
            return self._undo(state, seat)
        if tokens[:1] == ["urbanize"]:
            return self._urbanize(state, seat, tokens)
        if len(tokens) != 3 or tokens[0] != "build":
            raise IllegalAction(self.usage)
        if not self._can_build(state):
            raise IllegalAction(f"You have placed all {st['limit']} tiles this turn: say 'done'.")
        hexl, token = tokens[1].upper(), tokens[2]
        v = variant_by_token().get(token)
        if v is None:
            raise IllegalAction(f"{quote(token)} is not a tile: use a tile name and rotation such as 'gentle.2'.")
        net = network(typed(state))
        try:
            p = evaluate(typed(state), net, seat, hexl, v)
        except Refused as why:
            raise IllegalAction(str(why)) from None
        if p.cost > state["cash"][seat]:
            raise IllegalAction(f"That costs ${p.cost} and you have ${state['cash'][seat]}.")
        self._remember(state, seat)
        apply_placement(typed(state), seat, p)
        st["placed"] += 1
        st["urbanize"] = False
        game = typed(state)
        last = game["last"]
        if last is not None and last["kind"] == "build" and last["seat"] == seat and last["round"] == game["round"]:
            last["where"].append(hexl)
        else:
            game["last"] = {"kind": "build", "seat": seat, "round": game["round"], "where": [hexl]}
        where = board_of(state).towns.get(hexl, "")
        did = {"new": "built", "town": "built", "replace": "replaced the tile", "redirect": "redirected"}[p.kind]
        return [f"{name(state, seat)} {did} in {hexl}{' (' + where + ')' if where else ''}: "
                f"{p.variant.describe(is_town(typed(state), hexl))}, ${p.cost}."]

    def _urbanize(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        st = state["step"]
        if not st["urbanize"]:
            raise IllegalAction("Urbanization is placed before your first tile, by its holder only.")
        if len(tokens) != 3 or tokens[1] not in self._towns(state) or tokens[2] not in self._free_letters(state):
            raise IllegalAction("Urbanize with 'urbanize TOWNHEX LETTER' (a town without a city, a free new city).")
        town, letter = tokens[1], tokens[2]
        self._remember(state, seat)
        entry = state["board"].pop(town, None)
        if entry is not None:
            state["supply"][entry["tile"]] += 1
        state["new_cities"][town] = letter
        st["urbanize"] = False
        typed(state)["last"] = {"kind": "build", "seat": seat, "round": typed(state)["round"], "where": [town]}
        colour = board_of(state).new_cities[letter].colour
        return [f"{name(state, seat)} urbanized {board_of(state).towns[town]} ({town}): new city {letter} ({colour})."]

    def _remember(self, state: State, seat: int) -> None:
        """Keep what a placement changes, so the builder can undo it before 'done'."""
        st = state["step"]
        st["undo"].append({
            "board": {h: {"tile": e["tile"], "rot": e["rot"], "owners": list(e["owners"])}
                      for h, e in state["board"].items()},
            "supply": dict(state["supply"]),
            "new_cities": dict(state["new_cities"]),
            "cash": state["cash"][seat],
            "built": state["built"][seat],
            "last": copy.deepcopy(state.get("last")),
            "placed": st["placed"],
            "urbanize": st["urbanize"],
        })

    def _undo(self, state: State, seat: int) -> list[str]:
        st = state["step"]
        if not st["undo"]:
            raise IllegalAction("Nothing to undo: you have placed nothing this build.")
        saved = st["undo"].pop()
        for key in ("board", "supply", "new_cities", "last"):
            state[key] = saved[key]
        state["cash"][seat] = saved["cash"]
        state["built"][seat] = saved["built"]
        st["placed"] = saved["placed"]
        st["urbanize"] = saved["urbanize"]
        return [f"{name(state, seat)} took back the last placement."]

    def _done(self, state: State, seat: int) -> list[str]:
        st = state["step"]
        events = [f"{name(state, seat)} finished building ({st['placed']} placed)."]
        net = network(typed(state))
        for sec in net.sections:
            if sec.owner == seat and not sec.complete and sec.key() in st["watch"] \
                    and len(sec.paths) <= st["watch"][sec.key()]:
                for h, i in sec.paths:
                    state["board"][h]["owners"][i] = None
                events.append(f"{name(state, seat)} lost the unfinished track from "
                              f"{city_name(typed(state), sec.start)} (not extended).")
        st["queue"].pop(0)
        events.extend(self._start_builder(state))
        return events


register(BuildTrack())
