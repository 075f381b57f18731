"""The board call and the Paris method's turns on the projector.

Reuses the clock's projector window (tdapp.gui.clock): when one is already showing (the clock's
operator panel opened it), the board call is handed to it; otherwise the Boards page opens its
own, showing the call by board and by name in turn. During the Paris method, whose turn it is
is mirrored on any projector that is open.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QApplication

from tdapp.core.clock.views import ClockView, TimerView
from tdapp.gui.clock.content import POOL_MARK, TOP_BOARD_MARK, BoardCall, BoardSeat
from tdapp.gui.clock.projector import BOARD_CALL, BOARD_CALL_BY_NAME, ProjectorWindow

CALL_ROTATION = (BOARD_CALL, BOARD_CALL_BY_NAME)
ROTATION_SECONDS = 15.0


def _idle_view() -> ClockView:
    """No clock runs while boards are called: a still, ready face for the clock view."""
    timer = TimerView(0, "Board call", "", "negotiation", "ready", 0.0, None, None, False)
    return ClockView("", False, timer, (), 0, None, False)


def open_projectors() -> list[ProjectorWindow]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, ProjectorWindow) and w.isVisible()]


def board_call_content(title: str, boards: Sequence[tuple[int, Sequence[tuple[str, str]]]],
                       pool_boards: Collection[int] = (),
                       top_boards: Collection[int] = ()) -> BoardCall:
    """(board number, [(power, player)]) -> the projector's plain board call; the championship
    pool's boards are marked (WDC 2025 round 4), never ranked, and so is the top board (WDC
    2018's final round)."""
    return BoardCall(title, tuple(
        (number, tuple(BoardSeat(power, player) for power, player in seats))
        for number, seats in boards), pool_marks(pool_boards)
        + tuple((number, TOP_BOARD_MARK) for number in sorted(top_boards)))


def pool_marks(pool_boards: Collection[int]) -> tuple[tuple[int, str], ...]:
    return tuple((number, POOL_MARK) for number in sorted(pool_boards))


class SeatingProjector:
    """The projector as the seating screens use it."""

    def __init__(self) -> None:
        self.window: ProjectorWindow | None = None  # our own, when no other was open
        self._saved: dict[int, tuple[tuple[str, ...], float, str, BoardCall]] = {}

    def show_call(self, call: BoardCall) -> ProjectorWindow:
        """Put the board call on the open projector, or open one that shows it."""
        others = [w for w in open_projectors() if w is not self.window]
        if others:
            for window in others:
                window.set_board_call(call)
            return others[0]
        window = self._own()
        window.set_board_call(call)
        window.set_ticker("")
        window.set_rotation(CALL_ROTATION, ROTATION_SECONDS)
        if not window.isVisible():
            window.show_on_screen(_projector_screen())
        return window

    def mirror_turn(self, heading: str, board: int, seats: Sequence[tuple[str, str]],
                    prompt: str) -> bool:
        """Show a Paris-method turn on every open projector; False when none is open."""
        windows = open_projectors()
        for window in windows:
            key = id(window)
            if key not in self._saved:  # give the room its usual views back afterwards
                self._saved[key] = (window.rotation, window.rotation_seconds, window.ticker,
                                    window.board_call)
            window.set_board_call(board_call_content(heading, [(board, seats)]))
            window.set_rotation((BOARD_CALL,))
            window.set_ticker(prompt)
        return bool(windows)

    def end_turns(self) -> None:
        for window in open_projectors():
            saved = self._saved.get(id(window))
            if saved is not None:
                rotation, seconds, ticker, call = saved
                window.set_rotation(rotation, seconds)
                window.set_ticker(ticker)
                window.set_board_call(call)
        self._saved.clear()

    def close(self) -> None:
        self.end_turns()
        if self.window is not None:
            self.window.close()
            self.window.deleteLater()
            self.window = None

    def _own(self) -> ProjectorWindow:
        if self.window is None:
            self.window = ProjectorWindow(_idle_view)
            self.window.setWindowTitle("tdapp \u2014 board call")
        return self.window


def _projector_screen() -> QScreen | None:
    """The second screen when there is one (the projector), else the primary."""
    screens = QGuiApplication.screens()
    return screens[1] if len(screens) > 1 else None
