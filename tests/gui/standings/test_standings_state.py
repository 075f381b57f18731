"""The Standings page's one-line summary of where the tournament stands (the only copy: the
unused gui/rounds/progress.py that repeated it is gone)."""

from __future__ import annotations

from tdapp.gui.standings.controller import standings_state
from tdapp.services.rounds import RoundRow

ROUNDS = [RoundRow(1, 1, "finished", 7, 7), RoundRow(2, 2, "playing", 7, 3),
          RoundRow(3, 3, "planned", 0, 0)]


def test_standings_state() -> None:
    assert standings_state(ROUNDS) == "1 of 3 rounds finished."
    assert standings_state([]) == ""
