"""The Rounds page: the rounds and their status, and the roll call of the selected round."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui import theme
from tdapp.gui.common.page import page_title
from tdapp.gui.common.table_model import ROW_ROLE, make_proxy
from tdapp.gui.common.tables import add_find_shortcut, tune_table
from tdapp.gui.rounds.model import STATUS_COLUMN, StatusDelegate, roll_call_model, rounds_model
from tdapp.services.checkins import CheckInRow
from tdapp.services.rollcall import RollCallRow
from tdapp.services.rounds import RoundRow

STATUS_KEYS = {
    Qt.Key.Key_P: "present",
    Qt.Key.Key_A: "absent",
    Qt.Key.Key_S: "standby",
    Qt.Key.Key_L: "late",
}


class _StatusKeys(QObject):
    """P / A / S / L on the roll-call table mark the selected players."""

    def __init__(self, page: RoundsPage) -> None:
        super().__init__(page)
        self._page = page

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            no_modifiers = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            status = STATUS_KEYS.get(Qt.Key(event.key()))
            if status and no_modifiers:
                self._page.request_status(status)
                return True
        return False


class RoundsPage(QWidget):
    round_selected = Signal(int)  # round number
    # (round number, player ids, field, value): field is status / two_boards / volunteer_sit_out
    answers_requested = Signal(int, object, str, object)
    reopen_requested = Signal(int)  # a finished round opened again for a late correction

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rounds = rounds_model(self)
        self.rounds_view = QTableView()
        self.rounds_view.setObjectName("roundsTable")
        self.rounds_view.setModel(self.rounds)
        tune_table(self.rounds_view, (45, 110, 50))
        self.rounds_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.roll_call = roll_call_model(self)
        self.roll_call.on_edit = self._cell_edited
        self.proxy = make_proxy(self.roll_call, self)
        self.table = QTableView()
        self.table.setObjectName("rollCallTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setItemDelegateForColumn(STATUS_COLUMN, StatusDelegate(self.table))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.table.setAlternatingRowColors(True)
        tune_table(self.table, (155, 110, 95, 85, 65, 90, 135), multi=True)
        self.table.installEventFilter(_StatusKeys(self))
        self.title = QLabel("Roll call")
        theme.enlarge(self.title, 2, bold=True)
        self.count_label = QLabel()
        self.count_label.setObjectName("rollCallCount")
        theme.enlarge(self.count_label, 3, bold=True)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a player")
        self.search.setClearButtonEnabled(True)
        self.status_buttons: dict[str, QPushButton] = {}
        buttons = QHBoxLayout()
        for status, text in (("present", "Mark &present (P)"), ("absent", "Mark &absent (A)"),
                             ("standby", "&Standby (S)"), ("late", "&Late (L)")):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, s=status: self.request_status(s))
            self.status_buttons[status] = button
            buttons.addWidget(button)
        self.two_boards = QCheckBox("Two boards")
        self.sit_out = QCheckBox("Volunteers to sit out")
        self.two_boards.clicked.connect(
            lambda checked: self._request_selected("two_boards", checked))
        self.sit_out.clicked.connect(
            lambda checked: self._request_selected("volunteer_sit_out", checked))
        buttons.addSpacing(12)
        buttons.addWidget(self.two_boards)
        buttons.addWidget(self.sit_out)
        buttons.addStretch(1)
        # Players who checked in from their phones: shown, and marked present only when the
        # TD presses the button (the TD keeps the last word).
        self.checkin_note = QLabel()
        self.checkin_note.setObjectName("checkInNote")
        self.checkin_note.setWordWrap(True)
        self.mark_checked_in = QPushButton("Mark checked-in players present")
        self.mark_checked_in.setObjectName("markCheckedIn")
        self.mark_checked_in.setToolTip("Mark present every player who checked in for this round "
                                        "and is not marked present yet (Edit › Undo takes it "
                                        "back)")
        self.mark_checked_in.clicked.connect(self._mark_checked_in)
        self.mark_checked_in.setSizePolicy(QSizePolicy.Policy.Fixed,
                                           QSizePolicy.Policy.Fixed)
        checkin_row = QHBoxLayout()
        checkin_row.addWidget(self.checkin_note, 1)
        checkin_row.addWidget(self.mark_checked_in)
        roll_box = QGroupBox()
        roll_layout = QVBoxLayout(roll_box)
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.search)
        roll_layout.addLayout(top)
        roll_layout.addWidget(self.count_label)
        roll_layout.addLayout(buttons)
        roll_layout.addLayout(checkin_row)
        roll_layout.addWidget(self.table, 1)
        hint = QLabel("Select players (Shift/Ctrl for several) and press P, A, S or L. "
                      "Unanswered players show last round's answer.")
        theme.set_text_colour(hint, theme.MUTED)
        hint.setWordWrap(True)
        roll_layout.addWidget(hint)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Rounds</b>"))
        left_layout.addWidget(self.rounds_view, 1)
        self.reopen_button = QPushButton("Reopen round")
        self.reopen_button.setObjectName("reopenRound")
        self.reopen_button.setToolTip("A finished round (every board has its result) closes by "
                                      "itself; reopen it to correct a result")
        self.reopen_button.setEnabled(False)
        self.reopen_button.clicked.connect(self._reopen)
        left_layout.addWidget(self.reopen_button)
        self.next_step = QLabel()
        self.next_step.setWordWrap(True)
        theme.set_text_colour(self.next_step, theme.MUTED)
        left_layout.addWidget(self.next_step)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(roll_box)
        splitter.setSizes([300, 760])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(page_title("Rounds"))
        layout.addWidget(splitter, 1)
        self.rounds_view.selectionModel().selectionChanged.connect(self._round_changed)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        add_find_shortcut(self, self.search)
        self._selection_changed()

    # -- what the controller shows ---------------------------------------------------------
    def set_rounds(self, rows: list[RoundRow]) -> None:
        current = self.current_round()
        self.rounds.set_rows(rows)
        numbers = [r.number for r in rows]
        if numbers:
            self.select_round(current if current in numbers else self._first_open(rows))
        self._show_reopen()
        self.next_step.setText(
            "Take the roll call of the selected round here; seating the round and its "
            "boards comes next." if rows else "")

    @staticmethod
    def _first_open(rows: list[RoundRow]) -> int:
        for row in rows:
            if row.status != "finished":
                return row.number
        return rows[-1].number

    def _reopen(self) -> None:
        number = self.current_round()
        if number is not None:
            self.reopen_requested.emit(number)

    def _show_reopen(self) -> None:
        number = self.current_round()
        row = next((r for r in self.rounds.rows() if r.number == number), None)
        self.reopen_button.setEnabled(row is not None and row.status == "finished")

    def select_round(self, number: int) -> None:
        for row in range(self.rounds.rowCount()):
            if self.rounds.row_at(row).number == number:
                self.rounds_view.selectRow(row)
                return

    def current_round(self) -> int | None:
        rows = self.rounds_view.selectionModel().selectedRows()
        return rows[0].data(ROW_ROLE).number if rows else None

    def set_roll_call(self, number: int, rows: list[RollCallRow], summary: str) -> None:
        selected = set(self.selected_ids())
        current = self.table.currentIndex()
        current_id = current.data(ROW_ROLE).player_id if current.isValid() else None
        self.title.setText(f"Roll call — round {number}")
        self.roll_call.set_rows(rows)
        self.count_label.setText(summary)
        if current_id is not None:
            self._restore_current(current_id, current.column())
        if selected:
            self._reselect(selected)
        self._selection_changed()

    def set_check_ins(self, check_ins: dict[int, CheckInRow], open_round: int | None) -> None:
        """Who checked in for the round shown, and the round check-in is open for now."""
        self.roll_call.set_check_ins(check_ins)
        self._show_check_ins(open_round)

    def _show_check_ins(self, open_round: int | None) -> None:
        number = self.current_round()
        check_ins = self.roll_call.check_ins
        waiting = self.roll_call.to_mark_present()
        by_phone = sum(1 for c in check_ins.values() if c.via == "phone")
        if check_ins:
            text = (f"{len(check_ins)} checked in ({by_phone} by phone): "
                    + (f"{len(waiting)} not marked present yet." if waiting
                       else "all marked present."))
        elif number is not None and open_round == number:
            text = f"Players can check in for round {number} on the players' page."
        elif open_round is not None:
            text = f"Check-in on the players' page is open for round {open_round}."
        else:
            text = "Check-in on the players' page is closed: every round is seated."
        self.checkin_note.setText(text)
        self.mark_checked_in.setEnabled(bool(waiting))
        self.mark_checked_in.setText(f"Mark checked-in players present ({len(waiting)})"
                                     if waiting else "Mark checked-in players present")

    def _mark_checked_in(self) -> None:
        number = self.current_round()
        ids = [row.player_id for row in self.roll_call.to_mark_present()]
        if number is not None and ids:
            self.answers_requested.emit(number, ids, "status", "present")

    def _restore_current(self, player_id: int, column: int) -> None:
        """Keep the keyboard cursor on the same player after the table refreshes, so that
        Down then P marks the next player rather than the first one again."""
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, column)
            if index.data(ROW_ROLE).player_id == player_id:
                self.table.selectionModel().setCurrentIndex(
                    index, self.table.selectionModel().SelectionFlag.NoUpdate)
                return

    def _reselect(self, ids: set[int]) -> None:
        model = self.table.selectionModel()
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(ROW_ROLE).player_id in ids:
                model.select(index, model.SelectionFlag.Select | model.SelectionFlag.Rows)

    def selected_ids(self) -> list[int]:
        return [i.data(ROW_ROLE).player_id for i in self.table.selectionModel().selectedRows()]

    def selected_rows(self) -> list[RollCallRow]:
        return [i.data(ROW_ROLE) for i in self.table.selectionModel().selectedRows()]

    # -- what the TD asks for ----------------------------------------------------------------------
    def request_status(self, status: str) -> None:
        self._request_selected("status", status)

    def _request_selected(self, field: str, value: object) -> None:
        number = self.current_round()
        ids = self.selected_ids()
        if number is not None and ids:
            self.answers_requested.emit(number, ids, field, value)

    def _cell_edited(self, row: RollCallRow, column: int, value: object) -> None:
        number = self.current_round()
        if number is None:
            return
        field = {2: "status", 3: "two_boards", 4: "volunteer_sit_out"}.get(column)
        if field:
            self.answers_requested.emit(number, [row.player_id], field, value)

    def _round_changed(self, *_: object) -> None:
        self._show_reopen()
        number = self.current_round()
        if number is not None:
            self.round_selected.emit(number)

    def _selection_changed(self, *_: object) -> None:
        rows = self.selected_rows()
        for button in self.status_buttons.values():
            button.setEnabled(bool(rows))
        for box, values in ((self.two_boards, {r.two_boards for r in rows}),
                            (self.sit_out, {r.volunteer_sit_out for r in rows})):
            box.setEnabled(bool(rows))
            box.setChecked(values == {True})
