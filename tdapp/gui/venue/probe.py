"""A station's state written to a small JSON file, for a test that drives real windows from
outside (two stations under an X server). Off unless ``TDAPP_STATION_PROBE=FILE`` is set.

It reports what the window *shows* (the texts of its widgets, not what the database holds), the
changes the station broadcast, and where the widgets a test clicks are on the screen, so the
test can give real mouse and key input (xdotool) and then check what the other station shows.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QPoint, QTimer, SignalInstance
from PySide6.QtWidgets import QWidget

from tdapp.atomic import write_atomically
from tdapp.services.changes import Change

if TYPE_CHECKING:
    from tdapp.gui.window.main_window import MainWindow

ENV = "TDAPP_STATION_PROBE"
PAGE_ENV = "TDAPP_STATION_PROBE_PAGE"  # the page the station shows ("Standings")
TAB_ENV = "TDAPP_STATION_PROBE_TAB"  # and its tab ("Enter results")
_EVERY_MS = 100


class Station(Protocol):
    """What the probe reads of the window's AppController (it calls no service)."""

    @property
    def changed(self) -> SignalInstance: ...

    @property
    def file_opened(self) -> SignalInstance: ...

    @property
    def db(self) -> object | None: ...


def _place(widget: QWidget) -> list[int]:
    """Where ``widget`` is on the screen: x, y, width, height (empty when hidden)."""
    if not widget.isVisible():
        return []
    corner = widget.mapToGlobal(QPoint(0, 0))
    return [corner.x(), corner.y(), widget.width(), widget.height()]


class StationProbe(QObject):
    def __init__(self, window: MainWindow, app: Station, target: Path) -> None:
        super().__init__(window)
        self.window, self.app, self.target = window, app, target
        self.changes: list[str] = []
        self._last = ""
        app.changed.connect(self._heard)
        # When the results table last took new rows, and what they are: a test measures how
        # long a result typed elsewhere takes to reach this window.
        self.results_shown_at = 0.0
        self.results: dict[str, list[int | None]] = {}
        # imported here: the probe is made only when asked, the Standings page with it
        from tdapp.gui.standings.page import StandingsPage

        standings = window.pages["Standings"]
        assert isinstance(standings, StandingsPage)
        panel = standings.results_panel
        panel.model.modelReset.connect(lambda: self._results_shown(panel))
        self.standings_shown: list[float] = []  # when the standings table took new lines
        standings.model.modelReset.connect(self._standings_shown)
        page = os.environ.get(PAGE_ENV)
        if page:
            app.file_opened.connect(lambda _path: QTimer.singleShot(0, lambda: self._show(page)))
        self.timer = QTimer(self)
        self.timer.setObjectName("stationProbe")
        self.timer.timeout.connect(self.write)
        self.timer.start(_EVERY_MS)

    def _heard(self, change: Change) -> None:
        self.changes.append(change.description)

    def _show(self, name: str) -> None:
        # imported here: the probe is made at every start, the Standings page only when shown
        from tdapp.gui.standings.page import StandingsPage

        self.window.show_page(name)
        page = self.window.pages.get(name)
        tabs = page.tabs if isinstance(page, StandingsPage) else None
        tab = os.environ.get(TAB_ENV)
        if tabs is not None and tab:
            for index in range(tabs.count()):
                if tabs.tabText(index) == tab:
                    tabs.setCurrentIndex(index)

    def _standings_shown(self) -> None:
        self.standings_shown = [*self.standings_shown[-19:], time.time()]
        self.write()

    def _results_shown(self, panel: Any) -> None:
        self.results_shown_at = time.time()
        self.results = {str(board.board_id): [seat.centers for seat in board.seats]
                        for board in panel.model.rows()}
        self.write()  # at once: the time is what a test measures

    def state(self) -> dict[str, Any]:
        page = self.window.tournament_page
        return {
            "pid": os.getpid(),
            "window_id": int(self.window.winId()),
            "open": self.app.db is not None,
            "file_label": self.window.file_label.text(),
            "tournament_name_shown": page.form.name.text(),
            "name_field": _place(page.form.name),
            "apply_button": _place(page.save_button),
            "changes": self.changes[-20:],
            "results_shown_at": self.results_shown_at,
            "results": self.results,
            "standings_shown": self.standings_shown,
        }

    def write(self) -> None:
        """Only when something changed; replaced whole, so a reader never sees half."""
        text = json.dumps(self.state(), sort_keys=True)
        if text == self._last:
            return
        write_atomically(self.target, text)
        self._last = text


def install_if_asked(window: MainWindow, app: Station) -> StationProbe | None:
    target = os.environ.get(ENV)
    return StationProbe(window, app, Path(target)) if target else None
