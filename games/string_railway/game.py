"""The String Railway game object: the contract of :mod:`games.core` over the
steps of :mod:`games.string_railway.phases`."""

from __future__ import annotations

from games.core import GameOption, Outcome, State
from games.phases import OVER, PhasedGame
from games.string_railway import invariants, scoring, turns
from games.string_railway.migrations import MIGRATIONS
from games.string_railway.params import table
from games.string_railway.phases import PHASES
from games.string_railway.state import SCHEMA, TILES, StringRailwayState, plain, typed

SUMMARY = (
    "String Railway (Hisashi Hayashi, OKAZU), 2-5 players, on a continuous table in centimetres. "
    "On your turn: draw a station (two on the very first turn; a countryside lets you draw one more), "
    "place every station drawn, then lay one railroad string (30 cm short or 60 cm long) from your "
    "network to stations, and score the stations it newly enters, minus 1 per string, river or "
    "mountain line crossed off the tiles. The game ends when every string is laid; most points wins."
)

TOPICS = {
    "strings": "A string runs from a station over any stations to another station, straight or bending at "
               "up to 3 grid points, no longer than its length (30 or 60 cm). It must stay inside the field, "
               "not cross itself, lie on your home or a station your strings lie on, enter no station twice, "
               "respect company limits, and a terminal must be at one of its ends.",
    "stations": "Central 3 (ALL), local 2 (limit 3), suburban 2 (limit 2), countryside 1 (limit 1, draw one "
                "extra once a turn), town: owner 3 / others 1 (owner -1 per other company), transfer: owner "
                "0 / others 2 (owner +1 per other company), junction 1 every time (limit 3), terminal 3 (must "
                "be a string's end), landmark 1 in the field / 3 in the mountains (limit 2). Home: yours 3 at "
                "the start, others 2 and you lose 1.",
    "placing": "A drawn station goes on a grid cell (its centre): inside the field, off the field string, "
               "touching no station and lying on no string, river or mountain line. Type just the cell "
               "(/strings station K12) or pick a block and a cell on the panel.",
    "typing": "Type a string as its length and its points: '/strings string short B2 K12 T30' or "
              "'short B2-K12-T30'. The first and last points must be on two different stations, anywhere "
              "on their tiles (any grid point of a tile); points on a station tile don't count as bends.",
    "two players": "Each player plays two colours from opposite corners. The player whose weaker company "
                   "has fewer points loses; tied, the stronger companies decide; tied again, it's a tie.",
}


class StringRailway(PhasedGame):
    slug = "string-railway"
    name = "String Railway"
    min_seats = 2
    max_seats = 5
    schema_version = SCHEMA
    migrations = MIGRATIONS
    options = (GameOption("crossing", "Advanced: crossing a railroad string costs 2 points instead of 1",
                          ("standard", "advanced"), "standard"),)
    summary = SUMMARY
    rules_topics = TOPICS
    command_group = "strings"
    SAFE_DEFAULT_TOKENS = ("pass", "skip", "done", "no-extra")
    """A seat skipped by its turn clock declines the extra draw; its other
    choices are left to the bot (no station or string is safe for all)."""
    commands = {
        "corner": "Choose the corner of your home station",
        "draw": "Countryside: draw an extra station or not",
        "station": "Place a drawn station on a grid cell",
        "string": "Lay a railroad string (pick a proposal or type its points)",
    }
    phases = PHASES

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        t = table()
        start: StringRailwayState = {
            "schema": SCHEMA, "game": self.slug, "chance_taken": 0, "players": [],
            "phase": "setup", "round": 0, "current": 0, "company": 0,
            "shape": t.shape_for_players[seats], "advanced": options["crossing"] == "advanced",
            "river": [], "mountain": [], "deck": list(range(1, TILES + 1)), "drawn": [], "set_aside": [], "draws_due": 0,
            "extra_used": False, "turns": 0, "companies": [], "stations": [], "strings": [], "last": None,
        }
        part = plain(start)
        for key in ("schema", "game", "chance_taken", "players"):
            del part[key]
        return part

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(typed(state))

    def status_line(self, state: State) -> str:
        s = typed(state)
        if s["phase"] == OVER:
            result = self.outcome(state)
            best = ", ".join(s["players"][w] for w in result.winners)
            return f"Game over · won by {best}."
        if s["phase"] == "setup":
            return "Setting up: laying the river and the mountain range, choosing the first player."
        phase = self.phases[s["phase"]]
        who = turns.company_name(s, s["company"])
        head = f"Round {s['round']}" if s["round"] else "Corners"
        if s["phase"] == "draw":
            return f"{head} · {who} draws a station."
        return f"{head} · {who} {getattr(phase, 'waiting_for')(state)}."

    def check_invariants(self, state: State) -> list[str]:
        return invariants.problems(typed(state))
