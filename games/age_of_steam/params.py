"""The game's parameters, read once from the data files in ``data/age_of_steam``.

Every count and table of the rules lives in those JSON files (the rulebook's
numbers); this module only gives them types.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from games.data import load_json

COLOURS = ("red", "blue", "purple", "yellow", "black")
"""Goods colours in display order."""

COLOUR_LETTER = {"red": "R", "blue": "B", "purple": "P", "yellow": "Y", "black": "K"}


def load_data(name: str) -> Any:
    """``data/age_of_steam/<name>``, through :func:`games.data.load_json`."""
    return load_json("age_of_steam", name)


@dataclass(frozen=True)
class Rules:
    """The rulebook's numbers (``rules.json``)."""

    turns_by_players: dict[int, int]
    start_shares: int
    share_value: int
    max_shares: int
    start_engine: int
    max_engine: int
    town_disks: int
    builds_per_turn: int
    engineer_builds: int
    tile_cost: dict[str, int]
    terrain_extra: dict[str, int]
    town_base_cost: int
    town_cost_per_exit: int
    replace_cost: int
    replace_crossing_cost: int
    replace_town_cost: int
    income_reduction: tuple[tuple[int, int], ...]
    goods: dict[str, int]
    city_column_boxes: int
    new_city_column_boxes: int
    production_draws: int
    vp_per_income: int
    vp_per_link_track: int
    vp_per_share: int
    actions: tuple[str, ...]
    action_label: dict[str, str]
    action_effect: dict[str, str]


@cache
def rules() -> Rules:
    raw = load_data("rules.json")
    derived: dict[str, Any] = {
        "turns_by_players": {int(k): int(v) for k, v in raw["turns_by_players"].items()},
        "income_reduction": tuple((int(a), int(b)) for a, b in raw["income_reduction"]),
        "actions": tuple(a["name"] for a in raw["actions"]),
        "action_label": {a["name"]: a["label"] for a in raw["actions"]},
        "action_effect": {a["name"]: a["effect"] for a in raw["actions"]},
    }
    plain = {f.name: raw[f.name] for f in fields(Rules) if f.name not in derived}
    return Rules(**plain, **derived)
