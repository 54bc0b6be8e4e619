"""Age of Steam's hard bot: the normal railroad (:mod:`planner`) that
tries its most promising action picks and share issues ahead before
choosing.

At the two choices that shape a turn (how many shares to issue, which
action to select), and on a map whose goods lie on its hexes (St.
Lucia's ``goods_on_map``: a tile laid there is a cube to ship, so the
build is the turn's delivery) at every build choice too
(:func:`searched`), it takes the :data:`CANDIDATES` best candidates by the
normal bot's own reckoning and plays each out to the end of the turn
(income, expenses and goods growth included) through the shared engine
(:class:`games.bot_search.Rollouts`: every candidate of a sample meets the
same chance, and the turn's end is its stop rule), every railroad played by
the quick normal railroad (:class:`QuickRailroad`: the normal bot without
weighing Urbanization, fast enough to play out a turn in about a second).
The chance on the way (Production's draws, goods growth) is sampled from
the seat's view with the bot's own rng: the bag is a public count, the
game's secret is never seen, so the future draws are guessed, never read.
Each play-out ends in a position judged by :func:`standing` (the score,
the money to come and the deliveries the network offers, against the
rivals' mean at two or three seats, alone at four or more); the candidate
with the best mean is chosen, but the normal bot's own choice is kept
unless another beats it by :data:`TURN_MARGIN`
(one play-out a candidate: a smaller difference is its luck, and each
swap on luck sends the game another way). Every other choice is the normal
bot's. The number of play-outs is fixed (so the choice depends
only on the view and the rng) unless :data:`TIME_LIMIT` stops a search that
runs long (a loaded machine), keeping the best candidate played out so far:
the normal bot's own choice is always played out first (with none played
out, the normal bot's choice: the search's ``fallback``).

On a map scored by the cash left (Barbados) there is no turn search: the
normal railroad already plays each candidate out to the game's end
(:mod:`cash_railroad`), and the hard bot is that railroad looking a turn
further ahead at its build step: its best builds, and keeping the cash,
are also weighed with the link the next turn could add
(:data:`CASH_LOOKAHEAD`), so a link that pays only with another after
it, or cash saved for a better link, counts. It keeps the normal
railroad's choice unless its own best is worth :data:`CASH_MARGIN` more
(a small difference between two weighings is their luck, and a swapped
choice sends the game another way for nothing), and makes the normal
railroad's choice when its weighing runs past :data:`CASH_TIME_LIMIT`.
"""

from __future__ import annotations

import random

from games.bot_search import Rollouts
from games.bots import Policy
from games.core import Game, State
from games.phases import OVER

from .params import rules
from .economy import expenses
from .links import delivery_value
from .maps import map_of
from .forecast import TURN_DOLLAR_VP, horizon, income_vp, money_at_end, rounds_left
from .cash_railroad import NORMAL, CashRailroad
from .planner import PlanningRailroad, urbanizations
from .scoring import track_points
from .state import typed
from .track import network

CANDIDATES = 3
"""Candidates played out per choice."""
SAMPLES = 1
"""Play-outs per candidate."""
TIME_LIMIT = 2.0
"""Seconds a search may take, from the start of the decision: a play-out
still running then is dropped (checked between its actions) and the best
candidate played out so far is chosen, else the normal bot's. Checked only
between play-outs, a 2 s limit let decisions on a loaded 2-core machine
(load 20) reach p95 15 s, max 31 s."""
TURN_MARGIN = 5.0
"""The VP of :func:`standing` by which a searched candidate must beat the
normal bot's choice to be chosen instead: a smaller difference is within
what the gap between two candidates, played out under the same draws,
moves by from one draw to the next."""
PLAYOUT_ACTIONS = 600
"""The most actions of a play-out (a turn of six railroads is far fewer)."""
POTENTIAL = 0.5
"""The part of a network's deliveries to come that :func:`standing` counts."""
CASH_LOOKAHEAD = 3
"""On a map scored by the cash left, the best build candidates also
weighed with a link built next turn after them
(:meth:`cash_railroad.Weighing.looked_ahead`)."""
CASH_MARGIN = 1.0
"""On such a map, the dollars of expected cash by which the hard bot's
best candidate must beat the normal railroad's choice to be made
instead."""
CASH_TIME_LIMIT = 2.0
"""On such a map, the seconds a weighing may take before the normal
railroad's choice is made instead (see :mod:`cash_railroad`)."""
RIVALS_WEIGHT = 0.0
"""At four seats or more, the part of the rivals' mean worth that
:func:`standing` takes from the seat's own. There a rival's loss is shared
among many, and a table of hard railroads each counting it trades its own
points for its rivals' losses until the table (and its winner) scores less
than one of normal railroads; so there each railroad plays for its own
worth."""
SEARCHED = ("shares", "actions")
"""The phases whose choices are played out on every map."""


def searched(state: State) -> bool:
    """Whether the choice due in ``state`` is played out: those of
    :data:`SEARCHED`, and on a map whose goods lie on its hexes, the
    build's (which tile, where to urbanize, or done); none on a map scored
    by the cash left (there the normal railroad's own play-outs decide,
    looking a turn further ahead: :data:`CASH_LOOKAHEAD`)."""
    if money_at_end(state):
        return False
    return state["phase"] in SEARCHED or (state["phase"] == "build" and map_of(state).goods_on_map)


