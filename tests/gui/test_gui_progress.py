"""The one-line summaries of where the tournament stands."""

from __future__ import annotations

from tdapp.gui.rounds.progress import boards_state, standings_state
from tdapp.services.rounds import RoundRow

ROUNDS = [RoundRow(1, 1, "finished", 7, 7), RoundRow(2, 2, "playing", 7, 3),
          RoundRow(3, 3, "planned", 0, 0)]


def test_boards_state() -> None:
    assert boards_state(ROUNDS) == "So far — round 1: 7 boards, finished; round 2: 7 boards, playing."
    assert boards_state(ROUNDS[2:]) == "No round has been seated yet."


def test_standings_state() -> None:
    assert standings_state(ROUNDS) == "1 of 3 rounds finished."
    assert standings_state([]) == ""
