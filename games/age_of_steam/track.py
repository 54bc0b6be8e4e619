"""Track on the board: its pieces and the sections (links) they form.

The board in a state maps a hex label to ``{"tile": kind, "rot": r,
"owners": [...]}``, one owner (a seat or None) per path of the tile on that
hex (per exit on a town hex). A *section* is a line of track pieces from a
city or town to either another city or town (a completed railroad link) or a
dangling end (an unfinished track section). Every piece belongs to exactly
one section and all pieces of a section have the same owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .hexmap import board_of, opposite
from .tiles import Path, kinds, paths_on, simple_for

PathRef = tuple[str, int]
from .state import AgeOfSteamState as State


@dataclass
class Section:
    """A link (complete) or an unfinished track section."""

    paths: list[PathRef]
    start: str
    start_edge: int
    end: str | None = None
    end_edge: int = -1
    open_end: tuple[str, int] | None = None
    owner: int | None = None

    @property
    def complete(self) -> bool:
        return self.end is not None

    def key(self) -> str:
        """A stable name: start hex and edge ("H6.2")."""
        return f"{self.start}.{self.start_edge}"


def city_hexes(state: State) -> set[str]:
    """Printed cities plus placed new cities."""
    return set(board_of(state).cities) | set(state["new_cities"])


def city_colour(state: State, label: str) -> str:
    b = board_of(state)
    if label in b.cities:
        return b.cities[label].colour
    return b.new_cities[state["new_cities"][label]].colour


def city_name(state: State, label: str) -> str:
    b = board_of(state)
    if label in b.cities:
        return b.cities[label].name
    if label in state["new_cities"]:
        return f"{b.towns[label]} ({state['new_cities'][label]})"
    return b.towns.get(label, label)


def is_town(state: State, label: str) -> bool:
    return label in board_of(state).towns and label not in state["new_cities"]


def pieces(state: State, label: str) -> tuple[Path, ...]:
    entry = state["board"].get(label)
    if entry is None:
        return ()
    return paths_on(entry["tile"], entry["rot"], is_town(state, label))


@dataclass
class Network:
    """The sections of a state, with indexes for building and moving goods."""

    sections: list[Section]
    open_ends: dict[tuple[str, int], int] = field(default_factory=dict)
    of_piece: dict[PathRef, int] = field(default_factory=dict)
    cities: set[str] = field(default_factory=set)


def _walk(state: State, cities: set[str], sec: Section, here: str | None, enter: int,
          prev: tuple[str, int]) -> None:
    """Follow track from ``prev`` into ``here`` through edge ``enter``."""
    nbrs = board_of(state).neighbours
    for _ in range(400):
        if here is None:
            sec.open_end = prev
            return
        if here in cities:
            sec.end, sec.end_edge = here, enter
            return
        ps = pieces(state, here)
        if is_town(state, here):
            if (enter,) in ps:
                sec.paths.append((here, ps.index((enter,))))
                sec.end, sec.end_edge = here, enter
            else:
                sec.open_end = prev
            return
        idx = next((i for i, p in enumerate(ps) if enter in p), -1)
        if idx < 0:
            sec.open_end = prev
            return
        sec.paths.append((here, idx))
        a, b = ps[idx]
        out = b if a == enter else a
        prev = (here, out)
        here, enter = nbrs[here][out], opposite(out)
    raise RuntimeError("track loops without end")


def network(state: State) -> Network:
    """Trace every section from every city and built town."""
    cities = city_hexes(state)
    nbrs = board_of(state).neighbours
    net = Network([], cities=cities)
    starts: list[str] = sorted(cities) + sorted(
        t for t in board_of(state).towns if t in state["board"] and t not in cities)
    for node in starts:
        node_pieces = pieces(state, node) if node not in cities else ()
        for e in range(6):
            if node in cities:
                nb = nbrs[node][e]
                if nb is None or nb in cities or is_town(state, nb):
                    continue
                if not any(opposite(e) in p for p in pieces(state, nb)):
                    continue
                sec = Section([], node, e)
                _walk(state, cities, sec, nb, opposite(e), (node, e))
            else:
                if (e,) not in node_pieces:
                    continue
                sec = Section([(node, node_pieces.index((e,)))], node, e)
                _walk(state, cities, sec, nbrs[node][e], opposite(e), (node, e))
            if sec.paths and sec.paths[0] in net.of_piece:
                continue  # a completed link already traced from its other end
            index = len(net.sections)
            owners = {state["board"][h]["owners"][i] for h, i in sec.paths}
            sec.owner = owners.pop() if len(owners) == 1 else None
            net.sections.append(sec)
            for ref in sec.paths:
                net.of_piece[ref] = index
            if sec.open_end is not None:
                net.open_ends[sec.open_end] = index
    return net


def disks_used(state: State) -> int:
    """Town disks on the board: ordinary tiles on towns."""
    return sum(1 for h, e in state["board"].items()
               if is_town(state, h) and kinds()[e["tile"]].cls != "town")


def remove_pieces(state: State, refs: list[PathRef]) -> None:
    """Take track pieces off the board (an eliminated player's unfinished
    sections). A complex tile losing one path becomes the simple tile of the
    other path when one is in the supply; pieces on towns stay, unowned."""
    by_hex: dict[str, set[int]] = {}
    for h, i in refs:
        by_hex.setdefault(h, set()).add(i)
    for h, idxs in by_hex.items():
        entry = state["board"][h]
        if is_town(state, h):
            for i in idxs:
                entry["owners"][i] = None
            continue
        ps = pieces(state, h)
        keep = [i for i in range(len(ps)) if i not in idxs]
        if not keep:
            state["supply"][entry["tile"]] += 1
            del state["board"][h]
            continue
        simple = simple_for(ps[keep[0]])
        if len(keep) == 1 and simple is not None and state["supply"].get(simple.kind.name, 0) > 0:
            state["supply"][entry["tile"]] += 1
            state["supply"][simple.kind.name] -= 1
            state["board"][h] = {"tile": simple.kind.name, "rot": simple.rot,
                                 "owners": [entry["owners"][keep[0]]]}
        else:
            for i in idxs:
                entry["owners"][i] = None
