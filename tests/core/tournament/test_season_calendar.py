"""The DBN season's calendar (seed 000): 2.2.1's window and 4.2's two start times."""

from __future__ import annotations

import pytest

from tdapp.core.tournament.season_calendar import (
    CHAMPIONSHIP_STARTS,
    outside_season,
    season_of,
    season_year,
    start_words,
)


def test_the_season_runs_february_to_january() -> None:
    """2.2.1: "beginning in February and ending in January of the following calendar year"."""
    assert season_year("2025-02-01") == 2025
    assert season_year("2026-01-31") == 2025
    assert season_year("2025-01-31") == 2024
    assert season_of(["2025-03-01", "2026-01-10", "2025-01-05", ""]) == 2025
    assert season_of(["", ""]) is None
    assert season_of(["2024-05-01", "2025-05-01"]) == 2024  # as many in each: the earlier
    assert outside_season("2026-01-31", 2025) == ""
    assert outside_season("", 2025) == "" and outside_season("2025-01-01", None) == ""
    assert outside_season("2026-02-01", 2025).startswith(
        "2026-02-01 is outside the season (February 2025 to January 2026")


def test_two_start_times_chosen_by_the_finalists_or_the_board() -> None:
    """4.2: "Option 1: Saturday, Feb 24, 10a EST / 3p UTC / 2a AEDT (Sunday)"; "Option 2:
    Saturday, Feb 24, 1p EST / 6p UTC / 5a AEDT (Sunday)"."""
    assert [(o.number, o.utc) for o in CHAMPIONSHIP_STARTS] == [(1, "15:00"), (2, "18:00")]
    assert start_words(1, "players").startswith("Option 1: Saturday, Feb 24, 10a EST / 3p UTC")
    assert start_words(2, "board").endswith("selected by the DBN Board, the finalists not "
                                            "agreeing (4.2.2)")
    with pytest.raises(ValueError, match="option 1 or 2"):
        start_words(3, "players")
    with pytest.raises(ValueError, match="'players' or 'board'"):
        start_words(1, "gm")
