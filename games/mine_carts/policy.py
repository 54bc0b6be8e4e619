"""Mine Carts' bot: a team that steers the gold cart home.

Every choice is judged by moving the carts as the switch would move them
now (the rules' own :func:`~games.mine_carts.phases.run_moves`, on a copy):
a card is laid where, with the best switch after it, the gold cart scores
for the team, or ends nearest the team's towns and farthest from the other
team's; the switch is set the same way. Only cards next to the gold cart,
where it would stop, and the team's towns are tried (a few others at random).
Nothing in Mine Carts is hidden: the factories are face up and the deck's
order is left to chance.
"""

from __future__ import annotations

import random

from games.core import Game, IllegalAction, State
from games.playout import random_action

from .board import distance, neighbour, opposite
from .movement import exits
from .params import rules
from .phases import carts_copy, plan, run_moves
from .state import MineCartsState, typed
from .track import ends

GOLD_VALUE = 100.0
"""A gold scored (for the team) or conceded (to the other team)."""
NEARER = 3.0
"""Each square the gold cart is nearer the team's towns than the other team's."""
PATH = 2.0
"""Each square the gold cart's track comes nearer the team's towns than the other team's."""
THEIRS = 0.5
"""Weight of the distance to the other team's towns, against 1 for the team's own."""
SPEED = 1.0
"""Each square a team cart moves, up to 5 (faster carts lay more cards)."""
NEAR = 1
"""How far from the gold cart, where it would stop, and the team's towns a card is worth trying."""
SAMPLE = 12
"""Cards tried elsewhere, at random."""


def team_of(state: MineCartsState, seat: int) -> int:
    return next(t for t, team in enumerate(state["teams"]) if seat in team["seats"])


def towns_of(team: int) -> list[str]:
    return [square for square, owner in rules().towns.items() if owner == team]


def nearness(squares: set[str], team: int) -> float:
    """How near the nearest of ``squares`` is to the team's towns, less half
    how near it is to the other team's (higher is better for the team)."""
    ours = min(distance(q, t) for q in squares for t in towns_of(team))
    theirs = min(distance(q, t) for q in squares for t in towns_of(1 - team))
    return THEIRS * theirs - ours


def gold_position(state: MineCartsState, team: int) -> float:
    """:func:`nearness` of the gold cart (in the mine: of the mine)."""
    return nearness({state["gold_cart"]["square"]}, team)


def exit_choices(state: MineCartsState, colour: str) -> list[tuple[int, ...]]:
    """Every complete way to pick the carts' tracks out of a town or the
    mine with the switch on ``colour`` (the rules' own :func:`plan`, asked
    after each pick)."""
    done: list[tuple[int, ...]] = []
    todo: list[tuple[int, ...]] = [()]
    while todo:
        chosen = todo.pop()
        ask = plan(state, colour, chosen)
        if ask is None:
            done.append(chosen)
        else:
            todo.extend(chosen + (edge,) for edge in ask[2])
    return done


def after_moves(state: MineCartsState, team: int) -> float:
    """The best the team can make of the switch now: the carts moved on a copy."""
    best = None
    for colour in rules().switch_colours:
        for chosen in exit_choices(state, colour):
            sim = carts_copy(state)
            moves = run_moves(sim, colour, chosen)
            value = gold_position(sim, team) * NEARER
            for m in moves:
                if m["scored"] is not None:
                    value += GOLD_VALUE if m["scored"] == team else -GOLD_VALUE
                if m["cart"] != "gold" and m["team"] == team:
                    value += SPEED * min(5, len(m["squares"]) - 1)
            best = value if best is None else max(best, value)
    return best if best is not None else 0.0


def gold_margin(state: MineCartsState, team: int) -> int:
    return int(state["teams"][team]["gold"]) - int(state["teams"][1 - team]["gold"])


def track_reach(state: MineCartsState) -> set[str]:
    """The squares the gold cart's track joins it to, any switch allowed:
    from its square (or the mine's neighbours joined to the mine), along
    cards whose ends meet."""
    grid = state["grid"]
    start = state["gold_cart"]["square"]
    if start in grid:
        todo = [start]
    else:
        todo = [neighbour(start, e) for e in range(4)
                if neighbour(start, e) in grid and opposite(e) in ends(grid[neighbour(start, e)])]
    seen = set(todo)
    while todo:
        here = todo.pop()
        for e in ends(grid[here]):
            there = neighbour(here, e)
            if there not in seen and there in grid and opposite(e) in ends(grid[there]):
                seen.add(there)
                todo.append(there)
    return seen


def path_value(state: MineCartsState, team: int) -> float:
    """:func:`nearness` of the gold cart's track (of the gold cart itself
    when no track joins it)."""
    return nearness(track_reach(state) or {state["gold_cart"]["square"]}, team)


def gold_ends(state: MineCartsState) -> set[str]:
    """Where the gold cart is, and where it would stop with each switch."""
    ends = {state["gold_cart"]["square"]}
    for colour in rules().switch_colours:
        for chosen in exit_choices(state, colour)[:1]:
            sim = carts_copy(state)
            moves = run_moves(sim, colour, chosen)
            ends.update(m["squares"][-1] for m in moves if m["cart"] == "gold")
    return ends


def worth_trying(square: str, spots: set[str]) -> bool:
    """A card laid next to (or on) one of ``spots``."""
    return any(distance(square, s) <= NEAR for s in spots)


class MineCartsPolicy:
    """See the module docstring."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        team = team_of(s, seat)
        texts = [c.text for c in game.legal_actions(state, seat)]
        if s["phase"] == "lay":
            spots = gold_ends(s) | set(towns_of(team))
            near = [t for t in texts if worth_trying(t.split()[1], spots)]
            rest = [t for t in texts if t not in set(near)]
            texts = near + rng.sample(rest, min(SAMPLE, len(rest)))
        best: tuple[float, float, str] | None = None
        for text in texts:
            try:
                after = typed(game.apply(state, seat, text).state)
            except IllegalAction:
                continue
            value = GOLD_VALUE * gold_margin(after, team)
            if s["phase"] == "lay":
                value += after_moves(after, team) + PATH * path_value(after, team)
            else:
                value += NEARER * gold_position(after, team)
            key = (value, rng.random(), text)
            if best is None or key[:2] > best[:2]:
                best = key
        return best[2] if best is not None else random_action(game, state, seat, rng)


POLICY = MineCartsPolicy()
