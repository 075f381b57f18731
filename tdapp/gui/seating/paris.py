"""The Paris method at the TD's table: board by board, whose turn it is, shown big, with the
choices as buttons (digits pick a place in the order, initials pick a power), Undo for a slip,
and every turn mirrored on the projector when one is open."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.powers import LETTER_TO_POWER
from tdapp.core.seating import ParisSelection
from tdapp.gui.seating.common import big_label, hint_label

SEAT_HEADERS = ("Seed", "Player", "Played before", "Picks", "Power")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


class ParisPanel(QWidget):
    changed = Signal()  # a choice was made or undone

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.selections: dict[int, ParisSelection] = {}
        self.seed_numbers: Mapping[str, int] = {}  # the tournament's seeds, not 1-7 per board
        self.current: int | None = None
        self.mirror: Callable[[str, int, list[tuple[str, str]], str], bool] | None = None
        self.boards = QListWidget()
        self.boards.setObjectName("parisBoards")
        self.boards.setMaximumWidth(190)
        self.boards.currentRowChanged.connect(self._board_chosen)
        self.turn_label = big_label(points=12)
        self.turn_label.setObjectName("parisTurn")
        self.prompt = big_label(points=3, bold=False)
        self.choices = QGridLayout()
        self.order_label = QLabel()
        self.order_label.setWordWrap(True)
        self.log = QListWidget()
        self.log.setObjectName("parisLog")
        self.seats = QTableWidget(0, len(SEAT_HEADERS))
        self.seats.setObjectName("parisSeats")
        self.seats.setHorizontalHeaderLabels(SEAT_HEADERS)
        self.seats.verticalHeader().hide()
        self.seats.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.seats.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.seats.horizontalHeader().setStretchLastSection(True)
        for column, width in enumerate((50, 200, 230, 60)):
            self.seats.setColumnWidth(column, width)
        self.undo_button = QPushButton("&Undo last choice")
        self.undo_button.clicked.connect(self.undo)
        self.mirror_box = QCheckBox("Mirror on the projector")
        self.mirror_box.setChecked(True)
        self.mirror_box.setToolTip("Shown on the projector when one is open")
        right = QVBoxLayout()
        right.addWidget(self.turn_label)
        right.addWidget(self.prompt)
        choices = QHBoxLayout()
        choices.addLayout(self.choices)
        choices.addStretch(1)
        right.addLayout(choices)
        right.addWidget(self.order_label)
        tables = QHBoxLayout()
        tables.addWidget(self.seats, 3)
        tables.addWidget(self.log, 2)
        right.addLayout(tables, 1)
        foot = QHBoxLayout()
        foot.addWidget(self.undo_button)
        foot.addWidget(self.mirror_box)
        foot.addStretch(1)
        right.addLayout(foot)
        right.addWidget(hint_label("Keys: 1-7 choose a place in the selection order; A E F G I "
                                   "R T choose a power; Backspace undoes."))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.boards)
        row.addLayout(right, 1)
        self.buttons: list[QPushButton] = []

    def start(self, selections: dict[int, ParisSelection],
              seeds: Mapping[str, int] | None = None) -> None:
        """``seeds``: each player's seed as the room knows it (DBN: the qualifying seed);
        without, a board's players are numbered 1-7 best first."""
        self.selections = selections
        self.seed_numbers = seeds or {}
        self.boards.blockSignals(True)
        self.boards.clear()
        for number in selections:
            self.boards.addItem(f"Board {number}")
        self.boards.blockSignals(False)
        self._refresh_list()
        first = next((n for n, s in selections.items() if s.turn() is not None),
                     next(iter(selections), None))
        self.show_board(first)

    def finished(self) -> bool:
        return all(s.turn() is None for s in self.selections.values())

    def show_board(self, number: int | None) -> None:
        self.current = number
        if number is not None:
            numbers = list(self.selections)
            self.boards.blockSignals(True)
            self.boards.setCurrentRow(numbers.index(number))
            self.boards.blockSignals(False)
        self._show_turn()

    def _board_chosen(self, row: int) -> None:
        numbers = list(self.selections)
        if 0 <= row < len(numbers):
            self.show_board(numbers[row])

    def _refresh_list(self) -> None:
        for row, (number, selection) in enumerate(self.selections.items()):
            done = selection.turn() is None
            self.boards.item(row).setText(f"Board {number} — {'done' if done else 'to do'}")

    def _show_turn(self) -> None:
        for button in self.buttons:
            self.choices.removeWidget(button)
            button.hide()  # out of the layout: never shown loose before it is deleted
            button.deleteLater()
        self.buttons = []
        selection = self.selections.get(self.current) if self.current is not None else None
        if selection is None:
            self.turn_label.setText("No board to choose for")
            self.prompt.setText("")
            return
        turn = selection.turn()
        self.log.clear()
        self.log.addItems(selection.log)
        self.log.scrollToBottom()
        self._show_seats(selection)
        order = ", ".join(selection.order)
        self.order_label.setText(f"Selection order so far: {order}")
        if turn is None:
            self.turn_label.setText(f"Board {self.current}: done")
            self.prompt.setText("Every player has a power.")
        elif turn.stage == "ordering":
            self.turn_label.setText(f"Board {self.current}: {turn.player}")
            self.prompt.setText("chooses where to pick in the selection order")
            for position in turn.options:
                self._add_button(f"{ORDINALS[position]} ({position + 1})",
                                 lambda _=False, p=position: self.choose_position(p))
        else:
            self.turn_label.setText(f"Board {self.current}: {turn.player}")
            self.prompt.setText("chooses a power")
            for power in turn.options:
                self._add_button(f"{power.title()} ({power[0]})",
                                 lambda _=False, p=power: self.choose_power(p))
        self.undo_button.setEnabled(bool(selection.log[1:]))
        self._mirror(selection)

    def _show_seats(self, selection: ParisSelection) -> None:
        """The board's players best seed first: what they played, where they pick, what."""
        picked = {player: power for power, player in selection.powers.items()}
        self.seats.setRowCount(len(selection.seeds))
        for row, player in enumerate(selection.seeds):
            played = ", ".join(p.title() for p in selection.played.get(player, ()))
            order = (str(selection.order.index(player) + 1) if player in selection.order
                     else "")
            seed = self.seed_numbers.get(player) or row + 1
            values = (str(seed), player, played, order, picked.get(player, "").title())
            for column, value in enumerate(values):
                self.seats.setItem(row, column, QTableWidgetItem(value))

    def _add_button(self, text: str, slot: Callable[..., None]) -> None:
        button = QPushButton(text)
        button.setMinimumHeight(34)
        button.setMinimumWidth(130)
        button.clicked.connect(slot)
        self.choices.addWidget(button, len(self.buttons) // 4, len(self.buttons) % 4)
        self.buttons.append(button)

    def _mirror(self, selection: ParisSelection) -> None:
        if self.mirror is None or not self.mirror_box.isChecked() or self.current is None:
            return
        turn = selection.turn()
        picked = {player: power for power, player in selection.powers.items()}
        seats = []
        for player in selection.seeds:  # best seed first, as the room knows them
            if player in picked:
                label = picked[player]
            elif player in selection.order:
                label = f"Picks {selection.order.index(player) + 1}"
            else:
                label = "Waiting"
            seats.append((label, player))
        if turn is None:
            heading, prompt = f"Board {self.current}: powers chosen", ""
        elif turn.stage == "ordering":
            heading = f"Paris method \u2014 {turn.player}"
            prompt = f"Board {self.current}: {turn.player} chooses where to pick"
        else:
            heading = f"Paris method \u2014 {turn.player}"
            prompt = f"Board {self.current}: {turn.player} chooses a power"
        self.mirror(heading, self.current, seats, prompt)

    # -- choices -------------------------------------------------------------------------------
    def _selection(self) -> ParisSelection | None:
        return self.selections.get(self.current) if self.current is not None else None

    def choose_position(self, position: int) -> None:
        selection = self._selection()
        if selection is None:
            return
        selection.choose_position(position)
        self._after_choice(selection)

    def choose_power(self, power: str) -> None:
        selection = self._selection()
        if selection is None:
            return
        selection.choose_power(power)
        self._after_choice(selection)

    def undo(self) -> None:
        selection = self._selection()
        if selection is not None:
            selection.undo()
            self._refresh_list()
            self._show_turn()
            self.changed.emit()

    def _after_choice(self, selection: ParisSelection) -> None:
        self._refresh_list()
        self.changed.emit()
        if selection.turn() is None and self.current is not None:
            following = next((n for n, s in self.selections.items() if s.turn() is not None),
                             None)
            if following is not None:
                self.show_board(following)
                return
        self._show_turn()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        selection = self._selection()
        turn = selection.turn() if selection else None
        text = event.text().upper()
        if event.key() == Qt.Key.Key_Backspace:
            self.undo()
        elif turn is not None and turn.stage == "ordering" and text.isdigit():
            position = int(text) - 1
            if position in turn.options:
                self.choose_position(position)
        elif turn is not None and turn.stage == "picking" and text in LETTER_TO_POWER:
            if LETTER_TO_POWER[text] in turn.options:
                self.choose_power(LETTER_TO_POWER[text])
        else:
            super().keyPressEvent(event)
