"""The rounds list and the roll-call table."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tdapp.gui.common.table_model import Column, RowTableModel
from tdapp.services.rollcall import STATUSES, RollCallRow
from tdapp.services.rounds import ROUND_STATUSES, RoundRow

ROUND_COLUMNS: list[Column[RoundRow]] = [
    Column("Round", lambda r: r.number, align_right=True),
    Column("Status", lambda r: ROUND_STATUSES.get(r.status, r.status),
           sort_key=lambda r: list(ROUND_STATUSES).index(r.status)
           if r.status in ROUND_STATUSES else 99),
    Column("Boards", lambda r: r.boards or "", sort_key=lambda r: r.boards, align_right=True),
    Column("Finished", lambda r: f"{r.boards_finished} of {r.boards}" if r.boards else "",
           sort_key=lambda r: r.boards_finished),
]

def _answered(row: RollCallRow) -> str:
    # In round 1 nothing is carried over: an unasked player is simply not answered yet.
    answered = "yes" if row.recorded else "carried over" if row.carried else "not yet"
    # WDC 2018's three of four: say why a carried "present" shows absent, or a "present" is odd.
    why = row.limit or row.not_called  # DBN 2025: not in the championship game
    return f"{answered}; not this round: {why}" if why else answered


STATUS_COLUMN = 2
TWO_BOARDS_COLUMN = 3
SIT_OUT_COLUMN = 4

ROLL_CALL_COLUMNS: list[Column[RollCallRow]] = [
    Column("Name", lambda r: r.name),
    Column("Home town", lambda r: r.home_town),
    Column("Status", lambda r: STATUSES.get(r.status, r.status), editable=True,
           sort_key=lambda r: list(STATUSES).index(r.status) if r.status in STATUSES else 99,
           tooltip="P present, A absent, S standby, L late arrival (keys work on the selection)"),
    Column("Two boards", lambda r: r.two_boards, checkable=True, editable=True,
           tooltip="Willing to play two boards at once if the numbers need it"),
    Column("Sit out?", lambda r: r.volunteer_sit_out, checkable=True, editable=True,
           tooltip="Volunteers to sit out this round if the numbers need it"),
    Column("Answered", lambda r: _answered(r), sort_key=lambda r: int(r.recorded),
           tooltip="'carried over': not asked yet this round; last round's answer is shown. "
                   "'not yet': not asked yet, and no earlier answer"),
    Column("Competing", lambda r: "" if r.competing else "no — never ranks",
           sort_key=lambda r: int(r.competing)),
]


def rounds_model(parent: Any = None) -> RowTableModel[RoundRow]:
    return RowTableModel(ROUND_COLUMNS, parent=parent)


def roll_call_model(parent: Any = None) -> RowTableModel[RollCallRow]:
    return RowTableModel(ROLL_CALL_COLUMNS, greyed=lambda r: r.status == "absent", parent=parent)


class StatusDelegate(QStyledItemDelegate):
    """A combo box of the roll-call statuses; the model receives the status key."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        combo = QComboBox(parent)
        for key, label in STATUSES.items():
            combo.addItem(label, key)
        combo.activated.connect(lambda _=0, c=combo: self.commitData.emit(c))
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        labels = list(STATUSES.values())
        text = index.data(Qt.ItemDataRole.DisplayRole)
        editor.setCurrentIndex(labels.index(text) if text in labels else 0)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
