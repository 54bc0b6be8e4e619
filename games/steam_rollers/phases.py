"""The steps of the game, one class each: who acts, what he may do, and how
it applies. ``state["phase"]`` names the step that is due.

- ``setup`` (chance): cubes, card sides, start player, walls.
- ``roll`` (chance): the start player's roll of the black and white dice.
- ``pick``: the player takes a white die (and, unless a 2b holder may claim
  it, does its action in the same breath).
- ``react``: the 2b holder claims the die just taken, or lets it go.
- ``act``: the player acts with the die he holds (after a 2b let-go, a
  reroll, or on his turn with a die he claimed).
- ``reroll`` (chance): card 5b's reroll.
- ``extra``: card 2a: take a second die, or end the turn.
"""

from __future__ import annotations

import random

from games.core import Applied, IllegalAction, State
from games.phases import ChancePhase, PlayerPhase
from games.steam_rollers import cards, grammar, setup, turns
from games.steam_rollers.die import action_nodes, die_label, pick_nodes
from games.tree import Effect, Node, canonical, run, walk


class TurnPhase(PlayerPhase):
    """A step where the player whose turn it is acts through a tree of
    tokens. Typed text is read by the strict grammar of :mod:`grammar`
    (ASCII only, leading zeros inside a token folded) before the kit's walk
    matches it (case, a piece's other end-order through its aliases)."""

    def seats(self, state: State) -> list[int]:
        return [turns.current_seat(state)]

    def apply(self, state: State, seat: int, action: str) -> Applied:
        typed = [grammar.fold_numbers(t) for t in grammar.tokens(action)]
        long = next((t for t in typed if len(t) > grammar.TOKEN_LIMIT), None)
        if long is not None:
            raise grammar.refuse(f"'{grammar.quote(long)}' is too long to be part of an action.")
        try:
            path = walk(self.nodes(state, seat), typed)
        except IllegalAction as refusal:
            raise grammar.refuse(str(refusal)) from None
        return Applied(state, run(path, state), canonical(path))


class ReadChancePhase(ChancePhase):
    """A chance step whose outcome text is read strictly and stored as its
    canonical text (``ROLL 01 3`` is ``roll 1 3``)."""

    def read(self, state: State, action: str) -> tuple[list[str], str]:
        """The events of an outcome and its canonical text."""
        raise NotImplementedError

    def apply(self, state: State, action: str) -> list[str]:
        return self.read(state, action)[0]


class SetupPhase(ReadChancePhase):
    def sample(self, state: State, rng: random.Random) -> str:
        return setup.sample(state, rng)

    def read(self, state: State, action: str) -> tuple[list[str], str]:
        return setup.apply(state, action)


def _dice(tokens: list[str], count: int, what: str, example: str) -> list[int]:
    """``count`` die faces 1-6 in ASCII digits (leading zeros allowed)."""
    values = [grammar.die_value(t) for t in tokens]
    bad = next((t for t, v in zip(tokens, values) if v is None), None)
    if bad is not None:
        raise grammar.refuse(f"'{grammar.quote(bad)}' isn't a die value: {what} takes values "
                             f"1 to 6, like '{example}'.")
    if len(tokens) != count:
        wanted = "1 die value" if count == 1 else f"{count} dice values"
        raise grammar.refuse(f"{what[:1].upper()}{what[1:]} needs {wanted} from 1 to 6, "
                             f"not {len(tokens)}, like '{example}'.")
    return [v for v in values if v is not None]


def _chance_tokens(action: str, word: str, example: str) -> list[str]:
    """The values after the outcome's first word (any case)."""
    tokens = grammar.tokens(action)
    if not tokens or tokens[0].lower() != word:
        raise grammar.refuse(f"This chance outcome looks like '{example}'.")
    return tokens[1:]


class RollPhase(ReadChancePhase):
    """``roll B W1 .. Wn+1``: the black die, then the players + 1 white dice."""

    def sample(self, state: State, rng: random.Random) -> str:
        faces = [rng.randint(1, 6) for _ in range(len(state["players"]) + 2)]
        return "roll " + " ".join(str(f) for f in faces)

    def read(self, state: State, action: str) -> tuple[list[str], str]:
        count = len(state["players"]) + 2
        example = "roll " + " ".join("4136625"[:count])
        faces = _dice(_chance_tokens(action, "roll", example), count, "the roll (black die first)", example)
        text = "roll " + " ".join(str(f) for f in faces)
        return turns.start_round(state, faces[0], faces[1:]), text


