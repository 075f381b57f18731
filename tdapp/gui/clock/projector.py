"""The projector window: the round clock the whole room reads, on a screen the TD picks.

A separate top-level window, full screen, no cursor, no controls, never takes the keyboard.
It draws what its ``source`` returns (a :class:`ClockView` without the hidden end time);
its timer only asks for a fresh view and repaints. Blinking and view rotation are derived
from a monotonic time function, never counted by the timer.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from datetime import datetime

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QHideEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import QWidget

from tdapp.core.clock.views import BoardView, ClockView, TimerView, format_seconds
from tdapp.gui.clock.content import BoardCall, BoardSeat, Standings
from tdapp.gui.clock.painting import (
    digits_template,
    draw_fitted,
    draw_pill,
    fitted_font,
    widest,
)
from tdapp.gui.theme import PROJECTOR_DARK, PROJECTOR_THEMES, ProjectorTheme, projector_font

CLOCK = "clock"
BOARD_CALL = "board-call"
BOARD_CALL_BY_NAME = "board-call-by-name"
STANDINGS = "standings"
VIEWS = (CLOCK, BOARD_CALL, BOARD_CALL_BY_NAME, STANDINGS)
BLINK_SECONDS = 0.8  # on 0.8 s, off 0.8 s: a slow pulse, far below flashing rates
REPAINT_MS = 200
SCROLL_MS = 40
MAX_BOARDS = 30
_URGENT = ("warning", "expired")


class ProjectorWindow(QWidget):
    def __init__(
        self, source: Callable[[], ClockView], *, theme: str = "dark",
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setWindowTitle("tdapp \u2014 round clock")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)  # the TD's window decides
        self.setCursor(Qt.CursorShape.BlankCursor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.takes_keys = False
        self._source = source
        self._monotonic = monotonic
        self.theme: ProjectorTheme = PROJECTOR_THEMES.get(theme, PROJECTOR_DARK)
        self.view: ClockView | None = None
        self.board_call = BoardCall()
        self.standings = Standings()
        self.ticker = ""
        self._ticker_scrolls = False
        self.rotation: tuple[str, ...] = (CLOCK,)
        self.rotation_seconds = 20.0
        self._rotation_origin = monotonic()
        self._screen_name: str | None = None
        self.lost_screen = False
        self._timer = QTimer(self)
        self._timer.setObjectName("projector-repaint")
        self._timer.setInterval(REPAINT_MS)
        self._timer.timeout.connect(self.refresh)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenRemoved.connect(self._on_screen_removed)
            app.screenAdded.connect(self._on_screen_added)

    # ----------------------------------------------------------- public API
    def set_theme(self, name: str) -> None:
        self.theme = PROJECTOR_THEMES[name]
        self.update()

    def set_board_call(self, board_call: BoardCall) -> None:
        self.board_call = board_call
        self.update()

    def set_standings(self, standings: Standings) -> None:
        self.standings = standings
        self.update()

    def set_ticker(self, text: str) -> None:
        self.ticker = text.strip()
        self.update()

    def set_rotation(self, views: Sequence[str], seconds: float = 20.0) -> None:
        """Views to rotate through; the clock takes over whenever time is nearly up."""
        unknown = [v for v in views if v not in VIEWS]
        if unknown or not views:
            raise ValueError(f"rotation: unknown views {unknown}" if unknown else "rotation: empty")
        self.rotation = tuple(views)
        self.rotation_seconds = max(3.0, float(seconds))
        self._rotation_origin = self._monotonic()
        self.update()

    def current_view_name(self) -> str:
        view = self.view
        if len(self.rotation) == 1:
            return self.rotation[0]
        # Near time-up the room clock takes the screen (boards with their own clocks do not:
        # one of thirty is always near its end).
        if view is not None and (view.round_called or (
                not view.per_board and view.central.status in _URGENT)):
            return CLOCK
        step = int((self._monotonic() - self._rotation_origin) // self.rotation_seconds)
        return self.rotation[step % len(self.rotation)]

    def refresh(self) -> None:
        """Ask for the clock as it is now and repaint. Counts nothing."""
        self.view = self._source()
        # a scrolling ticker needs smooth frames; a still screen five repaints a second
        self._timer.setInterval(SCROLL_MS if self.ticker and self._ticker_scrolls else REPAINT_MS)
        self.update()

    def show_on_screen(self, screen: QScreen | None = None) -> None:
        """Full screen on ``screen`` (the primary one if None)."""
        app = QGuiApplication.instance()
        screen = screen or (app.primaryScreen() if isinstance(app, QGuiApplication) else None)
        if screen is None:
            self.showFullScreen()
            return
        self._screen_name = screen.name()
        self.lost_screen = False
        self._take_keys(self._shares_the_tds_screen(screen))
        self._place_on(screen)

    def _shares_the_tds_screen(self, screen: QScreen) -> bool:
        """One screen for everything: the projector covers the TD's window, so it must be
        closable from the keyboard."""
        return len(QGuiApplication.screens()) <= 1 or screen is QGuiApplication.primaryScreen()

    def _take_keys(self, take: bool) -> None:
        """On a shared screen the projector takes the focus (Esc and Alt+F4 close it); on a
        screen of its own it never steals the keys from the TD's window."""
        self.setWindowFlag(Qt.WindowType.WindowDoesNotAcceptFocus, not take)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, not take)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if take else Qt.FocusPolicy.NoFocus)
        self.takes_keys = take

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape and self.takes_keys:
            self.close()
            return
        super().keyPressEvent(event)

    def blink_on(self) -> bool:
        return int(self._monotonic() / BLINK_SECONDS) % 2 == 0

    # --------------------------------------------------------- screen changes
    def _place_on(self, screen: QScreen) -> None:
        if self.isFullScreen():
            self.showNormal()  # leave full screen before moving, or some platforms ignore it
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        if self.takes_keys:
            self.activateWindow()
            self.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def _on_screen_removed(self, screen: QScreen) -> None:
        """The projector was unplugged: hide rather than land on the TD's private screen."""
        if self._screen_name is not None and screen.name() == self._screen_name:
            self.lost_screen = True
            self.hide()

    def _on_screen_added(self, screen: QScreen) -> None:
        """A screen came back: the same one by name, or any screen but the TD's primary."""
        if not self.lost_screen:
            return
        app = QGuiApplication.instance()
        primary = app.primaryScreen() if isinstance(app, QGuiApplication) else None
        if screen.name() == self._screen_name or screen is not primary:
            self._screen_name = screen.name()
            self.lost_screen = False
            self._place_on(screen)

    # ------------------------------------------------------------ Qt events
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        self.refresh()
        self._timer.start()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        self._timer.stop()
        super().hideEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self._timer.stop()
        super().closeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        if self.view is None:
            self.view = self._source()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.render_to(painter, QRectF(self.rect()))
        painter.end()

    # -------------------------------------------------------------- drawing
    def render_to(self, painter: QPainter, area: QRectF) -> None:
        painter.fillRect(area, self.theme.background)
        margin = area.height() * 0.03
        body = area.adjusted(margin, margin, -margin, -margin)
        if self.ticker:
            band = body.height() * 0.09
            self._draw_ticker(painter, QRectF(body.left(), body.bottom() - band, body.width(),
                                              band))
            body.setBottom(body.bottom() - band * 1.25)
        name = self.current_view_name()
        if name == BOARD_CALL:
            self._draw_board_call(painter, body)
        elif name == BOARD_CALL_BY_NAME:
            self._draw_by_name(painter, body)
        elif name == STANDINGS:
            self._draw_standings(painter, body)
        else:
            self._draw_clock(painter, body)

    def _draw_clock(self, painter: QPainter, area: QRectF) -> None:
        view = self.view
        if view is None:
            return
        boards = self._grid_boards(view)
        if boards:
            top = QRectF(area.left(), area.top(), area.width(), area.height() * 0.36)
            grid = QRectF(area.left(), top.bottom() + area.height() * 0.03, area.width(),
                          area.height() * 0.61)
            if view.per_board:
                self._draw_room_header(painter, top, view)
            else:
                self._draw_central(painter, top, view, compact=True)
            self._draw_grid(painter, grid, boards)
        else:
            self._draw_central(painter, area, view, compact=False)

    def _grid_boards(self, view: ClockView) -> list[BoardView]:
        if view.per_board or view.round_called:  # at the end every board hears its verdict
            boards = list(view.boards)
        else:  # on a central clock only the boards that differ from the room need a tile
            boards = [b for b in view.boards if not b.follows_room or b.draw_vote
                      or b.orders_in_early or b.graces or b.game_over]
        return boards[:MAX_BOARDS]

    def _draw_central(self, painter: QPainter, area: QRectF, view: ClockView, *,
                      compact: bool) -> None:
        theme = self.theme
        timer = view.central
        colour = theme.status_colour(timer.status)
        h = area.height()
        if compact:  # title and next on the left, the digits on the right
            left = QRectF(area.left(), area.top(), area.width() * 0.45, h)
            right = QRectF(left.right() + area.width() * 0.02, area.top(), area.width() * 0.53, h)
            draw_fitted(painter, QRectF(left.left(), left.top(), left.width(), h * 0.34),
                        timer.title, theme.text, align=Qt.AlignmentFlag.AlignLeft)
            self._draw_label(painter, QRectF(left.left(), left.top() + h * 0.40, left.width(),
                                             h * 0.26), view, timer)
            draw_fitted(painter, QRectF(left.left(), left.top() + h * 0.72, left.width(), h * 0.2),
                        _next_text(view), theme.dim, bold=False,
                        align=Qt.AlignmentFlag.AlignLeft)
            self._draw_face(painter, right, view, colour)
            return
        draw_fitted(painter, QRectF(area.left(), area.top(), area.width(), h * 0.13),
                    timer.title, theme.text)
        self._draw_face(painter, QRectF(area.left(), area.top() + h * 0.14, area.width(),
                                        h * 0.56), view, colour)
        self._draw_label(painter, QRectF(area.left(), area.top() + h * 0.72, area.width(),
                                         h * 0.12), view, timer)
        draw_fitted(painter, QRectF(area.left(), area.top() + h * 0.88, area.width(), h * 0.11),
                    _next_text(view), theme.dim, bold=False)

    def _draw_room_header(self, painter: QPainter, area: QRectF, view: ClockView) -> None:
        """Boards that keep their own time: above their grid the room reads the time of day
        (and whether the TD has paused the room or the round is over)."""
        theme = self.theme
        h = area.height()
        left = QRectF(area.left(), area.top(), area.width() * 0.45, h)
        right = QRectF(left.right() + area.width() * 0.02, area.top(), area.width() * 0.53, h)
        draw_fitted(painter, QRectF(left.left(), left.top(), left.width(), h * 0.34),
                    "Each board keeps its own time", theme.text,
                    align=Qt.AlignmentFlag.AlignLeft)
        central = view.central
        if view.round_called or view.all_over or central.status == "paused":
            self._draw_label(painter, QRectF(left.left(), left.top() + h * 0.40, left.width(),
                                             h * 0.26), view, central)
        playing = sum(1 for board in view.boards if not board.game_over)
        draw_fitted(painter, QRectF(left.left(), left.top() + h * 0.72, left.width(), h * 0.2),
                    f"Boards playing: {playing} of {len(view.boards)}", theme.dim, bold=False,
                    align=Qt.AlignmentFlag.AlignLeft)
        if view.round_called:
            self._draw_face(painter, right, view, theme.expired)
            return
        # Dimmer and captioned, so nobody takes the time of day for a countdown.
        caption = QRectF(right.left(), right.top(), right.width(), h * 0.2)
        draw_fitted(painter, caption, "TIME OF DAY", theme.dim, fill=0.7)
        clock_text = datetime.fromtimestamp(view.now).strftime("%H:%M")
        draw_fitted(painter, QRectF(right.left(), caption.bottom(), right.width(), h * 0.8),
                    clock_text, theme.dim, sizing_text="88:88", fill=0.95)

    def _draw_face(self, painter: QPainter, rect: QRectF, view: ClockView,
                   colour: QColor) -> None:
        """The digits; once the hidden end time has come, the words TIME UP instead."""
        if view.round_called:
            draw_fitted(painter, rect, "TIME UP", self.theme.expired, fill=0.6)
            return
        text = view.central.time_text
        draw_fitted(painter, rect, text, colour, sizing_text=digits_template(text), fill=0.95)

    def _draw_label(self, painter: QPainter, rect: QRectF, view: ClockView,
                    timer: TimerView) -> None:
        over = view.round_called or view.all_over  # time up, or every board has its result
        text = "ROUND OVER" if over else timer.label
        if not text:
            return
        status = "expired" if over else timer.status
        colour = self.theme.status_colour(status)
        blinking = status in ("warning", "paused", "expired")
        draw_pill(painter, rect, text, colour, self.theme.label_text,
                  filled=self.blink_on() or not blinking, sizing_text="LAST MINUTE")

    def _draw_grid(self, painter: QPainter, area: QRectF, boards: list[BoardView]) -> None:
        count = len(boards)
        columns = max(1, math.ceil(math.sqrt(count * area.width() / area.height() / 2.2)))
        rows = math.ceil(count / columns)
        gap = min(area.width(), area.height()) * 0.015
        width = (area.width() - gap * (columns - 1)) / columns
        height = (area.height() - gap * (rows - 1)) / rows
        for number, board in enumerate(boards):
            row, column = divmod(number, columns)
            tile = QRectF(area.left() + column * (width + gap), area.top() + row * (height + gap),
                          width, height)
            self._draw_tile(painter, tile, board)

    def _draw_tile(self, painter: QPainter, tile: QRectF, board: BoardView) -> None:
        theme = self.theme
        colour = theme.status_colour(_tile_status(board))
        border = max(2.0, tile.height() * 0.035)
        painter.setPen(QPen(colour, border))
        painter.setBrush(theme.tile)
        radius = tile.height() * 0.08
        painter.drawRoundedRect(tile.adjusted(border / 2, border / 2, -border / 2, -border / 2),
                                radius, radius)
        inner = tile.adjusted(tile.width() * 0.05, tile.height() * 0.06, -tile.width() * 0.05,
                              -tile.height() * 0.06)
        h = inner.height()
        head = QRectF(inner.left(), inner.top(), inner.width(), h * 0.24)
        half = QRectF(head.left(), head.top(), head.width() * 0.42, head.height())
        draw_fitted(painter, half, f"Board {board.board}", theme.text,
                    align=Qt.AlignmentFlag.AlignLeft, sizing_text="Board 88")
        label = _tile_label(board)
        if label:
            blinking = _tile_status(board) in ("warning", "paused", "expired") or board.draw_vote
            draw_pill(painter, QRectF(half.right() + inner.width() * 0.04, head.top(),
                                      inner.width() * 0.54, head.height()),
                      label, colour, theme.label_text, filled=self.blink_on() or not blinking,
                      sizing_text="LAST MINUTE")
        if board.end_verdict is not None and not board.game_over:
            draw_fitted(painter, QRectF(inner.left(), inner.top() + h * 0.3, inner.width(),
                                        h * 0.42), _verdict_text(board), colour)
        elif board.orders_in_early and board.timer.status == "expired":
            draw_fitted(painter, QRectF(inner.left(), inner.top() + h * 0.3, inner.width(),
                                        h * 0.42), "ADJUDICATING", colour)
        elif board.game_over:
            draw_fitted(painter, QRectF(inner.left(), inner.top() + h * 0.3, inner.width(),
                                        h * 0.42), "GAME OVER", colour)
        else:
            draw_fitted(painter, QRectF(inner.left(), inner.top() + h * 0.27, inner.width(),
                                        h * 0.48), board.timer.time_text, colour,
                        sizing_text=digits_template(board.timer.time_text), fill=0.95)
        foot = _tile_footer(board)
        draw_fitted(painter, QRectF(inner.left(), inner.top() + h * 0.78, inner.width(), h * 0.22),
                    foot, theme.dim, bold=False,
                    sizing_text=widest((foot, "Spring 1908 \u00b7 Order writing"), bold=False))

    def _draw_ticker(self, painter: QPainter, band: QRectF) -> None:
        """The announcement line: still when it fits at a readable size, else it scrolls
        (its position is a function of the time, so a late repaint never slows it)."""
        painter.fillRect(band, self.theme.tile)
        painter.setPen(QPen(self.theme.dim, max(1.0, band.height() * 0.04)))
        painter.drawLine(band.topLeft(), band.topRight())
        inner = band.adjusted(band.height() * 0.3, 0, -band.height() * 0.3, 0)
        font = projector_font(max(8, int(band.height() * 0.6)), bold=False)
        width = QFontMetricsF(font).horizontalAdvance(self.ticker)
        if inner.width() < width <= inner.width() / 0.75:  # a little smaller beats scrolling
            font.setPixelSize(max(8, int(font.pixelSize() * inner.width() / width)))
            width = QFontMetricsF(font).horizontalAdvance(self.ticker)
        self._ticker_scrolls = width > inner.width()
        if not self._ticker_scrolls:
            painter.setFont(font)
            painter.setPen(self.theme.text)
            painter.drawText(inner, int(Qt.AlignmentFlag.AlignCenter), self.ticker)
            return
        speed = band.height() * 2.5  # pixels a second
        gap = band.height() * 3
        offset = (self._monotonic() * speed) % (width + gap)
        painter.save()
        painter.setClipRect(inner)
        painter.setFont(font)
        painter.setPen(self.theme.text)
        for start in (inner.left() - offset, inner.left() - offset + width + gap):
            painter.drawText(QRectF(start, inner.top(), width + 2, inner.height()),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                             self.ticker)
        painter.restore()

    def _draw_heading(self, painter: QPainter, area: QRectF, text: str) -> QRectF:
        heading = QRectF(area.left(), area.top(), area.width(), area.height() * 0.1)
        draw_fitted(painter, heading, text, self.theme.text)
        return QRectF(area.left(), heading.bottom() + area.height() * 0.03, area.width(),
                      area.height() * 0.87)

    def _draw_board_call(self, painter: QPainter, area: QRectF) -> None:
        body = self._draw_heading(painter, area, self.board_call.title)
        boards = self.board_call.boards
        if not boards:
            return
        per_page = 12
        page = self._page(len(boards), per_page)
        shown = boards[page * per_page:(page + 1) * per_page]
        columns = min(4, len(shown))
        rows = math.ceil(len(shown) / columns)
        width, height = body.width() / columns, body.height() / rows
        blocks = []
        for index, (number, seats) in enumerate(shown):
            row, column = divmod(index, columns)
            mark = self.board_call.mark(number)  # "Championship pool" on round 4's pool boards
            title = f"Board {number}" + (f" \u2014 {mark}" if mark else "")
            blocks.append((QRectF(body.left() + column * width, body.top() + row * height,
                                  width * 0.94, height * 0.96), title, seats))
        # one size for every board: a long name must not draw its board smaller than the rest
        # (the size most boards fit; a name longer than its cell is cut with an ellipsis)
        sizes = sorted(self._rows_size(*self._block_rows(block, seats))
                       for block, _, seats in blocks)
        size = sizes[len(sizes) // 2]
        for block, title, seats in blocks:
            self._draw_block(painter, block, title, seats, size)

    @staticmethod
    def _block_rows(block: QRectF, seats: Sequence[BoardSeat]
                    ) -> tuple[QRectF, list[tuple[str, ...]], tuple[float, ...], int]:
        line_h = block.height() / (len(seats) + 1.4)
        rows: list[tuple[str, ...]] = [(seat.power.title(), seat.player) for seat in seats]
        area = QRectF(block.left(), block.top() + line_h * 1.4, block.width(),
                      line_h * len(seats))
        return area, rows, (0.34, 0.66), len(seats)

    def _draw_block(self, painter: QPainter, block: QRectF, title: str,
                    seats: Sequence[BoardSeat], size: int | None = None) -> None:
        line_h = block.height() / (len(seats) + 1.4)
        draw_fitted(painter, QRectF(block.left(), block.top(), block.width(), line_h * 1.2),
                    title, self.theme.warning, align=Qt.AlignmentFlag.AlignLeft)
        area, rows, widths, lines = self._block_rows(block, seats)
        self._draw_rows(painter, area, rows, widths, lines, size=size)

    @staticmethod
    def _rows_size(area: QRectF, rows: Sequence[tuple[str, ...]], widths: tuple[float, ...],
                   lines: int) -> int:
        """The one pixel size at which every column of these rows fits its cells."""
        line_h = area.height() / max(lines, 1)
        sizes = []
        for column, fraction in enumerate(widths):
            text = widest((row[column] for row in rows), bold=column == 0)
            cell = QRectF(0, 0, area.width() * fraction * 0.8, line_h)
            sizes.append(fitted_font(text, cell, bold=column == 0, fill=0.7).pixelSize())
        return min(sizes)

    def _draw_rows(self, painter: QPainter, area: QRectF, rows: Sequence[tuple[str, ...]],
                   widths: tuple[float, ...], lines: int,
                   right_aligned: tuple[int, ...] = (), size: int | None = None) -> None:
        """A table without borders: cells of one column share one font size (``size``, when
        given, is the size shared with other tables drawn beside this one)."""
        line_h = area.height() / max(lines, 1)
        fonts = _column_fonts(rows, widths, area.width(), line_h)
        size = min(font.pixelSize() for font in fonts) if size is None else size
        for font in fonts:
            font.setPixelSize(size)
        for index, row in enumerate(rows):
            left = area.left()
            for column, fraction in enumerate(widths):
                shrink = 0.82 if column in right_aligned else 0.94  # a gap after numbers
                cell = QRectF(left, area.top() + index * line_h,
                              area.width() * fraction * shrink, line_h)
                align = (Qt.AlignmentFlag.AlignRight if column in right_aligned
                         else Qt.AlignmentFlag.AlignLeft)
                painter.setFont(fonts[column])
                painter.setPen(self.theme.warning if column == 0 else self.theme.text)
                text = QFontMetricsF(fonts[column]).elidedText(
                    row[column], Qt.TextElideMode.ElideRight, cell.width())
                painter.drawText(cell, int(align | Qt.AlignmentFlag.AlignVCenter), text)
                left += area.width() * fraction

    def _draw_by_name(self, painter: QPainter, area: QRectF) -> None:
        body = self._draw_heading(painter, area, f"{self.board_call.title} \u2014 by name")
        rows = [(player, f"Board {board}", power.title())
                for player, board, power in self.board_call.by_name()]
        self._draw_columns(painter, body, rows, (0.46, 0.2, 0.34))

    def _draw_standings(self, painter: QPainter, area: QRectF) -> None:
        body = self._draw_heading(painter, area, self.standings.title)
        rows = [(row.rank_text, row.player,
                 "" if row.score is None else f"{row.score:g}") for row in self.standings.rows]
        self._draw_columns(painter, body, rows, (0.14, 0.6, 0.26), right_aligned=(0, 2))

    def _draw_columns(self, painter: QPainter, body: QRectF, rows: Sequence[tuple[str, ...]],
                      widths: tuple[float, ...], right_aligned: tuple[int, ...] = ()) -> None:
        """Rows in up to three columns of at most 16 lines, paged as the view rotates."""
        if not rows:
            return
        max_lines, columns = 16, 3
        per_page = max_lines * columns
        page = self._page(len(rows), per_page)
        shown = rows[page * per_page:(page + 1) * per_page]
        used = min(columns, math.ceil(len(shown) / max_lines))
        lines = max(8, math.ceil(len(shown) / used))
        width = body.width() / used
        chunks = [shown[column * lines:(column + 1) * lines] for column in range(used)]
        # One size for every column of the page: a column of short names (the last, often
        # shorter one) must not come out in bigger type than its neighbours.
        size = min(font.pixelSize() for chunk in chunks if chunk
                   for font in _column_fonts(chunk, widths, width * 0.94, body.height() / lines))
        for column, chunk in enumerate(chunks):
            area = QRectF(body.left() + column * width, body.top(), width * 0.94,
                          body.height() * len(chunk) / lines)
            self._draw_rows(painter, area, chunk, widths, len(chunk), right_aligned, size)

    def _page(self, count: int, per_page: int) -> int:
        pages = max(1, math.ceil(count / per_page))
        step = int((self._monotonic() - self._rotation_origin) // max(self.rotation_seconds / 2,
                                                                      3.0))
        return step % pages


