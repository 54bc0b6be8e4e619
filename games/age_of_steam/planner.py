"""Age of Steam's normal bot: a railroad that plans links, spends on what
pays back and keeps its income ahead of its expenses.

Every choice weighs VP: an income point is worth 3 VP at the end plus the
dollars it brings each turn left; a share costs 3 VP plus its dollar a turn;
a dollar spent is worth :data:`DOLLAR_VP` while shares pay for it.

- Issue shares: only those the best link plan this turn pays back (its
  extra income and track against the shares' cost), and always enough
  that this turn's expenses are paid without losing income; after the
  founding turns, none beyond that which would put its expenses more than
  :data:`EXPENSE_SLACK` ahead of its income (no spiral of shares paying
  for shares).
- Auction: bid for first place only when the action the railroad wants
  most is worth more than the bid and an earlier seat could take it.
- Actions: the one worth most for what it enables: Locomotive when a
  longer engine would deliver more (or, while the income pays the engine's
  dollar a turn, to work the engine up to :meth:`engine_wanted`: a railroad
  whose expenses already outrun its income buys no engine it cannot use; in
  5-seat games such railroads spiralled into shares paying for engines),
  Engineer when a fourth tile completes a better link, First Build when the
  best link could be taken by a rival, First Move when a rival could take
  the best cube, then the rest.
- Build: the complete link (:mod:`links`) worth most for its cost, tile by
  tile (a link begun is finished before another is begun), within the
  tiles and cash left after this turn's expenses; in the last turns also
  links that only add track VP.
- Move goods: the delivery paying most of its own links (in the turn's
  last round, net of the Income Reduction they add: at $20 a link more
  leaves $17, not $18), at a tie most links of railroads behind it (less
  income) and fewest of those level or ahead; else an engine upgrade when
  a longer engine would pay, unless paying for its link would put the
  railroad out.

On a map scored by the cash left (Barbados' ``buy_back``: :func:`forecast.money_at_end`)
the shares, actions, new cities and builds are chosen by
:mod:`cash_railroad`, from the candidates ranked here: every worth is in
dollars at the end instead of VP (an income point is a dollar each turn
left, track nothing); a link is judged on this turn's deliveries with the
engine the railroad has and, at a part, later ones with a longer engine
(:func:`forecast.plan_deliveries`), two links built together are weighed
as one (:func:`best_pair`), and a new city among several cities is worth
their cubes to come (:func:`hub_worth`). In Move Goods the engine is left
to the Locomotive action the action cycle forces.

It reads only the seat's view (nothing of the state is hidden; future
draws are never read).

"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from games.core import Game, State

from .economy import expenses, reduction_for, shares_to_pay
from .forecast import (DOLLAR_VP, dollar_vp, engine_turns, horizon, income_vp, money_at_end,
                       plan_deliveries, planning_engine, rounds_left, share_vp, track_vp,
                       turn_dollar_vp, with_forced_locomotive)
from .goods import column, column_city, routes
from .map_goods import payees, route_for
from .links import LinkPlan, delivery_value, delivery_values, link_plans, with_plan
from .hexmap import board_of, hex_distance
from .maps import map_of
from .params import rules
from .placement import Refused, evaluate
from .railroad import AgeOfSteamPolicy
from .state import AgeOfSteamState, typed
from .track import network

MAX_NEW_SHARES = 6
"""The most shares issued in one turn."""
ENGINE_GOAL = 4
"""The engine a railroad works up to whatever its deliveries say."""
ENGINE_BONUS = 3.0
"""The VP a Locomotive is worth beyond its deliveries while the engine is
short of :meth:`engine_wanted` and the income pays the dollar a turn it adds
(:meth:`can_afford_more_expenses`)."""
EXPENSE_SLACK = 4
"""How far a railroad's expenses may run ahead of its income through shares
issued beyond those its expenses need (from :data:`FOUNDING_ROUNDS` on)."""
FOUNDING_ROUNDS = 2
"""The first turns, when every railroad issues to found its network."""
URBAN_REACH = 3
"""How far from a city holding cubes of its colour a new city is considered."""

MAP_CUBE_COLOURS = 2
"""Of the goods lying on hexes near a town, the commonest colours whose new
city the normal bot weighs there (each weighing plans links: they are slow)."""


def reserve(state: State, seat: int, new_shares: int = 0) -> int:
    """Cash to keep for this turn's expenses after this turn's income."""
    return max(0, expenses(typed(state), seat) + new_shares - int(state["income"][seat]))


def survives_one_more_link(state: State, seat: int) -> bool:
    """False when one more engine link now (after the building is paid
    for) would put the railroad out: its cash and income short of the
    expenses by as much as its income (in a first turn, with no income
    yet, by a dollar), counting, in the first round of Move Goods, the
    income of the second best delivery the longer engine opens for the
    second round (a rival may take the best cube first)."""
    game = typed(state)
    income = int(state["income"][seat])
    if state["step"].get("round") == 1:
        opened = delivery_values(game, network(game), seat, int(state["engine"][seat]) + 1)
        income += opened[1] if len(opened) > 1 else 0
    short = expenses(game, seat) + 1 - int(state["cash"][seat]) - income
    return short < income


def income_kept(state: State, seat: int, links: int) -> int:
    """The income ``links`` more links of the seat's own pay it: in Move
    Goods' second round (the turn's last delivery), net of what they
    add to the Income Reduction to come (at $20 a link takes the income
    to $21, cut by $4 instead of $2: it keeps $1 less)."""
    if state["step"].get("round") != 2 or links == 0:
        return links
    income = int(state["income"][seat])
    return links - reduction_for(income + links) + reduction_for(income)


def rival_link_worth(state: State, seat: int, owner: int | None) -> int:
    """How a delivery paying a link of ``owner`` (not the seat) weighs
    at a tie of the seat's own links: +1 for a railroad whose income is
    below the seat's (income to a railroad behind costs the seat no
    place), -1 for one level or ahead, 0 for an unowned link."""
    if owner is None:
        return 0
    return 1 if int(state["income"][owner]) < int(state["income"][seat]) else -1


class PlanningRailroad(AgeOfSteamPolicy):
    """The normal bot (see the module docstring)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        texts = [c.text for c in game.legal_actions(state, seat)]
        phase = state["phase"]
        if phase == "shares":
            return self.issue(state, seat, texts)
        if phase == "auction":
            return self.bid(state, seat, texts)
        if phase == "actions":
            return self.pick(state, seat, texts)
        if phase == "build":
            return self.lay(game, state, seat, texts)
        if phase == "move":
            return self.deliver(state, seat, texts)
        if phase == "production" and texts and texts[0].startswith("produce "):
            return produced_cube(state, seat, texts)
        return super().choose(game, state, seat, rng)

    # -- plans -------------------------------------------------------------

    def scored_plans(self, state: State, seat: int, max_tiles: int,
                     engine: int | None = None, touching: str | None = None) -> list[tuple[float, LinkPlan]]:
        """Every link plan (with ``touching``, those from or to that hex)
        with its worth in VP before its cost: the income it adds over the
        next deliveries (judged with an engine one link longer, which the
        railroad will soon have) and, built, its track."""
        game = typed(state)
        net = network(game)
        eng = planning_engine(state, seat) if engine is None else engine
        before = plan_deliveries(game, net, seat, eng, horizon(state))
        worth = income_vp(state)
        out = []
        for plan in link_plans(game, net, seat, max_tiles):
            if touching is not None and touching not in (plan.origin, plan.end):
                continue
            trial = with_plan(game, plan, seat)
            gain = plan_deliveries(trial, network(trial), seat, eng, horizon(state)) - before
            out.append((gain * worth + track_vp(state) * len(plan.tiles), plan))
        return out

    def best_within(self, scored: list[tuple[float, LinkPlan]], budget: int,
                    dollar: float) -> tuple[float, LinkPlan | None]:
        """The plan of cost at most ``budget`` worth most after its cost."""
        best: tuple[float, LinkPlan | None] = (0.0, None)
        for worth, plan in scored:
            net_worth = worth - dollar * plan.cost
            if plan.cost <= budget and net_worth > best[0]:
                best = (net_worth, plan)
        return best

    # -- the steps ---------------------------------------------------------

    def issue(self, state: State, seat: int, texts: list[str]) -> str:
        """The number of shares whose cash the best plan pays back, never
        fewer than this turn's expenses need."""
        offered = sorted(int(t.split()[1]) for t in texts if t.startswith("shares "))
        least = shares_to_pay(typed(with_forced_locomotive(state, seat)), seat)
        scored = self.scored_plans(state, seat, rules().builds_per_turn)
        cash = int(state["cash"][seat])
        best_k, best_value = least, float("-inf")
        most = max(least, min(MAX_NEW_SHARES, self.spare_shares(state, seat)))
        for k in offered:
            if k < least or k > most:
                continue
            budget = cash + k * rules().share_value - reserve(state, seat, k)
            value, _ = self.best_within(scored, budget, 0.0)
            value -= share_vp(state) * (k - least)
            if value > best_value + 1e-9:
                best_k, best_value = k, value
        if best_k not in offered:
            best_k = min((k for k in offered if k >= best_k), default=offered[-1])
        return f"shares {best_k}"

    def spare_shares(self, state: State, seat: int) -> int:
        """The most shares the railroad issues this turn, unless its expenses
        need more: after the founding turns, only while its expenses stay
        within :data:`EXPENSE_SLACK` of its income (income ahead of
        expenses, so a railroad never spirals into shares paying shares)."""
        if int(state["round"]) <= FOUNDING_ROUNDS:
            return MAX_NEW_SHARES
        return max(0, int(state["income"][seat]) + EXPENSE_SLACK - expenses(typed(state), seat))

    def bid(self, state: State, seat: int, texts: list[str]) -> str:
        """Drop out (passing with Turn Order), unless first place is worth a
        small bid: a railroad with cash to spare bids $1 over the high bid
        up to $2 when it wants Locomotive or a link a rival could take."""
        if "pass" in texts:
            return "pass"
        high = max([0] + [int(v) for v in state["step"]["bids"].values()])
        spare = int(state["cash"][seat]) - reserve(state, seat)
        wanted = self.action_values(state, seat, set(), urbanization=False)
        top = max(wanted.values(), default=0.0)
        second = sorted(wanted.values(), reverse=True)[1] if len(wanted) > 1 else 0.0
        if high < 2 and top - second > 3 + high * DOLLAR_VP * 2 and spare > 8 and f"bid {high + 1}" in texts:
            return f"bid {high + 1}"
        return "drop" if "drop" in texts else texts[0]

    def action_values(self, state: State, seat: int, taken: set[str],
                      urbanization: bool = True) -> dict[str, float]:
        """What each action not yet taken is worth to the seat, in VP
        (Urbanization left out unless ``urbanization``: it is the slowest
        to weigh)."""
        game = typed(state)
        net = network(game)
        engine = int(state["engine"][seat])
        values: dict[str, float] = {}
        if "locomotive" not in taken and engine < rules().max_engine:
            now = delivery_value(game, net, seat, engine, horizon(state))
            more = delivery_value(game, net, seat, engine + 1, horizon(state))
            values["locomotive"] = (more - now) * income_vp(state) - turn_dollar_vp(state) * engine_turns(state) + 0.5
            if engine < self.engine_wanted(state) and self.can_afford_more_expenses(state, seat):
                values["locomotive"] += ENGINE_BONUS
        budget = int(state["cash"][seat]) - reserve(state, seat)
        three = self.best_within(self.scored_plans(state, seat, rules().builds_per_turn), budget, dollar_vp(state))[0]
        if "engineer" not in taken:
            four = self.best_within(self.scored_plans(state, seat, rules().engineer_builds), budget, dollar_vp(state))[0]
            values["engineer"] = four - three + 0.3
        if "first-build" not in taken:
            values["first-build"] = 0.25 * three + 0.4
        if "first-move" not in taken:
            values["first-move"] = 0.35
        if "urbanization" not in taken and urbanization:
            best = urbanizations(self, state, seat)
            values["urbanization"] = max(0.05, best[0][0] if best else 0.0)
        for name, worth in (("turn-order", 0.2), ("production", 0.1)):
            if name not in taken:
                values[name] = worth
        return values

    def engine_wanted(self, state: State) -> int:
        """The engine a railroad works up to by this turn: one link more each
        turn, up to :data:`ENGINE_GOAL`."""
        return min(ENGINE_GOAL, int(state["round"]) + 1)

    def can_afford_more_expenses(self, state: State, seat: int) -> bool:
        """True when the income pays this turn's expenses and a dollar more."""
        return int(state["income"][seat]) + 3 > expenses(typed(state), seat)

    def pick(self, state: State, seat: int, texts: list[str]) -> str:
        """The action worth most (:meth:`action_values`)."""
        taken = {a for a in state["action"] if a}
        values = self.action_values(state, seat, taken)
        for name, _ in sorted(values.items(), key=lambda kv: (-kv[1], kv[0])):
            if f"action {name}" in texts:
                return f"action {name}"
        return texts[0]

    def lay(self, game: Game, state: State, seat: int, texts: list[str]) -> str:
        """The next tile of the plan worth most for its cost, within the
        tiles and the cash left after this turn's expenses; 'done' when
        none is worth building."""
        st = state["step"]
        if st.get("urbanize"):
            best = urbanizations(self, state, seat)
            if best and best[0][0] > 0:
                return f"urbanize {best[0][1]} {best[0][2]}"
        left = int(st["limit"]) - int(st["placed"])
        budget = int(state["cash"][seat]) - reserve(state, seat)
        if left <= 0 or budget <= 0:
            return "done"
        dollar = DOLLAR_VP * 0.3 if rounds_left(state) > 1 else 0.0
        track_only = rounds_left(state) <= 2
        ranked = self.plans_in_reach(state, seat, left, budget, dollar)
        net = network(typed(state))
        for value, worth, plan in ranked:
            if value <= 0:
                break
            if not track_only and worth <= track_vp(state) * len(plan.tiles):
                continue
            h, v, _ = plan.tiles[0]
            try:
                placed = evaluate(typed(state), net, seat, h, v)
            except Refused:
                continue
            if placed.cost <= int(state["cash"][seat]):
                return plan.text()
        return "done"

    def plans_in_reach(self, state: State, seat: int, tiles: int, budget: int,
                       dollar: float) -> list[tuple[float, float, LinkPlan]]:
        """(worth after cost, worth, plan) of every plan of at most ``tiles``
        tiles within ``budget``, best first (cheapest at a tie); only those
        finishing the link begun, if one is."""
        ranked = sorted(((worth - dollar * plan.cost, worth, plan) for worth, plan in self.scored_plans(state, seat, tiles)
                         if plan.cost <= budget), key=lambda x: (-x[0], x[2].cost))
        if any(plan.extends for _, _, plan in ranked):
            ranked = [r for r in ranked if r[2].extends]  # finish the link begun before starting another
        return ranked

    def deliver(self, state: State, seat: int, texts: list[str]) -> str:
        """The delivery paying most of the seat's own links (at a tie, most
        links of railroads behind it and fewest of those level or ahead:
        :func:`rival_link_worth`); else an upgrade when a longer engine
        would pay; else pass."""
        game = typed(state)
        net = network(game)
        engine = int(state["engine"][seat])
        best: tuple[tuple[int, int], str] | None = None
        for text in texts:
            if not text.startswith("move "):
                continue
            _, cube, token = text.split()
            city, colour = cube.split("-", 1)
            route = route_for(game, net, city, colour, engine, token)
            assert route is not None
            owners = payees(game, net, route)
            mine = income_kept(state, seat, owners.count(seat))
            key = (mine, sum(rival_link_worth(state, seat, o) for o in owners if o != seat))
            if best is None or key > best[0]:
                best = (key, text)
        if best is not None and best[0][0] > 0:
            return best[1]
        forced = money_at_end(state) and map_of(state).action_cycle  # Locomotive comes every cycle anyway
        if "upgrade" in texts and survives_one_more_link(state, seat) and not forced:
            now = delivery_value(game, net, seat, engine, horizon(state))
            more = delivery_value(game, net, seat, engine + 1, horizon(state))
            if (more - now) * income_vp(state) > turn_dollar_vp(state) * rounds_left(state) + 1 or (
                    engine < self.engine_wanted(state) and self.can_afford_more_expenses(state, seat)
                    and not money_at_end(state)):
                return "upgrade"
        return "pass" if "pass" in texts else texts[0]



