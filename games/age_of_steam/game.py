"""The Game object: the contract's entry points over the phases of a turn
(:class:`games.phases.PhasedGame`), with the strict grammar reading typed
text first."""

from __future__ import annotations

import copy
from typing import Mapping

from games.core import CHANCE, Applied, GameOption, Outcome, State
from games.phases import ChancePhase, PhasedGame, PlayerPhase

from . import economy, grammar, invariants, scoring
from .goods import empty_display
from .maps import MAP_SLUGS, RUST_BELT, map_rules
from .params import rules
from .phases import PHASES, PRODUCTION, PRODUCTION_DRAW, Chance, Phase
from .state import MIGRATIONS, SCHEMA, SMALL_MAP_KEYS, typed
from .tiles import kinds

SUMMARY = (
    "Age of Steam on the Rust Belt map, 3-6 players (option map: barbados for 1 player, st-lucia for 2; "
    "see the maps topic). Build railroads between the cities of the "
    "American Midwest and ship goods cubes to cities of their colour. Each turn: issue shares, bid "
    "for player order, select an action, build up to 3 track tiles, move goods twice (income to each "
    "link's owner), collect income, pay expenses, income reduction, goods growth. After the last turn "
    "(10/8/7/6 turns for 3/4/5/6 players): 3 VP per income, 1 VP per track of your completed links, "
    "-3 VP per share."
)

TOPICS = {
    "turn": "Each turn: 1 issue shares ($5 each, max 15), 2 auction for player order, 3 select one of "
            "seven actions, 4 build track, 5 move goods (two rounds), 6 collect income, 7 pay expenses "
            "($1 per share and per engine link; what you can't pay comes off your income, at $0 you are "
            "out), 8 income reduction, 9 goods growth, 10 advance the turn marker.",
    "auction": "Bid more than the high bid, or drop out. The first to drop out is last and pays nothing; "
               "later drop-outs pay half their bid (rounded up); the last two pay their full bid. With "
               "Turn Order you may pass once and stay in.",
    "actions": "First Move, First Build, Engineer (4 tiles), Locomotive (+1 engine now), Urbanization "
               "(a new city on a town before you build), Production (draw 2 cubes onto the display), "
               "Turn Order (pass once in the next auction). Each action once per turn.",
    "build": "Up to 3 tiles: simple $2, coexisting $3, crossing $4, +$1 river, +$2 mountain; in a town "
             "$1 + $1 per exit. Replacing costs $2 ($3 simple to crossing, $3 in a town). Track must "
             "connect to a city or your track, never directly to another player's, never off the map "
             "or into a lake, never back to its own start. Unfinished track not extended on your next "
             "build becomes unowned. Use: build HEX TILE.ROT, then done.",
    "goods": "A cube moves over completed links (at most your engine's links), never through a city or "
             "town twice, and stops at the first city of its colour. Each link's owner gains +1 income "
             "at once. Instead of one delivery per turn you may upgrade your engine.",
    "scoring": "3 VP per $ of income, 1 VP per track piece in your completed links, -3 VP per issued "
               "share. Money is worth nothing. Ties are shared.",
    "maps": "map=rust-belt (3-6 players, the base game). map=barbados (1 player, 10 turns): at most 1 share "
            "a turn, no auction, four actions (Engineer, Locomotive, Urbanization, Production), each blocked "
            "until all four were taken; new cities A-D; growth rolls 2 dice on the light side only. At the end "
            "every share is bought back at $5: short of it you lose, else your score is the cash left. "
            "map=st-lucia (2 players, 8 turns): no printed cities, only towns; a cube lies on every plain and "
            "river hex, never replenished; no goods display, growth or Production. Player order: the priority "
            "player (alternating each turn; Turn Order takes it for next turn) may pay $5 to go first, then "
            "the other; if both decline the priority player goes first. A cube on a hex with track leaves "
            "along it to the town or city where it ends (one link, +1 to its owner), then moves as usual; "
            "delivered, the owner of that track gains +1 more.",
}

COMMANDS = {
    "shares": "Issue shares ($5 each)",
    "bid": "Bid for player order, or drop out (St. Lucia: pay to go first, or decline)",
    "pass": "Pass (auction with Turn Order, or a goods-moving round)",
    "action": "Select an action (or place a Production cube)",
    "build": "Build or replace a track tile, urbanize, or finish building",
    "move": "Move a goods cube along a route",
    "upgrade": "Upgrade your engine instead of moving a cube",
}


def _map(options: Mapping[str, str] | None) -> str:
    """The map an options mapping chooses (the default when none)."""
    chosen = (options or {}).get("map", RUST_BELT)
    return chosen if chosen in MAP_SLUGS else RUST_BELT


