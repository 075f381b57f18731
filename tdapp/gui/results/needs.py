"""What a board's result must contain under a format: found by asking the scoring system
itself (a sample game scored with and without each part), so a new system needs no table here.

No Qt: the entry grid and its tests read these plain answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tdapp.core.formats import TournamentFormat, get_format
from tdapp.core.scoring.base import GameResult, ScoringError, ScoringSystem
from tdapp.core.scoring.registry import get_system

# A plausible time-called board: Turkey out in 1906, every other power alive.
_SAMPLE = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2,
           "TURKEY": 0}
_OUT = {"TURKEY": 1906}


@dataclass(frozen=True)
class ResultNeeds:
    system: str
    system_title: str
    elimination_years: bool  # the system scores by the year a power went out
    draw_members: bool  # the system scores a passed draw by who was in it
    history: bool  # every year's centres are needed (count-back)
    history_reason: str = ""

    def sentences(self) -> list[str]:
        """What the grid asks for, in the TD's words."""
        out = [f"Scored with {self.system_title}."]
        if self.history:
            out.append(f"Type every year's centres: {self.history_reason}.")
        else:
            out.append("Only the final centres are required; earlier years are optional.")
        if self.elimination_years:
            out.append("Give the year each power with no centres was eliminated.")
        if self.draw_members:
            out.append("For a passed draw, tick the powers in the draw.")
        else:
            out.append("For a passed draw, tick the powers in the draw (the score does not "
                       "depend on it; the EADiplomacy rating does).")
        return out


def _scores(system: ScoringSystem, game: GameResult) -> dict[str, float] | ScoringError:
    try:
        return system.score(game)
    except ScoringError as exc:
        return exc


def result_needs(fmt: str | TournamentFormat, round_number: int,
                 custom: Sequence[ScoringSystem] = ()) -> ResultNeeds:
    """What a result of ``round_number`` needs under ``fmt`` (the TD's own formula systems
    among ``custom``)."""
    if isinstance(fmt, str):
        fmt = get_format(fmt)
    system_name = fmt.scoring_for(round_number)
    system = get_system(system_name, custom)
    without_year = _scores(system, GameResult(_SAMPLE, 1908))
    needs_year = isinstance(without_year, ScoringError) and str(
        without_year.field or "").startswith("eliminated")
    plain = _scores(system, GameResult(_SAMPLE, 1908, eliminated=_OUT))
    drawn = _scores(system, GameResult(_SAMPLE, 1908, eliminated=_OUT,
                                       draw=("AUSTRIA", "ENGLAND")))
    needs_draw = not isinstance(plain, ScoringError) and plain != drawn
    reason = ""
    chains = (*fmt.tie_breakers, *(fmt.champion_tie_breakers or ()))
    if "count-back" in chains:
        reason = f"{fmt.title} breaks ties by count-back, which rolls the boards back year by year"
    elif isinstance(plain, ScoringError) and plain.field == "history":
        reason = f"the {system.title} system needs them ({plain})"
    return ResultNeeds(system_name, system.title, needs_year, needs_draw, bool(reason), reason)
