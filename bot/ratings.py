"""Ratings: a rating per member, per game, per server, from finished games.

The rating system is openskill's Weng-Lin Plackett-Luce model (a Bayesian
rating for any number of players, ties and teams): a member's skill is a
``mu`` and an uncertainty ``sigma``; a game moves the ratings of all its
teams at once, from the game's ranking.

Rulings
    - A *pool* is one server's games of one kind: ratings are never shared
      between servers or between games.
    - A team game rates the team (Mine Carts: the two members of a team,
      found with ``Game.partners``, share one place). Seats tied in the
      game's ranking share their place.
    - A bot seat (one added in the lobby) is never rated. By the server's
      rule (``/game ratings``) a game with bot seats counts for its humans
      ("humans", the default: each bot is an opponent of the starting
      rating whose own rating never changes) or does not count ("none").
      A human whose seat the bot took over still gets his seat's result.
    - A game counts once it is finished; abandoned games never count.
    - Ratings are derived data: the pool's games are folded in the order
      they finished (the time of the last logged action, then the game id).
      A game that finishes out of that order (two processes at once) makes
      the pool be folded again from its stored matches, so the numbers are
      always the fold in order, and ``railyard ratings rebuild`` (which
      replays every finished game's log) gives the same ones.
    - A game played on a map of its own makes its own *board* (a pool of
      its own): Age of Steam's Barbados and St. Lucia are boards apart from
      the Rust Belt (:func:`board_of`), as a two-player island game says
      little of a member's skill at the six-player Rust Belt. St. Lucia is
      rated like any two-player game, on its board.
    - A solo game (Barbados) is never rated (openskill needs opponents): its
      result is kept, completed (``won``) or lost, with its score, for the
      board's best scores (``/game leaderboard``) and ``/game stats``.
    - Shown as a number a person reads: ``1000 + 40 * (mu - 3 * sigma)``
      rounded (openskill's *ordinal*, the skill we are fairly sure the
      member has, scaled): a new member shows 1000 and rises as his results
      make us surer.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from games.core import Entry, Game, IllegalAction, State, replay_entries
from games.registry import get_game

from .store import GameRow, RatingPool, RatingRow, RatingWrite, ResultRow, SeatRow, Store

log = logging.getLogger("railyard.ratings")

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
BOT_GAMES = ("humans", "none")
"""A server's rule for games with bot seats: they count for the humans, or not at all."""


def shown(mu: float, sigma: float) -> int:
    """The rating as shown: openskill's ordinal scaled, 1000 for a newcomer."""
    return round(1000 + 40 * (mu - 3 * sigma))


def is_bot(seat: SeatRow) -> bool:
    """A seat the bot was given in the lobby (it has no member behind it)."""
    return seat.user_id < 0


OWN_BOARDS = {"age-of-steam": "map"}
"""Game -> the option whose every value but the default is a board of its own."""


def board_of(slug: str, options: Mapping[str, str]) -> str:
    """The board (ratings pool) a game of ``slug`` with ``options`` counts
    on: the game's slug, or "age-of-steam:barbados" for a map of its own.
    IllegalAction for a value the option does not have."""
    game = get_game(slug)
    name = OWN_BOARDS.get(slug)
    if name is None:
        return slug
    value = game.resolve_options({name: options[name]} if name in options else {})[name]
    default = next(o.default for o in game.options if o.name == name)
    return slug if value == default else f"{slug}:{value}"


def board_options(board: str) -> tuple[Game, dict[str, str]]:
    """The game of a board and the options that make it (its own map)."""
    slug, _, value = board.partition(":")
    game = get_game(slug)
    return game, ({OWN_BOARDS[slug]: value} if value else {})


def board_title(board: str) -> str:
    """A board as a member reads it: "Age of Steam on the Barbados map",
    "Race"."""
    game, options = board_options(board)
    return game.name + (game.counts_reason(options) if options else "")


def is_solo(board: str) -> bool:
    """A board of one-player games: ranked by best score, not rated."""
    game, options = board_options(board)
    return game.player_counts(options) == (1,)


@dataclass(frozen=True)
class Match:
    """A finished game as the ratings see it (stored as JSON with the game):
    ``teams`` of user ids (a bot: its negative id) by seat order, each
    team's ``place`` (1 the best, equal for ties), each member's score and
    name, and whether it ``counted``."""

    teams: list[list[int]]
    places: list[int]
    scores: dict[int, int]
    names: dict[int, str]
    counted: bool
    lost: bool = False
    """A solo game that ended lost: no one won it."""

    def to_json(self) -> dict[str, Any]:
        return {"teams": self.teams, "places": self.places, "counted": self.counted,
                "scores": [[u, s] for u, s in self.scores.items()],
                "names": [[u, n] for u, n in self.names.items()], **({"lost": True} if self.lost else {})}

    @staticmethod
    def from_json(doc: dict[str, Any]) -> "Match":
        return Match([list(t) for t in doc["teams"]], list(doc["places"]),
                     {int(u): int(s) for u, s in doc["scores"]}, {int(u): str(n) for u, n in doc["names"]},
                     bool(doc["counted"]), bool(doc.get("lost", False)))


