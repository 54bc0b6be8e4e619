"""What Age of Steam's planning bots weigh a choice in: the worth of an
income point, a share, a dollar and a track piece at this point of the game
(victory points, or on a map scored by the cash left, dollars at the end),
the turns left and the deliveries a link plan is judged on."""

from __future__ import annotations

from games.core import State

from .actions_step import open_actions
from .economy import expenses, reduction_for
from .links import COMING, WEIGHTS, coming_cubes, delivery_value, delivery_values, weighted
from .maps import map_of
from .params import rules
from .state import AgeOfSteamState, typed
from .track import Network

DOLLAR_VP = 0.6
"""What a dollar is worth in VP while shares pay for it ($5 a share for 3 VP
and a dollar a turn)."""
TURN_DOLLAR_VP = 0.5
"""What a dollar a turn is worth in VP, each turn."""


def rounds_left(state: State) -> int:
    """Turns left, this one included."""
    return int(state["rounds"]) - int(state["round"]) + 1


def money_at_end(state: State) -> bool:
    """True when the map scores the cash left at the end (its ``buy_back``
    switch: Barbados), not victory points: then every worth below is in
    dollars at the end (an income point is the dollars it brings each turn
    left, a share its dollar a turn, its buy-back repaying the $5 it
    brought; track is worth nothing)."""
    return map_of(state).buy_back is not None


def income_vp(state: State) -> float:
    """What one more income point is worth now: 3 VP and its dollars (on a
    cash-scored map: a dollar each turn left, this one's collection included)."""
    if money_at_end(state):
        return float(rounds_left(state))
    return rules().vp_per_income + TURN_DOLLAR_VP * (rounds_left(state) - 1)


def share_vp(state: State) -> float:
    """What one more share costs: 3 VP and its dollar each turn left (on a
    cash-scored map: its dollar each turn left; its $5 buy-back repays the
    $5 it brings)."""
    if money_at_end(state):
        return float(rounds_left(state))
    return -rules().vp_per_share + TURN_DOLLAR_VP * rounds_left(state)


def dollar_vp(state: State) -> float:
    """What a dollar spent now is worth (:data:`DOLLAR_VP`; a dollar on a
    cash-scored map)."""
    return 1.0 if money_at_end(state) else DOLLAR_VP


def turn_dollar_vp(state: State) -> float:
    """What a dollar a turn is worth, each turn (:data:`TURN_DOLLAR_VP`; a
    dollar on a cash-scored map)."""
    return 1.0 if money_at_end(state) else TURN_DOLLAR_VP


def track_vp(state: State) -> int:
    """What a track piece of a completed link scores (nothing on a
    cash-scored map)."""
    return 0 if money_at_end(state) else rules().vp_per_link_track


def horizon(state: State) -> int:
    """How many deliveries ahead a plan is judged on."""
    return min(6, 2 * rounds_left(state))


def with_forced_locomotive(state: State, seat: int) -> State:
    """``state`` with the seat's engine one link longer when the action
    cycle (Barbados) leaves it only Locomotive to take this turn: its
    expenses will count that link (else ``state`` itself)."""
    if not map_of(state).action_cycle or int(state["engine"][seat]) >= rules().max_engine:
        return state
    if state["phase"] != "shares" or open_actions(state) != ["locomotive"]:
        return state
    return {**state, "engine": [int(e) + (1 if s == seat else 0) for s, e in enumerate(state["engine"])]}


def planning_engine(state: State, seat: int) -> int:
    """The engine a link plan is judged with: one link longer than the
    seat's (it will soon have it); on a cash-scored map the seat's own
    (the income of the deliveries it makes now is the money it ends
    with; a plan judged on an engine it lacks paid nothing in its first
    turns)."""
    engine = int(state["engine"][seat])
    return engine if money_at_end(state) else min(rules().max_engine, engine + 1)


LATER = 0.5
"""On a cash-scored map, what a later delivery counts against one of this
turn (:func:`plan_deliveries`)."""


def plan_deliveries(game: AgeOfSteamState, net: Network, seat: int, engine: int, deliveries: int) -> float:
    """What a board's deliveries are worth to a plan (:func:`links.delivery_value`);
    on a cash-scored map this turn's two with the engine the seat has and
    the later ones with an engine one link longer (the action cycle brings
    Locomotive within a few turns)."""
    if map_of(game).buy_back is None:
        return delivery_value(game, net, seat, engine, deliveries)
    longer = min(rules().max_engine, engine + 1)
    now = delivery_values(game, net, seat, engine)[:2]
    later = delivery_values(game, net, seat, longer)[len(now):deliveries]
    soon = delivery_values({**game, "cubes": coming_cubes(game)}, net, seat, longer)[:deliveries]
    return sum(now) + LATER * (sum(w * v for w, v in zip(WEIGHTS[len(now):], later)) + COMING * weighted(soon))


def engine_turns(state: State) -> int:
    """The turns a link of engine bought now adds to the expenses: every
    turn left; on an action-cycle map (Barbados), where Locomotive comes
    once a cycle anyway, only the turns it comes sooner than the cycle's
    last turn would force it (in a cycle that the game's end cuts short,
    every turn left)."""
    left = rounds_left(state)
    if not map_of(state).action_cycle or state["phase"] != "actions":
        return left
    still_open = len(open_actions(state))
    return left if still_open > left else still_open - 1
