"""Days of Steam's planner: a driver who counts steam along the track (the
normal bot, and the play-outs of the hard one).

Like the easy bot it looks one action ahead, but it judges the result the
way a player reads the map (:mod:`.outlook`): the points it has, and the
delivery it can make next — what that delivery is worth (2 points plus the
colour bonus it adds, the game when it reaches 13) and how many turns away
it is, counting the steam it needs along the track against the steam (and
coal) in hand. So it lays the tile that brings the most steam or shortens
its next delivery, puts a town with goods where they can be carried to a
town of their colour, and moves when the move pays. A little of the best
rival's prospect is subtracted, so it takes a good a rival was about to
carry when that costs it nothing.

- Tile plays and moves are judged on sketches of the state after them
  (:mod:`.sketches`, checked against the game's own apply by the tests),
  the turn's other actions through the game.
- A move that needs a derailment roll counts both outcomes (staying on the
  rails, derailing: the steam lost, nothing moved), each with its chance.
- Coal is burnt only for a move it makes possible, and just the cubes that
  move needs: "coal N" is judged by the best move after it.
- It draws a town from the deck only when no face-up town can be played.
- It sees only its seat's view (other hands and the deck are hidden).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.core import Game, IllegalAction, State
from games.phases import OVER
from games.tree import choices

from .outlook import Outlook, Prospect, layout_key, turns_for
from .scoring import score
from .state import DaysOfSteamState, plain, typed
from .sketches import MovePlay, move_plays, tile_plays
from .turns import Ctx, first_nodes

POINT = 10.0
"""One point, in the evaluation's units."""
RIVAL = 0.6
"""How much the best rival's points count against the seat's own."""
RIVAL_PROSPECT = 0.3
"""How much the best rival's next delivery counts against the seat."""
DECAY = 0.8
"""What a delivery one turn further away is worth, as a share."""
SECOND = 0.3
"""How much the second-best delivery counts (a fallback when the best is taken)."""
STEAM = 0.2
"""Each steam (or coal) in hand, beyond what the deliveries make of it."""
BURN_MARGIN = 0.5
"""How much better the best move after burning coal must be than every action now."""
GAME = 1000.0
"""A game won (or lost) outright."""


def prospect_value(prospects: list[Prospect], steam: int) -> float:
    """The best delivery's worth, discounted by the turns to it, plus a
    share of the second best, in points."""
    values = sorted((p.worth * float(DECAY ** turns_for(p.steam, steam)) for p in prospects), reverse=True)
    if not values:
        return 0.0
    return values[0] + SECOND * (values[1] if len(values) > 1 else 0.0)


def seat_prospect(outlook: Outlook, state: DaysOfSteamState, seat: int, layout: object, goods: object) -> float:
    """:func:`prospect_value` of the seat's deliveries (memoised on what it
    depends on: the map, the goods, the seat's train, steam and deliveries)."""
    steam = int(state["steam"][seat]) + int(state["coal"][seat])
    train = state["trains"][seat]
    cargo = train["cargo"]
    k = (layout, goods, seat, train["cell"], train["piece"], cargo["colour"] + cargo["origin"] if cargo else "",
         steam, tuple(state["delivered"][seat]), state["circuits"][seat])
    found = outlook.values.get(k)
    if found is None:
        found = outlook.values[k] = prospect_value(outlook.prospects(state, seat, layout), steam)
    return found


