"""Tournament logic: round scores rolled up into standings, tie-breakers, awards, teams, rating.

Pure functions over the plain data of :mod:`tdapp.core.tournament.model`; the format
(:mod:`tdapp.core.formats`) says which rules apply.
"""

# The names below load their module on first use (PEP 562), so that importing one light module of
# this package (a model, say) does not load the whole package at start-up.

from typing import TYPE_CHECKING

from tdapp.core.lazy import load_name

if TYPE_CHECKING:
    from tdapp.core.tournament.awards import Award, Awards, compute_awards
    from tdapp.core.tournament.model import (
        Board,
        Player,
        SitOut,
        SpecialAward,
        Team,
        TieDecision,
        Tournament,
    )
    from tdapp.core.tournament.rating import RatingTable, rate_board, rating_table
    from tdapp.core.tournament.season import (
        EventResult,
        invitations,
        placement_points,
        season_standings,
    )
    from tdapp.core.tournament.standings import (
        StandingRow,
        Standings,
        championship_pool,
        compute_standings,
        top_board_call,
    )
    from tdapp.core.tournament.teams import check_teams, team_standings

__all__ = [
    "Award", "Awards", "Board", "EventResult", "invitations", "placement_points",
    "season_standings", "Player", "RatingTable", "SitOut", "SpecialAward",
    "StandingRow", "Standings", "Team", "TieDecision", "Tournament", "championship_pool",
    "check_teams", "compute_awards", "compute_standings", "rate_board", "rating_table",
    "team_standings", "top_board_call",
]

_MODULE_OF = {
    "Award": "awards",
    "Awards": "awards",
    "Board": "model",
    "EventResult": "season",
    "Player": "model",
    "RatingTable": "rating",
    "SitOut": "model",
    "SpecialAward": "model",
    "StandingRow": "standings",
    "Standings": "standings",
    "Team": "model",
    "TieDecision": "model",
    "Tournament": "model",
    "championship_pool": "standings",
    "check_teams": "teams",
    "compute_awards": "awards",
    "compute_standings": "standings",
    "invitations": "season",
    "placement_points": "season",
    "rate_board": "rating",
    "rating_table": "rating",
    "season_standings": "season",
    "team_standings": "teams",
    "top_board_call": "standings",
}

if not TYPE_CHECKING:
    def __getattr__(name: str) -> object:
        return load_name(__name__, globals(), _MODULE_OF, name)
