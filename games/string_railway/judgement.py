"""String Railway's judgement: how a seat values strings and stations, and
the player built on it (the easy bot; the normal bot's corner and extra
draw; every seat of the hard bot's play-outs). It thinks about strings as a
player does.

- **Laying a string.** The engine's proposals (the panel's own, best first,
  for each length left) are each worth the points they score, the owners'
  gains and losses included, with no copy of the table: the :class:`Laid`
  says it all. A seat's worth is its weakest company's score (the
  two-player ranking) plus half its other companies' (points there still
  count later); the bot plays the string that most raises its worth over
  the best other seat's. The long string is worth :data:`LONG_KEPT` points
  more kept while short ones remain (later, with more stations out, it
  reaches more).
- **Placing a station.** First a cheap estimate over every legal cell (no
  geometry but distances): what this turn's string could score through
  the new station (from one of the company's stations straight to it, on
  to or from one more station, within the longest string left, or a
  current proposal extended to it), plus what it offers the seat's
  companies later (:data:`LATER`) and minus what it offers the others
  (:data:`DENY`), by how near each network it lies. Then the best
  :data:`SHORTLIST` cells are scored exactly: the most promising strings
  through the new station, those whose guess beats the best current
  proposal the station does not block, checked by the laying rules on a
  shallow copy of the table with it placed. The engine's full search runs
  once per length left (the current proposals), never per cell.
- **The corner**: the one whose home station (both, with two players) has
  the least river and mountain line within a long string's reach.
- **The countryside's extra draw**: always taken (one more station the bot
  places where it helps it).

Nothing in String Railway is hidden: the stations still to be drawn are
left to chance.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from games.core import Game, IllegalAction, State
from games.string_railway import board, stations
from games.string_railway.laying import Context, Laid, check_path
from games.string_railway.params import kind, table, tile_kinds
from games.string_railway.routes import proposals
from games.string_railway.state import Station, StringRailwayState, typed
from games.string_railway.turns import strings_left

STRONGER = 0.5
"""The worth of a point in a seat's stronger companies (two players), next
to 1 for its weakest."""
LONG_KEPT = 1.5
"""Points the long string is worth kept while short strings remain."""
LATER = 0.5
"""The worth of a station within a string's reach of the seat's own
network, for later turns (per point it would score)."""
DENY = 0.3
"""The cost of a station within a string's reach of another seat's network
(per point it would score them)."""
SHORTLIST = 10
"""Cells scored exactly per station placement."""
CHAINS = 4
"""Strings through the new station checked per shortlisted cell and length."""
REACH = 30.0
"""A network's reach for later turns: a short string."""


@dataclass(frozen=True)
class Judgement:
    """How a seat values a string: its worth is its weakest company's score
    plus ``stronger`` of each other's; the long string is worth
    ``long_kept`` points more kept while short ones remain; a station placed
    is worth ``later`` of its points within reach of the seat's networks and
    costs ``deny`` of them within reach of the others'. The easy bot's
    is :data:`EASY_JUDGEMENT`; a stronger bot overrides the parts it judges better."""

    stronger: float = STRONGER
    long_kept: float = LONG_KEPT
    later: float = LATER
    deny: float = DENY

    def seat_worth(self, state: StringRailwayState, scores: list[float], seat: int) -> float:
        """A seat's weakest company's score, plus ``stronger`` of each other."""
        mine = sorted(scores[k] for k, c in enumerate(state["companies"]) if c["seat"] == seat)
        return mine[0] + self.stronger * sum(mine[1:]) if mine else 0.0

    def margin(self, state: StringRailwayState, scores: list[float], seat: int) -> float:
        """The seat's worth minus the best other seat's."""
        worths = [self.seat_worth(state, scores, s) for s in range(len(state["players"]))]
        others = [w for s, w in enumerate(worths) if s != seat]
        return worths[seat] - (max(others) if others else 0.0)

    def spending(self, state: StringRailwayState, company: int, length: str) -> float:
        """``long_kept`` for laying the long string while short ones remain."""
        shorts = state["companies"][company]["strings"].get("short", 0)
        return self.long_kept if length == "long" and shorts > 0 else 0.0

    def string_value(self, state: StringRailwayState, seat: int, company: int, length: str, laid: Laid) -> float:
        """The margin after the string, less :meth:`spending`."""
        return self.margin(state, scores_after(state, company, laid), seat) - self.spending(state, company, length)

    def left_over(self, ctx: Context, seat: int, cell: str, kind_name: str, taken: bool) -> float:
        """What a station placed at ``cell`` is worth to the seat for what
        it leaves the others once this turn's string has (``taken``) or
        has not entered it: nothing for the easy bot."""
        return 0.0


EASY_JUDGEMENT = Judgement()
"""The easy bot's judgement."""


