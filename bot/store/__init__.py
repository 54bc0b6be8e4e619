"""The store: games, seats and the append-only action log, behind one small
interface with two backends.

- :mod:`bot.store.sqlite` (aiosqlite, the embedded default: nothing to
  install, one file);
- :mod:`bot.store.postgres` (asyncpg, for big deployments and several bot
  processes on one database), chosen by a ``postgresql://`` URL.

:func:`open_store` picks the backend. Every query is written once, in terms
of a :class:`Tx`, in the backend-neutral :class:`Store` (:mod:`.base`); a
backend supplies only transactions, the classification of its driver's
errors and, as methods, where a query differs between the two (a read's
shared lock: :meth:`StoreCore.share_locked`). The backends import the
modules below the package (:mod:`.base`, :mod:`.core`, :mod:`.errors`),
never the package itself, which opens them. Its queries live by concern,
each a mixin over one core:

- :mod:`.core`: :class:`Tx`, what a backend supplies, the guard every change
  to a game takes first (:func:`~.core.hold`), the row helpers;
- :mod:`.games`: creating, finding, a status, a paused game's resume;
- :mod:`.seats`: joining, leaving, bot seats;
- :mod:`.moves`: a move recorded, the log read back, its posts, the archive;
- :mod:`.timers`: schedules, timers, mutes, nudges;
- :mod:`.outbox`: posts kept until Discord has them;
- :mod:`.standings`: members' games, settings, ratings;
- :mod:`.rows`, :mod:`.errors`: what the store reads and writes, and its
  errors.

Everything is importable from ``bot.store`` itself.

Transactions
    Every write goes through :meth:`Store.transaction`: it owns its
    connection from BEGIN to COMMIT or ROLLBACK, whatever else awaits
    meanwhile, and rolls back on any exception or cancellation. A commit is
    durable when it returns (``synchronous=FULL`` on SQLite), so a move is
    acknowledged only after it is safely on disk.

Versions and idempotency
    A game's ``version`` is the number of actions in its log; every write of a
    new state names the version it was computed from, so two writers can
    never both succeed (:class:`VersionConflict`). An action carrying a
    Discord interaction id is stored at most once: the action rows are
    inserted *before* the state is updated, inside the same transaction, so a
    duplicate is refused with nothing changed (:class:`DuplicateInteraction`).

Every change to a game
    A move, a seat or a status is written only if the game is still at the
    version and status it was decided on (and, for a start, with the seats
    it was decided on): each such write first locks the game's row with a
    guarding update (:func:`~.core.hold`), so of two processes changing one
    game one wins and the other gets :class:`VersionConflict`, with nothing
    changed.

Faults
    A database that is locked, full, read-only or failing answers with
    :class:`StoreUnavailable` (nothing changed; the next call tries again);
    one whose data turns out damaged while running (a garbled page) with
    :class:`StoreDamaged`, a StoreUnavailable that trying again won't mend;
    a write whose COMMIT got no answer (the connection dropped) is looked up
    before anyone is told: :meth:`Store.record` finds out whether it landed
    (asking again for a few seconds while the database can't be asked, as
    when it restarts), and raises :class:`OutcomeUnknown` only when it
    still can't tell;
    one that can't be opened, is damaged, or was written by a newer Railyard
    raises :class:`StoreOpenError` with a one-line reason.

Secrets
    Each game has a chance secret (32 random bytes, kept as hex). It is read
    only by :meth:`Store.secret` for the service's chance draws and is never
    part of a :class:`GameRow`.
"""

from __future__ import annotations

from .base import Store
from .core import StoreCore, Tx
from .errors import (DuplicateInteraction, OutcomeUnknown, StoreDamaged, StoreError, StoreOpenError,
                     StoreUnavailable, UniqueViolation, VersionConflict)
from .games import Games
from .moves import Moves
from .outbox import Outbox
from .rows import (NO_SEAT, ActionRow, GameRow, NewAction, OutboxPost, RatingPool, RatingRow, RatingWrite, ResultRow,
                   Schedule, SeatRow, Timer)
from .seats import Seats
from .standings import Standings
from .timers import PlanInput, TimerPlan, Timers

__all__ = [
    "NO_SEAT", "POSTGRES_SCHEMES", "ActionRow", "DuplicateInteraction", "GameRow", "Games", "Moves", "NewAction",
    "Outbox", "OutboxPost", "OutcomeUnknown", "PlanInput", "RatingPool", "RatingRow", "RatingWrite", "ResultRow",
    "Schedule", "SeatRow", "Seats", "Standings", "Store", "StoreCore", "StoreDamaged", "StoreError", "StoreOpenError",
    "StoreUnavailable", "Timer", "TimerPlan", "Timers", "Tx", "UniqueViolation", "VersionConflict", "is_postgres_url",
    "open_store",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database (else an SQLite file)."""
    return target.lower().startswith(POSTGRES_SCHEMES)


async def open_store(target: str) -> Store:
    """The store at ``target``: a ``postgresql://`` (or ``postgres://``) URL
    opens PostgreSQL, anything else is an SQLite file path. The PostgreSQL
    driver is imported only when one is asked for."""
    if is_postgres_url(target):
        from .postgres import PostgresStore

        return await PostgresStore.open(target)
    from .sqlite import SQLiteStore

    return await SQLiteStore.open(target)
