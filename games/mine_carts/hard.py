"""Mine Carts' hard bot: the normal bot's best whole turns, each played
out two rounds on, to the start of our turn after next, and judged there.

The normal bot plans its turn whole (the cards to lay, then the switch:
:func:`~.tactics.plan_beam`) but keeps only the first card of its best
plan. The hard bot takes the :data:`WIDTH` best whole turns the normal bot
found (:func:`turns`: each plan of its beam with each of its
:data:`SWITCHES` best switches, best first by the normal bot's own
judgement), lays each on a copy of the table, sets its switch, and plays
the game on (the draws from the bot's own rng, the same for every turn)
for :data:`ROUNDS` rounds: through the other team's turn, our next turn
and theirs after it, up to our team's first card of the turn after that
(:class:`OurTurn`, the play-outs' stop rule) and judged there
(:func:`evaluate`). It plays the first action of the normal bot's best turn
unless another turn's play-out is judged better by at least
:data:`TURN_MARGIN`; then that of the best. In phase II (the cards laid) the
candidates are the switches.

Why a margin: each turn is played out once, on draws and a plan of the
other team that are one sample of many, so two turns a little apart are
apart by luck; a turn swapped on luck changes the game for nothing.

Why whole turns: a turn's cards are laid before anything is drawn, so the
turn is one choice; played out card by card, every candidate's other cards
would be the play-out player's guess, not the plan the search judges. Each
later card of the turn is searched again from the table as it then is (the
bot keeps nothing between decisions).

The other team plans its turn once (:class:`~.turn_plans.TurnPlans`) with
the normal bot's whole beam (:class:`HardPolicy`): its turn is the one our
turn must survive, and a narrower player misses the spoiling replies a real
player finds. Its factory is face up, so its first turn is played with the
very cards it holds: the gold it scores, or the route it spoils, is seen
rather than guessed. Our team's next turn in a play-out plans with
:data:`QUICK`'s narrower beam.

Why two rounds: a turn often pays only on the next one (it lays the track
our gold cart's route needs, or turns the cart away from the other team's
town), and what it is worth then depends on the other team's reply. Judged
at our next turn, that was a guess (:func:`chance_now`, on one drawn
factory); two rounds on, our next turn is played, and the reply to it.

Why stop at the start of one of our turns: that point is the same for
every turn (a fixed number of actions is not: a turn lays one to three
cards), so the turns are compared on equal terms; and it is the point
where a position is easiest to judge: the gold between the teams; the
gold the turn about to start can score, from the cards our gold cart's
route still needs against our allotment and the factory we hold; the cards
each team's route needs, ours weighing more (:data:`OWN_ROUTE`); and each
team's allotment.

What it reads is what the table shows: the grid, the carts, both factories
(face up) and the allotments. The deck's order is not kept (each draw is
chance), so the play-outs' draws come from the bot's rng.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.bot_search import clock, counted_search, kept, playout
from games.bots import Policy
from games.core import Game, IllegalAction, State

from .params import rules
from .planner import CARD, gold_route
from .plans import GOLD_VALUE, cards_needed, switch_texts, team_of
from .state import MineCartsState, typed
from .tactics import TACTICS, TacticsPolicy, Weights, after_switch, fits, plan_beam
from .turn_plans import TurnPlans

ROUNDS = 2
"""Rounds played out: to the start of our turn after next (see the module
docstring: why two rounds)."""
WIDTH = 8
"""Whole turns played out (the normal bot's best)."""
TURN_MARGIN = 25.0
"""How much better (in :func:`evaluate`'s units, a gold being
:data:`~.plans.GOLD_VALUE`) a turn's play-out must end than that of the
normal bot's best turn for the hard bot to play it instead."""
SWITCHES = 2
"""Switches tried with each plan of the normal bot's beam."""
QUICK = TacticsPolicy(Weights(beam=2, sift=6, spoil_squares=2))
"""The normal bot with a narrower beam: our team's player in the play-outs
plans like it, each turn once (:class:`~.turn_plans.TurnPlans`); the other
team's plans like the normal bot itself (:data:`~.tactics.TACTICS`)."""
TIME_LIMIT = 2.0
"""Seconds a decision may take, ranking included (the play-out still
running then is dropped; a safety stop, reached only on a loaded machine)."""
ROUTE_CAP = 12.0
"""Cards needed counted at most (a route that long is as good as none)."""
OWN_ROUTE = 2.0
"""Each card our gold cart's route still needs, against one the other
team's needs: our turn is about to start, so our route is the one that
can score first, and the one the other team's turn just spoiled."""
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


def final(golds: int) -> float:
    """A finished game with our team ``golds`` ahead (behind when negative):
    won or lost (:data:`WON` golds), and by how much."""
    return GOLD_VALUE * (WON * ((golds > 0) - (golds < 0)) + golds)


def last_turn(state: MineCartsState) -> bool:
    """Whether the turn about to start is the game's last: the deck is the
    reshuffled one and cannot give the three cards drawn after it."""
    return state["reshuffled"] and sum(state["deck"].values()) < rules().factory


def evaluate(game: Game, state: State, seat: int) -> float:
    """Gold ahead of the other team (a gold is :data:`GOLD_VALUE` cards; a
    finished game by :func:`final`); then, with our turn about to start, the
    gold it can score (:func:`chance_now`); the cards the gold cart needs
    to reach the other team's town less those it needs to reach ours
    (:data:`OWN_ROUTE` each of ours); and the cards a turn we lay beyond the
    other team. When that turn is the game's last (:func:`last_turn`), the
    game is judged as finished, with the gold the turn can score."""
    s = typed(state)
    team = team_of(s, seat)
    ours, theirs = s["teams"][team], s["teams"][1 - team]
    golds = ours["gold"] - theirs["gold"]
    if s["ended"]:
        return final(golds)
    ready = s["team"] == team and s["phase"] == "lay"
    chance = chance_now(s, team) if ready else 0.0
    if ready and last_turn(s):
        return final(golds) + chance * (final(golds + 1) - final(golds))
    value = GOLD_VALUE * (golds + chance) + ALLOTMENT * (ours["allotment"] - theirs["allotment"])
    need_ours = cards_needed(s, team)[0]
    need_theirs = cards_needed(s, 1 - team)[0]
    return value - OWN_ROUTE * min(need_ours, ROUTE_CAP) + min(need_theirs, ROUTE_CAP)


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
class Turn:
    """A whole turn's plan, a candidate of the search: the cards still to
    lay this turn (action texts, in order) and the switch action."""

    lays: tuple[str, ...]
    switch: str

    @property
    def first(self) -> str:
        """The action it plays now."""
        return self.lays[0] if self.lays else self.switch


def turns(state: MineCartsState, team: int, rng: random.Random, w: Weights) -> list[Turn]:
    """The whole turns worth playing out, best first by the normal bot's
    judgement of each (:func:`~.tactics.after_switch`): in phase I each plan
    of its beam (:func:`~.tactics.plan_beam`) with each of its
    :data:`SWITCHES` best switches; in phase II every switch; empty when
    there is nothing to plan."""
    scored: list[tuple[float, float, Turn]] = []
    if state["phase"] == "lay":
        for plan in plan_beam(state, team, rng, w):
            if not plan.actions:
                continue
            finished = sorted(((after_switch(plan.state, team, colour, chosen, w), rng.random(), Turn(plan.actions, text))
                               for text, colour, chosen in switch_texts(plan.state)), reverse=True)
            scored.extend(finished[:SWITCHES])
    elif state["phase"] == "switch":
        scored = [(after_switch(state, team, colour, chosen, w), rng.random(), Turn((), text))
                  for text, colour, chosen in switch_texts(state)]
    return [turn for *_key, turn in sorted(scored, key=lambda k: k[:2], reverse=True)]


@dataclass(frozen=True)
class HardPolicy:
    """See the module docstring: the normal bot's :data:`WIDTH` best whole
    turns (:func:`turns`), each played out :attr:`rounds` rounds on, to the
    start of one of our team's turns (:class:`OurTurn`), by :meth:`players`
    and judged by :func:`evaluate`; it plays the first action of the first turn (the normal bot's best)
    unless the best ends better by ``margin``."""

    ours: Weights = QUICK.weights
    theirs: Weights = TACTICS.weights
    width: int = WIDTH
    rounds: int = ROUNDS
    margin: float = TURN_MARGIN

    def players(self, team: int) -> Sides:
        """The play-outs' players for a decision of ``team``: each team a
        :class:`~.turn_plans.TurnPlans` of its own (the positions it notes
        belong to this decision), ours with ``ours``, the other team's with
        ``theirs``."""
        return Sides(team, TurnPlans(self.ours), TurnPlans(self.theirs))

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        deadline = clock() + TIME_LIMIT  # ranking the turns counts against the budget
        s = typed(state)
        team = team_of(s, seat)
        options = turns(s, team, rng, TACTICS.weights)[:self.width]
        if not options:
            return TACTICS.choose(game, state, seat, rng)
        if len(options) == 1:
            return options[0].first
        until = OurTurn(team=team, after=s["round"] + self.rounds - 1)
        seed = rng.getrandbits(64)
        values: dict[int, float] = {}
        cut = False
        for i, turn in enumerate(options):
            if clock() > deadline:
                cut = True
                break
            end = self.play_out(game, state, seat, turn, until, random.Random(seed), deadline)
            if end is not None:
                values[i] = evaluate(game, end, seat)
            elif clock() > deadline:
                cut = True
        counted_search(cut)
        return options[kept(values, self.margin)].first

    def play_out(self, game: Game, state: State, seat: int, turn: Turn, until: OurTurn,
                 rng: random.Random, deadline: float | None = None) -> State | None:
        """``turn`` laid and switched, then the game played on by
        :meth:`players` (chance from ``rng``) until ``until``; None when the
        rules refuse the turn (never expected) or ``deadline`` passes first."""
        try:
            for text in turn.lays:
                state = game.apply(state, seat, text).state
        except IllegalAction:
            return None
        return playout(game, state, seat, turn.switch, self.players(until.team), rng, None, until,
                       deadline=deadline)


HARD = HardPolicy()
