"""Builds the window and connects every controller to it, in one place."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon

from tdapp.gui.clock.controller import ClockController
from tdapp.gui.clock.round_end import RoundEndWatcher
from tdapp.gui.controller import AppController
from tdapp.gui.files.controller import FilesController
from tdapp.gui.formats.controller import FormatsController
from tdapp.gui.game.controller import GameController
from tdapp.gui.history.controller import HistoryController
from tdapp.gui.players.controller import PlayersController
from tdapp.gui.rating.controller import RatingController
from tdapp.gui.results.wiring import ResultsViews
from tdapp.gui.rounds.controller import RoundsController
from tdapp.gui.season.controller import SeasonController
from tdapp.gui.seating.controller import BoardsController
from tdapp.gui.settings import RecentFiles
from tdapp.gui.snapshots.controller import SnapshotsController
from tdapp.gui.teams.controller import TeamsController
from tdapp.gui.tournament.controller import TournamentController
from tdapp.gui.venue.controller import VenueController
from tdapp.gui.window.main_window import MainWindow
from tdapp.services import games
from tdapp.services.changes import Change


class MainController:
    """The window, the service hub and the page controllers, kept alive together."""

    def __init__(self, settings: QSettings, icon: QIcon | None = None) -> None:
        self.app = AppController()
        self.window = MainWindow(settings, icon)
        self.app.set_window(self.window)
        self.files = FilesController(self.window, self.app, RecentFiles(settings))
        self.tournament = TournamentController(self.window, self.app)
        self.formats = FormatsController(self.window, self.app)  # Tournament > Format…
        self.players = PlayersController(self.window, self.app)
        self.teams = TeamsController(self.window, self.app)  # Tournament > Teams…
        self.rating = RatingController(self.window, self.app)  # Tournament > EADiplomacy rating…
        self.season = SeasonController(self.window, self.app)  # File > DBN Invitational season…
        self.rounds = RoundsController(self.window, self.app)
        self.boards = BoardsController(self.window, self.app)
        self.history = HistoryController(self.window, self.app)
        self.snapshots = SnapshotsController(self.window, self.app)
        self.results_views = ResultsViews(self.window, self.app)
        self.games = GameController(self.window, self.app)  # Round > Play board
        # A board card on the Boards page: double-click enters its result, right-click offers
        # order entry too (Round > Play board lists every board of every round).
        boards_page = self.window.boards_page
        # the round picked on the Rounds page is the round the Boards page (and Seat) works on
        self.window.rounds_page.round_selected.connect(boards_page.select_round)
        boards_page.play_requested.connect(self.games.open_board)
        boards_page.result_requested.connect(self.results_views.standings.results.open_board)
        self.clock = ClockController(self.window.clock_page, self.app)  # saved in the file
        self.app.changed.connect(self._game_moved_on)
        self.round_end = RoundEndWatcher(self.window.clock_page, self.app)  # end time: ask
        self.venue = VenueController(self.window, self.app)  # File > Share… / Join…

    def _game_moved_on(self, change: Change) -> None:
        """A board adjudicated in order entry: its clock shows the phase now open."""
        if not change.games:
            return
        for board_id in change.ids:
            state = self.app.read(games.game_state, board_id, default=None)
            current = state.current if state is not None else None
            if current is not None:
                self.window.clock_page.follow_game(state.round_number, state.board_number,
                                                   current.phase)

    def shutdown(self) -> None:
        """Finish background work and close the tournament file."""
        self.app.operations.wait_all()
        self.venue.shutdown()
        self.app.close_file()
