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

A railroad given a ``lookahead`` (the hard bot) also weighs its best
build candidates a turn further: each, 'done' included, is worth the
best of its board as it is and of its board with one of the planner's
next links built at the start of the next turn, when the cash allows
(:meth:`Weighing.looked_ahead`). It does so at the build step only, not
when weighing the actions and shares that lead to a build: there the
next link's promise, which the play-outs take up whenever the cash
allows, tips the choice to an action that builds less now and counts on
building later, a promise the build step itself need not keep.

At a tie the earlier candidate is kept: 'done' before a build, and the
actions in the rulebook's order. Every other choice, and every choice
on the VP maps, is the planner's.

A railroad given a ``time_limit`` (the hard bot's, weighing more) stops
a weighing that runs past it (a loaded machine) and makes the choice a
``fallback`` railroad makes (the normal one, weighing less); without a
limit the choice depends on the view alone. Given a ``margin`` too, it
keeps the fallback's choice unless its own best candidate is worth at
least the margin more: two weighings of the same board differ by their
play-outs' luck and by what the play-outs leave out (the builds after
the next), so a small difference says little, and a choice swapped on
it changes the game's course for nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, cast

from games.bot_search import clock, counted_search
from games.core import Game, State

from .cash_outlook import SAMPLES, NextLink, Outlook, outlook
from .forecast import money_at_end
from .links import LinkPlan, with_plan
from .placement import Refused, evaluate
from .planner import PlanningRailroad, best_pair, reserve, urbanizations
from .params import rules
from .state import AgeOfSteamState, typed
from .track import network

WIDTH = 6
"""The link plans a build weighs, the planner's best first."""
NEW_CITIES = 4
"""The new cities an Urbanization weighs, the planner's best first."""

Choices = list[tuple[str, float]]
"""Candidate action texts, each with the cash it can expect to end with."""


class OutOfTime(Exception):
    """A weighing ran past its railroad's time limit."""


class CashRailroad(PlanningRailroad):
    """The normal bot (see the module docstring): ``samples`` play-outs
    judge each candidate, ``width`` link plans and ``new_cities`` new
    cities are weighed."""

    def __init__(self, samples: int = SAMPLES, width: int = WIDTH, new_cities: int = NEW_CITIES,
                 time_limit: float | None = None, fallback: PlanningRailroad | None = None,
                 lookahead: int = 0, next_links: int = 3, margin: float | None = None) -> None:
        self.samples = samples
        self.margin = margin
        self.lookahead = lookahead
        self.next_links = next_links
        self.width = width
        self.new_cities = new_cities
        self.time_limit = time_limit
        self.fallback = fallback

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        if money_at_end(state) and state["phase"] in ("shares", "actions", "build"):
            deadline = None if self.time_limit is None else clock() + self.time_limit
            weighing = Weighing(self, game, seat, deadline)
            texts = weighing.legal(state)
            if len(texts) == 1:
                return texts[0]
            kept = None
            if self.margin is not None:
                assert self.fallback is not None
                kept = self.fallback.choose(game, state, seat, rng)
                if state["phase"] != "build" and self.weighs_like(self.fallback):
                    return kept
            try:
                choices = {"shares": weighing.shares, "actions": weighing.actions,
                           "build": weighing.build_step}[state["phase"]](state, texts)
            except OutOfTime:
                assert self.fallback is not None
                counted_search(cut=True)
                return kept if kept is not None else self.fallback.choose(game, state, seat, rng)
            if deadline is not None:
                counted_search(cut=False)
            if choices:
                best = max(choices, key=lambda tv: tv[1])
                worth = dict(choices)
                if kept is not None and kept in worth and best[1] < worth[kept] + (self.margin or 0.0):
                    return kept
                return best[0]
        return super().choose(game, state, seat, rng)

    def weighs_like(self, other: PlanningRailroad) -> bool:
        """Whether ``other`` weighs the shares and actions as this railroad
        does (the same play-outs and candidates; the lookahead counts only
        at the build step), so that its choice there is this one's."""
        return isinstance(other, CashRailroad) and (
            (other.samples, other.width, other.new_cities) == (self.samples, self.width, self.new_cities))


