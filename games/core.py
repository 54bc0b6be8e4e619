"""The rules-core contract every Railyard game implements.

A game is an object (one per game, stateless) that works on *states*: plain
JSON-serialisable dicts. The platform never looks inside a state except for
the envelope keys listed in :data:`ENVELOPE_KEYS`.

The shape follows OpenSpiel: a state has players who must act now
(:meth:`Game.to_act`), legal actions for each (:meth:`Game.legal_actions`),
an :meth:`Game.apply`, a terminal test (:meth:`Game.is_over`) and returns
(:meth:`Game.outcome`). Chance is explicit: whenever a die must be rolled, a
cube drawn or a deck shuffled, ``to_act`` returns ``[CHANCE]`` and the
outcome is applied like any other action, with a canonical text ("roll 3 5"),
so it is logged and a replay or a test can supply it. The platform picks
chance outcomes with :func:`chance_rng`: a generator keyed by the game's
secret (256 random bits, :func:`new_secret`, kept by the platform and never
put in a state) and the number of chance outcomes already taken, through
HMAC-SHA256. A game is reproducible from its secret and its action log, and
no player can predict the next draw from what he sees.

Actions
    Every action has one canonical text: tokens joined by single spaces
    (tokens never contain spaces). The same text is stored in the log, typed
    in the console and offered by slash-command autocomplete. No legal action
    is a strict prefix of another legal action of the same seat, so a panel can
    narrow the choice one token at a time.

Seats
    Seats are numbered 0..n-1 in the order players were given to
    :meth:`Game.new`. Team games still seat individuals; ``to_act`` may list
    several seats (either team member, or everyone in a simultaneous step) and
    any one of them may act.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TypedDict

State = dict[str, Any]
"""A game state: plain JSON data (dicts, lists, str, int, float, bool, None)."""

CHANCE = -1
"""The pseudo-seat that takes chance outcomes (dice, draws, shuffles)."""

ENVELOPE_KEYS = ("schema", "game", "chance_taken", "players")
"""Keys every state carries, read by the platform:

- ``schema``: the game's schema version (int);
- ``game``: the game's slug;
- ``chance_taken``: how many chance outcomes have been applied (int);
- ``players``: the display names of the seats, in seat order.
"""


class Envelope(TypedDict):
    """The keys every state carries (:data:`ENVELOPE_KEYS`); a game's state
    ``TypedDict`` derives from it."""

    schema: int
    game: str
    chance_taken: int
    players: list[str]


ASCII_SPACE = " \t\r\n"
"""The only characters that separate the tokens of a typed action (other
spaces, such as U+00A0 or U+3000, are refused: :func:`tokens`)."""


_NOT_PLAIN = re.compile(r"[^ -~\t\r\n]")


def tokens(action: str) -> list[str]:
    """The tokens of a typed action (or chance text), split on ASCII_SPACE only.

    Canonical texts are strict ASCII, so any other character is refused with
    IllegalAction naming it: another space (U+00A0, U+3000), a digit such as
    '٣' or '３' that ``int`` would read, a letter such as the Kelvin sign that
    ``str.lower`` folds to ASCII, a control character. Nothing of it can be
    split on, read or logged. Read every typed text through this first."""
    bad = _NOT_PLAIN.search(action)
    if bad is not None:
        near = re.sub(r"[^ -~]", "?", action[max(0, bad.start() - 12):bad.start() + 12])
        name = unicodedata.name(bad.group(), "a control character")
        raise IllegalAction(f"Type actions in plain ASCII letters, digits and spaces: '{near}' has "
                            f"U+{ord(bad.group()):04X} ({name}).")
    return [t for t in re.split(r"[ \t\r\n]+", action) if t]


class IllegalAction(Exception):
    """An action the rules forbid. The message is shown to the player as is.

    Write it so the player can act on it: what is wrong and, where it helps,
    what to do instead ("Hex E7 is a lake: track can't be built there").
    """


@dataclass(frozen=True)
class Step:
    """One token of an action, as a panel offers it.

    ``token`` is the text that goes into the canonical action; ``label`` is
    what a player reads on the button or select option (at most 80
    characters); ``heading`` says what this step of the panel asks for
    ("Pick a white die"), and ``detail`` is an optional longer line shown as
    a select option's description (at most 100 characters). ``menu`` asks
    the panel to offer this step as a select menu even when there are few
    enough options for buttons (a list of amounts reads better that way).
    """

    token: str
    label: str
    heading: str = "Choose"
    detail: str = ""
    menu: bool = False


@dataclass(frozen=True)
class Choice:
    """One complete legal action, with the steps that spell it out.

    ``text`` is the canonical action text, always the tokens of ``steps``
    joined by spaces. ``command`` names the game's slash subcommand that
    offers it (one of :attr:`Game.commands`). ``summary`` is a one-line
    description of the whole action for the Confirm step and autocomplete
    (at most 100 characters).
    """

    steps: tuple[Step, ...]
    command: str
    summary: str

    @property
    def text(self) -> str:
        return " ".join(s.token for s in self.steps)


@dataclass(frozen=True)
class Option:
    """What a panel shows at one step: a token, its label, whether choosing
    it completes an action, and whether the step prefers a select menu."""

    token: str
    label: str
    heading: str
    detail: str
    complete: bool
    menu: bool = False


@dataclass(frozen=True)
class GameOption:
    """A choice made at ``/game new`` (e.g. difficulty)."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: str


