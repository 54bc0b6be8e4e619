"""The ``/game new`` settings, parsed strictly (ASCII; every refusal says
how to write it) and shown: the reminder interval, the turn clock, its
active hours and time zone."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..service import ServiceError
from ..store import Schedule
from .timing import CLOCK_RANGE, DAY, DEFAULT_REMIND, HOUR, REMIND_RANGE


_DURATION = re.compile(r"([0-9]{1,4})\s*(m|min|mins|minutes?|h|hrs?|hours?|d|days?)", re.ASCII | re.IGNORECASE)
_UNITS = {"m": 60.0, "h": HOUR, "d": DAY}


def _shown(text: str) -> str:
    """At most 40 characters of a player's text, for a refusal."""
    return text[:40] + ("…" if len(text) > 40 else "")


def parse_duration(text: str, what: str, bounds: tuple[float, float], allow_off: bool = True) -> float | None:
    """A duration like "12h", "90m", "2d" (ASCII digits and a unit, any
    case) in seconds, or None for "off"; ServiceError says how to write it."""
    cleaned = text.strip()
    if allow_off and cleaned.lower() in ("off", "none", "no"):
        return None
    match = _DURATION.fullmatch(cleaned)
    if match is None:
        off = ", or off" if allow_off else ""
        raise ServiceError(f"The {what} is written like 12h, 90m or 2d{off}; not '{_shown(cleaned)}'.")
    seconds = int(match[1]) * _UNITS[match[2][0].lower()]
    low, high = bounds
    if not low <= seconds <= high:
        raise ServiceError(f"The {what} must be between {describe_duration(low)} and {describe_duration(high)}.")
    return seconds


def describe_duration(seconds: float) -> str:
    """Seconds as a player reads them: "12 h", "2 d", "90 min"."""
    if seconds >= DAY and seconds % DAY == 0:
        return f"{int(seconds // DAY)} d"
    if seconds >= HOUR and seconds % HOUR == 0:
        return f"{int(seconds // HOUR)} h"
    return f"{int(seconds // 60)} min"


_HOURS = re.compile(r"([0-9]{1,2})\s*-\s*([0-9]{1,2})", re.ASCII)


def parse_hours(text: str) -> tuple[int, int] | None:
    """Active hours "18-23" (from 18:00 to 23:00 local time; "22-2" runs past
    midnight) as (start, end), or None for all day ("", "all", "0-24")."""
    cleaned = text.strip()
    if cleaned.lower() in ("", "all", "any"):
        return None
    match = _HOURS.fullmatch(cleaned)
    if match is None:
        raise ServiceError(f"Active hours are written like 18-23 (from 18:00 to 23:00); not '{_shown(cleaned)}'.")
    start, end = int(match[1]), int(match[2])
    if start > 23 or end > 24 or start == end % 24:
        if (start, end) == (0, 24):
            return None
        raise ServiceError("Active hours go from an hour 0-23 to a different hour 1-24, like 18-23.")
    return start, end


_ZONE = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}", re.ASCII)


def parse_zone(text: str) -> str:
    """An IANA time zone name ("Europe/Paris", "UTC", any case of "utc"),
    checked against the time zone database; ServiceError otherwise."""
    cleaned = text.strip()
    if cleaned.lower() == "utc":
        return "UTC"
    if _ZONE.fullmatch(cleaned) is None or len(cleaned) > 40:
        raise ServiceError(f"A time zone is named like Europe/Paris or America/New_York; not '{_shown(cleaned)}'.")
    try:
        ZoneInfo(cleaned)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(f"There is no time zone called '{_shown(cleaned)}' (try Europe/Paris or UTC).") from None
    return cleaned


def parse_schedule(remind: str | None, clock: str | None, hours: str | None, zone: str | None) -> Schedule:
    """The ``/game new`` settings, strictly parsed (every refusal says how
    to write it); what is left out keeps its default."""
    every = DEFAULT_REMIND if remind is None else parse_duration(remind, "reminder interval", REMIND_RANGE)
    turn = None if clock is None else parse_duration(clock, "turn clock", CLOCK_RANGE)
    span = None if hours is None else parse_hours(hours)
    if span is not None and turn is None:
        raise ServiceError("Active hours count the turn clock: give a clock too (e.g. clock 48h).")
    return Schedule(every, turn, "" if span is None else f"{span[0]}-{span[1]}",
                    "UTC" if zone is None else parse_zone(zone))


def schedule_text(schedule: Schedule) -> str:
    """The lobby's line on reminders and the turn clock."""
    parts = [f"reminders after {describe_duration(schedule.remind_every)}" if schedule.remind_every
             else "no reminders"]
    if schedule.turn_clock is not None:
        inside = f", counted {schedule.hours} h {schedule.zone}" if schedule.hours else ""
        parts.append(f"turn clock {describe_duration(schedule.turn_clock)}{inside}")
    return "\n⏰ " + "; ".join(parts) + "."


def clock_hours(schedule: Schedule) -> tuple[int, int] | None:
    return parse_hours(schedule.hours) if schedule.hours else None
