"""Victory points, the end of the game and its tie-breaks.

2 points per delivered good, 1 per circuit counter, plus a bonus for the
number of different colours delivered (2: 1, 3: 3, 4: 5). A player reaching
13 points wins at once; otherwise, when the last track tile is drawn, the
most points wins, ties going to the most circuit counters, then the most
steam; players still tied share the victory.
"""

from __future__ import annotations

from typing import Any

from games.core import Outcome

from .params import param, variety_bonus


def breakdown(state: dict[str, Any], seat: int) -> dict[str, int]:
    """The parts of ``seat``'s score, in the rulebook's order."""
    delivered: list[str] = state["delivered"][seat]
    return {
        "deliveries": param("points_per_good") * len(delivered),
        "variety": variety_bonus(len(set(delivered))),
        "circuits": param("points_per_circuit") * int(state["circuits"][seat]),
    }


def score(state: dict[str, Any], seat: int) -> int:
    return sum(breakdown(state, seat).values())


def reached_winning_points(state: dict[str, Any], seat: int) -> bool:
    return score(state, seat) >= param("winning_points")


def _rank_key(state: dict[str, Any], seat: int) -> tuple[int, int, int]:
    return (score(state, seat), int(state["circuits"][seat]), int(state["steam"][seat]))


def outcome(state: dict[str, Any]) -> Outcome:
    """Scores and ranking; a 13-point winner ranks first whatever the rest."""
    n = len(state["players"])
    scores = [score(state, s) for s in range(n)]
    parts = [breakdown(state, s) for s in range(n)]
    over = state.get("over") or {}
    champion = over.get("winner")
    rest = [s for s in range(n) if s != champion]
    groups: list[list[int]] = [[champion]] if champion is not None else []
    for seat in sorted(rest, key=lambda s: _rank_key(state, s), reverse=True):
        if groups and groups[-1][0] != champion and _rank_key(state, groups[-1][0]) == _rank_key(state, seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return Outcome(scores, parts, groups, _tiebreak_note(state, groups, scores))


def _tiebreak_note(state: dict[str, Any], groups: list[list[int]], scores: list[int]) -> str:
    names = state["players"]
    notes: list[str] = []
    over = state.get("over") or {}
    if over.get("winner") is not None:
        notes.append(f"{names[over['winner']]} reached {param('winning_points')} points and won at once.")
    by_score: dict[int, list[int]] = {}
    for s, sc in enumerate(scores):
        by_score.setdefault(sc, []).append(s)
    for sc, seats in sorted(by_score.items(), reverse=True):
        if len(seats) < 2 or over.get("winner") in seats:
            continue
        tied = ", ".join(names[s] for s in seats)
        shared = [g for g in groups if len(g) > 1 and g[0] in seats]
        if shared:
            notes.append(f"{tied} tied on {sc} points, circuits and steam: they share the place.")
        else:
            notes.append(f"{tied} tied on {sc} points: more circuit counters, then more steam, ranks higher.")
    return " ".join(notes)
