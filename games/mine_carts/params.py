"""The rulebook's and the design note's numbers and tables, read from
``data/mine_carts/`` (``board.json``: the grid, towns, mine, switch and
allotment; ``cards.json``: the 68-card deck)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.data import load_json

PACKAGE = "mine_carts"


@dataclass(frozen=True)
class Kind:
    """One kind of track card at rotation 0 (edges 0 N, 1 E, 2 S, 3 W)."""

    code: str
    name: str
    count: int
    paths: tuple[tuple[int, int, str], ...]
    """Lengths of track: (one end, other end, colour); a junction's lengths all start at its stem."""
    stem: int | None
    """A junction's stem edge; None for a card without a switch."""
    rotations: tuple[int, ...]
    """The distinct rotations, clockwise in degrees."""

    @property
    def is_pit(self) -> bool:
        return not self.paths


@dataclass(frozen=True)
class Rules:
    size: int
    mine: str
    teams: tuple[str, ...]
    towns: dict[str, int]
    """Town square -> the team it belongs to."""
    carts: tuple[dict[str, str], ...]
    """Per team, cart number -> the town it starts in."""
    switch_colours: tuple[str, ...]
    factory: int
    gold_to_win: int
    first_allotment: int
    allotment_for_spaces: tuple[tuple[int, int], ...]
    """(spaces moved in one move, allotment it earns), smallest first."""
    kinds: dict[str, Kind]


@cache
def rules() -> Rules:
    board = load_json(PACKAGE, "board.json")
    cards = load_json(PACKAGE, "cards.json")
    kinds = {
        k["code"]: Kind(k["code"], k["name"], int(k["count"]),
                        tuple((int(a), int(b), str(c)) for a, b, c in k["paths"]),
                        None if k["stem"] is None else int(k["stem"]), tuple(int(r) for r in k["rotations"]))
        for k in cards["kinds"]
    }
    return Rules(
        size=int(board["size"]), mine=str(board["mine"]), teams=tuple(board["teams"]),
        towns={str(k): int(v) for k, v in board["towns"].items()},
        carts=tuple({str(n): str(sq) for n, sq in c.items()} for c in board["carts"]),
        switch_colours=tuple(board["switch_colours"]), factory=int(board["factory"]),
        gold_to_win=int(board["gold_to_win"]), first_allotment=int(board["first_allotment"]),
        allotment_for_spaces=tuple((int(a), int(b)) for a, b in board["allotment_for_spaces"]),
        kinds=kinds,
    )


def deck_size() -> int:
    return sum(k.count for k in rules().kinds.values())
