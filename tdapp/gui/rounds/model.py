"""The rounds list and the roll-call table."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from tdapp.gui.common.table_model import Column, RowTableModel
from tdapp.services.checkins import CheckInRow
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


CHECKED_IN_COLUMN = 6  # after "Answered": the TD's answer, then the player's word


def local_time(at: dt.datetime) -> str:
    """A check-in's time (kept in UTC) as the clock on the TD's wall shows it."""
    return at.replace(tzinfo=dt.UTC).astimezone().strftime("%H:%M")


def checked_in_words(check_in: CheckInRow | None) -> str:
    if check_in is None:
        return ""
    how = "phone" if check_in.via == "phone" else "at the desk"
    return f"✓ {how} {local_time(check_in.at)}"


def needs_marking(row: RollCallRow, check_in: CheckInRow | None) -> bool:
    """Checked in, not marked present yet, and free to play this round (a player the format
    keeps out, WDC 2018's fourth round or outside a knock-out's final, stays the TD's call)."""
    return (check_in is not None and row.status != "present" and not row.limit
            and not row.not_called)


class RollCallModel(RowTableModel[RollCallRow]):
    """The roll call, with who checked in for the round beside the TD's own answers (the
    players' word, shown; never an answer by itself)."""

    def __init__(self, parent: Any = None) -> None:
        self.check_ins: dict[int, CheckInRow] = {}
        columns = list(ROLL_CALL_COLUMNS)
        columns.insert(CHECKED_IN_COLUMN, Column(
            "Checked in", lambda r: checked_in_words(self.check_ins.get(r.player_id)),
            sort_key=lambda r: self.check_ins[r.player_id].at.isoformat()
            if r.player_id in self.check_ins else "",
            tooltip="Checked in for this round on the players' page (or at the desk): the "
                    "player's word; the Status is still yours to set"))
        super().__init__(columns, greyed=lambda r: r.status == "absent", parent=parent)

    def set_check_ins(self, check_ins: Mapping[int, CheckInRow]) -> None:
        self.check_ins = dict(check_ins)
        if self.rowCount():
            self.dataChanged.emit(self.index(0, CHECKED_IN_COLUMN),
                                  self.index(self.rowCount() - 1, CHECKED_IN_COLUMN))

    def to_mark_present(self) -> list[RollCallRow]:
        return [r for r in self.rows() if needs_marking(r, self.check_ins.get(r.player_id))]


def rounds_model(parent: Any = None) -> RowTableModel[RoundRow]:
    return RowTableModel(ROUND_COLUMNS, parent=parent)


def roll_call_model(parent: Any = None) -> RollCallModel:
    return RollCallModel(parent)


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
