"""The game view driven from the keyboard: two years of a board typed sheet by sheet,
adjudicated, corrected and re-adjudicated, and the game ended into the board's result."""

from __future__ import annotations

import datetime as dt
import html
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from tdapp.core.game.record import LATE
from tdapp.core.powers import POWERS
from tdapp.gui.game.view import GameView
from tdapp.services import games
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.models import Board, Player, Seat, Tournament
from tests.gui import screens

from .game_record import CENTRES, GAME
from .helpers import board_db, results_text, save, type_sheet


def play_record(qtbot, widget: GameView, upto: str | None = None) -> None:
    for phase, sheets in GAME:
        if phase == upto:
            return
        assert widget.state.current.phase == phase
        for power in POWERS:
            if power in sheets:
                type_sheet(qtbot, widget, power, sheets[power])
        assert widget.state.current.sheets.keys() == sheets.keys()
        qtbot.keyClick(widget.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Return,
                       Qt.KeyboardModifier.ControlModifier)
        assert widget.state.phases[-2].phase == phase and widget.state.phases[-2].adjudicated


def test_a_whole_record_typed_corrected_and_ended(qtbot, view: GameView, dialog_answers) -> None:
    qtbot.mouseClick(view.start_button, Qt.MouseButton.LeftButton)
    assert view.state.current.phase == "S1901M"
    play_record(qtbot, view)
    state = view.state
    assert state.current.phase == "S1903M"
    assert view.chart.values()[1:] == [[str(c) for c in CENTRES[y]] for y in (1901, 1902)]
    # the results page shows the last phase; History goes back to Spring 1902
    view.tabs.setCurrentWidget(view.history)
    view.history.select_phase("S1902M")
    lines = results_text(view.history.results.rows)
    assert "Russia: A RUM H — Dislodged (dislodged by A SER)" in lines
    why = [view.history.results.table.item(r, 4).text()
           for r in range(view.history.results.table.rowCount())]
    assert "dislodged from RUM by A SER supported by A BUD, A BUL" in why
    assert "Russia: F SEV S A RUM — Failed (support cut by F BLA)" in lines
    assert "Russia: A RUM may retreat to UKR" in view.history.results.summary.text()
    view.history.select_phase("F1902M")
    assert "SMY: Turkey → Italy" in view.history.results.summary.text()
    assert "MAR: France → Italy" in view.history.results.summary.text()
    assert "BRE (F ENG, F MAO), GAL (A VIE, A WAR)" in view.history.results.summary.text()
    save(view, "history.png")
    # a correction of Spring 1902 after its deadline: the TD overrides
    view.history.select_phase("S1902M")
    # QA: the rule read "Can be corrected now. a mistake ..." / ends "..." twice over
    assert view.history.rule.text().startswith("Too late without the TD: ")
    assert not view.history.rule.text().endswith("..")
    view.history.power_box.setCurrentIndex(POWERS.index("FRANCE"))
    view.history.edit.setPlainText("F Bre-Mao, A Par-Gas, A Bur H, F Por H, A Spa H")
    qtbot.mouseClick(view.history.apply_button, Qt.MouseButton.LeftButton)
    assert dialog_answers.shown and "Too late" in dialog_answers.shown[-1][2]
    view.history.override.setChecked(True)
    qtbot.mouseClick(view.history.apply_button, Qt.MouseButton.LeftButton)
    report = view.history.report.text()
    assert ("Spring 1902 movement, Spring 1902 retreats, Fall 1902 movement, "
            "Winter 1902 adjustments") in report
    assert "Fall 1902 movement, France: 'A Pic S F Mao-Bre'" in report
    # QA: the override stayed ticked, so the next late correction went through unasked
    assert not view.history.override.isChecked()
    assert view.history.current().phase == "S1902M"
    save(view, "correction.png")
    assert "A GAS" in view.state.phases[4].position["units"]["FRANCE"]
    # The TD calls the game: the result lands on the board, centres year by year
    view.end("called")
    assert view.state.finished and "Game over" in view.banner.text()
    with board_db(view).read() as session:
        board = session.get(Board, view.board_id)
        assert (board.status, board.end_reason) == ("finished", "called")
        seats = {s.power: s.centers for s in session.scalars(
            select(Seat).where(Seat.board_id == view.board_id))}
    centres = view.state.current.position["centers"]
    assert seats == {p: len(centres.get(p, [])) for p in POWERS}
    # after the correction Picardy is empty in the Fall, so Germany's army walks on from
    # Belgium, which stays neutral: 33 centres owned instead of 34
    assert sum(seats.values()) == 33
    assert not view.entry.panels["AUSTRIA"].edit.isEnabled()


