"""Track tiles: the kinds of the supply and their rotations.

A *variant* is a tile kind turned by ``rot`` sixths clockwise. An ordinary
tile has paths (pairs of edges); on a town hex every edge a tile touches is
an exit of the town (a simple tile with a town disk is two tracks leaving the
town), and dedicated town tiles have only exits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .hexmap import DIRECTIONS
from .params import load_data

Path = tuple[int, ...]
"""A path inside a hex: two edges (sorted), or one edge for a town exit."""


@dataclass(frozen=True)
class TileKind:
    name: str
    cls: str  # simple, coexist, crossing, town
    paths: tuple[Path, ...]
    count: int
    label: str = ""


@dataclass(frozen=True)
class Variant:
    """A tile kind at one rotation."""

    kind: TileKind
    rot: int
    paths: tuple[Path, ...]

    @property
    def token(self) -> str:
        return f"{self.kind.name}.{self.rot}"

    @property
    def exits(self) -> tuple[int, ...]:
        return tuple(sorted({e for p in self.paths for e in p}))

    def describe(self, town: bool = False) -> str:
        """"gentle curve N-SW", "X crossing NE-SW + SE-NW"; on a town hex
        only the exits count: "town exits N S (straight + disk)"."""
        if town:
            how = "town tile" if self.kind.cls == "town" else f"{self.kind.label} + disk"
            return f"town exits {' '.join(DIRECTIONS[e] for e in self.exits)} ({how})"
        parts = ["-".join(DIRECTIONS[e] for e in p) for p in self.paths]
        return f"{self.kind.label} {' + '.join(parts)}"


@cache
def kinds() -> dict[str, TileKind]:
    raw = load_data("tiles.json")
    out: dict[str, TileKind] = {}
    for t in raw["tiles"]:
        if t["class"] == "town":
            paths: tuple[Path, ...] = tuple((e,) for e in t["exits"])
        else:
            paths = tuple(tuple(sorted(p)) for p in t["paths"])
        out[t["name"]] = TileKind(t["name"], t["class"], paths, int(t["count"]), t["label"])
    return out


def _rotate(paths: tuple[Path, ...], rot: int) -> tuple[Path, ...]:
    return tuple(sorted(tuple(sorted((e + rot) % 6 for e in p)) for p in paths))


@cache
def variants() -> tuple[Variant, ...]:
    """Every distinct (kind, rotation), lowest rotation kept for symmetric tiles."""
    out: list[Variant] = []
    for kind in kinds().values():
        seen: set[tuple[Path, ...]] = set()
        for rot in range(6):
            paths = _rotate(kind.paths, rot)
            if paths not in seen:
                seen.add(paths)
                out.append(Variant(kind, rot, paths))
    return tuple(out)


@cache
def variant_by_token() -> dict[str, Variant]:
    return {v.token: v for v in variants()}


def variant(name: str, rot: int) -> Variant:
    return variant_by_token()[f"{name}.{rot}"]


def paths_on(kind_name: str, rot: int, town: bool) -> tuple[Path, ...]:
    """The paths a placed tile has on its hex: exits on a town hex."""
    v = variant(kind_name, rot)
    if town:
        return tuple((e,) for e in v.exits)
    return v.paths


def track_variants() -> tuple[Variant, ...]:
    """Ordinary tiles (not dedicated town tiles)."""
    return tuple(v for v in variants() if v.kind.cls != "town")


@cache
def simple_for(path: Path) -> Variant | None:
    """The simple tile with exactly this one path."""
    for v in variants():
        if v.kind.cls == "simple" and v.paths == (path,):
            return v
    return None
