"""Board images. ``render(state, viewer)`` dispatches to the game's renderer,
``rendering.<package>`` where ``<package>`` is the game's package name (its
slug with '-' as '_'); each renderer exposes ``render(state, viewer) -> bytes``.

The state passed in is the *viewer's view* (``Game.view``): a renderer never
sees private information it must not draw.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, cast

Renderer = Callable[[dict[str, Any], "int | None"], bytes]


_REGISTERED: dict[str, Renderer] = {}


def register_renderer(slug: str, renderer: Renderer) -> None:
    """Use ``renderer`` for ``slug`` instead of the module convention (tests'
    stand-in games)."""
    _REGISTERED[slug] = renderer


def renderer_for(slug: str) -> Renderer:
    if slug in _REGISTERED:
        return _REGISTERED[slug]
    module = importlib.import_module(f"rendering.{slug.replace('-', '_')}")
    return cast(Renderer, module.render)


def render(state: dict[str, Any], viewer: int | None) -> bytes:
    """The board PNG of ``state`` as ``viewer`` (None: a spectator) sees it."""
    return renderer_for(str(state["game"]))(state, viewer)