NORMAL = PlanningRailroad()


def urbanizations(railroad: PlanningRailroad, state: State, seat: int) -> list[tuple[float, str, str]]:
    """(worth in VP, town, letter) of each new city worth placing, best
    first: the deliveries it opens over the seat's track now and the
    best link it lets the seat build this turn, against the best link
    without it. One letter per colour; towns near a city holding cubes
    of that colour only, or near goods lying on hexes (St. Lucia) of one
    of the :data:`MAP_CUBE_COLOURS` commonest colours there."""
    game = typed(state)
    placed = set(game["new_cities"].values())
    letters: dict[str, str] = {}
    for letter, nc in board_of(state).new_cities.items():
        if letter not in placed:
            letters.setdefault(nc.colour, letter)
    budget = int(state["cash"][seat]) - reserve(state, seat)
    base = railroad.best_within(railroad.scored_plans(state, seat, rules().builds_per_turn), budget, dollar_vp(state))[0]
    net = network(game)
    engine = int(state["engine"][seat])
    now = delivery_value(game, net, seat, engine, horizon(state))
    out: list[tuple[float, str, str]] = []
    for town in sorted(board_of(state).towns):
        if town in game["new_cities"]:
            continue
        near = Counter(c for h, c in game["map_cubes"].items() if hex_distance(town, h) <= URBAN_REACH)
        lying = {c for c, _ in near.most_common(MAP_CUBE_COLOURS)}
        for colour, letter in letters.items():
            if colour not in lying and not any(colour in cubes and hex_distance(town, city) <= URBAN_REACH
                                               for city, cubes in game["cubes"].items()):
                continue
            trial: AgeOfSteamState = {**game, "new_cities": {**game["new_cities"], town: letter},
                                      "board": {h: e for h, e in game["board"].items() if h != town}}
            opened = delivery_value(trial, network(trial), seat, engine, horizon(state)) - now
            after = railroad.best_within(railroad.scored_plans(cast(State, trial), seat, rules().builds_per_turn, touching=town),
                                     budget, dollar_vp(state))[0]
            out.append((opened * income_vp(state) + max(0.0, after - base) + hub_worth(state, town), town, letter))
    return sorted(out, key=lambda x: (-x[0], x[1], x[2]))