def test_entry_shows_readings_faults_and_units_left_without_orders(qtbot, view: GameView) -> None:
    assert not view.entry.panels["AUSTRIA"].edit.isEnabled()  # not started yet
    assert view.start_button.isVisible()
    view.start()
    assert view.entry.panels["AUSTRIA"].edit.hasFocus()
    type_sheet(qtbot, view, "AUSTRIA", "A Vie-Gal; A Bud-Ser; F Tri-Alb")
    panel = view.entry.panels["AUSTRIA"]
    assert "A Vie-Gal → <b>A VIE – GAL</b>" in panel.reading.text()
    # Enter accepted the sheet and moved on to England
    assert view.entry.panels["ENGLAND"].edit.hasFocus()
    assert view.state.current.sheets["AUSTRIA"].text == "A Vie-Gal; A Bud-Ser; F Tri-Alb"
    qtbot.keyClicks(view.entry.panels["ENGLAND"].edit, "F Lon-Nth")
    qtbot.keyClick(view.entry.panels["ENGLAND"].edit, Qt.Key.Key_Tab)  # Tab: next power
    assert view.entry.panels["FRANCE"].edit.hasFocus()
    assert view.state.current.sheets["ENGLAND"].text == "F Lon-Nth"
    turkey = view.entry.panels["TURKEY"].edit
    turkey.setFocus()
    qtbot.keyClick(turkey, Qt.Key.Key_Tab)  # round again after Turkey
    assert view.entry.panels["AUSTRIA"].edit.hasFocus()
    qtbot.keyClick(view.entry.panels["AUSTRIA"].edit, Qt.Key.Key_Backtab,
                   Qt.KeyboardModifier.ShiftModifier)
    assert turkey.hasFocus()
    italy = view.entry.panels["ITALY"]
    italy.edit.setPlainText("A Ven-Xyz; F Nap-Ion\nA Mun-Ber")
    text = html.unescape(italy.reading.text())
    assert "no province called 'Xyz'" in text and "Italy has no unit in Munich" in text
    faults = italy.edit.extraSelections()
    assert [(s.cursor.selectionStart(), s.cursor.selectionEnd()) for s in faults][0] == (6, 9)
    gaps = view.entry.gaps.text()
    assert "Italy: A ROM, A VEN have no order — they will hold" in gaps
    assert "England: F EDI, A LVP have no order — they will hold" in gaps
    assert "WDC 2025" in view.entry.rules.text()
    england = view.entry.panels["ENGLAND"]
    england.edit.setPlainText("F Lon-Nth, F Edi-Nor, A Lvp-Yor")
    assert "'Nor' is ambiguous here: it could be F EDI – NWG or F EDI – NTH" in html.unescape(
        england.reading.text()).replace(" - ", " – ")
    assert [(s.cursor.selectionStart(), s.cursor.selectionEnd())
            for s in england.edit.extraSelections()] == [(17, 20)]
    view.entry.panels["FRANCE"].edit.setPlainText("A Par-Bur, A Par-Pic, F Bre-Eng, A Mar H")
    assert view.entry.panels["FRANCE"].results[0].order is not None
    assert "France: A PAR has two different orders: it holds (WDC 2025)" in view.entry.gaps.text()
    save(view, "entry-errors.png")
    qtbot.mouseClick(view.entry.panels["TURKEY"].no_orders, Qt.MouseButton.LeftButton)
    assert view.state.current.sheets["TURKEY"].status == games.NO_ORDERS
    russia = view.entry.panels["RUSSIA"].edit
    russia.setFocus()
    qtbot.keyClick(russia, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert view.state.current.sheets["RUSSIA"].status == games.NO_ORDERS
    assert "Turkey" not in view.entry.gaps.text()
    qtbot.mouseClick(view.entry.panels["TURKEY"].no_orders, Qt.MouseButton.LeftButton)
    assert view.state.current.sheets["TURKEY"].status == games.ENTERED  # taken back
    assert "Turkey: F ANK, A CON, A SMY have no order" in view.entry.gaps.text()


def test_province_names_complete_as_typed(qtbot, view: GameView) -> None:
    view.start()
    edit = view.entry.panels["GERMANY"].edit
    edit.setFocus()
    qtbot.keyClicks(edit, "A Ber-Sil")
    assert not edit.completer.popup().isVisible()  # Sil is an abbreviation already
    edit.clear()
    qtbot.keyClicks(edit, "A Ber-Silesi")
    assert edit.completer.popup().isVisible()
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    assert edit.toPlainText() == "A Ber-Silesia"
    assert view.entry.panels["GERMANY"].results[0].normalized == "A BER - SIL"


def test_retreats_and_builds_owed_are_shown(qtbot, view: GameView) -> None:
    view.start()
    play_record(qtbot, view, upto="W1901A")
    assert view.entry.panels["AUSTRIA"].owes.text() == (
        "Builds owed: 2 (free home centres: BUD, TRI)")
    assert view.entry.panels["ENGLAND"].edit.isEnabled()  # England builds one
    play_record_from(qtbot, view, "W1901A", "S1902R")
    assert view.entry.panels["RUSSIA"].owes.text() == "Retreats: A RUM → UKR"
    assert not view.entry.panels["FRANCE"].edit.isEnabled()
    assert "Russia: A RUM has no order — it will be disbanded" in view.entry.gaps.text()
    russia = view.entry.panels["RUSSIA"].edit
    russia.setFocus()
    qtbot.keyClick(russia, Qt.Key.Key_Tab)  # the only power with a retreat keeps the keyboard
    assert russia.hasFocus()
    view.tabs.setCurrentWidget(view.entry)
    save(view, "entry-retreats.png")
    play_record_from(qtbot, view, "S1902R", "W1902A")
    assert "Removals owed: 1" in view.entry.panels["FRANCE"].owes.text()
    assert "France: 1 removal not written" in view.entry.gaps.text()
    view.tabs.setCurrentWidget(view.entry)
    save(view, "entry-adjustments.png")
    view.tabs.setCurrentWidget(view.results)
    save(view, "results.png")
    view.tabs.setCurrentWidget(view.chart)
    save(view, "centre-chart.png")


def play_record_from(qtbot, widget: GameView, first: str, upto: str) -> None:
    phases = [p for p, _ in GAME]
    sheets = dict(GAME)
    for phase in phases[phases.index(first):phases.index(upto)]:
        for power in POWERS:
            if power in sheets[phase]:
                type_sheet(qtbot, widget, power, sheets[phase][power])
        widget.adjudicate()
        assert widget.state.phases[-2].phase == phase


def test_draw_vote_dialog_secret_vote(qtbot, view: GameView, dialog_answers) -> None:
    with board_db(view).action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    view.start()
    dialog = view.open_draw_vote()
    assert dialog is not None and set(dialog.eligible) == set(POWERS)
    vote_all(dialog, ITALY="No", TURKEY="Abandoned (votes yes)")
    dialog.accept()
    assert "failed" in view.banner.text() and "secret" in view.banner.text()
    assert view.state.votes[-1].votes is None
    view.adjudicate()  # a new season: another vote may be held
    dialog = view.open_draw_vote()
    vote_all(dialog)
    dialog.accept()
    assert view.state.finished and view.state.end_reason == "draw"


def test_every_part_of_the_game_window_names_a_phase_alike(qtbot, view: GameView) -> None:
    """One phase title for the program: the window's title, the results, their map, the
    history and the draw-vote banner all say "Spring 1901 movement" (the map said
    "Spring 1901 Movement" before)."""
    with board_db(view).action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    view.start()
    dialog = view.open_draw_vote()
    vote_all(dialog, ITALY="No")
    dialog.accept()
    assert "Last draw vote (Spring 1901 movement)" in view.banner.text()
    for power, text in GAME[0][1].items():
        type_sheet(qtbot, view, power, text)
    view.adjudicate()
    assert view.title.text().endswith("Fall 1901 movement")
    assert view.results.heading.text() == "Spring 1901 movement — results"
    assert view.results.map_area.title() == "Spring 1901 movement"
    view.tabs.setCurrentWidget(view.history)
    listed = [view.history.phase_list.item(i).text()
              for i in range(view.history.phase_list.count())]
    assert any(item.endswith(" Spring 1901 movement") for item in listed)
    assert any(item.endswith(" Fall 1901 movement") for item in listed)


def vote_all(dialog, **given: str) -> None:
    """Every power votes Yes unless ``given`` says otherwise (POWER="No")."""
    for power in dialog.choices:
        dialog.set_vote(power, given.get(power, "Yes"))


def test_no_vote_is_taken_for_given(qtbot, view: GameView) -> None:
    # QA: every vote started at Yes, so one click on OK passed a draw and ended the game.
    with board_db(view).action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    view.start()
    dialog = view.open_draw_vote()
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert all(box.currentIndex() == -1 for box in dialog.choices.values())
    assert not ok.isEnabled() and dialog.votes() == {}
    assert dialog.missing.text().startswith("Votes still to give: Austria, England")
    dialog.accept()  # Enter, or a slip: nothing is recorded
    assert not view.state.votes and not view.state.finished
    vote_all(dialog, FRANCE="No")
    assert ok.isEnabled() and dialog.missing.isHidden()
    dialog.resize(640, dialog.sizeHint().height())
    QApplication.processEvents()
    assert dialog.grab().save(str(screens.path("qa2/draw-vote-all-given.png")))
    dialog.accept()
    assert "failed" in view.banner.text() and not view.state.finished


def test_time_up_during_a_fall_scores_on_that_fall(qtbot, view: GameView, dialog_answers,
                                                   tmp_path: Path, monkeypatch) -> None:
    view.start()
    play_record(qtbot, view, upto="F1901M")
    for power, text in dict(GAME)["F1901M"].items():
        type_sheet(qtbot, view, power, text)
    view.end("time")  # answered Yes: the Fall is adjudicated first
    assert dialog_answers.shown[-1][1] == "Time is up during a Fall"
    assert view.state.finished
    with board_db(view).read() as session:
        board = session.get(Board, view.board_id)
        assert (board.end_reason, board.end_year) == ("time", 1901)
        seats = {s.power: s.centers for s in session.scalars(
            select(Seat).where(Seat.board_id == view.board_id))}
    assert [seats[p] for p in POWERS] == CENTRES[1901]
    # the chart goes out as CSV
    target = tmp_path / "chart.csv"
    monkeypatch.setattr("tdapp.gui.game.view.QFileDialog.getSaveFileName",
                        lambda *args, **kwargs: (str(target), "CSV files (*.csv)"))
    assert view.export_chart() == target
    assert target.read_text(encoding="utf-8").splitlines() == [
        "Year,Austria,England,France,Germany,Italy,Russia,Turkey",
        "Start,3,3,3,3,3,4,3", "1901,5,4,5,5,4,6,4"]


def test_grace_period_where_the_format_has_one(qtbot, view: GameView, dialog_answers) -> None:
    view.start()
    assert not view.entry.panels["FRANCE"].grace.isVisibleTo(view)  # WDC 2025 has none
    with board_db(view).action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    view.reload()
    panel = view.entry.panels["FRANCE"]
    assert panel.grace.isVisibleTo(view)
    panel.edit.setFocus()
    qtbot.keyClick(panel.edit, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert view.state.current.sheets["FRANCE"].status == games.GRACE
    assert panel.status.text().startswith("Grace period running since ")
    # QA: the TD saw when it started, not when it ends (EDC 2026: two minutes)
    started = view.state.current.sheets["FRANCE"].grace_started_at
    ends = started.replace(tzinfo=dt.UTC).astimezone() + dt.timedelta(minutes=2)
    assert panel.status.text().endswith(f", ends {ends:%H:%M:%S} (2 min)")
    assert panel.status.wordWrap(), "the end time was cut off at the panel's edge"
    type_sheet(qtbot, view, "FRANCE", "A Par-Bur")
    assert view.state.current.sheets["FRANCE"].status == LATE
    view.adjudicate()
    qtbot.mouseClick(view.entry.panels["FRANCE"].grace, Qt.MouseButton.LeftButton)
    assert "has had its grace period" in dialog_answers.shown[-1][2]


def test_adjudicating_while_a_grace_period_runs_asks_first(qtbot, view: GameView,
                                                          dialog_answers) -> None:
    # QA: Ctrl+Enter seconds after Russia's grace period began adjudicated at once, and Russia's
    # units held for good without a word.
    from PySide6.QtWidgets import QMessageBox

    view.start()
    with board_db(view).action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    view.reload()
    qtbot.mouseClick(view.entry.panels["RUSSIA"].grace, Qt.MouseButton.LeftButton)
    assert view.state.current.sheets["RUSSIA"].status == games.GRACE
    assert [w.split(" (")[0] for w in view.grace_running()] == ["Russia"]
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    view.adjudicate()
    assert dialog_answers.shown[-1][:2] == ("question", "Grace period running")
    assert "Russia (until " in dialog_answers.shown[-1][2]
    assert view.state.current.phase == "S1901M", "No: the phase waits for the sheet"
    started = view.state.current.sheets["RUSSIA"].grace_started_at.replace(tzinfo=dt.UTC)
    assert view.grace_running(started + dt.timedelta(minutes=2, seconds=1)) == [], \
        "once the grace period is over nothing is waited for"
    dialog_answers.next_answer = QMessageBox.StandardButton.Yes
    view.adjudicate()
    assert view.state.current.phase == "F1901M"


def test_play_board_from_the_round_menu(qtbot, main, demo_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "menu.tdt"
    shutil.copy(demo_file, path)
    main.files.open_path(path)
    games_ui = main.games
    games_ui.fill_menu()
    labels = [a.text() for a in games_ui.menu.actions()]
    assert labels[0].startswith("Round 1 · Board 1")
    games_ui.menu.actions()[0].trigger()
    opened = next(iter(games_ui.views.values()))
    assert opened.isVisible() and "Round 1 · Board 1" in opened.title.text()
    assert opened.state.finished and not opened.start_button.isVisible()
    main.app.close_file()
    assert not games_ui.views


def test_a_board_card_opens_its_game_or_its_result(qtbot, main, demo_file: Path,
                                                   tmp_path: Path) -> None:
    path = tmp_path / "cards.tdt"
    shutil.copy(demo_file, path)
    main.files.open_path(path)
    page = main.window.boards_page
    main.window.show_page("Boards")
    page.select_round(1)
    card = page.grid.card(2)
    assert "Right-click" in card.toolTip()
    menu = page.board_menu(2)
    play = menu.findChild(QAction, "playBoard")
    play.trigger()
    opened = next(iter(main.games.views.values()))
    assert "Round 1 · Board 2" in opened.title.text()
    page.board_menu(2).findChild(QAction, "enterResult").trigger()
    results = main.standings.results
    assert results.dialog is not None and results.dialog.isVisible()
    results.dialog.reject()
    qtbot.mouseDClick(card, Qt.MouseButton.LeftButton)  # double-click: the result again
    assert results.dialog is not None and results.dialog.isVisible()
    results.dialog.reject()
    main.app.close_file()


def test_round_time_up_from_the_menu(qtbot, main, demo_file: Path, tmp_path: Path,
                                     dialog_answers) -> None:
    path = tmp_path / "time.tdt"
    shutil.copy(demo_file, path)
    main.files.open_path(path)
    db = main.app.db
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    save_board_call(db, 3, [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7],
                                                      strict=True))) for n in range(7)])
    board_id = all_boards(db, 3)[0].board_id
    opened = main.games.open_board(board_id)
    opened.start()
    out = main.games.round_time_up()
    assert dialog_answers.shown[0][1] == "Round time is up"
    assert out is not None and out.ended == (board_id,)
    assert opened.state.finished and "Time called" in opened.banner.text()


