"""The 9 x 9 grid: squares A1-I9 (columns A-I left to right, rows 1-9 top to
bottom), edges 0 N, 1 E, 2 S, 3 W, wrapping on all four sides."""

from __future__ import annotations

import re
from functools import cache

from games.mine_carts.params import rules

EDGES = "NESW"
_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)
_SQUARE = re.compile(r"([A-Ia-i])0*([1-9])", re.ASCII)


@cache
def columns() -> str:
    return "ABCDEFGHI"[: rules().size]


@cache
def square(x: int, y: int) -> str:
    n = rules().size
    return f"{columns()[x % n]}{y % n + 1}"


@cache
def coords(name: str) -> tuple[int, int]:
    return columns().index(name[0]), int(name[1:]) - 1


@cache
def all_squares() -> tuple[str, ...]:
    n = rules().size
    return tuple(square(x, y) for y in range(n) for x in range(n))


def parse_square(token: str) -> str | None:
    """``c4``/``C04`` -> ``C4``; None for anything else."""
    match = _SQUARE.fullmatch(token)
    return f"{match.group(1).upper()}{match.group(2)}" if match else None


@cache
def neighbour(name: str, edge: int) -> str:
    """The square across ``edge``: off one side of the grid is the other side."""
    x, y = coords(name)
    return square(x + _DX[edge], y + _DY[edge])


def opposite(edge: int) -> int:
    return (edge + 2) % 4


@cache
def distance(a: str, b: str) -> int:
    """Steps between two squares on the wrapping grid."""
    n = rules().size
    (ax, ay), (bx, by) = coords(a), coords(b)
    dx, dy = abs(ax - bx) % n, abs(ay - by) % n
    return min(dx, n - dx) + min(dy, n - dy)


def is_town(name: str) -> bool:
    return name in rules().towns


def is_fixed(name: str) -> bool:
    """A town or the mine: never covered by a card."""
    return is_town(name) or name == rules().mine
