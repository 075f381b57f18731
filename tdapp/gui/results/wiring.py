"""Builds the controllers of the results, standings, awards and export views in one call, for
the main controller: ``ResultsViews(window, app)``."""

from __future__ import annotations

from typing import Any

from tdapp.gui.awards.controller import AwardsController
from tdapp.gui.awards.page import AwardsPage
from tdapp.gui.controller import AppController
from tdapp.gui.export.controller import ExportController
from tdapp.gui.standings.controller import StandingsController
from tdapp.gui.standings.page import StandingsPage


class ResultsViews:
    """The controllers are kept here so they live as long as the window."""

    def __init__(self, window: Any, app: AppController) -> None:
        self.exports = ExportController(window, window.menus, app)
        standings_page = window.pages["Standings"]
        awards_page = window.pages["Awards"]
        assert isinstance(standings_page, StandingsPage)
        assert isinstance(awards_page, AwardsPage)
        self.standings = StandingsController(standings_page, app)
        self.awards = AwardsController(awards_page, app, self.exports)
        if app.db is not None:  # a file already open when the views are built
            self.standings.refresh()
            self.awards.refresh()
            self.exports.actions.set_enabled(True)
