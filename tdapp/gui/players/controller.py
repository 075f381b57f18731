"""The Players page: list, add, edit, withdraw/reinstate, delete, import and export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from tdapp.gui.common.show_dialog import show_dialog
from tdapp.gui.controller import AppController
from tdapp.gui.operations import Operation
from tdapp.gui.players import importing
from tdapp.gui.players.dialog import PlayerDialog
from tdapp.gui.players.import_dialog import ImportPlayersDialog
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import player_codes, player_export
from tdapp.services import players as player_service
from tdapp.services.changes import Change
from tdapp.services.players import PlayerData, PlayerRow

IMPORT_FILTER = "Player lists (*.csv *.xlsx *.txt);;CSV files (*.csv);;Excel files (*.xlsx)"
EXPORT_FILTER = "CSV file (*.csv);;Excel file (*.xlsx)"


class PlayersController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.window = window
        self.page = window.players_page
        self.app = app
        self.page.add_requested.connect(self.add)
        self.page.edit_requested.connect(self.edit)
        self.page.withdraw_requested.connect(self.toggle_withdrawn)
        self.page.delete_requested.connect(self.delete)
        self.page.new_code_requested.connect(self.new_code)
        self.page.import_requested.connect(self.choose_import_file)
        self.page.export_requested.connect(self.export)
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(lambda: self.page.set_players([]))
        app.changed.connect(self._changed)

    def refresh(self) -> None:
        self.page.set_players(self.app.read(player_service.list_players, default=[]))

    def _changed(self, change: Change) -> None:
        if change.players or change.roll_call or change.boards or change.results:
            self.refresh()

    # -- one player ------------------------------------------------------------------------------
    def add(self) -> PlayerDialog:
        def added(dialog: PlayerDialog) -> None:
            change = self.app.call(player_service.add_player, dialog.data(),
                                   keep_apart=dialog.keep_apart_pairs())
            if change and change.ids:
                self.page.select_player(change.ids[0])

        dialog = PlayerDialog(self.window, others=self._others(None))
        return show_dialog(self.window, dialog, added)

    def edit(self, player: PlayerRow) -> PlayerDialog:
        pairs = self.app.read(player_service.keep_apart_list, player.id, default=[])
        dialog = PlayerDialog(self.window, player, others=self._others(player.id),
                              keep_apart={row.other_id: row.reason for row in pairs})
        return show_dialog(
            self.window, dialog,
            lambda d: self.app.call(player_service.update_player, player.id, d.data(),
                                    player.version, keep_apart=d.keep_apart_pairs()))

    def _others(self, player_id: int | None) -> list[tuple[int, str]]:
        """Everyone this player could be kept apart from."""
        return [(p.id, p.name) for p in self.page.model.rows() if p.id != player_id]

    def toggle_withdrawn(self, player: PlayerRow) -> None:
        self.app.call(player_service.set_withdrawn, player.id, not player.withdrawn)

    def delete(self, player: PlayerRow) -> None:
        if player.boards_seated:
            QMessageBox.information(self.window, "Delete player", _why_kept(player))
            return
        answer = QMessageBox.question(
            self.window, "Delete player",
            f"Delete {player.name} from the tournament?\n\nUse this only for someone added by "
            "mistake (Edit > Undo brings them back).")
        if answer == QMessageBox.StandardButton.Yes:
            self.app.call(player_service.delete_player, player.id)

    def new_code(self, player: PlayerRow) -> None:
        """A new players' page code for a player who lost theirs or let it be seen, after the
        TD confirms (the old code stops working at once); then the new code, to hand over."""
        answer = QMessageBox.question(
            self.window, "New code for the players' page",
            f"Give {player.name} a new code for the players' page?\n\nTheir old code stops "
            "working at once: anyone who has it can no longer check in, vote or confirm a "
            "result as them. Hand them the new code, or print their slip again (File › "
            "Export › Player codes sheet…).")
        if answer != QMessageBox.StandardButton.Yes:
            return
        if self.app.call(player_codes.replace_code, player.id) is None:
            return  # the operation API has said why
        rows = self.app.read(player_codes.list_codes, default=[])
        row = next((r for r in rows if r.player_id == player.id), None)
        if row is not None:
            QMessageBox.information(
                self.window, "New code for the players' page",
                f"{player.name}'s new code is {row.shown}.\n\nTheir old code no longer "
                "works.")

    # -- many players ----------------------------------------------------------------------------
    def choose_import_file(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self.window, "Import players from", "", IMPORT_FILTER)
        if chosen:
            self.import_file(Path(chosen))

    def import_file(self, path: Path) -> None:
        """Read the file off the GUI thread, then show the mapping and preview dialog."""
        self.app.start(Operation(
            f"Reading {path.name}…", lambda _token: importing.read_table(path),
            on_done=lambda table: self._show_import_dialog(path, table),
            problem_title="Cannot read this file"))

    def _show_import_dialog(self, path: Path, table: importing.Table) -> None:
        existing = self.app.read(player_service.list_players, default=[])
        dialog = ImportPlayersDialog(
            path.name, list(table.headers), [list(r) for r in table.rows[:20]],
            importing.guess(table),
            preview=lambda mapping: importing.preview(table, mapping, existing),
            duplicates=lambda incoming: player_service.find_duplicates(existing, incoming),
            parent=self.window, fields=importing.fields(), notes=importing.notes(table),
            total_lines=len(table.rows))
        show_dialog(self.window, dialog, lambda d: self._run_import(path, d))

    def _run_import(self, path: Path, dialog: ImportPlayersDialog) -> None:
        chosen = dialog.players_to_import()
        db = self.app.db
        if db is None or not chosen:
            return
        self.app.start(Operation(
            f"Importing {len(chosen)} players…",
            lambda _token: importing.import_players(db, chosen, path.name),
            on_done=lambda change: self._imported(path, chosen),
            problem_title="The players could not be imported", saved_nothing=True))

    def _imported(self, path: Path, chosen: list[PlayerData]) -> None:
        self.window.statusBar().showMessage(
            f"{len(chosen)} players imported from {path.name} (Edit > Undo takes the whole "
            "import back).", 10000)
        missing = importing.unlocated(chosen)
        if missing:  # their "further from home" tie-breaker needs a town picked by hand
            QMessageBox.information(
                self.window, "Home towns not found",
                f"{len(missing)} home town{'s were' if len(missing) != 1 else ' was'} not found "
                "in the list of towns, so the \"further from home\" tie-breaker cannot use "
                "them until you pick the town in the player's details:\n\n"
                + "\n".join(missing[:40]) + ("\n…" if len(missing) > 40 else ""))

    def export(self) -> None:
        if self.app.path is None:
            return
        suggestion = str(self.app.path.with_name(f"{self.app.path.stem}-players.csv"))
        chosen, chosen_filter = QFileDialog.getSaveFileName(
            self.window, "Export the players list", suggestion, EXPORT_FILTER)
        if not chosen:
            return
        path = Path(chosen)
        if not path.suffix:
            path = path.with_suffix(".xlsx" if "xlsx" in chosen_filter else ".csv")
        write = (player_export.export_players_xlsx if path.suffix.lower() == ".xlsx"
                 else player_export.export_players_csv)
        written = self.app.read(write, path)
        if written is not None:
            self.window.statusBar().showMessage(f"{written} players written to {path}", 8000)


def _why_kept(player: PlayerRow) -> str:
    """Why someone on a board is withdrawn rather than deleted."""
    if player.boards_played:
        return (f"{player.name} has played {player.boards_played} board(s), so they stay in "
                "the tournament with their results. Use Withdraw instead.")
    return (f"{player.name} is seated on {player.boards_seated} board(s) of the board call, so "
            "they stay in the tournament. Use Withdraw instead, or seat that round again "
            "without them.")
