"""The players' steps: choosing a corner, the countryside's extra draw,
placing a drawn station, laying a string; and the :data:`PHASES` table."""

from __future__ import annotations

import re

from games.core import Applied, IllegalAction, State, tokens
from games.phases import ChancePhase, PlayerPhase
from games.string_railway import board, scoring, stations, turns
from games.string_railway.chance import DrawPhase, SetupPhase
from games.string_railway.laying import Context, Laid, check_path
from games.string_railway.params import kind, table, tile_kinds
from games.string_railway.routes import proposals
from games.string_railway.state import RailString, StringRailwayState, typed
from games.tree import Effect, Node, canonical, quote, run, walk

_SEPARATOR = re.compile(r"[-,>]+", re.ASCII)


def _take(corner: str) -> Effect:
    return lambda st: turns.take_corner(typed(st), typed(st)["company"], corner)


def _place(cell: str) -> Effect:
    return lambda st: turns.place(typed(st), cell)


def _lay(length: str, laid: Laid) -> Effect:
    return lambda st: lay(typed(st), length, laid)


def _seat_of_turn(state: State) -> list[int]:
    return [int(typed(state)["current"])]


class CornerPhase(PlayerPhase):
    """Players choose their corners in turn; the home station touches it."""

    def seats(self, state: State) -> list[int]:
        return _seat_of_turn(state)

    def waiting_for(self, state: State) -> str:
        return "to choose a corner for a home station"

    def nodes(self, state: State, seat: int) -> list[Node]:
        s = typed(state)
        two = len(s["companies"]) > len(s["players"])
        out = []
        for corner in turns.free_corners(s):
            cell = board.home_cell(s["shape"], corner)
            label = f"{corner} corner (home at {cell})"
            if two:
                label += f", other colour {table().opposite_corners[corner]}"
            out.append(Node(corner, label, "Choose a corner for your home station", command="corner",
                            do=_take(corner)))
        return out


class ExtraPhase(PlayerPhase):
    """A countryside station drawn: the player may draw one more (once a turn)."""

    def seats(self, state: State) -> list[int]:
        return _seat_of_turn(state)

    def waiting_for(self, state: State) -> str:
        return "to decide on the countryside's extra draw"

    def nodes(self, state: State, seat: int) -> list[Node]:
        def draw(st: State) -> list[str]:
            s = typed(st)
            s["extra_used"] = True
            s["draws_due"] = 1
            return [f"{turns.company_name(s, s['company'])} draws an extra station (countryside)."] + turns.after_draw(s)

        def decline(st: State) -> list[str]:
            s = typed(st)
            s["extra_used"] = True
            return turns.after_draw(s)

        heading = "Countryside: draw one extra station?"
        return [Node("extra", "Draw an extra station", heading, command="draw", do=draw),
                Node("no-extra", "Don't draw", heading, command="draw", do=decline)]


class PlacePhase(PlayerPhase):
    """Place each drawn station: a block of the grid, then the cell. Both
    steps' labels carry the numbers the panel's pictures show."""

    def seats(self, state: State) -> list[int]:
        return _seat_of_turn(state)

    def waiting_for(self, state: State) -> str:
        s = typed(state)
        return f"to place a {tile_kinds()[s['drawn'][0] - 1]} station"

    def nodes(self, state: State, seat: int) -> list[Node]:
        s = typed(state)
        what = tile_kinds()[s["drawn"][0] - 1]
        out = []
        for n, (name, cells) in enumerate(stations.blocks(s, s["company"]), start=1):
            def expand(cells: list[str] = cells) -> list[Node]:
                return [Node(c, f"{i}. {c}", f"Place the {what} station: which cell?", command="station",
                             summary=f"Place the {what} station at {c}",
                             do=_place(c)) for i, c in enumerate(cells, start=1)]
            out.append(Node(name, f"{n}. {name} ({len(cells)} spot{'s' * (len(cells) != 1)})",
                            f"Place the {what} station: which part of the field?", command="station",
                            expand=expand, menu=True))
        return out

    def apply(self, state: State, seat: int, action: str) -> Applied:
        words = tokens(action)
        if len(words) == 1 and "-" not in words[0]:  # just the cell: its block is implied
            cell = board.parse_cell(typed(state)["shape"], words[0])
            words = [stations.block_of(cell), cell]
            if cell not in stations.legal_cells(typed(state)):
                raise IllegalAction(f"A station can't go at {cell}: it must lie inside the field, off the "
                                    "field string, touch no station and lie on no string, river or mountain line.")
        path = walk(self.nodes(state, seat), words)
        return Applied(state, run(path, state), canonical(path))


def _label(laid: Laid) -> str:
    stops = "-".join(laid.entered)
    text = f"{stops}: {laid.points:+d}" + (f", {scoring.crossed_text(laid.crossed)}" if laid.crossed else "")
    return text[:80]


