"""The set-up, one chance outcome: players + 2 random cubes on each city
(cubes of the city's own colour go back to the box), a random side for each
special card, a random start player and, in Medium/Hard games, the wall die.

Outcome text: ``setup cubes:ryyb/bgpp/... sides:abbaab first:2 wall:5``
(cube letters per city 1-6: r red, b blue, p purple, y yellow, g grey).
"""

from __future__ import annotations

import random
import re

from games.core import State
from games.steam_rollers import grammar
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
        "current": None,
        "reserved": {},
        "held": None,
        "mod_used": False,
        "second": False,
        "claim": None,
        "claim_offered": [],
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


FIELDS = ("cubes", "sides", "first", "wall")
_CUBES = re.compile(r"[rbpyg]+(/[rbpyg]+){5}", re.ASCII)
_SIDES = re.compile(r"[ab]{6}", re.ASCII)


def parse(state: State, text: str) -> dict[str, str]:
    """The set-up outcome's fields, canonical: ``cubes`` (6 groups of
    players+2 letters rbpyg), ``sides`` (6 of a/b), ``first`` (a seat) and,
    in Medium/Hard games only, ``wall`` (a die face). Any case, any order of
    the fields and leading zeros are read; unknown or repeated fields are
    refused."""
    tokens = grammar.tokens(text)
    if not tokens or tokens[0].lower() != "setup":
        raise grammar.refuse("The set-up outcome must start with 'setup'.")
    fields: dict[str, str] = {}
    for token in tokens[1:]:
        name, colon, value = token.partition(":")
        name = name.lower()
        if not colon or name not in FIELDS:
            raise grammar.refuse(f"'{grammar.quote(token)}' isn't part of a set-up: it takes cubes:, "
                                 "sides:, first: and (Medium/Hard) wall:.")
        if name in fields:
            raise grammar.refuse(f"The set-up gives {name}: twice.")
        fields[name] = value.lower()
    return {"cubes": _cubes(state, fields.get("cubes", "")), "sides": _sides(fields.get("sides", "")),
            "first": _first(state, fields.get("first", "")), **_wall(state, fields)}


def canonical(fields: dict[str, str]) -> str:
    """The set-up outcome's canonical text."""
    text = f"setup cubes:{fields['cubes']} sides:{fields['sides']} first:{fields['first']}"
    return text + (f" wall:{fields['wall']}" if "wall" in fields else "")


def _cubes(state: State, value: str) -> str:
    """Players + 2 cube letters for each of the six cities, at most ten of a colour."""
    table = rules()
    per_city = len(state["players"]) + table.extra_cubes_per_city
    if _CUBES.fullmatch(value) is None or any(len(c) != per_city for c in value.split("/")):
        raise grammar.refuse(f"Set-up needs {per_city} cube letters (rbpyg) for each of 6 cities, "
                             f"like cubes:{'/'.join(['rbgp'[:per_city] + 'y' * (per_city - 4)] * 6)[:60]}.")
    if any(value.count(ch) > table.cubes_per_colour for ch in LETTER):
        raise grammar.refuse(f"There are only {table.cubes_per_colour} cubes of each colour.")
    return value


def _sides(value: str) -> str:
    if _SIDES.fullmatch(value) is None:
        raise grammar.refuse("Set-up needs six card sides (a or b), like sides:abbaab.")
    return value


def _first(state: State, value: str) -> str:
    seats = len(state["players"])
    digits = grammar.number(value)
    if digits is None or len(digits) > 1 or int(digits) >= seats:
        raise grammar.refuse(f"Set-up needs a start player seat from 0 to {seats - 1}, like first:0.")
    return digits


def _wall(state: State, fields: dict[str, str]) -> dict[str, str]:
    """The wall die, given exactly when the game is Medium or Hard."""
    needs_wall = state["difficulty"] != "easy"
    if not needs_wall:
        if "wall" in fields:
            raise grammar.refuse("A wall die (1-6) is rolled in Medium and Hard games only.")
        return {}
    value = grammar.die_value(fields.get("wall", ""))
    if value is None:
        raise grammar.refuse("A Medium or Hard set-up needs its wall die, wall:1 to wall:6.")
    return {"wall": str(value)}


def apply(state: State, text: str) -> tuple[list[str], str]:
    """The set-up's events and its canonical text."""
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
    return events, canonical(fields)
