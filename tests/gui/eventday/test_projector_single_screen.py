"""Issue 14: on a single screen the projector covered the TD's window and could not be closed
with Esc or Alt+F4, because it never took the focus."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock
from tdapp.gui.clock.projector import ProjectorWindow


def make(qtbot) -> tuple[ProjectorWindow]:
    clock = new_round_clock(get_clock_format("edc-2026"), FakeTime(), (), first=1903)
    window = ProjectorWindow(lambda: clock.view(operator=False))
    qtbot.addWidget(window)
    return (window,)


def test_on_the_only_screen_the_projector_takes_the_keys_and_esc_closes_it(qtbot) -> None:
    assert len(QGuiApplication.screens()) == 1  # offscreen: one screen, as on a TD's laptop
    window, *_ = make(qtbot)
    window.show_on_screen(None)
    qtbot.waitExposed(window)
    assert window.takes_keys
    assert not window.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus  # Alt+F4 reaches it
    assert window.focusPolicy() == Qt.FocusPolicy.StrongFocus
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isVisible()


def test_a_projector_that_takes_no_keys_ignores_esc(qtbot) -> None:
    """On a screen of its own (never the TD's), Esc is not the projector's to take."""
    window, *_ = make(qtbot)
    window.show()  # as on a second screen: shown without taking the keys
    qtbot.waitExposed(window)
    assert not window.takes_keys
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.isVisible()
    window.close()