@dataclass
class Applied:
    """The result of :meth:`Game.apply`: the new state and what happened.

    ``events`` are short public sentences in a player's words ("ann built a
    gentle curve in C4."). Nothing private goes here: events are posted in
    the thread and kept in the log.

    ``action`` is the canonical text of the action applied, the one the log
    stores. A game that accepts harmless variants of a text (case, either end
    order of a piece, leading zeros) sets it from what it parsed; left empty,
    the typed text with its whitespace folded is the canonical one.
    """

    state: State
    events: list[str] = field(default_factory=list)
    action: str = ""


@dataclass
class Outcome:
    """The result of a finished game.

    ``scores``: final score per seat. ``breakdown``: per seat, the parts of
    the score in order ("deliveries": 13, "network": 9, ...). ``ranking``:
    groups of seats from best to worst, seats in one group tied after every
    tie-break of the rulebook. ``tiebreak_note``: how ties were resolved, in
    words, or "". ``summary``: the result in words for the final post, when
    a game has more to say than the scores ("completed with $23", "lost:
    short by $4"), or "". ``solo_lost``: True when a one-player game ended
    lost (its ``scores`` then mean nothing and no one won).
    """

    scores: list[int]
    breakdown: list[dict[str, int]]
    ranking: list[list[int]]
    tiebreak_note: str = ""
    summary: str = ""
    solo_lost: bool = False

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.ranking else []