class RerollPhase(ReadChancePhase):
    """``reroll V``: card 5b's new value for the held die."""

    def sample(self, state: State, rng: random.Random) -> str:
        return f"reroll {rng.randint(1, 6)}"

    def read(self, state: State, action: str) -> tuple[list[str], str]:
        value = _dice(_chance_tokens(action, "reroll", "reroll 5"), 1, "the reroll", "reroll 5")[0]
        state["held"] = value
        state["phase"] = "act"
        return [f"{turns.name(state, turns.current_seat(state))}'s die is rerolled: {value}."], f"reroll {value}"


class PickPhase(TurnPhase):
    def nodes(self, state: State, seat: int) -> list[Node]:
        return pick_nodes(state, seat)

    def waiting_for(self, state: State) -> str:
        return "to pick a white die"


class ActPhase(TurnPhase):
    def nodes(self, state: State, seat: int) -> list[Node]:
        return action_nodes(state, seat, int(state["held"]), not state["mod_used"])

    def waiting_for(self, state: State) -> str:
        return f"to act with die {state['held']}"


class ExtraPhase(TurnPhase):
    """Card 2a: a second die this turn, or done."""

    def nodes(self, state: State, seat: int) -> list[Node]:
        second = Node("2a", "Use card 2a: take a second die", "Card 2a",
                      f"dice left: {' '.join(str(d) for d in state['pool'])}", "pick", "",
                      lambda: pick_nodes(state, seat, "Pick your second white die"), _use_2a(seat),
                      "Card 2a")
        done = Node("done", "End my turn", "Card 2a", "keep card 2a for later", "pick",
                    "End my turn without a second die", None, _done(seat))
        return [second, done]

    def waiting_for(self, state: State) -> str:
        return "to take a second die (card 2a) or end the turn"


def _done(seat: int) -> Effect:
    def do(state: State) -> list[str]:
        text = f"{turns.name(state, seat)} keeps card 2a and ends the turn."
        state["last"] = {"seat": seat, "kind": "done", "where": [], "text": text}
        return [text, *turns.end_turn(state)]
    return do


def _use_2a(seat: int) -> Effect:
    def do(state: State) -> list[str]:
        state["second"] = True
        return [f"{turns.name(state, seat)} plays card 2a to take a second die."] + cards.spend(state, "2a")
    return do


class ReactPhase(TurnPhase):
    """The 2b holder's answer to the die just taken."""

    def seats(self, state: State) -> list[int]:
        return [int(state["claim"]["holder"])]

    def nodes(self, state: State, seat: int) -> list[Node]:
        claim = state["claim"]
        picker, value = int(claim["picker"]), int(claim["die"])
        who = turns.name(state, picker)
        heading = f"{who} took die {value}: claim it with card 2b?"
        return [
            Node("claim", f"Claim {die_label(value)} from {who} (card 2b)", heading,
                 f"you must use this die on your turn; {who} picks another", "claim",
                 f"Claim die {value} from {who} with card 2b", None, _claim(seat, picker, value)),
            Node("let", f"Let {who} keep {die_label(value)}", heading, "keep card 2b", "claim",
                 f"Let {who} keep die {value}", None, _let(seat, picker, value)),
        ]

    def waiting_for(self, state: State) -> str:
        return "to claim the die with card 2b or let it go"


def _claim(seat: int, picker: int, value: int) -> Effect:
    def do(state: State) -> list[str]:
        state["reserved"][str(seat)] = value
        state["held"] = None
        state["claim"] = None
        state["phase"] = "pick"
        me, who = turns.name(state, seat), turns.name(state, picker)
        state["last"] = {"seat": seat, "kind": "claim", "where": [],
                         "text": f"{me} claimed die {value} from {who}."}
        return [f"{me} plays card 2b and claims die {value}; {who} must pick another die.",
                *cards.spend(state, "2b")]
    return do


def _let(seat: int, picker: int, value: int) -> Effect:
    def do(state: State) -> list[str]:
        state["claim"] = None
        state["phase"] = "act"
        text = f"{turns.name(state, seat)} lets {turns.name(state, picker)} keep die {value}."
        state["last"] = {"seat": seat, "kind": "let", "where": [], "text": text}
        return [text]
    return do


PHASES: dict[str, PlayerPhase | ChancePhase] = {
    "setup": SetupPhase(), "roll": RollPhase(), "pick": PickPhase(), "react": ReactPhase(),
    "act": ActPhase(), "reroll": RerollPhase(), "extra": ExtraPhase(),
}
"""``state["phase"]`` -> its step (``"over"`` once the game has ended)."""
