"""The deck, the factories and the discard pile: laying a card (phase I),
discarding and drawing (phase IV) and the one reshuffle."""

from __future__ import annotations

from typing import Callable

from games.core import IllegalAction
from games.mine_carts.board import is_fixed, is_town
from games.mine_carts.movement import occupied
from games.mine_carts.params import rules
from games.mine_carts.state import MineCartsState, Placed
from games.tree import quote

RESHUFFLE = "reshuffle"


def full_deck() -> dict[str, int]:
    return {code: k.count for code, k in rules().kinds.items()}


def why_not(state: MineCartsState, square: str) -> str | None:
    """Why no card may be laid on ``square`` (None: it may): never on a cart,
    a town, the mine or a pit."""
    if is_town(square):
        return f"{square} is a town: no card can be laid on a town."
    if is_fixed(square):
        return f"{square} is the gold mine: no card can be laid on the mine."
    placed = state["grid"].get(square)
    if placed is None and not is_fixed(square):
        return None
    if placed is not None and placed["card"] == "pit":
        return f"{square} holds a pit: pits stay for the game and nothing is laid on them."
    if square in occupied(state):
        return f"{square} holds a cart: no card can be laid under a cart."
    return None


def lay(state: MineCartsState, code: str, square: str, rotation: int) -> Placed | None:
    """Move the card from the active team's factory onto ``square``; the card
    it covers (track, or the track a pit destroys) goes to the discard pile.
    Returns the covered card."""
    team = state["teams"][state["team"]]
    team["factory"].remove(code)
    team["laid"] += 1
    covered = state["grid"].get(square)
    if covered is not None:
        state["discard"][covered["card"]] += 1
    state["grid"][square] = Placed(card=code, rotation=rotation)
    return covered


def discard_factory(state: MineCartsState) -> list[str]:
    """Phase IV: the team's remaining cards go to the discard pile."""
    team = state["teams"][state["team"]]
    left = list(team["factory"])
    for code in left:
        state["discard"][code] += 1
    team["factory"] = []
    return left


def can_draw(state: MineCartsState, count: int) -> bool:
    """Whether ``count`` cards can still be drawn, reshuffling the discard pile
    once when the deck runs out."""
    available = sum(state["deck"].values())
    if not state["reshuffled"]:
        available += sum(state["discard"].values())
    return available >= count


def sample_draw(deck: dict[str, int], discard: dict[str, int], reshuffled: bool,
                count: int, pick: Callable[[list[str]], str]) -> list[str]:
    """``count`` cards drawn one at a time, each uniformly from the deck left,
    with ``reshuffle`` where the discard pile becomes the deck."""
    deck, discard = dict(deck), dict(discard)
    out: list[str] = []
    drawn = 0
    while drawn < count:
        if sum(deck.values()) == 0:
            assert not reshuffled, "can_draw was checked"
            out.append(RESHUFFLE)
            deck, discard, reshuffled = discard, {k: 0 for k in discard}, True
            continue
        cards = [code for code in sorted(deck) for _ in range(deck[code])]
        code = pick(cards)
        deck[code] -= 1
        out.append(code)
        drawn += 1
    return out


def apply_draw(state: MineCartsState, tokens: list[str], count: int) -> list[str]:
    """Take the drawn cards ``tokens`` (kind codes, with ``reshuffle`` where
    the discard pile is shuffled into the deck: once a game, only when the
    deck is empty and the draw still wants cards) off the deck; returns the
    cards. Checked whole before anything changes."""
    deck, discard, reshuffled = dict(state["deck"]), dict(state["discard"]), state["reshuffled"]
    cards: list[str] = []
    for token in tokens:
        if token == RESHUFFLE:
            if reshuffled:
                raise IllegalAction("The discard pile is reshuffled only once, when the deck is empty.")
            if sum(deck.values()) > 0 or len(cards) >= count:
                raise IllegalAction("The discard pile is reshuffled only when the deck runs out before "
                                    "the draw is complete, just before the first card of the new deck.")
            deck, discard, reshuffled = discard, {k: 0 for k in discard}, True
        elif token in deck:
            if deck[token] == 0:
                raise IllegalAction(f"No {quote(token)} card is left in the deck.")
            deck[token] -= 1
            cards.append(token)
        else:
            raise IllegalAction(f"'{quote(token)}' is not a card. Cards: {', '.join(sorted(deck))}.")
    if len(cards) != count:
        raise IllegalAction(f"Draw exactly {count} cards, not {len(cards)}.")
    state["deck"], state["discard"], state["reshuffled"] = deck, discard, reshuffled
    return cards

