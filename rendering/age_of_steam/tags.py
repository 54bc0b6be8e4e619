"""The cities' name tags on the Age of Steam map: the tag itself (the
city's colour letter, its name), the plan of where every tag goes (beside
its city, else farther out with a leader line, in the smaller font as a
last resort; crowded cities first, a few orders tried) and its drawing.

Plans are tuples kept in a locked cache (:class:`games.per_thread.Recent`)
keyed by what they depend on, so a board drawn again costs no layout."""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Sequence

from PIL import Image, ImageDraw

from games.age_of_steam.hexmap import board_of
from games.age_of_steam.params import COLOUR_LETTER
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network, city_colour, city_name, pieces
from games.per_thread import Recent
from rendering import kit
from rendering.age_of_steam.geometry import CASING, GOODS, map_size
from rendering.age_of_steam.sprites import draw_text, text_width
from rendering.age_of_steam.tag_space import (HARD, TAG_FONT, TAG_H, Box, Leader, TagField, draw_last_move_shape,
                                              far_box, free_box, leader_line, line_blocks, marker_discs, obstacle_mask,
                                              ring_boxes, tag_boxes)


@cache
def _name_tag(name: str, colour_name: str, size: int = TAG_FONT) -> Image.Image:
    """A city's name on a white tag outlined in the city's colour, led by a
    square of that colour with its letter (the colour is never told alone)."""
    fill = GOODS[colour_name]
    w = int(text_width(name, size, True)) + 8 + TAG_H
    tag = Image.new("RGBA", (w, TAG_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(tag)
    d.rounded_rectangle((0, 0, w - 1, TAG_H - 1), radius=4, fill=(255, 255, 255), outline=fill, width=2)
    d.rectangle((0, 0, TAG_H - 1, TAG_H - 1), fill=fill, outline=kit.INK, width=1)
    draw_text(tag, (TAG_H / 2, TAG_H / 2 + 1), COLOUR_LETTER[colour_name], 16, True, kit.text_colour_on(fill), "mm")
    draw_text(tag, (TAG_H + (w - TAG_H) / 2, TAG_H / 2), name, size, True, kit.INK, "mm")
    return tag


LayoutKey = tuple[tuple[str, ...], tuple[tuple[str, str, int], ...], tuple[tuple[str, str], ...],
                  tuple[tuple[int, int], ...], tuple[str, ...]]
_TAG_LAYOUTS: "Recent[LayoutKey, Plan]" = Recent(256)  # bounded: boards vary without end


def _layout_key(state: AgeOfSteamState, net: Network) -> LayoutKey:
    """What the tags' places depend on: the map and the hexes with a cube
    lying on them (St. Lucia), the tiles, the new cities, the
    locomotive markers and the last move's highlight (an auction or a pass
    leaves them as they were)."""
    tiles = tuple(sorted((label, e["tile"], e["rot"]) for label, e in state["board"].items()))
    markers = tuple(sorted((int(x), int(y)) for x, y, _r in marker_discs(state, net)))
    where = (state["map"], *sorted(state["map_cubes"]))
    return where, tiles, tuple(sorted(state["new_cities"].items())), markers, _last_move_key(state)


def _last_move_key(state: AgeOfSteamState) -> tuple[str, ...]:
    """What the last move's highlight covers: the hexes just built, or the
    route and pieces of the cube just moved."""
    last: dict[str, Any] = dict(state["last"] or {})
    if last.get("kind") == "build":
        return ("build", *sorted(set(last.get("where", []))))
    if last.get("kind") == "move":
        return ("move", *(str(n) for n in last.get("route", [])),
                *(f"{h}/{i}" for h, i in last.get("pieces", [])))
    return ()


TAG_SMALL = 15
"""The tag's font where the full-size tag finds no room off the track."""


def tag_names(state: AgeOfSteamState, label: str) -> list[tuple[str, int]]:
    """A city's tag texts and font sizes, widest first: a new city's name
    with its tile letter ("Toledo (D)"), then without it (the hex shows the
    letter), then in a smaller font."""
    full = city_name(state, label)
    short = board_of(state).towns[label] if label in state["new_cities"] else full
    return [(full, TAG_FONT)] + ([(short, TAG_FONT)] if short != full else []) + [(short, TAG_SMALL)]


def tag_layout(state: AgeOfSteamState, net: Network) -> list[tuple[Box, str, int]]:
    """Each city's tag box, text and font size, in the order of
    :func:`city_labels` (see :func:`tag_plan`)."""
    return list(tag_plan(state, net)[0])


def tag_leaders(state: AgeOfSteamState, net: Network) -> list[Leader | None]:
    """Each city's leader line (None for a tag beside its city), in the
    order of :func:`city_labels`."""
    return list(tag_plan(state, net)[1])


def _place_tag(field: TagField, state: AgeOfSteamState, label: str) -> tuple[Box, str, int, Leader | None] | None:
    """Where a city's tag goes: never over track, towns, cities, cubes,
    growth discs, markers, the last move, other tags or their leader lines
    (hard), and where it can, not over build costs or coordinates (soft).
    The first of: a free spot right beside the city (:func:`tag_boxes`),
    with the whole name, then without a new city's tile letter (the hex
    shows it); a free spot a little away (:func:`ring_boxes`) whose leader
    line is clear; the best spot anywhere (:func:`far_box`), weighing its
    distance against what soft it covers (the name without the tile letter
    where its leader line is :data:`SHORTER_LEADER` shorter); a smaller
    font beside the city.
    None when every one covers something hard."""
    colour = city_colour(state, label)
    names = tag_names(state, label)

    def beside(name: str, size: int) -> Box | None:
        boxes = tag_boxes(state["map"], label, _name_tag(name, colour, size).width)
        for box in field.candidates(boxes):
            if field.free(box):
                return box
        if size != TAG_FONT:  # a smaller tag may cover a cost or a coordinate
            for box in field.candidates(boxes, soft=True):
                if field.hard_free(box):
                    return box
        return None

    for name, size in names:
        if size == TAG_FONT and (box := beside(name, size)) is not None:
            return box, name, size, None
    for name, size in names:
        if size == TAG_FONT:
            for box in field.candidates(ring_boxes(state["map"], label, _name_tag(name, colour, size).width)):
                leader = leader_line(label, box)
                if field.free(box) and field.line_clear(leader):
                    return box, name, size, leader
    far: list[tuple[Box, str, int, Leader | None]] = []
    for name, size in names:
        if far and _leader_length(far[0][3]) <= SHORTER_LEADER:
            break  # no shorter name can come much nearer
        if size == TAG_FONT and (spot := far_box(field, label, _name_tag(name, colour, size).width)):
            far.append((spot[0], name, size, spot[1]))
    if far:  # the whole name, unless the name without the tile letter sits much nearer
        whole = far[0]
        return min(far, key=lambda s: _leader_length(s[3]) - (SHORTER_LEADER if s is whole else 0))
    for name, size in names:
        if size != TAG_FONT and (box := beside(name, size)) is not None:
            return box, name, size, None
    return None


SHORTER_LEADER = 24
"""How much shorter (in pixels) the leader line of a new city's tag without
its tile letter must be for that tag to be chosen over the whole name."""


def _leader_length(leader: Leader | None) -> float:
    return 0.0 if leader is None else math.dist(leader.start, leader.end)


def _least_covering(mask: Image.Image, state: AgeOfSteamState, label: str) -> tuple[Box, str, int]:
    """The tag beside its city covering least of what is hard, then of the
    rest (when no spot anywhere covers nothing hard)."""
    tries: list[tuple[tuple[int, int], Box, str, int]] = []
    for name, size in tag_names(state, label):
        box = free_box(mask, tag_boxes(state["map"], label, _name_tag(name, city_colour(state, label), size).width))
        counts = mask.crop((int(box[0]), int(box[1]), int(box[2]), int(box[3]))).histogram()
        tries.append(((counts[HARD], sum(counts[1:])), box, name, size))
    _cover, box, name, size = min(tries, key=lambda t: t[0])
    return box, name, size


Plan = tuple[tuple[tuple[Box, str, int], ...], tuple[Leader | None, ...]]
"""Each city's tag (box, text, size) and leader line, in the order of
:func:`city_labels` (tuples: plans are cached and shared by threads)."""


def _plan_in_order(field: TagField, state: AgeOfSteamState, order: Sequence[str]) -> tuple[Plan, list[str]]:
    """The tags placed one by one in ``order`` by :func:`_place_tag`, each
    marked for the next ones to keep off with its leader line; returned in
    the order of :func:`city_labels`, with the cities whose tag found no
    spot free of anything hard."""
    done: dict[str, tuple[Box, str, int, Leader | None]] = {}
    failed: list[str] = []
    for label in order:
        spot = _place_tag(field, state, label)
        if spot is None:
            failed.append(label)
            spot = (*_least_covering(field.mask, state, label), None)
        done[label] = spot
        field.mark(spot[0], spot[3])
    labels = city_labels(state)
    return (tuple(done[label][:3] for label in labels), tuple(done[label][3] for label in labels)), failed


def _crowded_first(field: TagField, state: AgeOfSteamState) -> list[str]:
    """The cities in the order their tags are placed: those with the fewest
    free spots right beside them first (they take those spots before their
    neighbours' tags do), else in the order of :func:`city_labels`."""
    labels = city_labels(state)
    if not labels:  # St. Lucia before its first new city
        return []
    spots = [tag_boxes(state["map"], label, _name_tag(tag_names(state, label)[-1][0], city_colour(state, label),
                                        TAG_FONT).width) for label in labels]
    free = field.sieve([box for boxes in spots for box in boxes]).tolist()
    room, at = {}, 0
    for label, boxes in zip(labels, spots):
        room[label] = sum(free[at:at + len(boxes)])
        at += len(boxes)
    return sorted(labels, key=room.__getitem__)


PLAN_TRIES = 4
"""How many orders :func:`tag_plan` tries before it settles for a tag that
covers something."""


def lay_out(state: AgeOfSteamState, net: Network, last: bool) -> Plan:
    """Every city's tag and leader line, placed crowded cities first
    (:func:`_crowded_first`); where a tag still found no free spot, placed
    again with that city first. Around the last move's highlight, or (not
    ``last``) as if there were none."""
    field = TagField(state["map"], obstacle_mask(state, net, last), line_blocks(state, net))
    order = _crowded_first(field, state)
    best: tuple[Plan, list[str]] | None = None
    for _ in range(PLAN_TRIES):
        plan, failed = _plan_in_order(field.fresh(), state, order)
        if best is None or len(failed) < len(best[1]):
            best = plan, failed
        if not failed:
            break
        order = failed + [label for label in order if label not in failed]
    assert best is not None
    return best[0]


def _last_move_mask(state: AgeOfSteamState, net: Network) -> Image.Image:
    mask = Image.new("L", map_size(state["map"]), 0)
    draw_last_move_shape(ImageDraw.Draw(mask), state, net)
    return mask


def _around_last_move(plan: Plan, state: AgeOfSteamState, net: Network) -> Plan:
    """``plan`` (laid out as if there were no last move) with the tags that
    cover the last move's highlight placed anew around it, the others kept;
    laid out anew (:func:`lay_out`) if one of them then finds no free spot."""
    highlight = _last_move_mask(state, net)
    labels = city_labels(state)
    (placed, leaders) = plan
    moved = [label for label, (b, _n, _s) in zip(labels, placed)
             if highlight.crop((int(b[0]), int(b[1]), int(b[2]), int(b[3]))).getbbox() is not None]
    if not moved:
        return plan
    field = TagField(state["map"], obstacle_mask(state, net), line_blocks(state, net))
    done: dict[str, tuple[Box, str, int, Leader | None]] = {}
    for label, (box, name, size), leader in zip(labels, placed, leaders):
        if label not in moved:
            done[label] = box, name, size, leader
            field.mark(box, leader)
    for label in moved:
        spot = _place_tag(field, state, label)
        if spot is None:
            return lay_out(state, net, last=True)
        done[label] = spot
        field.mark(spot[0], spot[3])
    return tuple(done[label][:3] for label in labels), tuple(done[label][3] for label in labels)


_LAST_PLAN: list[tuple[AgeOfSteamState, Network, Plan]] = []
"""The plan of the board drawn last (held with it, so a render asks once)."""


def tag_plan(state: AgeOfSteamState, net: Network) -> Plan:
    """Every city's tag and leader line: laid out as if there were no last
    move (:func:`lay_out`), then only the tags that cover its highlight
    (the hexes just built, or the route just taken) placed anew around it
    (:func:`_around_last_move`), so the last move moves few tags. Kept for
    the next boards with the same track, new cities, markers and last move."""
    for held_state, held_net, held in _LAST_PLAN[:1]:  # one read: another thread may replace it
        if held_state is state and held_net is net:
            return held
    plan = _keyed_plan(state, net)
    _LAST_PLAN[:] = [(state, net, plan)]
    return plan


def _keyed_plan(state: AgeOfSteamState, net: Network) -> Plan:
    """The plan for the board's layout key (see :func:`tag_plan`)."""
    key = _layout_key(state, net)
    bare: LayoutKey = (key[0], key[1], key[2], key[3], ())

    def made() -> Plan:
        plan = _TAG_LAYOUTS.get(bare, lambda: lay_out(state, net, last=False))
        return plan if key == bare else _around_last_move(plan, state, net)
    return _TAG_LAYOUTS.get(key, made)


def city_labels(state: AgeOfSteamState) -> list[str]:
    return list(board_of(state).cities) + list(state["new_cities"])


LEADER_INK = kit.INK


def draw_city_names(image: Image.Image, state: AgeOfSteamState, net: Network) -> list[Box]:
    """Every city's name tag where :func:`tag_layout` places it, a tag away
    from its city pointing at it with a leader line (dark, 2 px, on a light
    casing, a dot at the city's edge); returns the boxes used."""
    placed = tag_layout(state, net)
    leaders = tag_leaders(state, net)
    draw = ImageDraw.Draw(image)
    for leader in leaders:
        if leader is not None:
            draw.line(leader, fill=CASING, width=4)
    for leader in leaders:
        if leader is not None:
            draw.line(leader, fill=LEADER_INK, width=2)
            x, y = leader.end
            draw.ellipse((x - 3.5, y - 3.5, x + 3.5, y + 3.5), fill=LEADER_INK, outline=CASING, width=1)
    for label, (box, name, size) in zip(city_labels(state), placed):
        tag = _name_tag(name, city_colour(state, label), size)
        image.paste(tag, (int(box[0]), int(box[1])), tag)
    return [box for box, _name, _size in placed]