def seat_worth(state: StringRailwayState, scores: list[float], seat: int) -> float:
    """A seat's weakest company's score, plus :data:`STRONGER` of each other."""
    return EASY_JUDGEMENT.seat_worth(state, scores, seat)


def margin(state: StringRailwayState, scores: list[float], seat: int) -> float:
    """The seat's worth minus the best other seat's."""
    return EASY_JUDGEMENT.margin(state, scores, seat)


def scores_after(state: StringRailwayState, company: int, laid: Laid) -> list[float]:
    """Every company's score once ``company`` has laid ``laid``."""
    scores = [float(c["score"]) for c in state["companies"]]
    scores[company] += laid.points
    for owner, change in laid.owners.items():
        scores[owner] += change
    return scores


def string_value(state: StringRailwayState, seat: int, company: int, length: str, laid: Laid) -> float:
    """The margin after the string, less :data:`LONG_KEPT` for spending the
    long string while short ones remain."""
    return EASY_JUDGEMENT.string_value(state, seat, company, length, laid)


def spending(state: StringRailwayState, company: int, length: str) -> float:
    """:data:`LONG_KEPT` for laying the long string while short ones remain."""
    return EASY_JUDGEMENT.spending(state, company, length)


def string_text(length: str, laid: Laid) -> str:
    """The canonical action text of laying ``laid``."""
    return f"{length} {'-'.join(laid.path)}"


def string_options(state: StringRailwayState, company: int) -> list[tuple[str, Laid]]:
    """The engine's proposals for every length the company has left."""
    return [(length, laid) for length in strings_left(state["companies"][company])
            for laid in proposals(state, company, length)]


# -- stations: what a station is worth to a company ---------------------------

def new_station_points(kind_name: str, mountain: bool) -> int:
    """What the first company to enter a newly placed station scores: the
    landmark's mountain points, an ownable station's owner points, else
    the printed points."""
    k = kind(kind_name)
    if k.mountain is not None and mountain:
        return k.mountain
    return k.own if k.ownable else k.others


def station_points(ctx: Context, company: int, cell: str) -> int | None:
    """What ``company`` scores entering the station at ``cell`` (a junction
    every time, others once), or None when its company limit shuts it out."""
    st = ctx.state["stations"][ctx.index[cell]]
    k = kind(st["kind"])
    who = ctx.occupants[cell]
    if company in who:
        return 1 if k.every_time else 0
    if k.limit is not None and len(who) >= k.limit:
        return None
    if k.mountain is not None:
        return k.mountain if st["mountain"] else k.others
    owner = st["owner"]
    if k.ownable and owner is None:
        return k.own
    return k.others if owner is not None and owner != company else k.own


# -- placing a station --------------------------------------------------------

@dataclass(frozen=True)
class Spot:
    """A shortlisted cell: its estimate, the most this turn's string could
    score through it (-inf: none reaches it), and its worth for later."""

    cell: str
    estimate: float
    through: float
    later: float


def distances(a: Any, b: Any) -> Any:
    """The (len(a), len(b)) distances between two arrays of points."""
    return np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2))


def centres(cells: list[str] | tuple[str, ...]) -> Any:
    return np.array([board.centre(c) for c in cells], dtype=float).reshape(-1, 2)


def reach_weight(distance: Any) -> Any:
    """1 within a short string of a network, 1/2 within a long one."""
    return np.where(distance <= REACH, 1.0, np.where(distance <= 2 * REACH, 0.5, 0.0))


def through_estimate(ctx: Context, company: int, kind_name: str, cells: list[str], here: Any,
                     current: list[tuple[str, Laid]]) -> Any:
    """For each cell, the most this turn's string could score entering a
    station placed there (crossings not counted; -inf when none reaches
    it): from the network straight to it, on to or from one more station
    (within the longest string left), or a current proposal extended to it."""
    state = ctx.state
    xy = centres(cells)
    longest = max(table().string_lengths[n] for n in strings_left(state["companies"][company]))
    net_xy = centres(sorted(ctx.network(company)))
    d_net = distances(net_xy, xy)  # (network, cells)
    best = np.where(d_net.min(axis=0) <= longest, here, -np.inf)
    ys = [(c, float(p)) for c in ctx.cells if c not in ctx.network(company)
          for p in [station_points(ctx, company, c)] if p]
    if ys:
        y_xy = centres([c for c, _p in ys])
        y_pts = np.array([p for _c, p in ys])
        y_mid = np.array([not kind(ctx.kinds[ctx.index[c]]).terminal for c, _p in ys])
        d_y = distances(y_xy, xy)  # (stations, cells)
        d_ny = distances(net_xy, y_xy)  # (network, stations)
        via_x = (d_net[:, None, :] + d_y[None, :, :]) <= longest  # network -> X -> Y
        if kind(kind_name).terminal:
            via_x[:] = False
        via_y = ((d_ny[:, :, None] + d_y[None, :, :]) <= longest) & y_mid[None, :, None]  # network -> Y -> X
        gain = np.where(via_x | via_y, y_pts[None, :, None], -np.inf).max(axis=(0, 1))
        best = np.maximum(best, here + gain)
    ends = [(length, laid) for length, laid in current if not kind(ctx.kinds[ctx.index[laid.entered[-1]]]).terminal]
    if ends:
        room = np.array([table().string_lengths[length] - laid.length for length, laid in ends])
        points = np.array([float(laid.points) for _length, laid in ends])
        d_end = distances(centres([laid.path[-1] for _length, laid in ends]), xy)  # (proposals, cells)
        best = np.maximum(best, here + np.where(d_end <= room[:, None], points[:, None], -np.inf).max(axis=0))
    return best


