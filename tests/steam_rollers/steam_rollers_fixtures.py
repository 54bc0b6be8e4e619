"""Helpers for the Steam Rollers tests: a game set up with chosen chance
outcomes, track laid along a list of hexes, and short ways to act."""

from __future__ import annotations

from games.core import CHANCE, State
from games.steam_rollers import GAME
from games.steam_rollers.board import board

NAMES = ["ann", "bob", "cid", "dee", "eve"]
# per city 1-6, never the city's own colour (yellow, red, grey, grey, blue, purple)
DEFAULT_CUBES = ["rbgprbg", "ybgpybg", "rybprby", "rybpbry", "rygprgy", "rygbrgb"]

# The rulebook's delivery figure: a red cube from city 1 to red city 2,
# distance 3 via cities 3 and 4, or distance 4 via two towns and city 4.
DIRECT_1_3 = ["B2", "C2", "D1", "E1", "F1", "G2"]
DIRECT_3_4 = ["G2", "G3", "G4", "F4", "F5"]
DIRECT_4_2 = ["F5", "G6", "H6", "I6", "J5"]
TOWN_1_4 = ["B2", "B3", "C4", "D4", "E5", "F5"]     # through the blue town C4
TOWN_4_2 = ["F5", "G5", "H5", "I5", "J5"]           # through the grey town H5


def figure_track() -> dict[str, list[int]]:
    track: dict[str, list[int]] = {}
    for chain in (DIRECT_1_3, DIRECT_3_4, DIRECT_4_2, TOWN_1_4, TOWN_4_2):
        lay(track, chain)
    return track


def setup_text(players: int, cubes: list[str] | None = None, sides: str = "aaaaaa",
               first: int = 0, wall: int | None = None) -> str:
    cities = cubes or [c[: players + 2] for c in DEFAULT_CUBES]
    text = f"setup cubes:{'/'.join(cities)} sides:{sides} first:{first}"
    return text + (f" wall:{wall}" if wall is not None else "")


def started(players: int = 3, roll: str | None = None, difficulty: str = "easy",
            wall: int | None = None, **setup: object) -> State:
    """A game after its set-up outcome and (if given) the first roll."""
    state = GAME.new(NAMES[:players], {"difficulty": difficulty})
    state = GAME.apply(state, CHANCE, setup_text(players, wall=wall, **setup)).state  # type: ignore[arg-type]
    if roll is not None:
        state = GAME.apply(state, CHANCE, roll).state
    return state


def lay(track: dict[str, list[int]], hexes: list[str]) -> None:
    """Draw pieces along a chain of neighbouring hexes; the first and last
    may be cities (not drawn in)."""
    geo = board()

    def edge_to(a: str, b: str) -> int:
        for e in range(6):
            if geo.neighbour(a, e) == b:
                return e
        raise AssertionError(f"{a} and {b} are not neighbours")

    for i, h in enumerate(hexes):
        if h in geo.city_at:
            continue
        ends = sorted([edge_to(h, hexes[i - 1]), edge_to(h, hexes[i + 1])])
        track[h] = ends


def act(state: State, seat: int, text: str) -> tuple[State, list[str]]:
    applied = GAME.apply(state, seat, text)
    return applied.state, applied.events


def tokens(state: State, seat: int, prefix: str = "") -> list[str]:
    return [o.token for o in GAME.options_at(state, seat, prefix.split())]


def give(state: State, code: str, seat: int | None, sideways: bool = False) -> None:
    """Put card ``code`` ("5a") face up with ``seat``."""
    state["cards"][code[0]] = {"side": code[1], "holder": seat, "sideways": sideways}


def full_network() -> dict[str, list[int]]:
    """Track joining every pair of neighbouring cities by a shortest chain
    that avoids the towns and the other chains."""
    from collections import deque

    geo = board()
    used: set[str] = set()
    track: dict[str, list[int]] = {}
    for a, b in ((1, 3), (3, 6), (1, 5), (3, 4), (6, 2), (5, 4), (4, 2)):
        start, goal = geo.city_hex[a], geo.city_hex[b]
        queue = deque([[start]])
        seen = {start}
        found: list[str] = []
        while queue and not found:
            path = queue.popleft()
            for edge in range(6):
                nxt = geo.neighbour(path[-1], edge)
                if nxt == goal and len(path) > 1:
                    found = path + [nxt]
                    break
                if nxt is None or nxt in seen or nxt in geo.city_at or nxt in geo.towns or nxt in used:
                    continue
                seen.add(nxt)
                queue.append(path + [nxt])
        assert found, f"no free chain from {a} to {b}"
        used.update(found[1:-1])
        lay(track, found)
    return track
