"""The operator panel: keyboard shortcuts, per-board controls, hidden end, alerts, projector."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from datetime import time as dtime

import pytest
from PySide6.QtCore import QDate, Qt, QTime
from PySide6.QtWidgets import QPushButton, QWidget

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock
from tdapp.gui.clock.operator_panel import OperatorPanel
from tests.gui import screens


@pytest.fixture
def panel_for(qtbot):
    made = []

    def build(name="wdc-2025", boards=(1, 2, 3), first=1901):
        time = FakeTime(1_750_000_000.0)
        clock = new_round_clock(get_clock_format(name), time, boards, first=first)
        panel = OperatorPanel(clock, rng=lambda: random.Random(4))
        qtbot.addWidget(panel)
        panel.show()
        qtbot.waitExposed(panel)
        with qtbot.waitActive(panel):
            panel.activateWindow()
        panel.board_table.setFocus()
        made.append(panel)
        return panel, clock, time

    yield build
    for panel in made:
        panel.close()


def key(qtbot, panel, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(panel.board_table, key, modifier)


def test_shortcuts_are_written_on_the_buttons(panel_for) -> None:
    panel, _, _ = panel_for()
    texts = [b.text() for b in panel.findChildren(QPushButton)]
    for expected in ("Start / pause  [Space]", "+1 min  [+]", "Next segment  [PgDown]",
                     "Orders in early  [E]", "Set  [H]", "Sound test  [T]"):
        assert expected in texts


def test_space_starts_and_pauses_and_plus_minus_change_time(qtbot, panel_for) -> None:
    panel, clock, time = panel_for()
    with qtbot.waitSignal(panel.changed):
        key(qtbot, panel, Qt.Key.Key_Space)
    assert clock.central.running
    time.advance(100)
    key(qtbot, panel, Qt.Key.Key_Plus)
    key(qtbot, panel, Qt.Key.Key_Plus)
    key(qtbot, panel, Qt.Key.Key_Minus)
    assert clock.view().central.seconds_left == 900 - 100 + 60
    key(qtbot, panel, Qt.Key.Key_Space)
    assert not clock.central.running
    assert panel.state_label.text() == "PAUSED"
    assert panel.time_label.text() == "14:20"
    key(qtbot, panel, Qt.Key.Key_PageDown)
    assert clock.view().central.kind == "order-writing"
    key(qtbot, panel, Qt.Key.Key_PageUp)
    assert clock.view().central.kind == "negotiation"
    actions = [e.action for e in clock.log]
    assert actions == ["start", "add-time", "add-time", "add-time", "pause", "next-segment",
                       "previous-segment"]
    assert panel.log_list.count() == len(actions)


def test_per_board_controls(qtbot, panel_for) -> None:
    panel, clock, time = panel_for("wdc-2025", boards=(1, 2, 3))
    key(qtbot, panel, Qt.Key.Key_Space)
    panel.select_board(2)
    key(qtbot, panel, Qt.Key.Key_P)
    assert not clock.timer_of(2).running
    key(qtbot, panel, Qt.Key.Key_P)
    assert clock.timer_of(2).running
    key(qtbot, panel, Qt.Key.Key_Period)
    key(qtbot, panel, Qt.Key.Key_Period)
    key(qtbot, panel, Qt.Key.Key_Comma)
    assert clock.boards[2].added == 60
    key(qtbot, panel, Qt.Key.Key_Plus, Qt.KeyboardModifier.ShiftModifier)  # "+" typed with Shift
    assert clock.boards[2].added == 60 and clock.log[-1].board is None
    panel.select_board(3)
    key(qtbot, panel, Qt.Key.Key_E)
    view = clock.view().board(3)
    assert view.orders_in_early and view.timer.kind == "order-writing"
    panel.refresh()
    assert panel.board_table.item(2, 3).text() == "ORDERS IN"
    assert panel.selected_board() == 3


def test_errors_show_in_the_panel_not_as_a_traceback(qtbot, panel_for) -> None:
    panel, clock, _ = panel_for("wdc-2018")
    panel.select_board(1)
    panel.grace_player.setText("FRANCE")
    key(qtbot, panel, Qt.Key.Key_G)
    assert "no grace periods" in panel.message.text()
    key(qtbot, panel, Qt.Key.Key_E)
    assert "early adjudication" in panel.message.text()


def test_grace_for_a_player(qtbot, panel_for) -> None:
    panel, clock, time = panel_for("edc-2026")
    key(qtbot, panel, Qt.Key.Key_Space)
    panel.select_board(1)
    panel.grace_player.setText("AUSTRIA")
    key(qtbot, panel, Qt.Key.Key_G)
    assert "AUSTRIA" in clock.boards[1].graces
    assert panel.board_table.item(0, 6).text() == "AUSTRIA 120s"


def test_hidden_end_time_set_drawn_and_shown_only_here(qtbot, panel_for, dialog_answers) -> None:
    panel, clock, time = panel_for("wdc-2025", first=1906)
    today = datetime.fromtimestamp(time.now()).date()
    panel.end_day.setDate(QDate(today.year, today.month, today.day))
    panel.end_at.setTime(QTime(23, 45))  # later that day, outside 13:30-15:30: the TD says Yes
    key(qtbot, panel, Qt.Key.Key_H)
    assert [kind for kind, _t, _x in dialog_answers.shown] == ["question"]
    # the day is hidden too (it says which afternoon); "Ends at" now names the day
    assert panel.hidden_end_label.text().startswith("Ends at \u2022\u2022\u2022 \u2022\u2022:")
    key(qtbot, panel, Qt.Key.Key_H,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)  # the TD looks
    assert panel.hidden_end_label.text().startswith(
        f"Ends at {today.strftime('%A')} {today.day} {today.strftime('%B')}, 23:45")
    assert clock.view(operator=False).hidden_end is None
    key(qtbot, panel, Qt.Key.Key_H, Qt.KeyboardModifier.ShiftModifier)
    drawn = clock.hidden_end
    earliest = panel._instant_today(panel.end_earliest)
    latest = panel._instant_today(panel.end_latest)
    assert earliest <= drawn <= latest
    projector = panel.open_projector()
    projector.refresh()
    assert projector.view.hidden_end is None
    panel.close_projector()


def test_alerts_sound_and_mute(qtbot, panel_for) -> None:
    panel, clock, time = panel_for("wdc-2025", boards=())
    key(qtbot, panel, Qt.Key.Key_Space)
    time.advance(845)
    panel.refresh()
    assert panel.player.played == ["one-minute"]
    assert "one minute left (room)" in panel.alert_list.item(0).text()
    key(qtbot, panel, Qt.Key.Key_M)
    assert panel.mute_box.isChecked() and panel.player.muted
    time.advance(60)
    panel.refresh()
    assert panel.player.played[-1] == "order-writing"
    assert panel.player.play("time-up") is False  # muted
    key(qtbot, panel, Qt.Key.Key_T)
    assert "Sound test played" in panel.message.text()


def test_projector_opens_and_closes_with_the_panel(qtbot, panel_for) -> None:
    panel, clock, _ = panel_for()
    projector = panel.open_projector()
    qtbot.waitExposed(projector)
    assert projector.isFullScreen()
    panel.ticker_edit.setText("Round 2 starts at 14:00")
    qtbot.keyClick(panel.ticker_edit, Qt.Key.Key_Return)
    assert projector.ticker == "Round 2 starts at 14:00"
    panel.theme_box.setCurrentText("high-contrast")
    assert projector.theme.name == "high-contrast"
    panel.rotate_box.setChecked(True)
    assert len(projector.rotation) == 4
    panel.close()
    assert panel.projector is None


def test_panel_timer_stops_when_hidden(panel_for) -> None:
    panel, _, _ = panel_for()
    timer = panel._timer
    assert timer.isActive()
    panel.hide()
    assert not timer.isActive()


def test_restored_clock_shows_the_right_time_at_once(panel_for) -> None:
    panel, clock, time = panel_for("edc-2026")
    clock.start()
    time.advance(500)
    saved = clock.to_dict()
    from tdapp.core.clock import RoundClock

    panel.set_clock(RoundClock.from_dict(saved, time))
    assert panel.time_label.text() == "7:40"


def test_board_call_and_standings_reach_the_projector(panel_for) -> None:
    from tdapp.gui.clock.content import BoardCall, BoardSeat, StandingRow, Standings

    panel, _, _ = panel_for()
    call = BoardCall("Round 4", ((1, (BoardSeat("ITALY", "Ann"),)),))
    panel.set_board_call(call)
    panel.set_standings(Standings("After round 3", (StandingRow(1, "Ann", 99.5),)))
    projector = panel.open_projector()
    assert projector.board_call == call and projector.standings.rows[0].player == "Ann"
    panel.set_board_call(BoardCall("Round 5"))
    assert projector.board_call.title == "Round 5"
    panel.close_projector()


def test_the_operator_sees_which_boards_can_finish_their_fall(qtbot, panel_for) -> None:
    panel, clock, time = panel_for("wdc-2018", boards=(1,))
    clock.start()
    clock.set_hidden_end(time.now() + 1080 + 960 + 10)
    panel.refresh()
    assert panel.board_table.item(0, 7).text() == "F1901M deadline before the end"
    clock.add_time(60, board=1)
    panel.refresh()
    assert panel.board_table.item(0, 7).text() == "F1901M deadline too late"
    time.advance(3000)
    with qtbot.waitSignal(panel.changed, timeout=1000):
        panel.refresh()
    assert panel.board_table.item(0, 7).text() == "game ends now: scored on the starting position"
    assert panel.verdict_list.count() == 1
    assert panel.state_label.text() == "ROUND OVER"


def test_board_alerts_are_listed_and_ring_only_when_asked(qtbot, panel_for) -> None:
    panel, clock, time = panel_for("dbn-2025", boards=(4,))
    key(qtbot, panel, Qt.Key.Key_Space)
    clock.add_time(-700, board=4)
    panel.refresh()
    time.advance(200)  # board 4's negotiation ends; the room has ten minutes left
    panel.refresh()
    assert panel.player.played == []
    assert "time up (board 4)" in panel.alert_list.item(0).text()
    panel.board_sound_box.setChecked(True)
    time.advance(180)  # board 4's retreat clock ends
    panel.refresh()
    assert panel.player.played == ["time-up"]


def test_with_the_real_clock_the_panel_counts_down(qtbot) -> None:
    from tdapp.core.clock import SystemTime

    clock = new_round_clock(get_clock_format("wdc-2025"), SystemTime(), (1,))
    panel = OperatorPanel(clock)
    qtbot.addWidget(panel)
    panel.show()
    clock.start()
    qtbot.waitUntil(lambda: panel.time_label.text() == "14:59", timeout=3000)
    assert panel.board_table.item(0, 2).text() in ("14:59", "14:58")
    panel.close()


def test_embedded_as_a_page_alerts_ring_while_another_page_shows(qtbot) -> None:
    from PySide6.QtWidgets import QLabel, QStackedWidget

    time = FakeTime()
    clock = new_round_clock(get_clock_format("wdc-2018"), time)
    window = QStackedWidget()
    qtbot.addWidget(window)
    panel = OperatorPanel(clock)
    window.addWidget(panel)
    other = QLabel("results entry")
    window.addWidget(other)
    window.show()
    qtbot.waitExposed(window)
    clock.start()
    panel._timer.timeout.emit()  # a repaint sees the clock running
    window.setCurrentWidget(other)  # the TD goes to another page
    assert not panel.isVisible() and panel._timer.isActive()
    time.advance(1080 - 30)
    panel._timer.timeout.emit()
    assert panel.player.played == ["one-minute"]
    window.close()  # the main window closes: no timer survives it
    assert not panel._timer.isActive()


@pytest.mark.parametrize(("name", "header"), [("wdc-2025", "Vs other boards"),
                                              ("wdc-2018", "Vs room")])
def test_board_table_says_what_a_board_is_compared_with(panel_for, name, header) -> None:
    """QA: with a clock per board (WDC 2025) the column read "Vs room" though each board is
    compared with the middle board, and said "level" beside a room clock far away."""
    panel, _clock, _time = panel_for(name)
    panel.refresh()
    assert panel.board_table.horizontalHeaderItem(4).text() == header


def test_hidden_end_drawn_in_the_evening_is_for_the_next_afternoon(qtbot, panel_for) -> None:
    """Seed 001 II.5.b: "Round 4 will have a set end time, known only to the TDs, between 1:30pm
    and 3:30pm." Drawn at 21:00 the evening before, it is tomorrow's afternoon: the projector
    showed TIME UP before round 4 began when it was taken as today's."""
    panel, clock, time = panel_for("wdc-2025")
    evening = datetime.combine(datetime.fromtimestamp(time.now()).date(), dtime(21, 0))
    time.advance(evening.timestamp() - time.now())
    panel.close()
    panel = OperatorPanel(clock, rng=lambda: random.Random(4))
    qtbot.addWidget(panel)
    tomorrow = evening.date() + timedelta(days=1)
    assert panel.end_day.date().toPython() == tomorrow
    panel._do(panel._draw_hidden_end)
    drawn = datetime.fromtimestamp(clock.hidden_end)
    assert drawn.date() == tomorrow and dtime(13, 30) <= drawn.time() <= dtime(15, 30)
    time.advance(3600)
    assert not clock.view(operator=True).round_called  # not before its moment
    clock.start()  # round 4 begins
    time.advance(clock.hidden_end - time.now())
    assert clock.view(operator=True).round_called


