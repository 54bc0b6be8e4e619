"""Steps 6-8: collect income, pay expenses (with income loss and
elimination), income reduction; and what elimination removes."""

from __future__ import annotations

from typing import Any

from .params import rules
from .track import network, remove_pieces

from .state import AgeOfSteamState as State


def active_seats(state: State) -> list[int]:
    """Seats still in the game, in player order."""
    return [s for s in state["order"] if not state["eliminated"][s]]


def expenses(state: State, seat: int) -> int:
    """$1 per issued share plus $1 per engine link."""
    return int(state["shares"][seat]) + int(state["engine"][seat])


def shares_to_pay(state: State, seat: int) -> int:
    """The fewest shares ``seat`` must issue now for its cash, with this
    turn's income, to cover the coming expenses (each share brings its
    value and adds $1 to the expenses)."""
    short = expenses(state, seat) - int(state["income"][seat]) - int(state["cash"][seat])
    return 0 if short <= 0 else -(-short // (rules().share_value - 1))


def reduction_for(income: int) -> int:
    """The Income Reduction of step 8 for an income."""
    for threshold, cut in rules().income_reduction:
        if income >= threshold:
            return cut
    return 0


def collect_income(state: State) -> list[str]:
    events = []
    for seat in active_seats(state):
        state["cash"][seat] += state["income"][seat]
    paid = ", ".join(f"{state['players'][s]} ${state['income'][s]}" for s in active_seats(state))
    events.append(f"Income: {paid}.")
    return events


def pay_expenses(state: State) -> list[str]:
    events = []
    for seat in active_seats(state):
        cost = expenses(state, seat)
        name = state["players"][seat]
        if state["cash"][seat] >= cost:
            state["cash"][seat] -= cost
            continue
        short = cost - state["cash"][seat]
        state["cash"][seat] = 0
        state["income"][seat] -= short
        events.append(f"{name} can't pay ${cost} of expenses: income -{short}.")
        if state["income"][seat] <= 0:
            events.extend(eliminate(state, seat))
    return events


def eliminate(state: State, seat: int) -> list[str]:
    """Insolvency: the player is out; his unfinished sections leave the board,
    his completed links stay, unowned, and his income disk leaves the track
    (income 0: he scores only his shares, below every player still in)."""
    state["eliminated"][seat] = True
    state["income"][seat] = 0  # his disks leave the displays
    net = network(state)
    unfinished = [ref for sec in net.sections if sec.owner == seat and not sec.complete
                  for ref in sec.paths]
    remove_pieces(state, unfinished)
    for entry in state["board"].values():
        entry["owners"] = [None if o == seat else o for o in entry["owners"]]
    state["order"] = [s for s in state["order"] if s != seat]
    return [f"{state['players'][seat]} is insolvent and out of the game."]


def reduce_income(state: State) -> list[str]:
    cuts = []
    for seat in active_seats(state):
        cut = reduction_for(state["income"][seat])
        if cut:
            state["income"][seat] -= cut
            cuts.append(f"{state['players'][seat]} -{cut}")
    return [f"Income reduction: {', '.join(cuts)}."] if cuts else []
