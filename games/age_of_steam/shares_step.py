"""Step 1, Issue Shares: in player order, $5 a share, at most 15 (the map's
``max_shares``), and at most the map's ``max_shares_per_turn`` a turn
(Barbados: 1, B9).

A player who has issued 15 shares has nothing to choose: he is not asked,
and one event says so (as the published engines do)."""

from __future__ import annotations

from games.core import IllegalAction, State
from games.tree import Node

from .state import typed
from .economy import active_seats
from .grammar import NUMBER
from .maps import map_of
from .params import rules
from .phase_base import Phase, name, node, queue_actor, register, start, step_after


def most_now(state: State, seat: int) -> int:
    """The most shares ``seat`` may issue this turn: up to the cap, and at
    most the map's shares a turn."""
    m = map_of(state)
    most = m.max_shares - int(state["shares"][seat])
    return most if m.max_shares_per_turn is None else min(most, m.max_shares_per_turn)


class IssueShares(Phase):
    phase = "shares"
    title = "Issue shares"
    usage = "Issue shares with 'shares N' (N = 0 to issue none)."

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        full = map_of(state).max_shares
        events = [f"{name(state, s)} has {full} shares: no more can be issued."
                  for s in active_seats(typed(state)) if state["shares"][s] >= full]
        state["step"] = {"queue": [s for s in active_seats(typed(state)) if state["shares"][s] < full]}
        if not state["step"]["queue"]:
            events.extend(start(step_after(state, "shares"), state))
        return events

    def seats(self, state: State) -> list[int]:
        return queue_actor(state)

    def nodes(self, state: State, seat: int) -> list[Node]:
        return [node("shares", "Issue shares", "Issue shares?", expand=lambda: self._amounts(state, seat))]

    def _amounts(self, state: State, seat: int) -> list[Node]:
        r = rules()
        issued = state["shares"][seat]
        out = []
        for n in range(0, most_now(state, seat) + 1):
            after = issued + n
            label = ("Issue none" if n == 0 else f"Issue {n} (+${n * r.share_value})") + (
                f": ${state['cash'][seat] + n * r.share_value} cash, "
                f"${after + state['engine'][seat]}/turn expenses, {after * r.vp_per_share} VP")
            detail = f"{after} shares issued; each costs $1 a turn and 3 VP at the end"
            out.append(node(str(n), label, f"How many shares? You have {issued} issued.", detail,
                            command="shares", summary=f"Issue {n} share{'s' if n != 1 else ''} "
                            f"(+${n * r.share_value}); {after} issued"))
        return out

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        r = rules()
        if len(tokens) != 2 or tokens[0] != "shares" or not NUMBER.fullmatch(tokens[1]):
            raise IllegalAction(self.usage)
        n = int(tokens[1])
        m = map_of(state)
        if state["shares"][seat] + n > m.max_shares:
            raise IllegalAction(f"At most {m.max_shares} shares: you can issue "
                                f"{m.max_shares - state['shares'][seat]} more.")
        if m.max_shares_per_turn is not None and n > m.max_shares_per_turn:
            raise IllegalAction(f"At most {m.max_shares_per_turn} share{'s' if m.max_shares_per_turn != 1 else ''} "
                                f"a turn on the {m.name} map.")
        state["shares"][seat] += n
        state["cash"][seat] += n * r.share_value
        state["step"]["queue"].pop(0)
        events = [f"{name(state, seat)} issued {n} share{'s' if n != 1 else ''} "
                  f"(now {state['shares'][seat]}, ${state['cash'][seat]})." if n else
                  f"{name(state, seat)} issued no shares."]
        if not state["step"]["queue"]:
            events.extend(start(step_after(state, "shares"), state))
        return events


register(IssueShares())
