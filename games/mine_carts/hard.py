"""Mine Carts' hard bot: the normal bot's best moves, each played out
to the start of our next turn and judged there.

A setting of :class:`games.bot_search.Rollouts` over
:mod:`games.mine_carts.tactics` (its stop rule, :class:`OurTurn`, is set
per decision from the round and the team): the normal bot ranks the
moves worth playing now (the first cards of its best whole-turn plans, or
every switch by its value), and each of the best
:data:`WIDTH` is played out (:data:`SAMPLES` times, the draws from the
bot's own rng) for the rest of this turn and the other team's turn
(:data:`ROUNDS`), up to our team's first card after that
(:class:`OurTurn`, the play-outs' stop rule). Each team plans each turn
once (:class:`~.turn_plans.TurnPlans`): ours with :data:`QUICK`'s narrower
beam, the other team with the normal bot's own (:class:`HardPolicy`). The
other team's factory is face up, so its turn is played with the
very cards it holds: the gold it scores, or the route it finishes, is seen
rather than guessed. That point is the same for every move (a fixed number
of actions is not: a turn lays one to three cards), so the moves are
compared on equal terms; and it is the point where a position is easiest
to judge (:func:`evaluate`): the gold between the teams; the gold the turn
about to start can score, from the cards our gold cart's route still needs
against our allotment and the factory we hold; the cards each team's route
needs; and each team's allotment (a team laying three cards a turn builds
three times as fast as one laying one). Moves judged alike keep the normal
bot's order (the engine's ties go to the better-ranked move).

Why the other team plans with the normal bot's whole beam: its turn is the
one our move must survive, and a narrower player misses the spoiling
replies a real player finds, so a move that leaves our route open to them
looked safe. Why eight moves: both teams guard their towns well, so the
move the other team cannot spoil may be one the normal bot ranks lower.

Why one round: a play-out is a few whole-turn plans, and a decision has
about two seconds, ranking included; one round lets every candidate be
played out, where two let the search see little more than the first.

Why not a fixed number of actions: most play-outs would stop in the
middle of a turn, where the cards needed say little (half a route laid, the
switch not yet set), and an evaluation there misses the allotment and the
cards in hand.

What it reads is what the table shows: the grid, the carts, both factories
(face up) and the allotments. The deck's order is not kept (each draw is
chance), so the play-outs' draws come from the bot's rng and the view is
the world as it is (:func:`games.bot_search.as_seen`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from games.bot_search import Rollouts
from games.bots import Policy
from games.core import Game, State

from .planner import CARD, gold_route
from .plans import GOLD_VALUE, cards_needed, team_of
from .state import MineCartsState, typed
from .tactics import TACTICS, TacticsPolicy, Weights, fits, ranked
from .turn_plans import TurnPlans

ROUNDS = 1
"""Rounds played out: to the start of our next turn (1), or the one after (2)."""
WIDTH = 8
"""Moves played out (the normal bot's best)."""
SAMPLES = 1
"""Play-outs of each move (the same draws for every move)."""
QUICK = TacticsPolicy(Weights(beam=2, sift=6, spoil_squares=2))
"""The normal bot with a narrower beam: our team's player in the play-outs
plans like it, each turn once (:class:`~.turn_plans.TurnPlans`); the other
team's plans like the normal bot itself (:data:`~.tactics.TACTICS`)."""
TIME_LIMIT = 2.0
"""Seconds a decision may take, ranking included (the play-out still
running then is dropped; a safety stop, reached only on a loaded machine)."""
ROUTE_CAP = 12.0
"""Cards needed counted at most (a route that long is as good as none)."""
ALLOTMENT = 15.0
"""Each card a turn a team lays more than the other (a gold is :data:`GOLD_VALUE`)."""
READY = 0.9
"""The share of a gold our turn scores when the track already leads the
gold cart into our town (the switch set so)."""
FITS = 0.8
"""... when our route needs no more cards than we lay, and our factory holds them."""
SHORT = 0.3
"""... when it needs no more cards than we lay, but not those we hold."""
WON = 10.0
"""A won game, in golds."""


@dataclass(frozen=True)
class OurTurn:
    """A play-out's stop rule: ``team`` is about to lay its first card of
    its turn after round ``after`` (the end of the other team's turn after
    ours)."""

    team: int = 0
    after: int = 0

    def __call__(self, start: State, now: State) -> bool:
        s = typed(now)
        return bool(s["round"] > self.after and s["team"] == self.team
                    and s["phase"] == "lay" and s["teams"][self.team]["laid"] == 0)


def candidates(game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
    """The normal bot's moves, best first."""
    s = typed(state)
    return ranked(s, team_of(s, seat), rng, TACTICS.weights)


def chance_now(state: MineCartsState, team: int) -> float:
    """The share of a gold ``team``, about to lay, scores this turn: its
    gold cart's cheapest route home against its allotment and factory."""
    t = state["teams"][team]
    route = gold_route(state, team)
    needed = route.to_team(team) // CARD
    if needed == 0:
        return READY
    if needed <= t["allotment"]:
        return FITS if fits(route, t["factory"]) else SHORT
    return 0.0


def evaluate(game: Game, state: State, seat: int) -> float:
    """Gold ahead of the other team (a gold is :data:`GOLD_VALUE` cards; a
    won game :data:`WON` golds); then, with our turn about to start, the
    gold it can score (:func:`chance_now`); the cards the gold cart needs
    to reach the other team's town less those it needs to reach ours; and
    the cards a turn we lay beyond the other team."""
    s = typed(state)
    team = team_of(s, seat)
    ours, theirs = s["teams"][team], s["teams"][1 - team]
    golds = ours["gold"] - theirs["gold"]
    if s["ended"]:
        return GOLD_VALUE * (WON * ((golds > 0) - (golds < 0)) + golds)
    value = GOLD_VALUE * golds + ALLOTMENT * (ours["allotment"] - theirs["allotment"])
    if s["team"] == team and s["phase"] == "lay":
        value += GOLD_VALUE * chance_now(s, team)
    need_ours = cards_needed(s, team)[0]
    need_theirs = cards_needed(s, 1 - team)[0]
    return value - min(need_ours, ROUTE_CAP) + min(need_theirs, ROUTE_CAP)


SEARCH = Rollouts(policy=QUICK, candidates=candidates, evaluate=evaluate, width=WIDTH, samples=SAMPLES,
                  horizon=None, time_limit=TIME_LIMIT, cut_playouts=True)
"""The engine; :class:`HardPolicy` gives it the stop rule :class:`OurTurn`
and its play-outs' player."""


@dataclass(frozen=True)
class Sides:
    """A play-out's players: ``ours`` for the seats of ``team``, ``theirs``
    for the other team's."""

    team: int
    ours: Policy
    theirs: Policy

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        side = self.ours if team_of(typed(state), seat) == self.team else self.theirs
        return side.choose(game, state, seat, rng)


@dataclass(frozen=True)
class HardPolicy:
    """See the module docstring: :data:`SEARCH`, its play-outs ending at
    our team's next turn (:class:`OurTurn`), played by :meth:`players`."""

    ours: Weights = QUICK.weights
    theirs: Weights = TACTICS.weights

    def players(self, team: int) -> Sides:
        """The play-outs' players for a decision of ``team``: each team a
        :class:`~.turn_plans.TurnPlans` of its own (the positions it notes
        belong to this decision), ours with ``ours``, the other team's with
        ``theirs``."""
        return Sides(team, TurnPlans(self.ours), TurnPlans(self.theirs))

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        team = team_of(s, seat)
        until = OurTurn(team=team, after=s["round"] + ROUNDS - 1)
        return replace(SEARCH, until=until, policy=self.players(team)).choose(game, state, seat, rng)


HARD = HardPolicy()
