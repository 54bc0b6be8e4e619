"""End-game scoring exactly as printed: deliveries, network (1 per
city-to-city connection + 1 per town on it), engine bonus 4/5/6 -> 1/2/3
(checkboxes only, not card 4b), and the VP of the cards held. Ties: the
better engine (checkboxes), then the better network; else shared.
"""

from __future__ import annotations

from games.core import Outcome, State
from games.steam_rollers import cards
from games.steam_rollers.network import network_points
from games.steam_rollers.params import rules


def engine_bonus(boxes: int) -> int:
    return rules().engine_bonus.get(boxes, 0)


def breakdown(state: State, seat: int) -> dict[str, int]:
    record = state["maps"][seat]
    return {
        "deliveries": sum(int(d["points"]) for d in record["deliveries"]),
        "network": network_points(record["track"], state["walls"]),
        "engine": engine_bonus(len(record["engine"])),
        "cards": cards.card_vp(state, seat),
    }


def outcome(state: State) -> Outcome:
    n = len(state["players"])
    parts = [breakdown(state, s) for s in range(n)]
    scores = [sum(p.values()) for p in parts]
    keys = {s: (scores[s], len(state["maps"][s]["engine"]), parts[s]["network"]) for s in range(n)}
    ranking: list[list[int]] = []
    for seat in sorted(range(n), key=lambda s: (-keys[s][0], -keys[s][1], -keys[s][2], s)):
        if ranking and keys[ranking[-1][0]] == keys[seat]:
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return Outcome(scores, parts, ranking, _note(state, ranking, keys))


def _note(state: State, ranking: list[list[int]], keys: dict[int, tuple[int, int, int]]) -> str:
    names = state["players"]
    notes = []
    flat = [group for group in ranking]
    for upper, lower in zip(flat, flat[1:]):
        a, b = keys[upper[0]], keys[lower[0]]
        if a[0] != b[0]:
            continue
        who = f"{', '.join(names[s] for s in upper)} ahead of {', '.join(names[s] for s in lower)}"
        if a[1] != b[1]:
            notes.append(f"{who} on {a[0]} points: better engine ({a[1]} vs {b[1]}).")
        else:
            notes.append(f"{who} on {a[0]} points and engine {a[1]}: better network ({a[2]} vs {b[2]}).")
    for group in ranking:
        if len(group) > 1:
            notes.append(f"{', '.join(names[s] for s in group)} share their place "
                         f"(same points, engine and network).")
    return " ".join(notes)
