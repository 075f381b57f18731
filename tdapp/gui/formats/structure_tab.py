"""The format dialog's "Pool and top board" tab: who is champion (the structural rule) and a box
for the settings of every rule that has an editor (asked of the registry, in the core's order),
with the team tournament's box."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tdapp.core.formats import TournamentFormat
from tdapp.core.formats.structures import final_rankings
from tdapp.gui.formats.boxes.team import TeamBox
from tdapp.gui.formats.fields import Binder, choice_box, set_choice
from tdapp.gui.formats.settings_box import SettingsBox
from tdapp.gui.formats.settings_editors import settings_editors


class StructureTab(QWidget):
    """The champion's rule and the structural rules' settings boxes."""

    def __init__(self, bind: Binder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.final_ranking: QComboBox = bind.add("final_ranking", choice_box(
            (r.name, r.choice) for r in final_rankings()))
        for index, rule in enumerate(final_rankings()):  # each rule says who is champion
            self.final_ranking.setItemData(index, f"Champion: {rule.champion}",
                                           Qt.ItemDataRole.ToolTipRole)
        self.boxes: dict[str, SettingsBox] = {
            editor.rule: editor(bind) for editor in settings_editors()}
        self.team = TeamBox(bind)
        self._lay_out()

    def box(self, rule: str) -> SettingsBox:
        """The settings box of the structural rule called ``rule``."""
        return self.boxes[rule]

    def _lay_out(self) -> None:
        """Two columns of rule boxes in a scroll area, so a short window never clips one."""
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setContentsMargins(0, 0, 4, 0)
        ranking = QHBoxLayout()
        ranking.addWidget(QLabel("Champion and places:"))
        ranking.addWidget(self.final_ranking)
        ranking.addStretch(1)
        grid.addLayout(ranking, 0, 0, 1, 2)
        columns = (QVBoxLayout(), QVBoxLayout())
        for box in (*self.boxes.values(), self.team):
            columns[min(max(box.column, 0), 1)].addWidget(box)
        for column, stack in enumerate(columns):
            stack.addStretch(1)
            grid.addLayout(stack, 1, column)
        grid.setRowStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(inner)
        scroll.viewport().setAutoFillBackground(False)  # the tab's own background shows through
        inner.setAutoFillBackground(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def load(self, fmt: TournamentFormat) -> None:
        set_choice(self.final_ranking, fmt.final_ranking)
        for box in (*self.boxes.values(), self.team):
            box.load(fmt)

    def changes(self, start: TournamentFormat) -> dict[str, Any]:
        out: dict[str, Any] = {"final_ranking": str(self.final_ranking.currentData())}
        for box in (*self.boxes.values(), self.team):
            out.update(box.changes(start))
        return out
