"""The island maps' boards (Barbados, St. Lucia): the sea drawn as sea to
the image's edges with the coast marked, the cubes lying on St. Lucia's
hexes (never under a name tag), Barbados' light-side display only and its
blocked actions with what reopens them, St. Lucia's priority and who paid."""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image

from games.age_of_steam import GAME
from games.age_of_steam.hexmap import board
from games.age_of_steam.state import typed
from games.age_of_steam.track import network
from games.core import resolve_chance, secret_from_seed
from rendering import kit
from rendering.age_of_steam import render, render_full
from rendering.age_of_steam.geometry import GOODS, SIZE, TERRAIN, hex_centre, map_cube_box, map_size
from rendering.age_of_steam.island_panel import (ISLAND_W, blocked_line, draw_light_display, priority_lines)
from rendering.age_of_steam.map_base import SEA_INK
from rendering.age_of_steam.tags import tag_layout


def started(game_map: str, players: list[str], seed: int = 3) -> dict[str, Any]:
    state, _chance = resolve_chance(GAME, GAME.new(players, {"map": game_map}), secret_from_seed(seed))
    return state


def chat(state: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(render(state, None))).convert("RGB")


def close(a: tuple[int, ...], b: tuple[int, ...], within: int = 30) -> bool:
    return math.dist(a, b) <= within


def on_chat(state: dict[str, Any], x: float, y: float) -> tuple[int, int]:
    """A point of the island's map where the chat image shows it (centred on the sea)."""
    return int(x + (ISLAND_W - map_size(state["map"])[0]) // 2), int(y)


def test_barbados_sea_reaches_the_image_edges_and_the_island_is_land() -> None:
    state = started("barbados", ["ann"])
    image = chat(state)
    map_h = map_size("barbados")[1]
    assert image.width == ISLAND_W
    for point in ((3, 200), (ISLAND_W - 3, 400), on_chat(state, *hex_centre("H1")), on_chat(state, *hex_centre("G3"))):
        assert close(image.getpixel(point), TERRAIN["lake"]), point  # off the island: sea
    for label in ("A6", "G7"):  # plain hexes of the island, no tag near
        cx, cy = hex_centre(label)
        assert close(image.getpixel(on_chat(state, cx + SIZE - 6, cy)), TERRAIN[board("barbados").hexes[label].terrain])
    assert image.getpixel((ISLAND_W // 2, map_h + 40)) != TERRAIN["lake"]  # the panel below is no sea


def test_the_coast_is_marked_between_land_and_sea() -> None:
    state = started("barbados", ["ann"])
    image = chat(state)
    cx, cy = hex_centre("C9")  # plain on the south coast: its neighbour C10 is sea
    assert board("barbados").hexes["C10"].terrain == "lake"
    side = board("barbados").neighbours["C9"].index("C10")
    edge = kit.hex_edge_midpoint(cx, cy, SIZE, side, flat_top=True)
    assert close(image.getpixel(on_chat(state, *edge)), SEA_INK, 40)
    inland = kit.hex_edge_midpoint(*hex_centre("B5"), SIZE, 2, flat_top=True)
    assert not close(image.getpixel(on_chat(state, *inland)), SEA_INK, 40)


def test_barbados_draws_only_the_light_side_of_the_display() -> None:
    state = started("barbados", ["ann"])
    state["display"]["light"] = [["red", None, None] for _ in range(6)]
    state["display"]["dark"] = [["blue", "blue", "blue"] for _ in range(6)]
    state["display"]["new"] = {letter: ["yellow", None] for letter in "ABC"} | {"D": ["purple", None]}
    image, draw = kit.new_canvas(400, 120)
    draw_light_display(image, draw, typed(state), 0, 0)
    top_box = (3 + 2 + 4, 24 + 2 + 4)
    assert close(image.getpixel(top_box), GOODS["red"])
    tenth = 9 * 30 + 10 + 5  # column D, the tenth and last drawn
    assert close(image.getpixel((tenth + 4, 24 + 2 + 4)), GOODS["purple"])
    assert image.getpixel((10 * 30 + 10 + 10, 40)) == kit.BACKGROUND  # no eleventh column: no dark side
    blue = sum(close(image.getpixel((x, y)), GOODS["blue"], 10) for x in range(0, 400, 2) for y in range(0, 120, 2))
    assert blue == 0  # the dark side's blue cubes are nowhere


def test_barbados_blocked_actions_say_what_reopens_them_and_show_in_the_chat_image() -> None:
    state = started("barbados", ["ann"])
    open_image = chat(state)
    state["blocked"] = ["locomotive", "engineer"]
    assert blocked_line(typed(state)) == ("Blocked: Locomotive, Engineer, open again once Urbanization and "
                                          "Production are taken.")
    assert chat(state).tobytes() != open_image.tobytes()
    state["blocked"] = []
    assert blocked_line(typed(state)) == ""


def test_a_st_lucia_cube_is_drawn_on_its_hex() -> None:
    state = started("st-lucia", ["ann", "bob"])
    assert len(state["map_cubes"]) == 38
    label = "C5"
    state["map_cubes"][label] = "red"
    left, top, _right, _bottom = map_cube_box(label)
    inside = on_chat(state, left + 3, top + 3)
    assert close(chat(state).getpixel(inside), GOODS["red"])
    del state["map_cubes"][label]
    assert close(chat(state).getpixel(inside), TERRAIN[board("st-lucia").hexes[label].terrain])


def test_st_lucia_tags_never_cover_a_cube_on_the_map() -> None:
    state = started("st-lucia", ["ann", "bob"])
    for town, letter in (("D5", "C"), ("A6", "A"), ("C3", "B")):  # cities among the cubes
        state["new_cities"][town] = letter
    st = typed(state)
    boxes = [box for box, _name, _size in tag_layout(st, network(st))]
    assert len(boxes) == 3
    for label in st["map_cubes"]:
        cube = map_cube_box(label)
        for box in boxes:
            assert box[2] <= cube[0] or box[0] >= cube[2] or box[3] <= cube[1] or box[1] >= cube[3], (label, box)


def test_st_lucia_says_who_holds_the_priority_why_and_who_paid() -> None:
    state = started("st-lucia", ["ann", "bob"])
    state.update(round=3, phase="actions", first_player=0, priority=1, paid_first=1, priority_next=0)
    assert priority_lines(typed(state)) == [
        "Priority in turn 3: bob (Turn Order).", "bob paid $5 to go first.",
        "ann took Turn Order: the priority in next turn's player order."]
    state.update(priority=0, paid_first=None, priority_next=None)
    assert priority_lines(typed(state)) == ["Priority in turn 3: ann (alternation).",
                                            "No one paid: ann goes first for free."]
    assert priority_lines(typed(started("barbados", ["ann"]))) == []


def test_the_full_boards_of_the_islands_hold_their_map_and_panel() -> None:
    for game_map, players in (("barbados", ["ann"]), ("st-lucia", ["ann", "bob"])):
        state = started(game_map, players)
        image = Image.open(io.BytesIO(render_full(state, None))).convert("RGB")
        map_w, map_h = map_size(game_map)
        assert image.width == map_w + 500 and image.height >= map_h
        assert close(image.getpixel((3, 200)), TERRAIN["lake"])
