"""The cash a railroad on a cash-scored map (Barbados) can expect to end
with if it built nothing more: the rest of the game played out on the
network it has, over sampled dice.

A link on Barbados pays for the cubes the dice will bring over the turns
left, not only for those on the board now; a new city among several
cities, or a line that lets each cube travel several links, pays turn
after turn. :func:`expected_cash` weighs that directly: from the state
given (a choice's result), each turn left it delivers the two cubes that
pay most of the seat's own links (one a round, each with the engine it
has then), collects its income, pays its expenses (issuing the one share
a turn allowed when its cash falls short), loses the Income Reduction and
rolls the goods growth dice, the Production action (when the action
cycle brings it) adding two cubes where they pay most; the Locomotive
action comes when the cycle forces it, last. What it finds is the cash
left after the buy-back; an end short of the buy-back, or insolvency
(:func:`end_turn`), counts :data:`LOSS_PENALTY` below its shortfall.

The dice are drawn from fixed sample seeds, the same for every choice
weighed (so two choices differ by what they build, not by their luck),
and the Production draws from the bag's public counts: only the seat's
view is read, never the game's secret.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.core import State

from .economy import reduction_for
from .goods import column_city, grow, routes, usable_columns
from .growth_steps import growth_dice
from .maps import map_of
from .params import rules
from .state import AgeOfSteamState, Display, typed
from .track import Network, network

SAMPLES = 12
"""Play-outs per position weighed."""
LOSS_PENALTY = 15.0
"""What an end short of the buy-back counts below its shortfall: a lost game
scores nothing at all."""


@dataclass
class Reach:
    """The most of the seat's own links a cube of a colour can pay from a
    city with an engine, on one network (computed once each)."""

    state: AgeOfSteamState
    net: Network
    seat: int
    known: dict[tuple[str, str, int], int] = field(default_factory=dict)

    def links(self, city: str, colour: str, engine: int) -> int:
        key = (city, colour, engine)
        if key not in self.known:
            self.known[key] = max((sum(1 for i in r.links if self.net.sections[i].owner == self.seat)
                                   for r in routes(self.state, self.net, city, colour, engine)), default=0)
        return self.known[key]


@dataclass
class Railroad:
    """The seat's money and goods as a play-out goes on."""

    cash: int
    income: int
    shares: int
    engine: int
    cubes: dict[str, list[str]]
    display: Display
    insolvent: bool = False

    def expenses(self) -> int:
        return self.shares + self.engine


def deliver(rr: Railroad, reach: Reach) -> None:
    """One round of Move Goods: the cube paying most of the seat's links."""
    best = (0, "", -1)
    for city, cubes in rr.cubes.items():
        for i, colour in enumerate(cubes):
            links = reach.links(city, colour, rr.engine)
            if links > best[0]:
                best = (links, city, i)
    if best[0]:
        rr.cubes[best[1]].pop(best[2])
        rr.income += best[0]


def end_turn(rr: Railroad) -> None:
    """Collect Income, Pay Expenses (short: the income cut by as much) and
    the Income Reduction. An income cut to $0 or below is insolvency; the
    play-out goes on with the income below zero (each turn costing
    more), so that of two railroads going out the later counts more."""
    rr.cash += rr.income
    short = max(0, rr.expenses() - rr.cash)
    rr.cash = max(0, rr.cash - rr.expenses())
    rr.income -= short
    rr.insolvent = rr.insolvent or (short > 0 and rr.income <= 0)
    rr.income -= reduction_for(rr.income)


def produce(rr: Railroad, reach: Reach, game: AgeOfSteamState, bag: dict[str, int], rng: random.Random) -> None:
    """Production: two cubes from the bag, each into the empty box whose
    city would pay most for it, over the cubes ahead of it."""
    for _ in range(2):
        pool = [c for c, n in sorted(bag.items()) for _ in range(n)]
        if not pool:
            return
        cube = rng.choice(pool)
        bag[cube] -= 1
        best: tuple[float, list[str | None], int] | None = None
        for name, col in sorted(usable_columns(rr.display, map_of(game).display_sides)):
            if None not in col:
                continue
            box = col.index(None) if all(c is None for c in col) else max(
                i for i, c in enumerate(col) if c is not None) + 1
            if box >= len(col):
                continue
            target = column_city(game, name)
            worth = reach.links(target, cube, rr.engine + 1) / (box + 1) if target else 0.0
            if best is None or worth > best[0]:
                best = (worth, col, box)
        if best is None:
            return
        best[1][best[2]] = cube


