"""The pages still to come (Boards, Standings, Awards) say where the tournament stands now."""

from __future__ import annotations

from tdapp.gui.controller import AppController
from tdapp.gui.main_window import MainWindow
from tdapp.gui.pages.placeholder import InfoPage
from tdapp.services.changes import Change
from tdapp.services.rounds import ROUND_STATUSES, RoundRow, list_rounds


def boards_state(rounds: list[RoundRow]) -> str:
    seated = [r for r in rounds if r.boards]
    if not seated:
        return "No round has been seated yet."
    parts = [f"round {r.number}: {r.boards} boards, "
             f"{ROUND_STATUSES.get(r.status, r.status).lower()}" for r in seated]
    return "So far — " + "; ".join(parts) + "."


def standings_state(rounds: list[RoundRow]) -> str:
    finished = sum(1 for r in rounds if r.status == "finished")
    return f"{finished} of {len(rounds)} rounds finished." if rounds else ""


class ProgressController:
    def __init__(self, window: MainWindow, app: AppController) -> None:
        self.app = app
        self.pages = {name: window.pages[name] for name in ("Boards", "Standings", "Awards")}
        app.file_opened.connect(lambda _path: self.refresh())
        app.file_closed.connect(self._clear)
        app.changed.connect(self._changed)

    def _changed(self, change: Change) -> None:
        if change.topics & {"rounds", "boards", "results", "tournament"}:
            self.refresh()

    def refresh(self) -> None:
        rounds = self.app.read(list_rounds, default=[])
        texts = {"Boards": boards_state(rounds), "Standings": standings_state(rounds),
                 "Awards": standings_state(rounds)}
        for name, page in self.pages.items():
            if isinstance(page, InfoPage):
                page.set_state(texts[name])

    def _clear(self) -> None:
        for page in self.pages.values():
            if isinstance(page, InfoPage):
                page.set_state("")
