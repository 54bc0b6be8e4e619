"""The chance steps: the set-up (the river and mountain range laid from a
number, and the first player) and the draws from the station deck."""

from __future__ import annotations

import random

from games.core import IllegalAction, State, tokens
from games.phases import ChancePhase, numbers
from games.string_railway import board, turns
from games.string_railway.params import tile_kinds
from games.string_railway.state import typed
from games.tree import quote

LAYOUTS = 999_999
"""Set-up numbers run from 0 to this: each lays one river and mountain range."""


class SetupPhase(ChancePhase):
    """``table <number> first <seat>``: the layout and the first player."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"table {rng.randint(0, LAYOUTS)} first {rng.randrange(len(state['players']))}"

    def apply(self, state: State, action: str) -> list[str]:
        s = typed(state)
        words = tokens(action)
        if len(words) != 4 or words[0] != "table" or words[2] != "first":
            raise IllegalAction(f"A set-up reads 'table <number> first <seat>', not '{quote(action)}'.")
        number, = numbers(words[1:2], 1, 0, LAYOUTS, "The layout")
        first, = numbers(words[3:4], 1, 0, len(s["players"]) - 1, "The first player")
        s["river"], s["mountain"] = board.generate_layout(s["shape"], number)
        turns.start_companies(s, first)
        return [f"The field is a {s['shape']}; the river and the mountain range are laid.",
                f"{s['players'][first]} is the first player."]


class DrawPhase(ChancePhase):
    """``draw <tile>``: a tile drawn from the shuffled deck (drawing a
    uniformly random remaining tile is drawing the top of a shuffled deck)."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"draw {rng.choice(sorted(typed(state)['deck']))}"

    def apply(self, state: State, action: str) -> list[str]:
        s = typed(state)
        words = tokens(action)
        if len(words) != 2 or words[0] != "draw":
            raise IllegalAction(f"A draw reads 'draw <tile>', not '{quote(action)}'.")
        tile, = numbers(words[1:], 1, 1, len(tile_kinds()), "A draw")
        if tile not in s["deck"]:
            raise IllegalAction(f"Tile {tile} is not in the deck.")
        s["deck"].remove(tile)
        s["drawn"].append(tile)
        s["draws_due"] -= 1
        name = turns.company_name(s, s["company"])
        return [f"{name} draws a {tile_kinds()[tile - 1]} station."] + turns.after_draw(s)
