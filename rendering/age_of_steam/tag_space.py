"""Where a city's name tag may go: the obstacle mask of what a tag must
never cover (track, towns, cities, markers, the last move) or would rather
not (build costs, coordinates), the candidate boxes beside a city and
around it, the leader line from a tag set apart to the city's edge, and the
search for a free box farther out (:class:`TagField`, with summed-area tables
over the masks and rays from the city for the lines).

Nothing here draws on the board: :mod:`rendering.age_of_steam.tags` plans
the tags with it. The cached arrays are read-only (see
:mod:`games.per_thread`)."""

from __future__ import annotations

import math
from functools import cache, cached_property
from typing import Any, NamedTuple, Sequence

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from games.age_of_steam.hexmap import board
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network, pieces
from games.per_thread import read_only
from rendering import kit
from rendering.age_of_steam.geometry import (APOTHEM, MARGIN, SIZE, SQ3, hex_centre, map_cube_box, map_size,
                                             marker_places)
from rendering.age_of_steam.map_base import costly_hexes
from rendering.age_of_steam.route import route_lines
from rendering.age_of_steam.sprites import PIECE, piece_shape


TAG_H = 24
TAG_FONT = 19


Box = tuple[float, float, float, float]


@cache
def _static_obstacles(slug: str) -> Image.Image:
    """What never moves and a name tag must not cover: towns, printed
    cities, the build costs of towns, rivers and mountains, and the
    coordinates around the map."""
    map_w, map_h = map_size(slug)
    mask = Image.new("L", (map_w, map_h), 0)
    d = ImageDraw.Draw(mask)
    b = board(slug)
    for label in b.towns:
        cx, cy = hex_centre(label)
        d.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=255)
    for label in b.cities:
        cx, cy = hex_centre(label)
        d.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=255)
    for label in costly_hexes(slug):
        cx, cy = hex_centre(label)
        d.rectangle((cx - 16, cy + 12, cx + 16, cy + 26), fill=SOFT)
    for strip in ((0, 0, map_w, MARGIN - 4), (0, map_h - MARGIN + 4, map_w, map_h),
                  (0, 0, MARGIN - 6, map_h), (map_w - MARGIN + 6, 0, map_w, map_h)):
        d.rectangle(strip, fill=SOFT)  # the coordinates
    return mask


HARD, SOFT = 255, 100
"""In the obstacle mask: what a tag must never cover (track, towns, cities,
markers, other tags), and what it had better not (build costs, coordinates)."""


def obstacle_mask(state: AgeOfSteamState, net: Network, last: bool = True) -> Image.Image:
    """A mask of what a name tag must not cover: track, towns, cities (with
    their growth discs and cubes), the cubes lying on map hexes (St.
    Lucia), every locomotive marker and (unless not
    ``last``) the last move's highlight (hard), build costs and the
    coordinates (soft)."""
    mask = _static_obstacles(state["map"]).copy()
    d = ImageDraw.Draw(mask)
    for label in state["board"]:
        cx, cy = hex_centre(label)
        for piece in pieces(state, label):
            mask.paste(255, (int(round(cx - PIECE / 2)), int(round(cy - PIECE / 2))), piece_shape(piece))
    for label in state["new_cities"]:
        cx, cy = hex_centre(label)
        d.polygon(kit.hex_corners(cx, cy, SIZE - 2, flat_top=True), fill=255)
    for x, y, r in marker_discs(state, net):
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    for label in state["map_cubes"]:
        left, top, right, bottom = map_cube_box(label)
        d.rectangle((left - 2, top - 2, right + 2, bottom + 2), fill=255)
    if last:
        draw_last_move_shape(d, state, net)
    return mask


def marker_discs(state: AgeOfSteamState, net: Network) -> list[tuple[float, float, float]]:
    """Where every locomotive marker stands and the radius that holds its
    shape (a triangle reaches 1.45 of its size from the centre)."""
    return [(x, y, 13.0 if complete else 16.0) for x, y, _owner, complete in marker_places(state, net)]


