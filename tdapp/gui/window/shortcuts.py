"""Help > Keyboard shortcuts: every menu command with its keys, read from the menus themselves
(so the list never goes stale), and the keys of the pages that work without menus."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMenu,
    QMenuBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

# Keys that belong to a page or dialog rather than to a menu command.
PAGE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("Rounds › roll call", "P / A / S / L", "Mark the selected players present / absent / "
     "standby / late"),
    ("Players", "Insert / Enter / Delete", "Add / edit / delete the selected player"),
    ("Players, Rounds, Standings", "Ctrl+F", "Find"),
    ("Clock", "Space", "Start or pause the room clock"),
    ("Clock", "+ / -", "One minute more / less for the room"),
    ("Clock", "PgDown / PgUp / Home", "Next / previous segment, restart the segment"),
    ("Clock", ", / .", "The selected board: one minute less / more"),
    ("Clock", "P / E / D / J / G", "The selected board: pause, orders in early, draw vote, "
     "rejoin the room clock, grant a grace period"),
    ("Clock", "F5 / Shift+F5", "Open / close the projector"),
    ("Clock", "Ctrl+Alt+H", "Show the hidden end time (never on the projector)"),
    ("Board-call wizard › review", "Space, Space", "Swap two players (or drag one onto another)"),
    ("Board-call wizard › Paris method", "1-7 / A E F G I R T / Backspace",
     "Pick a place in the order / a power; undo the last pick"),
    ("Order entry", "Tab / Shift+Tab", "Next / previous power's sheet"),
    ("Order entry", "Enter / Shift+Enter", "New line (one order per line) / accept the sheet"),
    ("Order entry", "Tab, or ↓ then Enter", "Take a province name the list offers (Enter alone "
     "ends the line; Escape closes the list)"),
    ("Order entry", "Ctrl+Enter", "Adjudicate the phase"),
    ("Order entry", "Ctrl+Shift+N / Ctrl+Shift+G", "The power sent no orders / start its grace"),
    ("Result grid", "Enter / Tab / Ctrl+S", "Next cell down / right; save the result"),
)


def menu_shortcuts(bar: QMenuBar) -> list[tuple[str, str, str]]:
    """(menu path, keys, command) for every menu command that has keys."""
    found: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            title = action.text().replace("&", "").rstrip("…").strip()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} › {title}")
            elif isinstance(action, QAction) and not action.shortcut().isEmpty():
                keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                found.append((path, keys, title))

    for top in bar.actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, top.text().replace("&", ""))
    return found


class ShortcutsDialog(QDialog):
    def __init__(self, bar: QMenuBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(820, 620)
        rows = menu_shortcuts(bar) + list(PAGE_KEYS)
        self.table = QTableWidget(len(rows), 3)
        self.table.setHorizontalHeaderLabels(["Where", "Keys", "What it does"])
        for row, (where, keys, what) in enumerate(rows):
            for column, text in enumerate((where, keys, what)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
