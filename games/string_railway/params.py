"""The rulebook's numbers and our table measurements, read from
``data/string_railway/table.json`` (centimetres; ours where the rulebook has
none, see the design note)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.data import load_json

STATION_KINDS = ("central", "local", "suburban", "countryside", "town", "transfer",
                 "junction", "terminal", "landmark")
"""The 35 drawn tiles' kinds, in the rulebook's order (the home stations apart)."""


@dataclass(frozen=True)
class Kind:
    """One kind of station tile as printed."""

    name: str
    count: int
    own: int
    """Points for the owning company (ownable and home stations)."""
    others: int
    """Points for every other company (and for all, where there is no owner)."""
    limit: int | None
    """The company limit; None is ALL."""
    ownable: bool = False
    owner_change: int = 0
    """What the owner gains (+) or loses (-) when another company newly enters."""
    extra_draw: bool = False
    every_time: bool = False
    terminal: bool = False
    mountain: int | None = None
    """A landmark's points in the mountains."""


@dataclass(frozen=True)
class Field:
    sides: int
    side: float
    corners: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    fields: dict[str, Field]
    shape_for_players: dict[int, str]
    companies_for_players: dict[int, int]
    opposite_corners: dict[str, str]
    field_string_half_width: float
    grid_cell: float
    block_cells: int
    tile_size: float
    string_lengths: dict[str, float]
    strings_per_company: dict[str, dict[str, int]]
    river_length: float
    river_step: float
    river_end_outside_max: float
    mountain_length: float
    layout_clearance_from_homes: float
    max_bends: int
    proposals: int
    crossing_penalty: int
    advanced_railroad_penalty: int
    home: Kind
    kinds: dict[str, Kind]

    def strings_for(self, players: int) -> dict[str, int]:
        """Short and long strings per company (5 players: three short)."""
        return dict(self.strings_per_company.get(str(players), self.strings_per_company["default"]))


def _kind(name: str, raw: dict[str, Any]) -> Kind:
    return Kind(name, int(raw.get("count", 0)), int(raw["own"]), int(raw["others"]),
                None if raw["limit"] is None else int(raw["limit"]),
                bool(raw.get("ownable", False)), int(raw.get("owner_change", 0)),
                bool(raw.get("extra_draw", False)), bool(raw.get("every_time", False)),
                bool(raw.get("terminal", False)),
                None if raw.get("mountain") is None else int(raw["mountain"]))


@cache
def table() -> Table:
    raw = load_json("string_railway", "table.json")
    home = raw["home"]
    return Table(
        fields={k: Field(int(v["sides"]), float(v["side"]), tuple(v["corners"])) for k, v in raw["fields"].items()},
        shape_for_players={int(k): str(v) for k, v in raw["shape_for_players"].items()},
        companies_for_players={int(k): int(v) for k, v in raw["companies_for_players"].items()},
        opposite_corners=dict(raw["opposite_corners"]),
        field_string_half_width=float(raw["field_string_half_width"]),
        grid_cell=float(raw["grid_cell"]),
        block_cells=int(raw["block_cells"]),
        tile_size=float(raw["tile_size"]),
        string_lengths={k: float(v) for k, v in raw["string_lengths"].items()},
        strings_per_company={k: {kk: int(vv) for kk, vv in v.items()} for k, v in raw["strings_per_company"].items()},
        river_length=float(raw["river_length"]),
        river_step=float(raw["river_step"]),
        river_end_outside_max=float(raw["river_end_outside_max"]),
        mountain_length=float(raw["mountain_length"]),
        layout_clearance_from_homes=float(raw["layout_clearance_from_homes"]),
        max_bends=int(raw["max_bends"]),
        proposals=int(raw["proposals"]),
        crossing_penalty=int(raw["crossing_penalty"]["standard"]),
        advanced_railroad_penalty=int(raw["crossing_penalty"]["advanced_railroad"]),
        home=Kind("home", 0, int(home["own"]), int(home["others"]), None, owner_change=-int(home["owner_loses"])),
        kinds={k: _kind(k, raw["stations"][k]) for k in STATION_KINDS},
    )


def kind(name: str) -> Kind:
    """The printed properties of a station kind ("home" included)."""
    t = table()
    return t.home if name == "home" else t.kinds[name]


@cache
def tile_kinds() -> tuple[str, ...]:
    """Tile number n (1..35) -> its kind, at index n-1."""
    out: list[str] = []
    for name in STATION_KINDS:
        out.extend([name] * table().kinds[name].count)
    return tuple(out)
