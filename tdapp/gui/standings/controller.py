"""Keeps the Standings page current: reads the view-shaped standings after every change that
can move them, and wires the "Enter results" tab."""

from __future__ import annotations

from functools import partial

from tdapp.gui.common.lazy_controller import RefreshWhenSeen
from tdapp.gui.controller import AppController
from tdapp.gui.operations import Cancelled
from tdapp.gui.results.controller import ResultsController
from tdapp.gui.standings.page import StandingsPage
from tdapp.services.changes import Change
from tdapp.services.rounds import RoundRow, list_rounds
from tdapp.services.standings_views import standings_view


def standings_state(rounds: list[RoundRow]) -> str:
    """How far the tournament is, for the page's corner: "2 of 4 rounds finished." """
    finished = sum(1 for r in rounds if r.status == "finished")
    return f"{finished} of {len(rounds)} rounds finished." if rounds else ""


class StandingsController(RefreshWhenSeen[StandingsPage]):
    def wants(self, change: Change) -> bool:
        return (change.results or change.boards or change.players or change.rounds
                or change.tournament or change.standings or change.awards or change.roll_call)

    def __init__(self, page: StandingsPage, app: AppController) -> None:
        self.page = page
        self.app = app
        self.results = ResultsController(page.results_panel, app, page)
        self.stale = False
        page.mode_changed.connect(lambda _mode: self.refresh())
        # Standings of hundreds of players take a moment: a hidden page waits.
        self.watch(app, page.shown)

    def while_hidden(self) -> None:
        self._update_state()  # one quick query: the corner stays right

    def refresh(self) -> None:
        """Recompute the standings. It may take long (hundreds of players, a distant database):
        the notice then offers Cancel, which keeps what the page shows and leaves it stale,
        recomputed the next time it is shown or something changes."""
        self.stale = False
        try:
            view = self.app.read_stoppable(partial(standings_view, mode=self.page.mode()),
                                           notice="Computing the standings…")
        except Cancelled:
            self.stale = True
            return
        self.page.set_view(view)
        self._update_state()

    def _update_state(self) -> None:
        self.page.state.setText(standings_state(self.app.read(list_rounds, default=[])))

    def _clear(self) -> None:
        self.stale = False
        self.page.set_view(None)
        self.page.state.setText("")
