"""String Railway's pictures: the board's last-move form and cards, and the
panel's pictures for placing a station and choosing a string."""

from __future__ import annotations

import math
from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from games.core import CHANCE, State
from games.string_railway import GAME, board, phases
from rendering import kit
from rendering import string_railway as sr
from rendering.string_railway import panel
from tests.string_railway.string_railway_fixtures import cell, lay, put, string_turn, table

B2 = cell(3, 3)        # company 0's home (NW corner)
AM2 = cell(77, 3)      # company 1's home (NE corner)


def placing() -> State:
    """Company 0 (seat 0) has drawn two stations and places the first."""
    state = GAME.apply(table(), CHANCE, "draw 1").state
    state = GAME.apply(state, CHANCE, "draw 2").state
    assert state["phase"] == "place" and state["current"] == 0
    return state


def image(png: bytes | None) -> Image.Image:
    assert png is not None
    with Image.open(BytesIO(png)) as shown:
        return shown.convert("RGB")


def rgb(shown: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y), rounded to the pixel."""
    r, g, b = shown.getpixel((round(x), round(y)))  # type: ignore[misc]
    return int(r), int(g), int(b)


def near(pixel: Any, colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(int(a) - b) <= tolerance for a, b in zip(pixel, colour))


# -- placing a station from a phone -------------------------------------------

def test_the_blocks_are_numbered_in_the_panels_order() -> None:
    state = placing()
    panel = [o.token for o in GAME.options_at(state, 0, [])]
    assert [name for name, _cells in sr.block_choices(state)] == panel
    shown = image(sr.step_picture(state, 0, []))
    assert near(shown.getpixel((2, 2)), kit.PREVIEW_FILL, 4)  # it says it is not played yet


def test_the_block_picture_numbers_its_legal_cells_in_button_order_and_veils_the_others() -> None:
    state = placing()
    block = GAME.options_at(state, 0, [])[0].token
    buttons = [o.token for o in GAME.options_at(state, 0, [block])]
    assert dict(sr.block_choices(state))[block] == buttons
    shown = image(sr.step_picture(state, 0, [block]))
    banner = shown.height - sr.BLOCK_PICTURE
    boxes = sr.block_cell_boxes(block)
    assert shown.width == sr.BLOCK_PICTURE and len(boxes) == 25
    assert set(buttons) < set(boxes), "the first block near the home holds cells the station can't take"
    for name, (left, top, _right, _bottom) in boxes.items():
        corner = rgb(shown, left + 12, top + banner + 12)
        if name in buttons:
            assert near(corner, (255, 255, 255)), f"{name}: the numbered tile is missing ({corner})"
        else:
            assert sum(corner) < 3 * 200, f"{name}: a cell the station can't take is not veiled ({corner})"


def test_the_placing_labels_carry_the_pictures_numbers() -> None:
    state = placing()
    blocks = GAME.options_at(state, 0, [])
    assert [o.label.split(". ")[0] for o in blocks] == [str(n) for n in range(1, len(blocks) + 1)]
    cells = GAME.options_at(state, 0, [blocks[0].token])
    assert [o.label for o in cells] == [f"{n}. {o.token}" for n, o in enumerate(cells, start=1)]


def test_the_block_cells_are_big_enough_to_tap_on_a_phone() -> None:
    box = sr.block_cell_boxes("K11-O15")["M13"]
    assert (box[2] - box[0]) * kit.CHAT_WIDTH / sr.BLOCK_PICTURE >= 50  # px at chat width


def test_no_placing_picture_for_another_seat_an_unknown_block_or_another_step() -> None:
    state = placing()
    assert sr.step_picture(state, 1, []) is None
    assert sr.step_picture(state, None, []) is None
    assert sr.step_picture(state, 0, ["A1-E5-X"]) is None
    assert sr.step_picture(state, 0, ["K11-O15", "M12"]) is None
    assert sr.step_picture(table(), 0, []) is None  # a draw is due


# -- the string proposals -------------------------------------------------------

def proposals_state() -> State:
    state = table()
    put(state, "local", cell(21, 3))
    put(state, "central", cell(3, 21))
    put(state, "suburban", cell(21, 21))
    return string_turn(state, 0)


def test_every_proposal_is_pictured_over_one_stretch_of_table_holding_them_all() -> None:
    state = proposals_state()
    options = GAME.options_at(state, 0, ["short"])
    assert len(options) >= 2
    paths = [o.token.split("-") for o in options]
    left, top, right, bottom = sr.proposals_region(state, paths)
    assert math.isclose(right - left, bottom - top)
    for path in paths:
        for name in path:
            x, y = board.centre(name)
            assert left <= x <= right and top <= y <= bottom, f"{name} is off the pictured stretch"
    shown = image(sr.step_picture(state, 0, ["short"]))
    _left, last_top, side = sr.proposal_tile(len(options) - 1, len(options))
    assert shown.width == sr.SHEET_WIDTH and shown.height > last_top + side + sr.CAPTION


def test_each_proposal_is_drawn_in_the_highlight_form() -> None:
    state = proposals_state()
    options = GAME.options_at(state, 0, ["short"])
    shown = image(sr.step_picture(state, 0, ["short"]))
    banner = shown.height - sr.proposal_tile(len(options) - 1, len(options))[1] - \
        sr.proposal_tile(0, len(options))[2] - sr.CAPTION
    paths = [o.token.split("-") for o in options]
    region = sr.proposals_region(state, paths)
    for i, path in enumerate(paths):
        left, top, side = sr.proposal_tile(i, len(options))
        zoom = side / (region[2] - region[0])
        pts = [(left + (x - region[0]) * zoom, top + banner + (y - region[1]) * zoom)
               for x, y in (board.centre(c) for c in path)]
        (ax, ay), (bx, by) = pts[0], pts[1]
        line = [rgb(shown, ax + (bx - ax) * t / 40, ay + (by - ay) * t / 40) for t in range(12, 29)]
        assert any(near(p, kit.HIGHLIGHT_DASH, 6) for p in line), f"proposal {i + 1}: no black dashes along it"
        assert any(near(p, kit.HIGHLIGHT, 6) for p in line), f"proposal {i + 1}: no white band along it"


# -- the board ------------------------------------------------------------------

def band_pixels(state: State, offset: float) -> list[tuple[int, int, int]]:
    """Pixels beside the last string (``offset`` px to its side) along its
    second fifth, on the posted board."""
    shown = image(sr.render(state, None))
    g = sr.field_geometry(state["shape"])
    pts = sr.string_points(g, state["strings"][-1]["path"])
    (ax, ay), (bx, by) = pts[0], pts[-1]
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    out = []
    for i in range(20, 41):  # clear of the cards at its ends and of its points tag in its middle
        t = i / 100
        x, y = ax + (bx - ax) * t + nx * offset, ay + (by - ay) * t + ny * offset
        out.append(rgb(shown, x, y))
    return out


def test_the_last_string_is_drawn_in_the_highlight_form_white_with_black_dashes() -> None:
    state = table()
    put(state, "local", cell(3, 41))
    applied = lay(state, 0, f"long {B2}-{cell(3, 41)}")
    band = band_pixels(applied.state, 8)
    assert any(near(p, kit.HIGHLIGHT, 4) for p in band), "no white band beside the last string"
    assert any(near(p, kit.HIGHLIGHT_DASH, 4) for p in band), "no black dashes beside the last string"


def test_an_older_string_has_no_highlight() -> None:
    state = table()
    put(state, "local", cell(3, 41))
    applied = lay(state, 0, f"long {B2}-{cell(3, 41)}")
    applied.state["last"] = {"seat": 1, "text": "placed a local station at Z30", "where": ["Z30"]}
    band = band_pixels(applied.state, 8)
    assert not any(near(p, kit.HIGHLIGHT, 4) for p in band)


def test_each_card_says_its_kind_points_and_company_limit() -> None:
    def card(kind: str, mountain: bool = False) -> tuple[str, str, str]:
        return sr.card_text({"kind": kind, "mountain": mountain, "cell": "K12", "owner": None})

    assert card("local") == ("LOC", "2", "\u22643")
    assert card("central") == ("CEN", "3", "ALL")
    assert card("town") == ("TWN", "3/1", "ALL")
    assert card("home") == ("HOME", "3/2", "ALL")
    assert card("terminal")[1].endswith("*")
    assert card("landmark", mountain=True)[1] == "3" and card("landmark")[1] == "1"


def test_the_generic_focus_box_keeps_to_the_field_below_the_header() -> None:
    state = table()
    put(state, "local", cell(21, 3))
    applied = lay(state, 0, f"short {B2}-{cell(21, 3)}")
    box = sr.focus_box(applied.state, 0)
    assert box is not None and box[1] >= sr.HEADER


# -- crossings: the header counts what the score counts ---------------------------

def test_the_header_counts_the_strings_crossed_as_the_score_does_not_the_places() -> None:
    state = table()
    put(state, "central", cell(61, 15))
    applied = lay(state, 1, f"long {AM2}-{cell(47, 7)}-{cell(47, 15)}-{cell(61, 15)}")  # over the river and back
    rs = applied.state["strings"][-1]
    assert len(rs["cross_at"]) == 2  # two places marked on the table
    assert applied.state["companies"][1]["score"] == 3 + 3 - 1  # the river is one string crossed
    assert panel.last_line(applied.state).endswith(" \u00b7 +2 points, 1 string crossed")


def test_a_proposal_label_counts_the_strings_crossed() -> None:
    state = table()
    put(state, "central", cell(41, 9))  # beyond the river from company 1's home
    string_turn(state, 1)
    labels = [o.label for o in GAME.options_at(state, state["current"], ["long"])]
    assert labels and all(label.endswith(": +2, 1 string crossed") for label in labels)


# -- a rules crash is not "no picture" ------------------------------------------------

def test_a_rules_crash_in_the_proposals_raises_from_the_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    state = table()
    put(state, "central", cell(41, 9))
    string_turn(state, 1)
    seat = state["current"]
    assert sr.step_picture(state, seat, ["medium"]) is None  # no such step: no picture

    def crash(*_args: Any) -> list[Any]:
        raise RuntimeError("rules crash")

    monkeypatch.setattr(phases, "proposals", crash)  # the rules' search for the strings to propose
    with pytest.raises(RuntimeError, match="rules crash"):
        sr.step_picture(state, seat, ["long"])
