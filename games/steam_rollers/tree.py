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

from games.core import Choice, IllegalAction, Option, State, Step

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
    """The nodes along ``tokens``; IllegalAction names what was expected."""
    path: list[Node] = []
    for token in tokens:
        match = next((n for n in nodes if n.token.lower() == token.lower()), None)
        if match is None:
            heading = nodes[0].heading if nodes else "Nothing more"
            offered = ", ".join(n.token for n in nodes[:14]) + (" ..." if len(nodes) > 14 else "")
            raise IllegalAction(f"'{token}' isn't possible here. {heading}: {offered}.")
        path.append(match)
        if match.expand is None:
            nodes = []
        else:
            nodes = match.expand()
    if not path or not path[-1].complete:
        heading = nodes[0].heading if nodes else ""
        raise IllegalAction(f"That action is incomplete. {heading}.".strip())
    return path


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
