"""The schedule editor: edit lengths, add and remove segments, reset, apply to a running clock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from tdapp.core.clock import FakeTime, ScheduleError, get_clock_format, new_round_clock
from tdapp.gui.clock.operator_panel import OperatorPanel
from tdapp.gui.clock.schedule_editor import ScheduleEditor, format_length, parse_length


@pytest.mark.parametrize(("text", "seconds"), [("15", 900), ("15:00", 900), ("0:90", 90),
                                               (" 2:30 ", 150)])
def test_lengths(text: str, seconds: int) -> None:
    assert parse_length(text) == seconds
    assert parse_length(format_length(seconds)) == seconds


def test_bad_length() -> None:
    with pytest.raises(ScheduleError, match="length"):
        parse_length("soon")


def test_edit_add_remove_reset(qtbot) -> None:
    fmt = get_clock_format("wdc-2018")
    editor = ScheduleEditor(fmt.schedule(1901, 1902), reset_to=lambda: fmt.schedule(1901, 1902))
    qtbot.addWidget(editor)
    editor.table.item(0, 3).setText("20:00")
    assert editor.schedule()[0].seconds == 1200
    editor.table.selectRow(1)
    editor.add_segment()
    assert editor.table.rowCount() == 5 and editor.schedule()[2] == editor.schedule()[1]
    editor.table.item(2, 2).setText("retreats")
    editor.table.item(2, 3).setText("0:30")
    assert editor.schedule()[2].kind == "retreats" and editor.schedule()[2].seconds == 30
    editor.table.selectRow(2)
    editor.remove_segment()
    assert editor.table.rowCount() == 4
    editor.table.item(3, 1).setText("summer")
    assert editor.apply() is None
    assert editor.message.text().startswith("row 4, season")
    editor.reset()
    assert editor.schedule() == fmt.schedule(1901, 1902)


def test_apply_puts_the_schedule_into_the_running_clock(qtbot) -> None:
    time = FakeTime()
    clock = new_round_clock(get_clock_format("edc-2026"), time, (1,))
    panel = OperatorPanel(clock)
    qtbot.addWidget(panel)
    clock.start()
    editor = panel.open_schedule_editor()
    assert editor.isWindow() and editor.isVisible()
    editor.table.item(1, 3).setText("18:00")
    with qtbot.waitSignal(panel.changed):
        qtbot.mouseClick(_apply_button(editor), Qt.MouseButton.LeftButton)
    assert clock.schedule[1].seconds == 1080
    assert clock.log[-1].action == "schedule-edited"
    panel.close()
    assert not editor.isVisible()


def _apply_button(editor: ScheduleEditor):
    from PySide6.QtWidgets import QPushButton

    return next(b for b in editor.findChildren(QPushButton) if b.text().startswith("Apply"))


def test_the_editor_opens_whole_on_the_screen_over_the_clock(qtbot) -> None:
    """Issue 24 item 12i: the schedule editor opened partly off-screen. It opens over the
    clock's window, moved in as needed to be whole on the screen."""
    clock = new_round_clock(get_clock_format("wdc-2018"), FakeTime(1_750_000_000.0), (1, 2))
    panel = OperatorPanel(clock)
    qtbot.addWidget(panel)
    panel.resize(500, 400)
    panel.show()
    area = panel.screen().availableGeometry()
    for corner in (area.topLeft() + QPoint(150, 150),
                   area.bottomRight() - QPoint(panel.width(), panel.height())):
        panel.move(corner)  # the TD's window anywhere, even in a corner
        editor = panel.open_schedule_editor()
        qtbot.waitExposed(editor)
        frame = editor.frameGeometry()
        assert area.contains(frame), (area, frame)
        # as near the clock's centre as the screen allows
        centre = panel.frameGeometry().center()
        wanted_x = min(max(centre.x() - frame.width() // 2, area.left()),
                       area.right() + 1 - frame.width())
        assert abs(frame.left() - wanted_x) <= 20, (frame, centre)
        editor.close()
