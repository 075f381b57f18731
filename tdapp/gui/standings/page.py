"""The Standings page: the standings (two ways of counting unfinished rounds) and, on a second
tab, the boards whose results are still to be typed. Layout only; see controller.py."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QRadioButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.tables import add_find_shortcut, tune_table
from tdapp.gui.results.boards_panel import ResultsPanel
from tdapp.gui.standings.model import StandingsFilter, StandingsModel
from tdapp.services.standings_views import COMPLETED, MODES, NOW, StandingsView


class StandingsPage(QWidget):
    mode_changed = Signal(str)
    shown = Signal()  # the page came into view: a stale page reads its data now

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._standings_tab(), "Standings")
        self.results_panel = ResultsPanel()
        self.tabs.addTab(self.results_panel, "Enter results")
        add_find_shortcut(self, self.search, lambda: self.tabs.setCurrentIndex(0))
        title = QLabel("<h2>Standings</h2>")
        self.state = QLabel()  # how far the tournament is: "2 of 4 rounds finished."
        self.state.setObjectName("standingsState")
        head = QHBoxLayout()
        head.addWidget(title)
        head.addStretch(1)
        head.addWidget(self.state)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(self.tabs, 1)

    def _mode_toggled(self, mode: str, on: bool) -> None:
        if on:  # the button switched off says nothing: its partner says what is chosen
            self.mode_changed.emit(mode)

    def _standings_tab(self) -> QWidget:
        tab = QWidget()
        self.mode_group = QButtonGroup(self)
        bar = QHBoxLayout()
        self.mode_buttons: dict[str, QRadioButton] = {}
        for mode in (COMPLETED, NOW):
            button = QRadioButton(MODES[mode])
            button.setObjectName(f"mode-{mode}")
            self.mode_group.addButton(button)
            self.mode_buttons[mode] = button
            button.toggled.connect(partial(self._mode_toggled, mode))
            bar.addWidget(button)
        self.mode_buttons[COMPLETED].setChecked(True)
        bar.addSpacing(20)
        self.show_box = QComboBox()
        for key, words in StandingsFilter.SHOWS.items():
            self.show_box.addItem(words, key)
        bar.addWidget(QLabel("Show"))
        bar.addWidget(self.show_box)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search players, ranks, reasons…")
        self.search.setClearButtonEnabled(True)
        bar.addWidget(self.search, 1)
        self.summary = QLabel()
        self.summary.setObjectName("standingsSummary")
        self.summary.setWordWrap(True)
        self.model = StandingsModel(self)
        self.proxy = StandingsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.show_box.currentIndexChanged.connect(
            lambda _i: self.proxy.set_show(str(self.show_box.currentData())))
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.setAlternatingRowColors(True)
        tune_table(self.table, ())
        layout = QVBoxLayout(tab)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        return tab

    def mode(self) -> str:
        return NOW if self.mode_buttons[NOW].isChecked() else COMPLETED

    def set_view(self, view: StandingsView | None) -> None:
        if view is None:
            self.model.set_view((), [])
            self.summary.setText("")
            return
        self.model.set_view(view.rounds, list(view.lines))
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self._size_columns(len(view.rounds))
        self.summary.setText(self._summary(view))

    def _size_columns(self, rounds: int) -> None:
        widths = (60, 230, 70, *([64] * rounds), 120)
        for column, width in enumerate(widths):
            self.table.setColumnWidth(column, width)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)

    @staticmethod
    def _summary(view: StandingsView) -> str:
        if view.through == 0:
            head = "No round has been played yet."
        else:
            head = f"After round {view.through}."
        if view.mode == NOW and view.through:
            head = f"If all games ended now (through round {view.through})."
        parts = [head, "Dropped rounds are (bracketed) and grey."]
        if view.open_ties:
            parts.append(f"{view.open_ties} tie(s) left to the TD: settle them on the Awards "
                         "page.")
        parts.extend(view.notes)
        parts.extend(f"Note: {issue}" for issue in view.issues)
        return " ".join(parts)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.shown.emit()
