"""The normal bot's look at the next rival's reply to a string.

A string changes what the colour playing next (another seat's) can lay: a
station it fills up to its company limit is shut to the rival, a string of
ours in its way costs the rival a crossing, a town we newly own costs us a
point when the rival enters it (a transfer gains us one). The rival's best
strings now (the engine's proposals, as the easy bot sees them) are each
rechecked once our string is down, only those it touches (entering a
station we newly enter, or meeting our string), and the rival is taken to
play its best; a string is worth the change in our margin after that reply
compared with the reply it would have had (:func:`reply_change`). The
rival first draws and places a station of its own, so the planner weighs
this at :data:`planner.REPLY`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from games.core import IllegalAction
from games.string_railway import board
from games.string_railway.laying import Context, Laid, check_path
from games.string_railway.policy import EASY, Judgement, scores_after, string_options
from games.string_railway.state import StringRailwayState
from games.string_railway.turns import strings_left


def next_rival(state: StringRailwayState) -> int | None:
    """The company playing after the one laying now, when it belongs to
    another seat and has strings left (else None: nobody replies)."""
    companies = state["companies"]
    acting = state["company"]
    nxt = (acting + 1) % len(companies)
    if companies[nxt]["seat"] == companies[acting]["seat"] or not strings_left(companies[nxt]):
        return None
    return nxt


@dataclass(frozen=True)
class Replies:
    """The rival's strings as they stand before ours: each with its line."""

    rival: int
    options: list[tuple[str, Laid]]
    lines: Any  # numpy array of LineStrings, aligned with ``options``

    @staticmethod
    def of(state: StringRailwayState) -> "Replies | None":
        rival = next_rival(state)
        if rival is None:
            return None
        options = string_options(state, rival)
        if not options:
            return None
        lines = np.array([board.polyline(list(laid.path)) for _l, laid in options], dtype=object)
        return Replies(rival, options, lines)


def reply_change(state: StringRailwayState, ctx: Context, seat: int, company: int,
                 laid: Laid, replies: Replies, judge: Judgement, expected: float = 0.0) -> float:
    """How much better (for ``seat``) the rival's best reply is once
    ``company`` has laid ``laid`` (``ctx``: the table then) than before
    it, on ``judge``'s margin, our string's own points left out.
    ``expected``: what ``judge`` already counts for the rival's string to
    come (the reply's points replace it)."""
    now = scores_after(state, company, laid)
    now[replies.rival] -= expected
    untouched = best_reply_margin(state, now, seat, replies.rival, replies.options, judge)
    mine = shapely.intersects(board.polyline(list(laid.path)), replies.lines)
    touched = [i for i, (_l, r) in enumerate(replies.options) if mine[i] or set(r.entered) & set(laid.newly)]
    if not touched:
        return 0.0
    options: list[tuple[str, Laid]] = []
    for i, (length, r) in enumerate(replies.options):
        if i not in touched:
            options.append((length, r))
            continue
        try:
            options.append((length, check_path(ctx, replies.rival, length, r.path)))
        except IllegalAction:
            continue
    if not options:  # every string it had is shut: it will find a poorer one
        options = [min(replies.options, key=lambda o: o[1].points)]
    return best_reply_margin(state, now, seat, replies.rival, options, judge) - untouched


def best_reply_margin(state: StringRailwayState, scores: list[float], seat: int, rival: int,
                      options: list[tuple[str, Laid]], judge: Judgement) -> float:
    """Our margin on ``judge`` after the rival's best reply (the rival
    choosing by the easy bot's judgement)."""
    rival_seat = state["companies"][rival]["seat"]
    best: tuple[float, list[float]] | None = None
    for length, laid in options:
        after = list(scores)
        after[rival] += laid.points
        for owner, change in laid.owners.items():
            after[owner] += change
        value = EASY.margin(state, after, rival_seat) - EASY.spending(state, rival, length)
        if best is None or value > best[0]:
            best = (value, after)
    return judge.margin(state, best[1] if best else scores, seat)
