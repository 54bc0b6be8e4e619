"""The image posted after every move reads in the chat: Discord shows it about
550 px wide, so whose turn it is, the last move and where each player stands
are drawn with fonts at least 2% of the image's width (11 px at 550 px), and
the image is no wider than it needs to be. Checked for every registered game
at the start, in mid-game and at the end, through ``rendering.render``."""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from PIL import Image, ImageChops

import rendering
from games.core import CHANCE, Game, State, secret_from_seed
from games.playout import step
from games.registry import PACKAGES, get_game
from rendering import kit

SLUGS = sorted(PACKAGES)
NAMES = ["ann", "bob", "cid", "dee", "eve", "fay"]


def _moments(game: Game, seed: int = 5, points: tuple[int, ...] = (0, 12, 60, 240)) -> list[tuple[State, bool]]:
    """States of a seeded random game with the most seats, after the given
    numbers of actions (and its end when it comes sooner), each with whether
    a player (not chance) has moved yet."""
    players = NAMES[: max(game.player_counts())]
    rng = random.Random(seed)
    secret = secret_from_seed(seed)
    state = game.new(players, game.resolve_options({}))
    moved, out = False, []
    for n in range(max(points) + 1):
        if n in points or game.is_over(state):
            out.append((state, moved))
        if game.is_over(state):
            break
        state, seat, _action, _events = step(game, state, rng, secret)
        moved = moved or seat != CHANCE
    return out


def _blank_edge(image: Image.Image) -> tuple[int, int]:
    """How many columns at the left and at the right hold only the colour of
    the top-left corner."""
    rgb = image.convert("RGB")
    plain = Image.new("RGB", rgb.size, rgb.getpixel((0, 0)))
    box = ImageChops.difference(rgb, plain).getbbox()
    if box is None:
        return rgb.width, rgb.width
    return box[0], rgb.width - box[2]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_posted_image_reads_at_chat_width(slug: str) -> None:
    game = get_game(slug)
    for state, moved in _moments(game):
        with kit.recording_essentials() as noted:
            png = rendering.render(game.view(state, None), None)
        with Image.open(BytesIO(png)) as image:
            width = image.width
            left, right = _blank_edge(image)
        where = f"{slug} after round/turn {state.get('round', state.get('turn', '?'))}"
        assert width <= kit.MAX_POST_WIDTH, f"{where}: {width} px wide, at most {kit.MAX_POST_WIDTH}"
        assert max(left, right) <= 0.05 * width, f"{where}: {left} / {right} px of empty edge"
        roles = {role for role, _size in noted}
        wanted = {"turn", "standing"} | ({"last"} if moved else set())
        assert wanted <= roles, f"{where}: no essential text for {sorted(wanted - roles)}"
        smallest = min(size for role, size in noted if role in kit.ESSENTIAL_ROLES)
        assert smallest >= kit.MIN_ESSENTIAL_SHARE * width, (
            f"{where}: an essential text is {smallest} px in a {width} px image "
            f"({smallest / width * kit.CHAT_WIDTH:.1f} px at chat width)")


@pytest.mark.parametrize("slug", SLUGS)
def test_a_preview_says_it_is_a_preview(slug: str) -> None:
    game = get_game(slug)
    state, _moved = _moments(game, points=(12,))[0]
    view = game.view(state, None)
    with kit.recording_essentials() as noted:
        png = rendering.preview(view, None)
    with Image.open(BytesIO(png)) as shown, Image.open(BytesIO(rendering.render(view, None))) as plain:
        assert shown.height > plain.height and shown.width == plain.width
        top = shown.convert("RGB").getpixel((2, 2))
    assert top == kit.PREVIEW_FILL
    assert [size for role, size in noted if role == "preview"][0] >= kit.MIN_ESSENTIAL_SHARE * shown.width


@pytest.mark.parametrize("slug", [s for s in SLUGS if rendering.has_full_board(s)])
def test_the_full_board_is_one_tap_away(slug: str) -> None:
    game = get_game(slug)
    state, _moved = _moments(game, points=(60,))[0]
    view = game.view(state, None)
    with Image.open(BytesIO(rendering.render_full(view, None))) as full:
        assert full.size != Image.open(BytesIO(rendering.render(view, None))).size
