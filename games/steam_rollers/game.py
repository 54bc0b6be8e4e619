"""The Steam Rollers game object: the contract of :mod:`games.core` over the
phases of :mod:`games.steam_rollers.phases` (a :class:`games.phases.PhasedGame`)."""

from __future__ import annotations

from games.core import CHANCE, Applied, GameOption, Outcome, State
from games.phases import OVER, PhasedGame, PlayerPhase
from games.steam_rollers import invariants, scoring, setup, turns
from games.steam_rollers.phases import PHASES, ReadChancePhase
from games.steam_rollers.state import MIGRATIONS, SCHEMA, typed
from games.steam_rollers.params import rules

SUMMARY = (
    "Steam Rollers (Mark Gerrits), 2-5 players. Every player draws on a map of his own. "
    "Each round the start player rolls a black die and players+1 white dice; in turn each "
    "player takes one white die and with it builds one track piece in that region (the black "
    "die says which shapes), improves his engine (one box per die value), delivers a cube from "
    "that city along his track (points = towns and cities reached, up to the engine), or takes "
    "that special card. The game ends after a round with 3 or more empty cities."
)

TOPICS = {
    "track": "Build: the white die picks the region, the black die the two shapes you may draw "
             "(1-2 straight or gentle curve, 3-4 straight or sharp curve, 5-6 gentle or sharp). "
             "One piece per hex, never in a city; a piece whose end faces a city connects to it; "
             "a town counts only if your piece goes through its hex.",
    "deliver": "Deliver: take a cube from the die's city and move it along your connections to a "
               "city of its colour (grey: 3 or 4) without visiting a city twice. Distance = towns "
               "and cities reached; your engine must be at least that; you score the distance.",
    "engine": "Improve: cross out the box of the die's value (each value once). Strength = boxes "
              "crossed (card 4b: +1). At the end 4/5/6 boxes give 1/2/3 points.",
    "cards": "Take the card of the die's number: from the centre, or steal it if it isn't "
             "sideways. A taken card is sideways until your next turn (2b: until you have been "
             "offered a die to claim with it). Lightning cards go back "
             "after one use; infinity cards stay until stolen. 1: any die value. 2a: two dice. "
             "2b: claim a die another player just took. 3a: die = destination. 3b: distance +1/+2. "
             "4a: unlimited delivery. 4b: engine +1. 5a: die +-1. 5b: reroll or flip. 6: any track.",
    "scoring": "Deliveries + network (1 per city-to-city connection + 1 per town on it) + engine "
               "bonus + card VP. Ties: better engine, then better network, else shared.",
    "walls": "Medium/Hard: a die roll blocks one or two region borders. Nothing crosses a wall: "
             "no deliveries, and connections across it score nothing.",
}


class SteamRollers(PhasedGame):
    slug = "steam-rollers"
    name = "Steam Rollers"
    min_seats = 2
    max_seats = 5
    schema_version = SCHEMA
    migrations = MIGRATIONS
    options = (GameOption("difficulty", "Easy: no walls; Medium: one wall; Hard: two walls",
                          ("easy", "medium", "hard"), "easy"),)
    summary = SUMMARY
    rules_topics = TOPICS
    command_group = "steamrollers"
    commands = {
        "pick": "Take a white die (and use a die card), reroll, pass or end your turn",
        "build": "Take a white die and draw a track piece in its region",
        "improve": "Take a white die and cross out its engine box",
        "deliver": "Take a white die and deliver a cube from its city",
        "card": "Take a white die and take (or steal) its special card",
        "claim": "Card 2b: claim the die another player just took, or let it go",
    }
    player_boards = True
    phases = PHASES

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        return setup.initial_state(seats, options["difficulty"])

    def _apply(self, state: State, seat: int, action: str) -> list[str] | Applied:
        """Chance texts too are read by the strict grammar of :mod:`grammar`;
        the log keeps the canonical text of what was parsed."""
        phase = self.phase_of(state)
        if seat == CHANCE and isinstance(phase, ReadChancePhase):
            events, text = phase.read(state, action)
            return Applied(state, events, text)
        return super()._apply(state, seat, action)

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(state)

    def status_line(self, state: State) -> str:
        phase = state["phase"]
        if phase == OVER:
            result = scoring.outcome(state)
            best = ", ".join(state["players"][s] for s in result.winners)
            top = max(result.scores)
            return (f"Game over after round {state['round']} · won by {best} "
                    f"({top} point{'' if top in (1, -1) else 's'}).")
        if phase == "setup":
            return "Setting up: cubes on the cities, card sides, start player."
        head = f"Round {state['round']}"
        if phase == "roll":
            return f"{head} · {turns.name(state, state['start'])} rolls the dice."
        if state["black"] is not None:
            shapes = "/".join(rules().black_die_shapes[int(state["black"])])
            dice = " ".join(str(d) for d in state["pool"]) or "none"
            head += f" · black {state['black']} ({shapes}) · white dice left {dice}"
        if phase == "reroll":
            return f"{head} · rerolling a die."
        step = PHASES[phase]
        assert isinstance(step, PlayerPhase)
        seat = step.seats(state)[0]
        return f"{head} · {turns.name(state, seat)} {step.waiting_for(state)}."

    def check_invariants(self, state: State) -> list[str]:
        return invariants.problems(typed(state))
