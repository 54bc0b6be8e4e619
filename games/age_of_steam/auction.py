"""Step 2, Determine Player Order: the auction for player order.

Bidders act in the current player order, each raising the highest bid,
dropping out, or (once, with the Turn Order action) passing. The high
bidder is skipped when the turn comes back to him: his bid stands. The first
to drop out takes the last place and pays nothing; later drop-outs pay half
their last bid rounded up, except the last two players in the bid, who pay
their full last bid (the runner-up when he drops, the winner at the end).
"""

from __future__ import annotations

from .state import PhaseData


def start(order: list[int]) -> PhaseData:
    return {"bidders": list(order), "seating": list(order), "bids": {}, "high": None,
            "at": order[0], "dropped": [], "passed": False, "paid": {}}


def high_bid(auction: PhaseData) -> int:
    high = auction["high"]
    return 0 if high is None else int(auction["bids"][str(high)])


def drop_payment(auction: PhaseData, seat: int) -> int:
    """What ``seat`` pays for dropping out now (see the module docstring)."""
    bid = int(auction["bids"].get(str(seat), 0))
    if not auction["dropped"]:
        return 0
    if len(auction["bidders"]) == 2:
        return bid
    return (bid + 1) // 2


def next_bidder(auction: PhaseData, after: int) -> int:
    """The next bidder after ``after`` in seating order, skipping the high bidder."""
    seating: list[int] = auction["seating"]
    n = len(seating)
    i = seating.index(after)
    for k in range(1, n + 1):
        seat = seating[(i + k) % n]
        if seat in auction["bidders"] and seat != auction["high"]:
            return seat
    raise RuntimeError("no bidder left")


def place_of_next_dropout(auction: PhaseData) -> int:
    """1-based place the next drop-out takes."""
    return len(auction["bidders"])
