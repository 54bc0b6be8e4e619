"""Days of Steam (Aaron Lauster, StrataMax 2008) on the Railyard contract.

Decisions where the rulebook and the design notes are silent (ours):

- Geometry and tile mix follow ../shared/design/days-of-steam.md. The
  dead-end tile is a siding: a straight with a dead-end spur off one side
  (the rulebook's Figure 4 needs a tile whose only connection to a town is
  its dead end, and a tile of a bare dead end could never be played).
- A cell's name never changes during a game: the first town is always Z26;
  columns are lettered west of it Y, X, ... A and east of it AA, AB, ...,
  rows numbered 25, 24, ... north of it and 27, 28, ... south of it. So a
  square named in a post or in /game log is the same square for the rest
  of the game, and players learn the middle of the map by heart. (Random
  games reach at most about 15 cells from the first town; a map reaching
  more than 25 west or north goes on with columns -A, -B, ... and rows 0,
  -1, ..., still never renaming a square.)
- Town tiles carry no coal car: playing one gives no steam.
- A town from the deck is drawn first ("town deck"; the chance outcome
  "town red" shows it to everyone), then the same player places it
  ("town CELL") in the same turn, then its two goods are drawn ("goods
  blue+green"), as the rulebook orders it. Burning coal is no longer open
  then (coal is for the beginning of a turn). A town is only drawn when
  some cell can take a town, and any cell that can take one can take any.
- A good keeps its origin town when unloaded elsewhere; it can never be
  delivered to its origin. Taking a good in the town where the move ends is
  not offered (it would be unloaded again at once).
- Entering a town costs no steam: the rulebook's worked example (yellow
  to red town, 3 steam over three track tiles, 4 with the hill) counts
  only track segments. So a train next to a town may roll in with 0 steam.
- A move must enter at least one tile. It is offered as destination +
  route variant: per goods plan, the cheapest route and, if different, the
  cheapest route needing no derailment roll.
- "Any portion of a single track segment twice" (circuits): no tile border
  is crossed twice, so a junction's two segments, which share the stem,
  can't both be in one circuit. A circuit may pass through the same town
  twice (a figure-8), as the design notes read the rulebook's definition.
- Steam stays within 0-6 (the train starts at 0; spending may empty it).
- A player who can neither play a tile or town, nor move, nor take water
  discards a tile of his choice and draws (the rulebook has no pass).
- Burning coal is an action of its own that does not end the turn.
- Action texts are checked by walking the turn's token tree (turns.py, on
  games/tree.py), the same tree the panel and the legal actions come from;
  typed text is ASCII only, and any case, leading zeros, extra spaces and a
  segment's ends or a tile's segments in any order are folded into the
  canonical text (grammar.py), which the log stores; any other text is
  refused with what is wrong. Squares may be typed in lower case ("z27").
- A player who reaches 13 points wins at once and ranks first; the others
  rank by points, circuit counters, steam. The game over is
  ``phase == "over"`` with ``ended`` ("deck" or "points") and ``winner``
  (the 13-point player, else None).
"""

from __future__ import annotations

import copy
from typing import Any

from games.core import Outcome, State
from games.phases import OVER, ChancePhase, PhasedGame, PlayerPhase

from .board import Board, edge_mismatch
from .chance import CHANCE_PHASES
from .geometry import unkey
from .params import COLOURS, goods_bag, param, tile_defs, town_counts, track_deck
from .scoring import outcome, score
from .phases import PHASES
from .state import MIGRATIONS, SCHEMA, DaysOfSteamState, plain, typed
from .table import size

SUMMARY = (
    "A tile-laying train game for 2-4. On your turn play a track tile from your hand (it adds the "
    "steam on its coal car), play a town (it brings two goods), move your train to pick up and deliver "
    "goods, or take water at a tower. 2 points per good, bonus for colours, 1 per circuit; 13 wins."
)

