"""Tournament > Teams…: opens the Teams dialog and saves what it asks through the teams service.

Refusals (a full team, a pool player, a power picked twice) are shown inside the dialog; every
saved change is broadcast so the standings and the seating see the teams at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.gui.window.menus import Menu, make_action
from tdapp.services import teams
from tdapp.services.changes import Change, ServiceError

if TYPE_CHECKING:
    from tdapp.gui.teams.dialog import TeamsDialog


def _wants(change: Change) -> bool:
    """Members come from the players; team scores from results, boards and the format."""
    return (change.teams or change.players or change.results or change.boards
            or change.tournament or change.history)


class TeamsController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.app = app
        self.dialog: TeamsDialog | None = None
        self.action = window.menus.add(Menu.TOURNAMENT, make_action(
            window, "&Teams…", None,
            "The team tournament: teams, members and the powers they picked"))
        self.action.triggered.connect(lambda _=False: self.show_dialog())
        app.file_opened.connect(lambda _path: self.action.setEnabled(True))
        app.file_closed.connect(self._closed)
        app.changed.connect(self._changed)
        self.action.setEnabled(app.db is not None)

    def _closed(self) -> None:
        self.action.setEnabled(False)
        if self.dialog is not None:
            self.dialog.close()

    def _changed(self, change: Change) -> None:
        if self.dialog is not None and self.dialog.isVisible() and _wants(change):
            self.refresh()

    # -- the dialog ------------------------------------------------------------------------------
    def show_dialog(self) -> TeamsDialog | None:
        if self.app.db is None:
            return None
        if self.dialog is None:
            from tdapp.gui.teams.dialog import TeamsDialog  # on first use

            self.dialog = TeamsDialog(self.window)
            self.dialog.create_requested.connect(self._create)
            self.dialog.rename_requested.connect(
                lambda team, name: self._run(teams.rename_team, team, name))
            self.dialog.delete_requested.connect(self._delete)
            self.dialog.add_requested.connect(self._add)
            self.dialog.remove_requested.connect(
                lambda team, player: self._run(teams.remove_member, team, player))
            self.dialog.power_requested.connect(
                lambda team, player, power: self._run(teams.set_member_power, team, player,
                                                      power))
        self.dialog.show_message("")
        self.refresh()
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def refresh(self, select_team: int | None = None) -> None:
        view = self.app.read(teams.teams_view)
        if view is not None and self.dialog is not None:
            self.dialog.set_view(view, select_team)

    def _run(self, service: Callable[..., Change], *args: object) -> Change | None:
        """Call the service; a refusal is shown in the dialog and the view is re-read (a power
        box the TD changed goes back to what is saved)."""
        dialog = self.dialog
        if self.app.db is None or dialog is None:
            return None
        try:
            change = self.app.attempt(service, *args)  # its broadcast refreshes the dialog too
        except ServiceError as exc:
            dialog.show_message(str(exc), refused=True)
            self.refresh()
            return None
        if change is not None:
            dialog.show_message(change.description + ".")
        return change

    def _create(self, name: str) -> None:
        change = self._run(teams.create_team, name)
        if change is not None and change.ids and self.dialog is not None:
            self.refresh(select_team=change.ids[0])

    def _add(self, team_id: int, player_id: int, power: object) -> None:
        if self._run(teams.add_member, team_id, player_id, power) is not None and self.dialog:
            self.dialog.player_picker.setFocus()

    def _delete(self, team_id: int) -> None:
        team = self.dialog.current_team() if self.dialog else None
        if team is None:
            return
        answer = QMessageBox.question(
            self.dialog, "Delete team",
            f"Delete team {team.name} and its list of {len(team.members)} member(s)?\n\n"
            "The players stay in the tournament (Edit > Undo brings the team back).")
        if answer == QMessageBox.StandardButton.Yes:
            self._run(teams.delete_team, team_id)