def draw_last_move_shape(d: ImageDraw.ImageDraw, state: AgeOfSteamState, net: Network) -> None:
    """The last move's highlight as :func:`.route.draw_last_build`, :func:`.route.draw_route`
    and :func:`.route.draw_arrowhead` draw it (edges included), in hard ink."""
    last: dict[str, Any] = dict(state["last"] or {})
    if last.get("kind") == "build":
        for label in set(last.get("where", [])):
            cx, cy = hex_centre(label)
            corners = kit.hex_corners(cx, cy, SIZE - 5, flat_top=True)
            d.line([*corners, corners[0]], fill=HARD, width=5 + 4 + 2, joint="curve")
    elif last.get("kind") == "move":
        for label in last.get("route") or []:
            cx, cy = hex_centre(label)
            corners = kit.hex_corners(cx, cy, SIZE - 1, flat_top=True)
            d.line([*corners, corners[0]], fill=HARD, width=3 + 4 + 2, joint="curve")
        lines = route_lines(state, net, last)
        for line in lines:
            d.line(line, fill=HARD, width=23 + 4 + 2, joint="curve")
        if lines and len(lines[-1]) >= 2:
            x, y = lines[-1][-1]
            d.ellipse((x - 24, y - 24, x + 24, y + 24), fill=HARD)  # the arrowhead


def covered_pixels(mask: Image.Image, box: Box) -> int:
    """How many pixels of ``box`` the mask marks."""
    crop = mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3])))
    return sum(crop.histogram()[1:])


def free_box(mask: Image.Image, boxes: Sequence[Box]) -> Box:
    """The first box the mask leaves free, else the one covering the least
    of what must never be covered (then the least of the rest)."""
    best, least = boxes[0], (-1, -1)
    for box in boxes:
        crop = mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3])))
        if crop.getbbox() is None:
            return box
        counts = crop.histogram()
        covered = (counts[HARD], sum(counts[1:]))
        if least[0] < 0 or covered < least:
            best, least = box, covered
    return best


BESIDE_GAP = 4
"""The pixels between a city's hex and a tag beside it."""


@cache
def tag_boxes(slug: str, label: str, w: int) -> tuple[Box, ...]:
    """Where a tag ``w`` wide may go right beside its city, best first:
    above, below, beside, and shifted sideways, kept inside the map; all
    :data:`BESIDE_GAP` off the hex, clear of the ring the last move draws
    around a city on its route (so a delivery leaves the tag in place)."""
    cx, cy = hex_centre(label)
    gap = BESIDE_GAP
    above, below, middle = cy - APOTHEM - gap - TAG_H, cy + APOTHEM + gap, cy - TAG_H / 2
    spots = [(cx - w / 2, above), (cx - w / 2, below), (cx + SIZE + gap, middle), (cx - SIZE - gap - w, middle),
             (cx - w + SIZE / 2, above), (cx - SIZE / 2, above), (cx - w + SIZE / 2, below), (cx - SIZE / 2, below),
             (cx + SIZE / 2, middle - TAG_H), (cx - SIZE / 2 - w, middle - TAG_H),
             (cx + SIZE / 2, middle + TAG_H), (cx - SIZE / 2 - w, middle + TAG_H)]
    return _inside(slug, spots, w)


def _inside(slug: str, spots: Sequence[tuple[float, float]], w: int) -> tuple[Box, ...]:
    """Boxes ``w`` wide at the top-left corners ``spots``, kept inside the map."""
    map_w, map_h = map_size(slug)
    out: list[Box] = []
    for left, top in spots:
        left = float(max(2, min(map_w - w - 2, round(left))))
        top = float(max(2, min(map_h - TAG_H - 2, round(top))))
        out.append((left, top, left + w, top + TAG_H))
    return tuple(out)


@cache
def ring_boxes(slug: str, label: str, w: int) -> tuple[Box, ...]:
    """Where a tag ``w`` wide may go a little away from its city, best
    first: a row above or below, beside, then rings of 1.9 and 2.6 hexes
    all around, nearest first."""
    cx, cy = hex_centre(label)
    gap = BESIDE_GAP
    above, below, middle = cy - APOTHEM - gap - TAG_H, cy + APOTHEM + gap, cy - TAG_H / 2
    spots = [(cx - w / 2, above - TAG_H), (cx - w / 2, below + TAG_H),
             (cx + SIZE + gap, middle - TAG_H), (cx - SIZE - gap - w, middle - TAG_H),
             (cx + SIZE + gap, middle + TAG_H), (cx - SIZE - gap - w, middle + TAG_H)]
    for reach in (1.9, 2.6):
        for step in range(12):
            angle = math.radians(-90 + 30 * step)
            x, y = cx + reach * SIZE * math.cos(angle), cy + reach * SIZE * math.sin(angle)
            spots.append((x - w / 2, y - TAG_H / 2))
    return _inside(slug, spots, w)


