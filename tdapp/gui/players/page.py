"""The Players page: search, sort, add, edit, withdraw, delete, import and export."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt, Signal, SignalInstance
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tdapp.gui.common.page import page_title
from tdapp.gui.common.table_model import ROW_ROLE, make_proxy
from tdapp.gui.common.tables import add_find_shortcut, tune_table
from tdapp.gui.players.model import CLUB_COLUMN, COUNTRY_COLUMN, players_model
from tdapp.services.players import PlayerRow


class PlayersPage(QWidget):
    add_requested = Signal()
    edit_requested = Signal(object)  # PlayerRow
    withdraw_requested = Signal(object)  # PlayerRow (withdraw or reinstate, by its state)
    delete_requested = Signal(object)  # PlayerRow
    new_code_requested = Signal(object)  # PlayerRow: a lost or leaked players' page code
    import_requested = Signal()
    export_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = players_model(self)
        self.proxy = make_proxy(self.model, self)
        self.search = QLineEdit()
        self.search.setObjectName("playerSearch")
        self.search.setPlaceholderText("Search players (name, town, country, club…)")
        self.search.setClearButtonEnabled(True)
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.withdraw_button = QPushButton("&Withdraw")
        self.delete_button = QPushButton("&Delete…")
        self.new_code_button = QPushButton("New &code…")
        self.new_code_button.setObjectName("newPlayerCode")
        self.new_code_button.setToolTip("A new code for the players' page, for a player who "
                                        "lost theirs or let someone see it: the old code stops "
                                        "working")
        self.import_button = QPushButton("&Import…")
        self.export_button = QPushButton("E&xport…")
        self.import_button.setToolTip("Import players from a CSV or Excel (.xlsx) file")
        self.export_button.setToolTip("Write the players list to a CSV or Excel file")
        self.table = QTableView()
        self.table.setObjectName("playersTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setAlternatingRowColors(True)
        tune_table(self.table, (165, 125, 90, 120, 95, 100, 45, 95, 100, 80))
        # Country and Club as wide as what they hold (they were cut); Withdrawn at the end no
        # longer takes the room left over
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        for column in (COUNTRY_COLUMN, CLUB_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.count_label = QLabel()
        self.count_label.setObjectName("playersCount")
        tools = QHBoxLayout()
        tools.addWidget(self.search, 1)
        for button in (self.add_button, self.edit_button, self.withdraw_button,
                       self.delete_button, self.new_code_button):
            tools.addWidget(button)
        tools.addSpacing(16)
        tools.addWidget(self.import_button)
        tools.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addWidget(page_title("Players"))
        layout.addLayout(tools)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count_label)
        self.search.textChanged.connect(self._search_changed)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.doubleClicked.connect(lambda _: self._emit_for_selected(self.edit_requested))
        self.add_button.clicked.connect(self.add_requested)
        self.edit_button.clicked.connect(lambda: self._emit_for_selected(self.edit_requested))
        self.withdraw_button.clicked.connect(
            lambda: self._emit_for_selected(self.withdraw_requested))
        self.delete_button.clicked.connect(lambda: self._emit_for_selected(self.delete_requested))
        self.new_code_button.clicked.connect(
            lambda: self._emit_for_selected(self.new_code_requested))
        self.menu: QMenu | None = None  # the right-click menu shown last
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.import_button.clicked.connect(self.import_requested)
        self.export_button.clicked.connect(self.export_requested)
        self._add_keys()
        self._selection_changed()

    def _add_keys(self) -> None:
        """Enter edits, Delete deletes (after asking), Ctrl+F finds, Insert adds."""
        on_table = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            QShortcut(QKeySequence(key), self.table, self.edit_button.click, on_table)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.table, self._delete_if_allowed,
                  on_table)
        add_find_shortcut(self, self.search)  # from the sidebar too, not only inside the page
        QShortcut(QKeySequence(Qt.Key.Key_Insert), self, self.add_button.click,
                  Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def set_players(self, rows: list[PlayerRow]) -> None:
        selected = self.selected()
        self.model.set_rows(rows)
        if selected is not None:
            self.select_player(selected.id)
        self._show_count()
        self._selection_changed()

    def _search_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self._show_count()

    def _show_count(self) -> None:
        rows = self.model.rows()
        if not rows:
            self.count_label.setText("No players yet: Add them one by one, or Import a CSV or "
                                     "Excel list.")
            return
        withdrawn = sum(1 for r in rows if r.withdrawn)
        not_competing = sum(1 for r in rows if not r.competing and not r.withdrawn)
        text = f"{len(rows) - withdrawn} players"
        if withdrawn:
            text += f", {withdrawn} withdrawn"
        if not_competing:
            text += f"; {not_competing} not competing (fill seats, never ranked)"
        if self.search.text():
            text = f"{self.proxy.rowCount()} shown for “{self.search.text()}” — {text}"
        self.count_label.setText(text)

    def selected(self) -> PlayerRow | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(ROW_ROLE) if rows else None

    def select_player(self, player_id: int) -> bool:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data(ROW_ROLE).id == player_id:
                self.table.selectionModel().select(
                    index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows)
                self.table.setCurrentIndex(index)
                return True
        return False

    def context_menu(self) -> QMenu:
        """The selected player's commands, as the buttons offer them (right-click)."""
        menu = QMenu(self.table)
        for button in (self.edit_button, self.withdraw_button, self.delete_button):
            action = menu.addAction(button.text().replace("&", ""), button.click)
            action.setEnabled(button.isEnabled())
        menu.addSeparator()
        action = menu.addAction("New code for this player…", self.new_code_button.click)
        action.setEnabled(self.new_code_button.isEnabled())
        return menu

    def _context_menu(self, at: QPoint) -> None:
        index = self.table.indexAt(at)
        if not index.isValid():
            return
        self.select_player(index.data(ROW_ROLE).id)
        if self.menu is not None:
            self.menu.deleteLater()  # the last right-click's, closed by now
        self.menu = self.context_menu()
        self.menu.popup(self.table.viewport().mapToGlobal(at))

    def _delete_if_allowed(self) -> None:
        if self.delete_button.isEnabled():
            self.delete_button.click()

    def _emit_for_selected(self, signal: SignalInstance) -> None:
        player = self.selected()
        if player is not None:
            signal.emit(player)

    def _selection_changed(self, *_: object) -> None:
        player = self.selected()
        for button in (self.edit_button, self.withdraw_button, self.delete_button,
                       self.new_code_button):
            button.setEnabled(player is not None)
        self.withdraw_button.setText("&Reinstate" if player and player.withdrawn else "&Withdraw")
        self.delete_button.setEnabled(player is not None and player.boards_seated == 0)
        self.delete_button.setToolTip(
            "Someone who has played, or is seated on a board, is withdrawn, never deleted"
            if player and player.boards_seated else "Remove a player added by mistake")