@dataclass(frozen=True)
class NextLink:
    """A link the play-out builds at the start of the next turn, if the cash
    is there then: the board with it built, and its cost."""

    board: AgeOfSteamState
    cost: int


def playout(state: State, seat: int, reach: Reach, rng: random.Random,
            later: tuple[Reach, int] | None = None) -> float:
    """One play-out's cash at the end (see the module docstring); with
    ``later`` (the reach of a board with one more link, and its cost), that
    link is built at the start of the next turn when the cash allows."""
    game = typed(state)
    display: Display = {"light": [list(c) for c in game["display"]["light"]],
                        "dark": [list(c) for c in game["display"]["dark"]],
                        "new": {k: list(c) for k, c in game["display"]["new"].items()}}
    rr = Railroad(int(state["cash"][seat]), int(state["income"][seat]), int(state["shares"][seat]),
                  int(state["engine"][seat]), {c: list(v) for c, v in game["cubes"].items()}, display)
    growing: AgeOfSteamState = {**game, "display": rr.display, "cubes": rr.cubes}
    side = map_of(state).display_sides[0]
    bag = dict(game["bag"])
    cycle = [a for a in map_of(state).actions]
    blocked = set(state["blocked"])
    taken_now = {a for a in state["action"] if a}
    rounds = int(state["rounds"])
    per_turn = map_of(state).max_shares_per_turn or 1
    deliveries = 3 - int(state["step"].get("round", 1)) if state["phase"] == "move" else 2
    for turn in range(int(state["round"]), rounds + 1):
        if turn > int(state["round"]):
            if rr.cash + rr.income < rr.expenses() and rr.shares < rules().max_shares:
                shares = min(per_turn, rules().max_shares - rr.shares)
                rr.shares += shares
                rr.cash += shares * rules().share_value
            open_now = [a for a in cycle if a not in blocked] or list(cycle)
            if len(open_now) == len(cycle):
                blocked = set()
            action = next((a for a in ("production", "urbanization", "engineer") if a in open_now), open_now[0])
            blocked.add(action)
            taken_now = {action}
            if action == "locomotive":
                rr.engine = min(rules().max_engine, rr.engine + 1)
            deliveries = 2
            if later is not None and turn == int(state["round"]) + 1 and rr.cash - later[1] + rr.income >= rr.expenses():
                reach, rr.cash = later[0], rr.cash - later[1]
        for _ in range(deliveries):
            deliver(rr, reach)
        end_turn(rr)
        if turn == rounds:
            break
        if "production" in taken_now:
            produce(rr, reach, game, bag, rng)
        grow(growing, side, [rng.randint(1, 6) for _ in range(growth_dice(state, side))])
    left = rr.cash + min(0, rr.income) - (map_of(state).buy_back or 0) * rr.shares
    return float(left) if left >= 0 and not rr.insolvent else min(0, left) - LOSS_PENALTY


@dataclass(frozen=True)
class Outlook:
    """What the play-outs of a board found: the mean cash at the end, and
    how many of them ended lost."""

    cash: float
    lost: int


def outlook(state: State, seat: int, samples: int = SAMPLES, then: NextLink | None = None) -> Outlook:
    """The play-outs of ``state`` (see the module docstring), the sample
    seeds fixed; with ``then``, that link is built at the start of the next
    turn when the cash allows."""
    game = typed(state)
    reach = Reach(game, network(game), seat)
    later = None if then is None else (Reach(then.board, network(then.board), seat), then.cost)
    ends = [playout(state, seat, reach, random.Random(i), later) for i in range(samples)]
    return Outlook(sum(ends) / samples, sum(1 for cash in ends if cash < 0))


def expected_cash(state: State, seat: int, samples: int = SAMPLES, then: NextLink | None = None) -> float:
    """The mean cash at the end over ``samples`` play-outs (:func:`outlook`)."""
    return outlook(state, seat, samples, then).cash