def goods_key(state: DaysOfSteamState) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The goods waiting in towns, as a key."""
    return tuple((k, tuple((g["colour"], g["origin"]) for g in t["goods"]))
                 for k, t in state["tiles"].items() if t.get("goods"))


def judge(outlook: Outlook, game: Game, raw: State, seat: int, layout: object = None) -> float:
    """How good ``raw`` (a view) is for ``seat``, in the evaluation's units
    (``layout``: see :meth:`Outlook.prospects`)."""
    state = typed(raw)
    for pending in state["pending"]:
        if pending["kind"] == "derail":
            return _derail_value(outlook, game, raw, seat, int(pending["route"]["derail_on"]))
    n = len(state["players"])
    scores = [score(state, s) for s in range(n)]
    if state["phase"] == OVER:
        if state["winner"] is not None:
            return GAME if state["winner"] == seat else -GAME
        best_other = max(scores[s] for s in range(n) if s != seat)
        return GAME / 2 if scores[seat] > best_other else -GAME / 2
    value = POINT * (scores[seat] - RIVAL * max(scores[s] for s in range(n) if s != seat))
    layout = layout if layout is not None else layout_key(state)
    goods = goods_key(state)
    value += POINT * seat_prospect(outlook, state, seat, layout, goods)
    value -= RIVAL_PROSPECT * POINT * max(seat_prospect(outlook, state, s, layout, goods)
                                          for s in range(n) if s != seat)
    value += STEAM * (int(state["steam"][seat]) + int(state["coal"][seat]))
    return value


def _derail_value(outlook: Outlook, game: Game, state: State, seat: int, derail_on: int) -> float:
    """The two outcomes of a pending derailment roll, each with its chance."""
    try:
        stays = game.apply(state, -1, "roll 6").state
        falls = game.apply(state, -1, "roll 1").state
    except IllegalAction:
        return 0.0
    p = derail_on / 6.0
    return (1 - p) * judge(outlook, game, stays, seat) + p * judge(outlook, game, falls, seat)


@dataclass(frozen=True)
class Planner:
    """The normal bot (see the module docstring)."""

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> str:
        ranked = self.ranked(game, state, seat, rng)
        return ranked[0] if ranked else ""

    def ranked(self, game: Game, state: State, seat: int, rng: random.Random) -> list[str]:
        """The seat's legal actions, best first (ties in a random order);
        burning coal first when the best move after it beats every action now."""
        outlook = Outlook()
        view = typed(state)
        texts, judged = self.judged(game, view, seat, outlook)
        if any(t.startswith("town ") and t != "town deck" for t in texts):
            texts = [t for t in texts if t != "town deck"]
        for text in texts:
            if not text.startswith("coal "):
                judged[text] = _value(outlook, game, state, seat, text)
        if not judged:
            return texts[:1]
        order = sorted(judged, key=lambda t: (judged[t], rng.random()), reverse=True)
        coal = [t for t in texts if t.startswith("coal ")]
        if coal:
            burnt = typed(game.apply(state, seat, coal[-1]).state)  # the most it may burn
            moves = [(play_value(outlook, game, play, seat), play.spent) for play in move_plays(burnt, seat)]
            value, spent = max(moves, default=(-GAME, 0))
            if value > judged[order[0]] + BURN_MARGIN:
                need = max(1, spent - int(view["steam"][seat]))  # just the cubes that move needs
                return [f"coal {need}"] + order
        return order

    def judged(self, game: Game, state: DaysOfSteamState, seat: int,
               outlook: Outlook) -> tuple[list[str], dict[str, float]]:
        """The seat's other legal actions' texts, and its tile plays and
        moves judged on their sketches (a tile that joins no two tracks
        leaves every distance as it was). Outside a plain turn (placing a
        town it drew) every action is in the texts."""
        if state["phase"] != "play" or state["pending"] or state["drawn"] is not None:
            return [c.text for c in game.legal_actions(plain(state), seat)], {}
        nodes = first_nodes(Ctx(state, seat))
        opened = {n.token for n in nodes}
        texts = [c.text for c in choices([n for n in nodes if n.token not in ("tile", "move")])]
        out: dict[str, float] = {}
        if "tile" in opened:
            base = layout_key(state)
            for tile in tile_plays(state, seat):
                out[tile.text] = judge(outlook, game, plain(tile.after), seat, None if tile.joins else base)
        if "move" in opened:
            for move in move_plays(state, seat):
                out[move.text] = play_value(outlook, game, move, seat)
        return texts, out

def play_value(outlook: Outlook, game: Game, move: MovePlay, seat: int) -> float:
    """A move's worth: both outcomes of its derailment roll, if one is due, each with its chance."""
    stays = judge(outlook, game, plain(move.after), seat)
    if move.derailed is None:
        return stays
    p = move.derail_on / 6.0
    return (1 - p) * stays + p * judge(outlook, game, plain(move.derailed), seat)


def _value(outlook: Outlook, game: Game, state: State, seat: int, text: str) -> float:
    try:
        return judge(outlook, game, game.apply(state, seat, text).state, seat)
    except IllegalAction:
        return -GAME


def evaluate(game: Game, state: State, seat: int) -> float:
    """:func:`judge` with a fresh :class:`Outlook` (for the search's play-outs)."""
    return judge(Outlook(), game, state, seat)


PLANNER = Planner()