def _column_fonts(rows: Sequence[tuple[str, ...]], widths: tuple[float, ...], width: float,
                  line_h: float) -> list[QFont]:
    """For each column of a borderless table, the largest font its widest cell fits in."""
    fonts = []
    for column, fraction in enumerate(widths):
        text = widest((row[column] for row in rows), bold=column == 0)
        cell = QRectF(0, 0, width * fraction * 0.8, line_h)
        fonts.append(fitted_font(text, cell, bold=column == 0, fill=0.7))
    return fonts


def _next_text(view: ClockView) -> str:
    timer = view.central
    if view.round_called:
        return "The round is over \u2014 see your board"
    if timer.next_title is None:
        return "Last segment of the round"
    length = f"{(timer.next_seconds or 0) / 60:g} min"
    if timer.next_optional:
        length += ", if needed"
    when = "Then" if timer.next_starts_at_once else "Next"
    return f"{when}: {timer.next_title} ({length})"


def _tile_status(board: BoardView) -> str:
    """The status whose colour a tile takes; a called round overrides the board's clock."""
    if board.game_over:
        return "finished"
    if board.end_verdict is not None:
        return "warning" if "adjudicated" in board.end_verdict else "expired"
    if board.orders_in_early:
        return "finished"
    return board.status


def _tile_label(board: BoardView) -> str:
    """The tile's pill: the board's state in words, else how it stands against the room."""
    if board.end_verdict is not None and not board.game_over:
        return "ADJUDICATING" if "adjudicated" in board.end_verdict else "TIME UP"
    if board.label:
        return board.label
    relation = {"ahead": "AHEAD", "behind": "BEHIND"}.get(board.relation, "")
    if board.added_seconds:
        sign = "+" if board.added_seconds > 0 else "\u2212"
        extra = f"{sign}{format_seconds(abs(board.added_seconds))}"
        word = "EXTENDED" if board.added_seconds > 0 else "SHORTENED"
        return f"{relation} {extra}" if relation else f"{word} {extra}"
    return relation


def _verdict_text(board: BoardView) -> str:
    return "FINISH THE FALL" if "adjudicated" in (board.end_verdict or "") else "GAME ENDS"


def _tile_footer(board: BoardView) -> str:
    if board.game_over:
        return board.timer.title.split(" \u2014 ")[0]
    if board.graces:  # a player's grace matters more to the board than the phase name
        return "Grace: " + ", ".join(
            f"{g.player.title()} {format_seconds(g.seconds_left)}" for g in board.graces)
    return board.timer.title.replace(" \u2014 ", " \u00b7 ")


__all__ = ["VIEWS", "ProjectorWindow"]