def test_a_hidden_end_outside_the_window_is_asked_and_no_leaves_it_unset(
        qtbot, panel_for, dialog_answers) -> None:
    """Seed 001 II.5.b: "Round 4 will have a set end time, known only to the TDs, between 1:30pm
    and 3:30pm." "End at" 08:30 was set without a word: now the TD is asked, and No sets
    nothing; a time inside the window is set without a question."""
    from PySide6.QtWidgets import QMessageBox

    panel, clock, time = panel_for("wdc-2025")
    tomorrow = datetime.fromtimestamp(time.now()).date() + timedelta(days=1)
    panel.end_day.setDate(QDate(tomorrow.year, tomorrow.month, tomorrow.day))
    panel.end_at.setTime(QTime(8, 30))
    dialog_answers.next_answer = QMessageBox.StandardButton.No
    key(qtbot, panel, Qt.Key.Key_H)
    assert clock.hidden_end is None
    kind, _title, text = dialog_answers.shown[-1]
    assert kind == "question"
    assert "08:30 is outside the format's window for the hidden end time, 13:30 to 15:30" in text
    assert "not set" in panel.message.text()
    panel.resize(1280, 800)
    screens.save(panel, "clock/hidden-end-outside-window-refused.png")
    panel.end_earliest.setTime(QTime(7, 0))  # a draw from a window reaching outside is asked too
    key(qtbot, panel, Qt.Key.Key_H, Qt.KeyboardModifier.ShiftModifier)
    assert clock.hidden_end is None and len(dialog_answers.shown) == 2
    panel.end_at.setTime(QTime(14, 10))
    key(qtbot, panel, Qt.Key.Key_H)
    assert clock.hidden_end is not None and len(dialog_answers.shown) == 2


def test_a_moment_already_past_is_refused_in_words(qtbot, panel_for) -> None:
    panel, clock, time = panel_for("wdc-2025")
    yesterday = datetime.fromtimestamp(time.now()).date() - timedelta(days=1)
    panel.end_day.setDate(QDate(yesterday.year, yesterday.month, yesterday.day))
    key(qtbot, panel, Qt.Key.Key_H)
    assert clock.hidden_end is None
    assert "already passed" in panel.message.text()


def test_the_hidden_end_controls_do_not_overlap(panel_for) -> None:
    """The day of the hidden end time was laid over the Show box (both in one grid cell): a TD
    saw "Show" and the date printed on top of each other."""
    from PySide6.QtWidgets import QGroupBox

    panel, _clock, _time = panel_for()
    box = panel.end_day.parentWidget()
    assert isinstance(box, QGroupBox)
    shown = [w for w in box.findChildren(QWidget) if w.parentWidget() is box and w.isVisible()]
    assert panel.end_day in shown and panel.reveal_box in shown
    for i, one in enumerate(shown):
        for other in shown[i + 1:]:
            assert not one.geometry().intersects(other.geometry()), (
                one.objectName() or type(one).__name__, other.objectName() or type(other).__name__)