def standing(state: State, seat: int) -> float:
    """How good a position is for ``seat``, in VP, against its rivals: its
    worth less the mean of theirs. Its worth is its score (3 per income,
    its completed track, -3 per share) and, while the game goes on, its
    cash and its income net of its expenses for the turns left
    (:data:`TURN_DOLLAR_VP` a dollar) and :data:`POTENTIAL` of the
    deliveries its network offers (:func:`delivery_value`, at the normal
    bot's worth of an income point): the track built for later turns
    counts too. With one rival, the difference; with two, a rival's loss
    gains the seat only that rival's part of the field; at four seats or
    more the field's mean counts only :data:`RIVALS_WEIGHT`, so a table of
    hard railroads does not fight itself into the ground."""
    game = typed(state)
    net = network(game)
    over = state["phase"] == OVER
    left = 0 if over else rounds_left(state)

    def worth(s: int) -> float:
        if state["eliminated"][s]:
            return -100.0
        income = int(state["income"][s])
        score = (rules().vp_per_income * income + rules().vp_per_link_track * track_points(net, s)
                 + rules().vp_per_share * int(state["shares"][s]))
        if over:
            return score
        flow = income - expenses(game, s)
        deliveries = delivery_value(game, net, s, int(state["engine"][s]), horizon(state))
        return score + TURN_DOLLAR_VP * (flow * left + int(state["cash"][s])) + POTENTIAL * income_vp(state) * deliveries

    weight = rivals_weight(len(state["players"]))
    rivals = [worth(s) for s in range(len(state["players"])) if s != seat] if weight else []
    return worth(seat) - (weight * sum(rivals) / len(rivals) if rivals else 0.0)


def rivals_weight(players: int) -> float:
    """The part of the rivals' mean worth :func:`standing` counts: all of
    it at two or three seats, :data:`RIVALS_WEIGHT` at four or more."""
    return 1.0 if players <= 3 else RIVALS_WEIGHT


class QuickRailroad(PlanningRailroad):
    """The normal railroad as the play-outs play it: the same choices, but
    Urbanization is never weighed among the actions (the slowest to weigh,
    and rarely the best)."""

    def action_values(self, state: State, seat: int, taken: set[str],
                      urbanization: bool = True) -> dict[str, float]:
        return super().action_values(state, seat, taken, urbanization=False)


QUICK = QuickRailroad()
SELF_MODEL: PlanningRailroad = QUICK
"""How the seat plays in its play-outs."""
RIVALS_MODEL: Policy = QUICK
"""How the other seats play in the play-outs."""


def turn_over(start: State, now: State) -> bool:
    """The play-out's stop rule: the turn it began in is over."""
    return int(now["round"]) != int(start["round"])


class SearchingRailroad(CashRailroad):
    """The hard bot (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(time_limit=CASH_TIME_LIMIT, fallback=NORMAL, lookahead=CASH_LOOKAHEAD,
                         margin=CASH_MARGIN)

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        if not searched(state):
            return super().choose(game, state, seat, rng)
        return self.search().choose(game, state, seat, rng)

    def search(self) -> Rollouts:
        """The play-outs of a searched choice (see the module docstring)."""
        return Rollouts(SELF_MODEL, self.ranked, evaluate, width=CANDIDATES, samples=SAMPLES,
                        horizon=PLAYOUT_ACTIONS, time_limit=TIME_LIMIT, until=turn_over,
                        rivals=RIVALS_MODEL, cut_playouts=True, fallback=NORMAL, margin=TURN_MARGIN)

    def ranked(self, game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
        """The seat's candidates in ``state`` (:meth:`candidates`)."""
        texts = [c.text for c in game.legal_actions(state, seat)]
        if state["phase"] == "build":
            return self.build_candidates(game, state, seat, texts)
        return self.candidates(state, seat, texts, state["phase"])

    def build_candidates(self, game: Game, state: State, seat: int, texts: list[str]) -> list[str]:
        """The normal bot's build choice first; then, placing a new city,
        the other towns and tiles it weighs (:func:`urbanizations`), else
        'done' and the first tile of every other link plan within the
        seat's cash, worth most after its cost first."""
        out = [self.lay(game, state, seat, texts)]
        if state["step"].get("urbanize"):
            out += [f"urbanize {town} {letter}" for _, town, letter in urbanizations(self, state, seat)]
        else:
            left = int(state["step"]["limit"]) - int(state["step"]["placed"])
            plans = [(worth - plan.cost, plan) for worth, plan in self.scored_plans(state, seat, left)
                     if plan.cost <= int(state["cash"][seat])]
            out += ["done"] + [plan.text() for _, plan in sorted(plans, key=lambda wp: -wp[0])]
        return [t for t in dict.fromkeys(out) if t in texts] or texts[:1]

    def candidates(self, state: State, seat: int, texts: list[str], phase: str) -> list[str]:
        """The normal bot's choice first, then the other candidates, most
        promising first: the next best actions by the normal bot's values
        (weighed once); two shares more and one fewer."""
        if phase == "actions":
            taken = {a for a in state["action"] if a}
            values = self.action_values(state, seat, taken)
            ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
            return [f"action {name}" for name, _ in ranked if f"action {name}" in texts] or [texts[0]]
        chosen = self.issue(state, seat, texts)
        k = int(chosen.split()[1])
        return [chosen] + [t for t in [f"shares {k + 2}", f"shares {k - 1}"] if t in texts]


def evaluate(game: Game, state: State, seat: int) -> float:
    """:func:`standing`, as the search's evaluation."""
    return standing(state, seat)


HARD = SearchingRailroad()
