"""Placing track tiles: which placements are legal, what they cost, and
how a placement changes the board and the ownership of sections.

Building costs (the rulebook's table, numbers in ``rules.json``): simple $2,
coexisting $3, crossing $4, +$1 in a river hex, +$2 in a mountain hex; in a
town $1 plus $1 per exit. Replacing costs $2, or $3 from a simple tile to a
crossing and for any town tile; terrain is ignored when replacing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hexmap import board_of, opposite
from .params import rules
from .tiles import Path, Variant, kinds, paths_on, track_variants, variants
from .track import Network, PathRef, city_name, disks_used, is_town, network, pieces

from .state import AgeOfSteamState as State
from .state import Tile

@dataclass
class Placement:
    """A legal tile placement and what it does."""

    hex: str
    variant: Variant
    cost: int
    kind: str  # "new", "town", "replace", "redirect"
    added: list[Path]
    redirected: list[Path]


class Refused(Exception):
    """Why a placement is illegal (becomes an IllegalAction message)."""


def _end_class(state: State, net: Network, seat: int, label: str, edge: int) -> tuple[str, str | None]:
    """What the track leaving ``label`` through ``edge`` runs into.

    Returns (class, origin): class is city, extend, open, foreign, lake or
    offmap; origin is the city/town the track would be linked back to."""
    b = board_of(state)
    nb = b.neighbours[label][edge]
    if nb is None:
        return "offmap", None
    if b.hexes[nb].terrain == "lake":
        return "lake", None
    if nb in net.cities:
        return "city", nb
    found = net.open_ends.get((nb, opposite(edge)))
    if found is not None:
        sec = net.sections[found]
        if sec.owner is not None and sec.owner != seat:
            return "foreign", None
        return "extend", sec.start
    return "open", None


def _check_path(state: State, net: Network, seat: int, label: str, path: Path,
                inner_origin: str | None) -> bool:
    """Check one new piece; True if it connects to a city or a section the
    player may extend. Raises Refused when it breaks a rule."""
    origins: list[str | None] = [inner_origin] if len(path) == 1 else []
    connects = inner_origin is not None
    for edge in path:
        cls, origin = _end_class(state, net, seat, label, edge)
        if cls == "offmap":
            raise Refused(f"Track in {label} can't run off the map.")
        if cls == "lake":
            raise Refused(f"Track in {label} can't run into a lake.")
        if cls == "foreign":
            raise Refused(f"Track in {label} can't connect directly to another player's track.")
        if cls in ("city", "extend"):
            connects = True
        origins.append(origin)
    known = [o for o in origins if o is not None]
    if len(known) == 2 and known[0] == known[1]:
        raise Refused(f"Track in {label} can't link {city_name(state, known[0])} back to itself.")
    return connects


def terrain_extra(state: State, label: str) -> int:
    return rules().terrain_extra.get(board_of(state).hexes[label].terrain, 0)



def evaluate(state: State, net: Network, seat: int, label: str, v: Variant) -> Placement:
    """The placement of ``v`` on ``label`` by ``seat``; raises Refused."""
    b = board_of(state)
    r = rules()
    mh = b.hexes.get(label)
    if mh is None:
        raise Refused(f"There is no hex {label} on the map.")
    if mh.terrain == "lake":
        raise Refused(f"Hex {label} is a lake: track can't be built there.")
    if label in net.cities:
        raise Refused(f"{label} is a city: track can't be built on a city.")
    if state["supply"].get(v.kind.name, 0) <= 0:
        raise Refused(f"No {v.kind.name} tiles are left in the supply.")
    town = is_town(state, label)
    entry = state["board"].get(label)
    first = not state["built"][seat]
    if first and (entry is not None or town or v.kind.cls != "simple"):
        raise Refused("Your very first tile must be a simple tile connected to a city.")
    if town:
        return _evaluate_town(state, net, seat, label, v, entry)
    if v.kind.cls == "town":
        raise Refused("Dedicated town tiles can only go on towns.")
    if entry is None:
        if first and not any(_end_class(state, net, seat, label, e)[0] == "city" for p in v.paths for e in p):
            raise Refused("Your very first tile must connect to a city.")
        connects = [_check_path(state, net, seat, label, p, None) for p in v.paths]
        if not all(connects):
            raise Refused(f"Track in {label} must connect to a city or to track you can extend.")
        cost = r.tile_cost[v.kind.cls] + terrain_extra(state, label)
        return Placement(label, v, cost, "new", list(v.paths), [])
    return _evaluate_replacement(state, net, seat, label, v, entry)


def _evaluate_town(state: State, net: Network, seat: int, label: str, v: Variant,
                   entry: Tile | None) -> Placement:
    r = rules()
    exits = v.exits
    old: tuple[int, ...] = ()
    if entry is not None:
        old = tuple(p[0] for p in pieces(state, label))
        if not set(old) <= set(exits):
            raise Refused(f"A new tile in {label} must keep the town's exits {old}.")
        if set(old) == set(exits):
            raise Refused(f"That tile changes nothing in {label}.")
    needs_disk = v.kind.cls != "town"
    had_disk = entry is not None and kinds()[entry["tile"]].cls != "town"
    if needs_disk and not had_disk and disks_used(state) >= r.town_disks:
        raise Refused("All 8 town disks are in use: only dedicated town tiles fit a town now.")
    added: list[Path] = [(e,) for e in exits if e not in old]
    connects = entry is not None
    for p in added:
        connects = _check_path(state, net, seat, label, p, label if entry is not None else None) or connects
    if not connects:
        raise Refused(f"Track into {label} must connect to a city or to track you can extend.")
    if entry is None:
        cost = r.town_base_cost + r.town_cost_per_exit * len(exits)
        return Placement(label, v, cost, "town", added, [])
    return Placement(label, v, r.replace_town_cost, "replace", added, [])


def _evaluate_replacement(state: State, net: Network, seat: int, label: str, v: Variant,
                          entry: Tile) -> Placement:
    r = rules()
    old = pieces(state, label)
    new = set(v.paths)
    if set(old) == new:
        raise Refused(f"That tile changes nothing in {label}.")
    redirected: list[Path] = []
    for i, p in enumerate(old):
        if p in new:
            continue
        sec = net.sections[net.of_piece[(label, i)]]
        mine = sec.owner is None or sec.owner == seat
        if sec.complete or not mine or sec.paths[-1] != (label, i) or sec.open_end is None:
            who = "a completed link" if sec.complete else (
                f"{state['players'][sec.owner]}'s track" if sec.owner is not None else "track")
            raise Refused(f"{label} holds {who}: a new tile must keep it (only the end of your own "
                          "or unowned unfinished track can be redirected).")
        out = sec.open_end[1]
        entry_edge = p[0] if p[1] == out else p[1]
        target = next((q for q in new if entry_edge in q and q not in old), None)
        if target is None:
            raise Refused(f"Redirected track in {label} must still continue from {entry_edge}.")
        redirected.append(target)
        other = target[0] if target[1] == entry_edge else target[1]
        cls, origin = _end_class(state, net, seat, label, other)
        if cls in ("offmap", "lake", "foreign"):
            raise Refused(f"Redirected track in {label} can't point there ({cls}).")
        if origin is not None and origin == sec.start:
            raise Refused(f"Track in {label} can't link {city_name(state, origin)} back to itself.")
    added = [q for q in v.paths if q not in old and q not in redirected]
    for q in added:
        if not _check_path(state, net, seat, label, q, None):
            raise Refused(f"New track in {label} must connect to a city or to track you can extend.")
    old_cls = kinds()[entry["tile"]].cls
    cost = r.replace_crossing_cost if (old_cls == "simple" and v.kind.cls == "crossing") else r.replace_cost
    kind = "redirect" if redirected and not added else "replace"
    return Placement(label, v, cost, kind, added, redirected)


def candidate_hexes(state: State, net: Network, seat: int) -> list[str]:
    """Hexes where the player might place a tile, nearest to his own track first."""
    b = board_of(state)
    own: list[str] = []
    near: list[str] = []
    for (h, e), idx in net.open_ends.items():
        owner = net.sections[idx].owner
        nb = b.neighbours[h][e]
        if nb is None or nb in net.cities or b.hexes[nb].terrain == "lake":
            continue
        if owner == seat:
            own.append(nb)
        elif owner is None:
            near.append(nb)
    for c in sorted(net.cities):
        for nb in b.neighbours[c]:
            if nb is not None and nb not in net.cities and b.hexes[nb].terrain != "lake":
                near.append(nb)
    built = sorted(state["board"])
    seen: set[str] = set()
    out: list[str] = []
    for h in own + near + built:
        if h not in seen:
            seen.add(h)
            out.append(h)
    return out


def candidate_variants(state: State, label: str) -> list[Variant]:
    """Variants worth trying on ``label`` (deduplicated by exits on towns)."""
    supply = state["supply"]
    if is_town(state, label):
        chosen: dict[tuple[int, ...], Variant] = {}
        for v in variants():
            if supply.get(v.kind.name, 0) <= 0:
                continue
            ex = v.exits
            best = chosen.get(ex)
            if best is None or (best.kind.cls != "town" and v.kind.cls == "town") or (
                    best.kind.cls == v.kind.cls and supply[v.kind.name] > supply[best.kind.name]):
                chosen[ex] = v
        return sorted(chosen.values(), key=lambda v: (len(v.exits), v.exits))
    old = set(pieces(state, label))
    return [v for v in track_variants() if supply.get(v.kind.name, 0) > 0
            and (not old or len(old & set(v.paths)) >= len(old) - 1)]


def legal_placements(state: State, net: Network, seat: int, label: str, cash: int,
                     first_only: bool = False) -> list[Placement]:
    """The legal placements on ``label`` the player can pay for (with
    ``first_only``, stop at the first one found)."""
    out: list[Placement] = []
    for v in candidate_variants(state, label):
        try:
            p = evaluate(state, net, seat, label, v)
        except Refused:
            continue
        if p.cost <= cash:
            out.append(p)
            if first_only:
                break
    return out


def apply_placement(state: State, seat: int, p: Placement) -> None:
    """Put the tile down, pay, and settle the ownership of the touched sections."""
    entry = state["board"].get(p.hex)
    town = is_town(state, p.hex)
    old_owner: dict[Path, int | None] = {}
    if entry is not None:
        for i, piece in enumerate(pieces(state, p.hex)):
            old_owner[piece] = entry["owners"][i]
        state["supply"][entry["tile"]] += 1
    state["supply"][p.variant.kind.name] -= 1
    new_paths = paths_on(p.variant.kind.name, p.variant.rot, town)
    owners: list[int | None] = []
    for piece in new_paths:
        if piece in old_owner:
            owners.append(old_owner[piece])
        elif piece in p.redirected:
            redirected_from = [o for q, o in old_owner.items() if q not in new_paths]
            owners.append(redirected_from[0] if redirected_from else seat)
        else:
            owners.append(seat)
    state["board"][p.hex] = {"tile": p.variant.kind.name, "rot": p.variant.rot, "owners": owners}
    state["cash"][seat] -= p.cost
    state["built"][seat] = True
    touched = {(p.hex, i) for i, piece in enumerate(new_paths) if piece in p.added or piece in p.redirected}
    added = {(p.hex, i) for i, piece in enumerate(new_paths) if piece in p.added}
    settle_owners(state, touched, added, seat)


def settle_owners(state: State, touched: set[PathRef], added: set[PathRef], seat: int) -> None:
    """Give every section the new pieces belong to one owner: the builder when he
    lengthened it (claiming unowned track), else its previous owner."""
    net = network(state)
    for sec in net.sections:
        refs = set(sec.paths)
        if not refs & touched:
            continue
        owners = {state["board"][h]["owners"][i] for h, i in sec.paths}
        if refs & added or seat in owners:
            owner: int | None = seat
        else:
            owner = next((o for o in owners if o is not None), None)
        for h, i in sec.paths:
            state["board"][h]["owners"][i] = owner