class Game:
    """Base class of a game's rules. Subclasses set the class attributes and
    implement the methods that raise ``NotImplementedError``.

    Implementations must keep states pure JSON and must never mutate a state
    passed in: :meth:`apply` copies it before calling :meth:`_apply`, so a
    failed action leaves the caller's state untouched.
    """

    slug: str = ""
    name: str = ""
    min_seats: int = 2
    max_seats: int = 2
    seat_counts: tuple[int, ...] = ()
    """The player counts the game is played with, when not every count from
    :attr:`min_seats` to :attr:`max_seats` is (Mine Carts: 2 or 4)."""
    schema_version: int = 1
    migrations: Mapping[int, Callable[[State], State]] = {}
    """Version ``v`` -> a function turning a state of schema ``v`` into one of
    schema ``v + 1`` (a pure function of the state). :meth:`upgrade` applies
    them in order to a stored state older than :attr:`schema_version`."""
    options: tuple[GameOption, ...] = ()
    summary: str = ""
    """A few lines on what the game is and how a turn goes (``/game rules``)."""
    rules_topics: Mapping[str, str] = {}
    """Topic name -> a short explanation (``/game rules topic``), each <= 1900 chars."""
    command_group: str = ""
    """The game's slash-command group (``/steamrollers``), lower case, <= 32 chars."""
    commands: Mapping[str, str] = {}
    """Slash subcommand name -> description; every Choice.command is one of these.
    Names are lower case, <= 32 chars; descriptions <= 100 chars."""
    player_boards: bool = False
    """True when every player has a board of his own (Steam Rollers' maps):
    the renderer's ``viewer`` then also picks whose board is drawn large, the
    post after a turn shows the acting player's board, and the game's command
    group gets a ``map player:<member>`` command."""

    # -- creating -------------------------------------------------------
    def new(self, players: Sequence[str], options: Mapping[str, str]) -> State:
        """A new game. Deterministic: any randomness of the set-up is left
        to chance outcomes (``to_act`` returns ``[CHANCE]`` first)."""
        chosen = self.resolve_options(options)
        if len(players) not in self.player_counts(chosen):
            needed = self.players_needed(chosen)
            raise IllegalAction(f"{self.name} is played by {needed} player{'' if needed == '1' else 's'}"
                                f"{self.counts_reason(chosen)}, not {len(players)}.")
        state: State = {
            "schema": self.schema_version,
            "game": self.slug,
            "chance_taken": 0,
            "players": list(players),
        }
        state.update(self._setup(len(players), chosen))
        return state

    def player_counts(self, options: Mapping[str, str] | None = None) -> tuple[int, ...]:
        """Every player count the game may start with, under ``options``
        (a game whose count follows an option, as Age of Steam's map,
        overrides this; None or missing options mean the defaults)."""
        return self.seat_counts or tuple(range(self.min_seats, self.max_seats + 1))

    def counts_reason(self, options: Mapping[str, str] | None = None) -> str:
        """Why the counts are what they are under ``options``, as a tail for
        messages (" on the Barbados map"), or "" when they are the game's own."""
        return ""

    def players_needed(self, options: Mapping[str, str] | None = None) -> str:
        """"3-6" or "2 or 4", for messages."""
        counts = self.player_counts(options)
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        return ", ".join(str(c) for c in counts[:-1]) + f" or {counts[-1]}"

    def nearest_count(self, wanted: int, options: Mapping[str, str] | None = None) -> int:
        """The allowed player count nearest ``wanted`` (the smaller on a tie)."""
        return min(self.player_counts(options), key=lambda c: (abs(c - wanted), c))

    def upgrade(self, state: State) -> State:
        """``state`` at this game's :attr:`schema_version`: older stored states
        are upgraded by the registered :attr:`migrations`, one version at a
        time (a copy; the given state is not changed). IllegalAction when a
        step is missing or the state is newer than this code."""
        version = int(state.get("schema", 1))
        if version > self.schema_version:
            raise IllegalAction(
                f"This {self.name} game was saved by a newer Railyard (state version {version}, "
                f"this one knows {self.schema_version})."
            )
        if version == self.schema_version:
            return state
        upgraded = copy.deepcopy(state)
        while version < self.schema_version:
            step = self.migrations.get(version)
            if step is None:
                raise IllegalAction(
                    f"This {self.name} game was saved in an older format (version {version}) "
                    f"that can't be continued: start a new game."
                )
            upgraded = step(upgraded)
            version += 1
            upgraded["schema"] = version
        return upgraded

    def resolve_options(self, options: Mapping[str, str]) -> dict[str, str]:
        """Options with defaults filled in; unknown names or values are illegal."""
        known = {o.name: o for o in self.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise IllegalAction(f"{self.name} has no option '{name}' (its options: {names}).")
            if value not in known[name].choices:
                allowed = ", ".join(known[name].choices)
                raise IllegalAction(f"{name} can't be '{value}': choose one of {allowed}.")
        return {o.name: options.get(o.name, o.default) for o in self.options}

    def _setup(self, seats: int, options: dict[str, str]) -> State:
        """The game-specific part of a new state (everything but the envelope)."""
        raise NotImplementedError

    # -- playing --------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        """Seats that must act now; ``[CHANCE]`` when a chance outcome is due;
        ``[]`` when the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Choice]:
        """Every legal action of ``seat`` now (empty if it need not act)."""
        raise NotImplementedError

    def options_at(self, state: State, seat: int, prefix: Sequence[str]) -> list[Option]:
        """The next tokens a panel offers after ``prefix``, in the game's order.

        The default groups :meth:`legal_actions`; a game with a large action
        space may override it, keeping the promise that every offered token
        leads to at least one legal action."""
        depth = len(prefix)
        seen: dict[str, Option] = {}
        for choice in self.legal_actions(state, seat):
            tokens = [s.token for s in choice.steps]
            if len(tokens) <= depth or tokens[:depth] != list(prefix):
                continue
            step = choice.steps[depth]
            if step.token not in seen:
                seen[step.token] = Option(
                    step.token, step.label, step.heading, step.detail, len(tokens) == depth + 1, step.menu
                )
        return list(seen.values())

    def apply(self, state: State, seat: int, action: str) -> Applied:
        """Apply ``action`` by ``seat`` (or a chance outcome by ``CHANCE``).

        Raises :class:`IllegalAction` with a player-facing reason; the given
        state is never changed."""
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        due = self.to_act(state)
        if seat not in due:
            if seat == CHANCE:
                raise IllegalAction("No chance outcome is due now.")
            if CHANCE in due:
                raise IllegalAction("Wait a moment: the game is rolling dice or drawing.")
            names = ", ".join(state["players"][s] for s in due if s >= 0)
            raise IllegalAction(f"It's not your turn: waiting for {names}.")
        new = copy.deepcopy(state)
        result = self._apply(new, seat, action.strip(ASCII_SPACE))
        if seat == CHANCE:
            new["chance_taken"] = int(new["chance_taken"]) + 1
        if isinstance(result, Applied):
            result.state = new
            result.action = result.action or " ".join(tokens(action))
            return result
        return Applied(new, result, " ".join(tokens(action)))

    def _apply(self, state: State, seat: int, action: str) -> "list[str] | Applied":
        """Apply a due seat's action to ``state`` in place (it is a private
        copy) and return the events; raise IllegalAction if the action is not
        legal. Parse and check everything before changing anything.

        A game that maps a variant to its canonical text returns
        ``Applied(state, events, canonical_text)`` instead of the events."""
        raise NotImplementedError

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """The canonical text of a chance outcome drawn with ``rng``."""
        raise NotImplementedError

    # -- reading --------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` (None: a spectator) may see. The default shows all;
        games with private information return a copy with it hidden."""
        return state

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome:
        """Scores, breakdown and ranking; meaningful once :meth:`is_over`
        (a game may also report a running score before that)."""
        raise NotImplementedError

    def private_text(self, state: State, seat: int) -> str | None:
        """What only ``seat`` may know, in words ("Your hand: ..."), for a
        player's eyes only (the console before his turn, an ephemeral
        reply); None in a game with nothing hidden."""
        return None

    def status_line(self, state: State) -> str:
        """One line on where the game stands ("Round 3: ann to pick a die")."""
        due = [s for s in self.to_act(state) if s >= 0]
        if not due:
            return "Game over." if self.is_over(state) else ""
        return "Waiting for " + ", ".join(state["players"][s] for s in due) + "."

    SAFE_DEFAULT_TOKENS: tuple[str, ...] = ("pass", "skip", "done")
    """First tokens of actions that give up a turn without risking anything:
    what :meth:`default_action` looks for, in this order of preference."""

    def default_action(self, state: State, seat: int) -> str | None:
        """The safe default the other players may play for ``seat`` when its
        turn clock runs out, or None to hand the seat to the bot instead.

        The default is the first one-token legal action whose token is in
        :attr:`SAFE_DEFAULT_TOKENS` (a pass, skip or done), preferred in
        that order; a game where passing is not safe, or where a better
        default exists, overrides this."""
        if seat not in self.to_act(state):
            return None
        offered = {o.token for o in self.options_at(state, seat, []) if o.complete}
        return next((t for t in self.SAFE_DEFAULT_TOKENS if t in offered), None)

    def partners(self, state: State, seat: int) -> list[int]:
        """The other seats of ``seat``'s team (team games), whose moves are
        his team's moves: a panel he opened before a partner moved is stale."""
        return []

    def check_invariants(self, state: State) -> list[str]:
        """Problems with ``state`` (empty when sound); the random-playout
        tests call this after every action."""
        return []

    def reveals(self, state: State, seat: int, action: str) -> bool:
        """Whether ``seat``'s ``action`` on ``state`` shows a player something
        that was hidden from him (a card looked at, a hidden tile turned),
        so that it may not be taken back (see :func:`undo_target`). Drawing
        is a chance outcome and blocks taking back anyway; the default is
        False."""
        return False