class AgeOfSteam(PhasedGame):
    slug = "age-of-steam"
    name = "Age of Steam"
    min_seats = 3
    max_seats = 6
    schema_version = SCHEMA
    migrations = MIGRATIONS
    summary = SUMMARY
    rules_topics = TOPICS
    command_group = "aos"
    commands = COMMANDS
    player_boards = False
    phases = PHASES
    options = (GameOption("map", "Rust Belt (3-6 players), Barbados (1 player) or St. Lucia (2 players)",
                          MAP_SLUGS, RUST_BELT),)

    def player_counts(self, options: Mapping[str, str] | None = None) -> tuple[int, ...]:
        """The map decides: Rust Belt 3-6, Barbados 1, St. Lucia 2."""
        return map_rules(_map(options)).players

    def counts_reason(self, options: Mapping[str, str] | None = None) -> str:
        return f" on the {map_rules(_map(options)).name} map"

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        r = rules()
        m = map_rules(options["map"])
        return {
            "round": 1,
            "rounds": m.turns_for(seats),
            "phase": "stock",
            "step": {},
            "order": list(range(seats)),
            "cash": [m.start_money] * seats,
            "income": [0] * seats,
            "shares": [m.start_shares] * seats,
            "engine": [r.start_engine] * seats,
            "eliminated": [False] * seats,
            "built": [False] * seats,
            "action": [None] * seats,
            "board": {},
            "new_cities": {},
            "cubes": {},
            "display": empty_display(m.slug),
            "bag": dict(m.goods),
            "supply": {name: kind.count for name, kind in kinds().items()},
            "last": None,
            "map": m.slug,
            **copy.deepcopy(SMALL_MAP_KEYS),
        }

    SAFE_DEFAULT_TOKENS = ("pass", "skip", "done", "drop", "decline")
    """An auction's safe default is to drop out (paying as the rules say);
    St. Lucia's player order's is to decline paying for the first place."""

    def default_action(self, state: State, seat: int) -> str | None:
        """The safe default for a seat whose turn clock ran out: in Issue
        Shares the fewest shares that keep the coming expenses paid (so the
        absent railroad neither loses income nor goes out for the lack of
        them); in the auction drop out; in building build nothing more; in
        moving goods pass. Choosing an action is left to the bot: no pick
        is safe for every railroad."""
        if seat not in self.to_act(state):
            return None
        if state["phase"] == "shares":
            offered = [int(o.token) for o in self.options_at(state, seat, ["shares"]) if o.complete]
            if not offered:
                return None
            needed = economy.shares_to_pay(typed(state), seat)
            return f"shares {min((n for n in offered if n >= needed), default=max(offered))}"
        return super().default_action(state, seat)

    def phase_of(self, state: State) -> PlayerPhase | ChancePhase | None:
        """The step due now; Production is its draw until the cubes are drawn."""
        phase = super().phase_of(state)
        if phase is PRODUCTION and not state["step"]["drawn"]:
            return PRODUCTION_DRAW
        return phase

    def apply(self, state: State, seat: int, action: str) -> Applied:
        """As :meth:`Game.apply`, refusing first a text that is not plain
        ASCII (before any of it is stripped)."""
        grammar.check_text(action)
        return super().apply(state, seat, action)

    def _apply(self, state: State, seat: int, action: str) -> list[str] | Applied:
        """A chance outcome is read by the strict grammar and logged in its
        canonical words; a player's action goes to its phase (which does the
        same)."""
        phase = self.phase_of(state)
        if seat == CHANCE and isinstance(phase, Chance):
            tokens = phase.words(action)
            return Applied(state, phase.act(state, tokens), " ".join(tokens))
        return super()._apply(state, seat, action)

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(typed(state))

    def status_line(self, state: State) -> str:
        if self.is_over(state):
            out = self.outcome(state)
            if out.summary:
                return f"Game over after turn {state['round']} · {state['players'][0]} {out.summary}"
            best = ", ".join(state["players"][s] for s in out.winners)
            return f"Game over after turn {state['round']} · winner: {best} ({out.scores[out.winners[0]]} VP)"
        phase = self.phase_of(state)
        assert isinstance(phase, (Phase, Chance))
        return f"Turn {state['round']}/{state['rounds']} · {phase.status(state)}"

    def view(self, state: State, seat: int | None) -> State:
        """Nothing is hidden: the bag is a public count of cubes per colour."""
        return state

    def check_invariants(self, state: State) -> list[str]:
        return invariants.problems(typed(state))
