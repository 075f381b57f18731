"""Connects the Awards page to the awards service; certificates go through the export worker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from tdapp.gui.awards.dialogs import SpecialAwardDialog, TieDialog
from tdapp.gui.awards.page import AwardsPage
from tdapp.gui.common.lazy_controller import RefreshWhenSeen
from tdapp.gui.controller import AppController
from tdapp.services import awards
from tdapp.services.changes import Change
from tdapp.services.players import list_players

if TYPE_CHECKING:
    from tdapp.gui.export.controller import ExportController



class AwardsController(RefreshWhenSeen[AwardsPage]):
    def wants(self, change: Change) -> bool:
        return (change.results or change.boards or change.players or change.rounds
                or change.tournament or change.standings or change.awards)

    def __init__(self, page: AwardsPage, app: AppController,
                 exports: ExportController | None = None) -> None:
        self.page = page
        self.app = app
        self.exports = exports
        self.dialog: SpecialAwardDialog | TieDialog | None = None
        page.settle_requested.connect(self.settle)
        page.add_special_requested.connect(lambda: self.edit_special(None))
        page.edit_special_requested.connect(self.edit_special)
        page.remove_special_requested.connect(self.remove_special)
        page.remove_decision_requested.connect(
            lambda decision: self.app.call(awards.remove_tie_decision, decision.id))
        page.certificates_requested.connect(self._certificates)
        self.stale = False
        self.watch(app, page.shown)  # the awards come from the whole standings: a hidden page waits

    def remove_special(self, award: awards.SpecialAwardRow) -> bool:
        """Ask first: with one award listed, Remove takes it even when no row is selected."""
        given = f" given to {award.player_name}" if award.player_name else ""
        answer = QMessageBox.question(
            self.page.window(), "Remove award",
            f"Remove the award \u201c{award.title}\u201d{given}?\n\n"
            "Edit > Undo brings it back.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            return False
        return self.app.call(awards.remove_special_award, award.id) is not None

    def _clear(self) -> None:
        self.stale = False
        self.page.set_view(None, [])

    def refresh(self) -> None:
        self.stale = False
        view = self.app.read(awards.awards_view, default=None)
        self.page.set_view(view, self.app.read(awards.list_special_awards, default=[]))

    def _show(self, dialog: SpecialAwardDialog | TieDialog) -> None:
        if self.dialog is not None:
            self.dialog.reject()
        self.dialog = dialog
        dialog.finished.connect(lambda _code: self._closed(dialog))
        dialog.open()

    def _closed(self, dialog: SpecialAwardDialog | TieDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def edit_special(self, award: awards.SpecialAwardRow | None) -> SpecialAwardDialog:
        players = [(p.id, p.name) for p in self.app.read(list_players, default=[])
                   if p.competing and not p.withdrawn]
        dialog = SpecialAwardDialog(players, award, self.page)
        if award is None:
            dialog.chosen.connect(lambda title, player, note: self.app.call(
                awards.add_special_award, title, player, note))
        else:
            dialog.chosen.connect(lambda title, player, note: self.app.call(
                awards.update_special_award, award.id, title, player, note))
        self._show(dialog)
        return dialog

    def settle(self, tie: awards.OpenTie) -> TieDialog:
        dialog = TieDialog(tie, self.page)
        dialog.decided.connect(lambda about, order, method, note: self.app.call(
            awards.record_tie_decision, about, tuple(order), method, note))
        self._show(dialog)
        return dialog

    def _certificates(self, text_only: bool) -> None:
        if self.exports is not None:
            self.exports.certificates(text_only)
