"""Opens the rating dialog from the Tournament menu; the rating is read in a worker-free call
(about a tenth of a second at 300 players) and refreshed when results change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdapp.core.tournament.rating import DEFAULT_COMPRESSION
from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.gui.window.menus import Menu, make_action
from tdapp.services.changes import Change
from tdapp.services.rating import rating_view

if TYPE_CHECKING:
    from tdapp.gui.rating.dialog import RatingDialog


def _wants(change: Change) -> bool:
    return change.results or change.boards or change.players or change.history


class RatingController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        self.dialog: RatingDialog | None = None
        self.compression = DEFAULT_COMPRESSION  # the reading the TD picked in the dialog
        self.action = window.menus.add(Menu.TOURNAMENT, make_action(
            window, "EADiplomacy &rating…", None,
            "Everyone's rating after every board, each step explained"))
        self.action.triggered.connect(lambda _=False: self.show_dialog())
        app.file_opened.connect(lambda _path: self.action.setEnabled(True))
        app.file_closed.connect(self._closed)
        app.changed.connect(self._changed)
        self.action.setEnabled(app.db is not None)

    def show_dialog(self) -> RatingDialog | None:
        if self.app.db is None:
            return None
        if self.dialog is None:
            from tdapp.gui.rating.dialog import RatingDialog  # on first use

            self.dialog = RatingDialog(self.window)
            self.dialog.compression_chosen.connect(self._choose)
        self._refresh()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def _choose(self, compression: str) -> None:
        self.compression = compression
        self._refresh()

    def _refresh(self) -> None:
        if self.dialog is None:
            return
        view = self.app.read(rating_view, 1000.0, self.compression)
        if view is not None:
            self.dialog.set_view(view)

    def _changed(self, change: Change) -> None:
        if self.dialog is not None and self.dialog.isVisible() and _wants(change):
            self._refresh()

    def _closed(self) -> None:
        self.action.setEnabled(False)
        if self.dialog is not None:
            self.dialog.close()
