"""The turn clock, counted only inside the game's daily active hours, in
its time zone (real elapsed time: a DST change makes a night's window an
hour longer or shorter)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from .timing import DAY


def _windows(start: float, end: float, hours: tuple[int, int] | None, zone: ZoneInfo) -> list[tuple[float, float]]:
    """The active intervals (UTC instants) overlapping [start, end)."""
    if hours is None:
        return [(start, end)]
    first = datetime.fromtimestamp(start, zone).date() - timedelta(days=1)
    last = datetime.fromtimestamp(end, zone).date()
    out = []
    day = first
    while day <= last:
        open_at = _local(day, hours[0], zone)
        close_day = day if hours[1] > hours[0] else day + timedelta(days=1)
        close_at = _local(close_day, hours[1], zone)
        lo, hi = max(open_at, start), min(close_at, end)
        if lo < hi:
            out.append((lo, hi))
        day += timedelta(days=1)
    return out


def _local(day: date, hour: int, zone: ZoneInfo) -> float:
    """The instant of ``hour``:00 on ``day`` in ``zone`` (24 is the next
    midnight). A wall time skipped by a DST change counts from the same
    place in the standard offset: 02:00 on a spring-forward night is 03:00."""
    if hour == 24:
        day, hour = day + timedelta(days=1), 0
    return datetime(day.year, day.month, day.day, hour, tzinfo=zone).timestamp()


def active_seconds(start: float, end: float, hours: tuple[int, int] | None, zone: str) -> float:
    """How many seconds between the instants ``start`` and ``end`` fall
    inside the daily active ``hours`` (local time in ``zone``; None: all
    day). Real elapsed time: a DST change makes a night's window an hour
    longer or shorter, as the players' clocks do."""
    if end <= start:
        return 0.0
    return sum(hi - lo for lo, hi in _windows(start, end, hours, ZoneInfo(zone)))


def clock_deadline(start: float, budget: float, hours: tuple[int, int] | None, zone: str) -> float:
    """The instant at which a turn clock of ``budget`` seconds started at
    ``start`` runs out, counting only the active ``hours`` in ``zone``."""
    if hours is None:
        return start + budget
    tz = ZoneInfo(zone)
    left, cursor = budget, start
    for _ in range(400):  # a window a day: a year's worth is more than any clock allows
        span = _windows(cursor, cursor + 2 * DAY, hours, tz)
        for lo, hi in span:
            if hi - lo >= left:
                return lo + left
            left -= hi - lo
        cursor += 2 * DAY
    raise ValueError("the turn clock never runs out within a year")