def test_a_draw_among_named_powers_where_the_format_allows_it(qtbot, view: GameView,
                                                            dialog_answers) -> None:
    """A TD's own format with non-DIAS draws: the proposer ticks the powers in the draw,
    every power with a centre votes, and a passed vote puts those powers in the result."""
    import dataclasses

    from tdapp.core.formats import copy_format, get_format
    from tdapp.services import formats

    edc = get_format("edc-2026")
    named = copy_format(edc, name="edc-named", title="EDC with named draws",
                        draw_votes=dataclasses.replace(edc.draw_votes, participants="named"))
    formats.save_custom_format(board_db(view), named, "edc-2026")
    view.start()
    dialog = view.open_draw_vote()
    assert dialog is not None and list(dialog.in_draw) == list(POWERS)
    assert dialog.draw_powers() == list(POWERS)  # all ticked to start with
    for power in ("AUSTRIA", "ITALY", "RUSSIA", "TURKEY"):
        dialog.set_in_draw(power, False)
    assert set(dialog.choices) == set(POWERS)  # those left out still vote
    vote_all(dialog, ITALY="No")
    dialog.resize(640, dialog.sizeHint().height())
    QApplication.processEvents()
    assert dialog.grab().save(str(screens.path("format-rules-draw-vote.png")))
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    dialog.set_in_draw("ENGLAND", False)
    dialog.set_in_draw("GERMANY", False)
    assert not ok.isEnabled()  # France alone is no draw
    dialog.set_in_draw("ENGLAND", True)
    dialog.set_in_draw("GERMANY", True)
    assert ok.isEnabled()
    dialog.accept()
    assert "on a draw of England, France, Germany: failed" in view.banner.text()
    assert view.grab().save(str(screens.path("format-rules-game-view.png")))
    view.adjudicate()  # a new season: another vote may be held
    dialog = view.open_draw_vote()
    for power in ("AUSTRIA", "ITALY", "RUSSIA", "TURKEY"):
        dialog.set_in_draw(power, False)
    vote_all(dialog)
    dialog.accept()
    assert view.state.finished and view.state.end_reason == "draw"
    with board_db(view).read() as session:
        board = session.get(Board, view.board_id)
        assert board.draw_powers == ["ENGLAND", "FRANCE", "GERMANY"]


