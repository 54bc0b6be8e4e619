"""The score, its breakdown and the ranking.

Each company's score starts at its home station's 3 points; each string
scores as printed (see :func:`laying.check_path`). With two players the
owner of the weakest company loses; if the weakest are tied, the other two
companies decide; tied again, it is a tie. Otherwise the most points win and
ties are ties.
"""

from __future__ import annotations

import copy

from games.core import Outcome
from games.string_railway.laying import Context, check_path
from games.string_railway.params import table
from games.string_railway.state import StringRailwayState

PARTS = ("home", "stations", "owner", "junctions", "crossings")


def crossed_text(strings: int) -> str:
    """How many other strings a string crosses, in the rulebook's words ("for
    each railroad string, river string or mountain string crossed: -1
    point"): the count its score takes, not the places it crosses them."""
    return f"{strings} string{'s' * (strings != 1)} crossed"


def seat_companies(state: StringRailwayState, seat: int) -> list[int]:
    return [i for i, c in enumerate(state["companies"]) if c["seat"] == seat]


def outcome(state: StringRailwayState) -> Outcome:
    seats = len(state["players"])
    companies = state["companies"]
    if not companies:
        return Outcome([0] * seats, [{p: 0 for p in PARTS} for _ in range(seats)], [list(range(seats))])
    keys: list[tuple[int, ...]] = []
    scores: list[int] = []
    breakdown: list[dict[str, int]] = []
    for seat in range(seats):
        mine = sorted(seat_companies(state, seat), key=lambda c: (companies[c]["score"], c))
        keys.append(tuple(companies[c]["score"] for c in mine))
        weakest = companies[mine[0]]
        scores.append(weakest["score"])
        breakdown.append({p: int(weakest["parts"].get(p, 0)) for p in PARTS})
    ranking: list[list[int]] = []
    for seat in sorted(range(seats), key=lambda s: keys[s], reverse=True):
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    note = ""
    if len(companies) > seats:
        note = ("Two players: each player's weaker company is his score and the weaker one loses; "
                "tied, the other companies decide.")
    return Outcome(scores, breakdown, ranking, note)


def recompute(state: StringRailwayState) -> list[int]:
    """Every company's score worked out again from the table alone: the
    strings re-laid in order on the stations, ownership chips from nothing."""
    replay = copy.deepcopy(state)
    replay["strings"] = []
    for st in replay["stations"]:
        if st["kind"] != "home":
            st["owner"] = None
    scores = [table().home.own for _ in replay["companies"]]
    for rs in state["strings"]:
        laid = check_path(Context.of(replay), rs["company"], rs["length"], rs["path"])
        scores[rs["company"]] += laid.points
        for owner, change in laid.owners.items():
            scores[owner] += change
        for c in laid.chips:
            next(s for s in replay["stations"] if s["cell"] == c)["owner"] = rs["company"]
        replay["strings"].append(copy.deepcopy(rs))
    return scores
