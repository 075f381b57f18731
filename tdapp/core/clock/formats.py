"""The clock rules of the built-in tournament formats, taken from the user's rule documents.

Keyed by the ``clock_schedule`` names of the formats registry: ``wdc-2025``, ``wdc-2018``,
``edc-2026``, ``dbn-2025``. Each entry says how long each segment lasts and how the clock
behaves around it: per-board or central, draw votes stopping it or not, early adjudication,
a hidden end time, grace periods.
"""

from __future__ import annotations

from dataclasses import dataclass

from tdapp.core.clock.schedule import Schedule, TimingRules, YearBand, build_schedule


@dataclass(frozen=True)
class ClockFormat:
    """How a format times its rounds.

    ``per_board``: each board keeps its own time (WDC 2025, DBN on Backstabbr); otherwise one
    central clock runs the room. ``fall_in_adjudication_finishes``: at the hidden end time a
    board already adjudicating a Fall completes it (WDC 2025); otherwise the game stops at
    once on the last completed Fall (WDC 2018). ``hidden_end_window``: local times of day
    between which the TD's secret end time falls ("13:30", "15:30"), ``None`` if the format
    has none.
    """

    name: str
    title: str
    rules: TimingRules
    per_board: bool
    draw_vote_stops_clock: bool
    draw_votes_from: int | None
    early_adjudication: bool
    hidden_end_window: tuple[str, str] | None = None
    fall_in_adjudication_finishes: bool = False
    grace_seconds: int | None = None
    warning_seconds: int = 60

    def schedule(self, first: int = 1901, last: int = 1910) -> Schedule:
        return build_schedule(self.name, self.rules, first, last)


_FORMATS: tuple[ClockFormat, ...] = (
    # WDC 2025 (001), section IIV: each board keeps its own time; 15/12/10 minutes; 2 minutes of
    # silent order writing; optional 1-minute retreat/adjustment clocks; early adjudication if all
    # agree; draw votes from Spring 1906 stop the clock; round 4 ends at a secret time between
    # 1:30 and 3:30 pm, a Fall already being adjudicated is fully processed.
    ClockFormat(
        name="wdc-2025",
        title="World DipCon 2025",
        rules=TimingRules(
            negotiation=(YearBand(1901, 900, 900), YearBand(1904, 720, 720),
                         YearBand(1908, 600, 600)),
            order_writing=120, retreats=60, adjustments=60,
            optional_retreats_and_adjustments=True, rolling=False,
        ),
        per_board=True, draw_vote_stops_clock=True, draw_votes_from=1906,
        early_adjudication=True, hidden_end_window=("13:30", "15:30"),
        fall_in_adjudication_finishes=True,
    ),
    # WDC 2018 (002): central drop-dead clock, Spring/Fall 18/16 in 1901-06 and 17/15 from 1907;
    # the clock does not stop for draw votes (from 1904); the tournament is called at a set time
    # between 2 and 3:30 pm and games end at once on the last completed Fall.
    ClockFormat(
        name="wdc-2018",
        title="World DipCon 2018",
        rules=TimingRules(
            negotiation=(YearBand(1901, 1080, 960), YearBand(1907, 1020, 900)), rolling=True,
        ),
        per_board=False, draw_vote_stops_clock=False, draw_votes_from=1904,
        early_adjudication=False, hidden_end_window=("14:00", "15:30"),
        fall_in_adjudication_finishes=False,
    ),
    # EDC 2026 (004): rolling central clock 16/16/4, retreats not on the clock, games end after
    # the Fall 1909 retreats (closed by the TD after two minutes: 5 h 22 min in all); orders in
    # early may be adjudicated early; each player has one 2-minute grace per game; the clock
    # stops only for force majeure, not for draw votes.
    ClockFormat(
        name="edc-2026",
        title="European Diplomacy Championship 2026",
        rules=TimingRules(
            negotiation=(YearBand(1901, 960, 960),), adjustments=240, rolling=True,
            end_year=1909, final_retreat_seconds=120,
        ),
        per_board=False, draw_vote_stops_clock=False, draw_votes_from=None,
        early_adjudication=True, grace_seconds=120,
    ),
    # DBN 2025 (000), 5.4: each game on its own (Backstabbr) clock, 15 minutes to 1909 and 12 from
    # 1910, 3-minute retreats and adjustments; pauses only at the GM's discretion; draw
    # proposals from 1907; a forced draw after 1915.
    ClockFormat(
        name="dbn-2025",
        title="DBN Invitational 2025",
        rules=TimingRules(
            negotiation=(YearBand(1901, 900, 900), YearBand(1910, 720, 720)),
            retreats=180, adjustments=180, rolling=True, end_year=1915,
        ),
        per_board=True, draw_vote_stops_clock=False, draw_votes_from=1907,
        early_adjudication=False,
    ),
)


def list_clock_formats() -> tuple[ClockFormat, ...]:
    return _FORMATS


def get_clock_format(name: str) -> ClockFormat:
    for fmt in _FORMATS:
        if fmt.name == name:
            return fmt
    known = ", ".join(f.name for f in _FORMATS)
    raise KeyError(f"unknown clock schedule {name!r} (known: {known})")
