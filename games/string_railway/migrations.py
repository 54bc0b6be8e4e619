"""Stored String Railway states of an older schema brought to the current
one, one version at a time (see ``games/README.md``)."""

from __future__ import annotations

import copy
from typing import Callable

from games.core import State
from games.string_railway import board
from games.string_railway.laying import Context, strings_crossed
from games.string_railway.state import TILES, typed


def from_schema_1(state: State) -> State:
    """Schema 1 -> 2: ``set_aside``, the tiles neither in the deck, nor drawn,
    nor on the field (schema 1 dropped a tile that fitted nowhere)."""
    new = copy.deepcopy(state)
    kept = set(new.get("deck", [])) | set(new.get("drawn", [])) | {s["tile"] for s in new.get("stations", [])}
    new["set_aside"] = [t for t in range(1, TILES + 1) if t not in kept] if new.get("river") else []
    return new


def from_schema_2(state: State) -> State:
    """Schema 2 -> 3: each string's ``crossed``, the strings it crosses (what
    its score counted), in place of ``crossings``, the places it crossed
    them. Counted again as laying counted it: against the river, the
    mountain range and the strings laid before it, outside every station
    tile on the table now (a station placed later lies on no string, so it
    covers no crossing)."""
    new = copy.deepcopy(state)
    strings = new.get("strings", [])
    if strings:
        ctx = Context.of(typed(new))
        for i, rs in enumerate(strings):
            rs["crossed"] = len(strings_crossed(ctx, board.polyline(rs["path"]), laid_before=i))
    for rs in strings:
        rs.pop("crossings", None)
    return new


MIGRATIONS: dict[int, Callable[[State], State]] = {1: from_schema_1, 2: from_schema_2}
"""Schema version -> the step to the next version."""
