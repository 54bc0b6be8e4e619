"""The typed state of Age of Steam (plain JSON, described for mypy), its
schema version and the migrations of older stored states.

Schema 2 speaks the words of ``games/README.md``: the game-turn number is
``round`` (the rulebook's "turn", still shown so) and the number of rounds
``rounds``; the last move's highlight is ``last["where"]`` and its round
``last["round"]``. Schema 1 said ``turn``, ``turns``, ``last["turn"]`` and
``last["hexes"]``; :func:`from_schema_1` converts such a stored state.

Schema 3 adds the map (``map``: ``rust-belt``, ``barbados`` or ``st-lucia``)
and the keys of the small maps' own rules: ``map_cubes`` (St. Lucia's goods
lying on map hexes), ``blocked`` (Barbados' actions taken this cycle),
``priority``, ``priority_next``, ``first_player`` and ``paid_first``
(St. Lucia's player order). Every state stored before was a Rust Belt game:
:func:`from_schema_2` says so and adds those keys empty.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, NotRequired, TypedDict, cast

from games.core import State

SCHEMA = 3


class Tile(TypedDict):
    """A track tile on the map."""

    tile: str
    """The tile kind's name (``straight``, ``gentle``, ``town-3``...)."""
    rot: int
    owners: list[int | None]
    """The owner of each of the tile's paths, in the kind's path order."""


class Display(TypedDict):
    """The goods display: a column of boxes per growth number and side,
    and one per new city letter (box 0 is the top)."""

    light: list[list[str | None]]
    dark: list[list[str | None]]
    new: dict[str, list[str | None]]


class Last(TypedDict):
    """The last build or delivery, for the board's highlight."""

    kind: str
    """"build" or "move"."""
    seat: int
    round: int
    where: list[str]
    """The hexes built (this builder's turn) or passed through (a delivery)."""
    pieces: NotRequired[list[list[Any]]]
    """A delivery's track pieces, [hex, path index]."""
    route: NotRequired[list[str]]
    """A delivery's cities and towns in order."""
    colour: NotRequired[str]


class PhaseData(TypedDict, total=False):
    """The working data of the step under way (``state["step"]``): each
    phase uses its own few keys."""

    queue: list[int]
    """Seats still to act, the first acting now."""
    # Build Track
    placed: int
    limit: int
    urbanize: bool
    undo: list[dict[str, Any]]
    watch: dict[str, int]
    # Move Goods
    round: int
    """The goods-moving round of this step, 1 or 2 (not the game's round)."""
    upgraded: list[int]
    # Production
    seat: int
    count: int
    drawn: bool
    # Goods Growth
    side: str
    # the auction
    bidders: list[int]
    seating: list[int]
    bids: dict[str, int]
    high: int | None
    at: int
    dropped: list[int]
    passed: bool
    paid: dict[str, int]


class AgeOfSteamState(TypedDict):
    schema: int
    game: str
    chance_taken: int
    players: list[str]
    round: int
    """The game's round: the rulebook's "turn" (shown as "Turn 3/10")."""
    rounds: int
    """The last round (10/8/7/6 for 3/4/5/6 players)."""
    phase: str
    step: PhaseData
    order: list[int]
    cash: list[int]
    income: list[int]
    shares: list[int]
    engine: list[int]
    eliminated: list[bool]
    built: list[bool]
    action: list[str | None]
    """The action each seat selected this round (None before selecting)."""
    board: dict[str, Tile]
    new_cities: dict[str, str]
    """Town hex -> the new city letter placed there by Urbanization."""
    cubes: dict[str, list[str]]
    """City hex -> the goods cubes there."""
    display: Display
    bag: dict[str, int]
    supply: dict[str, int]
    """Tile kind -> tiles left."""
    last: Last | None
    held: NotRequired[list[str]]
    """The cubes Production drew, until placed."""
    map: str
    """The map's slug (``games.age_of_steam.maps.FILES``): ``rust-belt``,
    ``barbados`` or ``st-lucia``; its rule switches come from its data file."""
    map_cubes: dict[str, str]
    """Hex -> the goods cube lying on that map hex (St. Lucia: one on every
    plain and river hex at the start, never replenished; a cube leaves its
    hex along track built there). Empty on maps without goods on hexes."""
    blocked: list[str]
    """The actions taken in this cycle and so blocked until every action has
    been taken once (Barbados); empty elsewhere."""
    priority: int | None
    """The seat holding the priority in this turn's player order (St. Lucia:
    it may pay first for the first place); None elsewhere or before it is
    known."""
    priority_next: int | None
    """The Turn Order holder, who holds the priority next turn whoever would
    have held it (St. Lucia); None when no one took it."""
    first_player: int | None
    """The first player of the starting order, who holds the priority in odd
    turns (the alternation of St. Lucia); None elsewhere."""
    paid_first: int | None
    """The seat that paid for the first place this turn (St. Lucia), or None
    (no one paid: the priority player goes first for free)."""


def typed(state: State) -> AgeOfSteamState:
    """``state`` seen through its type (the same dict)."""
    return cast(AgeOfSteamState, state)


def _last_from_schema_1(last: dict[str, Any] | None) -> None:
    if last:
        last["round"] = last.pop("turn")
        last["where"] = last.pop("hexes")


def from_schema_1(state: State) -> State:
    """Schema 1 -> 2: ``turn``/``turns`` become ``round``/``rounds``; the
    last move's ``turn``/``hexes`` become ``round``/``where`` (also in the
    builder's undo records)."""
    state["round"] = state.pop("turn")
    state["rounds"] = state.pop("turns")
    _last_from_schema_1(state.get("last"))
    for saved in state.get("step", {}).get("undo", []):
        _last_from_schema_1(saved.get("last"))
    return state


SMALL_MAP_KEYS: dict[str, Any] = {
    "map_cubes": {}, "blocked": [], "priority": None, "priority_next": None,
    "first_player": None, "paid_first": None,
}
"""The small maps' keys, as a game without those rules holds them."""


def from_schema_2(state: State) -> State:
    """Schema 2 -> 3: every state stored before the map option was a Rust
    Belt game; the small maps' keys are added empty."""
    state["map"] = "rust-belt"
    for key, empty in SMALL_MAP_KEYS.items():
        state[key] = copy.deepcopy(empty)
    return state


MIGRATIONS: dict[int, Callable[[State], State]] = {1: from_schema_1, 2: from_schema_2}
"""Schema version -> the function upgrading a stored state of that version."""
