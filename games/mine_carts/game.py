"""The Mine Carts game object: the contract of :mod:`games.core` over the
phases of :mod:`games.mine_carts.phases`."""

from __future__ import annotations

from games.core import Outcome, State
from games.mine_carts import invariants, scoring, setup
from games.mine_carts.phases import PHASES, who
from games.mine_carts.state import SCHEMA, typed
from games.phases import OVER, PhasedGame, PlayerPhase

SUMMARY = (
    "Mine Carts, 2 or 4 players in two teams, Red and Blue (seated alternately; either member acts "
    "for the team). On its turn a team lays its allotted track cards (1 at first, 2 once a cart "
    "of its moved 3+ spaces in one move, 3 after 5+), sets the switch (green, orange or fuchsia), "
    "then moves cart 1, cart 2 and the gold cart along the track; the grid wraps on all sides. "
    "The gold cart entering a team's town scores that team a gold: first to 3 wins."
)

TOPICS = {
    "cards": "Lay all your allotted cards from your factory, any rotation, on any square but a "
             "cart, a town, the mine or a pit; a card may cover track (the covered card is "
             "discarded). A pit counts toward the allotment, destroys the track under it and "
             "stays for the game. After moving, the factory is discarded and 3 cards drawn.",
    "switch": "The switch is on green, orange or fuchsia. A cart entering a junction by its stem "
              "takes the exit of the switch's colour, else the black exit; entering by any other "
              "exit it leaves by the stem. A coloured branch is open only while the switch is on "
              "its colour, from either end: no cart comes onto it from its own end, or hops onto it "
              "out of a town or the mine, otherwise (it stops on the square before). The black "
              "track is always open. A cart that starts its move on a junction moves off the "
              "length it rests on, whatever the switch.",
    "moving": "Carts move in order: 1, 2, then the gold cart, each as far as the track goes, "
              "wrapping off the edges. A cart must move when it can: it keeps its heading, and "
              "reverses only if no track goes on. It stops before another cart (a cart right "
              "behind another doesn't move at all), a pit, a town or the mine, and before "
              "re-entering a square the same way (loops end). Leaving a town or the mine with "
              "several tracks, the team picks one.",
    "gold": "The gold cart scores when its path enters a town: that town's team gains a gold and "
            "the gold cart goes back to the mine. First team to 3 gold wins. The deck is "
            "reshuffled once; when it runs out again, more gold wins, equal gold is a draw.",
}


class MineCarts(PhasedGame):
    slug = "mine-carts"
    name = "Mine Carts"
    min_seats = 2
    max_seats = 4
    seat_counts = (2, 4)
    schema_version = SCHEMA
    summary = SUMMARY
    rules_topics = TOPICS
    command_group = "minecarts"
    commands = {
        "lay": "Lay a track card from your team's factory on the grid",
        "switch": "Set the switch and move your carts (and the gold cart)",
    }
    phases = PHASES

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        return setup.initial(seats)

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(typed(state))

    def partners(self, state: State, seat: int) -> list[int]:
        """The other member of ``seat``'s team (none in a 2-player game);
        ValueError for a seat that is not a player (a caller's mistake, not a
        move the rules refuse)."""
        s = typed(state)
        if not 0 <= seat < len(s["players"]):
            raise ValueError(f"seat {seat} is not a player of this Mine Carts game "
                             f"(seats 0-{len(s['players']) - 1})")
        team = s["teams"][scoring.team_of(s, seat)]
        return [other for other in team["seats"] if other != seat]

    def status_line(self, state: State) -> str:
        s = typed(state)
        golds = " · ".join(f"{team['name']} {team['gold']} gold" for team in s["teams"])
        if s["phase"] in (OVER, "deal"):
            return self.turn_line(state)
        switch = f" · switch {s['switch']}" if s["switch"] else ""
        return f"{self.turn_line(state)} · {golds}{switch}."

    @classmethod
    def turn_line(cls, state: State) -> str:
        """Whose turn and what for ("Round 3 · Red (ann, cid) (either may act) to lay 2 cards"),
        or how the game ended."""
        s = typed(state)
        golds = " · ".join(f"{team['name']} {team['gold']} gold" for team in s["teams"])
        if s["phase"] == OVER:
            result = scoring.outcome(s)
            if len(result.ranking) == 1:
                return f"Game over after round {s['round']}: a draw ({golds})."
            winner = s["teams"][scoring.team_of(s, result.winners[0])]["name"]
            return f"Game over after round {s['round']}: {winner} wins ({golds})."
        if s["phase"] == "deal":
            return "Setting up: dealing three cards to each factory."
        phase = cls.phases[s["phase"]]
        head = f"Round {s['round']}"
        if not isinstance(phase, PlayerPhase):
            return f"{head} · {s['teams'][s['team']]['name']} draws three cards"
        team = s["teams"][s["team"]]
        either = " (either may act)" if len(team["seats"]) > 1 else ""
        return f"{head} · {who(s, s['team'])}{either} {phase.waiting_for(state)}"

    def check_invariants(self, state: State) -> list[str]:
        return invariants.problems(state)
