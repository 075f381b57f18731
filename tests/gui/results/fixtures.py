"""Shared set-up of the results, standings, awards and export GUI tests: a copy of the demo
tournament (two rounds played) with round 3 seated and waiting for results, open in the window;
a small file where two players tie for the TD to settle; screenshots."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from tdapp.core.powers import POWERS
from tdapp.services import players, rounds
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.files import open_tournament_file
from tests.gui import screens

TIED = {"AUSTRIA": 10, "ENGLAND": 6, "FRANCE": 6, "GERMANY": 5, "ITALY": 4, "RUSSIA": 3,
        "TURKEY": 0}


def seat_round_three(path: Path) -> None:
    db = open_tournament_file(path)
    try:
        done = rounds.board_call(db, 2)
        plans = [rounds.BoardPlan(b.number, {s.power: s.player_id for s in b.seats},
                                  top_board=b.number == 1) for b in done]
        rounds.save_board_call(db, 3, plans)
    finally:
        db.close()


@pytest.fixture
def demo_main(main, demo_file: Path, tmp_path: Path):
    """The main window with a demo copy open: rounds 1-2 played, round 3 seated."""
    path = Path(shutil.copy(demo_file, tmp_path / "demo.tdt"))
    seat_round_three(path)
    assert main.files.open_path(path)
    return main


def write_tied_file(path: Path) -> dict[str, int]:
    """One board of seven where England and France finish level (WDC 2018 leaves it to the TD)."""
    db = create_tournament(path, TournamentInfo("Tie Cup", "wdc-2018", 5))
    try:
        players.add_players(db, [players.PlayerData(f"Player {p.title()}") for p in POWERS], "Add")
        ids = [p.id for p in players.list_players(db)]
        rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
        board = rounds.board_call(db, 1)[0]
        record_result(db, board.board_id, BoardResult(TIED, 1908, eliminated={"TURKEY": 1906}))
    finally:
        db.close()
    return dict(zip(POWERS, ids, strict=True))


@pytest.fixture
def tied_main(main, tmp_path: Path):
    path = tmp_path / "tied.tdt"
    ids = write_tied_file(path)
    assert main.files.open_path(path)
    return main, ids


def screenshot(widget: QWidget, name: str) -> Path:
    """Save a picture of ``widget`` at its current size (the main window is 1280x800) into
    the test's picture folder, results/."""
    QApplication.processEvents()
    target = screens.folder("results") / f"{name}.png"
    assert widget.grab().save(str(target)), f"could not write {target}"
    return target
