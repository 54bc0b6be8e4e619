"""Victory points, the end of the game and its tie-breaks.

2 points per delivered good, 1 per circuit counter, plus a bonus for the
number of different colours delivered (2: 1, 3: 3, 4: 5). A player reaching
13 points wins at once; otherwise, when the last track tile is drawn, the
most points wins, ties going to the most circuit counters, then the most
steam; players still tied share the victory.
"""

from __future__ import annotations

from games.core import Outcome

from .params import param, variety_bonus
from .state import DaysOfSteamState


def breakdown(state: DaysOfSteamState, seat: int) -> dict[str, int]:
    """The parts of ``seat``'s score, in the rulebook's order."""
    delivered: list[str] = state["delivered"][seat]
    return {
        "deliveries": param("points_per_good") * len(delivered),
        "variety": variety_bonus(len(set(delivered))),
        "circuits": param("points_per_circuit") * int(state["circuits"][seat]),
    }


def score(state: DaysOfSteamState, seat: int) -> int:
    return sum(breakdown(state, seat).values())


def reached_winning_points(state: DaysOfSteamState, seat: int) -> bool:
    return score(state, seat) >= param("winning_points")


def _rank_key(state: DaysOfSteamState, seat: int) -> tuple[int, int, int]:
    return (score(state, seat), int(state["circuits"][seat]), int(state["steam"][seat]))


def outcome(state: DaysOfSteamState) -> Outcome:
    """Scores and ranking; a 13-point winner ranks first whatever the rest."""
    n = len(state["players"])
    scores = [score(state, s) for s in range(n)]
    parts = [breakdown(state, s) for s in range(n)]
    champion = state["winner"]
    rest = [s for s in range(n) if s != champion]
    groups: list[list[int]] = [[champion]] if champion is not None else []
    for seat in sorted(rest, key=lambda s: _rank_key(state, s), reverse=True):
        if groups and groups[-1][0] != champion and _rank_key(state, groups[-1][0]) == _rank_key(state, seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return Outcome(scores, parts, groups, _tiebreak_note(state, groups, scores))


def _tiebreak_note(state: DaysOfSteamState, groups: list[list[int]], scores: list[int]) -> str:
    """How the ranking was decided, in words: the 13-point winner, then for
    each set of players tied on points who ranks above whom and why (more
    circuit counters, else more steam), and who still shares a place."""
    notes: list[str] = []
    champion = state["winner"]
    if champion is not None:
        notes.append(f"{state['players'][champion]} reached {param('winning_points')} points and won at once.")
    for sc in sorted(set(scores), reverse=True):
        tied = [g for g in groups if champion not in g and scores[g[0]] == sc]
        if sum(len(g) for g in tied) < 2:
            continue
        everyone = _names(state, [s for g in tied for s in g])
        steps = [_why_above(state, upper, lower, groups[0] is upper) for upper, lower in zip(tied, tied[1:])]
        steps += [f"{_names(state, g)} are level on circuit counters ({state['circuits'][g[0]]}) and steam "
                  f"({state['steam'][g[0]]}) too: they share {'the victory' if groups[0] is g else 'the place'}"
                  for g in tied if len(g) > 1]
        notes.append(f"{everyone} tied on {sc} points: " + "; ".join(steps) + ".")
    return " ".join(notes)


def _names(state: DaysOfSteamState, seats: list[int]) -> str:
    names = [str(state["players"][s]) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _why_above(state: DaysOfSteamState, upper: list[int], lower: list[int], first: bool) -> str:
    """Why the players of ``upper`` rank above those of ``lower`` (tied on points)."""
    a, b = upper[0], lower[0]
    who = _names(state, upper)
    plural = len(upper) > 1
    if first:
        verb = ("win" if plural else "wins") + " the tie"
        over = f" over {_names(state, lower)}"
    else:
        verb = "rank" if plural else "ranks"
        over = f" above {_names(state, lower)}"
    if state["circuits"][a] != state["circuits"][b]:
        return f"{who} {verb}{over} with more circuit counters ({state['circuits'][a]} to {state['circuits'][b]})"
    return (f"{who} {verb}{over} with more steam ({state['steam'][a]} to {state['steam'][b]}), "
            f"circuit counters being level ({state['circuits'][a]})")
