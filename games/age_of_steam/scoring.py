"""Victory points: 3 per dollar of income, 1 per track piece of the player's
completed links, -3 per issued share. Money is worth nothing.

An eliminated player is out of the game: he ranks below every railroad still
running, so his score is capped one below the lowest survivor's (the cap is
its own line of the breakdown). Ties are shared, as the rulebook allows.
"""

from __future__ import annotations

from typing import Any

from games.core import Outcome

from .params import rules
from .track import Network, network

from .state import AgeOfSteamState as State


def track_points(net: Network, seat: int) -> int:
    """Track pieces in the completed links ``seat`` owns."""
    return sum(len(s.paths) for s in net.sections if s.complete and s.owner == seat)


def breakdown(state: State, seat: int, net: Network) -> dict[str, int]:
    r = rules()
    income = int(state["income"][seat])
    return {
        "income VP": r.vp_per_income * income,
        "track VP": r.vp_per_link_track * track_points(net, seat),
        "shares VP": r.vp_per_share * int(state["shares"][seat]),
    }


def outcome(state: State) -> Outcome:
    net = network(state)
    n = len(state["players"])
    parts = [breakdown(state, s, net) for s in range(n)]
    scores = [sum(p.values()) for p in parts]
    survivors = [s for s in range(n) if not state["eliminated"][s]]
    if survivors:
        floor = min(scores[s] for s in survivors) - 1
        for s in range(n):
            if state["eliminated"][s] and scores[s] > floor:
                parts[s]["eliminated"] = floor - scores[s]
                scores[s] = floor
    ranking: list[list[int]] = []
    for score in sorted(set(scores), reverse=True):
        ranking.append([s for s in range(n) if scores[s] == score])
    note = "Ties are shared (the rulebook has no tie-break)."
    if any(state["eliminated"]):
        note += " Eliminated players rank below every player still in the game."
    return Outcome(scores, parts, ranking, note)
