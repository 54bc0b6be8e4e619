"""The engine's search for strings a company could lay, one search serving
the panel's proposals, the bot, the turn clock's default and the ``skip``
check (``skip`` is offered only when it finds nothing for any length left).

A string's ends may lie anywhere on their tiles (on any grid point of the
tile inside the field), and a point on a tile is not a bend, so a string may
also pass an intermediate station at any grid point of its tile. The search:

1. **Chains**: runs of stations from one of the company's stations (or
   through one: X, own station, Y), over zero to two intermediate
   stations, whose tiles lie within the string's length of each other (the
   nearest grid points of each pair of tiles); the most promising by a
   quick guess of their points are realised, at most :data:`CHECKED`.
2. **Realising a chain**: the shortest straight string from a grid point of
   its first tile to one of its last that passes over exactly its stations;
   else (three stations or more) the shortest polyline through one grid
   point of each tile.
3. **Bending**: where a pair's straight string is refused, the shortest
   route bending at grid points beside the tiles (at most ``max_bends``),
   from any grid point of one tile to any of the other.
4. **The last resort**: when nothing is found, every pair (one of the
   company's stations, a station it may enter) within reach is tried, every
   straight string between their tiles' grid points, then bending. A legal
   string contains a legal string between two neighbouring stations along
   it, so this finds one whenever one exists on the grid.

Every proposal is checked by :func:`laying.check_path`, the rules a typed
string meets.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import math
from functools import cache
from typing import Any
import numpy as np
import shapely
from shapely import STRtree

from games.core import IllegalAction
from games.per_thread import Recent
from games.string_railway import board
from games.string_railway.laying import Context, Laid, check_path
from games.string_railway.params import kind, table
from games.string_railway.state import StringRailwayState

CHECKED = 48
"""At most this many chains are realised and checked per string length."""
BENT_PAIRS = 8
"""At most this many blocked station pairs get a bending route (the last
resort tries them all)."""

RECENT_PROPOSALS: Recent[str, tuple[Laid, ...]] = Recent(64)
"""The proposals of recent (state, company, length)s, shared by threads."""

Route = tuple[str, ...]


def _key(state: StringRailwayState, company: int, length: str) -> str:
    raw = json.dumps([state["shape"], state["river"], state["mountain"], state["stations"],
                      [(s["company"], s["path"]) for s in state["strings"]], state["advanced"],
                      company, length], sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()


def proposals(state: StringRailwayState, company: int, length: str) -> list[Laid]:
    """The best distinct legal strings of this length for ``company``, best
    first (most points, then fewest crossings, then shortest); empty only
    when no string of this length can be laid."""
    found = RECENT_PROPOSALS.get(_key(state, company, length),
                                 lambda: tuple(search_proposals(Context.of(state), company, length)))
    return list(found)


# -- the grid points of a tile ---------------------------------------------------

@cache
def tile_points(shape: str, cell: str) -> tuple[str, ...]:
    """The grid points on the tile centred on ``cell`` a string may lie at
    (inside the field, off the field string): its centre first."""
    col, row = board.cell_index(cell)
    cols, rows = board.grid_size(shape)
    h = table().tile_size / 2
    cx, cy = board.centre(cell)
    inner = board.inner_field(shape)
    out = []
    for dc in (0, -1, 1):
        for dr in (0, -1, 1):
            c, r = col + dc, row + dr
            if not (0 <= c < cols and 0 <= r < rows):
                continue
            name = board.cell_name(c, r)
            x, y = board.centre(name)
            if abs(x - cx) <= h and abs(y - cy) <= h and inner.contains(shapely.Point(x, y)):
                out.append(name)
    return tuple(out)


def gap(a: str, b: str) -> float:
    """The distance between the nearest grid points of two tiles (a lower
    bound of any string joining them)."""
    (ax, ay), (bx, by) = board.centre(a), board.centre(b)
    reach = 2 * table().grid_cell
    return math.hypot(max(0.0, abs(ax - bx) - reach), max(0.0, abs(ay - by) - reach))


# -- guessing a chain's points ----------------------------------------------------

def enterable(ctx: Context, company: int, cell: str, end: bool) -> bool:
    """Whether a string of ``company`` may lie on the station (its company
    limit; a terminal only at an end)."""
    k = kind(ctx.kinds[ctx.index[cell]])
    if k.terminal and not end:
        return False
    who = ctx.occupants[cell]
    return company in who or k.limit is None or len(who) < k.limit


def worth(ctx: Context, company: int, cell: str) -> int:
    """A quick guess of what lying on the station scores the company (the
    owners' gains and crossings left out)."""
    st = ctx.state["stations"][ctx.index[cell]]
    k = kind(st["kind"])
    if company in ctx.occupants[cell]:
        return 1 if k.every_time else 0
    if k.mountain is not None and st["mountain"]:
        return k.mountain
    return k.own if k.ownable and st["owner"] is None else k.others


def gaps(cells: list[str]) -> Any:
    """The (n, n) array of :func:`gap` between the stations (inf on the
    diagonal: a chain never stays on one station)."""
    xy = np.array([board.centre(c) for c in cells], dtype=float).reshape(-1, 2)
    reach = 2 * table().grid_cell
    d = np.abs(xy[:, None, :] - xy[None, :, :])
    out = np.hypot(*np.moveaxis(np.maximum(d - reach, 0.0), 2, 0))
    np.fill_diagonal(out, np.inf)
    return out


def _chains(ctx: Context, company: int, limit: float, count: int) -> list[tuple[int, float, Route]]:
    """The ``count`` most promising chains within ``limit`` by the tiles'
    gaps: two to four stations from one of the company's, or three through
    one (X, own station, Y); most guessed points first, then fewer
    stations, then shorter."""
    cells = ctx.cells
    n = len(cells)
    g = gaps(cells)
    value = np.array([worth(ctx, company, c) for c in cells], dtype=float)
    end = np.array([enterable(ctx, company, c, True) for c in cells])
    mid = np.array([enterable(ctx, company, c, False) for c in cells])
    mine = np.array([company in ctx.occupants[c] for c in cells])
    net = np.flatnonzero(mine)
    found: list[tuple[Any, Any, Any]] = []  # (guess, used, stations (m, k)) per chain size
    # two stations: own -> c
    a, c = np.nonzero((g[net] <= limit) & end[None, :])
    a = net[a]
    found.append((value[a] + value[c], g[a, c], np.stack([a, c], axis=1)))
    # three: own -> c -> d (c in the middle)
    keep = mid[c] & (g[a, c] < limit)
    a3, c3 = a[keep], c[keep]
    used3 = g[a3, c3][:, None] + g[c3]
    i, d = np.nonzero((used3 <= limit) & end[None, :] & (np.arange(n)[None, :] != a3[:, None]))
    three = np.stack([a3[i], c3[i], d], axis=1)
    found.append((value[a3[i]] + value[c3[i]] + value[d], used3[i, d], three))
    # four: own -> c -> d -> e
    keep = mid[three[:, 2]] & (used3[i, d] < limit)
    t4 = three[keep]
    used4 = used3[i, d][keep][:, None] + g[t4[:, 2]]
    j, e = np.nonzero((used4 <= limit) & end[None, :] & (np.arange(n)[None, :] != t4[:, 0:1])
                      & (np.arange(n)[None, :] != t4[:, 1:2]))
    four = np.concatenate([t4[j], e[:, None]], axis=1)
    found.append((value[four].sum(axis=1), used4[j, e], four))
    # through one of its own: x -> own -> c
    keep = mid[a]
    ax, cx = a[keep], c[keep]
    usedx = g[ax, cx][:, None] + g[:, ax].T
    k, x = np.nonzero((usedx <= limit) & end[None, :] & ~mine[None, :] & (np.arange(n)[None, :] != cx[:, None]))
    through = np.stack([x, ax[k], cx[k]], axis=1)
    found.append((value[through].sum(axis=1), usedx[k, x], through))
    guess = np.concatenate([f[0] for f in found])
    used = np.concatenate([f[1] for f in found])
    size = np.concatenate([np.full(len(f[0]), f[2].shape[1]) for f in found])
    if not len(guess):
        return []
    order = np.lexsort((used, size, -guess))[:count]
    offsets = np.cumsum([0] + [len(f[0]) for f in found])
    out: list[tuple[int, float, Route]] = []
    for idx in order:
        part = int(np.searchsorted(offsets, idx, side="right")) - 1
        row = found[part][2][idx - offsets[part]]
        out.append((int(guess[idx]), float(used[idx]), tuple(cells[int(r)] for r in row)))
    return out


# -- realising a chain ---------------------------------------------------------------

class Shots:
    """Straight strings between the grid points of two tiles, within the
    length, each with the tiles it touches (computed once per pair)."""

    def __init__(self, ctx: Context, limit: float) -> None:
        self.ctx = ctx
        self.limit = limit
        self.tree = STRtree(list(ctx.tiles)) if len(ctx.cells) else None
        self.inner = board.inner_field(ctx.state["shape"])
        self.done: dict[tuple[str, str], list[tuple[float, Route, frozenset[str]]]] = {}

    def between(self, a: str, b: str) -> list[tuple[float, Route, frozenset[str]]]:
        """(length, (from, to), stations touched), shortest first."""
        if (a, b) in self.done:
            return self.done[(a, b)]
        shape = self.ctx.state["shape"]
        names_a, xy_a = tile_xy(shape, a)
        names_b, xy_b = tile_xy(shape, b)
        out: list[tuple[float, Route, frozenset[str]]] = []
        if len(names_a) and len(names_b) and self.tree is not None:
            ia, ib = np.divmod(np.arange(len(names_a) * len(names_b)), len(names_b))
            lengths = np.hypot(*(xy_b[ib] - xy_a[ia]).T)
            keep = np.flatnonzero(lengths <= self.limit + 1e-9)
            if len(keep):
                segs = shapely.linestrings(np.stack([xy_a[ia[keep]], xy_b[ib[keep]]], axis=1))
                inside = np.asarray(shapely.covers(self.inner, segs))
                hit = self.tree.query(segs, predicate="intersects")
                touched: dict[int, set[str]] = {}
                for i, j in zip(hit[0], hit[1]):
                    touched.setdefault(int(i), set()).add(self.ctx.cells[int(j)])
                for m, i in enumerate(keep):
                    if bool(inside[m]):
                        out.append((float(lengths[i]), (names_a[ia[i]], names_b[ib[i]]),
                                    frozenset(touched.get(m, set()))))
        out.sort(key=lambda s: (s[0], s[1]))
        self.done[(a, b)] = out
        return out


@cache
def tile_xy(shape: str, cell: str) -> tuple[tuple[str, ...], Any]:
    """:func:`tile_points` and their centres, an (n, 2) array (read only)."""
    names = tile_points(shape, cell)
    xy = np.array([board.centre(p) for p in names], dtype=float).reshape(-1, 2)
    xy.setflags(write=False)
    return names, xy


def _through_points(ctx: Context, chain: Route, limit: float) -> Route | None:
    """The shortest polyline through one grid point of each tile of the
    chain, in order (None: longer than ``limit``)."""
    shape = ctx.state["shape"]
    layers = [tile_xy(shape, c) for c in chain]
    if any(not len(names) for names, _xy in layers):
        return None
    best = np.zeros(len(layers[0][0]))
    back: list[Any] = []
    for (_n0, xy0), (_n1, xy1) in zip(layers, layers[1:]):
        total = best[:, None] + np.hypot(*(xy1[None, :, :] - xy0[:, None, :]).transpose(2, 0, 1))
        back.append(np.argmin(total, axis=0))
        best = total.min(axis=0)
    j = int(np.argmin(best))
    if best[j] > limit + 1e-9:
        return None
    path = [layers[-1][0][j]]
    for k in range(len(back) - 1, -1, -1):
        j = int(back[k][j])
        path.append(layers[k][0][j])
    return tuple(reversed(path))


def _near_line(chain: Route) -> bool:
    """Whether a straight string from the first tile to the last could pass
    over every tile between (each centre near the line of the centres)."""
    a, b = np.array(board.centre(chain[0])), np.array(board.centre(chain[-1]))
    ab = b - a
    span = float(ab @ ab)
    room = table().tile_size / math.sqrt(2) + 2 * table().grid_cell
    for c in chain[1:-1]:
        p = np.array(board.centre(c))
        t = 0.0 if span == 0 else max(0.0, min(1.0, float((p - a) @ ab) / span))
        if float(np.hypot(*(p - a - t * ab))) > room:
            return False
    return True


def realise(ctx: Context, shots: Shots, chain: Route) -> Route | None:
    """A polyline laying the chain: the shortest straight string over
    exactly its stations, else (three or more) one through a grid point
    of each tile."""
    if len(chain) == 2 or _near_line(chain):
        wanted = frozenset(chain)
        for _length, path, touched in shots.between(chain[0], chain[-1]):
            if touched == wanted:
                return path
    if len(chain) > 2:
        return _through_points(ctx, chain, shots.limit)
    return None


# -- bending round tiles ------------------------------------------------------------

def bent_route(ctx: Context, tree: STRtree, start: str, end: str, limit: float) -> Route | None:
    """The shortest route from a grid point of ``start``'s tile to one of
    ``end``'s, bending at grid points beside the tiles, touching no other
    tile, within ``limit`` and the bends."""
    t = table()
    shape = ctx.state["shape"]
    a, b = board.centre(start), board.centre(end)
    reach = t.tile_size / 2 + t.grid_cell / 2
    inner = board.inner_field(shape)
    cols, rows = board.grid_size(shape)
    firsts = tile_points(shape, start)
    lasts = set(tile_points(shape, end))
    points: dict[str, tuple[float, float]] = {p: board.centre(p) for p in firsts + tuple(sorted(lasts))}
    slack = limit + 2 * t.tile_size
    for c in ctx.cells:
        cx, cy = board.centre(c)
        for dx in (-reach, reach):
            for dy in (-reach, reach):
                x, y = cx + dx, cy + dy
                if math.dist(a, (x, y)) + math.dist((x, y), b) > slack:
                    continue
                col, row = int(x // t.grid_cell), int(y // t.grid_cell)
                if not (0 <= col < cols and 0 <= row < rows):
                    continue
                name = board.cell_name(col, row)
                if ctx.station_at((x, y)) is None and inner.contains(shapely.Point(x, y)):
                    points[name] = board.centre(name)
    names = list(points)
    allowed = {ctx.index[start], ctx.index[end]}
    starts = set(firsts)

    def edges(u: str) -> list[tuple[str, float]]:
        targets = [v for v in names if v != u and v not in starts]
        if not targets:
            return []
        segs = shapely.linestrings([[points[u], points[v]] for v in targets])
        hit = tree.query(segs, predicate="intersects")
        blocked = {int(i) for i, j in zip(hit[0], hit[1]) if int(j) not in allowed}
        inside = np.asarray(shapely.covers(inner, segs))
        return [(v, float(math.dist(points[u], points[v]))) for i, v in enumerate(targets)
                if i not in blocked and bool(inside[i])]

    best: dict[tuple[str, int], float] = {(p, 0): 0.0 for p in firsts}
    queue: list[tuple[float, int, str, Route]] = [(0.0, 0, p, (p,)) for p in firsts]
    heapq.heapify(queue)
    while queue:
        dist, bends, u, path = heapq.heappop(queue)
        if u in lasts:
            return path
        for v, d in edges(u):
            nb = bends + (0 if v in lasts else 1)
            nd = dist + d
            if nb > t.max_bends or nd > limit + 1e-9 or v in path or nd >= best.get((v, nb), math.inf):
                continue
            best[(v, nb)] = nd
            heapq.heappush(queue, (nd, nb, v, path + (v,)))
    return None


# -- the search ---------------------------------------------------------------------

def _try(ctx: Context, company: int, length: str, path: Route | None, laid: list[Laid]) -> bool:
    if path is None:
        return False
    try:
        laid.append(check_path(ctx, company, length, path))
    except IllegalAction:
        return False
    return True


def search_proposals(ctx: Context, company: int, length: str) -> list[Laid]:
    t = table()
    limit = t.string_lengths[length]
    if not len(ctx.cells):
        return []
    shots = Shots(ctx, limit)
    chains = _chains(ctx, company, limit, CHECKED)
    laid: list[Laid] = []
    blocked: list[tuple[float, str, str]] = []
    for _guess, used, chain in chains:
        if not _try(ctx, company, length, realise(ctx, shots, chain), laid) and len(chain) == 2:
            blocked.append((used, chain[0], chain[1]))
    assert shots.tree is not None
    for _d, s, e in sorted(blocked)[:BENT_PAIRS]:
        _try(ctx, company, length, bent_route(ctx, shots.tree, s, e, limit), laid)
    if not laid:
        _last_resort(ctx, company, length, shots, laid)
    return _best_distinct(laid, t.proposals)


def _last_resort(ctx: Context, company: int, length: str, shots: Shots, laid: list[Laid]) -> None:
    """Every pair (one of the company's stations, another it may enter)
    within reach: every straight string between their tiles whose stations
    all take it, then bending; until some are found."""
    mine = ctx.network(company)
    pairs = sorted((gap(n, e), n, e) for n in mine for e in ctx.cells
                   if e != n and enterable(ctx, company, e, True) and gap(n, e) <= shots.limit)
    for _d, n, e in pairs:
        straight = shots.between(n, e)  # stations all taking it first: touching may be grazing
        order = sorted(range(len(straight)), key=lambda i: (
            not all(enterable(ctx, company, c, c in (n, e)) for c in straight[i][2]), i))
        for i in order:
            if _try(ctx, company, length, straight[i][1], laid):
                break
        if len(laid) >= table().proposals:
            return
    if laid:
        return
    assert shots.tree is not None
    for _d, n, e in pairs:
        if _try(ctx, company, length, bent_route(ctx, shots.tree, n, e, shots.limit), laid):
            return


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