def lay(state: StringRailwayState, length: str, laid: Laid) -> list[str]:
    """The string goes down: chips, the owners' gains and losses, the score."""
    company = state["company"]
    me = state["companies"][company]
    me["strings"][length] -= 1
    for c in laid.chips:
        next(s for s in state["stations"] if s["cell"] == c)["owner"] = company
    for part, value in laid.parts.items():
        me["parts"][part] += value
    me["score"] += laid.points
    notes = []
    for owner, change in sorted(laid.owners.items()):
        state["companies"][owner]["score"] += change
        state["companies"][owner]["parts"]["owner"] += change
        notes.append(f"{turns.company_name(state, owner)} {change:+d} as owner")
    state["strings"].append(RailString(company=company, length="long" if length == "long" else "short",
                                       path=list(laid.path), entered=list(laid.entered), newly=list(laid.newly),
                                       crossed=laid.crossed,
                                       cross_at=[[x, y] for x, y in laid.crossings], points=laid.points))
    text = f"laid a {length} string {'-'.join(laid.path)}"
    state["last"] = {"seat": state["current"], "text": text, "where": list(laid.path)}
    said = "; ".join(laid.notes) or "no points"
    event = (f"{turns.company_name(state, company)} lays a {length} string {'-'.join(laid.path)} "
             f"({laid.length:.0f} cm): {said}: {laid.points:+d} points.")
    return [event] + ([", ".join(notes) + "."] if notes else []) + turns.end_turn(state)


def skip(state: StringRailwayState, length: str) -> list[str]:
    company = state["company"]
    me = state["companies"][company]
    me["strings"][length] -= 1
    me["skipped"] += 1
    state["last"] = {"seat": state["current"], "text": f"skipped a {length} string (no legal placement)", "where": []}
    return [f"{turns.company_name(state, company)} skips a {length} string for 0 points: no legal "
            "placement (no string from its stations reaches a station it may enter within the length)."] \
        + turns.end_turn(state)


class StringPhase(PlayerPhase):
    """Lay one railroad string: short or long, then one of the proposals
    (or a typed polyline of cells, checked by the same rules)."""

    def seats(self, state: State) -> list[int]:
        return _seat_of_turn(state)

    def waiting_for(self, state: State) -> str:
        return "to lay a railroad string"

    def nodes(self, state: State, seat: int) -> list[Node]:
        s = typed(state)
        company = s["company"]
        out = []
        for length in turns.strings_left(s["companies"][company]):
            found = proposals(s, company, length)
            if not found:
                continue

            def expand(found: list[Laid] = found, length: str = length) -> list[Node]:
                return [Node("-".join(r.path), _label(r), f"Which {length} string?",
                             detail=("; ".join(r.notes) or "no points")[:100], command="string",
                             summary=f"{length} string {_label(r)}"[:100],
                             do=_lay(length, r)) for r in found]
            cm = table().string_lengths[length]
            out.append(Node(length, f"{length.capitalize()} string ({cm:.0f} cm, "
                            f"{s['companies'][company]['strings'][length]} left)",
                            "Which string do you lay?", command="string", expand=expand))
        if not out:
            length = turns.strings_left(s["companies"][company])[0]
            out.append(Node("skip", f"Skip a {length} string: no legal placement", "No string fits",
                            detail="0 points; you may also type a string with /strings string",
                            command="string", do=lambda st: skip(typed(st), length)))
        return out

    def apply(self, state: State, seat: int, action: str) -> Applied:
        words = tokens(action)
        lengths = ("short", "long")
        if len(words) >= 2 and words[0].isascii() and words[0].lower() in lengths:
            length = words[0].lower()
            try:
                path = walk(self.nodes(state, seat), [length, "-".join(words[1:])])
                return Applied(state, run(path, state), canonical(path))
            except IllegalAction:
                pass
            return self._typed(state, length, words[1:])
        path = walk(self.nodes(state, seat), words)
        return Applied(state, run(path, state), canonical(path))

    def _typed(self, state: State, length: str, words: list[str]) -> Applied:
        """A typed polyline ("short B2 K12 T30" or "short b2-k12-t30")."""
        s = typed(state)
        me = s["companies"][s["company"]]
        if me["strings"].get(length, 0) <= 0:
            raise IllegalAction(f"You have no {length} string left.")
        points: list[str] = []
        for word in words:
            for part in _SEPARATOR.split(word):
                if part:
                    points.append(board.parse_cell(s["shape"], part))
        if len(points) > 12:
            raise IllegalAction(f"Too many points ({len(points)}): a string has two ends and at most "
                                f"{table().max_bends} bends off stations.")
        laid = check_path(Context.of(s), s["company"], length, points)
        events = lay(s, length, laid)
        return Applied(state, events, f"{length} {'-'.join(laid.path)}")


PHASES: dict[str, PlayerPhase | ChancePhase] = {
    "setup": SetupPhase(),
    "corner": CornerPhase(),
    "draw": DrawPhase(),
    "extra": ExtraPhase(),
    "place": PlacePhase(),
    "string": StringPhase(),
}


def describe(kind_name: str) -> str:
    k = kind(kind_name)
    limit = "ALL" if k.limit is None else str(k.limit)
    return f"{kind_name}: {k.others} points, limit {limit}"


__all__ = ["PHASES", "quote"]
