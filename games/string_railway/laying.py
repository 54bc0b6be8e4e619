"""Laying a railroad string: the rulebook's placement rules checked on a
polyline, and what it scores.

A string is a polyline from a grid point on one station's tile through
bends at grid points to a grid point on another station's tile (two
different stations). It lies on every station whose tile it passes over
("entering"), not just its ends. Crossings (``crossings.py``) cost once per
other string crossed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

from games.core import IllegalAction
from games.string_railway import board
from games.string_railway.crossings import crossing_points, parts as pieces_of
from games.string_railway.params import kind, table
from games.string_railway.state import StringRailwayState

def station_label(kind_name: str, cell: str) -> str:
    return f"{kind_name} {cell}"


@dataclass
class Context:
    """The table as the laying rules need it, built once per state, used by
    one thread (its tiles are the thread's prepared ones)."""

    state: StringRailwayState
    cells: list[str]
    kinds: list[str]
    tiles: Any  # numpy array of tile polygons, index-aligned with ``cells``
    lines: Any  # numpy array of the placed strings' lines
    line_companies: list[int]
    river: LineString
    mountain: BaseGeometry
    occupants: dict[str, set[int]]
    index: dict[str, int] = field(default_factory=dict)

    @staticmethod
    def of(state: StringRailwayState) -> "Context":
        cells = [s["cell"] for s in state["stations"]]
        tiles = np.array([board.prepared_tile(c) for c in cells], dtype=object)
        lines = np.array([board.polyline(s["path"]) for s in state["strings"]], dtype=object)
        occupants: dict[str, set[int]] = {c: set() for c in cells}
        for s in state["stations"]:
            if s["kind"] == "home" and s["owner"] is not None:
                occupants[s["cell"]].add(s["owner"])
        for rs in state["strings"]:
            for c in rs["entered"]:
                occupants[c].add(rs["company"])
        ctx = Context(state, cells, [s["kind"] for s in state["stations"]], tiles, lines,
                      [s["company"] for s in state["strings"]], board.river_line(state["river"]),
                      board.mountain_ring(state["mountain"]), occupants)
        ctx.index = {c: i for i, c in enumerate(cells)}
        return ctx

    def station_at(self, xy: tuple[float, float]) -> str | None:
        """The station whose tile holds the point (None: bare field)."""
        h = table().tile_size / 2
        for c in self.cells:
            x, y = board.centre(c)
            if abs(x - xy[0]) <= h and abs(y - xy[1]) <= h:
                return c
        return None

    def network(self, company: int) -> set[str]:
        """The stations the company may start from: its home and every
        station one of its strings lies on."""
        return {c for c, who in self.occupants.items() if company in who}


@dataclass(frozen=True)
class Laid:
    """A legal string and its effect."""

    path: tuple[str, ...]
    length: float
    entered: tuple[str, ...]
    newly: tuple[str, ...]
    crossings: tuple[tuple[float, float], ...]
    """Where it crosses other strings (for the board)."""
    crossed: int
    """How many other strings it crosses (the river, the mountain range
    string, railroad strings), each once however often: what its score
    counts."""
    points: int
    """The laying company's points for this string (crossings included)."""
    parts: dict[str, int]
    owners: dict[int, int]
    """Other companies' gains (+) and losses (-) as owners."""
    chips: tuple[str, ...]
    """Ownable stations this company becomes owner of."""
    notes: tuple[str, ...]
    """The scoring in words, one item per station or crossing."""


def _refuse(message: str) -> IllegalAction:
    return IllegalAction(message[:299])


def check_path(ctx: Context, company: int, length_name: str, path: Sequence[str]) -> Laid:
    """The string ``path`` laid by ``company``, or IllegalAction naming the
    first rule it breaks."""
    t = table()
    state = ctx.state
    if len(path) < 2:
        raise _refuse("A string runs from one station to another: name at least its two ends.")
    pts = [board.centre(c) for c in path]
    for a, b in zip(pts, pts[1:]):
        if a == b:
            raise _refuse("Name each point of the string once in a row (a bend at the same point twice).")
    for end in (path[0], path[-1]):
        if ctx.station_at(board.centre(end)) is None:
            raise _refuse(f"Both ends of a string must be on stations: {end} is on no station.")
    same = ctx.station_at(pts[0])
    if same is not None and same == ctx.station_at(pts[-1]):
        raise _refuse(f"A string joins two different stations: both ends of this one are on "
                      f"{station_label(ctx.kinds[ctx.index[same]], same)}.")
    bends = [c for c in path[1:-1] if ctx.station_at(board.centre(c)) is None]
    if len(bends) > t.max_bends:
        raise _refuse(f"A string may bend at most {t.max_bends} times off stations; this one bends "
                      f"{len(bends)} times ({', '.join(bends[:6])}).")
    line = LineString(pts)
    limit = t.string_lengths[length_name]
    if line.length > limit + 1e-9:
        raise _refuse(f"That string is {line.length:.1f} cm long: a {length_name} string is at most "
                      f"{limit:.0f} cm.")
    if not board.inner_field(state["shape"]).covers(line):
        raise _refuse("That string leaves the field or lies on the field string: every part must be "
                      "inside the field.")
    if not line.is_simple:
        raise _refuse("That string crosses itself.")
    entered: list[tuple[float, str]] = []
    if len(ctx.cells):
        over = shapely.intersection(line, ctx.tiles)
        for i, piece in enumerate(over):
            if piece.is_empty or piece.length <= 1e-9:
                continue
            cell = ctx.cells[i]
            if len([p for p in pieces_of(piece) if p.length > 1e-9]) > 1:
                raise _refuse(f"That string enters {station_label(ctx.kinds[i], cell)} twice: "
                              "a string may enter a station only once.")
            first = pieces_of(piece)[0]
            entered.append((line.project(Point(first.coords[0])), cell))
    entered.sort()
    cells = [c for _d, c in entered]
    mine = ctx.network(company)
    if not any(c in mine for c in cells):
        raise _refuse("The string must lie on your home station or on a station one of your strings "
                      "already lies on.")
    newly = [c for c in cells if company not in ctx.occupants[c]]
    for c in newly:
        k = kind(ctx.kinds[ctx.index[c]])
        if k.limit is not None and len(ctx.occupants[c]) >= k.limit:
            raise _refuse(f"{station_label(k.name, c)} already has {len(ctx.occupants[c])} "
                          f"compan{'y' if k.limit == 1 else 'ies'}: its company limit is {k.limit}.")
    end_tiles = {ctx.station_at(pts[0]), ctx.station_at(pts[-1])}
    for c in cells:
        if kind(ctx.kinds[ctx.index[c]]).terminal and c not in end_tiles:
            raise _refuse(f"terminal {c} must be at an end of the string, not along it.")
    return _score(ctx, company, tuple(path), line, tuple(cells), tuple(newly))


def _score(ctx: Context, company: int, path: tuple[str, ...], line: LineString,
           cells: tuple[str, ...], newly: tuple[str, ...]) -> Laid:
    """The rulebook's scoring of one string (see :mod:`scoring`)."""
    t = table()
    state = ctx.state
    parts = {"stations": 0, "owner": 0, "junctions": 0, "crossings": 0}
    owners: dict[int, int] = {}
    chips: list[str] = []
    notes: list[str] = []
    for c in cells:
        st = state["stations"][ctx.index[c]]
        k = kind(st["kind"])
        if c not in newly:
            if k.every_time:
                parts["junctions"] += 1
                notes.append(f"junction {c} +1")
            continue
        owner = st["owner"]
        if k.ownable and owner is None:
            chips.append(c)
            gain = k.own
        elif k.mountain is not None:
            gain = k.mountain if st["mountain"] else k.others
        else:
            gain = k.others if owner is not None and owner != company else k.own
        if owner is not None and owner != company and k.owner_change:
            owners[owner] = owners.get(owner, 0) + k.owner_change
        parts["stations"] += gain
        notes.append(f"{k.name} {c} {gain:+d}")
    crossings: list[tuple[float, float]] = []
    crossed = strings_crossed(ctx, line)
    for i, here in crossed:
        crossings.extend(here)
        railroad = i >= RAILROAD_FROM
        cost = t.advanced_railroad_penalty if railroad and state["advanced"] else t.crossing_penalty
        parts["crossings"] -= cost  # once per string crossed, however often
        what = "a railroad string" if railroad else ("the river" if i == 0 else "the mountain range")
        notes.append(f"crosses {what}{f' ({len(here)} times)' if len(here) > 1 else ''} {-cost:+d}")
    return Laid(path, round(line.length, 2), cells, newly, tuple(crossings), len(crossed), sum(parts.values()),
                parts, owners, tuple(chips), tuple(notes))


RAILROAD_FROM = 2
"""In :func:`strings_crossed`, 0 is the river, 1 the mountain range string,
and ``RAILROAD_FROM + i`` the i-th railroad string laid."""


def strings_crossed(ctx: Context, line: LineString, laid_before: int | None = None
                    ) -> list[tuple[int, list[tuple[float, float]]]]:
    """The other strings ``line`` crosses outside every station tile, each
    once with the places it crosses it (numbered as :data:`RAILROAD_FROM`
    says); of the railroad strings only the first ``laid_before``, when
    given."""
    railroads = list(ctx.lines) if laid_before is None else list(ctx.lines)[:laid_before]
    out: list[tuple[int, list[tuple[float, float]]]] = []
    for i, other in enumerate([ctx.river, ctx.mountain] + railroads):
        if line.intersects(other):
            here = crossing_points(line, other, ctx.tiles)
            if here:
                out.append((i, here))
    return out
