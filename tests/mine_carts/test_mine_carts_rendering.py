"""The Mine Carts board image: the last move in the highlight form beside the
track, each cart's path tagged, and the panel's pictures of its choices."""

from __future__ import annotations

from io import BytesIO

from PIL import Image

from games.core import CHANCE, State
from games.mine_carts import GAME
from games.mine_carts.state import Move, typed
from mine_carts_fixtures import act, give, line, put, started
from rendering import kit
from rendering import mine_carts as board

RGB = tuple[int, int, int]


def _moved() -> State:
    """Red's turn done: cart 1 from B2 down B3 and B4 (a crossing), round B5
    and east to D5; cart 2 from H8 down, wrapping to H1; the gold cart from the
    mine north, west across B4, wrapping round to Blue's town H2."""
    s = started(4)
    put(s, "B3", "straight", 0)
    put(s, "B4", "crossing", 0)
    put(s, "B5", "curve", 0)
    line(s, ["C5", "D5"])
    put(s, "E4", "curve", 180)
    line(s, ["D4", "C4", "A4"])
    put(s, "I4", "curve", 0)
    put(s, "I3", "straight", 0)
    put(s, "I2", "curve", 180)
    put(s, "H9", "straight", 0)
    put(s, "H1", "straight", 0)
    return act(s, 0, "curve D7 0", "green")


def _pixel(image: Image.Image, at: tuple[float, float]) -> RGB:
    p = image.convert("RGB").getpixel((int(at[0]), int(at[1])))
    assert isinstance(p, tuple)
    return (int(p[0]), int(p[1]), int(p[2]))


def _near(a: RGB, b: RGB, by: int = 24) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) <= by


def test_the_carts_paths_leave_the_track_visible() -> None:
    state = _moved()
    assert [m["squares"][:3] for m in typed(state)["last"]["moves"]] == [  # type: ignore[index]
        ["B2", "B3", "B4"], ["H8", "H9", "H1"], ["E5", "E4", "D4"]]
    image = board.board_image(GAME.view(state, None))
    for square in ("B3", "C4", "I3", "H9"):  # straight track under a path
        assert _pixel(image, board.centre(square)) == kit.INK, square


def test_the_last_carts_paths_are_drawn_in_the_highlight_form() -> None:
    image = board.board_image(GAME.view(_moved(), None))
    x, y = board.centre("B3")
    run = [_pixel(image, (x + board.PATH_OFFSET["1"], y + dy)) for dy in range(-30, 30)]
    assert kit.HIGHLIGHT in run and kit.HIGHLIGHT_DASH in run


def test_two_paths_along_the_same_squares_run_apart() -> None:
    squares = ["C3", "D3", "E3", "E4"]
    paths = [board.path_pieces(Move(team=0, cart=c, squares=squares, scored=None)) for c in ("1", "2", "gold")]
    band = board.PATH_WIDTH + 4  # the highlight form's whole width
    for i, a in enumerate(paths):
        for b in paths[i + 1:]:
            for (ax, ay), (bx, by) in zip(a[0], b[0]):
                assert abs(ax - bx) >= band and abs(ay - by) >= band


def test_each_path_is_tagged_with_its_team_and_cart() -> None:
    moves = typed(_moved())["last"]["moves"]  # type: ignore[index]
    assert [board.path_tag(m) for m in moves] == ["R1", "R2", "G"]
    blue = Move(team=1, cart="2", squares=["B8", "C8"], scored=None)
    assert board.path_tag(blue) == "B2"


def test_the_tag_sits_on_the_first_step_off_the_town() -> None:
    cart1 = typed(_moved())["last"]["moves"][0]  # type: ignore[index]
    x, y = board.tag_point(board.path_pieces(cart1))
    _left, top, _right, bottom = board.cell_box("B2")
    assert top + 20 + 11 <= y <= bottom + 11  # below the town's name (its top 20 px); the tag is 22 px high


