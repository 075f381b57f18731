"""WDC 2018's final round in the seating wizard: the top board is named on its review card and
on the projector, as it already was on the printed board call. Found in a TD's pass in a real
window (issue 14): the projector showed board 1 like any other board."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.commands.demo import write_demo
from tdapp.gui.clock.content import TOP_BOARD_MARK
from tdapp.gui.clock.page import board_call_content
from tdapp.gui.seating.wizard import CALL, POWERS, REVIEW, SEAT, SeatingWizard
from tdapp.services import rollcall, rounds, seating
from tdapp.store.files import open_tournament_file

SEARCH_TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def demo56(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """56 players, the four preliminary rounds played, everyone present for the final round."""
    path = tmp_path_factory.mktemp("top") / "demo56.tdt"
    write_demo(path, players=56, format_name="wdc-2018", rounds_played=4)
    db = open_tournament_file(path)
    try:
        ids = [row.player_id for row in rollcall.roll_call(db, 5)]
        rollcall.set_answers(db, 5, ids, status="present")
    finally:
        db.close()
    return path


def test_top_board_named_on_the_review_card_and_the_projector(main, qtbot, demo56: Path,
                                                              tmp_path: Path) -> None:
    """Seed 002: "the players with the seven highest scores will qualify for the "Top Board"
    ... That board will determine the winner of WDC2018." """
    target = tmp_path / "wdc.tdt"
    shutil.copy(demo56, target)
    assert main.app.open_file(target)
    main.window.show_page("Boards")
    main.window.boards_page.select_round(5)
    qtbot.mouseClick(main.window.boards_page.seat_button, Qt.MouseButton.LeftButton)
    wizard = main.boards.wizard
    assert isinstance(wizard, SeatingWizard) and wizard.isVisible()
    try:
        wizard.next()
        assert wizard.currentId() == SEAT
        qtbot.waitUntil(lambda: not wizard.busy() and wizard.proposal is not None,
                        timeout=SEARCH_TIMEOUT_MS)
        wizard.next()
        assert wizard.currentId() == POWERS
        wizard.next()
        assert wizard.currentId() == REVIEW
        titles = [card.note.text() for card in wizard.review_page.grid.cards]
        assert len(titles) == 8
        assert ["top board" in t for t in titles] == [True] + [False] * 7
        wizard.next()
        assert wizard.currentId() == CALL
        qtbot.mouseClick(wizard.call_page.publish_button, Qt.MouseButton.LeftButton)
        assert wizard.call_page.published
        qtbot.mouseClick(wizard.call_page.project_button, Qt.MouseButton.LeftButton)
        projector = main.boards.projector.window
        assert projector is not None and projector.isVisible()
        assert [projector.board_call.mark(n) for n in (1, 2, 8)] == [TOP_BOARD_MARK, "", ""]
    finally:
        wizard.close_now()
        main.boards.projector.close()
        QApplication.processEvents()
    call = main.app.read(rounds.board_call, 5)
    top = set(main.app.read(seating.ranking_ids)[:7])
    assert {s.player_id for s in call[0].seats} == {int(p) for p in top} and call[0].top_board
    # the clock's operator panel builds the projector's board call the same way
    clock_call = board_call_content(5, main.app.read(rounds.all_boards, 5))
    assert clock_call.mark(1) == TOP_BOARD_MARK and clock_call.mark(2) == ""
