"""File › Assistants and their boards…: the TD's dialog (layout only).

The list of assistants' logins with the boards given to each in the round picked, a box of one
tick per board of that round, the way to add a login (a generated password offered) and what
the assistant's laptop needs to join. What the buttons do is wired in
:mod:`tdapp.gui.venue.assistants_controller`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.fields import problems_label, show_problems
from tdapp.services.assistants import AssistantRow

BOARD_COLUMNS = 8
ROUND_BY_ROUND = (
    "Each assistant's laptop joins with a login of its own. Tick the boards that login enters: "
    "the venue server itself refuses it any other board. Boards are given round by round: "
    "when a new round is seated, give its boards here again (an assistant given boards of "
    "earlier rounds only may enter no board of the new round until you do; seating a round "
    "again takes away the boards given in it). A login never given a board may enter every "
    "board.")


class AssistantsDialog(QDialog):
    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Assistants and their boards")
        self.setObjectName("assistantsDialog")
        self.intro = QLabel(ROUND_BY_ROUND)
        self.intro.setWordWrap(True)
        self.round = QComboBox()
        self.round.setObjectName("assistantsRound")
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("assistantsTable")
        self.table.setHorizontalHeaderLabels(["Login", "Boards given"])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)

        self.boards_box = QGroupBox("Boards")
        self.boards_grid = QGridLayout()
        self.board_ticks: dict[int, QCheckBox] = {}
        self.give_button = QPushButton("&Give these boards")
        self.give_button.setObjectName("assistantsGive")
        self.remove_button = QPushButton("&Remove this assistant…")
        self.remove_button.setObjectName("assistantsRemove")
        box_buttons = QHBoxLayout()
        box_buttons.addWidget(self.give_button)
        box_buttons.addStretch(1)
        box_buttons.addWidget(self.remove_button)
        boards_layout = QVBoxLayout(self.boards_box)
        boards_layout.addLayout(self.boards_grid)
        boards_layout.addLayout(box_buttons)

        self.login = QLineEdit()
        self.login.setObjectName("assistantsLogin")
        self.login.setPlaceholderText("one word, e.g. desk3 or anna")
        self.password = QLineEdit()
        self.password.setObjectName("assistantsPassword")
        self.new_password_button = QPushButton("Ne&w password")
        self.add_button = QPushButton("&Add assistant")
        self.add_button.setObjectName("assistantsAdd")
        password_row = QHBoxLayout()
        password_row.addWidget(self.password, 1)
        password_row.addWidget(self.new_password_button)
        add_box = QGroupBox("Add an assistant")
        add_form = QFormLayout(add_box)
        add_form.addRow("Login:", self.login)
        add_form.addRow("Password:", password_row)
        add_form.addRow("", self.add_button)

        self.join_words = QLabel("")
        self.join_words.setWordWrap(True)
        self.join_address = QLineEdit()
        self.join_address.setObjectName("assistantsJoinAddress")
        self.join_address.setReadOnly(True)
        self.copy_button = QPushButton("&Copy")
        join_row = QHBoxLayout()
        join_row.addWidget(self.join_address, 1)
        join_row.addWidget(self.copy_button)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.join_box = QGroupBox("On the assistant's laptop")
        join_layout = QVBoxLayout(self.join_box)
        join_layout.addWidget(self.join_words)
        join_layout.addLayout(join_row)
        join_layout.addWidget(self.qr)
        self.join_box.hide()

        self.problems = problems_label()
        self.outcome = QLabel("")
        self.outcome.setObjectName("assistantsOutcome")
        self.outcome.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        round_row = QHBoxLayout()
        round_row.addWidget(QLabel("Round:"))
        round_row.addWidget(self.round)
        round_row.addStretch(1)
        left = QVBoxLayout()
        left.addLayout(round_row)
        left.addWidget(self.table, 1)
        left.addWidget(self.boards_box)
        right = QVBoxLayout()
        right.addWidget(add_box)
        right.addWidget(self.join_box)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(columns, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self.outcome)
        layout.addWidget(close)
        self.resize(900, 600)
        self.show_selected(None, 0)

    # -- what the controller shows -----------------------------------------------------------
    def set_rounds(self, numbers: list[int]) -> None:
        """The rounds that have boards; the latest one picked (boards are given each round)."""
        self.round.blockSignals(True)
        self.round.clear()
        for number in numbers:
            self.round.addItem(f"Round {number}", number)
        self.round.setCurrentIndex(len(numbers) - 1)
        self.round.blockSignals(False)

    def round_number(self) -> int | None:
        data = self.round.currentData()
        return int(data) if data is not None else None

    def set_boards(self, numbers: tuple[int, ...]) -> None:
        """One tick per board of the round shown (kept when the round has the same boards)."""
        if tuple(self.board_ticks) == tuple(numbers):
            return
        for tick in self.board_ticks.values():
            self.boards_grid.removeWidget(tick)
            tick.hide()
            tick.deleteLater()
        self.board_ticks = {}
        for index, number in enumerate(numbers):
            tick = QCheckBox(f"Board {number}", self.boards_box)
            tick.setObjectName(f"board{number}")
            self.board_ticks[number] = tick
            self.boards_grid.addWidget(tick, index // BOARD_COLUMNS, index % BOARD_COLUMNS)

    def set_assistants(self, rows: list[AssistantRow], round_number: int,
                       select: str | None = None) -> None:
        self.rows = rows
        self.table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            self.table.setItem(index, 0, QTableWidgetItem(row.login))
            self.table.setItem(index, 1, QTableWidgetItem(row.describe(round_number)))
        self.table.resizeColumnToContents(0)
        chosen = next((i for i, row in enumerate(rows) if row.login == select), None)
        if chosen is not None:
            self.table.selectRow(chosen)
        else:
            self.table.clearSelection()
            self.show_selected(None, round_number)

    def selected(self) -> AssistantRow | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or not getattr(self, "rows", None):
            return None
        return self.rows[rows[0].row()]

    def show_selected(self, row: AssistantRow | None, round_number: int) -> None:
        """The ticks show the boards given to the assistant picked in the list."""
        for number, tick in self.board_ticks.items():
            tick.setChecked(row is not None and number in row.boards)
            tick.setEnabled(row is not None)
        self.give_button.setEnabled(row is not None and bool(self.board_ticks))
        self.remove_button.setEnabled(row is not None)
        if row is None:
            self.boards_box.setTitle("Boards: pick an assistant in the list")
        else:
            self.boards_box.setTitle(f"Boards of round {round_number} given to {row.login}")

    def ticked(self) -> list[int]:
        return [number for number, tick in self.board_ticks.items() if tick.isChecked()]

    def show_join(self, login: str, address: str) -> None:
        from tdapp.gui.venue.dialogs import qr_pixmap

        self.join_words.setText(
            f"On {login}'s laptop: File › Join a shared tournament…, paste this address into "
            "Address (or scan the code), then Join.")
        self.join_address.setText(address)
        self.join_address.setCursorPosition(0)  # the start (postgresql://login:…) in view
        self.qr.setPixmap(qr_pixmap(address, scale=3))
        self.join_box.show()

    def say(self, done: str = "", problem: str = "") -> None:
        self.outcome.setText(done)
        show_problems(self.problems, [problem] if problem else [])
