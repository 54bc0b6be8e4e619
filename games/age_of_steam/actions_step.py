"""Step 3, Select Actions: in player order, each of the seven actions once."""

from __future__ import annotations

from games.core import IllegalAction, State
from games.tree import Node

from .state import typed
from .economy import active_seats
from .params import rules
from .phase_base import Phase, name, node, queue_actor, register, start


class SelectActions(Phase):
    phase = "actions"
    title = "Select actions"
    usage = "Select an action: 'action " + "|".join(rules().actions) + "'."

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        state["action"] = [None] * len(state["players"])
        state["step"] = {"queue": active_seats(typed(state))}
        return []

    def seats(self, state: State) -> list[int]:
        return queue_actor(state)

    def nodes(self, state: State, seat: int) -> list[Node]:
        return [node("action", "Select an action", "Select an action", expand=lambda: self._actions(state))]

    def _actions(self, state: State) -> list[Node]:
        r = rules()
        taken = set(a for a in state["action"] if a)
        return [node(a, f"{r.action_label[a]}: {r.action_effect[a]}", "Which action?", command="action",
                     summary=f"{r.action_label[a]}: {r.action_effect[a]}")
                for a in r.actions if a not in taken]

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        r = rules()
        if len(tokens) != 2 or tokens[0] != "action" or tokens[1] not in r.actions:
            raise IllegalAction(self.usage)
        act = tokens[1]
        if act in state["action"]:
            holder = state["action"].index(act)
            raise IllegalAction(f"{r.action_label[act]} is already taken by {name(state, holder)}.")
        state["action"][seat] = act
        events = [f"{name(state, seat)} selects {r.action_label[act]}."]
        if act == "locomotive":
            if state["engine"][seat] < r.max_engine:
                state["engine"][seat] += 1
            events.append(f"{name(state, seat)}'s engine is now {state['engine'][seat]} links.")
        state["step"]["queue"].pop(0)
        if not state["step"]["queue"]:
            events.extend(start("build", state))
        return events


register(SelectActions())
