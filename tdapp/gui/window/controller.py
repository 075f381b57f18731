"""Builds the window and connects every controller to it, in one place.

The controllers of the menus' commands are made with the window (every command is in its menu
from the start); each of them imports its dialog when the command runs. A page's controller is
made when the window builds the page (:meth:`MainWindow.page`), the first time it is shown or
needed, so opening the program imports only what the first page shows. The Tournament page is
the one shown when a file opens; the Boards page is built with the file because Round › Seat
round reads its round; the Clock page too while a round is being played, so that its clock runs
and the end of round time is asked about even if the TD never looks at the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon

from tdapp.gui.controller import AppController
from tdapp.gui.export.controller import ExportController
from tdapp.gui.files.controller import FilesController
from tdapp.gui.formats.controller import FormatsController
from tdapp.gui.game.controller import GameController
from tdapp.gui.history.controller import HistoryController
from tdapp.gui.rating.controller import RatingController
from tdapp.gui.room.controller import RoomController
from tdapp.gui.settings import RecentFiles
from tdapp.gui.snapshots.controller import SnapshotsController
from tdapp.gui.teams.controller import TeamsController
from tdapp.gui.tournament.controller import TournamentController
from tdapp.gui.venue.controller import VenueController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services.changes import Change
from tdapp.services.rounds import list_rounds

if TYPE_CHECKING:
    from tdapp.gui.awards.controller import AwardsController
    from tdapp.gui.clock.controller import ClockController
    from tdapp.gui.clock.round_end import RoundEndWatcher
    from tdapp.gui.players.controller import PlayersController
    from tdapp.gui.rounds.controller import RoundsController
    from tdapp.gui.season.controller import SeasonController
    from tdapp.gui.seating.controller import BoardsController
    from tdapp.gui.standings.controller import StandingsController


class MainController:
    """The window, the service hub and the controllers, kept alive together."""

    def __init__(self, settings: QSettings, icon: QIcon | None = None) -> None:
        self.app = AppController()
        self.window = MainWindow(settings, icon)
        self.app.set_window(self.window)
        # A page's controller is made as the window builds the page (see _page_built).
        self._players: PlayersController | None = None
        self._rounds: RoundsController | None = None
        self._boards: BoardsController | None = None
        self._clock: ClockController | None = None
        self._round_end: RoundEndWatcher | None = None
        self._standings: StandingsController | None = None
        self._awards: AwardsController | None = None
        self._season: SeasonController | None = None
        self._builders: dict[str, Callable[[], None]] = {
            "Players": self._build_players, "Rounds": self._build_rounds,
            "Boards": self._build_boards, "Clock": self._build_clock,
            "Standings": self._build_standings, "Awards": self._build_awards,
        }
        self.window.page_built.connect(self._page_built)
        # The menus' commands, in the order they join their menus.
        self.files = FilesController(self.window, self.app, RecentFiles(settings))
        self.tournament = TournamentController(self.window, self.app)  # the first page shown
        self.formats = FormatsController(self.window, self.app)  # Tournament > Format…
        self.teams = TeamsController(self.window, self.app)  # Tournament > Teams…
        self.rating = RatingController(self.window, self.app)  # Tournament > EADiplomacy rating…
        # File > DBN Invitational season…: its controller is made when the command first runs
        self.window.menus.season_action.triggered.connect(
            lambda _=False: self.season.show_window())
        self.history = HistoryController(self.window, self.app)
        self.snapshots = SnapshotsController(self.window, self.app)
        self.exports = ExportController(self.window, self.window.menus, self.app)  # File > Export
        self.games = GameController(self.window, self.app)  # Round > Play board
        self.venue = VenueController(self.window, self.app)  # File > Share… / Join…
        self.room = RoomController(self.window, self.app, settings)  # File > Players' page…
        self.exports.room_address = self.room.page_address  # the codes sheet's QR codes
        self.exports.rating_compression = lambda: self.rating.compression  # as the dialog shows
        self.app.file_opened.connect(lambda _path: self._file_opened())
        self.app.changed.connect(self._changed)

    # -- the pages' controllers, made with their pages ------------------------------------------
    def _page_built(self, name: str) -> None:
        builder = self._builders.get(name)
        if builder is not None:
            builder()

    def _built(self, name: str) -> None:
        self.window.page(name)  # builds the page, and with it its controller, if not yet

    @property
    def players(self) -> PlayersController:
        self._built("Players")
        assert self._players is not None
        return self._players

    @property
    def rounds(self) -> RoundsController:
        self._built("Rounds")
        assert self._rounds is not None
        return self._rounds

    @property
    def boards(self) -> BoardsController:
        self._built("Boards")
        assert self._boards is not None
        return self._boards

    @property
    def clock(self) -> ClockController:
        self._built("Clock")
        assert self._clock is not None
        return self._clock

    @property
    def round_end(self) -> RoundEndWatcher:
        self._built("Clock")
        assert self._round_end is not None
        return self._round_end

    @property
    def standings(self) -> StandingsController:
        self._built("Standings")
        assert self._standings is not None
        return self._standings

    @property
    def awards(self) -> AwardsController:
        self._built("Awards")
        assert self._awards is not None
        return self._awards

    @property
    def season(self) -> SeasonController:
        """The season window's controller (File > DBN Invitational season…), made when first
        wanted: a season is another file, seldom opened during a tournament."""
        if self._season is None:
            from tdapp.gui.season.controller import SeasonController

            self._season = SeasonController(self.window, self.app)
        return self._season

    def _build_players(self) -> None:
        from tdapp.gui.players.controller import PlayersController

        players = PlayersController(self.window, self.app)
        self._players = players
        if self.app.db is not None:  # a file already open when the page is built
            players.refresh()

    def _build_rounds(self) -> None:
        from tdapp.gui.rounds.controller import RoundsController

        rounds = RoundsController(self.window, self.app)
        self._rounds = rounds
        if self.app.db is not None:
            rounds.refresh()
        self._link_rounds_to_boards()

    def _build_boards(self) -> None:
        from tdapp.gui.seating.controller import BoardsController

        boards = BoardsController(self.window, self.app)
        self._boards = boards
        page = self.window.boards_page
        # A board card: double-click enters its result, right-click offers order entry too
        # (Round > Play board lists every board of every round).
        page.play_requested.connect(self.games.open_board)
        page.result_requested.connect(lambda board_id: self.standings.results.open_board(
            board_id))
        if self.app.db is not None:
            boards.refresh()
        self._link_rounds_to_boards()

    def _link_rounds_to_boards(self) -> None:
        """The round picked on the Rounds page is the round the Boards page (and Seat) works
        on: connected once both pages are built."""
        if not (self.window.is_built("Rounds") and self.window.is_built("Boards")):
            return
        rounds_page, boards_page = self.window.rounds_page, self.window.boards_page
        rounds_page.round_selected.connect(boards_page.select_round)
        picked = rounds_page.current_round()
        if picked is not None and self.app.db is not None:
            boards_page.select_round(picked)

    def _build_clock(self) -> None:
        from tdapp.gui.clock.controller import ClockController  # saved in the file
        from tdapp.gui.clock.round_end import RoundEndWatcher  # end time: ask

        page = self.window.clock_page
        self._clock = ClockController(page, self.app)  # loads the clock when a file is open
        self.app.changed.connect(self._game_moved_on)  # after the clock's own refresh
        self._round_end = RoundEndWatcher(page, self.app)

    def _build_standings(self) -> None:
        from tdapp.gui.standings.controller import StandingsController

        standings = StandingsController(self.window.standings_page, self.app)
        self._standings = standings
        if self.app.db is not None:  # what file_opened would have done: both tabs
            standings.refresh()
            standings.results.refresh()

    def _build_awards(self) -> None:
        from tdapp.gui.awards.controller import AwardsController

        awards = AwardsController(self.window.awards_page, self.app, self.exports)
        self._awards = awards
        if self.app.db is not None:
            awards.refresh()

    # -- pages a file needs at once ---------------------------------------------------------------
    def _file_opened(self) -> None:
        self.window.page("Boards")  # Round > Seat round's number and state come from it
        self._clock_if_playing()

    def _clock_if_playing(self) -> None:
        """A round being played has a clock that runs on the Clock page: build it."""
        if self.window.is_built("Clock"):
            return
        if any(r.status == "playing" for r in self.app.read(list_rounds, default=[]) or []):
            self.window.page("Clock")

    def _changed(self, change: Change) -> None:
        if change.rounds:
            self._clock_if_playing()

    def _game_moved_on(self, change: Change) -> None:
        """A board adjudicated in order entry: its clock shows the phase now open (connected
        when the Clock page is built; until then there is no clock to follow)."""
        if not change.games:
            return
        from tdapp.services import games  # loaded by order entry, which sent this change

        for board_id in change.ids:
            state = self.app.read(games.game_state, board_id, default=None)
            if state is not None and state.current is not None:
                self.window.clock_page.follow_game(state.round_number, state.board_number,
                                                   state.current.phase)

    def shutdown(self) -> None:
        """Finish background work and close the tournament file."""
        self.app.operations.wait_all()
        self.room.shutdown()  # the players' page stops with the program
        self.venue.shutdown()
        self.app.close_file()
