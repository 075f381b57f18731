"""Phases in words and the calendar of a game, on real phases: one title for the whole program."""

from __future__ import annotations

import pytest

from tdapp.core.board.position import Phase, Position
from tdapp.core.game.phases import (
    last_completed_fall,
    phase_title,
    season_title,
    settling_phase,
    vote_season,
)


def every_phase_to(last: Phase) -> list[Phase]:
    """The full sequence of phases from Spring 1901 to ``last``, as the board steps through it."""
    phase, out = Position.initial().phase, []
    while phase.sort_key <= last.sort_key:
        out.append(phase)
        phase = phase.following()
    return out


def test_a_phase_is_named_as_people_say_it_at_the_table() -> None:
    assert phase_title("S1901M") == "Spring 1901 movement"
    assert phase_title("S1901R") == "Spring 1901 retreats"
    assert phase_title("F1901M") == "Fall 1901 movement"
    assert phase_title("F1901R") == "Fall 1901 retreats"
    assert phase_title("W1901A") == "Winter 1901 adjustments"


def test_a_phase_object_and_its_name_read_the_same() -> None:
    for phase in every_phase_to(Phase.parse("W1903A")):
        assert phase_title(phase) == phase_title(str(phase))
        assert phase_title(phase).startswith(season_title(phase) + " ")


def test_no_phase_is_refused_not_guessed() -> None:
    for text in ("odd", "W1901M", "S1901A", "s1901m", ""):
        with pytest.raises(ValueError, match="not a phase"):
            phase_title(text)


def test_a_draw_vote_belongs_to_its_spring_or_fall_and_winter_to_its_fall() -> None:
    assert vote_season("S1905M") == vote_season("S1905R") == Phase("S", 1905, "M")
    assert vote_season("F1905M") == vote_season("F1905R") == vote_season("W1905A")
    assert vote_season("W1905A") == Phase("F", 1905, "M")
    assert season_title(vote_season("W1905A")) == "Fall 1905"
    assert vote_season("S1906M") != vote_season("W1905A")


def test_the_last_completed_fall_over_a_whole_game() -> None:
    years = {str(p): last_completed_fall(p) for p in every_phase_to(Phase.parse("S1903M"))}
    assert years["S1901M"] == years["F1901R"] == 1900  # no Fall over yet
    assert years["W1901A"] == years["S1902M"] == years["F1902R"] == 1901
    assert years["W1902A"] == years["S1903M"] == 1902


def test_a_build_error_is_settled_at_its_years_winter() -> None:
    assert settling_phase("S1903M") == Phase("W", 1903, "A")
    assert phase_title(settling_phase("W1902A")) == "Winter 1902 adjustments"