TOPICS = {
    "tiles": "A tile must touch track with track (never track against a bare side), trace a valid path "
             "(no reversing) back to a town, and be at most the 5th tile along that path. 'Play over' "
             "tiles may replace track without a train, hill, bridge or town on it.",
    "towns": "Play a face-up town (its goods come with it) or draw the top town of the deck: everyone sees "
             "it, you place it, then two goods are drawn for it. A town needs track facing it on every side that has a neighbour, a valid "
             "path to another town, and at least two track segments to the nearest town.",
    "moving": "Each segment entered costs 1 steam, a hill 2, +1 where another train stands (never in "
              "towns; on a junction tile always). No reversing during a move except in towns. Dead ends "
              "stop the train. Spending more than 2 steam with any curve needs a roll: you derail on "
              "a roll of (steam spent - 2) or less, go back and lose the steam.",
    "goods": "Carry one good at a time. It is delivered at the first town of its colour that is not "
             "where it started. A good aboard when you stop in another town is unloaded there.",
    "scoring": "2 points per good delivered, 1 per circuit counter, bonus 1/3/5 for 2/3/4 colours "
               "delivered. 13 points wins at once; else the game ends when the last track tile is drawn "
               "(ties: circuits, then steam).",
    "circuits": "A loop through at least two towns a train could run without reversing or reusing track "
                "(it may pass through a town twice, a figure-8) earns the player who completes it a counter "
                "(one per turn, seven in all).",
}


class DaysOfSteam(PhasedGame):
    slug = "days-of-steam"
    name = "Days of Steam"
    min_seats = 2
    max_seats = 4
    schema_version = SCHEMA
    migrations = MIGRATIONS
    summary = SUMMARY
    rules_topics = TOPICS
    command_group = "days"
    commands = {
        "tile": "Play a track tile from your hand",
        "town": "Play a face-up town or one from the deck",
        "move": "Move your train (destination, steam, goods)",
        "tower": "Spend the turn at a water tower for +4 steam",
        "coal": "Burn coal cubes for steam before your action",
        "discard": "Discard a tile and draw (only when nothing else is possible)",
    }
    player_boards = False
    phases = PHASES

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        start: DaysOfSteamState = {
            "schema": SCHEMA, "game": self.slug, "chance_taken": 0, "players": [],
            "phase": "setup",
            "tiles": {},
            "face_up": [],
            "town_deck": town_counts(),
            "bag": goods_bag(),
            "deck": track_deck(),
            "hands": [[] for _ in range(seats)],
            "discarded": [],
            "trains": [{"cell": "0,0", "piece": 0, "cargo": None} for _ in range(seats)],
            "steam": [param("start_steam")] * seats,
            "coal": [0] * seats,
            "delivered": [[] for _ in range(seats)],
            "circuits": [0] * seats,
            "circuits_left": param("circuit_counters"),
            "current": 0,
            "turn_no": 1,
            "pending": [{"kind": "setup"}],
            "last": None,
            "ended": "",
            "winner": None,
            "drawn": None,
        }
        part = plain(start)
        for envelope in ("schema", "game", "chance_taken", "players"):
            del part[envelope]
        return part

    # -- playing ----------------------------------------------------------
    def phase_of(self, state: State) -> PlayerPhase | ChancePhase | None:
        """The step due now: the first pending draw, else the placing of a
        town drawn from the deck, else the turn of the seat to play; None
        once the game is over."""
        if state["phase"] == OVER:
            return None
        if state["pending"]:
            return CHANCE_PHASES[state["pending"][0]["kind"]]
        return PHASES["place" if state["drawn"] is not None else "play"]

    # -- reading ----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """Other players' hands become their sizes; the track deck becomes its size."""
        seen = copy.deepcopy(state)
        seen["hand_sizes"] = [len(h) for h in state["hands"]]
        seen["hands"] = [h if s == seat else None for s, h in enumerate(state["hands"])]
        seen["deck_size"] = size(state["deck"])
        seen["deck"] = {}
        seen["viewer"] = seat
        return seen

    def outcome(self, state: State) -> Outcome:
        return outcome(typed(state))

    def status_line(self, state: State) -> str:
        s = typed(state)
        names = s["players"]
        if s["phase"] == OVER:
            result = self.outcome(state)
            best = " and ".join(names[w] for w in result.ranking[0])
            why = "the last track tile was drawn" if s["ended"] == "deck" else "13 points"
            return f"Game over ({why}) · {best} wins with {result.scores[result.ranking[0][0]]} points"
        deck = size(s["deck"]) if s["deck"] else int(state.get("deck_size", 0))
        if s["pending"]:
            return f"Turn {s['turn_no']} · drawing / rolling… · deck {deck} tiles"
        seat = s["current"]
        if s["drawn"] is not None:
            return f"Turn {s['turn_no']} · {names[seat]} to place the {s['drawn']['colour']} town drawn"
        return (f"Turn {s['turn_no']} · {names[seat]} to play · steam {s['steam'][seat]} · "
                f"{score(s, seat)} pts · deck {deck} tiles")

    def private_text(self, state: State, seat: int) -> str | None:
        """The seat's hand of track tiles: hidden from the others."""
        hand = typed(state)["hands"][seat]
        return "Your hand: " + (", ".join(hand) if hand else "empty")

    def check_invariants(self, state: State) -> list[str]:
        return invariant_problems(state)


