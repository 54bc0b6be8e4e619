"""Winning: gold. The first team to 3 gold wins; when the reshuffled deck
runs out, the team with more gold wins and equal gold is a draw. Every
member of a team scores the team's gold."""

from __future__ import annotations

from games.core import Outcome
from games.mine_carts.state import MineCartsState


def team_of(state: MineCartsState, seat: int) -> int:
    return next(t for t, team in enumerate(state["teams"]) if seat in team["seats"])


def outcome(state: MineCartsState) -> Outcome:
    seats = range(len(state["players"]))
    golds = [state["teams"][team_of(state, s)]["gold"] for s in seats]
    ranked = sorted(range(len(state["teams"])), key=lambda t: -state["teams"][t]["gold"])
    groups: list[list[int]] = []
    last = None
    for t in ranked:
        gold = state["teams"][t]["gold"]
        members = sorted(state["teams"][t]["seats"])
        if groups and gold == last:
            groups[-1] = sorted(groups[-1] + members)
        else:
            groups.append(members)
        last = gold
    note = "Equal gold: the game is a draw." if len(groups) == 1 and state["ended"] else ""
    return Outcome(scores=golds, breakdown=[{"gold": g} for g in golds], ranking=groups, tiebreak_note=note)
