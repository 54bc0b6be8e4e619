"""The flow of a round: the start player's roll, each player's turn in seat
order from the start player, the 2a second die, the leftover die, the end
check and the start player passing left.

``state["phase"]`` names the step that is due (see :mod:`steps`).
"""

from __future__ import annotations

from games.core import State
from games.steam_rollers import cards
from games.steam_rollers.ending import game_ends
from games.steam_rollers.params import rules


def name(state: State, seat: int) -> str:
    return str(state["players"][seat])


def current_seat(state: State) -> int:
    """``state["current"]``: the seat whose turn it is (set while a round's
    turns are played; None during the set-up, the roll and once over)."""
    return int(state["current"])


def later_seats(state: State) -> list[int]:
    """The seats after the current one in this round's order."""
    order: list[int] = state["order"]
    return order[order.index(current_seat(state)) + 1:]


def later_unreserved(state: State) -> int:
    """Players still to take a turn this round who will need a die from the pool."""
    later = later_seats(state)
    return sum(1 for s in later if str(s) not in state["reserved"])


def claimer(state: State, seat: int) -> int | None:
    """The holder of 2b who may claim the die ``seat`` takes now: he has not
    had his turn yet this round, and the pool can still give the picker
    another die and every later player one.

    The card may still be sideways: it was then taken in an earlier round
    (a card taken this round belongs to a player who has already drafted),
    and the picks before his own are the opportunity the rulebook
    guarantees him before anyone can steal it."""
    if cards.card(state, 2)["side"] != "b":
        return None
    holder = cards.holder(state, 2)
    if holder is None or holder == seat:
        return None
    later = later_seats(state)
    if holder not in later or str(holder) in state["reserved"]:
        return None
    if len(state["pool"]) - 1 < later_unreserved(state):
        return None
    return holder


def had_claim_chance(state: State, seat: int) -> bool:
    """Card 2b: seat was offered a die to claim this round, before his draft.

    A sideways 2b turns upright (and can be stolen) only after such an
    opportunity: one that comes before the holder drafts, so for a holder
    who drafts first in the next round the card stays sideways until a
    round gives him one."""
    return seat in state.get("claim_offered", [])


def may_take_second(state: State) -> bool:
    """Card 2a: the player may take a second die if it leaves one for every
    later player."""
    seat = current_seat(state)
    return (cards.usable(state, seat, "2a") and not state["second"]
            and len(state["pool"]) >= 1 + later_unreserved(state))


def begin_turn(state: State) -> list[str]:
    """The next player's turn: he straightens his cards, then picks a die
    (or, if he claimed one with 2b, goes straight to his action)."""
    seat = current_seat(state)
    events: list[str] = []
    for number, entry in sorted(state["cards"].items()):
        if entry["holder"] != seat or not entry["sideways"]:
            continue
        if f"{number}{entry['side']}" == "2b" and not had_claim_chance(state, seat):
            events.append(f"{name(state, seat)} keeps card 2b sideways: no die he could claim "
                          "with it has been taken yet.")
            continue
        entry["sideways"] = False
        events.append(f"{name(state, seat)} turns card {number}{entry['side']} upright.")
    state["mod_used"] = False
    state["second"] = False
    state["held"] = None
    reserved = state["reserved"].pop(str(seat), None)
    if reserved is not None:
        state["held"] = int(reserved)
        state["phase"] = "act"
    elif state["pool"]:
        state["phase"] = "pick"
    else:
        events.append(f"No white die is left for {name(state, seat)}.")
        return events + end_turn(state)
    return events


def finish_action(state: State) -> list[str]:
    """After a die's action: the 2a second die if allowed, else the next turn."""
    state["held"] = None
    state["mod_used"] = False
    if may_take_second(state):
        state["phase"] = "extra"
        return []
    return end_turn(state)


def end_turn(state: State) -> list[str]:
    """The next seat in order takes his turn; after the last, the round ends."""
    later = later_seats(state)
    if not later:
        state["current"] = None
        return end_round(state)
    state["current"] = later[0]
    return begin_turn(state)


def end_round(state: State) -> list[str]:
    """Discard the leftover dice; end the game if enough cities are empty,
    else pass the start player marker left."""
    events: list[str] = []
    if state["pool"]:
        faces = ", ".join(str(d) for d in state["pool"])
        events.append(f"Leftover white die discarded: {faces}.")
    state["pool"] = []
    state["phase"] = "roll"
    reason = game_ends(state)
    if reason is not None:
        state["phase"] = "over"
        events.append(reason)
        return events
    n = len(state["players"])
    state["start"] = (state["start"] + 1) % n
    state["round"] += 1
    events.append(f"Round {state['round']}: {name(state, state['start'])} is the start player.")
    return events


def start_round(state: State, black: int, whites: list[int]) -> list[str]:
    """The start player's roll: the black die and the white dice."""
    n = len(state["players"])
    state["black"] = black
    state["pool"] = sorted(whites)
    state["order"] = [(state["start"] + i) % n for i in range(n)]
    state["current"] = state["order"][0]
    state["reserved"] = {}
    state["claim_offered"] = []
    shapes = " or ".join(rules().black_die_shapes[black])
    faces = " ".join(str(w) for w in sorted(whites))
    events = [f"{name(state, state['start'])} rolls: black die {black} ({shapes} track), "
              f"white dice {faces}."]
    return events + begin_turn(state)