def invariant_problems(state: State) -> list[str]:
    """Conservation of goods, towns and tiles; ranges; trains on track; hands."""
    st = typed(state)
    problems: list[str] = []
    n = len(st["players"])
    goods = dict.fromkeys(COLOURS, 0)
    for c, k in st["bag"].items():
        goods[c] += k
    for town in st["face_up"]:
        for colour in town["goods"]:
            goods[colour] += 1
    for tile in st["tiles"].values():
        for good in tile.get("goods", []):
            goods[good["colour"]] += 1
    for s in range(n):
        cargo = st["trains"][s]["cargo"]
        if cargo:
            goods[cargo["colour"]] += 1
        for colour in st["delivered"][s]:
            goods[colour] += 1
    if goods != goods_bag():
        problems.append(f"goods not conserved: {goods}")
    towns = size(st["town_deck"]) + len(st["face_up"]) + (st["drawn"] is not None) + sum(
        1 for t in st["tiles"].values() if t["kind"] == "town")
    if towns != sum(town_counts().values()):
        problems.append(f"town tiles not conserved: {towns}")
    tiles = dict.fromkeys(tile_defs(), 0)
    for kind, count in st["deck"].items():
        tiles[kind] += count
    for hand in st["hands"]:
        for kind in hand:
            tiles[kind] += 1
    for kind in st["discarded"]:
        tiles[kind] += 1
    for t in st["tiles"].values():
        if t["kind"] != "town":
            tiles[t["kind"]] += 1
    expected = {k: (d.count if not d.town else 0) for k, d in tile_defs().items()}
    if tiles != expected:
        problems.append("track tiles not conserved")
    for s in range(n):
        if not 0 <= int(st["steam"][s]) <= param("max_steam"):
            problems.append(f"seat {s} steam {st['steam'][s]} out of 0-6")
        if int(st["coal"][s]) < 0:
            problems.append(f"seat {s} has negative coal")
        drawing = any(p["kind"] == "draw" and p["seat"] == s for p in st["pending"])
        if st["phase"] == "play" and not drawing and len(st["hands"][s]) != param("hand_size"):
            problems.append(f"seat {s} holds {len(st['hands'][s])} tiles")
    if sum(st["circuits"]) + st["circuits_left"] != param("circuit_counters"):
        problems.append("circuit counters not conserved")
    board = Board.of(st)
    spots: dict[tuple[Any, int], int] = {}
    for s, train in enumerate(st["trains"]):
        cell = unkey(train["cell"])
        shp = board.shapes.get(cell) if st["phase"] == "play" else None
        if st["phase"] == "play" and (shp is None or not 0 <= int(train["piece"]) < len(shp.pieces)):
            problems.append(f"train {s} is off the track")
        elif cell not in board.towns:
            spots[(cell, int(train["piece"]))] = spots.get((cell, int(train["piece"])), 0) + 1
    if any(v > 1 for v in spots.values()):
        problems.append("two trains share a piece of track outside a town")
    for cell, shp in board.shapes.items():
        if edge_mismatch(board, cell, shp) is not None:
            problems.append(f"track against a bare side at {cell}")
    if (st["phase"] == OVER) != bool(st["ended"]):
        problems.append(f"phase {st['phase']!r} but ended {st['ended']!r}")
    if st["phase"] != OVER and any(score(st, s) >= param("winning_points") for s in range(n)):
        problems.append("a player has the winning points but the game goes on")
    return problems


