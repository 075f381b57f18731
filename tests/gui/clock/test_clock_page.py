"""The Clock page in the main window, on real tournament files: Space drives the clock and the
file holds every action; reopening shows the same deadline; the projector gets the round's
board call and the standings and keeps them current; timers stop with the page or the file.

Screenshots (the page at 1280x800, the projector at 1920x1080 with the real board call and
standings) go into the test's picture folder, clockpage/; to keep them:

    PYTHONPATH=. .venv/bin/python -m pytest tests/gui/clock/test_clock_page.py -k screenshots \
        --keep-screens out/screens
"""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from sqlalchemy import select

from tdapp.commands.demo import write_demo
from tdapp.core.clock import FakeTime
from tdapp.gui.clock.page import REFRESH_TIMER, ClockPage
from tdapp.services import clock as clock_service
from tdapp.services import formats, rollcall, rounds
from tdapp.services import players as player_service
from tdapp.store.database import TournamentDb
from tdapp.store.models import Round
from tests.gui import screens
from tests.round_helpers import seat_round

START = 1_780_000_000.0


@pytest.fixture(scope="module")
def demo_2025(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 3 of a WDC 2025 demo seated (board call published), rounds 1-2 played."""
    path = tmp_path_factory.mktemp("clock-page-demo") / "demo.tdt"
    write_demo(path, players=49, format_name="wdc-2025", rounds_played=2)
    from tdapp.services.files import open_tournament

    db = open_tournament(path)
    try:
        seat(db, 3)
    finally:
        db.close()
    return path


def seat(db: TournamentDb, number: int) -> None:
    ids = [row.player_id for row in rollcall.roll_call(db, number)]
    playing = ids[: len(ids) - len(ids) % 7]
    rollcall.set_answers(db, number, playing, status="present")
    rounds.save_board_call(db, number, seat_round(playing, rounds.seating_history(db, number),
                                                  random.Random(5).randrange(99)))


@pytest.fixture
def path(demo_2025: Path, tmp_path: Path) -> Path:
    target = tmp_path / "tournament.tdt"
    shutil.copy(demo_2025, target)
    return target


@pytest.fixture
def clock_main(main, qtbot):
    """The main window with the Clock page on the hub and a fake time source."""
    time = FakeTime(START)
    page: ClockPage = main.window.clock_page
    page.time_factory = lambda: time
    # the window controller has connected the page to main.app (its ClockController)
    return main, page, time


def open_clock(main, qtbot, path: Path) -> ClockPage:
    assert main.app.open_file(path)
    main.window.show_page("Clock")
    page = main.window.clock_page
    assert page.panel is not None
    qtbot.waitUntil(lambda: page.panel.board_table.hasFocus())
    return page


def stored(db: TournamentDb, number: int) -> dict:
    with db.read() as session:
        return session.scalar(select(Round.clock_state).where(Round.number == number))


def space(qtbot, page: ClockPage) -> None:
    qtbot.keyClick(page.panel.board_table, Qt.Key.Key_Space)


def panel_timer(page: ClockPage) -> QTimer:
    timer = page.panel.findChild(QTimer, REFRESH_TIMER)
    assert timer is not None
    return timer


def test_space_starts_and_pauses_and_the_file_holds_each_action(clock_main, qtbot,
                                                                path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    assert page.round_number == 3
    assert page.round_box.currentText() == "Round 3 \u2014 Board call published, 7 boards"
    assert len(page.panel.clock.boards) == 7
    assert stored(main.app.db, 3) is None  # nothing written before the TD does anything
    space(qtbot, page)
    state = stored(main.app.db, 3)
    assert state["central"]["deadline"] == pytest.approx(START + 900, abs=1e-3)
    assert all(b["timer"]["deadline"] == pytest.approx(START + 900) for b in state["boards"])
    time.advance(42)
    space(qtbot, page)
    state = stored(main.app.db, 3)
    assert state["central"]["deadline"] is None
    assert state["central"]["remaining"] == pytest.approx(900 - 42, abs=1e-3)
    assert [e["action"] for e in state["log"]] == ["start", "pause"]
    assert page.panel.state_label.text() == "PAUSED"
    assert page.last_action.text().startswith("Last: ")
    assert page.last_action.text().endswith("Paused (2 in the log)")
    assert page.panel.log_list.count() == 2
    # the log reads in the TD's words, newest first, never the core's action codes
    assert page.panel.log_list.item(0).text().endswith("  Paused")
    assert page.panel.log_list.item(1).text().endswith("  Started")


def test_every_operator_action_is_saved_at_once(clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    panel = page.panel
    space(qtbot, page)
    for key in (Qt.Key.Key_Plus, Qt.Key.Key_Minus, Qt.Key.Key_PageDown, Qt.Key.Key_PageUp):
        qtbot.keyClick(panel.board_table, key)
    panel.select_board(4)
    for key in (Qt.Key.Key_P, Qt.Key.Key_Period, Qt.Key.Key_E):
        qtbot.keyClick(panel.board_table, key)
    state = stored(main.app.db, 3)
    assert [e["action"] for e in state["log"]] == [
        "start", "add-time", "add-time", "next-segment", "previous-segment", "pause-board",
        "add-time", "orders-in-early"]
    qtbot.keyClick(panel.board_table, Qt.Key.Key_H)
    state = stored(main.app.db, 3)
    # saved at once, sealed (issue 17): the plain field stays empty, the sealed one opens here
    assert state["hidden_end"] is None and state["hidden_end_sealed"]["sealed"] == 1
    assert clock_service.load_clock(main.app.db, 3, time).hidden_end is not None
    assert state["log"][-1]["action"] == "hidden-end-set"


def test_reopening_the_file_shows_the_same_deadline_to_the_millisecond(clock_main, qtbot,
                                                                       path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    space(qtbot, page)
    time.advance(61.125)
    qtbot.keyClick(page.panel.board_table, Qt.Key.Key_Plus)
    deadline = page.panel.clock.central.deadline
    left = page.panel.clock.view().central.seconds_left
    main.app.close_file()  # the objects go ...
    assert page.panel is None
    time.advance(30.5)  # ... time passes ...
    open_clock(main, qtbot, path)  # ... and the file brings the clock back
    restored = page.panel.clock
    assert restored.central.deadline == pytest.approx(deadline, abs=1e-3)
    assert restored.view().central.seconds_left == pytest.approx(left - 30.5, abs=1e-3)
    assert page.panel.time_label.text() == "14:29"  # 900 - 61.125 + 60 - 30.5 = 868.4 s


def test_a_paused_clock_is_still_paused_after_a_restart(clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    space(qtbot, page)
    time.advance(100)
    space(qtbot, page)
    main.app.close_file()
    time.advance(5000)
    open_clock(main, qtbot, path)
    assert page.panel.state_label.text() == "PAUSED"
    assert page.panel.time_label.text() == "13:20"
    space(qtbot, page)
    assert page.panel.clock.central.running


def test_the_projector_shows_the_rounds_board_call_and_standings(clock_main, qtbot,
                                                                 path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    boards = rounds.all_boards(main.app.db, 3)
    projector = page.panel.open_projector()
    try:
        call = projector.board_call
        assert call.title == "Round 3 \u2014 board call"
        assert [number for number, _ in call.boards] == [b.number for b in boards]
        first_seats = [(s.power, s.player) for s in call.boards[0][1]]
        assert first_seats == [(s.power, s.player_name) for s in boards[0].seats]
        by_name = [row[0] for row in call.by_name()]
        assert by_name == sorted(by_name, key=str.casefold) and len(by_name) == 49
        # WDC 2025 II.2.a: "The specific ranking of individual players will not be made
        # public": before round 4 is over the room sees no ranking.
        assert projector.standings.title == "The ranking is not shown before the end of round 4"
        assert projector.standings.rows == ()
        # The TD unticks the format's "ranking stays private": the standings show.
        fmt = formats.effective_format(main.app.db)
        assert fmt.pool is not None and fmt.pool.ranking_private
        public = replace(fmt, pool=replace(fmt.pool,
                                                                   ranking_private=False))
        main.app.call(formats.save_custom_format, public, "wdc-2025")
        standings = projector.standings
        assert standings.title == "Standings after round 2"
        assert [row.rank for row in standings.rows] == sorted(r.rank for r in standings.rows)
        assert standings.rows[0].rank == 1 and len(standings.rows) >= 40
        # A renamed player shows at once in the board call and the standings.
        rename(main, boards[0].seats[0].player_id, "Zebedee Renamed")
        assert projector.board_call.boards[0][1][0].player == "Zebedee Renamed"
        assert "Zebedee Renamed" in {row.player for row in projector.standings.rows}
    finally:
        page.panel.close_projector()


def rename(main, player_id: int, name: str) -> None:
    player = player_service.get_player(main.app.db, player_id)
    data = player_service.PlayerData(
        **{f: getattr(player, f) for f in ("name", "home_town", "country")})
    main.app.call(player_service.update_player, player.id, replace(data, name=name),
                  player.version)


def test_changes_made_while_another_page_shows_reach_the_projector_on_return(
        clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    seat = rounds.all_boards(main.app.db, 3)[2].seats[4]
    main.window.show_page("Players")
    rename(main, seat.player_id, "Aaron Aardvark")
    main.window.show_page("Clock")
    projector = page.panel.open_projector()
    try:
        assert projector.board_call.boards[2][1][4].player == "Aaron Aardvark"
        assert projector.board_call.by_name()[0][0] == "Aaron Aardvark"
    finally:
        page.panel.close_projector()


def test_f5_opens_the_projector_and_the_ticker_is_kept_in_the_file(clock_main, qtbot,
                                                                   path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    qtbot.keyClick(page.panel.board_table, Qt.Key.Key_F5)
    projector = page.panel.projector
    assert projector is not None and projector.isVisible()
    page.panel.ticker_edit.setFocus()
    qtbot.keyClicks(page.panel.ticker_edit, "Lunch at 13:00 in the Orangery")
    qtbot.keyClick(page.panel.ticker_edit, Qt.Key.Key_Return)
    assert projector.ticker == "Lunch at 13:00 in the Orangery"
    assert clock_service.page_data(main.app.db, 3)["ticker"] == "Lunch at 13:00 in the Orangery"
    qtbot.keyClick(page.panel.board_table, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    assert page.panel.projector is None
    main.app.close_file()
    open_clock(main, qtbot, path)
    assert page.panel.ticker_edit.text() == "Lunch at 13:00 in the Orangery"


def test_projector_theme_and_rotation_are_kept_and_carry_to_the_next_round(
        clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    page.panel.theme_box.setCurrentText("high-contrast")
    page.panel.rotate_box.setChecked(True)
    assert clock_service.page_data(main.app.db, 3) == {
        "ticker": "", "theme": "high-contrast", "rotate": True}
    main.app.close_file()
    open_clock(main, qtbot, path)
    assert page.panel.theme_box.currentText() == "high-contrast"
    assert page.panel.rotate_box.isChecked()
    projector = page.panel.open_projector()
    try:
        assert projector.theme.name == "high-contrast"
        assert projector.rotation == ("clock", "board-call", "board-call-by-name", "standings")
    finally:
        page.panel.close_projector()
    page.round_box.activated.emit(page.round_box.findData(4))  # round 4 has none of its own
    assert page.panel.theme_box.currentText() == "high-contrast"


def test_a_clock_found_running_rings_its_alerts_before_the_page_is_visited(
        clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    space(qtbot, page)
    main.app.close_file()
    main.window.show_page("Tournament")
    assert main.app.open_file(path)
    assert main.window.current_page_name() == "Tournament"
    assert page.panel is not None and panel_timer(page).isActive()
    time.advance(900 - 30)
    qtbot.waitUntil(lambda: any("one minute left" in a for a in page.panel.alerts), timeout=2000)


def test_a_save_that_fails_is_said_on_the_page(clock_main, qtbot, path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)

    def refuse(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(clock_service, "save_clock", refuse)
    space(qtbot, page)
    assert page.save_state.isVisible()
    assert page.save_state.text() == "The clock could not be saved in the file: disk full"
    monkeypatch.undo()
    space(qtbot, page)
    assert not page.save_state.isVisible()
    assert [e["action"] for e in stored(main.app.db, 3)["log"]] == ["start", "pause"]


def test_choosing_another_round_shows_and_saves_its_own_clock(clock_main, qtbot,
                                                              path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    space(qtbot, page)
    page.round_box.setCurrentIndex(page.round_box.findData(4))
    page.round_box.activated.emit(page.round_box.currentIndex())
    assert page.round_number == 4
    assert not page.panel.clock.central.started and page.panel.clock.boards == {}
    assert page.panel.board_table.hasFocus()
    qtbot.keyClick(page.panel.board_table, Qt.Key.Key_Plus)
    assert [e["action"] for e in stored(main.app.db, 4)["log"]] == ["add-time"]
    assert [e["action"] for e in stored(main.app.db, 3)["log"]] == ["start"]
    page.round_box.activated.emit(page.round_box.findData(3))
    assert page.round_number == 3 and page.panel.clock.central.running


def test_a_board_call_published_while_the_clock_shows_joins_the_clock(clock_main, qtbot,
                                                                      path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    page.round_box.activated.emit(page.round_box.findData(4))
    space(qtbot, page)
    assert page.panel.clock.boards == {}
    ids = [row.player_id for row in rollcall.roll_call(main.app.db, 4)][:14]
    plans = [rounds.BoardPlan(n, dict(zip(("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY",
                                            "RUSSIA", "TURKEY"), ids[(n - 1) * 7:n * 7],
                                           strict=True))) for n in (1, 2)]
    main.app.call(rounds.save_board_call, 4, plans)
    assert sorted(page.panel.clock.boards) == [1, 2]
    assert page.panel.board_table.rowCount() == 2
    assert sorted(b["board"] for b in stored(main.app.db, 4)["boards"]) == [1, 2]
    assert page.round_box.currentText() == "Round 4 \u2014 Board call published, 2 boards"


def test_timers_stop_when_the_page_hides_with_an_idle_clock_and_when_the_file_closes(
        clock_main, qtbot, path: Path) -> None:
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    timer = panel_timer(page)
    assert timer.isActive()
    main.window.show_page("Players")
    assert not timer.isActive()  # nothing runs: nothing to repaint or ring
    main.window.show_page("Clock")
    assert timer.isActive()
    space(qtbot, page)
    main.window.show_page("Players")
    assert timer.isActive()  # a running clock still rings its alerts from another page
    main.window.show_page("Clock")
    page.panel.open_projector()
    projector = page.panel.projector
    main.app.close_file()
    assert page.panel is None and not projector.isVisible()
    assert not timer.isActive() and not projector.findChild(QTimer).isActive()
    assert not any(t.isActive() for t in page.findChildren(QTimer))


def test_screenshots_of_the_page_and_the_projector(clock_main, qtbot, path: Path,
                                                   tmp_path: Path) -> None:
    main, page, time = clock_main
    out = screens.folder("clockpage")
    open_clock(main, qtbot, path)
    panel = page.panel
    space(qtbot, page)
    time.advance(200)
    panel.select_board(3)
    qtbot.keyClick(panel.board_table, Qt.Key.Key_E)  # board 3: orders in early
    panel.select_board(5)
    qtbot.keyClick(panel.board_table, Qt.Key.Key_P)  # board 5 paused
    panel.select_board(6)
    qtbot.keyClick(panel.board_table, Qt.Key.Key_Period)  # board 6 given a minute
    time.advance(330)
    panel.ticker_edit.setText("Lunch is served in the Orangery from 12:30 \u2014 round 4 at 14:00")
    panel.refresh()
    main.window.resize(1280, 800)
    qtbot.wait(50)
    written = [out / "clock-page-1280x800.png"]
    assert main.window.grab().save(str(written[0]))
    projector = panel.open_projector()
    try:
        for view in ("clock", "board-call", "board-call-by-name", "standings"):
            projector.set_rotation([view])
            projector.resize(1920, 1080)
            projector.refresh()
            target = out / f"projector-{view}-1920x1080.png"
            assert projector.grab().save(str(target))
            written.append(target)
    finally:
        panel.close_projector()
    for target in written:
        image = QImage(str(target))
        assert not image.isNull() and image.width() >= 1280


def test_start_the_clock_again_after_trying_it_out(clock_main, qtbot, path: Path,
                                                  dialog_answers) -> None:
    """QA: a clock started to try the projector before the round stayed expired ("+17:26 TIME
    UP" in order writing) when the round really began; only PgUp/Home could undo it, segment by
    segment. The button asks first (No by default) and the file holds the fresh clock."""
    main, page, time = clock_main
    open_clock(main, qtbot, path)
    assert page.reset_button.isEnabled()
    space(qtbot, page)
    time.advance(20 * 60)
    page.panel.refresh()
    assert page.panel.state_label.text() != "READY"
    dialog_answers.next_answer = dialog_answers.next_answer.No
    assert not page.reset_clock()
    assert stored(main.app.db, 3)["log"]  # nothing dropped
    dialog_answers.next_answer = dialog_answers.next_answer.Yes
    assert page.reset_clock()
    kind, title, text = dialog_answers.shown[-1]
    assert (kind, title) == ("question", "Start the clock again")
    assert "back to Spring 1901" in text and "not in the middle of play" in text
    assert page.panel.state_label.text() == "READY"
    assert page.panel.time_label.text() == "15:00"
    state = stored(main.app.db, 3)
    assert state["log"] == [] and state["central"]["deadline"] is None
    assert len(page.panel.clock.boards) == 7
    assert page.last_action.text() == "No adjustments yet"
    # QA: the button kept the focus after a click, so the next Space asked again
    assert page.reset_button.focusPolicy() == Qt.FocusPolicy.NoFocus
    qtbot.waitUntil(lambda: page.panel.board_table.hasFocus())
    space(qtbot, page)
    assert page.panel.state_label.text() == "RUNNING"


def test_a_hidden_end_sealed_on_another_laptop_is_said_and_a_key_import_reads_it(
        clock_main, qtbot, path: Path, tmp_path: Path, monkeypatch, dialog_answers) -> None:
    """Issue 17: the hidden end time is sealed with the TD's own key; the other laptop says so in
    words and reads it once the TD's key is imported (Hidden end time: Key… > Import)."""
    from PySide6.QtWidgets import QFileDialog

    from tdapp.services import sealed
    from tdapp.services.files import open_tournament

    main, page, time = clock_main
    monkeypatch.setenv("TDAPP_SETTINGS_DIR", str(tmp_path / "td-laptop"))
    with open_tournament(path) as db:
        clock = clock_service.load_clock(db, 3, time)
        clock.set_hidden_end(START + 4 * 3600)
        clock_service.save_clock(db, 3, clock)
    key = sealed.export_key(tmp_path / "td-key.json")
    monkeypatch.setenv("TDAPP_SETTINGS_DIR", str(tmp_path / "assistant-laptop"))
    page = open_clock(main, qtbot, path)
    assert page.panel.clock.hidden_end is None
    assert page.panel.hidden_end_label.text() == "Cannot read the hidden end time"
    label = page.panel.hidden_end_warning.text()
    assert page.panel.hidden_end_warning.isVisible()
    assert "cannot be read here" in label and "Import the key" in label
    import os
    if os.environ.get("TDAPP_SHOTS"):
        page.panel.grab().save(os.path.join(os.environ["TDAPP_SHOTS"], "hidden-end-notice.png"))
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(key), "")))
    page.panel._import_key()
    assert dialog_answers.shown[-1][1] == "Key imported"
    assert page.panel.clock.hidden_end == START + 4 * 3600
    assert not page.panel.hidden_end_warning.isVisible()
    assert page.panel.hidden_end_label.text().startswith("Ends at")
