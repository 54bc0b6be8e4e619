"""String Railway's planner (the normal bot, and the hard one's candidates):
the easy bot's eye for points, with a player's sense of the whole game.

- **The weakest colour, as it will be.** With two players a seat's score
  is its weaker colour's. The easy bot takes the colour that has not
  played yet this round for the weaker and counts the points of the one
  laying now at half. The planner judges on each colour's expected final
  score (:class:`Projected`: its score plus :data:`PER_STRING` for every
  string it has still to lay), so the points that will count are counted
  in full.
- **The long string is kept** unless it scores :data:`LONG_KEPT` points
  more (the 60 cm string reaches most late, with
  the table full of stations).
- **Each string by the chance of winning it leaves**
  (:func:`outlook.outlook`, the hard bot's judgement): every colour's
  final score guessed from its score, its strings to come and the reach of
  its network (the stations it may still enter), ranked as the rulebook
  ranks two players. So a string is worth its points where they count, the
  reach it gains the colour laying it and the reach it takes from the other
  seat's colours.

- **What a placed station leaves the next rival.** The next colour to play
  is the other seat's, before the seat's own other colour: a station placed
  within reach of its strings costs :data:`LEFT` of the points it would
  score there, once this turn's string has taken what it may (a countryside
  entered leaves it nothing, a central its 3 points).

Stations are placed as the easy bot places them, judged by :data:`NORMAL_JUDGEMENT`;
the corner and the extra draw are the easy bot's.
"""

from __future__ import annotations

import random

from dataclasses import dataclass

from games.core import Game, State
from games.string_railway.laying import Laid
from games.string_railway.laying import Context
from games.string_railway import stations
from games.string_railway.params import kind, table
from games.string_railway.judgement import (PLAYER, Judgement, centres, distances, new_station_points, ranked_cells,
                                            string_options, string_text)
from games.string_railway.outlook import outlook
from games.string_railway.state import Company, RailString, Station, StringRailwayState, typed
from games.string_railway.turns import strings_left

PER_STRING = 5.0
"""The points a string still to lay is expected to score."""
LONG_KEPT = 3.0
"""Points the long string is worth kept: while held, in judging strings;
while short strings remain, in placing stations."""
LEFT = 0.5
"""The worth of a point the next rival may take from a station just placed."""


@dataclass(frozen=True)
class Projected(Judgement):
    """A seat's worth on its companies' expected final scores: each one's
    score plus :data:`PER_STRING` for every string it has still to lay (the
    company laying now counts this string done). So the company that has
    not played yet is not taken for the weakest, and the one that will be
    weakest at the end gets the points that count."""

    def seat_worth(self, state: StringRailwayState, scores: list[float], seat: int) -> float:
        acting = state["company"]
        projected = [scores[k] + PER_STRING * (sum(c["strings"].values()) - (k == acting))
                     for k, c in enumerate(state["companies"])]
        return super().seat_worth(state, projected, seat)

    def left_over(self, ctx: Context, seat: int, cell: str, kind_name: str, taken: bool) -> float:
        """Minus :data:`LEFT` of the points the next rival (it plays before
        the seat's other colour) would score entering the station, when a
        string it has left reaches it: the station's points when this turn's
        string leaves it, what its company limit and owner leave when it
        enters it."""
        rival = next_rival(ctx.state)
        if rival is None:
            return 0.0
        k = kind(kind_name)
        if taken and k.limit is not None and k.limit <= 1:
            return 0.0
        points = float(new_station_points(kind_name, stations.in_mountains(ctx.state, cell)))
        if taken and k.ownable:
            points = k.others - k.owner_change  # the rival's points, the owner's change ours
        net = sorted(ctx.network(rival))
        longest = max(table().string_lengths[n] for n in strings_left(ctx.state["companies"][rival]))
        reach = longest + table().tile_size
        if not net or float(distances(centres(net), centres([cell])).min()) > reach:
            return 0.0
        return -LEFT * points


NORMAL_JUDGEMENT = Projected(long_kept=LONG_KEPT)
"""The normal bot's judgement."""


def next_rival(state: StringRailwayState) -> int | None:
    """The company playing after the one laying now, when it belongs to
    another seat and has strings left (else None: nobody replies)."""
    companies = state["companies"]
    acting = state["company"]
    nxt = (acting + 1) % len(companies)
    if companies[nxt]["seat"] == companies[acting]["seat"] or not strings_left(companies[nxt]):
        return None
    return nxt


def after_lay(state: StringRailwayState, company: int, length: str, laid: Laid) -> StringRailwayState:
    """A shallow copy of the table once ``company`` has laid ``laid`` (the
    input is not changed): the string, its chips, every score."""
    after = typed(dict(state))
    after["stations"] = [Station(**{**s, "owner": company}) if s["cell"] in laid.chips else s
                         for s in state["stations"]]
    after["strings"] = state["strings"] + [RailString(
        company=company, length="long" if length == "long" else "short", path=list(laid.path),
        entered=list(laid.entered), newly=list(laid.newly), crossed=laid.crossed,
        cross_at=[[x, y] for x, y in laid.crossings], points=laid.points)]
    companies: list[Company] = [typed_company(c) for c in state["companies"]]
    companies[company]["score"] += laid.points
    companies[company]["strings"] = dict(companies[company]["strings"])
    companies[company]["strings"][length] -= 1
    for owner, change in laid.owners.items():
        companies[owner]["score"] += change
    after["companies"] = companies
    return after


def typed_company(c: Company) -> Company:
    """A shallow copy of a company."""
    return Company(**c)


def ranked_strings(state: StringRailwayState, seat: int, rng: random.Random) -> list[str]:
    """The strings the company could lay, best first, by the seat's chance
    of winning once it is laid (:func:`outlook.outlook`, the long string
    held worth :data:`LONG_KEPT`); empty: nothing to lay."""
    company = state["company"]
    scored = []
    for length, laid in string_options(state, company):
        value = outlook(after_lay(state, company, length, laid), seat, LONG_KEPT)
        scored.append((value, rng.random(), string_text(length, laid)))
    scored.sort(key=lambda v: (-v[0], -v[1]))
    return [text for _v, _t, text in scored]


class StringRailwayPlanner:
    """The normal level (see the module docstring)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        s = typed(state)
        if s["phase"] == "string":
            texts = ranked_strings(s, seat, rng)
            if texts:
                return texts[0]
        if s["phase"] == "place":
            return ranked_cells(s, seat, rng, NORMAL_JUDGEMENT)[0]
        return PLAYER.choose(game, state, seat, rng)


PLANNER = StringRailwayPlanner()
