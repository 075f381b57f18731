"""The Awards page's small dialogs: a special award, and settling a tie left to the TD.

Both are shown with ``open()`` (never blocking) and report through signals."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.tournament.tiebreakers import draw_order
from tdapp.services.awards import OpenTie, SpecialAwardRow


class SpecialAwardDialog(QDialog):
    """``chosen(title, player_id or None, note)`` when the TD presses OK."""

    chosen = Signal(str, object, str)

    def __init__(self, players: list[tuple[int, str]], award: SpecialAwardRow | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit award" if award else "Add an award")
        self.title = QLineEdit(award.title if award else "")
        self.title.setPlaceholderText("Best Pirate, Players' choice, Best newcomer…")
        self.player = QComboBox()
        self.player.addItem("(nobody yet)", None)
        for player_id, name in players:
            self.player.addItem(name, player_id)
        if award is not None and award.player_id is not None:
            self.player.setCurrentIndex(max(0, self.player.findData(award.player_id)))
        self.player.setEditable(True)  # type to find a name among hundreds
        self.player.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.note = QLineEdit(award.note if award else "")
        self.note.setPlaceholderText("Why (printed with the award)")
        form = QFormLayout()
        form.addRow("Award", self.title)
        form.addRow("Given to", self.player)
        form.addRow("Note", self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(460, 160)

    def _ok(self) -> None:
        self.chosen.emit(self.title.text(), self.player.currentData(), self.note.text())
        self.accept()


class TieDialog(QDialog):
    """Settle a tie: draw lots in the program, or put the players in the TD's order.

    ``decided(about, order, method, note)`` carries the player ids best first.
    """

    decided = Signal(str, object, str, str)

    def __init__(self, tie: OpenTie, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tie = tie
        self.setWindowTitle("Settle a tie")
        self.drawn_seed: int | None = None
        self.by_draw = QRadioButton("Random draw, made here and recorded with its seed")
        self.by_td = QRadioButton("The TD's decision: put the players in order")
        group = QButtonGroup(self)
        group.addButton(self.by_draw)
        group.addButton(self.by_td)
        self.by_draw.setChecked(True)
        self.order = QListWidget()
        self.order.setDragDropMode(QListWidget.DragDropMode.InternalMove)
        for player_id, name in zip(tie.player_ids, tie.names, strict=True):
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, player_id)
            self.order.addItem(item)
        self.draw_button = QPushButton("Draw lots")
        self.draw_button.clicked.connect(lambda: self.draw())  # clicked(bool) is not a seed
        self.up = QPushButton("Up")
        self.down = QPushButton("Down")
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(1))
        self.outcome = QLabel("Press \"Draw lots\": the order drawn is best first.")
        self.outcome.setWordWrap(True)
        self.note = QLineEdit()
        self.note.setPlaceholderText("Note for the record (who witnessed, why)")
        side = QVBoxLayout()
        side.addWidget(self.draw_button)
        side.addWidget(self.up)
        side.addWidget(self.down)
        side.addStretch(1)
        middle = QHBoxLayout()
        middle.addWidget(self.order, 1)
        middle.addLayout(side)
        buttons = QDialogButtonBox()
        self.record_button = buttons.addButton("Record", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.record_button.clicked.connect(self._record)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{tie.what}</b>: {', '.join(tie.names)}"))
        note = QLabel(tie.note)
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(self.by_draw)
        layout.addWidget(self.by_td)
        layout.addLayout(middle)
        layout.addWidget(self.outcome)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.by_draw.toggled.connect(self._method_changed)
        self._method_changed()
        self.resize(520, 420)

    def method(self) -> str:
        return "random-draw" if self.by_draw.isChecked() else "td"

    def current_order(self) -> tuple[int, ...]:
        return tuple(int(self.order.item(i).data(Qt.ItemDataRole.UserRole))
                     for i in range(self.order.count()))

    def draw(self, seed: int | None = None) -> tuple[int, ...]:
        order, self.drawn_seed = draw_order(self.tie.player_ids, seed)
        names = dict(zip(self.tie.player_ids, self.tie.names, strict=True))
        self.order.clear()
        for player_id in order:
            item = QListWidgetItem(names[player_id])
            item.setData(Qt.ItemDataRole.UserRole, player_id)
            self.order.addItem(item)
        self.outcome.setText(f"Drawn (seed {self.drawn_seed}): "
                             + ", then ".join(names[p] for p in order) + ".")
        self._method_changed()
        return order

    def _move(self, step: int) -> None:
        row = self.order.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.order.count():
            return
        item = self.order.takeItem(row)
        self.order.insertItem(target, item)
        self.order.setCurrentRow(target)

    def _method_changed(self) -> None:
        drawing = self.by_draw.isChecked()
        self.draw_button.setEnabled(drawing)
        self.up.setEnabled(not drawing)
        self.down.setEnabled(not drawing)
        self.order.setDragEnabled(not drawing)
        self.record_button.setEnabled(not drawing or self.drawn_seed is not None)
        if not drawing:
            self.outcome.setText("Drag the players (or use Up and Down): best first.")

    def _record(self) -> None:
        note = self.note.text().strip()
        if self.method() == "random-draw":
            if self.drawn_seed is None:
                return
            note = f"seed {self.drawn_seed}" + (f"; {note}" if note else "")
        self.decided.emit(self.tie.about, self.current_order(), self.method(), note)
        self.accept()
