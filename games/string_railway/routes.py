"""The engine's search for strings a company could lay: from one of its
stations, over zero or more intermediate stations, to an end station;
straight where it can, and bending round station tiles otherwise (a shortest
path through grid points beside the tiles, at most ``max_bends`` bends,
within the string's length). Every proposal is checked by
:func:`laying.check_path`, the same rules a typed string meets.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import math

import shapely
from shapely import STRtree

from games.core import IllegalAction
from games.per_thread import Recent
from games.string_railway import board
from games.string_railway.laying import Context, Laid, check_path
from games.string_railway.params import kind, table
from games.string_railway.state import StringRailwayState

CHECKED = 48
"""At most this many candidate routes are checked in full per string length."""
BENT_PAIRS = 8
"""At most this many blocked station pairs get a bending route."""

_CACHE: Recent[str, tuple[Laid, ...]] = Recent(64)
"""The proposals of recent (state, company, length)s, shared by threads."""


def _key(state: StringRailwayState, company: int, length: str) -> str:
    raw = json.dumps([state["shape"], state["river"], state["mountain"], state["stations"],
                      [(s["company"], s["path"]) for s in state["strings"]], state["advanced"],
                      company, length], sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()


def proposals(state: StringRailwayState, company: int, length: str) -> list[Laid]:
    """The best distinct legal strings of this length for ``company``, best
    first (most points, then fewest crossings, then shortest)."""
    found = _CACHE.get(_key(state, company, length), lambda: tuple(_search(Context.of(state), company, length)))
    return list(found)


def _estimate(ctx: Context, company: int, path: tuple[str, ...]) -> int | None:
    """A quick guess of a station-to-station route's points (None when a
    station on it refuses it by limit or terminal)."""
    points = 0
    for i, c in enumerate(path):
        st = ctx.state["stations"][ctx.index[c]]
        k = kind(st["kind"])
        if k.terminal and 0 < i < len(path) - 1:
            return None
        if company in ctx.occupants[c]:
            points += 1 if k.every_time else 0
            continue
        if k.limit is not None and len(ctx.occupants[c]) >= k.limit:
            return None
        points += k.mountain if (k.mountain is not None and st["mountain"]) else \
            (k.own if k.ownable and st["owner"] is None else k.others)
    return points


def _station_routes(ctx: Context, company: int, limit: float) -> list[tuple[int, float, tuple[str, ...]]]:
    """Routes through station centres only (up to three legs)."""
    xy = {c: board.centre(c) for c in ctx.cells}
    starts = sorted(ctx.network(company))
    out: list[tuple[int, float, tuple[str, ...]]] = []

    def extend(path: tuple[str, ...], used: float) -> None:
        here = xy[path[-1]]
        for c in ctx.cells:
            if c in path:
                continue
            d = math.dist(here, xy[c])
            if used + d > limit:
                continue
            route = path + (c,)
            guess = _estimate(ctx, company, route)
            if guess is None:
                continue
            out.append((guess, used + d, route))
            if len(route) < 4:
                extend(route, used + d)

    for s in starts:
        extend((s,), 0.0)
    return out


def _bent_route(ctx: Context, tree: STRtree, start: str, end: str, limit: float) -> tuple[str, ...] | None:
    """The shortest route from ``start`` to ``end`` bending at grid points
    beside the tiles, touching no other tile, within ``limit`` and the bends."""
    t = table()
    shape = ctx.state["shape"]
    a, b = board.centre(start), board.centre(end)
    reach = t.tile_size / 2 + t.grid_cell / 2
    inner = board.inner_field(shape)
    cols, rows = board.grid_size(shape)
    points: dict[str, tuple[float, float]] = {start: a, end: b}
    for c in ctx.cells:
        cx, cy = board.centre(c)
        for dx in (-reach, reach):
            for dy in (-reach, reach):
                x, y = cx + dx, cy + dy
                if math.dist(a, (x, y)) + math.dist((x, y), b) > limit:
                    continue
                col, row = int(x // t.grid_cell), int(y // t.grid_cell)
                if not (0 <= col < cols and 0 <= row < rows):
                    continue
                name = board.cell_name(col, row)
                if ctx.station_at((x, y)) is None and inner.contains(shapely.Point(x, y)):
                    points[name] = board.centre(name)
    names = list(points)
    allowed = {ctx.index[start], ctx.index[end]}

    def edges(u: str) -> list[tuple[str, float]]:
        segs = shapely.linestrings([[points[u], points[v]] for v in names if v != u])
        targets = [v for v in names if v != u]
        hit = tree.query(segs, predicate="intersects")
        blocked = {int(i) for i, j in zip(hit[0], hit[1]) if int(j) not in allowed}
        inside = shapely.covers(inner, segs)
        return [(v, float(math.dist(points[u], points[v]))) for i, v in enumerate(targets)
                if i not in blocked and bool(inside[i])]

    best: dict[tuple[str, int], float] = {(start, 0): 0.0}
    queue: list[tuple[float, int, str, tuple[str, ...]]] = [(0.0, 0, start, (start,))]
    while queue:
        dist, bends, u, path = heapq.heappop(queue)
        if u == end:
            return path
        for v, d in edges(u):
            nb = bends + (0 if v == end else 1)
            nd = dist + d
            if nb > t.max_bends or nd > limit or v in path or nd >= best.get((v, nb), math.inf):
                continue
            best[(v, nb)] = nd
            heapq.heappush(queue, (nd, nb, v, path + (v,)))
    return None


def _search(ctx: Context, company: int, length: str) -> list[Laid]:
    t = table()
    limit = t.string_lengths[length]
    routes = _station_routes(ctx, company, limit)
    routes.sort(key=lambda r: (-r[0], len(r[2]), r[1], r[2]))
    laid: list[Laid] = []
    straight_ok: set[tuple[str, str]] = set()
    for _guess, _used, path in routes[:CHECKED]:
        try:
            result = check_path(ctx, company, length, path)
        except IllegalAction:
            continue
        laid.append(result)
        straight_ok.add((path[0], path[-1]))
    # bend round tiles where the straight string is refused
    if len(ctx.cells):
        tree = STRtree(list(ctx.tiles))
        pairs = sorted(((math.dist(board.centre(r[2][0]), board.centre(r[2][-1])), r[2][0], r[2][-1])
                        for r in routes if len(r[2]) == 2 and (r[2][0], r[2][-1]) not in straight_ok),
                       key=lambda p: (p[0], p[1], p[2]))
        for _d, s, e in pairs[:BENT_PAIRS]:
            bent = _bent_route(ctx, tree, s, e, limit)
            if bent is None or len(bent) < 3:
                continue
            try:
                laid.append(check_path(ctx, company, length, bent))
            except IllegalAction:
                continue
    return _best_distinct(laid, t.proposals)


def _best_distinct(laid: list[Laid], count: int) -> list[Laid]:
    """One placement per set of stations entered, the best of each."""
    laid.sort(key=lambda r: (-r.points, len(r.crossings), r.length, r.path))
    seen: set[tuple[str, ...]] = set()
    out: list[Laid] = []
    for r in laid:
        key = tuple(sorted(r.entered))
        if key in seen:
            continue
        seen.add(key)
        out.append(r)
        if len(out) == count:
            break
    return out
