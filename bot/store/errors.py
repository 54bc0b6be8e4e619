"""The store's errors: what a caller is told when a write can't be made
(a game moved on, an interaction already applied, a database unavailable
or unusable), and how a backend reports a unique-constraint failure."""

from __future__ import annotations


class StoreError(Exception):
    """Base of the store's errors."""


class VersionConflict(StoreError):
    """The game moved on since the state being written was read."""


class DuplicateInteraction(StoreError):
    """This Discord interaction was already applied."""


class StoreUnavailable(StoreError):
    """The database can't take writes (or reads) right now: locked, full,
    read-only, or failing. Nothing was changed; trying again later is safe."""


class StoreDamaged(StoreUnavailable):
    """The database met damaged data while running (a garbled page): nothing
    was changed, but trying again won't mend it. ``str()`` says which
    database and what to do (``railyard check``, a backup)."""


class OutcomeUnknown(StoreUnavailable):
    """A write's COMMIT was sent but its answer was lost: it may or may not
    have landed. Never answered with "nothing changed"."""


class StoreOpenError(StoreError):
    """The database can't be used at all. ``str()`` is one line for an
    operator: what is wrong and with which database."""


class UniqueViolation(StoreError):
    """A backend's unique-constraint failure, classified by ``column``: the
    constrained column the backend names ("interaction_id", "seq", ...)."""

    def __init__(self, column: str, detail: str) -> None:
        super().__init__(detail)
        self.column = column
