"""The games the contract tests run over: every listed game with its default
options, and once more for each map of a game whose ``map`` option changes
the board and the rules (Age of Steam's Barbados and St. Lucia), so a rule
of a new map meets the same contract, random play-outs, malformed input and
threads as the default."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import Game
from games.registry import all_games

VARIED_OPTIONS = ("map",)
"""Options whose every choice is a game of its own for the contract tests."""


@dataclass(frozen=True)
class Variant:
    game: Game
    options: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        """``age-of-steam`` or ``age-of-steam[barbados]``."""
        extra = ",".join(self.options.values())
        return f"{self.game.slug}[{extra}]" if extra else self.game.slug

    def count(self, wanted: int) -> int:
        """The allowed player count nearest ``wanted`` under these options."""
        return self.game.nearest_count(wanted, self.options)

    def fewest(self) -> int:
        return min(self.game.player_counts(self.options))

    def most(self) -> int:
        return max(self.game.player_counts(self.options))

    @property
    def default(self) -> bool:
        """True for the game with its default options."""
        return not self.options


def variants() -> list[Variant]:
    """Every listed game, then each non-default choice of its varied options."""
    out: list[Variant] = []
    for game in all_games().values():
        out.append(Variant(game))
        for option in game.options:
            if option.name in VARIED_OPTIONS:
                out.extend(Variant(game, {option.name: choice}) for choice in option.choices
                           if choice != option.default)
    return out


VARIANTS = variants()
IDS = [v.id for v in VARIANTS]
DRAWN = list(VARIANTS)
"""The variants whose boards the renderers draw: every one (the small
maps' boards are drawn as islands, rendering/age_of_steam/island_panel.py)."""
DRAWN_IDS = [v.id for v in DRAWN]
BY_ID = {v.id: v for v in VARIANTS}
"""Each variant by its test id."""
