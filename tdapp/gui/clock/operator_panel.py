"""The TD's clock controls: keyboard first, every shortcut written on its button.

Embeddable as a page of the main window. It drives a :class:`RoundClock`; after each action it
emits :attr:`OperatorPanel.changed` so the owner can save ``clock.to_dict()`` in the tournament
file. Its timer only refreshes the display and sounds the alerts the clock views say are due.

Use from the main window::

    clock = RoundClock.from_dict(saved, SystemTime())  # or new_round_clock(...)
    panel = OperatorPanel(clock)
    panel.changed.connect(lambda: save(panel.clock.to_dict()))
    panel.set_board_call(BoardCall(...)); panel.set_standings(Standings(...))
    panel.open_projector()  # on the screen picked in the panel; F5 does the same
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QDate, QEvent, QObject, QTime, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QGuiApplication,
    QHideEvent,
    QKeySequence,
    QShowEvent,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.clock import (
    ClockError,
    ClockView,
    RoundClock,
    Schedule,
    alerts_between,
    get_clock_format,
)
from tdapp.core.clock.moments import moment_words, window_day
from tdapp.gui import theme
from tdapp.gui.clock import secret_key
from tdapp.gui.clock.content import BoardCall, Standings
from tdapp.gui.clock.log_words import stamped
from tdapp.gui.clock.projector import ProjectorWindow
from tdapp.gui.clock.schedule_editor import ScheduleEditor
from tdapp.gui.clock.sound import AlertPlayer
from tdapp.gui.common.on_screen import keep_on_screen
from tdapp.gui.theme import PROJECTOR_THEMES

REFRESH_MS = 200
ALERT_TEXT = {"one-minute": "one minute left", "time-up": "time up",
              "order-writing": "order writing begins"}
# Darker shades of the projector colours, readable on the light operator window.
STATE_COLOURS = {"warning": theme.WARNING, "paused": theme.PAUSED, "expired": theme.ERROR,
                 "finished": theme.OK}
RELATION_COLUMN = 4
RELATION_HEADER = {False: "Vs room", True: "Vs other boards"}
BOARD_COLUMNS = ("Board", "Segment", "Time", "State", "Vs room", "Added", "Grace",
                 "At the end time")


class OperatorPanel(QWidget):
    changed = Signal()
    key_imported = Signal()  # a secret key was imported: the hidden end time may be readable now

    def __init__(self, clock: RoundClock, parent: QWidget | None = None, *,
                 player: AlertPlayer | None = None,
                 rng: Callable[[], random.Random] = random.Random) -> None:
        super().__init__(parent)
        self.clock = clock
        self.player = player or AlertPlayer(self)
        self.projector: ProjectorWindow | None = None
        self._rng = rng
        self._last_view: ClockView | None = None
        self.alerts: list[str] = []
        self._board_call = BoardCall()
        self.schedule_editor: ScheduleEditor | None = None
        self._watched_window: QWidget | None = None
        self._standings = Standings()
        self._timer = QTimer(self)
        self._timer.setObjectName("operator-refresh")
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self._build_face())
        layout.addWidget(self._build_room_controls())
        middle = QHBoxLayout()
        middle.addWidget(self._build_boards(), 3)
        side = QVBoxLayout()
        side.addWidget(self._build_hidden_end())
        side.addWidget(self._build_alerts())
        side.addWidget(self._build_projector())
        middle.addLayout(side, 2)
        layout.addLayout(middle, 1)
        self.message = QLabel("")
        self.message.setObjectName("clock-message")
        theme.set_text_colour(self.message, theme.ERROR, bold=True)
        layout.addWidget(self.message)

    def _build_face(self) -> QWidget:
        box = QGroupBox("Room clock")
        grid = QGridLayout(box)
        self.time_label = QLabel("")
        self.time_label.setFont(theme.point_font(theme.OPERATOR_CLOCK_POINTS, bold=True))
        self.title_label = QLabel("")
        big = theme.point_font(theme.OPERATOR_TITLE_POINTS)
        self.title_label.setFont(big)
        self.state_label = QLabel("")
        self.state_label.setFont(big)
        self.next_label = QLabel("")
        grid.addWidget(self.time_label, 0, 0, 3, 1)
        grid.addWidget(self.title_label, 0, 1)
        grid.addWidget(self.state_label, 1, 1)
        grid.addWidget(self.next_label, 2, 1)
        grid.setColumnStretch(1, 1)
        return box

    def _shortcut(self, text: str, keys: str | QKeySequence.StandardKey,
                  slot: Callable[[], object]) -> QAction:
        """An action with a shortcut (no button: a second key for an action, or a box's)."""
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(lambda: self._do(slot))
        self.addAction(action)
        return action

    def _action(self, text: str, keys: str | QKeySequence.StandardKey,
                slot: Callable[[], object]) -> QPushButton:
        """An action with a shortcut, shown on its button as "Text  [Key]"."""
        action = self._shortcut(text, keys, slot)
        label = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        push = QPushButton(f"{text}  [{label}]")
        push.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space must reach the shortcut, not a button
        push.clicked.connect(action.trigger)
        return push

    def _build_room_controls(self) -> QWidget:
        box = QGroupBox("Room")
        row = QHBoxLayout(box)
        for text, keys, slot in (
            ("Start / pause", "Space", lambda: self.clock.toggle()),
            ("\u22121 min", "-", lambda: self.clock.add_time(-60)),
            ("+1 min", "+", lambda: self.clock.add_time(60)),
            ("Previous segment", "PgUp", lambda: self.clock.previous_segment()),
            ("Next segment", "PgDown", lambda: self.clock.next_segment()),
            ("Restart segment", "Home", lambda: self.clock.restart_segment()),
        ):
            row.addWidget(self._action(text, keys, slot))
        row.addWidget(self._action("Edit schedule", "Ctrl+E", self.open_schedule_editor))
        for other_key in ("=", "Shift++"):  # "+" as typed on layouts where it needs Shift
            self._shortcut("+1 min", other_key, lambda: self.clock.add_time(60))
        return box

    def open_schedule_editor(self) -> ScheduleEditor:
        """The schedule in a window of its own; Apply puts it into the running clock."""
        if self.schedule_editor is None:
            self.schedule_editor = ScheduleEditor(self.clock.schedule, self,
                                                  reset_to=self._format_schedule)
            self.schedule_editor.setWindowFlag(Qt.WindowType.Window)
            self.schedule_editor.applied.connect(
                lambda schedule: self._do(lambda: self.clock.set_schedule(schedule)))
        else:
            self.schedule_editor.load(self.clock.schedule)
        if not self.schedule_editor.isVisible():
            keep_on_screen(self.schedule_editor, self)
        self.schedule_editor.show()
        self.schedule_editor.raise_()
        return self.schedule_editor

    def _format_schedule(self) -> Schedule:
        current = self.clock.schedule
        try:
            fmt = get_clock_format(self.clock.format.name)
        except KeyError:
            return current
        return fmt.schedule(current[0].year, current[len(current) - 1].year)

    def _build_boards(self) -> QWidget:
        box = QGroupBox("Boards")
        layout = QVBoxLayout(box)
        self.board_table = QTableWidget(0, len(BOARD_COLUMNS))
        self.board_table.setHorizontalHeaderLabels(BOARD_COLUMNS)
        self.board_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.board_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.board_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.board_table.verticalHeader().setVisible(False)
        header = self.board_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        layout.addWidget(self.board_table)
        grid = QGridLayout()
        # Board time is on , and . (the < and > keys): Shift with + or - would collide with
        # the room's keys on layouts where "+" itself needs Shift.
        buttons = [
            ("Pause / resume", "P", self._toggle_board),
            ("\u22121 min", ",", lambda: self._board_do(
                lambda n: self.clock.add_time(-60, board=n))),
            ("+1 min", ".", lambda: self._board_do(
                lambda n: self.clock.add_time(60, board=n))),
            ("Next", "Shift+PgDown", lambda: self._board_do(
                lambda n: self.clock.next_segment(board=n))),
            ("Previous", "Shift+PgUp", lambda: self._board_do(
                lambda n: self.clock.previous_segment(board=n))),
            ("Orders in early", "E", lambda: self._board_do(lambda n: self.clock.orders_in_early(n))),
            ("Draw vote", "D", self._toggle_draw_vote),
            ("Rejoin room", "J", lambda: self._board_do(lambda n: self.clock.rejoin_room(n))),
            ("Game over", "Shift+G", lambda: self._board_do(lambda n: self.clock.end_game(n))),
        ]
        for index, (text, keys, slot) in enumerate(buttons):
            grid.addWidget(self._action(text, keys, slot), index // 3, index % 3)
        layout.addLayout(grid)
        grace = QHBoxLayout()
        self.grace_player = QLineEdit()
        self.grace_player.setPlaceholderText("player or power for a grace period")
        grace.addWidget(self.grace_player, 1)
        grace.addWidget(self._action("Grant grace", "G", self._grant_grace))
        layout.addLayout(grace)
        return box

    def _build_hidden_end(self) -> QWidget:
        box = QGroupBox("Hidden end time (never on the projector)")
        grid = QGridLayout(box)
        window = self.clock.format.hidden_end_window or ("13:30", "15:30")
        self.end_at = QTimeEdit(QTime.fromString(window[0], "HH:mm"))
        self.end_earliest = QTimeEdit(QTime.fromString(window[0], "HH:mm"))
        self.end_latest = QTimeEdit(QTime.fromString(window[1], "HH:mm"))
        for edit in (self.end_at, self.end_earliest, self.end_latest):
            edit.setDisplayFormat("HH:mm")
        # The end is a moment: drawn on Saturday evening, "13:30-15:30" means Sunday afternoon.
        day = window_day(datetime.fromtimestamp(self.clock.time.now()), window[0])
        self.end_day = QDateEdit(QDate(day.year, day.month, day.day))
        self.end_day.setDisplayFormat("ddd d MMM yyyy")
        self.end_day.setCalendarPopup(True)
        self.end_day.setObjectName("hidden-end-day")
        self.end_day.setToolTip("The day of the hidden end time, for Set and for Draw")
        # Its own row, above Set and Draw that both use it (it sat on top of Show).
        grid.addWidget(QLabel("On"), 0, 0)
        grid.addWidget(self.end_day, 0, 1, 1, 2)
        grid.addWidget(QLabel("End at"), 1, 0)
        grid.addWidget(self.end_at, 1, 1)
        grid.addWidget(self._action("Set", "H", self._set_hidden_end), 1, 2, 1, 2)
        grid.addWidget(QLabel("or draw between"), 2, 0)
        grid.addWidget(self.end_earliest, 2, 1)
        grid.addWidget(self.end_latest, 2, 2)
        grid.addWidget(self._action("Draw", "Shift+H", self._draw_hidden_end), 2, 3)
        grid.addWidget(self._action("Clear", "Ctrl+Shift+H",
                                          lambda: self.clock.clear_hidden_end()), 3, 3)
        self.hidden_end_label = QLabel("No hidden end time")
        self.hidden_end_label.setObjectName("hidden-end")
        grid.addWidget(self.hidden_end_label, 3, 0, 1, 2)
        # Players walk past the TD's table: the time shows only while the TD asks for it.
        self.reveal_box = QCheckBox("Show  [Ctrl+Alt+H]")
        self._shortcut("Show the time", "Ctrl+Alt+H", self.reveal_box.toggle)
        self.reveal_box.toggled.connect(lambda _: self.refresh())
        grid.addWidget(self.reveal_box, 3, 2)
        self.verdict_list = QListWidget()
        self.verdict_list.setMaximumHeight(110)
        grid.addWidget(self.verdict_list, 4, 0, 1, 4)
        # Why a time set on another laptop cannot be read here (set by the page); Key… helps.
        self.hidden_end_notice = ""
        self.hidden_end_warning = QLabel()
        self.hidden_end_warning.setObjectName("hidden-end-warning")
        self.hidden_end_warning.setWordWrap(True)
        self.hidden_end_warning.hide()
        grid.addWidget(self.hidden_end_warning, 4, 0, 1, 4)  # in the verdicts' place: none then
        key_button = QPushButton("Key…")
        key_menu = QMenu(key_button)
        key_menu.addAction("Export this laptop's key…", lambda: secret_key.export_key(self))
        key_menu.addAction("Import a key…", self._import_key)
        key_button.setMenu(key_menu)
        grid.addWidget(key_button, 5, 3)
        return box

    def _build_alerts(self) -> QWidget:
        box = QGroupBox("Alerts")
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        self.mute_box = QCheckBox("Mute  [M]")
        self.mute_box.toggled.connect(self._set_muted)
        self._shortcut("Mute", "M", self.mute_box.toggle)
        row.addWidget(self.mute_box)
        # Boards that keep their own time (WDC 2025) run their own clocks: by default only
        # the room's alerts ring, the boards' are listed.
        self.board_sound_box = QCheckBox("Ring for boards too")
        row.addWidget(self.board_sound_box)
        row.addWidget(self._action("Sound test", "T", self._sound_test))
        layout.addLayout(row)
        self.alert_list = QListWidget()
        self.alert_list.setMaximumHeight(90)
        layout.addWidget(self.alert_list)
        return box

    def _build_projector(self) -> QWidget:
        box = QGroupBox("Projector")
        grid = QGridLayout(box)
        self.screen_box = QComboBox()
        self.theme_box = QComboBox()
        self.theme_box.addItems(list(PROJECTOR_THEMES))
        self.theme_box.currentTextChanged.connect(self._set_theme)
        self.rotate_box = QCheckBox("Rotate clock, board call, standings")
        self.rotate_box.toggled.connect(self._set_rotation)
        self.ticker_edit = QLineEdit()
        self.ticker_edit.setPlaceholderText("announcement for the ticker line")
        self.ticker_edit.returnPressed.connect(self._set_ticker)
        grid.addWidget(QLabel("Screen"), 0, 0)
        grid.addWidget(self.screen_box, 0, 1)
        grid.addWidget(self._action("Open projector", "F5", self.open_projector), 0, 2)
        grid.addWidget(QLabel("Theme"), 1, 0)
        grid.addWidget(self.theme_box, 1, 1)
        grid.addWidget(self._action("Close projector", "Shift+F5", self.close_projector), 1, 2)
        grid.addWidget(self.rotate_box, 2, 0, 1, 3)
        grid.addWidget(self.ticker_edit, 3, 0, 1, 2)
        grid.addWidget(QLabel("[Enter] shows it"), 3, 2)
        self.refresh_screens()
        self.log_list = QListWidget()
        self.log_list.setMaximumHeight(110)
        grid.addWidget(QLabel("Adjustments"), 4, 0, 1, 3)
        grid.addWidget(self.log_list, 5, 0, 1, 3)
        return box

    # ----------------------------------------------------------------- actions
    def _do(self, action: Callable[[], object]) -> None:
        self.message.setText("")
        try:
            action()
        except ClockError as exc:
            self.message.setText(str(exc))
            return
        self.changed.emit()
        self.refresh()

    def selected_board(self) -> int | None:
        row = self.board_table.currentRow()
        item = self.board_table.item(row, 0) if row >= 0 else None
        return int(item.text()) if item is not None else None

    def select_board(self, number: int) -> None:
        for row in range(self.board_table.rowCount()):
            item = self.board_table.item(row, 0)
            if item is not None and int(item.text()) == number:
                self.board_table.selectRow(row)
                return
        raise KeyError(number)

    def _board_do(self, action: Callable[[int], object]) -> None:
        number = self.selected_board()
        if number is None:
            raise ClockError("board: select a board first")
        action(number)

    def _toggle_board(self) -> None:
        def toggle(number: int) -> None:
            if self.clock.timer_of(number).running:
                self.clock.pause_board(number)
            else:
                self.clock.resume_board(number)
        self._board_do(toggle)

    def _toggle_draw_vote(self) -> None:
        def toggle(number: int) -> None:
            if self.clock.boards[number].draw_vote_since is None:
                self.clock.start_draw_vote(number)
            else:
                self.clock.end_draw_vote(number)
        self._board_do(toggle)

    def _grant_grace(self) -> None:
        player = self.grace_player.text().strip()
        if not player:
            raise ClockError("grace: type the player or power first")
        self._board_do(lambda n: self.clock.grant_grace(n, player))
        self.grace_player.clear()

    def _instant_today(self, edit: QTimeEdit) -> float:
        """The chosen time of day on the chosen day, as an instant."""
        day, chosen = self.end_day.date(), edit.time()
        return datetime(day.year(), day.month(), day.day(), chosen.hour(),
                        chosen.minute()).timestamp()

    def _import_key(self) -> None:
        if secret_key.import_key(self):
            self.key_imported.emit()

    def _set_hidden_end(self) -> None:
        instant = self._instant_today(self.end_at)
        if self._inside_window_or_asked([instant]):
            self.clock.set_hidden_end(instant)

    def _draw_hidden_end(self) -> None:
        earliest = self._instant_today(self.end_earliest)
        latest = self._instant_today(self.end_latest)
        if self._inside_window_or_asked([earliest, latest]):
            self.clock.draw_hidden_end(earliest, latest, self._rng())

    def _inside_window_or_asked(self, instants: list[float]) -> bool:
        """WDC 2025 II.5.b: the end time is "between 1:30pm and 3:30pm". A time outside the
        format's window is set only when the TD says so; a No leaves the clock as it was."""
        problems = [p for p in (self.clock.outside_window(i) for i in instants) if p]
        if not problems:
            return True
        answer = QMessageBox.question(
            self, "Hidden end time outside the format's window",
            f"{problems[0]} ({self.clock.format.title}).\n\nSet it anyway?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            raise ClockError(f"hidden end: not set; {problems[0]}")
        return True

    def _set_muted(self, muted: bool) -> None:
        self.player.muted = muted

    def _sound_test(self) -> None:
        backend = self.player.test()
        self.message.setText(f"Sound test played through the {backend}")

    # --------------------------------------------------------------- projector
    def set_board_call(self, board_call: BoardCall) -> None:
        """The board call the projector shows (now, and whenever it is opened later)."""
        self._board_call = board_call
        if self.projector is not None:
            self.projector.set_board_call(board_call)

    def set_standings(self, standings: Standings) -> None:
        self._standings = standings
        if self.projector is not None:
            self.projector.set_standings(standings)

    def refresh_screens(self) -> None:
        self.screen_box.clear()
        for screen in QGuiApplication.screens():
            geometry = screen.geometry()
            name = screen.name() or f"Screen {self.screen_box.count() + 1}"
            self.screen_box.addItem(f"{name} ({geometry.width()}\u00d7{geometry.height()})",
                                    screen.name())
        if self.screen_box.count() > 1:
            self.screen_box.setCurrentIndex(1)  # the second screen is usually the projector

    def open_projector(self) -> ProjectorWindow:
        if self.projector is None:
            self.projector = ProjectorWindow(lambda: self.clock.view(operator=False),
                                             theme=self.theme_box.currentText())
            self._set_rotation(self.rotate_box.isChecked())
            self._set_ticker()
            self.projector.set_board_call(self._board_call)
            self.projector.set_standings(self._standings)
        name = self.screen_box.currentData()
        screen = next((s for s in QGuiApplication.screens() if s.name() == name), None)
        self.projector.show_on_screen(screen)
        return self.projector

    def close_projector(self) -> None:
        if self.projector is not None:
            self.projector.close()
            self.projector.deleteLater()
            self.projector = None

    def _set_theme(self, name: str) -> None:
        if self.projector is not None:
            self.projector.set_theme(name)

    def _set_rotation(self, rotate: bool) -> None:
        if self.projector is not None:
            views = ("clock", "board-call", "board-call-by-name", "standings")
            self.projector.set_rotation(views if rotate else ("clock",))

    def _set_ticker(self) -> None:
        if self.projector is not None:
            self.projector.set_ticker(self.ticker_edit.text())

    # ----------------------------------------------------------------- display
    def set_clock(self, clock: RoundClock) -> None:
        """Show another round's clock (the owner restored it from the tournament file)."""
        self.clock = clock
        self._last_view = None
        self.refresh()

    def refresh(self) -> None:
        view = self.clock.view(operator=True)
        if self._last_view is not None:
            self._sound(alerts_between(self._last_view, view))
            if view.round_called and not self._last_view.round_called:
                self.changed.emit()  # the end time stopped the clocks: worth saving
        self._last_view = view
        if not self.isVisible() and self._watched_window is not None:
            return  # another page is showing: alerts only
        central = view.central
        self.time_label.setText(central.time_text)
        self.title_label.setText(central.title)
        state = "ROUND OVER" if view.round_called else (central.label or central.status.upper())
        self.state_label.setText(state)
        colour = STATE_COLOURS.get("expired" if view.round_called else central.status, "")
        theme.set_text_colour(self.state_label, colour or None, bold=bool(colour))
        optional = " (if needed)" if central.next_optional else ""
        self.next_label.setText(f"Next: {central.next_title}{optional}" if central.next_title
                                else "Last segment of the round")
        self._show_boards(view)
        self._show_hidden_end(view)
        self._show_log()

    def _sound(self, alerts: list[tuple[str, int | None]]) -> None:
        if not alerts:
            return
        ringing = [kind for kind, board in alerts
                   if board is None or self.board_sound_box.isChecked()]
        self.player.play_most_urgent(ringing)
        stamp = datetime.fromtimestamp(self.clock.time.now()).strftime("%H:%M:%S")
        for kind, board in alerts:
            where = "room" if board is None else f"board {board}"
            text = f"{stamp}  {ALERT_TEXT.get(kind, kind)} ({where})"
            self.alerts.append(text)
            self.alert_list.insertItem(0, text)

    def _show_boards(self, view: ClockView) -> None:
        selected = self.selected_board()
        table = self.board_table
        # Boards that keep their own time are compared with the middle board, not the room
        # clock (QA: "Vs room: level" beside a room clock a whole segment away).
        compared = RELATION_HEADER[self.clock.format.per_board]
        header = table.horizontalHeaderItem(RELATION_COLUMN)
        if header is not None and header.text() != compared:
            header.setText(compared)
        table.setRowCount(len(view.boards))
        for row, board in enumerate(view.boards):
            added = f"{board.added_seconds / 60:+g} min" if board.added_seconds else ""
            values = (
                str(board.board), board.timer.title, "" if board.game_over
                else board.timer.time_text, board.label or "RUNNING",
                "" if board.game_over else "room clock" if board.follows_room
                else board.relation, added,
                ", ".join(f"{g.player} {round(g.seconds_left)}s" for g in board.graces),
                self._end_text(board.board, board.end_verdict, view),
            )
            for column, text in enumerate(values):
                item = table.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    table.setItem(row, column, item)
                if item.text() != text:
                    item.setText(text)
            state = table.item(row, 3)  # made by the loop above; repainted only on change
            colour = STATE_COLOURS.get("finished" if board.orders_in_early else board.status, "")
            if state is not None and state.data(Qt.ItemDataRole.UserRole) != colour:
                state.setData(Qt.ItemDataRole.UserRole, colour)
                state.setForeground(QColor(colour) if colour else table.palette().text())
                bold = state.font()
                bold.setBold(bool(colour))
                state.setFont(bold)
        if selected is not None and selected in {b.board for b in view.boards}:
            self.select_board(selected)

    def _end_text(self, number: int, verdict: str | None, view: ClockView) -> str:
        """Before the end time, whether the board's next Fall deadline comes before it;
        after, what the end means for the board."""
        if verdict is not None:
            return verdict
        if view.hidden_end is None or self.clock.boards[number].game_over:
            return ""
        forecast = self.clock.fall_forecast(number)
        if forecast is None:
            return ""
        phase, in_time = forecast
        return f"{phase} deadline before the end" if in_time else f"{phase} deadline too late"

    def _show_hidden_end(self, view: ClockView) -> None:
        notice = self.hidden_end_notice if view.hidden_end is None else ""
        self.hidden_end_warning.setText(notice)
        self.hidden_end_warning.setVisible(bool(notice))
        self.verdict_list.setVisible(not notice)
        if view.hidden_end is None:
            self.hidden_end_label.setText("Cannot read the hidden end time" if notice
                                          else "No hidden end time")
        else:
            at = moment_words(view.hidden_end)
            if not self.reveal_box.isChecked() and not view.round_called:
                at = "\u2022\u2022\u2022 \u2022\u2022:\u2022\u2022"  # not even the day shows
            called = " \u2014 reached" if view.round_called else ""
            self.hidden_end_label.setText(f"Ends at {at} (only on this screen){called}")
        if self.verdict_list.count() != len(view.verdicts):
            self.verdict_list.clear()
            self.verdict_list.addItems(list(view.verdicts))

    def _show_log(self) -> None:
        log = self.clock.log
        if self.log_list.count() == len(log):
            return
        self.log_list.clear()
        for entry in reversed(log[-200:]):
            self.log_list.addItem(stamped(entry))

    # --------------------------------------------------------------- Qt events
    # The alerts must ring while the TD works on another page of the main window, so the
    # timer runs as long as the panel's top-level window is shown, not only the panel itself;
    # it stops when that window hides or closes.
    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        self._watch_window()
        self.refresh()
        self._timer.start()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        window = self.window()
        if window is self or not window.isVisible():
            self._timer.stop()
        super().hideEvent(event)

    def _watch_window(self) -> None:
        window = self.window()
        if window is self or window is self._watched_window:
            return
        if self._watched_window is not None:
            self._watched_window.removeEventFilter(self)
        window.installEventFilter(self)
        self._watched_window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self._watched_window:
            if event.type() in (QEvent.Type.Hide, QEvent.Type.Close):
                self._timer.stop()
            elif event.type() == QEvent.Type.Show:
                self._timer.start()
        return super().eventFilter(watched, event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self._timer.stop()
        self.close_projector()
        if self.schedule_editor is not None:
            self.schedule_editor.close()
        super().closeEvent(event)