class Leader(NamedTuple):
    """A thin line from a tag placed away from its city to the city's edge,
    where a dot marks the city it names."""
    start: tuple[float, float]
    end: tuple[float, float]


LEADER_GAP = 10
"""A tag farther than this from its city's hex gets a leader line."""
FAR_STEP = 6
"""The grid (in pixels) on which a tag away from its city is placed."""
FAR_REACH = 4 * SIZE
"""How far from its city a tag is looked for first (then anywhere)."""
FAR_TRIES = 200
"""How many boxes, best first, :func:`far_box` checks exactly."""
LAND_COST = 24
"""How much farther (in pixels) a tag goes to sit on a lake, off the board or
in the margins rather than on land where track may be built later."""
SOFT_COST = 40
"""How much farther a tag goes rather than cover a build cost or a coordinate."""


def _hex_reach(angle: float, radius: float) -> float:
    """How far from a flat-topped hex's centre its edge lies in the
    direction ``angle`` (radians), ``radius`` being its circumradius."""
    off = math.degrees(angle) % 60 - 30
    return radius * (SQ3 / 2) / math.cos(math.radians(off))


def leader_line(label: str, box: Box) -> Leader | None:
    """The leader line from ``box`` to its city ``label``: from the point of
    the box nearest the city's centre straight to the city's edge; None when
    the box is within :data:`LEADER_GAP` of the hex."""
    cx, cy = hex_centre(label)
    px, py = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    dist = math.dist((px, py), (cx, cy))
    angle = math.atan2(py - cy, px - cx)
    if dist - _hex_reach(angle, SIZE) <= LEADER_GAP:
        return None
    edge = _hex_reach(angle, SIZE - 2)
    return Leader((px, py), (cx + edge * math.cos(angle), cy + edge * math.sin(angle)))


POOL = 2
"""The summed-area tables count cells of POOL x POOL pixels (a cell is
marked if any of its pixels is): four times fewer sums, a box's count
reaching at most a pixel beyond it."""


