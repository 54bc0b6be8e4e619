"""Age of Steam board image: what the post after a move must show."""

from __future__ import annotations

import io
import math

from PIL import Image, ImageChops

from aos_helpers import act, at_build, at_move, delivery_ready, take_tiles, tile
from games.age_of_steam.state import typed
from games.age_of_steam.track import network
from rendering import kit
from rendering.age_of_steam import render
from rendering.age_of_steam.geometry import APOTHEM, CASING, MAP_H, MAP_W, SIZE, UNOWNED, hex_centre
from rendering.age_of_steam.sprites import PIECE


def pixels(state: dict) -> Image.Image:
    png = render(state, None)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) <= 400 * 1024
    return Image.open(io.BytesIO(png)).convert("RGB")


def near_corner(label: str) -> tuple[int, int]:
    """A point just inside the hex's east corner, where no track runs."""
    cx, cy = hex_centre(label)
    return int(cx + SIZE - 4), int(cy)


def beside_exit(label: str, edge: int, offset: float) -> tuple[int, int]:
    """A point half-way from the centre to ``edge``, ``offset`` pixels to the side."""
    cx, cy = hex_centre(label)
    angle = math.radians(-90 + 60 * edge)
    mx, my = cx + SIZE * 0.4 * math.cos(angle), cy + SIZE * 0.4 * math.sin(angle)
    return int(mx - offset * math.sin(angle)), int(my + offset * math.cos(angle))


def highlighted(image: Image.Image, point: tuple[int, int], reach: int = 6) -> bool:
    """Whether the last-move form (white band with black edges and dashes)
    runs within ``reach`` pixels of ``point``: both its colours are there
    (no other mark of the board is pure black)."""
    x, y = point
    seen = {image.getpixel((x + dx, y + dy)) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)}
    return kit.HIGHLIGHT in seen and kit.HIGHLIGHT_DASH in seen


def test_the_post_after_a_build_rings_the_tiles_just_placed_in_the_highlight_form() -> None:
    state = at_build(3, cash=20)
    state = act(state, 0, "build G7 straight.1")
    state = act(state, 0, "build F7 town1.1")
    image = pixels(state)
    assert highlighted(image, near_corner("G7"))
    assert highlighted(image, near_corner("F7"))
    assert not highlighted(image, near_corner("C4"))  # an untouched hex


def _delivery_ready() -> dict:
    """ann can deliver the blue cube of Indianapolis (J10) to Cincinnati (M9)."""
    return delivery_ready({"N9": tile("gentle", 5, 2)})


def test_the_post_after_a_delivery_draws_the_route_the_cube_took() -> None:
    state = _delivery_ready()
    spot = beside_exit("K9", 3, 8)  # beside the Indianapolis exit towards Evansville's link
    unused = beside_exit("N9", 3, 8)  # beside cid's unfinished track, not on the route
    before = pixels(state)
    assert not highlighted(before, spot)
    state = act(state, 0, "move J10-blue NE.K9-SE.M9")
    after = pixels(state)
    assert highlighted(after, spot)
    assert not highlighted(after, unused)
    assert highlighted(after, near_corner("M9"))  # the destination, Cincinnati


def test_a_delivered_cube_is_not_drawn_at_its_destination_city_after_the_delivery() -> None:
    state = act(_delivery_ready(), 0, "move J10-blue NE.K9-SE.M9")
    for seat in (1, 2, 0, 1, 2):   # both rounds end: the next step begins, the route is still shown
        state = act(state, seat, "pass")
    assert state["phase"] in ("production", "growth") and state["last"]["colour"] == "blue"
    assert "blue" not in state["cubes"].get("M9", [])
    recoloured = {**state, "last": {**state["last"], "colour": "red"}}
    box = (0, 0, MAP_W, MAP_H)  # the map; the panel's notes name the colour
    assert ImageChops.difference(pixels(state).crop(box), pixels(recoloured).crop(box)).getbbox() is None