def best_pair(state: State, seat: int, tiles: int, budget: int) -> tuple[float, float, LinkPlan, LinkPlan] | None:
    """On a cash-scored map, the two links built together this turn (on
    different hexes, within ``tiles`` and ``budget``) whose deliveries
    are worth most after their cost, as (net worth, worth, the link to
    build first: the one worth more alone, the other); None when no two fit. A
    link is often worth nothing alone and much with its neighbour (a
    cube carried on through a new city), which one link at a time never
    sees."""
    game = typed(state)
    net = network(game)
    engine = planning_engine(state, seat)
    before = plan_deliveries(game, net, seat, engine, horizon(state))

    def gain(trial: AgeOfSteamState) -> float:
        return plan_deliveries(trial, network(trial), seat, engine, horizon(state)) - before

    plans = [p for p in link_plans(game, net, seat, tiles) if p.cost < budget]
    alone = {id(p): gain(with_plan(game, p, seat)) for p in plans}
    best: tuple[float, float, LinkPlan, LinkPlan] | None = None
    for i, first in enumerate(plans):
        hexes = {h for h, _, _ in first.tiles}
        for second in plans[i + 1:]:
            if first.cost + second.cost > budget or len(first.tiles) + len(second.tiles) > tiles \
                    or hexes & {h for h, _, _ in second.tiles}:
                continue
            worth = gain(with_plan(with_plan(game, first, seat), second, seat)) * income_vp(state)
            value = worth - dollar_vp(state) * (first.cost + second.cost)
            if best is None or value > best[0]:
                lead, other = (first, second) if alone[id(first)] >= alone[id(second)] else (second, first)
                best = (value, worth, lead, other)
    return best