def match_of(game: Game, state: State, seats: Sequence[SeatRow], bot_games: str) -> Match:
    """The match a finished game makes: its teams (a seat with its partners)
    and their places from the game's ranking."""
    outcome = game.outcome(state)
    place_of: dict[int, int] = {}
    place = 1
    for group in outcome.ranking:
        for s in group:
            place_of[s] = place
        place += len(group)
    teams: list[list[int]] = []
    places: list[int] = []
    seen: set[int] = set()
    for seat in range(len(seats)):
        if seat in seen:
            continue
        members = sorted({seat, *game.partners(state, seat)})
        seen.update(members)
        teams.append([seats[s].user_id for s in members])
        places.append(min(place_of.get(s, place) for s in members))
    humans = [s for s in seats if not is_bot(s)]
    has_bots = len(humans) < len(seats)
    counted = bot_games != "none" or not has_bots
    return Match(teams, places, {s.user_id: int(outcome.scores[s.seat]) for s in humans},
                 {s.user_id: s.name for s in humans}, counted, outcome.solo_lost)


def fold(current: dict[int, RatingRow], game_id: int, finished_at: float, match: Match) -> list[ResultRow]:
    """Rate one match on top of ``current`` (updated in place); each
    human's result. Bots play at the starting rating and are not rated."""
    best = min(match.places)
    won = set() if match.lost else {u for team, p in zip(match.teams, match.places) if p == best for u in team}
    humans = [u for team in match.teams for u in team if u >= 0]
    before = {u: current.get(u) for u in humans}
    after: dict[int, tuple[float, float]] = {}
    if match.counted and len(match.teams) > 1:
        teams = [[_rating(current.get(u)) if u >= 0 else MODEL.rating() for u in team] for team in match.teams]
        rated = MODEL.rate(teams, ranks=[float(p) for p in match.places])
        for team, ratings in zip(match.teams, rated):
            for u, r in zip(team, ratings):
                if u >= 0:
                    after[u] = (r.mu, r.sigma)
    results = []
    for u in humans:
        old = before[u]
        if u in after:
            mu, sigma = after[u]
            current[u] = RatingRow(u, match.names.get(u, old.name if old else "?"), mu, sigma,
                                   (old.games if old else 0) + 1)
            mu0, sigma0 = (old.mu, old.sigma) if old else (START_MU, START_SIGMA)
            results.append(ResultRow(game_id, u, "", finished_at, int(u in won), match.scores.get(u, 0),
                                     mu0, sigma0, mu, sigma))
        else:
            results.append(ResultRow(game_id, u, "", finished_at, int(u in won), match.scores.get(u, 0),
                                     None, None, None, None))
    return results


def _rating(row: RatingRow | None) -> PlackettLuceRating:
    return MODEL.rating() if row is None else MODEL.rating(mu=row.mu, sigma=row.sigma)


def plan_pool(pool: RatingPool, new: Sequence[tuple[int, float, Match]], again: bool = False) -> RatingWrite:
    """What rating ``new`` games (not yet rated) writes into ``pool``: on
    top of its ratings when every new game finished after the pool's last
    rated one, else (or ``again``) the whole pool folded again in order."""
    known = {g for g, _at, _m in pool.rated}
    fresh = sorted(((g, at, m) for g, at, m in new if g not in known), key=lambda x: (x[1], x[0]))
    if not fresh and not again:
        return RatingWrite([], [], [])
    last = max(((at, g) for g, at, _m in pool.rated), default=None)
    if not again and (last is None or (fresh[0][1], fresh[0][0]) > last):
        current = dict(pool.current)
        games, order = fresh, fresh
        reset = False
    else:
        current = {}
        order = sorted([(g, at, Match.from_json(m)) for g, at, m in pool.rated] + fresh,
                       key=lambda x: (x[1], x[0]))
        games, reset = order, True
    results: list[ResultRow] = []
    for game_id, at, match in order:
        results += fold(current, game_id, at, match)
    changed = {r.user_id for r in results if r.mu_after is not None}
    ratings = list(current.values()) if reset else [current[u] for u in sorted(changed)]
    return RatingWrite([(g, at, m.to_json()) for g, at, m in games], results, ratings, reset)


