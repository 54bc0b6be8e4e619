"""The set-up, one chance outcome: players + 2 random cubes on each city
(cubes of the city's own colour go back to the box), a random side for each
special card, a random start player and, in Medium/Hard games, the wall die.

Outcome text: ``setup cubes:ryyb/bgpp/... sides:abbaab first:2 wall:5``
(cube letters per city 1-6: r red, b blue, p purple, y yellow, g grey).
"""

from __future__ import annotations

import random

from games.core import IllegalAction, State
from games.steam_rollers.board import board
from games.steam_rollers.params import rules

LETTER = {"r": "red", "b": "blue", "p": "purple", "y": "yellow", "g": "grey"}
CODE = {v: k for k, v in LETTER.items()}


def initial_state(seats: int, difficulty: str) -> State:
    """Everything but the envelope, before the set-up outcome."""
    return {
        "difficulty": difficulty,
        "phase": "setup",
        "round": 1,
        "start": 0,
        "walls": [],
        "wall_roll": None,
        "cubes": {str(c): [] for c in range(1, 7)},
        "drawn": {c: 0 for c in rules().cube_colours},
        "removed": {c: 0 for c in rules().cube_colours},
        "cards": {str(n): {"side": "a", "holder": None, "sideways": False} for n in range(1, 7)},
        "black": None,
        "pool": [],
        "order": [],
        "turn": 0,
        "reserved": {},
        "held": None,
        "mod_used": False,
        "second": False,
        "claim": None,
        "maps": [{"track": {}, "engine": [], "deliveries": [], "delivery_points": 0}
                 for _ in range(seats)],
        "last": None,
    }


def sample(state: State, rng: random.Random) -> str:
    table = rules()
    bag = [c for c in table.cube_colours for _ in range(table.cubes_per_colour)]
    rng.shuffle(bag)
    per_city = len(state["players"]) + table.extra_cubes_per_city
    cities = ["".join(CODE[c] for c in bag[i * per_city:(i + 1) * per_city]) for i in range(6)]
    sides = "".join(rng.choice("ab") for _ in range(6))
    text = f"setup cubes:{'/'.join(cities)} sides:{sides} first:{rng.randrange(len(state['players']))}"
    if state["difficulty"] != "easy":
        text += f" wall:{rng.randint(1, 6)}"
    return text


def parse(state: State, text: str) -> dict[str, str]:
    tokens = text.split()
    if not tokens or tokens[0] != "setup":
        raise IllegalAction("The set-up outcome must start with 'setup'.")
    fields = dict(t.split(":", 1) for t in tokens[1:] if ":" in t)
    table = rules()
    per_city = len(state["players"]) + table.extra_cubes_per_city
    cities = fields.get("cubes", "").split("/")
    if len(cities) != 6 or any(len(c) != per_city or set(c) - set(LETTER) for c in cities):
        raise IllegalAction(f"Set-up needs {per_city} cube letters (rbpyg) for each of 6 cities.")
    counts = {LETTER[ch]: "".join(cities).count(ch) for ch in LETTER}
    if any(n > table.cubes_per_colour for n in counts.values()):
        raise IllegalAction(f"There are only {table.cubes_per_colour} cubes of each colour.")
    if len(fields.get("sides", "")) != 6 or set(fields["sides"]) - {"a", "b"}:
        raise IllegalAction("Set-up needs six card sides (a or b).")
    if not fields.get("first", "").isdigit() or int(fields["first"]) >= len(state["players"]):
        raise IllegalAction("Set-up needs a start player seat.")
    needs_wall = state["difficulty"] != "easy"
    if needs_wall != ("wall" in fields) or (needs_wall and fields["wall"] not in "123456"):
        raise IllegalAction("A wall die (1-6) is rolled in Medium and Hard games only.")
    return fields


def apply(state: State, text: str) -> list[str]:
    fields = parse(state, text)
    geo = board()
    events = []
    for number, letters in enumerate(fields["cubes"].split("/"), start=1):
        own = geo.city_colour[number]
        placed = [LETTER[ch] for ch in letters]
        for colour in placed:
            state["drawn"][colour] += 1
        kept = sorted(c for c in placed if c != own)
        state["removed"][own] += len(placed) - len(kept)
        state["cubes"][str(number)] = kept
        back = len(placed) - len(kept)
        events.append(f"City {number} ({own}): {', '.join(kept) or 'no cubes'}"
                      + (f" ({back} {own} returned to the box)." if back else "."))
    for number, face in enumerate(fields["sides"], start=1):
        state["cards"][str(number)]["side"] = face
    events.append("Special cards: " + " ".join(f"{n}{f}" for n, f in enumerate(fields["sides"], 1)) + ".")
    state["start"] = int(fields["first"])
    if "wall" in fields:
        roll = int(fields["wall"])
        state["wall_roll"] = roll
        state["walls"] = list(rules().wall_tables[state["difficulty"]][roll])
        names = ", ".join(f"{b} (regions {rules().borders[b][0]}-{rules().borders[b][1]})"
                          for b in state["walls"])
        events.append(f"Wall die {roll}: walls on border {names}.")
    events.append(f"{state['players'][state['start']]} is the start player.")
    state["phase"] = "roll"
    return events
