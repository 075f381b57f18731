"""The season window's later steps (seed 000): a player who leaves a semi-final game mid-way
(5.8), the championship game's start (4.2), the season exported as PDF and Excel; and a
semi-final round seated by the Seat round wizard, the round's top seeds on separate boards
(3.2.2). Screenshots of the standings, invitation list and semi-final assignment are saved."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

from tdapp.core.tournament.season import QualifyingEvent
from tdapp.gui.seating.wizard import CALL, POWERS, REVIEW, SEAT, SeatingWizard
from tdapp.services import players as player_service
from tdapp.services import rounds
from tdapp.services import season as season_service

SEARCH_TIMEOUT_MS = 60_000


def season_file(tmp_path: Path) -> Path:
    path = tmp_path / "dbn.tds"
    season_service.new_season(path, "DBN Invitational 2025")
    names = [f"Player {n:02d}" for n in range(1, 45)]
    for number, shift in enumerate((0, 3, 7)):
        order = names[shift:] + names[:shift]
        season_service.add_event(path, QualifyingEvent(
            f"Event {number + 1}", 12, 44, {p: i for i, p in enumerate(order, 1)},
            major=number == 2, date=f"2025-0{number + 3}-14"))
    season_service.set_known_players(path, names[:30])
    view = season_service.season_view(path)
    for inv in view.invitations:  # seeds 4-17 ask for round 2, the others round 1
        if not inv.alternate and inv.seed > 3:
            season_service.set_preference(path, inv.player, [2] if inv.seed <= 17 else [1])
    return path


def shoot(window, tmp_path: Path, name: str) -> Path:
    QApplication.processEvents()
    shot = tmp_path / f"{name}.png"
    assert window.grab().save(str(shot))
    return shot


def cell(model, row: int, column: int) -> str:
    return str(model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole))


def test_left_mid_game_start_time_and_export(main, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """5.8.4 "Players replaced by an Alternate are no longer eligible to participate in any
    games for the remainder of this year's DBN Invitational." 4.2.2 "If players cannot agree on
    a start time, then the DBN Board shall select one." """
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text, *a, **k: warnings.append(text))
    path = season_file(tmp_path)
    season = main.season
    assert season.load(path)
    window = season.window
    window.resize(1280, 800)
    for index, name in ((1, "season-standings"), (2, "season-invitations"),
                        (3, "season-semifinal")):
        window.tabs.setCurrentIndex(index)
        shoot(window, tmp_path, name)
    assert cell(window.standings, 0, 1) == "Player 08"
    # seed 20 leaves semi-final board in Fall 1904: alternate seed 32 takes over
    row = next(r for r in range(35) if cell(window.invitations, r, 0) == "20")
    window.invitations_table.selectRow(row)
    leaving = window.selected_invitation().invitation.player
    assert season.left_mid_game("F1904M")
    status = {cell(window.invitations, r, 0): cell(window.invitations, r, 5) for r in range(35)}
    assert status["20"].startswith("left semi-final board") and "out for the season" in status[
        "20"]
    assert status["32"].startswith("took over on semi-final board") and leaving in status["32"]
    # a seat's player not in the stage (a top-three seed) is refused in words
    window.invitations_table.selectRow(0)
    assert not season.left_mid_game("F1904M") and "plays no semi-final game" in warnings[-1]
    # the start: by the dialogs, Option 2 selected by the Board
    monkeypatch.setattr(QInputDialog, "getItem",
                        staticmethod(lambda _p, _t, _l, items, *a, **k: (items[1], True)))
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.No))
    assert season.championship_start()
    assert "Option 2" in window.summary.text() and "DBN Board" in window.summary.text()
    window.tabs.setCurrentIndex(2)
    shoot(window, tmp_path, "season-invitations-mid-game")
    # export both ways
    assert season.export(tmp_path / "season.pdf")
    assert (tmp_path / "season.pdf").read_bytes().startswith(b"%PDF")
    assert season.export(tmp_path / "season.xlsx")
    book = openpyxl.load_workbook(tmp_path / "season.xlsx")
    first = list(book["Standings"].iter_rows(values_only=True))[1]
    assert first[1] == "Player 08" and first[3] == pytest.approx(
        season_service.season_view(path).standings.rows[0].total)


def test_a_semifinal_round_seated_by_the_wizard(main, qtbot, tmp_path: Path) -> None:
    """3.2.2 "Within each round, if there are multiple boards, the boards shall be distributed
    in seed order (e.g., if there are 2 games in the same round, then the top two seeds in the
    round shall be distributed to separate boards, then the next two seeds will be distributed
    to separate boards, and so on)." """
    path = season_file(tmp_path)
    assert main.season.load(path)
    assert main.season.start_invitational(tmp_path / "dbni.tdt")
    seeds = {p.name: p.seed for p in player_service.list_players(main.app.db)}
    main.window.show_page("Boards")
    page = main.window.boards_page
    page.select_round(1)
    qtbot.mouseClick(page.seat_button, Qt.MouseButton.LeftButton)
    wizard = main.boards.wizard
    assert isinstance(wizard, SeatingWizard)
    try:
        wizard.resize(1280, 800)
        wizard.next()
        assert wizard.currentId() == SEAT
        qtbot.waitUntil(lambda: not wizard.busy() and wizard.proposal is not None,
                        timeout=SEARCH_TIMEOUT_MS)
        shoot(wizard, tmp_path, "semifinal-round1-wizard")
        wizard.next()
        assert wizard.currentId() == POWERS
        powers = wizard.powers_page
        if not powers.isComplete():  # 5.3: the Paris method on every board
            panel = powers.paris
            for number in sorted(panel.selections):
                selection = panel.selections[number]
                panel.show_board(number)
                while (turn := selection.turn()) is not None:
                    if turn.stage == "ordering":
                        panel.choose_position(0)
                    else:
                        panel.choose_power(turn.options[0])
        assert powers.isComplete()
        wizard.next()
        assert wizard.currentId() == REVIEW
        shoot(wizard, tmp_path, "semifinal-round1-review")
        wizard.next()
        assert wizard.currentId() == CALL
        call = wizard.call_page
        call.publish()
        assert call.published
    finally:
        wizard.close_now()
        main.boards.projector.close()
        QApplication.processEvents()
    boards = main.app.read(rounds.board_call, 1)
    assert len(boards) == 2  # 14 semi-finalists chose round 1
    by_seed = sorted((seeds[s.player_name], b.number) for b in boards for s in b.seats)
    assert len(by_seed) == 14
    for i in range(0, 14, 2):
        assert by_seed[i][1] != by_seed[i + 1][1], by_seed
