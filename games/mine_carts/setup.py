"""The start of a game: teams seated alternately, carts in their towns, the
gold cart in the mine, the whole deck waiting for the deal."""

from __future__ import annotations

from games.mine_carts.cards import full_deck
from games.mine_carts.params import rules
from games.mine_carts.state import Cart, Team


def teams(seats: int) -> list[Team]:
    """Red takes seats 0, 2, Blue seats 1, 3 (seated alternately)."""
    table = rules()
    return [Team(name=name, seats=list(range(t, seats, len(table.teams))), factory=[], gold=0,
                 allotment=table.first_allotment, laid=0,
                 carts={n: Cart(square=sq, path=None) for n, sq in table.carts[t].items()})
            for t, name in enumerate(table.teams)]


def initial(seats: int) -> dict[str, object]:
    return {
        "phase": "deal", "round": 1, "team": 0, "teams": teams(seats),
        "gold_cart": Cart(square=rules().mine, path=None), "grid": {},
        "deck": full_deck(), "discard": {code: 0 for code in full_deck()},
        "reshuffled": False, "switch": None, "last": None, "ended": "",
    }