async def finished_match(store: Store, row: GameRow, state: State | None = None) -> tuple[float, Match] | None:
    """The finish time and match of a finished game of a server (None: not
    one that is rated: no server, or not finished). ``state``: its final
    state (read from the store when not given)."""
    if row.guild_id is None or row.status != "finished":
        return None
    game = get_game(row.slug)
    state = game.upgrade(state if state is not None else row.state or {})
    log_rows = await store.log(row.id, last=1)
    finished_at = log_rows[-1].at if log_rows else row.updated_at
    return finished_at, match_of(game, state, await store.seats(row.id), await store.bot_games(row.guild_id))


async def rate_game(store: Store, game_id: int) -> list[ResultRow]:
    """Rate a game that just finished (nothing if it is rated already or not
    rated at all); its members' results."""
    row = await store.get_game(game_id)
    if row is None:
        return []
    found = await finished_match(store, row)
    if found is None:
        return []
    at, match = found
    assert row.guild_id is not None
    await store.rate(row.guild_id, board_of(row.slug, row.options),
                     lambda pool: plan_pool(pool, [(game_id, at, match)]))
    return await store.game_results(game_id)


def change_lines(results: Sequence[ResultRow], names: dict[int, str], counted_note: str = "") -> list[str]:
    """The final post's lines on ratings: each member's shown rating, before
    and after, with the change."""
    lines = []
    for r in results:
        if r.mu_before is None or r.sigma_before is None or r.mu_after is None or r.sigma_after is None:
            continue
        old, new = shown(r.mu_before, r.sigma_before), shown(r.mu_after, r.sigma_after)
        lines.append(f"{names.get(r.user_id, '?')}: {old} → **{new}** ({new - old:+d})")
    if not lines:
        return [counted_note] if counted_note else []
    return ["📈 Ratings on this server:", *lines]


async def rebuild(store: Store, guild_id: int | None = None) -> int:
    """Rate every finished game again from its log (replayed with today's
    rules: the final state, the seats, the finish time), pool by pool in the
    order the games finished, replacing the stored ratings (of ``guild_id``
    only, when given). Returns how many games were read; a game whose log no
    longer replays is left out and logged."""
    await store.clear_ratings(guild_id)
    # Read after clearing: a game that finishes meanwhile is rated live into
    # its emptied pool, and the pool's fold below takes it in.
    pools: dict[tuple[int, str], list[tuple[int, float, Match]]] = {}
    after, read = 0, 0
    while batch := await store.finished_games(after):
        for row in batch:
            after = row.id
            if row.guild_id is None or (guild_id is not None and row.guild_id != guild_id):
                continue
            game = get_game(row.slug)
            entries = [Entry(a.seq, a.seat, a.action) for a in await store.log(row.id)]
            seats = await store.seats(row.id)
            try:
                state = await asyncio.to_thread(replay_entries, game, [s.name for s in seats], row.options, entries)
            except IllegalAction as exc:
                log.error("game %s: its log does not replay, so it is left out of the ratings: %s", row.id, exc)
                continue
            found = await finished_match(store, row, state)
            if found is not None:
                read += 1
                pools.setdefault((row.guild_id, board_of(row.slug, row.options)), []).append((row.id, *found))
    for (guild, slug), games in sorted(pools.items()):
        await store.rate(guild, slug, lambda pool, games=games: plan_pool(pool, games, again=True))  # type: ignore[misc]
    return read


async def final_note(store: Store, game_id: int, seats: Sequence[SeatRow]) -> str:
    """Rate a game that just finished and say so for its final post ("" when
    it is not rated: no server). A failure to rate never fails the move: it
    is logged, and the pool's next rating (or a rebuild) catches it up."""
    try:
        results = await rate_game(store, game_id)
    except Exception:  # noqa: BLE001 - the move is stored; ratings are derived and rebuilt
        log.exception("game %s: its ratings could not be updated", game_id)
        return ""
    if not results:
        return ""
    if len(seats) == 1:
        game, options = board_options(results[0].slug)
        where = f"game:{game.slug}" + "".join(f" {k}:{v}" for k, v in options.items())
        return f"\n🏅 A solo game is not rated: `/game leaderboard {where}` lists this server's best scores."
    bots = [s for s in seats if is_bot(s)]
    counted = any(r.mu_after is not None for r in results)
    note = ""
    if bots and not counted:
        note = "🤖 This game had bot seats: on this server such games don't count for the ratings."
    elif bots:
        note = "🤖 Bots are not rated; this game counts for its human players."
    lines = change_lines(results, {s.user_id: s.name for s in seats})
    return "\n" + "\n".join([*lines, note] if note and lines else lines or [note])
