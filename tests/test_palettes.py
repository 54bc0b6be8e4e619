"""Colours that carry meaning stay apart whatever the viewer's colour vision.

Every renderer lists its meaningful colours in ``PALETTES`` (players, goods,
terrain kinds...). Each palette's colours, and the last-move highlight
against all of them, are compared in CAM02-UCS (colorspacious) as seen with
normal vision and with simulated full deuteranopia, protanopia and
tritanopia (Machado et al. 2009, severity 100).

The threshold, a CAM02-UCS distance of 10: one unit is about a just-noticeable
difference between two large patches side by side; the colours here are
small marks (a 4 px track, a 14 px cube, a name tag) seen apart from each
other on a phone, for which the difference needed to name them apart at a
glance is several times larger (Szafir 2018, "Modeling color difference for
visualization design": small marks need 4-5x the large-patch difference).
The Okabe-Ito player palette, designed for these viewers, has its closest
pair at 11.0 (orange and reddish purple under tritanopia).
"""

from __future__ import annotations

import importlib
import itertools
from typing import Sequence

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE  # type: ignore[import-untyped]

from games.registry import PACKAGES
from rendering import kit

THRESHOLD = 10.0
VISIONS = (None, "deuteranomaly", "protanomaly", "tritanomaly")
SLUGS = sorted(PACKAGES)


def seen(colour: Sequence[int], vision: str | None) -> np.ndarray:
    """``colour`` (sRGB 0-255) as a viewer with ``vision`` sees it."""
    rgb = np.array(colour, dtype=float) / 255
    if vision is not None:
        space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)
    return rgb


def distance(a: Sequence[int], b: Sequence[int], vision: str | None) -> float:
    return float(deltaE(seen(a, vision), seen(b, vision), input_space="sRGB1", uniform_space="CAM02-UCS"))


def closest_pair(colours: Sequence[Sequence[int]]) -> tuple[float, str]:
    best = (float("inf"), "")
    for vision in VISIONS:
        for a, b in itertools.combinations(colours, 2):
            d = distance(a, b, vision)
            if d < best[0]:
                best = (d, f"{tuple(a)} and {tuple(b)} ({vision or 'normal vision'})")
    return best


def palettes(slug: str) -> dict[str, Sequence[kit.RGB]]:
    module = importlib.import_module(f"rendering.{slug.replace('-', '_')}")
    found: dict[str, Sequence[kit.RGB]] = getattr(module, "PALETTES", {})
    return found


def test_the_player_colours_stay_apart_in_every_colour_vision() -> None:
    d, pair = closest_pair(kit.PLAYER_COLOURS)
    assert d >= THRESHOLD, f"player colours {pair} are only {d:.1f} apart"


def test_a_palette_too_close_under_deuteranopia_is_caught() -> None:
    red, green = (200, 70, 50), (110, 140, 40)  # told apart in normal vision, not by a deuteranope
    assert distance(red, green, None) >= THRESHOLD
    assert closest_pair([red, green])[0] < THRESHOLD


@pytest.mark.parametrize("slug", SLUGS)
def test_every_palette_stays_apart_in_every_colour_vision(slug: str) -> None:
    found = palettes(slug)
    assert found, f"rendering for {slug} lists no PALETTES"
    for name, colours in found.items():
        d, pair = closest_pair(colours)
        assert d >= THRESHOLD, f"{slug} {name}: {pair} are only {d:.1f} apart"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_highlight_is_no_palette_colour(slug: str) -> None:
    for name, colours in palettes(slug).items():
        for colour in colours:
            for vision in VISIONS:
                d = distance(kit.HIGHLIGHT, colour, vision)
                assert d >= THRESHOLD, f"{slug} {name}: {tuple(colour)} is {d:.1f} from the highlight ({vision})"