def reach_points(ctx: Context, company: int) -> float:
    """The points of the stations ``company`` may still enter, each weighed
    by how near its network lies (:func:`reach_weight`)."""
    net = ctx.network(company)
    others = [(c, p) for c in ctx.cells if c not in net for p in [station_points(ctx, company, c)] if p]
    if not net or not others:
        return 0.0
    d = distances(centres(sorted(net)), centres([c for c, _p in others])).min(axis=0)
    return float((reach_weight(d) * np.array([p for _c, p in others], dtype=float)).sum())


def shortlist(ctx: Context, seat: int, company: int, kind_name: str, cells: list[str],
              floor: float, current: list[tuple[str, Laid]], count: int,
              judge: Judgement = EASY_JUDGEMENT) -> list[Spot]:
    """The ``count`` cells whose estimate is best: this turn's points
    through the new station (at least ``floor``, the points of the best
    proposal without it), plus :data:`LATER` of its points within reach of
    the seat's companies, minus :data:`DENY` of them within reach of the
    others'."""
    state = ctx.state
    xy = centres(cells)
    inside = shapely.contains_xy(board.mountain_area(state["mountain"]), xy[:, 0], xy[:, 1])
    here = np.array([new_station_points(kind_name, bool(m)) for m in inside], dtype=float)
    through = through_estimate(ctx, company, kind_name, cells, here, current)
    later = np.zeros(len(cells))
    for j, c in enumerate(state["companies"]):
        net = centres(sorted(ctx.network(j)))
        reach = reach_weight(distances(net, xy).min(axis=0) if len(net) else np.full(len(cells), np.inf))
        later += (judge.later if c["seat"] == seat else -judge.deny) * reach * here
    estimate = np.maximum(through, floor) + later
    order = sorted(range(len(cells)), key=lambda i: (-float(estimate[i]), cells[i]))[:count]
    return [Spot(cells[i], float(estimate[i]), float(through[i]), float(later[i])) for i in order]


def placed(state: StringRailwayState, cell: str) -> StringRailwayState:
    """A shallow copy of the table with the next drawn station at ``cell``
    (the input is not changed)."""
    kind_name = tile_kinds()[state["drawn"][0] - 1]
    after = typed(dict(state))
    after["stations"] = state["stations"] + [Station(cell=cell, kind=kind_name, tile=state["drawn"][0], owner=None,
                                                     mountain=stations.in_mountains(state, cell))]
    after["drawn"] = state["drawn"][1:]
    return after


def strings_through(ctx: Context, company: int, cell: str, limit: float,
                    current: list[tuple[str, Laid]]) -> list[tuple[float, tuple[str, ...]]]:
    """Straight strings within ``limit`` that enter the station at ``cell``:
    from a network station to it, on to or from one more station, and the
    current proposals extended to it; each with a guess of its points."""
    xy = {c: board.centre(c) for c in ctx.cells}
    here = station_points(ctx, company, cell) or 0
    terminal = kind(ctx.kinds[ctx.index[cell]]).terminal
    out: list[tuple[float, tuple[str, ...]]] = []
    net = sorted(ctx.network(company))
    for n in net:
        d = math.dist(xy[n], xy[cell])
        if d <= limit:
            out.append((here, (n, cell)))
        for y in ctx.cells:
            if y == cell or y in net:
                continue
            p = station_points(ctx, company, y)
            if not p:
                continue
            dy = math.dist(xy[y], xy[cell])
            if not terminal and d + dy <= limit:
                out.append((here + p, (n, cell, y)))
            if not kind(ctx.kinds[ctx.index[y]]).terminal and math.dist(xy[n], xy[y]) + dy <= limit:
                out.append((here + p, (n, y, cell)))
    for _length, laid in current:
        end = laid.path[-1]  # a grid point on the last station's tile
        if laid.length + math.dist(board.centre(end), xy[cell]) <= limit and \
                not kind(ctx.kinds[ctx.index[laid.entered[-1]]]).terminal:
            out.append((laid.points + here, laid.path + (cell,)))
    out.sort(key=lambda r: (-r[0], r[1]))
    return out


