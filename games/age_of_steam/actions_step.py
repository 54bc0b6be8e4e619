"""Step 3, Select Actions: in player order, each of the map's actions once
a turn (the base game's seven; Barbados' four, St. Lucia's six).

On a map with ``action_cycle`` (Barbados, B11) an action once taken stays
blocked (``blocked``) until every action has been taken once; then all open
again. A seat left with one action takes it without being asked (an event
says so). On a map whose player order goes by priority (St. Lucia, S9) Turn
Order gives its holder the priority in the next turn's player order.
"""

from __future__ import annotations

from games.core import IllegalAction, State
from games.tree import Node

from .state import typed
from .economy import active_seats
from .maps import ORDER_PRIORITY, map_of
from .params import rules
from .phase_base import Phase, name, node, queue_actor, register, start


def open_actions(state: State) -> list[str]:
    """The actions a seat may select now, in the rulebook's order: the
    map's actions not taken this turn nor blocked in this cycle."""
    taken = set(a for a in state["action"] if a) | set(state["blocked"])
    return [a for a in map_of(state).actions if a not in taken]


def reopens(state: State) -> str:
    """"open again once X and Y are taken": when the blocked actions reopen."""
    r = rules()
    left = [r.action_label[a] for a in open_actions(state)]
    if not left:
        return ""
    return "open again once " + (" and ".join([", ".join(left[:-1]), left[-1]] if len(left) > 1 else left)) + \
        (" is taken" if len(left) == 1 else " are taken")


class SelectActions(Phase):
    phase = "actions"
    title = "Select actions"
    usage = "Select an action: 'action " + "|".join(rules().actions) + "'."

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        state["action"] = [None] * len(state["players"])
        state["step"] = {"queue": active_seats(typed(state))}
        return self._take_the_only(state)

    def _take_the_only(self, state: State) -> list[str]:
        """While the seat to select has one action left, it is taken for him."""
        events: list[str] = []
        while state["phase"] == self.phase and len(open_actions(state)) == 1:
            seat = state["step"]["queue"][0]
            act = open_actions(state)[0]
            events.append(f"{name(state, seat)} has one action left: {rules().action_label[act]}.")
            events.extend(self._select(state, seat, act))
        return events

    def seats(self, state: State) -> list[int]:
        return queue_actor(state)

    def nodes(self, state: State, seat: int) -> list[Node]:
        return [node("action", "Select an action", "Select an action", expand=lambda: self._actions(state))]

    def _actions(self, state: State) -> list[Node]:
        r = rules()
        return [node(a, f"{r.action_label[a]}: {effect(state, a)}", "Which action?", command="action",
                     summary=f"{r.action_label[a]}: {effect(state, a)}")
                for a in open_actions(state)]

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        r = rules()
        if len(tokens) != 2 or tokens[0] != "action" or tokens[1] not in r.actions:
            raise IllegalAction(self.usage)
        act = tokens[1]
        if act not in map_of(state).actions:
            raise IllegalAction(f"{r.action_label[act]} is not played on the {map_of(state).name} map.")
        if act in state["action"]:
            holder = state["action"].index(act)
            raise IllegalAction(f"{r.action_label[act]} is already taken by {name(state, holder)}.")
        if act in state["blocked"]:
            raise IllegalAction(f"{r.action_label[act]} is blocked: {reopens(state)}.")
        return self._select(state, seat, act) + self._take_the_only(state)

    def _select(self, state: State, seat: int, act: str) -> list[str]:
        r = rules()
        m = map_of(state)
        state["action"][seat] = act
        events = [f"{name(state, seat)} selects {r.action_label[act]}."]
        if act == "locomotive":
            if state["engine"][seat] < r.max_engine:
                state["engine"][seat] += 1
            events.append(f"{name(state, seat)}'s engine is now {state['engine'][seat]} links.")
        if act == "turn-order" and m.player_order == ORDER_PRIORITY and state["round"] < state["rounds"]:
            typed(state)["priority_next"] = seat
            events.append(f"{name(state, seat)} will hold the priority in next turn's player order.")
        if m.action_cycle:
            blocked = state["blocked"]
            blocked.append(act)
            if set(blocked) >= set(m.actions):
                state["blocked"] = []
                events.append("Every action has been taken once: all are open again.")
        state["step"]["queue"].pop(0)
        if not state["step"]["queue"]:
            events.extend(start("build", state))
        return events


def effect(state: State, act: str) -> str:
    """What an action does, on this map."""
    if act == "turn-order" and map_of(state).player_order == ORDER_PRIORITY:
        return "priority in next turn's player order"
    return rules().action_effect[act]


register(SelectActions())
