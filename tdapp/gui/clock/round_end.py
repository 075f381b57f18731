"""The round's hidden end time, reached on the Clock page: ask the TD once whether to end the
boards still playing, and on Yes run the same service as Round > Round time is up.

The operator panel emits ``changed`` the moment its clock reports the end reached (the view's
``round_called`` turning true); this watcher listens to that signal, never to a timer of its
own. Games are never ended without the TD's Yes; on No the menu action stays the way to do it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QMessageBox

from tdapp.core.clock import RoundClock
from tdapp.gui.clock.operator_panel import OperatorPanel
from tdapp.gui.clock.page import ClockPage
from tdapp.gui.controller import AppController
from tdapp.services import games
from tdapp.services.changes import Change
from tdapp.services.rounds import all_boards
from tdapp.store.database import TournamentDb

QUESTION_TITLE = "Round end time"
QUESTION = ("The round's end time has come. End the boards still playing now? "
            "Boards whose Fall is being adjudicated finish it first.")

EndKey = tuple[str, int, float]  # (file, round, hidden end instant): one question per end time


def round_called(clock: RoundClock) -> bool:
    """Whether the clock has reached its hidden end (what its view reports as ``round_called``),
    read without moving the clock on."""
    return clock.verdicts is not None


class RoundEndWatcher(QObject):
    """Asks about ending the boards when the Clock page's round reaches its hidden end time."""

    def __init__(self, page: ClockPage, app: AppController) -> None:
        super().__init__(page)
        self.page = page
        self.app = app
        self._panel: OperatorPanel | None = None
        self._handled: set[EndKey] = set()
        self.outcomes: list[games.TimeUp] = []  # what each Yes did, newest last
        # Connected after the ClockController's slots, so the page has its clock by then.
        app.file_opened.connect(lambda _path: self._follow(loaded=True))
        app.changed.connect(lambda _change: self._follow(loaded=False))
        page.round_box.activated.connect(lambda _index: self._follow(loaded=True))
        self._follow(loaded=True)

    def _follow(self, *, loaded: bool) -> None:
        """Listen to the page's current panel; a clock just read from the file that has already
        reached its end (the TD answered before, or the end came while the program was closed)
        is not asked about again."""
        panel = self.page.panel
        if panel is not self._panel:
            self._panel = panel
            if panel is not None:
                panel.changed.connect(lambda p=panel: self._panel_changed(p))
        key = self._key()
        if loaded and key is not None and panel is not None and round_called(panel.clock):
            self._handled.add(key)

    def _key(self) -> EndKey | None:
        panel, db, number = self.page.panel, self.app.db, self.page.round_number
        if panel is None or db is None or number is None or panel.clock.hidden_end is None:
            return None
        return (str(db.path), number, float(panel.clock.hidden_end))

    def _panel_changed(self, panel: OperatorPanel) -> None:
        if panel is not self.page.panel or not round_called(panel.clock):
            return
        key = self._key()
        if key is None or key in self._handled:
            return
        self._handled.add(key)
        # Asked once the panel's refresh is over: a modal question inside it would let the
        # panel's timer run the same refresh again underneath the dialog.
        QTimer.singleShot(0, self, lambda: self.ask(key))

    def ask(self, key: EndKey) -> games.TimeUp | None:
        """The question, and on Yes the boards in play of the round ended by time."""
        if self._key() != key:
            return None  # another file or round is on the page now
        number = key[1]
        playing = [b for b in self.app.read(all_boards, number, default=[]) or []
                   if b.status == "playing"]
        if not playing:
            return None  # nothing is played through order entry: nothing to end
        answer = QMessageBox.question(
            self.page.window(), f"Round {number}: {QUESTION_TITLE.lower()}",
            f"{QUESTION}\n\n{len(playing)} board(s) of round {number} are in play.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes or self._key() != key:
            return None
        return self._end_boards(number)

    def _end_boards(self, number: int) -> games.TimeUp | None:
        outcomes: list[games.TimeUp] = []

        def run(db: TournamentDb) -> Change:
            outcomes.append(games.end_round_by_time(db, number))
            return Change(f"Round {number}: time is up", games=True, results=True, boards=True)

        self.app.call(run)
        if not outcomes:
            return None  # the hub has shown why
        self.outcomes.append(outcomes[0])
        if outcomes[0].fall_in_hand:
            self.app.inform(QUESTION_TITLE, f"{len(outcomes[0].fall_in_hand)} board(s) are "
                            "adjudicating a Fall: finish it, then end the game from the board.")
        return outcomes[0]