def best_through(state: StringRailwayState, seat: int, company: int, cell: str,
                 current: list[tuple[str, Laid]], bar: float, judge: Judgement = EASY_JUDGEMENT) -> float:
    """The best value of this turn's string entering a station placed at
    ``cell``, checked by the laying rules (-inf when none is legal); only
    strings whose guessed points (less the long string's keeping) pass
    ``bar`` are checked."""
    after = placed(state, cell)
    ctx = Context.of(after)
    best = -math.inf
    for length in strings_left(after["companies"][company]):
        limit = table().string_lengths[length]
        spend = judge.spending(after, company, length)
        for guess, path in strings_through(ctx, company, cell, limit, current)[:CHAINS]:
            if guess - spend <= bar:
                break
            try:
                laid = check_path(ctx, company, length, path)
            except IllegalAction:  # the straight string is refused
                continue
            best = max(best, judge.string_value(after, seat, company, length, laid))
            bar = max(bar, laid.points - spend)
    return best


def choose_cell(state: StringRailwayState, seat: int, rng: random.Random) -> str:
    """The cell the drawn station goes on (see the module docstring)."""
    return ranked_cells(state, seat, rng)[0]


def ranked_cells(state: StringRailwayState, seat: int, rng: random.Random,
                 judge: Judgement = EASY_JUDGEMENT) -> list[str]:
    """The placements of the drawn station worth trying, best first (the
    shortlisted cells, each valued by this turn's best string and its worth
    for later; never empty)."""
    company = state["company"]
    cells = stations.legal_cells(state)
    current = string_options(state, company)
    values = [judge.string_value(state, seat, company, length, laid) for length, laid in current]
    points = [laid.points - judge.spending(state, company, length) for length, laid in current]
    unlaid = judge.margin(state, [float(c["score"]) for c in state["companies"]], seat)
    kind_name = tile_kinds()[state["drawn"][0] - 1]
    ctx = Context.of(state)
    spots = shortlist(ctx, seat, company, kind_name, cells, max(points, default=0.0), current, SHORTLIST, judge)
    lines = np.array([board.polyline(list(laid.path)) for _l, laid in current], dtype=object)
    keys: list[tuple[float, float, str]] = []
    for spot in spots:
        blocked = shapely.intersects(board.tile(spot.cell), lines) if len(current) else np.array([], dtype=bool)
        kept = [i for i, b in enumerate(blocked) if not b]
        now = max((values[i] for i in kept), default=unlaid)
        bar = max((points[i] for i in kept), default=0.0)
        through = best_through(state, seat, company, spot.cell, current, bar, judge) if spot.through > bar \
            else -math.inf
        now = max(now, through)
        left = judge.left_over(ctx, seat, spot.cell, kind_name, through >= now)
        keys.append((now + spot.later + left, rng.random(), spot.cell))
    keys.sort(key=lambda k: (-k[0], -k[1]))
    return [f"{stations.block_of(cell)} {cell}" for cell in [k[2] for k in keys] or cells[:1]]


# -- the corner ---------------------------------------------------------------

def corner_clutter(state: StringRailwayState, corner: str) -> float:
    """The river and mountain line within a long string of the corner's home
    station (and, with two players, of the opposite corner's)."""
    shape = state["shape"]
    corners = [corner]
    if len(state["companies"]) > len(state["players"]):
        corners.append(table().opposite_corners[corner])
    lines = [board.river_line(state["river"]), board.mountain_ring(state["mountain"])]
    total = 0.0
    for c in corners:
        disc = shapely.Point(board.centre(board.home_cell(shape, c))).buffer(table().string_lengths["long"])
        total += sum(float(line.intersection(disc).length) for line in lines)
    return total


# -- the policy ---------------------------------------------------------------

class StringRailwayPolicy:
    """See the module docstring."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        phase = s["phase"]
        if phase == "place":
            return choose_cell(s, seat, rng)
        if phase == "string":
            company = s["company"]
            options = string_options(s, company)
            if options:
                scored = [(string_value(s, seat, company, length, laid), rng.random(), string_text(length, laid))
                          for length, laid in options]
                return max(scored, key=lambda v: v[:2])[2]
        texts = [c.text for c in game.legal_actions(state, seat)]
        if phase == "extra" and "extra" in texts:
            return "extra"
        if phase == "corner":
            return min(texts, key=lambda t: (corner_clutter(s, t), rng.random()))
        return texts[0] if len(texts) == 1 else rng.choice(texts)


PLAYER = StringRailwayPolicy()
"""The player (see the module docstring)."""
