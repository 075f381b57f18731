"""Connects the Clock page to the file: which rounds there are, a round's clock read and
written back after every operator action, the board call and standings for the projector.

Every call goes through the operation API (reads waited for without freezing the window); the
answers are pushed into the page. The page asks with its signals, connected here directly, so
each is answered before its ``emit`` returns."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from tdapp.core.clock import RoundClock, TimeSource, round_clock
from tdapp.gui.clock.content import StandingRow, Standings
from tdapp.gui.clock.page import ClockPage, board_call_content
from tdapp.gui.common import picked_round
from tdapp.gui.controller import AppController
from tdapp.services import clock as clock_service
from tdapp.services.changes import Change
from tdapp.services.rounds import all_boards, list_rounds
from tdapp.services.seating import pool_boards
from tdapp.services.standings_data import public_standings
from tdapp.store.database import TournamentDb


def standings_content(db: TournamentDb) -> Standings:
    """The standings as the projector shows them: ranked players, their names and scores, or
    no ranking where the format keeps it private (services.standings_data.public_standings)."""
    public = public_standings(db)
    return Standings(title=public.title, rows=tuple(
        StandingRow(line.rank, line.name, line.score, line.tied) for line in public.lines))


class ClockController(QObject):
    """The Clock page's service calls; kept alive as the page's child."""

    def __init__(self, page: ClockPage, app: AppController) -> None:
        super().__init__(page)
        self.page = page
        self.app = app
        page.load_requested.connect(self.load)
        page.round_requested.connect(self._round_picked)
        page.save_requested.connect(self.save)
        page.reset_requested.connect(self.reset)
        page.content_wanted.connect(self.refresh_content)
        app.file_opened.connect(lambda _path: self.load())
        app.file_closed.connect(page.unload)
        app.changed.connect(self._changed)
        if app.db is not None:
            self.load()

    # -- reading ---------------------------------------------------------------------------
    def load(self, round_number: int | None = None) -> None:
        """Show a round's clock as the file holds it (the current round by default)."""
        if self.app.db is None:
            return
        self.fill_rounds()
        number = round_number
        if number is None:  # the current round, or the one the TD picked by hand before
            current = self.app.read(clock_service.current_round)
            numbers = [r.number for r in self.app.read(list_rounds) or []]
            number = picked_round.recall("clock", self.app.path, current, numbers)
        if number is None:
            self.page.show_no_clock()
            return
        self.show_round(number)

    def _round_picked(self, number: int) -> None:
        picked_round.remember("clock", self.app.path, number,
                              self.app.read(clock_service.current_round))
        self.show_round(number)

    def fill_rounds(self) -> None:
        self.page.set_rounds(self.app.read(list_rounds) or [])

    def show_round(self, number: int) -> None:
        if self.app.db is None:
            return
        clock = self.app.read(clock_service.load_clock, number, self.page.time_factory())
        if clock is None:
            return
        # a hidden end time sealed on another laptop, and the ticker text and theme
        notice = self.app.read(clock_service.hidden_end_notice, number)
        data = self.app.read(clock_service.page_data, number) or {}
        self.page.show_clock_of(number, clock, notice or "", data)
        self.refresh_content()

    def refresh_content(self) -> None:
        """The board call and the standings as they are now, for the panel and the projector."""
        number = self.page.round_number
        if self.app.db is None or self.page.panel is None or number is None:
            return
        boards = self.app.read(all_boards, number) or []
        pool = self.app.read(pool_boards, number) or frozenset()
        self.page.set_content(board_call_content(number, boards, pool),
                              self.app.read(standings_content))

    def _changed(self, change: Change) -> None:
        page = self.page
        if self.app.db is None:
            return
        if change.rounds or change.boards or change.tournament:
            self.fill_rounds()
        if (change.tournament and page.panel is not None
                and page.round_number is not None and not page.panel.clock.log):
            self.show_round(page.round_number)  # an untouched clock follows a format changed
        if (change.boards or change.results) and page.round_number is not None:
            self._follow_results(page.round_number)
        if (change.boards and page.panel is not None and page.round_number
                and not self._follow_later_call()):
            self._follow_board_call(page.round_number)
        if change.boards or change.results or change.players:  # what the projector shows
            if page.watched():
                self.refresh_content()
            else:
                page.mark_stale()

    def _follow_results(self, number: int) -> None:
        """Boards with their result are over on the clock; the last one stops the round's."""
        if self.page.panel is None:
            return
        boards = self.app.read(all_boards, number) or []
        finished = {b.number for b in boards if b.status in ("finished", "scored")}
        if finished:
            self.page.follow_results(number, finished)

    def _follow_later_call(self) -> bool:
        """A later round's board call published once the shown round is played out (every
        board has its result, or the round is marked finished) and its clock is not ticking:
        the page moves to the new round, ready for its start. A round still being played keeps
        the page."""
        page, panel = self.page, self.page.panel
        if panel is None or page.round_number is None:
            return False
        clock = panel.clock
        if clock.central.running or any(b.timer is not None and b.timer.running
                                         for b in clock.boards.values()):
            return False
        rows = self.app.read(list_rounds) or []
        shown = next((r for r in rows if r.number == page.round_number), None)
        if shown is None or not (shown.status == "finished"
                                 or (shown.boards and shown.boards_finished == shown.boards)):
            return False
        later = [r.number for r in rows
                 if r.status == "called" and r.boards and r.number > page.round_number]
        if not later:
            return False
        self.show_round(max(later))
        return True

    def _follow_board_call(self, number: int) -> None:
        """A board call published or redone: the clock gets the round's boards."""
        panel = self.page.panel
        boards = self.app.read(clock_service.round_boards, number)
        if boards is None or panel is None:
            return
        self.page.follow_boards(
            round_clock.with_boards(panel.clock, boards, panel.clock.time), boards)

    # -- writing ---------------------------------------------------------------------------
    def save(self, number: int, clock: RoundClock, settings: dict[str, Any]) -> None:
        """Write the clock (and the page's settings) into the file; the page says whether it
        could."""
        if self.app.db is None:
            return
        try:
            self.app.run(clock_service.save_clock, number, clock, page=settings)
        except Exception as exc:  # noqa: BLE001 - the TD must see that the clock is not saved
            self.page.save_failed(str(exc))
            return
        self.page.saved()

    def reset(self, number: int, time: TimeSource) -> None:
        """A fresh clock for the round: first segment, not running, no log."""
        boards = self.app.read(clock_service.round_boards, number)
        if boards is None:
            return
        clock = self.app.read(clock_service.new_clock, boards, time)
        if clock is not None:
            self.page.clock_reset(clock)