SECRET_BYTES = 32
"""A game's chance secret: 256 bits."""


def new_secret() -> bytes:
    """A fresh chance secret for a new game."""
    return secrets.token_bytes(SECRET_BYTES)


def secret_from_seed(seed: int) -> bytes:
    """A secret derived from a small public seed, for reproducible local
    games and tests (``railyard play --seed N``); never for a real game."""
    return hashlib.sha256(b"railyard-seed:%d" % seed).digest()


def chance_rng(secret: bytes, count: int) -> random.Random:
    """The generator for chance outcome number ``count`` of the game keyed by
    ``secret``: HMAC-SHA256(secret, count) seeds it, so replays agree and the
    outcomes can't be predicted without the secret."""
    digest = hmac.new(secret, b"railyard-chance:%d" % count, hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


def resolve_chance(game: Game, state: State, secret: bytes) -> tuple[State, list[tuple[str, list[str]]]]:
    """Apply chance outcomes while one is due, drawn with the game's
    ``secret``. Returns the new state and the (action, events) pairs taken,
    in order, for the log."""
    taken: list[tuple[str, list[str]]] = []
    while CHANCE in game.to_act(state):
        action = game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
        applied = game.apply(state, CHANCE, action)
        state = applied.state
        taken.append((applied.action, applied.events))
    return state, taken


def find_choice(choices: Sequence[Choice], action: str) -> Choice | None:
    """The legal choice whose canonical text is ``action`` (whitespace-normalised)."""
    wanted = " ".join(tokens(action))
    for choice in choices:
        if choice.text == wanted:
            return choice
    return None


# -- taking back a move (the undo rule) -------------------------------------

UNDO = "undo"
"""The first token of an undo entry's text: ``undo 12`` takes back log entry
12. An undo entry is logged by the seat that takes its move back; the log
stays append-only, and the state is the replay of the log without the undo
entries and the entries they take back (:func:`live_log`)."""

_UNDO_TEXT = re.compile(r"undo ([1-9][0-9]{0,8})", re.ASCII)


@dataclass(frozen=True)
class Entry:
    """One log entry as the undo rule reads it: its number in the log
    (``seq``, from 1), the seat that logged it (``CHANCE`` for a draw) and
    its canonical text."""

    seq: int
    seat: int
    action: str


def undo_text(seq: int) -> str:
    """The canonical text of the undo entry that takes back entry ``seq``."""
    return f"{UNDO} {seq}"


def undone_seq(action: str) -> int | None:
    """The entry an undo entry's text takes back (``"undo 12"`` -> 12), or
    None when ``action`` is not an undo entry. Strict ASCII: only the
    canonical text counts."""
    match = _UNDO_TEXT.fullmatch(action)
    return int(match.group(1)) if match else None


def live_log(entries: Sequence[Entry]) -> list[Entry]:
    """The entries that stand: the log without its undo entries and the
    entries they took back, in order. Replaying these from ``Game.new`` gives
    the game's state."""
    undone = {s for s in (undone_seq(e.action) if e.seat != CHANCE else None for e in entries) if s is not None}
    return [e for e in entries if e.seq not in undone
            and (e.seat == CHANCE or undone_seq(e.action) is None)]


def replay_entries(game: Game, players: Sequence[str], options: Mapping[str, str],
                   entries: Sequence[Entry]) -> State:
    """The state after ``entries`` (a whole log, undo entries included),
    replayed with the rules from the start: every step is checked, and an
    illegal one raises IllegalAction naming its entry number."""
    state = game.new(players, options)
    for entry in live_log(entries):
        try:
            state = game.apply(state, entry.seat, entry.action).state
        except IllegalAction as exc:
            raise IllegalAction(f"Log entry {entry.seq} ({entry.action[:40]!r}) can't be replayed: {exc}") from None
    return state


def undo_target(game: Game, players: Sequence[str], options: Mapping[str, str],
                entries: Sequence[Entry], seat: int) -> Entry:
    """The entry ``seat`` may take back now, or IllegalAction saying why not.

    The rule, the same in every game: a seat may take back its own last
    action while

    - it is the latest action that stands (no other seat acted since, and no
      chance outcome followed it: nothing random was revealed, so taking back
      and moving again can never fish for another draw: the draw due next is
      keyed by the number of draws taken, which the undo does not change);
    - the action revealed nothing hidden (:meth:`Game.reveals` is False);
    - the game is not over.

    Taking back again reaches the seat's earlier actions while each, in turn,
    is the latest that stands. An undo entry itself can't be taken back."""
    live = live_log(entries)
    if not live or live[-1].seat == CHANCE and all(e.seat == CHANCE for e in live):
        raise IllegalAction("There is nothing of yours to take back yet.")
    last = live[-1]
    if last.seat == CHANCE:
        raise IllegalAction("Your last move can't be taken back: dice were rolled or cards drawn since.")
    if last.seat != seat:
        name = players[last.seat] if 0 <= last.seat < len(players) else "another player"
        raise IllegalAction(f"Only the latest move can be taken back, and it is {name}'s.")
    before = game.new(players, options)
    for entry in live[:-1]:
        before = game.apply(before, entry.seat, entry.action).state
    after = game.apply(before, last.seat, last.action).state
    if game.is_over(after):
        raise IllegalAction("The game is over: its last move stands.")
    if game.reveals(before, last.seat, last.action):
        raise IllegalAction("That move revealed something hidden, so it can't be taken back.")
    return last
