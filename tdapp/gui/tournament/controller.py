"""The Tournament page: the description, and a summary of the file (for a shared tournament:
the venue server, the role, and where this laptop keeps its copies)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services.assistants import my_boards
from tdapp.services.changes import Change
from tdapp.services.players import list_players
from tdapp.services.rounds import ROUND_STATUSES, list_rounds
from tdapp.services.server_info import whereabouts
from tdapp.services.tournaments import tournament_info, update_tournament


class TournamentController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.page = window.tournament_page
        self.app = app
        self.page.save_requested.connect(lambda info: app.call(update_tournament, info))
        app.file_opened.connect(lambda _path: self.refresh(details=True))
        app.file_closing.connect(self._offer_unapplied)
        app.changed.connect(self._changed)

    def _offer_unapplied(self) -> None:
        """Every other edit is written as it is made; details typed on this page wait for
        Apply. Closing the file (or the program) must not drop them without a word."""
        if not self.page.is_edited():
            return
        info = self.page.form.info()
        if self.page.form.location_problems() or info.problems():
            return  # nothing that could be written; the page showed the problem
        answer = QMessageBox.question(
            self.page.window(), "Tournament details",
            f"The tournament details you changed ({info.name}) are not applied yet.\n\n"
            "Apply them before the file closes?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Yes:
            self.app.call(update_tournament, info)

    def _changed(self, change: Change) -> None:
        if (change.tournament or change.players or change.rounds or change.boards
                or change.results):
            # Details being typed are kept unless the details themselves changed.
            self.refresh(details=change.tournament or not self.page.is_edited())

    def refresh(self, details: bool = True) -> None:
        info = self.app.read(tournament_info)
        if info is None:
            return
        if details:
            self.page.show_info(info)
        players = self.app.read(list_players, default=[])
        active = [p for p in players if not p.withdrawn]
        rounds = self.app.read(list_rounds, default=[])
        played = sum(1 for r in rounds if r.status == "finished")
        current = next((r for r in rounds if r.status != "finished"), None)
        rounds_text = f"{len(rounds)} planned, {played} finished"
        if current is not None:
            status = ROUND_STATUSES.get(current.status, current.status).lower()
            rounds_text += f"; round {current.number}: {status}"
        players_text = f"{len(active)} taking part"
        if len(players) != len(active):
            players_text += f", {len(players) - len(active)} withdrawn"
        where = self.app.read(whereabouts)
        file_text = where.describe() if where else str(self.app.path)
        mine = self.app.read(my_boards, default="")  # an assistant's own login: its boards
        if mine:
            file_text += f"\n{mine}"
        self.page.show_summary(file_text, players_text, rounds_text,
                               on_server=bool(where and where.server))
