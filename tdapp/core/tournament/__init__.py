"""Tournament logic: round scores rolled up into standings, tie-breakers, awards, teams, rating.

Pure functions over the plain data of :mod:`tdapp.core.tournament.model`; the format
(:mod:`tdapp.core.formats`) says which rules apply.
"""

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
