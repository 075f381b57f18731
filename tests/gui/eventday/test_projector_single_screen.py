"""Issue 14: on a single screen the projector covered the TD's window and could not be closed
with Esc or Alt+F4, because it never took the focus."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock
from tdapp.gui.clock.projector import ProjectorWindow
from tests.gui import screens


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


def test_board_call_draws_every_board_at_one_size(qtbot) -> None:
    """Issue 14: the board-call projector drew board 8 smaller (its long name shrank it)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from tdapp.core.powers import POWERS
    from tdapp.gui.clock.content import BoardCall, BoardSeat

    (window,) = make(qtbot)
    boards = tuple((n, tuple(BoardSeat(p, f"Player {n}{i}") for i, p in enumerate(POWERS)))
                   for n in range(1, 9))
    long_name = "Maximiliana Alexandrovna Konstantinopoulou-Wittgenstein"
    boards = boards[:7] + ((8, (BoardSeat("AUSTRIA", long_name),) + boards[7][1][1:]),)
    window.set_board_call(BoardCall("Round 4 board call", boards))
    sizes: list[int] = []
    draw_rows = window._draw_rows

    def seen(painter, area, rows, widths, lines, right_aligned=(), size=None):
        sizes.append(size)
        draw_rows(painter, area, rows, widths, lines, right_aligned, size)

    window._draw_rows = seen
    image = QImage(1280, 720, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    window._draw_board_call(painter, QRectF(0, 0, 1280, 720))
    painter.end()
    assert len(sizes) == 8 and len(set(sizes)) == 1 and sizes[0] >= 14  # not the long name's
    assert image.save(str(screens.path("eventday/board-call-8.png")))
