"""The Clock page: the round clock's operator panel for a round of the open tournament.

The page loads the chosen round's clock from the file (by default the round being played) and
writes it back after every operator action, never from a timer, so a crash or a restart shows
the right time at once. It feeds the projector the round's board call and the standings and
keeps them current as boards, results and players change. The page builds widgets and never
calls a service: it says what it needs with its signals, and its controller
(``gui/clock/controller.py``, ``ClockController``) reads and writes the file through the
operation API and pushes the answers back (``set_rounds``, ``show_clock_of``, ``set_content``,
``saved``...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QWidget,
)

from tdapp.core.clock import RoundClock, SystemTime, TimeSource
from tdapp.gui import theme
from tdapp.gui.clock.content import (
    POOL_MARK,
    TOP_BOARD_MARK,
    BoardCall,
    BoardSeat,
    Standings,
)
from tdapp.gui.clock.log_words import stamped
from tdapp.gui.clock.operator_panel import OperatorPanel
from tdapp.gui.common.page import InfoPage
from tdapp.services.rounds import ROUND_STATUSES, BoardRow, RoundRow

TICKER = "ticker"
THEME = "theme"
ROTATE = "rotate"
REFRESH_TIMER = "operator-refresh"  # the operator panel's repaint timer
PANEL_MIN_WIDTH = 560


def board_call_content(round_number: int, boards: list[BoardRow],
                       pool_boards: frozenset[int] = frozenset()) -> BoardCall:
    return BoardCall(
        title=f"Round {round_number} \u2014 board call",
        boards=tuple((b.number, tuple(BoardSeat(s.power, s.player_name) for s in b.seats))
                     for b in boards),
        marks=tuple((n, POOL_MARK) for n in sorted(pool_boards))
        + tuple((b.number, TOP_BOARD_MARK) for b in boards if b.top_board),
    )


class ClockPage(InfoPage):
    """Round chooser above the operator panel; the panel exists while a file is open.

    Each signal is answered by the controller, connected directly, before ``emit`` returns."""

    load_requested = Signal(object)  # a round number, or None for the round being played
    round_requested = Signal(int)  # show this round's clock
    save_requested = Signal(int, object, dict)  # round, its RoundClock, the page's settings
    reset_requested = Signal(int, object)  # round, the clock's time source: a fresh clock
    content_wanted = Signal()  # the board call and standings, as they are now

    def __init__(self, parent: QWidget | None = None, *,
                 time_factory: Callable[[], TimeSource] = SystemTime) -> None:
        super().__init__(
            "Clock",
            "The round clock: start, pause and adjust the time of the round being played, "
            "and put the countdown, the board call and the standings on the projector.",
            "Open a tournament, and seat a round from the Rounds page.",
            None, parent,
        )
        self.panel: OperatorPanel | None = None
        self.round_number: int | None = None
        self.time_factory = time_factory
        self._stale = False  # board call or standings changed while nobody was looking
        self._loading = False
        self._reset = False  # whether the last reset asked for was made
        self._build()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        outer = self.outer
        outer.setContentsMargins(12, 6, 12, 2)
        outer.setStretch(outer.count() - 1, 0)  # the panel, not InfoPage's spacer, takes room
        top = QHBoxLayout()
        title = self.findChild(QLabel, "pageTitle")
        if title is not None:  # the title shares its line with the round: room for the panel
            outer.removeWidget(title)
            top.addWidget(title)
            top.addSpacing(24)
        top.addWidget(QLabel("Round"))
        self.round_box = QComboBox()
        self.round_box.setObjectName("clock-round")
        self.round_box.setMinimumWidth(280)
        # The keyboard belongs to the panel (Space starts the clock); the mouse picks a round.
        self.round_box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.round_box.activated.connect(self._round_chosen)
        top.addWidget(self.round_box)
        top.addSpacing(12)
        self.summary = QLabel("")
        self.summary.setObjectName("clock-summary")
        theme.set_text_colour(self.summary, theme.INFO)
        top.addWidget(self.summary)
        top.addStretch(1)
        # The newest entry of the clock's log, in sight even when the panel's log is scrolled
        # out of view on a small screen: on a line of its own under this one, so a long entry
        # ("Time +1 min — board 6 (4 min in all)") is never cut at the buttons.
        self.last_action = QLabel("")
        self.last_action.setObjectName("clock-last-action")
        self.last_action.setWordWrap(True)
        theme.set_text_colour(self.last_action, theme.MUTED)
        # A clock tried out before the round (projector set-up) must not stay expired.
        self.reset_button = QPushButton("Start the clock again\u2026")
        self.reset_button.setObjectName("clock-reset")
        self.reset_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space stays the panel's
        self.reset_button.setToolTip("Back to the first segment of the schedule, not running; "
                                     "the time run so far and the adjustments are dropped")
        self.reset_button.clicked.connect(self.reset_clock)
        self.reset_button.setEnabled(False)
        top.addWidget(self.reset_button)
        self.rounds_button = QPushButton("Go to Rounds")
        self.rounds_button.clicked.connect(lambda: self.go_to.emit("Rounds"))
        top.addWidget(self.rounds_button)
        self.body.addLayout(top)
        self.body.addWidget(self.last_action)
        self.save_state = QLabel("")
        self.save_state.setObjectName("clock-save-state")
        theme.set_text_colour(self.save_state, theme.ERROR, bold=True)
        self.save_state.hide()
        self.body.addWidget(self.save_state)
        self.scroll_area = QScrollArea()  # not "scroll": QWidget.scroll
        self.scroll_area.setObjectName("clock-scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.hide()
        self.body.addWidget(self.scroll_area, 1)
        self._show_empty(True)

    def _show_empty(self, empty: bool) -> None:
        """The explanation while there is no clock to show; the panel once there is."""
        outer = self.outer
        for index in range(outer.count() - 1):  # InfoPage's gaps around its explanation
            item = outer.itemAt(index)
            spacer = item.spacerItem() if item is not None else None
            if spacer is not None:
                spacer.changeSize(0, 12 if empty else 0)
        outer.invalidate()
        self.what.setVisible(empty)
        self.first_step.setVisible(empty)
        self.rounds_button.setVisible(empty)
        self.reset_button.setEnabled(not empty)

    # ------------------------------------------------------------- showing a clock
    def load(self, round_number: int | None = None) -> None:
        """Show a round's clock as the file holds it (the current round by default)."""
        self.load_requested.emit(round_number)

    def show_round(self, number: int) -> None:
        self.round_requested.emit(number)

    def show_no_clock(self) -> None:
        """No round to show a clock for."""
        self._drop_panel()
        self._show_empty(True)

    def show_clock_of(self, number: int, clock: RoundClock, hidden_end_notice: str,
                      data: dict[str, Any]) -> None:
        """Round ``number``'s clock as the file holds it, with the notice of a hidden end time
        sealed on another laptop and what the page keeps beside the clock (``data``)."""
        self.round_number = number
        self._select_round(number)
        self._loading = True
        try:
            self._show_clock(clock)
            if self.panel is not None:
                self.panel.hidden_end_notice = hidden_end_notice
                self.panel.refresh()
                self.panel.setMinimumSize(PANEL_MIN_WIDTH, self.panel.minimumSizeHint().height())
            self._apply_page_data(data)
        finally:
            self._loading = False
        self._keep_alerts_ringing()
        self._show_summary()
        self._show_last_action()

    def _reload_round(self) -> None:
        if self.round_number is not None:
            self.show_round(self.round_number)

    def unload(self) -> None:
        """The file closed: stop every timer, close the projector, forget the clock."""
        self._drop_panel()
        self.round_box.clear()
        self.round_number = None
        self.summary.setText("")
        self.last_action.setText("")
        self.save_state.hide()
        self._show_empty(True)

    # ---------------------------------------------------------------- panel
    def _show_clock(self, clock: RoundClock) -> None:
        if self.panel is None:
            self.panel = OperatorPanel(clock, self)
            self.panel.changed.connect(self.save)
            self.panel.key_imported.connect(self._reload_round)
            self.panel.ticker_edit.returnPressed.connect(self.save)
            self.panel.theme_box.currentTextChanged.connect(self.save)
            self.panel.rotate_box.toggled.connect(self.save)
            app = QGuiApplication.instance()
            if isinstance(app, QGuiApplication):  # a projector plugged in mid-round
                app.screenAdded.connect(self._screens_changed)
                app.screenRemoved.connect(self._screens_changed)
            # Below the panel's minimum height its lists collapse: scroll instead. Its width
            # follows the page (its buttons shorten, as they would without the scroll area).
            self.panel.setMinimumSize(PANEL_MIN_WIDTH, self.panel.minimumSizeHint().height())
            self.scroll_area.setWidget(self.panel)
            self.scroll_area.show()
            self._show_empty(False)
        else:
            self.panel.set_clock(clock)

    def page_settings(self) -> dict[str, Any]:
        """What the page keeps in the file beside the clock."""
        panel = self.panel
        if panel is None:
            return {}
        return {TICKER: panel.ticker_edit.text().strip(), THEME: panel.theme_box.currentText(),
                ROTATE: panel.rotate_box.isChecked()}

    def _apply_page_data(self, data: dict[str, Any]) -> None:
        """Only what the file holds: a round without its own keeps what is on screen."""
        panel = self.panel
        if panel is None:
            return
        if TICKER in data:
            self.panel_ticker(str(data[TICKER]))
        if panel.theme_box.findText(str(data.get(THEME, ""))) >= 0:
            panel.theme_box.setCurrentText(str(data[THEME]))
        if ROTATE in data:
            panel.rotate_box.setChecked(bool(data[ROTATE]))

    def _keep_alerts_ringing(self) -> None:
        """A clock found running (a restart mid-round) rings its alerts even while the TD is
        on another page: start the panel's repaint timer now, not at the first visit."""
        panel = self.panel
        if panel is not None and self.window().isVisible() and _running(panel.clock):
            timer = panel.findChild(QTimer, REFRESH_TIMER)
            if timer is not None:
                timer.start()

    def panel_ticker(self, text: str) -> None:
        """Put the ticker text in the panel (and on the projector, if it is open)."""
        if self.panel is None:
            return
        self.panel.ticker_edit.setText(text)
        if self.panel.projector is not None:
            self.panel.projector.set_ticker(text)

    def _screens_changed(self, *_: Any) -> None:
        if self.panel is not None:
            self.panel.refresh_screens()

    def _drop_panel(self) -> None:
        panel, self.panel = self.panel, None
        if panel is None:
            return
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.disconnect(self._screens_changed)
            app.screenRemoved.disconnect(self._screens_changed)
        panel.close()  # stops its timer, closes the projector and the schedule editor
        self._stop_panel_timer(panel)
        self.scroll_area.takeWidget()
        self.scroll_area.hide()
        panel.deleteLater()

    @staticmethod
    def _stop_panel_timer(panel: OperatorPanel) -> None:
        timer = panel.findChild(QTimer, REFRESH_TIMER)
        if timer is not None:
            timer.stop()

    # ----------------------------------------------------------------- saving
    def follow_game(self, round_number: int, board: int, phase: str) -> bool:
        """Order entry adjudicated a board's phase: that board's clock moves on to the phase now
        open ("F1902M": Fall 1902), never back. True when the clock moved."""
        panel = self.panel
        if panel is None or round_number != self.round_number or len(phase) < 5:
            return False
        seasons = {"S": "spring", "F": "fall", "W": "winter"}
        season, year = seasons.get(phase[0]), int(phase[1:5]) if phase[1:5].isdigit() else None
        clock = panel.clock
        index = next((i for i, s in enumerate(clock.schedule.segments)
                      if s.year == year and s.season == season), None)
        if index is None or board not in clock.boards:
            return False
        if index <= clock.timer_of(board).index:
            return False
        clock.goto_segment(index, board)
        panel.refresh()
        self.save()
        return True

    def follow_results(self, round_number: int, finished: set[int]) -> bool:
        """Results entered: those boards' games are over on the clock, and once the last board
        of the round has its result the clock stops and the projector says the round is over.
        True when the clock changed (and was saved)."""
        panel = self.panel
        if panel is None or round_number != self.round_number:
            return False
        if not panel.clock.finish_boards(sorted(finished)):
            return False
        panel.refresh()
        self.save()
        return True

    def save(self) -> None:
        """Write the clock (and the ticker text) into the file; called after every action."""
        panel, number = self.panel, self.round_number
        if panel is None or number is None or self._loading:
            return
        self.save_requested.emit(number, panel.clock, self.page_settings())

    def saved(self) -> None:
        self.save_state.hide()
        self._show_last_action()

    def save_failed(self, problem: str) -> None:
        """The TD must see that the clock is not saved."""
        self.save_state.setText(f"The clock could not be saved in the file: {problem}")
        self.save_state.show()

    def _show_last_action(self) -> None:
        """The newest entry of the clock's adjustment log (the whole log is in the panel)."""
        log = self.panel.clock.log if self.panel is not None else []
        if not log:
            self.last_action.setText("No adjustments yet" if self.panel is not None else "")
            return
        self.last_action.setText(f"Last: {stamped(log[-1])} ({len(log)} in the log)")

    # ------------------------------------------------------------- rounds
    def set_rounds(self, rows: list[RoundRow]) -> None:
        self.round_box.clear()
        for row in rows:
            status = ROUND_STATUSES.get(row.status, row.status)
            boards = f", {row.boards} boards" if row.boards else ""
            self.round_box.addItem(f"Round {row.number} \u2014 {status}{boards}", row.number)
        if self.round_number is not None:
            self._select_round(self.round_number)

    def _select_round(self, number: int) -> None:
        index = self.round_box.findData(number)
        if index >= 0:
            self.round_box.setCurrentIndex(index)

    def reset_clock(self) -> bool:
        """After asking, give the round a fresh clock: first segment, not running, no log."""
        panel, number = self.panel, self.round_number
        if panel is None or number is None:
            return False
        first = panel.clock.schedule[0].title if len(panel.clock.schedule) else "the start"
        answer = QMessageBox.question(
            self, "Start the clock again",
            f"Set round {number}'s clock back to {first}, not running?\n\n"
            "The time run so far, the adjustments and the hidden end time are dropped. Use "
            "this after trying the clock out, not in the middle of play.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        panel.board_table.setFocus()  # Space starts the clock again, never this button
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self._reset = False
        self.reset_requested.emit(number, panel.clock.time)
        return self._reset

    def clock_reset(self, clock: RoundClock) -> None:
        """The fresh clock the TD asked for."""
        if self.panel is None:
            return
        self.panel.set_clock(clock)
        self.save()
        self._show_summary()
        self._show_last_action()
        self._reset = True

    def _round_chosen(self, index: int) -> None:
        number = self.round_box.itemData(index)
        if number is not None and number != self.round_number:
            self.show_round(int(number))
        if self.panel is not None:
            self.panel.board_table.setFocus()

    def _show_summary(self) -> None:
        panel = self.panel
        if panel is None:
            self.summary.setText("")
            return
        fmt = panel.clock.format
        kind = "a clock per board" if fmt.per_board else "one room clock"
        self.summary.setText(f"{fmt.name.upper()}, {kind}, {len(panel.clock.boards)} boards")
        self.summary.setToolTip(f"{fmt.title}. The clock is saved in the tournament file after "
                                "every action, so a restart shows the right time at once.")

    # ------------------------------------------------------- projector content
    def refresh_content(self) -> None:
        """Give the panel (and the projector) the board call and standings as they are now."""
        self.content_wanted.emit()

    def set_content(self, board_call: BoardCall, standings: Standings | None) -> None:
        """The board call and (when they could be read) the standings, for the panel and the
        projector."""
        if self.panel is None:
            return
        self.panel.set_board_call(board_call)
        if standings is not None:
            self.panel.set_standings(standings)
        self._stale = False

    def watched(self) -> bool:
        """Whether the board call and standings are looked at now (the page or the projector)."""
        return self.isVisible() or (self.panel is not None and self.panel.projector is not None)

    def mark_stale(self) -> None:
        """What the projector shows changed while nobody looked: refreshed when next shown."""
        self._stale = True

    def follow_boards(self, clock: RoundClock, boards: list[int]) -> None:
        """A board call published or redone: the clock gets the round's ``boards``."""
        if self.panel is None:
            return
        if clock is not self.panel.clock or set(clock.boards) != set(boards):
            self.panel.set_clock(clock)
        self.panel.refresh()
        self.save()
        self._show_summary()

    # -------------------------------------------------------------- Qt events
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._stale:
            self.refresh_content()
        if self.panel is not None:
            self.panel.board_table.setFocus()  # Space goes to the clock at once

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        """Another page shows: the panel keeps repainting (and ringing the alerts) only while
        a clock runs or the projector is up; a paused or idle clock needs no timer."""
        super().hideEvent(event)
        panel = self.panel
        if panel is None:
            return
        if not _running(panel.clock) and panel.projector is None:
            self._stop_panel_timer(panel)


def _running(clock: RoundClock) -> bool:
    """Whether any clock of the round counts down (and may have an alert to ring)."""
    return clock.central.running or any(
        b.timer is not None and b.timer.running for b in clock.boards.values())
