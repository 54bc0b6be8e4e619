"""Age of Steam's normal railroad on a map scored by the cash left
(Barbados): :mod:`.planner`'s railroad, whose action, new city and
build are chosen by the cash each one's board can expect to end with.

On Barbados a link pays for the cubes the dice bring over the turns
left, so a choice is weighed by playing the rest of the game out on the
board it makes (:func:`cash_outlook.expected_cash`), not by the cubes
on the board now. Each choice weighs its candidates one turn deep:

- Issue Shares: each number of shares, followed by its best action.
- Select Actions: each open action, followed by its best new city (for
  Urbanization) and its best build (four tiles for Engineer, the
  Locomotive's longer engine, Production's two cubes to come).
- Urbanization: the new cities :func:`planner.urbanizations` ranks
  first (and none), each followed by its best build.
- Build: 'done', the :attr:`CashRailroad.width` link plans the planner
  ranks first within the cash kept for this turn's expenses, and the
  best two links built together (:func:`planner.best_pair`); the first
  tile of the best.

At a tie the earlier candidate is kept: 'done' before a build, and the
actions in the rulebook's order. Every other choice, and every choice
on the VP maps, is the planner's.
"""

from __future__ import annotations

import random
from typing import Callable, cast

from games.core import Game, State

from .cash_outlook import SAMPLES, expected_cash
from .forecast import money_at_end
from .links import LinkPlan, with_plan
from .placement import Refused, evaluate
from .planner import PlanningRailroad, best_pair, reserve, urbanizations
from .state import typed
from .track import network

WIDTH = 6
"""The link plans a build weighs, the planner's best first."""
NEW_CITIES = 4
"""The new cities an Urbanization weighs, the planner's best first."""


class CashRailroad(PlanningRailroad):
    """The normal bot (see the module docstring); ``samples`` play-outs
    judge each candidate."""

    def __init__(self, samples: int = SAMPLES, width: int = WIDTH, new_cities: int = NEW_CITIES) -> None:
        self.samples = samples
        self.width = width
        self.new_cities = new_cities

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        if money_at_end(state) and state["phase"] in ("shares", "actions", "build"):
            texts = [c.text for c in game.legal_actions(state, seat)]
            if state["phase"] == "shares":
                choices = self.share_choices(game, state, seat, texts)
            elif state["phase"] == "actions":
                choices = self.action_choices(game, state, seat, texts)
            else:
                choices = self.build_step_choices(game, state, seat, texts)
            best = max(choices, key=lambda tv: tv[1]) if choices else None
            if best is not None:
                return best[0]
        return super().choose(game, state, seat, rng)

    def worth(self, state: State, seat: int) -> float:
        """The cash ``state`` can expect to end with."""
        return expected_cash(state, seat, self.samples)

    def share_choices(self, game: Game, state: State, seat: int, texts: list[str]) -> list[tuple[str, float]]:
        """Each number of shares, fewest first, with the worth of the best
        action it leads to."""
        ordered = sorted(texts, key=lambda t: int(t.split()[1]) if t.startswith("shares ") else 0)
        return self.followed(game, state, seat, ordered, "actions", self.action_choices)

    def action_choices(self, game: Game, state: State, seat: int, texts: list[str]) -> list[tuple[str, float]]:
        """Each action, with the worth of its best new city and build."""
        return self.followed(game, state, seat, texts, "build", self.build_step_choices)

    def followed(self, game: Game, state: State, seat: int, texts: list[str], phase: str,
                 then: Callable[[Game, State, int, list[str]], list[tuple[str, float]]]) -> list[tuple[str, float]]:
        """Each of ``texts`` with the worth of the best choice ``then`` finds
        after it, when it leads to ``phase`` (else the worth of where it
        leads)."""
        out = []
        for text in texts:
            after = game.apply(state, seat, text).state
            best = max((v for _, v in then(game, after, seat, self.legal(game, after, seat))),
                       default=None) if after["phase"] == phase else None
            out.append((text, self.worth(after, seat) if best is None else best))
        return out

    def build_step_choices(self, game: Game, state: State, seat: int, texts: list[str]) -> list[tuple[str, float]]:
        """The build step's candidates, each with its worth: the new cities
        first, when one is due, then 'done' and the link plans."""
        out: list[tuple[str, float]] = []
        if state["step"].get("urbanize"):
            for _, town, letter in urbanizations(self, state, seat)[:self.new_cities]:
                text = f"urbanize {town} {letter}"
                if text in texts:
                    after = game.apply(state, seat, text).state
                    out.append((text, max(v for _, v in self.builds(after, seat))))
        return out + self.builds(state, seat)

    def builds(self, state: State, seat: int) -> list[tuple[str, float]]:
        """'done' and the first tile of each link plan weighed, with their
        worth (see the module docstring)."""
        out = [("done", self.worth(state, seat))]
        step = state["step"]
        left = int(step["limit"]) - int(step["placed"])
        budget = int(state["cash"][seat]) - reserve(state, seat)
        if left <= 0 or budget <= 0:
            return out
        ranked = self.plans_in_reach(state, seat, left, budget, 1.0)
        trials: list[list[LinkPlan]] = [[plan] for _, _, plan in ranked[:self.width]]
        if not any(plan.extends for _, _, plan in ranked):
            pair = best_pair(state, seat, left, budget)
            if pair is not None:
                trials.append([pair[2], pair[3]])
        game = typed(state)
        net = network(game)
        for plans in trials:
            h, v, _ = plans[0].tiles[0]
            try:
                placed = evaluate(game, net, seat, h, v)
            except Refused:
                continue
            if placed.cost > int(state["cash"][seat]):
                continue
            board = game
            for plan in plans:
                board = with_plan(board, plan, seat)
            spent = sum(plan.cost for plan in plans)
            cash = [int(c) - (spent if s == seat else 0) for s, c in enumerate(state["cash"])]
            out.append((plans[0].text(), self.worth(cast(State, {**board, "cash": cash}), seat)))
        return out

    @staticmethod
    def legal(game: Game, state: State, seat: int) -> list[str]:
        return [c.text for c in game.legal_actions(state, seat)]


NORMAL = CashRailroad()