@dataclass(frozen=True)
class Weighing:
    """One choice's weighing by a :class:`CashRailroad` (its settings and
    its deadline, if any): each method gives candidates with their worth."""

    railroad: CashRailroad
    game: Game
    seat: int
    deadline: float | None
    ahead: bool = True

    def legal(self, state: State) -> list[str]:
        return [c.text for c in self.game.legal_actions(state, self.seat)]

    def worth(self, state: State) -> float:
        """The cash ``state`` can expect to end with."""
        return self.outlook(state).cash

    def outlook(self, state: State, then: NextLink | None = None) -> Outlook:
        """The play-outs of ``state`` (``then`` built next turn)."""
        if self.deadline is not None and clock() > self.deadline:
            raise OutOfTime
        return outlook(state, self.seat, self.railroad.samples, then)

    def shares(self, state: State, texts: list[str]) -> Choices:
        """Each number of shares, fewest first, with the worth of the best
        action it leads to."""
        ordered = sorted(texts, key=lambda t: int(t.split()[1]) if t.startswith("shares ") else 0)
        return self.followed(state, ordered, "actions", self.actions)

    def actions(self, state: State, texts: list[str]) -> Choices:
        """Each action, with the worth of its best new city and build (those
        builds weighed without the lookahead: see the module docstring)."""
        plain = replace(self, ahead=False)
        return plain.followed(state, texts, "build", plain.build_step)

    def followed(self, state: State, texts: list[str], phase: str,
                 then: Callable[[State, list[str]], Choices]) -> Choices:
        """Each of ``texts`` with the worth of the best choice ``then`` finds
        after it, when it leads to ``phase`` (else the worth of where it
        leads)."""
        out = []
        for text in texts:
            after = self.game.apply(state, self.seat, text).state
            best = max((v for _, v in then(after, self.legal(after))),
                       default=None) if after["phase"] == phase else None
            out.append((text, self.worth(after) if best is None else best))
        return out

    def build_step(self, state: State, texts: list[str]) -> Choices:
        """The build step's candidates, each with its worth: the new cities
        first, when one is due, then 'done' and the link plans."""
        out: Choices = []
        if state["step"].get("urbanize"):
            for _, town, letter in urbanizations(self.railroad, state, self.seat)[:self.railroad.new_cities]:
                text = f"urbanize {town} {letter}"
                if text in texts:
                    after = self.game.apply(state, self.seat, text).state
                    out.append((text, max(v for _, v in self.builds(after))))
        return out + self.builds(state)

    def builds(self, state: State) -> Choices:
        """'done' and the first tile of each link plan weighed, with their
        worth (see the module docstring)."""
        seat = self.seat
        game = typed(state)
        done = Candidate("done", game, frozenset(), self.outlook(state))
        step = state["step"]
        left = int(step["limit"]) - int(step["placed"])
        budget = int(state["cash"][seat]) - reserve(state, seat)
        if left <= 0 or budget <= 0:
            return [(done.text, done.seen.cash)]
        ranked = self.railroad.plans_in_reach(state, seat, left, budget, 1.0)
        trials: list[list[LinkPlan]] = [[plan] for _, _, plan in ranked[:self.railroad.width]]
        if not any(plan.extends for _, _, plan in ranked):
            pair = best_pair(state, seat, left, budget)
            if pair is not None:
                trials.append([pair[2], pair[3]])
        net = network(game)
        candidates = [done]
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
            board = {**board, "cash": [int(c) - (spent if s == seat else 0) for s, c in enumerate(state["cash"])]}
            candidates.append(Candidate(plans[0].text(), board, frozenset(h for plan in plans for h, _, _ in plan.tiles),
                                        self.outlook(cast(State, board))))
        return self.looked_ahead(state, candidates)

    def looked_ahead(self, state: State, candidates: list[Candidate]) -> Choices:
        """The candidates with their worth. With a railroad's ``lookahead``,
        its best candidates (by their worth alone) are worth the most of
        that and of each of the ``next_links`` link plans the planner ranks
        first, built at the start of the next turn on the candidate's board
        (plans sharing a hex with the candidate's own left out): a link that
        pays only with another after it, or cash kept for a better link next
        turn, counts, unless more of its play-outs end lost than of the
        board as it is (a link counted on must not make a loss likelier)."""
        out = [(c.text, c.seen.cash) for c in candidates]
        if not self.railroad.lookahead or not self.ahead:
            return out
        seat = self.seat
        ranked = self.railroad.plans_in_reach(state, seat, rules().builds_per_turn, 10 ** 6, 1.0)
        nexts = [plan for _, _, plan in ranked if not plan.extends][:self.railroad.next_links]
        for i in sorted(range(len(out)), key=lambda i: -out[i][1])[:self.railroad.lookahead]:
            c = candidates[i]
            for plan in nexts:
                if c.built & {h for h, _, _ in plan.tiles}:
                    continue
                ahead = self.outlook(cast(State, c.board), NextLink(with_plan(c.board, plan, seat), plan.cost))
                if ahead.lost <= c.seen.lost:
                    out[i] = (c.text, max(out[i][1], ahead.cash))
        return out


@dataclass(frozen=True)
class Candidate:
    """A build candidate: its action text, the board it makes (its cost
    paid), the hexes it builds on, and that board's play-outs."""

    text: str
    board: AgeOfSteamState
    built: frozenset[str]
    seen: Outlook

NORMAL = CashRailroad()
