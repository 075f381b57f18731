"""The DBN season's calendar (seed 000): the season window of 2.2.1 and the championship game's
two start times of 4.2.

2.2.1: qualifying events run "beginning in February and ending in January of the following
calendar year", so an event on 2025-01-20 belongs to the season that began in February 2024.
4.2 offers two start times; the finalists agree on one, or the DBN Board selects one.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

FIRST_MONTH = 2  # February

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def season_year(date: str) -> int:
    """The calendar year in whose February the season holding ``date`` (YYYY-MM-DD) began."""
    day = dt.date.fromisoformat(date)
    return day.year if day.month >= FIRST_MONTH else day.year - 1


def window_words(year: int) -> str:
    return f"February {year} to January {year + 1}"


def season_of(dates: Sequence[str]) -> int | None:
    """The season most of the dated events fall in (the earliest when as many fall in two);
    None when no event has a date."""
    years = Counter(season_year(d) for d in dates if d)
    if not years:
        return None
    most = max(years.values())
    return min(y for y, n in years.items() if n == most)


def outside_season(date: str, year: int | None) -> str:
    """Why an event dated ``date`` is not in the season beginning February ``year`` ("" when
    it is, or when either is unknown)."""
    if not date or year is None or season_year(date) == year:
        return ""
    return (f"{date} is outside the season ({window_words(year)}; 2.2.1: qualifying events "
            "begin in February and end in January of the following calendar year)")


@dataclass(frozen=True)
class StartOption:
    number: int
    words: str  # as the seed writes it
    utc: str


# 4.2 as written. The seed says "Saturday, Feb 24"; in 2025 Feb 24 is a Monday (it was a
# Saturday in 2024): the words are kept as the seed has them and the TD's record names the option.
CHAMPIONSHIP_STARTS: tuple[StartOption, ...] = (
    StartOption(1, "Saturday, Feb 24, 10a EST / 3p UTC / 2a AEDT (Sunday)", "15:00"),
    StartOption(2, "Saturday, Feb 24, 1p EST / 6p UTC / 5a AEDT (Sunday)", "18:00"),
)
CHOSEN_BY = {"players": "agreed by the finalists (4.2.1)",
             "board": "selected by the DBN Board, the finalists not agreeing (4.2.2)"}


def start_option(number: int) -> StartOption:
    for option in CHAMPIONSHIP_STARTS:
        if option.number == number:
            return option
    raise ValueError(f"the championship game starts at option 1 or 2 (4.2), not {number}")


def start_words(number: int, chosen_by: str) -> str:
    """The championship game's start in words, with who chose it."""
    if chosen_by not in CHOSEN_BY:
        raise ValueError(f"the start time is chosen by 'players' or 'board', not {chosen_by!r}")
    option = start_option(number)
    return f"Option {option.number}: {option.words}, {CHOSEN_BY[chosen_by]}"
