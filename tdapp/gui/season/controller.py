"""Opens the season window from the File menu and turns its actions into season service calls.

Each action is one service call on the season file (read, change, write); a refusal is shown in
the TD's words and the file stays as it was; after each the window is filled again from the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, TypeVarTuple

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from tdapp.core.tournament.season_calendar import CHAMPIONSHIP_STARTS, season_of
from tdapp.gui.controller import AppController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import season as season_service
from tdapp.services.changes import ServiceError

if TYPE_CHECKING:
    from tdapp.gui.season.view import EventDialog, InvitationLine, SeasonWindow
    from tdapp.services.season_import import EventStandings

T = TypeVar("T")
Ts = TypeVarTuple("Ts")

SEASON_FILTER = "DBN season (*.tds)"
EVENT_FILTER = "Final standings (*.csv *.txt *.xlsx *.tdt)"


_ROUND_SEPARATORS = re.compile(r"(?:[\s,;/&+]|\band\b)+", re.IGNORECASE)


def typed_rounds(text: str) -> list[int]:
    """Preferred semi-final rounds as typed: "2 3", "2, 3", "2;3" and "2 and 3" are rounds 2
    and 3 (issue 24: "2 3" was read as round 23); "" is no preference."""
    words = [w for w in _ROUND_SEPARATORS.split(text.strip()) if w]
    if not all(w.isdigit() for w in words):
        raise ValueError(f"{text.strip()!r}: type the rounds as numbers, in order of "
                         "preference: 2 3 (or 2, 3).")
    return [int(w) for w in words]


class SeasonController:
    def __init__(self, window: MainWindow, app: AppController | None = None) -> None:
        self.parent = window
        self.app = app
        self.window: SeasonWindow | None = None
        self.path: Path | None = None
        self.year: int | None = None  # the February the open season began (its dated events)
        # File > DBN Invitational season… (window/menus.py); the main controller makes this
        # controller when the command first runs, and connects it to show_window.
        self.action = window.menus.season_action

    # -- the window -----------------------------------------------------------------------------
    def show_window(self) -> SeasonWindow:
        if self.window is None:
            from tdapp.gui.season.view import SeasonWindow  # when the season is first opened

            self.window = SeasonWindow(self.parent)
            w = self.window
            w.new_action.triggered.connect(lambda _=False: self.new_season())
            w.open_action.triggered.connect(lambda _=False: self.open_season())
            w.add_event_action.triggered.connect(lambda _=False: self.add_event())
            w.remove_event_action.triggered.connect(lambda _=False: self.remove_event())
            w.champion_action.triggered.connect(lambda _=False: self.defending_champion())
            w.major_action.triggered.connect(lambda _=False: self.toggle_major())
            w.known_action.triggered.connect(lambda _=False: self.known_players())
            w.coin_toss_action.triggered.connect(lambda _=False: self.coin_toss())
            w.decline_action.triggered.connect(lambda _=False: self.declined())
            w.cannot_play_action.triggered.connect(lambda _=False: self.cannot_play())
            w.winner_action.triggered.connect(lambda _=False: self.semifinal_winner())
            w.start_action.triggered.connect(lambda _=False: self.start_invitational())
            w.mid_game_action.triggered.connect(lambda _=False: self.left_mid_game())
            w.final_start_action.triggered.connect(lambda _=False: self.championship_start())
            w.export_action.triggered.connect(lambda _=False: self.export())
            w.invitations.on_edit = self._preference_edited
        self.window.show()
        self.window.raise_()
        return self.window

    def load(self, path: Path | str) -> bool:
        """Open a season file in the window (True when it could be read)."""
        window = self.show_window()
        try:
            view = self._service(season_service.season_view, path)
        except ServiceError as exc:
            self._refused("Cannot open this season", exc)
            return False
        self.path = Path(path)
        self.year = season_of([e.date for e in view.season_input.events])
        window.set_season_open(True)
        window.show_view(view, self.path.stem)
        return True

    def refresh(self) -> None:
        if self.path is not None:
            self.load(self.path)

    def _service(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """A season service call through the program's one operation API: on a worker, the
        window kept alive if the season file's disk is slow (its errors come back here)."""
        if self.app is None:
            return fn(*args)
        return self.app.wait(fn, *args, notice="Working on the season file…")

    def _refused(self, title: str, exc: Exception) -> None:
        QMessageBox.warning(self.window, title, str(exc))

    def _run(self, title: str, call: Callable[[Path, *Ts], object], *args: *Ts) -> bool:
        if self.path is None:
            return False
        try:
            self._service(call, self.path, *args)
        except ServiceError as exc:
            self._refused(title, exc)
            return False
        self.refresh()
        return True

    # -- actions --------------------------------------------------------------------------------
    def new_season(self, path: Path | str | None = None, name: str | None = None) -> bool:
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(self.window, "New season", "", SEASON_FILTER)
            if not chosen:
                return False
            path = chosen if chosen.endswith(".tds") else f"{chosen}.tds"
        try:
            self._service(season_service.new_season, path,
                          name if name is not None else Path(path).stem)
        except ServiceError as exc:
            self._refused("Cannot start this season", exc)
            return False
        return self.load(path)

    def open_season(self) -> bool:
        chosen, _ = QFileDialog.getOpenFileName(self.window, "Open season", "", SEASON_FILTER)
        return self.load(chosen) if chosen else False

    def add_event(self, source: Path | str | None = None, *, dialog: EventDialog | None = None
                  ) -> bool:
        """An event's final standings from CSV, Excel or a tdapp tournament file; its name,
        date and size confirmed (or typed) in a small dialog."""
        if source is None:
            chosen, _ = QFileDialog.getOpenFileName(self.window, "Event's final standings", "",
                                                    EVENT_FILTER)
            if not chosen:
                return False
            source = chosen
        source = Path(source)
        from tdapp.gui.season.view import EventDialog
        from tdapp.services.season_import import event_from_tournament, read_event_standings

        try:
            reader = event_from_tournament if source.suffix == ".tdt" else read_event_standings
            got: EventStandings = self._service(reader, source)
        except ServiceError as exc:
            self._refused("Cannot read these standings", exc)
            return False
        form = dialog or EventDialog(self.window, got.name or source.stem, got.date,
                                     got.boards or 0, got.players or len(got.places),
                                     season=self.year)
        if dialog is None and not form.exec():
            return False
        event = got.event(form.name.text().strip(), form.date_text(),
                          form.boards.value(), form.players.value(), form.major.isChecked())
        done = self._run("Cannot add this event", season_service.add_event, event)
        if done and got.problems and self.window is not None:
            self.window.problems.setText("Lines left out of the import: "
                                         + "; ".join(got.problems[:8]))
        return done

    def remove_event(self) -> bool:
        event = self.window.selected_event() if self.window else None
        if event is None:
            return False
        return self._run("Cannot remove this event", season_service.remove_event, event.name)

    def toggle_major(self) -> bool:
        event = self.window.selected_event() if self.window else None
        if event is None:
            return False
        return self._run("Cannot change the class", season_service.set_major, event.name,
                         not event.major)

    def known_players(self, names: list[str] | None = None) -> bool:
        if names is None:
            known = season_service.load_season(self.path).known_players if self.path else ()
            text, ok = QInputDialog.getMultiLineText(
                self.window, "Known players", "Players in the DBN database before the season "
                "(one a line); everyone else is a rookie:", "\n".join(sorted(known)))
            if not ok:
                return False
            names = [n.strip() for n in text.splitlines() if n.strip()]
        return self._run("Cannot record the known players", season_service.set_known_players,
                         names)

    def defending_champion(self, player: str | None = None) -> bool:
        if player is None:
            player, ok = QInputDialog.getText(self.window, "Defending champion", "Player:")
            if not ok or not player.strip():
                return False
        return self._run("Cannot record the champion", season_service.set_defending_champion,
                         player)

    def coin_toss(self, between: list[str] | None = None, winner: str | None = None) -> bool:
        if between is None or winner is None:
            text, ok = QInputDialog.getText(self.window, "Public coin toss",
                                            "Players tossing (winner first, commas between):")
            if not ok:
                return False
            names = [n.strip() for n in text.split(",") if n.strip()]
            if not names:
                return False
            between, winner = names, names[0]
        return self._run("Cannot record the coin toss", season_service.record_coin_toss,
                         between, winner)

    def declined(self) -> bool:
        line = self.window.selected_invitation() if self.window else None
        if line is None:
            return False
        return self._run("Cannot record this", season_service.decline, line.invitation.player)

    def cannot_play(self) -> bool:
        line = self.window.selected_invitation() if self.window else None
        if line is None:
            return False
        return self._run("Cannot replace this player", season_service.cannot_play,
                         line.invitation.player)

    def semifinal_winner(self, board: int | None = None, player: str | None = None,
                         solo: bool = False) -> bool:
        if board is None or player is None:
            text, ok = QInputDialog.getText(self.window, "Semi-final winner",
                                            "Board, winner (add ', solo' for a solo):")
            if not ok:
                return False
            parts = [p.strip() for p in text.split(",")]
            if len(parts) < 2 or not parts[0].isdigit():
                return False
            board, player, solo = int(parts[0]), parts[1], parts[-1].lower() == "solo"
        return self._run("Cannot record this winner", season_service.record_semifinal_winner,
                         board, player, solo)

    def left_mid_game(self, phase: str | None = None) -> bool:
        """The selected player left their semi-final game (5.8): the next alternate in seed
        order takes over from the phase typed; the player is out for the season."""
        line = self.window.selected_invitation() if self.window else None
        view = season_service.season_view(self.path) if self.path else None
        if line is None or view is None or view.stage is None:
            return False
        seat = next((s for s in view.stage.seats if s.player == line.invitation.player), None)
        taking = next((m for m in view.mid_game if m.alternate == line.invitation.player), None)
        board = seat.board if seat else taking.board if taking else None
        if board is None:
            self._refused("Cannot replace this player", ValueError(
                f"{line.invitation.player} plays no semi-final game."))
            return False
        if phase is None:
            phase, ok = QInputDialog.getText(
                self.window, "Left mid-game", f"{line.invitation.player} left semi-final board "
                f"{board}. The alternate takes over in phase (e.g. F1904M):")
            if not ok:
                return False
        if not self._run("Cannot replace this player", season_service.replace_mid_game, board,
                         line.invitation.player, phase):
            return False
        if self.app is not None and self.app.db is not None and self.path is not None:
            # The Invitational's file, open: the replacement is recorded there as well.
            self.app.call(season_service.record_mid_game_in_tournament, self.path, board,
                          line.invitation.player, phase)
        return True

    def championship_start(self, option: int | None = None,
                           chosen_by: str | None = None) -> bool:
        """4.2: option 1 or 2; agreed by the finalists, or selected by the DBN Board."""
        if option is None or chosen_by is None:
            choices = [f"Option {o.number}: {o.words}" for o in CHAMPIONSHIP_STARTS]
            picked, ok = QInputDialog.getItem(self.window, "Championship start",
                                              "Start time (4.2):", choices, 0, False)
            if not ok:
                return False
            agreed = QMessageBox.question(
                self.window, "Championship start", "Did the finalists agree on it? (No: the "
                "DBN Board selected it.)") == QMessageBox.StandardButton.Yes
            option, chosen_by = choices.index(picked) + 1, "players" if agreed else "board"
        return self._run("Cannot record the start", season_service.set_championship_start,
                         option, chosen_by)

    def export(self, target: Path | str | None = None) -> bool:
        """The season as a PDF or an Excel workbook (by the name's ending)."""
        if self.path is None:
            return False
        if target is None:
            chosen, kind = QFileDialog.getSaveFileName(
                self.window, "Export the season", self.path.stem,
                "PDF (*.pdf);;Excel workbook (*.xlsx)")
            if not chosen:
                return False
            ending = ".xlsx" if "xlsx" in kind else ".pdf"
            target = chosen if chosen.endswith((".pdf", ".xlsx")) else chosen + ending
        try:
            self._service(season_service.export_season, self.path, target)
        except ServiceError as exc:
            self._refused("Cannot export the season", exc)
            return False
        return True

    def start_invitational(self, target: Path | str | None = None) -> bool:
        """Write the Invitational's tournament file and open it in the main window."""
        if self.path is None:
            return False
        if target is None:
            chosen, _ = QFileDialog.getSaveFileName(self.window, "The Invitational's tournament "
                                                    "file", "", "Tournament (*.tdt)")
            if not chosen:
                return False
            target = chosen if chosen.endswith(".tdt") else f"{chosen}.tdt"
        try:
            made = self._service(season_service.start_invitational, self.path, target)
        except ServiceError as exc:
            self._refused("Cannot start the Invitational", exc)
            return False
        if self.app is not None:
            self.app.open_file(made.path)
        return True

    def _preference_edited(self, line: InvitationLine, _column: int, value: object) -> None:
        try:
            rounds = typed_rounds(str(value))
        except ValueError as exc:
            self._refused("Not a round", exc)
            return
        self._run("Cannot record the preference", season_service.set_preference,
                  line.invitation.player, rounds)
