"""Edit > Undo / Redo (with what they would do in their text) and the History view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import history

if TYPE_CHECKING:
    from tdapp.gui.history.dialog import HistoryDialog


class HistoryController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        self.dialog: HistoryDialog | None = None
        window.menus.undo_action.triggered.connect(self.undo)
        window.menus.redo_action.triggered.connect(self.redo)
        window.menus.history_action.triggered.connect(self.show_history)
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(self._closed)
        app.changed.connect(lambda _change: self.refresh())

    def undo(self) -> None:
        self.app.call(history.undo)

    def redo(self) -> None:
        self.app.call(history.redo)

    def refresh(self) -> None:
        undo_text, redo_text = self.app.read(history.undo_redo_state, default=(None, None))
        self.window.menus.set_undo_texts(undo_text, redo_text)
        if self.dialog is not None:
            actions = self.app.read(history.list_actions, default=[])
            self.dialog.set_actions(actions, undo_text, redo_text)

    def show_history(self) -> HistoryDialog:
        if self.dialog is None:
            from tdapp.gui.history.dialog import HistoryDialog  # on first use

            self.dialog = HistoryDialog(self.window)
            self.dialog.undo_requested.connect(self.undo)
            self.dialog.redo_requested.connect(self.redo)
            self.dialog.action_selected.connect(self._show_details)
            self.dialog.finished.connect(self._forget_dialog)
        self.refresh()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def _show_details(self, action_id: int) -> None:
        if self.dialog is not None:
            self.dialog.set_details(self.app.read(history.action_details, action_id, default=[]))

    def _forget_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None

    def _closed(self) -> None:
        self.window.menus.set_undo_texts(None, None)
        if self.dialog is not None:
            self.dialog.close()
