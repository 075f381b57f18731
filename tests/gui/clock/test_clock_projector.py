"""The projector window: what it shows, how it scales and blinks, and that it only repaints."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage

from tdapp.core.clock import FakeTime, get_clock_format, new_round_clock
from tdapp.gui.clock.content import BoardCall, BoardSeat
from tdapp.gui.clock.painting import fitted_font
from tdapp.gui.clock.projector import ProjectorWindow
from tests.gui import screens


class Mono:
    """A hand-moved monotonic clock for blinking and rotation."""

    def __init__(self) -> None:
        self.value = 0.1

    def __call__(self) -> float:
        return self.value


def make(qtbot, name="edc-2026", boards=(), **kwargs):
    time = FakeTime()
    clock = new_round_clock(get_clock_format(name), time, boards, first=1903)
    mono = Mono()
    window = ProjectorWindow(lambda: clock.view(operator=False), monotonic=mono, **kwargs)
    qtbot.addWidget(window)
    return window, clock, time, mono


def image(window: ProjectorWindow, size=(1280, 720)) -> QImage:
    window.resize(*size)
    window.refresh()
    return window.grab().toImage()


def lower(img: QImage, fraction: float = 0.35) -> QImage:
    """The part below the digits (label, next line, ticker): large glyphs may rasterise a
    little differently from one paint to the next, so comparisons stay off the digits."""
    top = int(img.height() * (1 - fraction))
    return img.copy(0, top, img.width(), img.height() - top)


def coloured_columns(img: QImage, colour) -> tuple[int, int]:
    """Leftmost and rightmost x of pixels close to ``colour`` along a few rows."""
    xs = []
    for y in range(0, img.height(), 4):
        for x in range(0, img.width(), 2):
            pixel = img.pixelColor(x, y)
            if (abs(pixel.red() - colour.red()) + abs(pixel.green() - colour.green())
                    + abs(pixel.blue() - colour.blue())) < 30:
                xs.append(x)
    return (min(xs), max(xs)) if xs else (0, 0)


def test_window_is_a_bare_full_screen_display(qtbot) -> None:
    window, *_ = make(qtbot)
    assert window.isWindow()
    assert window.cursor().shape() == Qt.CursorShape.BlankCursor
    assert window.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert window.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert not window.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)
    window.show_on_screen(None)
    qtbot.waitExposed(window)
    assert window.isFullScreen()
    timer = window.findChild(type(window._timer), "projector-repaint")
    assert timer.isActive()
    window.close()
    assert not timer.isActive()


def test_digits_scale_with_the_window(qtbot) -> None:
    window, clock, time, _ = make(qtbot)
    clock.start()
    big = image(window, (1920, 1080))
    small = image(window, (1280, 720))
    left_big, right_big = coloured_columns(big, window.theme.running)
    left_small, right_small = coloured_columns(small, window.theme.running)
    assert right_big - left_big > 0.75 * 1920
    assert right_small - left_small > 0.75 * 1280
    rect_small, rect_big = QRectF(0, 0, 600, 300), QRectF(0, 0, 1200, 600)
    assert fitted_font("88:88", rect_big).pixelSize() > 1.8 * fitted_font("88:88",
                                                                          rect_small).pixelSize()


def test_shows_segment_time_and_what_comes_next(qtbot) -> None:
    window, clock, time, _ = make(qtbot)
    clock.start()
    time.advance(60)
    window.refresh()
    assert window.view.central.title == "Spring 1903 \u2014 Negotiation"
    assert window.view.central.time_text == "15:00"
    assert window.view.central.next_title == "Fall 1903 \u2014 Negotiation"


@pytest.mark.parametrize(("advance", "pause", "label"), [(960 - 30, False, "LAST MINUTE"),
                                                          (100, True, "PAUSED")])
def test_paused_and_last_minute_blink_slowly_with_a_label(
    qtbot, advance: float, pause: bool, label: str
) -> None:
    window, clock, time, mono = make(qtbot)
    clock.start()
    time.advance(advance)
    if pause:
        clock.pause()
    window.refresh()
    assert window.view.central.label == label
    on = lower(image(window))
    mono.value = 0.9  # the other half of the 1.6 s blink
    off = lower(image(window))
    assert on != off
    mono.value = 1.7
    assert lower(image(window)) == on


def test_running_does_not_blink(qtbot) -> None:
    window, clock, time, mono = make(qtbot)
    clock.start()
    first = lower(image(window))
    mono.value = 0.9
    assert lower(image(window)) == first


def test_projector_never_shows_the_hidden_end(qtbot) -> None:
    window, clock, time, _ = make(qtbot, "wdc-2018", boards=(1,))
    clock.start()
    clock.set_hidden_end(time.now() + 600)
    window.refresh()
    assert window.view.hidden_end is None and not window.view.round_called
    time.advance(601)
    window.refresh()
    assert window.view.round_called and window.view.board(1).end_verdict


def test_grid_of_up_to_thirty_boards(qtbot) -> None:
    window, clock, time, _ = make(qtbot, "wdc-2025", boards=range(1, 33))
    clock.start()
    window.refresh()
    assert len(window._grid_boards(window.view)) == 30
    img = image(window, (1920, 1080))
    assert not img.isNull()


def test_central_clock_shows_only_boards_that_differ(qtbot) -> None:
    window, clock, time, _ = make(qtbot, "edc-2026", boards=(1, 2, 3))
    clock.start()
    window.refresh()
    assert window._grid_boards(window.view) == []
    clock.add_time(60, board=2)
    window.refresh()
    assert [b.board for b in window._grid_boards(window.view)] == [2]


def test_views_rotate_but_the_clock_takes_over_near_time_up(qtbot) -> None:
    window, clock, time, mono = make(qtbot)
    window.set_board_call(BoardCall("Round 1", ((1, (BoardSeat("FRANCE", "Ann"),)),)))
    window.set_rotation(["clock", "board-call", "standings"], seconds=10)
    clock.start()
    window.refresh()
    names = []
    for step in range(3):
        mono.value = 0.1 + step * 10 + 1
        names.append(window.current_view_name())
    assert names == ["clock", "board-call", "standings"]
    time.advance(960 - 20)
    window.refresh()
    mono.value = 12
    assert window.current_view_name() == "clock"
    with pytest.raises(ValueError, match="rotation"):
        window.set_rotation(["menu"])


def test_survives_the_projector_being_unplugged_and_replugged(qtbot) -> None:
    window, *_ = make(qtbot)
    screen = window.screen()
    window.show_on_screen(screen)
    qtbot.waitExposed(window)
    window._on_screen_removed(screen)
    assert window.lost_screen and not window.isVisible()
    window._on_screen_added(screen)
    assert not window.lost_screen and window.isVisible() and window.isFullScreen()
    window.close()


def test_timers_only_repaint(qtbot) -> None:
    window, clock, time, _ = make(qtbot)
    clock.start()
    before = clock.to_dict()
    window.show()
    qtbot.wait(700)  # three repaints or so, while the fake time stands still
    assert clock.to_dict() == before
    window.close()


def test_screenshots_in_every_state(qapp) -> None:
    from tests.gui.clock.clock_screens import render_all

    written = render_all(screens.folder("clock"))
    names = {p.name for p in written}
    for state in ("running", "warning", "paused", "expired", "14-boards"):
        for size in ("1920x1080", "1280x720"):
            assert f"projector-{state}-{size}.png" in names
    sizes = {QImage(str(p)).size().toTuple() for p in written}
    assert sizes == {(1920, 1080), (1280, 720)}


def test_a_long_ticker_scrolls_with_time_a_short_one_stands_still(qtbot) -> None:
    window, clock, time, mono = make(qtbot)
    window.set_ticker("Short note")
    first = lower(image(window), 0.1)
    mono.value = 3.0
    assert lower(image(window), 0.1) == first and not window._ticker_scrolls
    window.set_ticker("A very long announcement " * 8)
    first = lower(image(window), 0.1)
    window.refresh()
    assert window._ticker_scrolls and window._timer.interval() == 40
    mono.value = 4.0
    assert lower(image(window), 0.1) != first


def test_at_the_end_time_every_board_gets_a_tile(qtbot) -> None:
    window, clock, time, _ = make(qtbot, "wdc-2018", boards=(1, 2, 3))
    clock.start()
    clock.set_hidden_end(time.now() + 60)
    window.refresh()
    assert window._grid_boards(window.view) == []
    time.advance(61)
    window.refresh()
    assert [b.board for b in window._grid_boards(window.view)] == [1, 2, 3]
