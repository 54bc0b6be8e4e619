"""Step 2, Determine Player Order: the auction, one bid or drop at a time.

A bidder whose only legal action is to drop out (his cash does not beat the
high bid and he has no Turn Order pass left) drops out without being asked,
as the published engines do; one event says so. A Turn Order holder who
cannot outbid is still asked: passing can change the place he takes."""

from __future__ import annotations

from games.core import IllegalAction, State
from games.tree import Node

from .state import typed
from . import auction as auc
from .economy import active_seats
from .grammar import NUMBER
from .phase_base import Phase, name, node, register, start, step_after


class Auction(Phase):
    phase = "auction"
    title = "Auction for player order"
    usage = "Bid with 'bid N', or 'drop' to drop out ('pass' with the Turn Order action)."

    def begin(self, state: State) -> list[str]:
        order = active_seats(typed(state))
        state["phase"] = self.phase
        state["step"] = auc.start(order)
        if len(order) < 2:
            return start(step_after(state, "auction"), state)
        return self._drop_those_who_cannot_outbid(state)

    def cannot_outbid(self, state: State, seat: int) -> bool:
        """True when ``seat``'s cash does not beat the high bid."""
        return bool(state["cash"][seat] <= auc.high_bid(state["step"]))

    def _drop_those_who_cannot_outbid(self, state: State) -> list[str]:
        """While the bidder to act can only drop out, drop him out."""
        events: list[str] = []
        while state["phase"] == self.phase:
            seat = int(state["step"]["at"])
            if not self.cannot_outbid(state, seat) or self.can_pass(state, seat):
                break
            high = auc.high_bid(state["step"])
            reason = (f"can't outbid {high} and drops out" if high else
                      "has no cash to bid and drops out")
            events.extend(self._drop(state, seat, reason))
        return events

    def seats(self, state: State) -> list[int]:
        return [int(state["step"]["at"])]

    def status(self, state: State) -> str:
        a = state["step"]
        high = f"high bid {name(state, a['high'])} ${auc.high_bid(a)}" if a["high"] is not None else "no bid yet"
        return f"{self.title} ({high}) · {name(state, a['at'])} to bid"

    def can_pass(self, state: State, seat: int) -> bool:
        return state["action"][seat] == "turn-order" and not state["step"]["passed"]

    def nodes(self, state: State, seat: int) -> list[Node]:
        a = state["step"]
        high = auc.high_bid(a)
        place = auc.place_of_next_dropout(a)
        pay = auc.drop_payment(a, seat)
        head = "Bid, drop out or pass?"
        out = []
        if high < state["cash"][seat]:
            out.append(node("bid", f"Bid (high ${high}, you have ${state['cash'][seat]})", head,
                            f"raise above ${high}", expand=lambda: self._amounts(state, seat)))
        out.append(node("drop", f"Drop out (place {place}, pay ${pay})", head, command="bid",
                        summary=f"Drop out: take place {place}, pay ${pay}"))
        if self.can_pass(state, seat):
            out.append(node("pass", "Pass (Turn Order)", head, "stay in the bid", command="pass",
                            summary="Pass once (Turn Order action) and stay in the bid"))
        return out

    def _amounts(self, state: State, seat: int) -> list[Node]:
        """The bids above the high bid up to the bidder's cash, offered as a
        select menu (design note: "bids from a select")."""
        high = auc.high_bid(state["step"])
        head = f"Bid for player order (high ${high})" if high else "Open the bid for player order"
        return [node(str(amount), f"${amount}", head, f"you have ${state['cash'][seat]}", command="bid",
                     summary=f"Bid ${amount} for player order", menu=True)
                for amount in range(high + 1, state["cash"][seat] + 1)]

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        a = state["step"]
        who = name(state, seat)
        if tokens == ["pass"]:
            if not self.can_pass(state, seat):
                raise IllegalAction("Only the holder of the Turn Order action may pass, once.")
            a["passed"] = True
            a["at"] = auc.next_bidder(a, seat)
            return [f"{who} passes (Turn Order).", *self._drop_those_who_cannot_outbid(state)]
        if tokens == ["drop"]:
            return self._drop(state, seat) + self._drop_those_who_cannot_outbid(state)
        if len(tokens) != 2 or tokens[0] != "bid" or not NUMBER.fullmatch(tokens[1]):
            raise IllegalAction(self.usage)
        amount = int(tokens[1])
        if amount <= auc.high_bid(a):
            raise IllegalAction(f"Bid more than the high bid of ${auc.high_bid(a)}.")
        if amount > state["cash"][seat]:
            raise IllegalAction(f"You have only ${state['cash'][seat]}: you can't bid ${amount}.")
        a["bids"][str(seat)] = amount
        a["high"] = seat
        a["at"] = auc.next_bidder(a, seat)
        return [f"{who} bids ${amount}.", *self._drop_those_who_cannot_outbid(state)]

    def _drop(self, state: State, seat: int, reason: str = "drops out") -> list[str]:
        a = state["step"]
        place = auc.place_of_next_dropout(a)
        pay = auc.drop_payment(a, seat)
        state["cash"][seat] -= pay
        a["paid"][str(seat)] = pay
        a["bidders"].remove(seat)
        a["dropped"].insert(0, seat)
        events = [f"{name(state, seat)} {reason}: place {place}, pays ${pay}."]
        if len(a["bidders"]) == 1:
            winner = a["bidders"][0]
            bid = int(a["bids"].get(str(winner), 0))
            state["cash"][winner] -= bid
            a["paid"][str(winner)] = bid
            state["order"] = [winner] + a["dropped"]
            events.append(f"{name(state, winner)} wins first place for ${bid}. Order: "
                          + ", ".join(name(state, s) for s in state["order"]) + ".")
            events.extend(start(step_after(state, "auction"), state))
        else:
            a["at"] = auc.next_bidder(a, seat)
        return events


register(Auction())
