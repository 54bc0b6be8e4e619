"""Actions as a tree of tokens: the one source of a step's panel options, its
legal-action list, its autocomplete and the checking of a typed action.

Each :class:`Node` is one token a player can choose at one panel step. A node
either completes the action (``expand`` is None) or opens the next step.
``do`` (optional) is the node's effect, run in order along the chosen path
once every token has been checked, so a refused action changes nothing.

Typed text is matched strictly: tokens are ASCII; a token matches a node's
token or one of its ``aliases`` regardless of case, and a number matches
regardless of leading zeros. Whatever variant was typed, the action stored is
the canonical text: the matched nodes' tokens joined by single spaces
(:func:`canonical`). A refusal quotes at most :data:`QUOTE` characters of what
was typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from games.core import Choice, IllegalAction, Option, State, Step

Effect = Callable[[State], list[str]]
QUOTE = 40
"""At most this many characters of a bad token are quoted back."""


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
    aliases: tuple[str, ...] = ()
    """Other spellings of the same token ("SW-NE" for "NE-SW"), matched like it."""
    menu: bool = False
    """Offer this step as a select menu even when few options (amounts)."""

    @property
    def complete(self) -> bool:
        return self.expand is None


def quote(text: str) -> str:
    """``text`` shortened for a message: at most :data:`QUOTE` characters,
    control characters shown as '?'."""
    shown = "".join(c if c.isprintable() else "?" for c in text[: QUOTE + 1])
    return shown if len(shown) <= QUOTE else shown[: QUOTE - 1] + "…"


def _key(token: str) -> str:
    """What a typed or offered token is compared by: lower case, and a
    number without its leading zeros."""
    low = token.lower()
    if low.isdigit():  # ASCII only: callers check isascii first
        return low.lstrip("0") or "0"
    return low


def _match(nodes: Sequence[Node], token: str) -> Node | None:
    if not token.isascii():
        return None
    key = _key(token)
    for n in nodes:
        if _key(n.token) == key or any(_key(a) == key for a in n.aliases):
            return n
    return None


def _offered(nodes: Sequence[Node]) -> str:
    names = ", ".join(n.token for n in nodes[:10])
    return names + (" ..." if len(nodes) > 10 else "")


def walk(nodes: list[Node], tokens: Sequence[str]) -> list[Node]:
    """The nodes along ``tokens``; IllegalAction says what was expected."""
    path: list[Node] = []
    if not tokens:
        raise IllegalAction(f"Say what you do. {nodes[0].heading}: {_offered(nodes)}." if nodes
                            else "There is nothing for you to do now.")
    for token in tokens:
        if path and path[-1].complete:
            done = " ".join(n.token for n in path)
            raise IllegalAction(f"'{quote(done)}' is already a whole action: leave out '{quote(token)}'.")
        match = _match(nodes, token)
        if match is None:
            if not nodes:
                raise IllegalAction("There is nothing for you to do now.")
            raise IllegalAction(f"'{quote(token)}' isn't possible here. {nodes[0].heading}: {_offered(nodes)}.")
        path.append(match)
        nodes = match.expand() if match.expand is not None else []
    if not path[-1].complete:
        heading = nodes[0].heading if nodes else ""
        raise IllegalAction(f"That action is incomplete. {heading}: {_offered(nodes)}." if nodes
                            else "That action is incomplete.")
    return path


def canonical(path: Sequence[Node]) -> str:
    """The canonical text of a walked path."""
    return " ".join(n.token for n in path)


def options(nodes: list[Node], prefix: Sequence[str]) -> list[Option]:
    """The panel's options after ``prefix`` (canonical tokens)."""
    for token in prefix:
        match = next((n for n in nodes if n.token == token), None)
        if match is None or match.expand is None:
            return []
        nodes = match.expand()
    return [Option(n.token, n.label, n.heading, n.detail, n.complete, n.menu) for n in nodes]


def choices(nodes: list[Node]) -> list[Choice]:
    """Every complete action below ``nodes``."""
    out: list[Choice] = []

    def visit(level: list[Node], steps: tuple[Step, ...], notes: tuple[str, ...]) -> None:
        for n in level:
            here = steps + (Step(n.token, n.label, n.heading, n.detail, n.menu),)
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
