"""File › Assistants and their boards…: shown on the TD's station of a shared tournament only.

Every action goes through the services (:mod:`tdapp.services.assistants`) and the operation API
(``app.attempt``: waited for on a worker, a refusal shown in the dialog in the TD's words).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.venue.assistants import AssistantsDialog
from tdapp.gui.window.menus import Menu, make_action
from tdapp.services import assistants
from tdapp.services.changes import Change, ServiceError

if TYPE_CHECKING:
    from tdapp.gui.window.main_window import MainWindow


class AssistantsController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        self.dialog: AssistantsDialog | None = None
        self.action: QAction = make_action(
            window, "Assistants and their &boards…", None,
            "Give assistants' laptops logins of their own and the boards each one enters")
        self.action.setObjectName("assistantsAction")
        self.action.setVisible(False)  # the TD's station of a shared tournament only
        window.menus.add(Menu.FILE, self.action, before=window.menus.join_action)
        self.action.triggered.connect(self.open)
        app.file_opened.connect(self._opened)
        app.file_closed.connect(lambda: self.action.setVisible(False))
        app.changed.connect(self._changed)

    def _opened(self, _path: object) -> None:
        db = self.app.db
        self.action.setVisible(bool(db is not None and db.on_server
                                    and self.app.read(assistants.manages_assistants)))

    def _changed(self, change: Change) -> None:
        """A login or boards changed (an Undo here, or another TD station): the open dialog
        rereads. A round seated (here or elsewhere): say who waits for its boards."""
        dialog = self.dialog
        if dialog is not None and dialog.isVisible() and (change.assistants or change.boards):
            if change.boards:  # a round seated or reseated: its boards, the round picker
                rounds = self.app.read(assistants.rounds_with_boards, default=[]) or []
                self.rounds = {r.number: r.boards for r in rounds}
                if [dialog.round.itemData(i) for i in range(dialog.round.count())] \
                        != list(self.rounds):
                    dialog.set_rounds(list(self.rounds))
            picked = dialog.selected()
            self.reload(select=picked.login if picked is not None else None)
        if not (change.boards and self.action.isVisible()):
            return
        words = self.app.read(assistants.waiting_for_boards, default="")
        if words:
            self.window.statusBar().showMessage(words, 30000)

    # -- the dialog --------------------------------------------------------------------------
    def open(self) -> AssistantsDialog:
        dialog = AssistantsDialog(self.window)
        self.dialog = dialog
        rounds = self.app.read(assistants.rounds_with_boards, default=[]) or []
        self.rounds = {r.number: r.boards for r in rounds}
        dialog.set_rounds(list(self.rounds))
        dialog.password.setText(assistants.suggest_password())
        dialog.round.currentIndexChanged.connect(lambda _i: self.reload())
        dialog.table.itemSelectionChanged.connect(self._picked)
        dialog.give_button.clicked.connect(self.give)
        dialog.remove_button.clicked.connect(self.remove)
        dialog.add_button.clicked.connect(self.add)
        dialog.login.returnPressed.connect(self.add)
        dialog.new_password_button.clicked.connect(
            lambda: dialog.password.setText(assistants.suggest_password()))
        dialog.copy_button.clicked.connect(
            lambda: QApplication.clipboard().setText(dialog.join_address.text()))
        if not rounds:
            dialog.say(problem="No round is seated yet: add the assistants' logins now, and "
                               "give them boards once a round is seated.")
        self.reload()
        dialog.open()
        return dialog

    def _try(self, service: Callable[..., Any], *args: object) -> Any:
        """A service call through the operation API; a refusal is shown in the dialog."""
        assert self.dialog is not None
        try:
            return self.app.attempt(service, *args)
        except ServiceError as exc:
            self.dialog.say(problem=str(exc))
            return None

    def reload(self, select: str | None = None) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        number = dialog.round_number()
        dialog.set_boards(self.rounds.get(number, ()) if number is not None else ())
        if number is None:
            dialog.set_assistants([], 0)
            return
        rows = self._try(assistants.list_assistants, number)
        if rows is not None:
            dialog.set_assistants(rows, number, select)
        self._picked()

    def _picked(self) -> None:
        if self.dialog is not None:
            self.dialog.show_selected(self.dialog.selected(), self.dialog.round_number() or 0)

    def add(self) -> None:
        dialog = self.dialog
        assert dialog is not None
        login, password = dialog.login.text().strip(), dialog.password.text()
        change = self._try(assistants.add_assistant, login, password)
        if change is None:
            return
        address = self.app.read(assistants.join_address, login, password, default="")
        dialog.show_join(login, address)
        dialog.say(done=f"{change.description}. Tick the boards {login} enters, then "
                        "Give these boards.")
        dialog.login.clear()
        dialog.password.setText(assistants.suggest_password())
        self.reload(select=login)

    def give(self) -> None:
        dialog = self.dialog
        assert dialog is not None
        row, number = dialog.selected(), dialog.round_number()
        if row is None or number is None:
            return
        change = self._try(assistants.give_boards, row.login, number, dialog.ticked())
        if change is not None:
            dialog.say(done=f"{change.description}: the server now refuses {row.login} every "
                            "other board of this round.")
            self.reload(select=row.login)

    def remove(self) -> None:
        dialog = self.dialog
        assert dialog is not None
        row = dialog.selected()
        if row is None:
            return
        answer = QMessageBox.question(
            dialog, "Remove an assistant",
            f"Remove the login {row.login}? A laptop using it can no longer reach the "
            "tournament; what it entered stays.")
        if answer != QMessageBox.StandardButton.Yes:
            return
        change = self._try(assistants.remove_assistant, row.login)
        if change is not None:
            dialog.say(done=f"{change.description}.")
            self.reload()
