"""What every step of a turn shares: the kit's two bases with what Age of
Steam adds to them (a title, the usage told with a refused text, ``begin``),
the table of phases by name, and small helpers (names, tree nodes, who
holds an action).

A phase object is one step of the turn (:class:`games.phases.PlayerPhase`
or :class:`games.phases.ChancePhase`). Its choices are a tree of
:class:`games.tree.Node`, the one source of the panel, the legal actions and
autocomplete; typed text is first read by the strict grammar
(:mod:`grammar`), which maps harmless variants to the canonical words, and the
phase then checks and applies those words with the rule's own refusal.
"""

from __future__ import annotations

from typing import Callable

from games.core import Applied, IllegalAction, State
from games.phases import OVER, ChancePhase, PlayerPhase
from games.tree import Node

from .state import typed
from . import grammar
from .economy import active_seats
from .maps import ORDER_AUCTION, ORDER_PRIORITY, MapRules, map_of


def name(state: State, seat: int) -> str:
    return str(state["players"][seat])


def node(token: str, label: str, heading: str, detail: str = "", *, command: str = "",
         summary: str = "", expand: Callable[[], list[Node]] | None = None, menu: bool = False) -> Node:
    """A tree node with the panel's limits kept (labels 80 characters,
    headings, details and summaries 100)."""
    return Node(token, label[:80], heading[:100], detail[:100], command=command or "pick",
                summary=summary[:100], expand=expand, menu=menu)


class Phase(PlayerPhase):
    """A step of the turn where players act."""

    phase = ""
    title = ""
    usage = "The panel lists the legal actions."
    """How to write this step's actions, told with a refused text."""

    def seats(self, state: State) -> list[int]:
        return []

    def nodes(self, state: State, seat: int) -> list[Node]:
        return []

    def canonical(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        """The canonical words of ``tokens`` (already in canonical form,
        word by word) where the step maps a short form to its full text."""
        return tokens

    def act(self, state: State, seat: int, tokens: list[str]) -> list[str]:
        """Apply the canonical words ``tokens``; raise IllegalAction first if
        they are not legal now."""
        raise IllegalAction("Nothing to do now.")

    def apply(self, state: State, seat: int, action: str) -> Applied:
        """Read ``action`` with the strict grammar, then check and apply its
        canonical words; the log stores the canonical text."""
        tokens = grammar.canonical(grammar.words(action), False, self.usage)
        tokens = self.canonical(state, seat, tokens)
        return Applied(state, self.act(state, seat, tokens), " ".join(tokens))

    def begin(self, state: State) -> list[str]:
        """Make this the current step; returns the events of what it
        resolves at once (a player skipped, a step that needs nobody)."""
        state["phase"] = self.phase
        state["step"] = {}
        return []

    def status(self, state: State) -> str:
        due = self.seats(state)
        return f"{self.title} · {', '.join(name(state, s) for s in due)} to act" if due else self.title


class Chance(ChancePhase):
    """A step where chance acts (draws, dice)."""

    phase = ""
    title = ""
    usage = "The panel lists the legal actions."

    def words(self, action: str) -> list[str]:
        """The canonical words of a chance outcome's text."""
        return grammar.canonical(grammar.words(action), True, self.usage)

    def act(self, state: State, tokens: list[str]) -> list[str]:
        raise IllegalAction("No chance outcome is due now.")

    def apply(self, state: State, action: str) -> list[str]:
        return self.act(state, self.words(action))

    def begin(self, state: State) -> list[str]:
        state["phase"] = self.phase
        state["step"] = {}
        return []

    def status(self, state: State) -> str:
        return self.title


PHASES: dict[str, Phase | Chance] = {}
"""Each phase by its name (``state["phase"]``); filled as the step modules load."""


def register(phase: Phase | Chance) -> Phase | Chance:
    PHASES[phase.phase] = phase
    return phase


def queue_actor(state: State) -> list[int]:
    queue: list[int] = state["step"]["queue"]
    return [queue[0]] if queue else []


def holder(state: State, act: str) -> int | None:
    """The active seat that selected ``act`` this turn."""
    for seat, a in enumerate(state["action"]):
        if a == act and not state["eliminated"][seat]:
            return seat
    return None


def first_then_order(state: State, act: str) -> list[int]:
    order = active_seats(typed(state))
    first = holder(state, act)
    return ([first] + [s for s in order if s != first]) if first is not None else order


def turn_steps(m: MapRules) -> list[str]:
    """The steps of a turn up to Select Actions, as the map orders them:
    Issue Shares then the auction (base); no player-order step (Barbados);
    the priority step before Issue Shares (St. Lucia)."""
    order = {ORDER_AUCTION: ["auction"], ORDER_PRIORITY: ["priority"]}.get(m.player_order, [])
    head = order + ["shares"] if m.order_before_shares else ["shares"] + order
    return head + ["actions"]


def step_after(state: State, done: str) -> str:
    """The step that follows the step ``done`` in this map's turn."""
    steps = turn_steps(map_of(state))
    return steps[steps.index(done) + 1]


def turn_start(state: State) -> str:
    """The first step of a turn on this map."""
    return turn_steps(map_of(state))[0]


def start(phase: str, state: State) -> list[str]:
    """Begin the step named ``phase`` (it may finish at once and begin the
    next); returns the events of what resolved at once."""
    return PHASES[phase].begin(state)


def finish(state: State) -> None:
    """The game is over."""
    state["phase"] = OVER
    state["step"] = {}