def _cells(values: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """A mask in cells of POOL x POOL (2 x 2) pixels: each cell the largest
    value of its pixels (so a cell is HARD if any pixel is, marked if any is)."""
    height, width = values.shape
    padded = np.pad(values, ((0, -height % POOL), (0, -width % POOL)))
    rows = np.maximum(padded[0::2], padded[1::2])  # each pair of rows
    pairs = rows.view(np.uint16)  # each pair of pixels in a row, as one number
    cells: npt.NDArray[np.uint8] = np.maximum(pairs & 0xFF, pairs >> 8).astype(np.uint8)
    return cells


def _sums(cells: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    """The summed-area table of marked cells (see :func:`_cells`):
    ``s[j, i]`` counts the marked cells above and left of cell (i, j)."""
    # Summed along rows in the transposed table, then along rows again:
    # numpy sums along the last axis several times faster than down columns.
    across = np.zeros((cells.shape[1] + 1, cells.shape[0] + 1), dtype=np.int32)
    np.cumsum(cells.T, axis=1, dtype=np.int32, out=across[1:, 1:])
    out = np.ascontiguousarray(across.T)
    np.cumsum(out, axis=1, dtype=np.int32, out=out)
    return out


def _cell_counts(sums: npt.NDArray[np.int32], x0: npt.NDArray[np.intp], y0: npt.NDArray[np.intp],
                 x1: npt.NDArray[np.intp], y1: npt.NDArray[np.intp]) -> npt.NDArray[np.int32]:
    """How many marked cells meet each box of pixels [x0, x1) x [y0, y1)."""
    i0, j0, i1, j1 = x0 // POOL, y0 // POOL, -(-x1 // POOL), -(-y1 // POOL)
    result: npt.NDArray[np.int32] = sums[j1, i1] - sums[j0, i1] - sums[j1, i0] + sums[j0, i0]
    return result


def _box_counts(sums: npt.NDArray[np.int32], x0: npt.NDArray[np.intp], y0: npt.NDArray[np.intp], w: int,
                h: int) -> npt.NDArray[np.int32]:
    """How many marked cells meet each box (x0, y0, x0 + w, y0 + h)."""
    return _cell_counts(sums, x0, y0, x0 + w, y0 + h)


@cache
def _land_sums(slug: str) -> npt.NDArray[np.int32]:
    """Where track may be built one day (every hex but the lakes), summed."""
    mask = Image.new("L", map_size(slug), 0)
    d = ImageDraw.Draw(mask)
    for label, mh in board(slug).hexes.items():
        if mh.terrain != "lake":
            d.polygon(kit.hex_corners(*hex_centre(label), SIZE, flat_top=True), fill=1)
    return read_only(_sums(_cells(np.asarray(mask)) > 0))


@cache
def _static_line_blocks(slug: str) -> Image.Image:
    """What a leader line must not cross: the towns and printed cities."""
    mask = Image.new("L", map_size(slug), 0)
    d = ImageDraw.Draw(mask)
    for label in board(slug).towns:
        cx, cy = hex_centre(label)
        d.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=255)
    for label in board(slug).cities:
        d.polygon(kit.hex_corners(*hex_centre(label), SIZE - 2, flat_top=True), fill=255)
    return mask


def line_blocks(state: AgeOfSteamState, net: Network) -> Image.Image:
    """What a leader line must not cross: towns, cities and markers (and,
    as they are placed, the other tags and leader lines)."""
    mask = _static_line_blocks(state["map"]).copy()
    d = ImageDraw.Draw(mask)
    for label in state["new_cities"]:
        d.polygon(kit.hex_corners(*hex_centre(label), SIZE - 2, flat_top=True), fill=255)
    for x, y, r in marker_discs(state, net):
        d.ellipse((x - r, y - r, x + r, y + r), fill=255)
    return mask


def _line_points(leader: Leader) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The pixels of a leader line, a pixel apart, from the tag to 4 pixels
    short of the city's edge."""
    (x0, y0), (x1, y1) = leader
    length = math.dist(leader.start, leader.end)
    t = np.arange(0.0, max(0.0, length - 4), 1.0) / max(length, 1.0)
    return np.rint(x0 + (x1 - x0) * t).astype(np.intp), np.rint(y0 + (y1 - y0) * t).astype(np.intp)


def _dilated(values: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The mask grown by a pixel on every side."""
    out = values.copy()
    out[1:, :] |= values[:-1, :]
    out[:-1, :] |= values[1:, :]
    out[:, 1:] |= values[:, :-1]
    out[:, :-1] |= values[:, 1:]
    return out


def _shifted(leader: Leader, dx: float, dy: float) -> Leader:
    (x0, y0), (x1, y1) = leader
    return Leader((x0 + dx, y0 + dy), (x1 + dx, y1 + dy))


def _line_clear(blocks: npt.NDArray[np.bool_], leader: Leader) -> bool:
    """Whether the leader line crosses nothing of ``blocks`` (grown by a
    pixel) before it reaches its city."""
    xs, ys = _line_points(leader)
    height, width = blocks.shape
    inside = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    return not bool(blocks[ys[inside], xs[inside]].any())


RAYS = 180


@cache
def _ray_pixels(slug: str, label: str, limit: float) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                                             npt.NDArray[np.float64]]:
    """The pixels of :data:`RAYS` rays out from the edge of city ``label``,
    2 pixels apart up to ``limit`` (clipped to the map), and where each ray
    leaves the hex."""
    map_w, map_h = map_size(slug)
    cx, cy = hex_centre(label)
    angles = np.radians(np.arange(RAYS, dtype=np.float64) * 360 / RAYS)
    off = np.radians(np.degrees(angles) % 60 - 30)
    edge = (SIZE - 2) * (SQ3 / 2) / np.cos(off) + 4
    radii = edge[:, None] + np.arange(0.0, limit, 2.0)[None, :]
    xs = np.clip(np.rint(cx + radii * np.cos(angles)[:, None]), 0, map_w - 1).astype(np.intp)
    ys = np.clip(np.rint(cy + radii * np.sin(angles)[:, None]), 0, map_h - 1).astype(np.intp)
    return read_only(xs), read_only(ys), read_only(edge)


def _clear_reach(blocks: npt.NDArray[np.bool_], slug: str, label: str, limit: float) -> npt.NDArray[np.float64]:
    """How far from the centre of city ``label`` (up to ``limit``) a line may
    run out from its edge, every 2 degrees, before it meets something of
    ``blocks``."""
    xs, ys, edge = _ray_pixels(slug, label, limit)
    hit = blocks[ys, xs]
    first = np.where(hit.any(axis=1), hit.argmax(axis=1), xs.shape[1])
    reach: npt.NDArray[np.float64] = edge + 2 * first - 2
    return reach


TAG_GAP = 2
"""The pixels kept free between two tags."""


class TagField:
    """What the tags are placed on: the obstacle mask and what leader lines
    must not cross, live (every tag and leader line placed is marked), and
    the summed-area tables of the obstacles before any tag."""

    def __init__(self, slug: str, mask: Image.Image, blocks: Image.Image) -> None:
        self.slug = slug
        self.mask, self.blocks = mask.copy(), blocks.copy()
        self.base = mask
        self.boxes: list[Box] = []
        self._grown: npt.NDArray[np.bool_] | None = None

    @property
    def grown_blocks(self) -> npt.NDArray[np.bool_]:
        """What leader lines must not cross, grown by a pixel (kept up to
        date as tags are marked)."""
        if self._grown is None:
            self._grown = _dilated(np.asarray(self.blocks) > 0)
        return self._grown

    @cached_property
    def pooled_cells(self) -> npt.NDArray[np.uint8]:
        return _cells(np.asarray(self.base))

    @cached_property
    def hard_sums(self) -> npt.NDArray[np.int32]:
        return _sums(self.pooled_cells == HARD)

    @cached_property
    def soft_sums(self) -> npt.NDArray[np.int32]:
        return _sums(self.pooled_cells > 0)

    def fresh(self) -> TagField:
        """The field as it was before any tag (its tables shared)."""
        out = TagField(self.slug, self.mask, self.blocks)
        out.__dict__.update({k: v for k, v in self.__dict__.items() if k.endswith(("_sums", "_cells"))})
        if self._grown is not None:
            out._grown = self._grown.copy()
        return out

    def mark(self, box: Box, leader: Leader | None) -> None:
        """A tag placed in ``box``, with its leader line."""
        self.boxes.append(box)
        x0, y0, x1, y1 = box
        for d in (ImageDraw.Draw(self.mask), ImageDraw.Draw(self.blocks)):
            d.rectangle((x0 - TAG_GAP, y0 - TAG_GAP, x1 + TAG_GAP - 1, y1 + TAG_GAP - 1), fill=HARD)
            if leader is not None:
                d.line(leader, fill=HARD, width=5)
                x, y = leader.end
                d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=HARD)
        if self._grown is not None:  # grow the part just marked
            xs = [x0, x1] + ([leader.start[0], leader.end[0]] if leader else [])
            ys = [y0, y1] + ([leader.start[1], leader.end[1]] if leader else [])
            margin = TAG_GAP + 8
            left, top = max(0, int(min(xs)) - margin), max(0, int(min(ys)) - margin)
            map_w, map_h = self.mask.size
            right, bottom = min(map_w, int(max(xs)) + margin), min(map_h, int(max(ys)) + margin)
            part = _dilated(np.asarray(self.blocks.crop((left, top, right, bottom))) > 0)
            self._grown[top:top + part.shape[0], left:left + part.shape[1]] |= part

    def line_clear(self, leader: Leader | None) -> bool:
        """Whether a leader line (None: none needed) crosses nothing it
        must not, read from the live mask near the line only."""
        if leader is None:
            return True
        xs, ys = _line_points(leader)
        if not len(xs):
            return True
        left, top = max(0, int(xs.min()) - 2), max(0, int(ys.min()) - 2)
        crop = np.asarray(self.blocks.crop((left, top, int(xs.max()) + 3, int(ys.max()) + 3))) > 0
        return _line_clear(_dilated(crop), _shifted(leader, -left, -top))

    def candidates(self, boxes: Sequence[Box], soft: bool = False) -> list[Box]:
        """The boxes (whole pixels, in order) that cover nothing of the
        obstacles before any tag (nothing hard, if ``soft`` is allowed) and
        keep off the tags placed so far: a quick sieve; the live mask has
        the last word (:meth:`free`, :meth:`hard_free`)."""
        if not boxes:
            return []
        return [box for box, keep in zip(boxes, self.sieve(boxes, soft).tolist()) if keep]

    def sieve(self, boxes: Sequence[Box], soft: bool = False) -> npt.NDArray[np.bool_]:
        """Which of the boxes :meth:`candidates` keeps."""
        arr = np.array(boxes, dtype=np.intp)
        x0, y0, x1, y1 = arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3]
        covered = _cell_counts(self.hard_sums if soft else self.soft_sums, x0, y0, x1, y1)
        return np.asarray((covered == 0) & self.apart(x0, y0, x1, y1), dtype=np.bool_)

    def apart(self, x0: npt.NDArray[np.intp], y0: npt.NDArray[np.intp], x1: npt.NDArray[np.intp],
              y1: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
        """Which boxes keep :data:`TAG_GAP` off every tag placed so far."""
        if not self.boxes:
            return np.ones(x0.shape, dtype=np.bool_)
        placed = np.array(self.boxes)
        meet = ((x0[:, None] < placed[:, 2] + TAG_GAP) & (x1[:, None] > placed[:, 0] - TAG_GAP)
                & (y0[:, None] < placed[:, 3] + TAG_GAP) & (y1[:, None] > placed[:, 1] - TAG_GAP))
        return np.asarray(~meet.any(axis=1), dtype=np.bool_)

    def free(self, box: Box) -> bool:
        return self.mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3]))).getbbox() is None

    def hard_free(self, box: Box) -> bool:
        counts = self.mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3]))).histogram()
        return counts[HARD] == 0


def far_box(field: TagField, label: str, w: int) -> tuple[Box, Leader | None] | None:
    """The best box ``w`` wide that covers nothing hard, with its leader
    line to the city ``label`` (None for a box beside it): nearest the city
    first, going farther to sit on a lake, off the board or in the margins,
    or to keep off build costs and coordinates; its leader line must cross no
    tag, leader line, city, town or marker. Looked for within
    :data:`FAR_REACH` of the city, then anywhere; None when no box is free."""
    cx, cy = hex_centre(label)
    blocks = field.grown_blocks
    map_w, map_h = map_size(field.slug)
    for window in (FAR_REACH, map_w):
        reach = _clear_reach(blocks, field.slug, label, min(float(map_w), 1.5 * window))
        xs = np.arange(max(2, int(cx - window - w)), min(map_w - w - 2, int(cx + window)), FAR_STEP, dtype=np.intp)
        ys = np.arange(max(2, int(cy - window - TAG_H)), min(map_h - TAG_H - 2, int(cy + window)), FAR_STEP,
                       dtype=np.intp)
        x0, y0 = (a.ravel() for a in np.meshgrid(xs, ys))
        free = _box_counts(field.hard_sums, x0, y0, w, TAG_H) == 0
        x0, y0 = x0[free], y0[free]
        free = field.apart(x0, y0, x0 + w, y0 + TAG_H)
        x0, y0 = x0[free], y0[free]
        px = np.clip(cx, x0, x0 + w)
        py = np.clip(cy, y0, y0 + TAG_H)
        dist = np.hypot(px - cx, py - cy)
        ray = np.rint(np.arctan2(py - cy, px - cx) * (RAYS / (2 * math.pi))).astype(np.intp) % RAYS
        clear = (dist <= APOTHEM + LEADER_GAP) | (dist <= reach[ray] - 1)
        x0, y0, dist = x0[clear], y0[clear], dist[clear]
        if not len(x0):
            continue
        area = float((w // POOL + 1) * (TAG_H // POOL + 1))  # in cells
        soft = np.minimum(_box_counts(field.soft_sums, x0, y0, w, TAG_H), area / 4) / (area / 4)
        land = np.minimum(_box_counts(_land_sums(field.slug), x0, y0, w, TAG_H) / area, 1.0)
        cost = dist + LAND_COST * land + SOFT_COST * soft
        for k in np.argsort(cost, kind="stable")[:FAR_TRIES]:
            box: Box = (float(x0[k]), float(y0[k]), float(x0[k] + w), float(y0[k] + TAG_H))
            leader = leader_line(label, box)
            if field.hard_free(box) and (leader is None or _line_clear(blocks, leader)):
                return box, leader
    return None
