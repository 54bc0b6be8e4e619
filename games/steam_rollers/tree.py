"""Actions as a tree of tokens, so the panel, the slash commands, the legal
action list and the validation of a typed action all come from one place.

Each :class:`Node` is one token a player can choose at one panel step. A node
either completes the action (``expand`` is None) or opens the next step.
``do`` (optional) is the node's effect, run in order along the chosen path
once every token has been checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from games.core import Choice, Option, State, Step
from games.steam_rollers.grammar import quote, refuse, token_key

Effect = Callable[[State], list[str]]


@dataclass(frozen=True)
class Node:
    token: str
    label: str
    heading: str
    detail: str = ""
    command: str = "pick"
    summary: str = ""
    expand: Callable[[], list["Node"]] | None = None
    do: Effect | None = None
    note: str = ""
    """Context this token adds to the summary of every action below it ("die 3")."""

    @property
    def complete(self) -> bool:
        return self.expand is None


def walk(nodes: list[Node], tokens: Sequence[str]) -> list[Node]:
    """The nodes along ``tokens``, each typed token matched to a node's
    token by :func:`grammar.token_key` (case, leading zeros, a piece's
    end-order). IllegalAction names what was expected instead."""
    path: list[Node] = []
    for token in tokens:
        if path and path[-1].complete:
            raise refuse(_already_complete(path, token))
        key = token_key(token)
        match = next((n for n in nodes if token_key(n.token) == key), None)
        if match is None:
            raise refuse(f"'{quote(token)}' isn't possible here. {_expected(nodes)}.")
        path.append(match)
        nodes = [] if match.expand is None else match.expand()
    if not path:
        raise refuse(f"Type an action. {_expected(nodes)}.")
    if not path[-1].complete:
        raise refuse(f"'{quote(text_of(path))}' is incomplete. {_expected(nodes)}.")
    return path


def text_of(path: Sequence[Node]) -> str:
    """The canonical text of the tokens along ``path``."""
    return " ".join(n.token for n in path)


def _already_complete(path: Sequence[Node], extra: str) -> str:
    """Extra tokens after a whole action: say the action is already complete."""
    done = path[-1]
    what = f" ({done.summary})" if done.summary else ""
    return (f"'{quote(text_of(path))}' is already a complete action{what}: "
            f"send it without '{quote(extra)}'.")


def _expected(nodes: Sequence[Node], budget: int = 160) -> str:
    """"Pick a white die: 1, 3, 5": the step's heading and the tokens it
    takes, as many as fit in ``budget`` characters."""
    if not nodes:
        return "Nothing is possible here"
    shown: list[str] = []
    for n in nodes:
        if sum(len(t) + 2 for t in shown) + len(n.token) > budget:
            break
        shown.append(n.token)
    more = " ..." if len(shown) < len(nodes) else ""
    return f"{nodes[0].heading}: {', '.join(shown)}{more}"


def options(nodes: list[Node], prefix: Sequence[str]) -> list[Option]:
    """The panel's options after ``prefix``."""
    for token in prefix:
        match = next((n for n in nodes if n.token == token), None)
        if match is None or match.expand is None:
            return []
        nodes = match.expand()
    return [Option(n.token, n.label, n.heading, n.detail, n.complete) for n in nodes]


def choices(nodes: list[Node]) -> list[Choice]:
    """Every complete action below ``nodes``."""
    out: list[Choice] = []

    def visit(level: list[Node], steps: tuple[Step, ...], notes: tuple[str, ...]) -> None:
        for n in level:
            here = steps + (Step(n.token, n.label, n.heading, n.detail),)
            context = notes + ((n.note,) if n.note else ())
            if n.expand is None:
                out.append(Choice(here, n.command, summary(context, n.summary or n.label)))
            else:
                visit(n.expand(), here, context)

    visit(nodes, (), ())
    return out


def summary(notes: Sequence[str], text: str) -> str:
    """"Die 3, card 5a to 4: improve engine ..." in at most 100 characters."""
    full = f"{', '.join(notes)}: {text}" if notes else text
    full = full[:1].upper() + full[1:]
    return full if len(full) <= 100 else full[:99] + "…"


def run(path: list[Node], state: State) -> list[str]:
    """Apply the effects along a checked path."""
    events: list[str] = []
    for n in path:
        if n.do is not None:
            events.extend(n.do(state))
    return events