def test_a_build_error_found_late_is_told_in_words(qtbot, view: GameView,
                                                   dialog_answers) -> None:
    """Under a format that carries build errors, the history's correction report says that
    the builds played stand and what the next Winter puts right; the Winter owes it."""
    from tdapp.core.formats import copy_format, get_format
    from tdapp.core.formats.model import CorrectionRule
    from tdapp.services import formats

    db = board_db(view)
    mine = copy_format(get_format("wdc-2025"), name="house", title="House rules",
                       corrections=CorrectionRule("next-deadline", "the board stands",
                                                  "next-adjustment"))
    formats.save_custom_format(db, mine, "wdc-2025")
    games.start_game(db, view.board_id)
    for _phase, sheets in GAME[:5]:  # up to Spring 1902's retreat
        for power, text in sheets.items():
            games.save_orders(db, view.board_id, power, text)
        games.adjudicate(db, view.board_id)
    view.reload()
    view.tabs.setCurrentIndex(2)
    view.history.select_phase("F1901M")
    view.history.power_box.setCurrentIndex(POWERS.index("RUSSIA"))
    view.history.edit.setPlainText("A Ukr-Rum, F Sev S A Ukr-Rum, A War-Gal, F Bot H")
    view.history.override.setChecked(True)
    qtbot.mouseClick(view.history.apply_button, Qt.MouseButton.LeftButton)
    report = view.history.report.text()
    assert "Adjudicated again: Fall 1901 movement." in report  # QA: it said 'F1901M'
    assert ("Russia: Winter 1901 adjustments gave 1 build too many; the game stands as played "
            "and Russia has 1 build fewer (or 1 more removal) at Winter 1902 adjustments."
            ) in report
    assert view.grab().save(str(screens.path("format-rules-carried-build.png")))
    for power, text in GAME[5][1].items():  # Fall 1902 as written: Russia owes one more
        games.save_orders(board_db(view), view.board_id, power, text)
    games.adjudicate(board_db(view), view.board_id)
    view.reload()
    owes = view.entry.panels["RUSSIA"].owes.text()
    assert owes.startswith("Removals owed: 2 (1 more for a build error found late); ")
    view.tabs.setCurrentIndex(0)
    assert view.grab().save(str(screens.path("format-rules-carried-winter.png")))
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("information", "Builds already played stand")
    assert text.startswith("Russia: Winter 1901 adjustments gave 1 build too many")


def test_a_draw_proposal_vetoed_openly_from_the_dialog(qtbot, view: GameView) -> None:
    """Seed 000 5.7.1: "the GM shall give players the opportunity to openly veto the draw. If
    the draw is openly vetoed, it does not count as the draw vote for that season." """
    with board_db(view).action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    view.start()
    dialog = view.open_draw_vote()
    assert dialog is not None and not dialog.veto_button.isEnabled()  # nobody ticked yet
    dialog.veto_ticks["FRANCE"].setChecked(True)
    assert dialog.veto_button.isEnabled()
    dialog.veto_button.click()
    assert not dialog.isVisible()
    assert view.state.votes[-1].vetoed_by == ("FRANCE",)
    assert "vetoed openly by France; no vote held" in view.banner.text()
    dialog = view.open_draw_vote()  # the season's vote is still to come
    assert dialog is not None
    vote_all(dialog, ITALY="No")
    dialog.accept()
    assert "failed" in view.banner.text()