HUB_WORTH = 1.0
"""On a cash-scored map, what each city near a new city adds to its worth,
per turn left."""


def hub_worth(state: State, town: str) -> float:
    """On a cash-scored map (Barbados), what a new city on ``town`` is
    worth for the cities near it (within :data:`URBAN_REACH`): the goods
    growth keeps bringing them cubes it could take, so a town among
    several cities pays over the turns left where a town beside one city
    pays a delivery or two (nothing on the VP maps)."""
    if not money_at_end(state):
        return 0.0
    near = sum(1 for city in network(typed(state)).cities if city != town and hex_distance(town, city) <= URBAN_REACH)
    return HUB_WORTH * near * rounds_left(state)


def produced_cube(state: State, seat: int, texts: list[str]) -> str:
    """Production: the drawn cube and the empty box where it will pay the
    seat most, its column's city (on the map) delivering that colour
    over the most of the seat's own links (an engine one link longer),
    divided by the cubes ahead of it in the column; the top box first."""
    game = typed(state)
    net = network(game)
    engine = min(rules().max_engine, int(state["engine"][seat]) + 1)
    best: tuple[float, int, str] | None = None
    for text in texts:
        _, cube, col_name, box = text.split()
        city = column_city(game, col_name)
        col = column(state["display"], col_name)
        links = 0
        if city is not None:
            links = max((sum(1 for i in r.links if net.sections[i].owner == seat)
                         for r in routes(game, net, city, cube, engine)), default=0)
        ahead = sum(1 for c in col[:int(box) - 1] if c is not None)
        key = (links / (ahead + 1), -int(box), text)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2]
