"""The hidden end time as a moment: a date and a time, never a time of day on "today".

A TD draws round 4's end on Saturday evening for "Sunday between 13:30 and 15:30" (seed 001
II.5.b); the window's day is the next day on which its start is still ahead.
"""

from __future__ import annotations

import datetime as dt


def parse_time(text: str) -> dt.time:
    """``"13:30"`` -> 13:30; a ValueError names the text otherwise."""
    try:
        hours, minutes = (int(part) for part in text.split(":"))
        return dt.time(hours, minutes)
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a time of day like 13:30") from exc


def window_day(now: dt.datetime, start: str) -> dt.date:
    """The day a window starting at ``start`` means: today while its start is ahead, else the
    next day."""
    today = now.date()
    if dt.datetime.combine(today, parse_time(start)) > now:
        return today
    return today + dt.timedelta(days=1)


def moment(day: dt.date, time_text: str) -> float:
    """The instant of ``time_text`` on ``day`` (local time)."""
    return dt.datetime.combine(day, parse_time(time_text)).timestamp()


def moment_words(instant: float) -> str:
    """``"Sunday 6 July, 14:12"``: the day is always said, so a TD sees which afternoon."""
    at = dt.datetime.fromtimestamp(instant)
    return f"{at.strftime('%A')} {at.day} {at.strftime('%B')}, {at.strftime('%H:%M')}"


def outside_window(window: tuple[str, str] | None, instant: float) -> str | None:
    """Why ``instant`` is outside the format's hidden-end window, in the TD's words; None
    inside it or without a window (WDC 2025 II.5.b: "between 1:30pm and 3:30pm")."""
    if window is None:
        return None
    at = dt.datetime.fromtimestamp(instant)
    start, end = parse_time(window[0]), parse_time(window[1])
    if start <= at.time().replace(second=0, microsecond=0) <= end:
        return None
    return (f"{at.strftime('%H:%M')} is outside the format's window for the hidden end time, "
            f"{window[0]} to {window[1]}")
