"""The maps and their own rule switches, read from ``data/age_of_steam``.

Each map is a data file (``rust_belt.json``, ``barbados.json``,
``st_lucia.json``) holding its hexes, its new city tiles, its goods, its
goods display and a ``rules`` object of switches. The phases read the
switches through :func:`map_rules` (``map_rules(state["map"])``), never a
map's name: a later map that shares a rule needs only data. A switch absent
from a file keeps the base game's rule (the Rust Belt's ``rules`` is empty).

The switches (key in the file's ``rules`` -> field here):

- ``turns``: the number of turns (else the base table by player count);
- ``start_money``, ``start_shares``, ``max_shares``;
- ``max_shares_per_turn``: at most this many shares a turn (Barbados: 1);
- ``player_order_step: false``: no player-order step at all (Barbados);
- ``first_player_price``: player order by priority, the first place bought
  for this price instead of an auction (St. Lucia: $5);
- ``step_order``: when ``player-order`` comes before ``issue-shares``;
- ``actions``: the actions in play;
- ``action_cycle: true``: an action taken is blocked until every action has
  been taken once (Barbados);
- ``goods_growth: false``: no Goods Growth step (St. Lucia);
- ``first_track_bonus``: the bonus income for a cube leaving its hex along
  its owner's track (St. Lucia: 1);
- ``buy_back``: the end buys back every share at this price and the score is
  the cash left (Barbados: $5).

Outside ``rules``: ``players`` ("1", "2", "3-6"), ``goods`` (the bag),
``goods_display`` (null: no display; else the side used, its dice and the
cubes each column gets at set-up, with ``redraw_if``), and hexes other than
cities with ``starting_goods`` (goods lying on the map, St. Lucia).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .params import COLOURS, load_data, rules

RUST_BELT = "rust-belt"
"""The base game's map, the default (and the map of every state stored
before the map option existed)."""

FILES = {"rust-belt": "rust_belt.json", "barbados": "barbados.json", "st-lucia": "st_lucia.json"}
"""Map slug (the ``map`` option's choice) -> its data file."""

MAP_SLUGS = tuple(FILES)

ORDER_AUCTION = "auction"
ORDER_NONE = "none"
ORDER_PRIORITY = "priority"


@dataclass(frozen=True)
class DisplayColumn:
    """A goods display column at set-up: how many cubes go in (from the
    top) and the colours drawn again for it."""

    cubes: int
    redraw: tuple[str, ...]


@dataclass(frozen=True)
class MapRules:
    """A map's rule switches (see the module docstring)."""

    slug: str
    name: str
    players: tuple[int, ...]
    turns: int | None
    start_money: int
    start_shares: int
    max_shares: int
    max_shares_per_turn: int | None
    player_order: str
    """``auction`` (base), ``none`` or ``priority``."""
    first_player_price: int
    order_before_shares: bool
    actions: tuple[str, ...]
    action_cycle: bool
    goods: dict[str, int]
    display: bool
    """False: the map has no goods display (no Production, no growth dice)."""
    display_sides: tuple[str, ...]
    """The display's sides in use (and rolled): ("light", "dark") or ("light",)."""
    growth_dice: dict[str, int] | None
    """Dice rolled per side in Goods Growth; None: one per player (base)."""
    display_setup: dict[str, DisplayColumn] | None
    """Column name (L1.., A..) -> its set-up cubes; None: every box filled (base)."""
    goods_growth: bool
    goods_on_map: bool
    """Cubes lie on map hexes from the start (St. Lucia)."""
    first_track_bonus: int
    buy_back: int | None
    """The end's price per share bought back, the score being the cash left;
    None: the base game's victory points."""

    def turns_for(self, seats: int) -> int:
        return self.turns if self.turns is not None else rules().turns_by_players[seats]


def _players(text: str) -> tuple[int, ...]:
    low, _, high = text.partition("-")
    return tuple(range(int(low), int(high or low) + 1))


def _display(raw: Any) -> tuple[bool, tuple[str, ...], dict[str, int] | None, dict[str, DisplayColumn] | None]:
    if raw is None:
        return False, (), None, None
    if raw == "base":
        return True, ("light", "dark"), None, None
    side = raw.get("used_side", "both")
    sides = ("light", "dark") if side == "both" else (side,)
    prefix = "L" if side in ("light", "both") else "D"
    setup: dict[str, DisplayColumn] = {}
    for col in raw["columns"]:
        name = col["column"]
        key = f"{prefix}{name}" if name.isdigit() else name
        redraw = col.get("redraw_if")
        setup[key] = DisplayColumn(int(col["cubes_at_setup"]), (redraw,) if redraw else ())
    return True, sides, {k: int(v) for k, v in raw["dice"].items()}, setup


@cache
def map_rules(slug: str) -> MapRules:
    """The switches of map ``slug`` (a key of :data:`FILES`)."""
    raw = load_data(FILES[slug])
    sw: dict[str, Any] = raw.get("rules", {})
    base = rules()
    shares = int(sw.get("start_shares", base.start_shares))
    steps = sw.get("step_order", [])
    price = sw.get("first_player_price")
    if sw.get("player_order_step", True) is False:
        order = ORDER_NONE
    elif price is not None:
        order = ORDER_PRIORITY
    else:
        order = ORDER_AUCTION
    display, sides, dice, setup = _display(raw.get("goods_display", "base"))
    goods = {c: int(raw.get("goods", base.goods).get(c, 0)) for c in COLOURS}
    on_map = any(h.get("starting_goods") and h["terrain"] != "city" for h in raw["hexes"])
    return MapRules(
        slug=slug,
        name=raw["map"],
        players=_players(raw["players"]),
        turns=int(sw["turns"]) if "turns" in sw else None,
        start_money=int(sw.get("start_money", shares * base.share_value)),
        start_shares=shares,
        max_shares=int(sw.get("max_shares", base.max_shares)),
        max_shares_per_turn=int(sw["max_shares_per_turn"]) if "max_shares_per_turn" in sw else None,
        player_order=order,
        first_player_price=int(price or 0),
        order_before_shares=("player-order" in steps and "issue-shares" in steps
                             and steps.index("player-order") < steps.index("issue-shares")),
        actions=tuple(sw.get("actions", base.actions)),
        action_cycle=bool(sw.get("action_cycle", False)),
        goods=goods,
        display=display,
        display_sides=sides,
        growth_dice=dice,
        display_setup=setup,
        goods_growth=bool(sw.get("goods_growth", True)) and display,
        goods_on_map=on_map,
        first_track_bonus=int(sw.get("first_track_bonus", 0)),
        buy_back=int(sw["buy_back"]) if "buy_back" in sw else None,
    )


def map_of(state: Any) -> MapRules:
    """The switches of the state's map."""
    return map_rules(state["map"])