def test_the_panel_notes_the_production_cubes_still_to_place() -> None:
    from games.age_of_steam.phases import PRODUCTION
    from games.age_of_steam.track import network
    from games.core import CHANCE
    from rendering.age_of_steam.side_panel import panel_notes
    state = at_move(3)
    state["action"] = [None, "production", None]
    for cube in state["display"]["light"][0]:
        state["bag"][cube] += 1
    state["display"]["light"][0] = [None, None, None]
    PRODUCTION.begin(state)
    state = act(act(state, CHANCE, "produce RB"), 1, "produce red L1 3")
    assert "Production: bob places blue, each in an empty box (box 1 at the top goes out first)." \
        in panel_notes(state, network(state))
    pixels(state)


def _along(image: Image.Image, label: str, piece: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """The colours on the centre line of a piece of track on ``label``."""
    from rendering.age_of_steam.geometry import piece_points
    cx, cy = hex_centre(label)
    ox, oy = round(cx - PIECE / 2), round(cy - PIECE / 2)  # where the sprite is pasted
    pts = piece_points(piece, PIECE / 2, PIECE / 2, 40)
    return [image.getpixel((int(ox + x), int(oy + y))) for x, y in pts[4:-4]]


def test_a_completed_link_is_solid_in_its_owners_colour_and_unfinished_track_dashed() -> None:
    from games.age_of_steam.track import pieces
    state = typed(_delivery_ready())  # K10: ann's piece of a completed link; N9: cid's unfinished track
    image = pixels(dict(state))
    solid = _along(image, "K10", pieces(state, "K10")[0])
    assert solid.count(kit.player_colour(0)) >= 0.9 * len(solid)
    dashed = _along(image, "N9", pieces(state, "N9")[0])
    cid = kit.player_colour(2)
    assert dashed.count(cid) >= 0.3 * len(dashed) and dashed.count(CASING) >= 0.2 * len(dashed)


def test_unowned_track_is_dashed_grey() -> None:
    from games.age_of_steam.track import pieces
    state = at_build(3, cash=20, built=True)
    state["board"] = {"C4": tile("straight", 0, None)}
    take_tiles(state)
    line = _along(pixels(state), "C4", pieces(typed(state), "C4")[0])
    assert line.count(UNOWNED) >= 0.3 * len(line) and line.count(CASING) >= 0.2 * len(line)


def test_track_runs_on_a_light_casing_outside_its_ink_edge() -> None:
    state = at_build(3, cash=20, built=True)
    state["board"] = {"G7": tile("straight", 0, 1)}
    take_tiles(state)
    image = pixels(state)
    cx, cy = hex_centre("G7")
    x = round(cx - PIECE / 2) + PIECE // 2  # the vertical straight's centre column
    y = int(cy) + 10
    assert image.getpixel((x, y)) == kit.player_colour(1)
    assert image.getpixel((x + 5, y)) == kit.INK and image.getpixel((x - 5, y)) == kit.INK
    assert image.getpixel((x + 7, y)) == CASING and image.getpixel((x - 7, y)) == CASING


def test_a_completed_link_carries_its_owners_marker() -> None:
    """bob's link K9-L9-M9 shows his marker (a sky-blue square with B) on its
    middle piece, drawn whole."""
    from games.age_of_steam.track import pieces
    from rendering.age_of_steam.geometry import piece_points
    from rendering.age_of_steam.sprites import marker_sprite
    state = typed(_delivery_ready())
    image = pixels(dict(state))
    net = network(state)
    link = next(s for s in net.sections if s.owner == 1 and s.complete)
    label, i = link.paths[len(link.paths) // 2]
    cx, cy = hex_centre(label)
    pts = piece_points(pieces(state, label)[i], cx, cy)
    x, y = pts[len(pts) // 2]
    sprite = marker_sprite(1, "B", 8)
    left, top = int(round(x - sprite.width / 2)), int(round(y - sprite.height / 2))
    solid = [(px, py) for px in range(sprite.width) for py in range(sprite.height)
             if sprite.getpixel((px, py))[3] == 255]
    assert solid
    matching = sum(1 for px, py in solid if image.getpixel((left + px, top + py)) == sprite.getpixel((px, py))[:3])
    assert matching >= 0.8 * len(solid)


def test_the_growth_number_is_on_a_white_disc_for_a_light_city_and_a_black_disc_for_a_dark_one() -> None:
    image = pixels(at_build(3))
    for label, fill in (("H6", (255, 255, 255)), ("M9", kit.INK)):  # Chicago light 1, Cincinnati dark 2
        cx, cy = hex_centre(label)
        assert image.getpixel((int(cx) - 5, int(cy) - 17)) == fill, label


def test_a_fifth_and_sixth_cube_stay_inside_the_city_hex() -> None:
    state = at_build(3)
    state["cubes"]["H6"] = ["red"] * 4
    four = pixels(state).crop((0, 0, MAP_W, MAP_H))
    state["cubes"]["H6"] = ["red"] * 4 + ["blue", "yellow"]
    six = pixels(state).crop((0, 0, MAP_W, MAP_H))
    changed = ImageChops.difference(four, six).getbbox()
    assert changed is not None
    cx, cy = hex_centre("H6")
    assert changed[1] >= cy - APOTHEM and changed[3] <= cy + APOTHEM
    assert changed[0] >= cx - SIZE and changed[2] <= cx + SIZE


def test_empty_river_mountain_and_town_hexes_show_their_build_cost() -> None:
    from rendering.age_of_steam.map_base import build_cost_text
    state = typed(at_build(3, cash=20))
    assert build_cost_text(state, "C4") == "$3"  # river: $2 + $1
    assert build_cost_text(state, "O11") == "$4"  # mountain: $2 + $2
    assert build_cost_text(state, "E4") == "$2+"  # town: $1 + $1 per exit
    assert build_cost_text(state, "B5") == ""  # plain: the usual $2
    assert build_cost_text(state, "H6") == ""  # a city
    image = pixels(dict(state))
    cx, cy = hex_centre("C4")
    below = image.crop((int(cx) - 14, int(cy) + 12, int(cx) + 14, int(cy) + 26))
    assert kit.INK in {c for _n, c in below.getcolors(1 << 16) or []}
    state["board"] = {"C4": tile("straight", 1, None)}
    assert build_cost_text(state, "C4") == ""  # built: no cost shown
    assert _cost_ink(pixels(dict(state)), "C4") < 0.5 < _cost_ink(image, "C4") == 1.0  # gone from the board


def _cost_ink(image: Image.Image, label: str) -> float:
    """The share of the solid pixels of a hex's cost text ("$3") that are ink
    in ``image``."""
    from rendering.age_of_steam.map_base import cost_at
    from rendering.age_of_steam.sprites import text_mask
    mask, left, top = text_mask("$3", 14, True, "mm")
    x, y = (int(round(v)) for v in cost_at(label))
    solid = [(i, j) for j in range(mask.height) for i in range(mask.width) if mask.getpixel((i, j)) == 255]
    return sum(image.getpixel((x + left + i, y + top + j)) == kit.INK for i, j in solid) / len(solid)


def test_a_city_name_tag_moves_off_track_next_to_its_city() -> None:
    from rendering.age_of_steam.tag_space import covered_pixels, obstacle_mask
    from rendering.age_of_steam.tags import draw_city_names
    state = typed(at_build(3, cash=20, built=True))
    state["board"] = {"H5": tile("straight", 1, 0), "G5": tile("straight", 1, 0)}  # above Chicago
    take_tiles(state)
    net = network(state)
    boxes = draw_city_names(Image.new("RGB", (MAP_W, MAP_H)), state, net)
    mask = obstacle_mask(state, net)
    for box in boxes:
        assert covered_pixels(mask, box) == 0, box


def test_the_delivery_route_ends_in_an_arrow_at_the_destination_city() -> None:
    from rendering.age_of_steam.route import route_lines
    state = typed(act(_delivery_ready(), 0, "move J10-blue NE.K9-SE.M9"))
    lines = route_lines(state, network(state), dict(state["last"] or {}))
    assert len(lines) == 2  # two links
    assert abs(math.dist(lines[0][0], hex_centre("J10")) - APOTHEM) < 1
    assert abs(math.dist(lines[-1][-1], hex_centre("M9")) - APOTHEM) < 1
    assert math.dist(lines[0][-1], hex_centre("K9")) < 1  # into the town's centre


def test_the_chat_names_the_links_a_delivery_paid_per_owner() -> None:
    from rendering.age_of_steam.panel_text import chat_last_lines
    state = typed(act(_delivery_ready(), 0, "move J10-blue NE.K9-SE.M9"))
    line = chat_last_lines(state, network(state))[-1]
    assert line.endswith(": +1 ann, +1 bob"), line


def test_the_panel_warns_of_lost_income_and_elimination_at_the_coming_expenses() -> None:
    from games.age_of_steam.projection import outlook
    from rendering.age_of_steam.panel_text import warning
    state = typed(at_move(3))
    state.update(cash=[0, 0, 20], income=[1, 5, 3], shares=[6, 5, 2], engine=[1, 1, 1])
    net = network(state)
    notes = [warning(state, s, outlook(state, s, net)) for s in range(3)]
    assert notes == ["! goes out", "! income -1", ""]


def test_a_long_player_name_is_cut_in_pixels_to_its_column_and_keeps_its_mark() -> None:
    from rendering.age_of_steam.panel_text import player_cell
    bold, plain = kit.font(22, True), kit.font(16)
    cell = player_cell("Wilhelmina Montgomery", " (you)", 150, 22, True)
    assert cell.startswith("Wil") and cell.endswith(kit.ELLIPSIS + " (you)"), cell
    assert bold.getlength(cell) <= 150 - 8
    assert player_cell("ann", " (you)", 150, 22, True) == "ann (you)"
    wide = player_cell("WWWWWWWWW", "*", 92, 16)  # nine wide letters: more than the column holds
    assert wide.endswith(kit.ELLIPSIS + "*") and plain.getlength(wide) <= 92 - 8, wide
    assert player_cell("iiiiiiiiiiiiii", "*", 92, 16) == "iiiiiiiiiiiiii*"  # narrow letters: more than nine fit


def test_the_chat_image_frames_the_row_of_the_player_whose_turn_it_is() -> None:
    from rendering.age_of_steam.geometry import TURN_FILL
    from rendering.age_of_steam.panel_text import due_seats
    state = at_build(3, cash=20)
    assert due_seats(typed(state)) == [0]
    image = pixels(state)
    panel = image.crop((0, MAP_H, image.width, image.height))
    fills = [y for y in range(panel.height) if panel.getpixel((panel.width // 2, y)) == TURN_FILL]
    assert fills and max(fills) - min(fills) < 40  # one row


def test_the_fixed_palette_keeps_every_flat_colour_of_the_board_exact() -> None:
    from rendering.age_of_steam.palette import board_palette, key_colours
    keys = key_colours()
    strip = Image.new("RGB", (len(keys), 1))
    for i, colour in enumerate(keys):
        strip.putpixel((i, 0), colour)
    mapped = strip.quantize(palette=board_palette(), dither=Image.Dither.NONE).convert("RGB")
    assert [mapped.getpixel((i, 0)) for i in range(len(keys))] == keys


def test_a_crowded_tag_covers_a_build_cost_rather_than_track() -> None:
    from PIL import Image, ImageDraw

    from rendering.age_of_steam.tag_space import HARD, SOFT, free_box

    mask = Image.new("L", (200, 100), 0)
    d = ImageDraw.Draw(mask)
    d.rectangle((0, 0, 49, 49), fill=HARD)    # track under the first spot
    d.rectangle((60, 0, 109, 49), fill=SOFT)  # a build cost under the second
    d.rectangle((120, 0, 121, 1), fill=HARD)  # a corner of track under the third
    spots = [(0.0, 0.0, 50.0, 50.0), (60.0, 0.0, 110.0, 50.0), (120.0, 0.0, 170.0, 50.0)]
    assert free_box(mask, spots) == spots[1]
    d.rectangle((60, 0, 109, 49), fill=0)
    assert free_box(mask, spots) == spots[1]  # now free: taken at once


def test_a_crowded_tag_drops_a_new_citys_tile_letter_then_shrinks_but_keeps_the_name() -> None:
    from games.age_of_steam.hexmap import board
    from rendering.age_of_steam.tag_space import TAG_FONT
    from rendering.age_of_steam.tags import TAG_SMALL, tag_names

    state = typed(at_build(3))
    label = sorted(board().towns)[0]
    state["new_cities"] = {label: "D"}
    town = board().towns[label]
    assert tag_names(state, label) == [(f"{town} ({state['new_cities'][label]})", TAG_FONT), (town, TAG_FONT),
                                       (town, TAG_SMALL)]
    printed = next(iter(board().cities))
    assert [name for name, _size in tag_names(state, printed)] == [board().cities[printed].name] * 2


def _boxed_in(city: str) -> dict:
    """A board with unowned crossings on every land hex within two of
    ``city``: no spot beside it, nor in the rings around it, is off the track."""
    from games.age_of_steam.hexmap import board, hex_distance

    b = board()
    state = typed(at_build(3, cash=20, built=True))
    state["board"] = {label: tile("x", 0, None, None) for label, mh in b.hexes.items()
                      if 1 <= hex_distance(label, city) <= 2 and label not in b.cities and label not in b.towns
                      and mh.terrain != "lake"}
    take_tiles(state)
    return state


def _hard_under_tags(state: dict) -> dict[str, int]:
    """Each city's count of pixels under its tag that a tag must never
    cover: track, towns, cities, markers, the last move, and the tags
    placed before it (as the obstacle mask marks them)."""
    from PIL import ImageDraw

    from rendering.age_of_steam.tag_space import HARD, obstacle_mask
    from rendering.age_of_steam.tags import city_labels, tag_layout

    st = typed(state)
    net = network(st)
    mask = obstacle_mask(st, net)
    draw = ImageDraw.Draw(mask)
    out = {}
    for label, (box, _name, _size) in zip(city_labels(st), tag_layout(st, net)):
        out[label] = mask.crop(tuple(int(v) for v in box)).histogram()[HARD]
        draw.rectangle(box, fill=HARD)
    return out


def test_a_tag_boxed_in_by_track_goes_farther_out_and_covers_no_track() -> None:
    state = _boxed_in("C8")  # Des Moines
    hard = _hard_under_tags(state)
    assert hard["C8"] == 0
    assert sum(hard.values()) == 0, {label: n for label, n in hard.items() if n}


def test_a_boxed_in_tag_keeps_its_whole_name_in_the_full_font() -> None:
    from rendering.age_of_steam.tag_space import TAG_FONT
    from rendering.age_of_steam.tags import city_labels, tag_layout

    st = typed(_boxed_in("C8"))  # Des Moines
    placed = dict(zip(city_labels(st), tag_layout(st, network(st))))
    assert placed["C8"][1:] == ("Des Moines", TAG_FONT)


def test_a_leader_line_points_from_a_tag_away_from_its_city_and_from_no_other() -> None:
    from rendering.age_of_steam.tags import city_labels, tag_layout, tag_leaders

    st = typed(_boxed_in("C8"))
    net = network(st)
    labels = city_labels(st)
    leaders = dict(zip(labels, tag_leaders(st, net)))
    boxes = dict(zip(labels, (box for box, _name, _size in tag_layout(st, net))))
    assert [label for label, leader in leaders.items() if leader is not None] == ["C8"]
    leader = leaders["C8"]
    assert leader is not None
    x0, y0, x1, y1 = boxes["C8"]
    assert x0 <= leader.start[0] <= x1 and y0 <= leader.start[1] <= y1  # from the tag's edge
    assert leader.start[0] in (x0, x1) or leader.start[1] in (y0, y1)
    assert APOTHEM - 3 <= math.dist(leader.end, hex_centre("C8")) <= SIZE  # to the city's edge
    image = pixels(_boxed_in("C8"))
    (sx, sy), (ex, ey) = leader
    for t in (0.2, 0.35, 0.5, 0.65, 0.8):  # the line is dark all along, over track or not
        assert image.getpixel((round(sx + (ex - sx) * t), round(sy + (ey - sy) * t))) == kit.INK


def test_a_tag_right_beside_its_city_has_no_leader_line_and_one_farther_out_has() -> None:
    from rendering.age_of_steam.tag_space import TAG_H, leader_line, tag_boxes

    cx, cy = hex_centre("H6")
    for box in tag_boxes("rust-belt", "H6", 120):
        assert leader_line("H6", box) is None
    away = (cx - 60, cy - APOTHEM - 40 - TAG_H, cx + 60, cy - APOTHEM - 40)
    leader = leader_line("H6", away)
    assert leader is not None and leader.start == (cx, cy - APOTHEM - 40)
    assert abs(math.dist(leader.end, (cx, cy)) - (APOTHEM - 2 * math.sqrt(3) / 2)) < 1


def test_no_tag_covers_the_route_of_the_cube_just_delivered() -> None:
    from PIL import ImageDraw

    from rendering.age_of_steam.route import draw_arrowhead, draw_route
    from rendering.age_of_steam.tags import tag_layout

    state = typed(act(_delivery_ready(), 0, "move J10-blue NE.K9-SE.M9"))
    net = network(state)
    drawn = Image.new("RGB", (MAP_W, MAP_H), (0, 0, 0))
    draw = ImageDraw.Draw(drawn)
    draw_route(draw, state, net, dict(state["last"] or {}))
    draw_arrowhead(draw, state, net, dict(state["last"] or {}))
    assert drawn.getbbox() is not None
    for box, name, _size in tag_layout(state, network(state)):
        assert drawn.crop(tuple(int(v) for v in box)).getbbox() is None, name


def test_a_delivery_leaves_the_tags_of_the_cities_on_its_route_in_place() -> None:
    from rendering.age_of_steam.tags import city_labels, tag_layout

    before = typed(_delivery_ready())
    after = typed(act(_delivery_ready(), 0, "move J10-blue NE.K9-SE.M9"))
    where = [dict(zip(city_labels(st), tag_layout(st, network(st)))) for st in (before, after)]
    assert where[0]["J10"] == where[1]["J10"] and where[0]["M9"] == where[1]["M9"]


def test_a_tag_sent_away_from_its_city_goes_over_the_lake_rather_than_land() -> None:
    from PIL import ImageDraw

    from games.age_of_steam.hexmap import board
    from rendering.age_of_steam.tag_space import HARD, TagField, far_box, line_blocks, obstacle_mask

    st = typed(at_build(3))
    net = network(st)
    mask = obstacle_mask(st, net)
    cx, cy = hex_centre("H6")  # Chicago, on the shore of Lake Michigan
    ImageDraw.Draw(mask).ellipse((cx - 80, cy - 80, cx + 80, cy + 80), fill=HARD)  # no room near it
    spot = far_box(TagField("rust-belt", mask, line_blocks(st, net)), "H6", 120)
    assert spot is not None and spot[1] is not None  # away, with a leader line
    lake = Image.new("L", (MAP_W, MAP_H), 0)
    for label, mh in board().hexes.items():
        if mh.terrain == "lake":
            ImageDraw.Draw(lake).polygon(kit.hex_corners(*hex_centre(label), SIZE + 1, flat_top=True), fill=255)
    box = tuple(int(v) for v in spot[0])
    over_lake = lake.crop(box).histogram()[255]
    assert over_lake >= 0.5 * (box[2] - box[0]) * (box[3] - box[1]), box  # mostly: it leans on the shore


def test_no_tag_covers_the_ring_around_the_hex_just_built_and_only_that_tag_moves() -> None:
    from PIL import ImageDraw

    from rendering.age_of_steam.route import draw_last_build
    from rendering.age_of_steam.tags import city_labels, tag_layout

    before = typed(at_build(3, cash=20))
    after = typed(act(before, 0, "build C3 straight.1"))  # beside Minneapolis (B3)
    drawn = Image.new("RGB", (MAP_W, MAP_H), (0, 0, 0))
    draw_last_build(ImageDraw.Draw(drawn), dict(after["last"] or {}))
    tags = [dict(zip(city_labels(st), tag_layout(st, network(st)))) for st in (before, after)]
    for box, name, _size in tags[1].values():
        assert drawn.crop(tuple(int(v) for v in box)).getbbox() is None, name
    assert [label for label in tags[0] if tags[0][label] != tags[1][label]] == ["B3"]
