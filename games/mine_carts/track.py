"""The track on a card: its lengths rotated, and the way a cart goes through
it (a junction's stem leads to the switch's colour, else black; any other
end leads back to the stem, and a coloured branch's own end lets a cart in
only while the switch is on its colour)."""

from __future__ import annotations

from games.mine_carts.params import Kind, rules
from games.mine_carts.state import Placed

EDGE_NAMES = ("N", "E", "S", "W")


def kind(placed: Placed) -> Kind:
    return rules().kinds[placed["card"]]


def turn(edge: int, rotation: int) -> int:
    return (edge + rotation // 90) % 4


def lengths(placed: Placed) -> list[tuple[int, int, str]]:
    """The card's lengths of track on the grid: (end, end, colour)."""
    r = placed["rotation"]
    return [(turn(a, r), turn(b, r), c) for a, b, c in kind(placed).paths]


def stem(placed: Placed) -> int | None:
    s = kind(placed).stem
    return None if s is None else turn(s, placed["rotation"])


def ends(placed: Placed) -> set[int]:
    """The edges a cart can enter this card by."""
    return {e for a, b, _c in lengths(placed) for e in (a, b)}


def opens(placed: Placed, enter: int, switch: str | None) -> bool:
    """Whether a cart may enter the card by ``enter``: by a junction's stem,
    a black end or any end of a card without a switch, always; by the end of
    a junction's coloured branch, only while the switch is on that colour
    (rulebook: "This cart can only hop onto the green colored track if the
    switch had been placed on the green tile")."""
    colours = {c for a, b, c in lengths(placed) if enter in (a, b)}
    if not colours:
        return False
    return enter == stem(placed) or "black" in colours or switch in colours


def route(placed: Placed, enter: int, switch: str | None) -> int | None:
    """The edge a cart entering by ``enter`` leaves by: from a junction's stem,
    the exit of the switch's colour if the card has one, else the black exit;
    from any other end, the other end of its length. None: no track there."""
    out: dict[str, int] = {}
    for a, b, c in lengths(placed):
        if a == enter:
            out[c] = b
        elif b == enter:
            out[c] = a
    if not out:
        return None
    if switch is not None and switch in out:
        return out[switch]
    return out.get("black", next(iter(out.values())))


def describe(placed: Placed) -> str:
    """Where the track goes, for a label: ``N-S``, ``from S: black N, green E``."""
    parts = lengths(placed)
    s = stem(placed)
    if not parts:
        return "no track"
    if s is None:
        return ", ".join(f"{EDGE_NAMES[a]}-{EDGE_NAMES[b]}" for a, b, _c in
                         sorted((min(a, b), max(a, b), c) for a, b, c in parts))
    exits = sorted(parts, key=lambda p: (p[2] != "black", p[2]))
    return f"from {EDGE_NAMES[s]}: " + ", ".join(f"{c} {EDGE_NAMES[b]}" for _a, b, c in exits)
