"""Victory points: 3 per dollar of income, 1 per track piece of the player's
completed links, -3 per issued share. Money is worth nothing.

An eliminated player is out of the game: he ranks below every railroad still
running, so his score is capped one below the lowest survivor's (the cap is
its own line of the breakdown). Ties are shared, as the rulebook allows.

On a map with ``buy_back`` (Barbados, B14-B17, B19) the end buys back every
issued share at that price from the cash: short of it, or insolvent during
the game, the game is lost ("lost: short by $M", ``solo_lost``); else the
score is the cash left ("completed with $N"; $0 counts as completed).
``scores`` holds the cash left after the buy-back (below 0: the shortfall).
"""

from __future__ import annotations

from typing import Any

from games.core import Outcome

from .maps import map_of
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


def buy_back_outcome(state: State, price: int) -> Outcome:
    """The solo end: every share bought back at ``price``; the cash left is
    the score, unless the cash falls short or the railroad went insolvent."""
    n = len(state["players"])
    parts = [{"cash": int(state["cash"][s]), "buy-back": -price * int(state["shares"][s])} for s in range(n)]
    scores = [sum(p.values()) for p in parts]
    lost = [state["eliminated"][s] or scores[s] < 0 for s in range(n)]
    if n == 1:
        if state["eliminated"][0]:
            summary = f"lost: insolvent in turn {state['round']}"
        elif lost[0]:
            summary = f"lost: short by ${-scores[0]}"
        else:
            summary = f"completed with ${scores[0]}"
    else:
        summary = ""
    ranking = [[s for s in range(n) if scores[s] == v] for v in sorted(set(scores), reverse=True)]
    note = (f"Every issued share is bought back at ${price}; the score is the cash left "
            f"(short of the buy-back, the game is lost).")
    return Outcome(scores, parts, ranking, note, summary=summary, solo_lost=n == 1 and lost[0])


def outcome(state: State) -> Outcome:
    price = map_of(state).buy_back
    if price is not None:
        return buy_back_outcome(state, price)
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
