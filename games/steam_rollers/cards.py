"""The six special cards: which side is up, who holds them, whether they are
turned sideways (taken this round: safe from stealing, not yet usable).

A card is *usable* by its holder only while upright. One-time cards go back
to the centre when used; permanent ones stay until stolen.
"""

from __future__ import annotations

from games.core import State
from games.steam_rollers.params import CardSide, rules


def card(state: State, number: int) -> dict[str, object]:
    entry: dict[str, object] = state["cards"][str(number)]
    return entry


def side(state: State, number: int) -> CardSide:
    """The face-up side of card ``number`` ("5b")."""
    return rules().card_sides[f"{number}{card(state, number)['side']}"]


def holder(state: State, number: int) -> int | None:
    h = card(state, number)["holder"]
    return None if h is None else int(str(h))


def usable(state: State, seat: int, code: str) -> bool:
    """Seat holds the card showing ``code`` ("5a") upright."""
    number = int(code[0])
    entry = card(state, number)
    return entry["side"] == code[1] and entry["holder"] == seat and not entry["sideways"]


def holds(state: State, seat: int, code: str) -> bool:
    """Seat holds the card showing ``code`` (upright or sideways)."""
    entry = card(state, int(code[0]))
    return entry["side"] == code[1] and entry["holder"] == seat


def spend(state: State, code: str) -> list[str]:
    """Record a use of card ``code``: a one-time card goes back to the centre."""
    info = rules().card_sides[code]
    if not info.one_time:
        return []
    entry = card(state, int(code[0]))
    entry["holder"] = None
    entry["sideways"] = False
    return [f"Card {code} goes back to the centre."]


def takeable(state: State, seat: int, number: int) -> bool:
    """The card can be taken: from the centre, stolen while upright, or one's
    own upright card taken again to turn it sideways."""
    entry = card(state, number)
    return entry["holder"] is None or not entry["sideways"]


def held_codes(state: State, seat: int) -> list[str]:
    """The codes of the cards seat holds, in card order."""
    return [f"{n}{c['side']}" for n, c in sorted(state["cards"].items()) if c["holder"] == seat]


def card_vp(state: State, seat: int) -> int:
    return sum(rules().card_sides[code].vp for code in held_codes(state, seat))
