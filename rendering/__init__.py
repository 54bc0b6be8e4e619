"""Board images. ``render(state, viewer)`` dispatches to the game's renderer,
``rendering.<package>`` where ``<package>`` is the game's package name (its
slug with '-' as '_'); each renderer exposes ``render(state, viewer) -> bytes``.

``render`` draws the image posted in the chat after every move: it reads
when Discord shows it 550 px wide (see ``kit.ESSENTIAL_ROLES``). A renderer
whose chat image is a compact one also exposes ``render_full`` for the whole
board, one tap away (``/game status`` and the post's "Full board" button);
each renderer's docstring says which it does and why. Each renderer also
lists its colours in ``PALETTES`` (name -> colours), tested to stay apart
under simulated colour-vision deficiencies.

The state passed in is the *viewer's view* (``Game.view``): a renderer never
sees private information it must not draw.
"""

from __future__ import annotations

import importlib
from io import BytesIO
from types import ModuleType
from typing import Any, Callable, cast

from PIL import Image

from . import kit

Renderer = Callable[[dict[str, Any], "int | None"], bytes]


REGISTERED_RENDERERS: dict[str, Renderer] = {}
REGISTERED_FULL_RENDERERS: dict[str, Renderer] = {}


def register_renderer(slug: str, renderer: Renderer, full: Renderer | None = None) -> None:
    """Use ``renderer`` (and ``full`` for the whole board, if the chat image
    is a compact one) for ``slug`` instead of the module convention (tests'
    stand-in games)."""
    REGISTERED_RENDERERS[slug] = renderer
    REGISTERED_FULL_RENDERERS.pop(slug, None)
    if full is not None:
        REGISTERED_FULL_RENDERERS[slug] = full


def _module(slug: str) -> ModuleType:
    return importlib.import_module(f"rendering.{slug.replace('-', '_')}")


def renderer_for(slug: str) -> Renderer:
    if slug in REGISTERED_RENDERERS:
        return REGISTERED_RENDERERS[slug]
    return cast(Renderer, _module(slug).render)


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The board PNG of ``state`` as ``viewer`` (None: a spectator) sees it.
    Every text in it is made drawable first (a display name with a line
    separator or a control character must not stop a board)."""
    return renderer_for(str(state["game"]))(kit.drawable_state(state), viewer)


def has_full_board(slug: str) -> bool:
    """Whether the game's chat image is a compact one with a whole board
    kept apart (``render_full``)."""
    if slug in REGISTERED_RENDERERS:
        return slug in REGISTERED_FULL_RENDERERS
    return hasattr(_module(slug), "render_full")


def render_full(state: dict[str, Any], viewer: int | None) -> bytes:
    """The whole board of ``state``: the renderer's ``render_full`` where it
    has one, else its chat image (which is then the whole board)."""
    slug = str(state["game"])
    if not has_full_board(slug):
        return render(state, viewer)
    full = REGISTERED_FULL_RENDERERS.get(slug) or cast(Renderer, _module(slug).render_full)
    return full(kit.drawable_state(state), viewer)


StepPicture = Callable[[dict[str, Any], "int | None", list[str]], "bytes | None"]


def step_picture(state: dict[str, Any], viewer: int | None, prefix: list[str]) -> bytes | None:
    """A game's own picture of the choices at a panel step (a hand of cards,
    a block of cells, a card's rotations on its square), drawn by the
    renderer's ``step_picture(view, viewer, prefix)`` where it has one, under
    ``kit.preview_banner`` (the renderer stamps it: these are choices, not
    played yet); None where it has none, and the service falls back to
    :func:`option_sheet`."""
    slug = str(state["game"])
    finder = None if slug in REGISTERED_RENDERERS else getattr(_module(slug), "step_picture", None)
    if finder is None:
        return None
    return cast(StepPicture, finder)(kit.drawable_state(state), viewer, prefix)


def preview(state: dict[str, Any], viewer: int | None) -> bytes:
    """The chat image of a state not yet played, under a banner that says it
    is a preview."""
    with Image.open(BytesIO(render(state, viewer))) as board:
        return kit.to_png(kit.preview_banner(board))


Box = tuple[int, int, int, int]
SHEET_COLUMNS = 4


def focus_box(state: dict[str, Any], viewer: int | None) -> Box | None:
    """Where the last placement is on the board image of ``state`` (a
    renderer may define ``focus_box``; None when it doesn't or there is none)."""
    slug = str(state["game"])
    finder = None if slug in REGISTERED_RENDERERS else getattr(_module(slug), "focus_box", None)
    return cast("Box | None", finder(state, viewer)) if finder is not None else None


def option_sheet(entries: list[tuple[str, dict[str, Any]]], viewer: int | None) -> bytes | None:
    """One picture of several choices: for each (label, state after that
    choice), the board around the piece just placed, numbered and labelled as
    its button is. None when the game can't show its choices this way."""
    crops: list[tuple[str, Image.Image]] = []
    for label, state in entries:
        box = focus_box(state, viewer)
        if box is None:
            return None
        with Image.open(BytesIO(render(state, viewer))) as board:
            crops.append((label, board.convert("RGB").crop(box)))
    if not crops:
        return None
    cell_w = max(c.width for _l, c in crops)
    cell_h = max(c.height for _l, c in crops)
    caption = 52
    columns = min(SHEET_COLUMNS, len(crops))
    rows = (len(crops) + columns - 1) // columns
    image, draw = kit.new_canvas(columns * (cell_w + 12) + 12, rows * (cell_h + caption + 12) + 12)
    face = kit.font(15, bold=True)
    for i, (label, crop) in enumerate(crops):
        x = 12 + (i % columns) * (cell_w + 12)
        y = 12 + (i // columns) * (cell_h + caption + 12)
        image.paste(crop, (x, y))
        draw.rectangle((x, y, x + crop.width - 1, y + crop.height - 1), outline=kit.INK, width=2)
        for n, line in enumerate(kit.wrap_text(f"{i + 1}. {label}", face, cell_w, max_lines=2)):
            draw.text((x, y + crop.height + 6 + 20 * n), line, font=face, fill=kit.INK)
    return kit.to_png(kit.preview_banner(image, "Your choices - not played yet"))
