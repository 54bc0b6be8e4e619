"""What the coming steps 6-8 will do to each player, and what the last
delivery paid: read-only projections for the board's panel.

The projection assumes nothing else changes before those steps (no more
building, deliveries or shares): it is the board's "if the turn ended now".
It follows the rules exactly as :mod:`economy` applies them: step 6 adds the
income to the cash, step 7 takes $1 per share and per engine link, a player
who can't pay loses the shortfall from his income and is out of the game when
his income falls to 0 or below, and step 8 cuts the income by the Income
Reduction table. The score is then 3 VP per income, 1 per track piece of the
player's completed links and -3 per share (:mod:`scoring`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .economy import expenses, reduction_for
from .params import rules
from .state import AgeOfSteamState as State
from .track import Network
from .scoring import track_points

AFTER_EXPENSES = frozenset({"production", "growth"})
"""The steps of a turn that come after step 7: from them the coming
expenses are the next turn's (none after the last turn)."""


@dataclass(frozen=True)
class Outlook:
    """One player after the coming steps 6-8."""

    cash: int
    """Cash after collecting income and paying expenses."""
    income: int
    """Income after any shortfall and the Income Reduction."""
    income_lost: int
    """Income lost because the cash could not pay the expenses."""
    eliminated: bool
    """The player cannot pay and his income falls to 0 or below: he is out."""
    vp: int
    """The score with that income (what the player scores if the game ended
    after those steps)."""


def expenses_to_come(state: State) -> bool:
    """Whether steps 6-8 still come in this game: not once the game is over,
    nor after the last turn's expenses."""
    if state["phase"] == "over":
        return False
    return not (state["phase"] in AFTER_EXPENSES and state["round"] >= state["rounds"])


def outlook(state: State, seat: int, net: Network) -> Outlook:
    """``seat`` after the coming Collect Income, Pay Expenses and Income
    Reduction (unchanged when none come, or for a player already out)."""
    r = rules()
    cash, income = int(state["cash"][seat]), int(state["income"][seat])
    lost, out = 0, bool(state["eliminated"][seat])
    if expenses_to_come(state) and not out:
        cash += income
        cost = expenses(state, seat)
        if cash >= cost:
            cash -= cost
        else:
            lost = cost - cash
            cash, income = 0, income - lost
            out = income <= 0
        if out:
            income = 0
        else:
            income -= reduction_for(income)
    vp = (r.vp_per_income * income + r.vp_per_link_track * track_points(net, seat)
          + r.vp_per_share * int(state["shares"][seat]))
    return Outlook(cash, income, lost, out, vp)


def delivery_pays(state: State, net: Network) -> list[tuple[int | None, int]]:
    """The links the last delivery ran over, counted per owner in the order
    the cube met them (None: unowned links, which pay nobody); empty when
    the last move was not a delivery. Each link pays its owner +1 income."""
    last = state["last"]
    if last is None or last["kind"] != "move":
        return []
    seen: list[int] = []
    for hexl, index in last.get("pieces", []):
        link = net.of_piece.get((str(hexl), int(index)))
        if link is not None and link not in seen:
            seen.append(link)
    counts: dict[int | None, int] = {}
    for link in seen:
        owner = net.sections[link].owner
        counts[owner] = counts.get(owner, 0) + 1
    return list(counts.items())