def test_the_cards_laid_this_turn_are_framed_in_the_highlight_form() -> None:
    state = act(started(4), 0, "curve D7 0")
    image = board.board_image(GAME.view(state, None))
    left, top, right, _bottom = board.cell_box("D7")
    run = [_pixel(image, (x, top + 1)) for x in range(left, right)]
    assert kit.HIGHLIGHT in run and kit.HIGHLIGHT_DASH in run


def test_the_paths_of_the_turn_before_the_cards_just_laid_are_not_highlighted() -> None:
    state = GAME.apply(_moved(), CHANCE, "draw straight curve pit").state
    state = act(state, 1, "straight G3 90")
    image = board.board_image(GAME.view(state, None))
    x, y = board.centre("B3")
    run = [_pixel(image, (x + board.PATH_OFFSET["1"], y + dy)) for dy in range(-30, 30)]
    assert kit.HIGHLIGHT_DASH not in run and kit.MUTED in run


def _open(png: bytes | None) -> Image.Image:
    assert png is not None
    return Image.open(BytesIO(png)).convert("RGB")


def test_the_card_step_pictures_the_factory_in_the_buttons_order() -> None:
    state = give(started(4), 0, ["curve", "pit", "curve"])
    tokens = [o.token for o in GAME.options_at(state, 0, [])]
    assert tokens == ["curve", "pit"]
    image = _open(board.step_picture(GAME.view(state, 0), 0, []))
    banner = image.height - (board.CARD_SHEET + 110)
    slot = board.CARD_SHEET + 40
    # below each card's middle: inside a pit's hole, under its name
    centres = [(20 + i * slot + board.CARD_SHEET // 2, banner + 20 + board.CARD_SHEET // 2 + 40) for i in range(2)]
    assert image.width == 20 + 2 * slot
    assert not _near(_pixel(image, centres[0]), board.PIT)  # 1: the curve
    assert _near(_pixel(image, centres[1]), board.PIT)  # 2: the pit


def test_the_rotation_step_pictures_each_rotation_of_the_card_on_its_square() -> None:
    state = give(started(4), 0, ["curve", "straight", "pit"])
    curve = _open(board.step_picture(GAME.view(state, 0), 0, ["curve", "D4"]))
    straight = _open(board.step_picture(GAME.view(state, 0), 0, ["straight", "D4"]))
    assert len(GAME.options_at(state, 0, ["curve", "D4"])) == 4
    assert len(GAME.options_at(state, 0, ["straight", "D4"])) == 2
    assert curve.width == straight.width and curve.height > straight.height  # two rows of two, one row
    assert _pixel(curve, (2, 2)) == kit.PREVIEW_FILL  # says it is not played yet


def test_no_step_picture_for_the_team_not_to_play_or_a_step_without_one() -> None:
    state = started(4)
    assert board.step_picture(GAME.view(state, 1), 1, []) is None
    assert board.step_picture(GAME.view(state, None), None, []) is None
    assert board.step_picture(GAME.view(state, 0), 0, ["curve"]) is None
    assert board.step_picture(GAME.view(state, 0), 0, ["pit"]) is None
    switch = act(state, 0, "curve D7 0")
    assert board.step_picture(GAME.view(switch, 0), 0, []) is None


def test_the_team_with_more_gold_is_marked_the_winner_once_the_game_is_over() -> None:
    s = typed(started(4))
    s["teams"][0]["gold"] = 3
    assert not board.team_wins(s, 0)  # still playing
    s["phase"] = "over"
    assert board.team_wins(s, 0) and not board.team_wins(s, 1)
    s["teams"][1]["gold"] = 3
    assert not board.team_wins(s, 0) and not board.team_wins(s, 1)  # equal gold: a draw


def test_the_focus_box_holds_the_cards_laid_and_stays_on_the_grid() -> None:
    state = GAME.view(act(started(4), 0, "curve A1 0"), None)
    box = board.focus_box(state, None)
    assert box is not None
    left, top, right, bottom = board.cell_box("A1")
    assert box[0] <= left and box[1] <= top and box[2] >= right and box[3] >= bottom
    assert box[0] >= board.GRID_X - board.BAND and box[1] >= board.GRID_Y - board.BAND
