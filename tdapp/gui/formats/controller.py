"""Opens the format and scoring-systems dialogs and saves what they ask through the services.

Refusals with a field (FormatRefused, FormulaRefused) are shown inside the dialog next to the
field at fault, not in a message box; every saved change is broadcast so open views refresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdapp.core.formats import TournamentFormat, get_format
from tdapp.gui.controller import AppController
from tdapp.gui.formats.page_box import FormatBox
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import formats
from tdapp.services.changes import Change, ServiceError

if TYPE_CHECKING:
    from tdapp.gui.formats.format_dialog import FormatDialog
    from tdapp.gui.formats.formula_dialog import ScoringSystemsDialog


class FormatsController:
    """Menu actions, the Tournament page box, and the two dialogs."""

    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        self.format_dialog: FormatDialog | None = None
        self.systems_dialog: ScoringSystemsDialog | None = None
        self.box: FormatBox = window.tournament_page.format_box
        self.actions = (window.menus.format_action, window.menus.scoring_action)
        window.menus.format_action.triggered.connect(lambda _=False: self.show_format_dialog())
        window.menus.scoring_action.triggered.connect(lambda _=False: self.show_systems_dialog())
        self.box.format_button.clicked.connect(lambda: self.show_format_dialog())
        self.box.scoring_button.clicked.connect(lambda: self.show_systems_dialog())
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(self._closed)
        app.changed.connect(self._changed)
        self._closed()

    # -- the page box and the actions ----------------------------------------------------------
    def _set_enabled(self, on: bool) -> None:
        for action in self.actions:
            action.setEnabled(on)
        self.box.setEnabled(on)

    def _closed(self) -> None:
        self._set_enabled(False)
        for dialog in (self.format_dialog, self.systems_dialog):
            if dialog is not None:
                dialog.close()

    def _changed(self, change: Change) -> None:
        if change.tournament or change.history:
            self.refresh()

    def refresh(self) -> None:
        if self.app.db is None:
            return
        self._set_enabled(True)
        state = self.app.read(formats.format_state)
        rows = self.app.read(formats.list_scoring_systems, default=[])
        if state is not None:
            self.box.show_state(state, rows)

    # -- the format dialog ----------------------------------------------------------------------
    def show_format_dialog(self) -> FormatDialog | None:
        if self.app.db is None:
            return None
        if self.format_dialog is None:
            from tdapp.gui.formats.format_dialog import FormatDialog  # on first use

            self.format_dialog = FormatDialog(self.window)
            self.format_dialog.save_requested.connect(self._save_format)
            self.format_dialog.systems_requested.connect(self.show_systems_dialog)
        state = self.app.read(formats.format_state)
        if state is None:
            return None
        self.format_dialog.set_state(state, self.app.read(formats.scoring_systems, default=()))
        self.format_dialog.show()
        self.format_dialog.raise_()
        self.format_dialog.activateWindow()
        return self.format_dialog

    def _save_format(self, fmt: TournamentFormat, base: str) -> None:
        dialog = self.format_dialog
        if self.app.db is None or dialog is None:
            return
        try:
            if fmt == get_format(base):
                change = self.app.attempt(formats.use_builtin_format, base)
            else:
                change = self.app.attempt(formats.save_custom_format, fmt, base)
        except formats.FormatRefused as exc:
            dialog.show_refusal(exc.field, str(exc))
            return
        except ServiceError as exc:
            dialog.show_refusal(None, str(exc))
            return
        if change is None:
            return
        self.window.statusBar().showMessage(change.description, 8000)
        dialog.accept()

    # -- the scoring-systems dialog ---------------------------------------------------------------
    def show_systems_dialog(self) -> ScoringSystemsDialog | None:
        if self.app.db is None:
            return None
        if self.systems_dialog is None:
            parent = self.format_dialog if self.format_dialog and \
                self.format_dialog.isVisible() else self.window
            from tdapp.gui.formats.formula_dialog import ScoringSystemsDialog

            self.systems_dialog = ScoringSystemsDialog(parent)
            self.systems_dialog.save_requested.connect(self._save_system)
            self.systems_dialog.delete_requested.connect(self._delete_system)
        self.systems_dialog.set_systems(self.app.read(formats.list_scoring_systems, default=[]))
        self.systems_dialog.show()
        self.systems_dialog.raise_()
        self.systems_dialog.activateWindow()
        return self.systems_dialog

    def _save_system(self, name: str, title: str, formula: str) -> None:
        dialog = self.systems_dialog
        if self.app.db is None or dialog is None:
            return
        try:
            change = self.app.attempt(formats.save_scoring_system, name, title, formula)
        except formats.FormulaRefused as exc:
            dialog.show_refusal(exc.field, str(exc), exc.column)
            return
        except ServiceError as exc:
            dialog.show_refusal("formula", str(exc))
            return
        if change is None:
            return
        dialog.saved(name, change.description,
                     self.app.read(formats.list_scoring_systems, default=[]))
        self._systems_changed()

    def _delete_system(self, name: str) -> None:
        dialog = self.systems_dialog
        if self.app.db is None or dialog is None:
            return
        try:
            change = self.app.attempt(formats.delete_scoring_system, name)
        except ServiceError as exc:
            dialog.show_refusal("name", str(exc))
            return
        if change is None:
            return
        dialog.set_systems(self.app.read(formats.list_scoring_systems, default=[]))
        dialog.start_new()
        dialog.status.setText(change.description)
        self._systems_changed()

    def _systems_changed(self) -> None:
        """An open format dialog offers the new systems in its rounds at once."""
        if self.format_dialog is not None and self.format_dialog.isVisible():
            self.format_dialog.update_systems(
                self.app.read(formats.scoring_systems, default=()))
