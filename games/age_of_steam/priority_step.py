"""Determine Player Order without an auction (St. Lucia, S8, S9, S20): the
map's ``first_player_price``.

One player holds the priority: the starting first player in odd turns, the
other in even turns, unless someone took Turn Order last turn (he holds it,
``priority_next``). The priority player may pay the price to go first, or
decline; then the other player may pay to go first, or decline; if both
decline the priority player goes first for free. A player with less cash
than the price declines without being asked (an event says so). The order
holds for every step of the turn.
"""

from __future__ import annotations

from games.core import IllegalAction, State
from games.tree import Node

from .economy import active_seats
from .maps import map_of
from .phase_base import Phase, name, node, register, start, step_after
from .state import typed


def alternation(state: State) -> int:
    """Who holds the priority this turn by alternation: the starting first
    player in odd turns, the other player in even turns."""
    seats = active_seats(typed(state))
    first = state["first_player"] if state["first_player"] is not None else seats[0]
    others = [s for s in range(len(state["players"])) if s != first]
    return int(first) if state["round"] % 2 == 1 or not others else others[0]


class PriorityOrder(Phase):
    phase = "priority"
    title = "Player order"
    usage = "Pay to go first with 'pay', or 'decline'."

    def begin(self, state: State) -> list[str]:
        game = typed(state)
        state["phase"] = self.phase
        seats = active_seats(game)
        if game["priority_next"] is not None and game["priority_next"] in seats:
            holder, why = game["priority_next"], "Turn Order"
        else:
            holder, why = alternation(state), "alternation"
        game["priority"] = holder
        game["priority_next"] = None
        game["paid_first"] = None
        queue = [holder] + [s for s in seats if s != holder]
        state["step"] = {"queue": queue}
        events = [f"{name(state, holder)} holds the priority in turn {game['round']} ({why})."]
        return events + self._skip_the_short(state)

    def _skip_the_short(self, state: State) -> list[str]:
        """A player who cannot pay declines without being asked (S20)."""
        events: list[str] = []
        price = map_of(state).first_player_price
        while state["phase"] == self.phase and state["cash"][state["step"]["queue"][0]] < price:
            seat = state["step"]["queue"][0]
            events.append(f"{name(state, seat)} has less than ${price} and declines.")
            events.extend(self._decline(state, seat))
        return events

    def seats(self, state: State) -> list[int]:
        return [state["step"]["queue"][0]]

    def status(self, state: State) -> str:
        seat = state["step"]["queue"][0]
        return f"{self.title} · {name(state, seat)} to pay ${map_of(state).first_player_price} to go first or decline"

    def nodes(self, state: State, seat: int) -> list[Node]:
        price = map_of(state).first_player_price
        head = f"Pay ${price} to go first this turn?"
        other = typed(state)["priority"] != seat
        free = "" if other else "; if both decline you go first for free"
        return [node("pay", f"Pay ${price} to go first (you have ${state['cash'][seat]})", head,
                     "you play first in every step this turn", command="bid",
                     summary=f"Pay ${price} to the bank and go first this turn"),
                node("decline", "Decline", head, f"let the other player choose{free}" if not other
                     else "the priority player goes first for free", command="bid",
                     summary="Decline to pay for the first place")]

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        if tokens == ["decline"]:
            return [f"{name(state, seat)} declines.", *self._decline(state, seat), *self._skip_the_short(state)]
        if tokens != ["pay"]:
            raise IllegalAction(self.usage)
        price = map_of(state).first_player_price
        if state["cash"][seat] < price:
            raise IllegalAction(f"You have ${state['cash'][seat]}: going first costs ${price}.")
        state["cash"][seat] -= price
        typed(state)["paid_first"] = seat
        return [f"{name(state, seat)} pays ${price} to go first.", *self._settle(state, seat)]

    def _decline(self, state: State, seat: int) -> list[str]:
        queue: list[int] = state["step"]["queue"]
        queue.pop(0)
        if queue:
            return []
        holder = typed(state)["priority"]
        assert holder is not None
        return self._settle(state, holder)

    def _settle(self, state: State, first: int) -> list[str]:
        """``first`` goes first; the order holds for the whole turn."""
        seats = active_seats(typed(state))
        state["order"] = [first] + [s for s in seats if s != first]
        order = ", ".join(name(state, s) for s in state["order"])
        return [f"Player order: {order}.", *start(step_after(state, "priority"), state)]


register(PriorityOrder())
