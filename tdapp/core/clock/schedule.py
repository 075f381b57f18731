"""Round schedules: the timed segments of a game, year by year, as a tournament format runs them.

A :class:`TimingRules` states a format's timing the way its rule document does ("15 minutes in
1901-03, 12 in 1904-07 ..."); :func:`build_schedule` unrolls it into the list of
:class:`Segment` a clock runs. A TD may edit the rules or the unrolled segments, or write a
schedule from scratch; both round-trip through plain dictionaries.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

SEASONS = ("spring", "fall", "winter")
SEGMENT_KINDS = ("negotiation", "order-writing", "retreats", "adjustments")
_SEASON_TITLES = {"spring": "Spring", "fall": "Fall", "winter": "Winter"}
_KIND_TITLES = {
    "negotiation": "Negotiation",
    "order-writing": "Order writing",
    "retreats": "Retreats",
    "adjustments": "Adjustments",
}
FIRST_YEAR = 1901
# No game runs a century: a schedule longer than this is a typing slip, and unrolling it (the
# command line once took --last 2147483648) would take minutes and gigabytes.
MAX_GAME_YEARS = 100


class ScheduleError(ValueError):
    """A schedule or a timing rule that cannot be run; the message names the field at fault."""


@dataclass(frozen=True)
class Segment:
    """One timed stretch of a game: e.g. the negotiation of Spring 1903, 720 seconds.

    ``rolls_on`` says the next segment starts the instant this one ends (a rolling clock, or
    silent order writing straight after negotiation); otherwise the clock waits at time-up
    until someone starts the next segment (after adjudication, say). ``optional`` marks a
    clock a board may choose to use (WDC 2025's one-minute retreat and adjustment clocks).
    """

    year: int
    season: str
    kind: str
    seconds: int
    rolls_on: bool = False
    optional: bool = False

    def __post_init__(self) -> None:
        if self.season not in SEASONS:
            raise ScheduleError(f"season: {self.season!r} is not one of {', '.join(SEASONS)}")
        if self.kind not in SEGMENT_KINDS:
            raise ScheduleError(f"segment: {self.kind!r} is not one of {', '.join(SEGMENT_KINDS)}")
        if not isinstance(self.seconds, int) or isinstance(self.seconds, bool) or self.seconds <= 0:
            raise ScheduleError(f"seconds: must be a positive whole number, not {self.seconds!r}")
        if not isinstance(self.year, int) or self.year < FIRST_YEAR:
            raise ScheduleError(f"year: must be {FIRST_YEAR} or later, not {self.year!r}")

    @property
    def title(self) -> str:
        """What the room reads: "Spring 1903 — Negotiation"."""
        return f"{_SEASON_TITLES[self.season]} {self.year} \u2014 {_KIND_TITLES[self.kind]}"

    @property
    def phase(self) -> str:
        """The game phase this segment belongs to, in the S1901M notation of CONTRACTS.md."""
        letter = {"spring": "S", "fall": "F", "winter": "W"}[self.season]
        suffix = {"retreats": "R", "adjustments": "A"}.get(self.kind, "M")
        return f"{letter}{self.year}{suffix}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "year": self.year, "season": self.season, "segment": self.kind,
            "seconds": self.seconds,
        }
        if self.rolls_on:
            data["rolls_on"] = True
        if self.optional:
            data["optional"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Segment:
        try:
            return cls(
                year=data["year"], season=data["season"], kind=data["segment"],
                seconds=data["seconds"], rolls_on=bool(data.get("rolls_on", False)),
                optional=bool(data.get("optional", False)),
            )
        except KeyError as exc:
            raise ScheduleError(f"{exc.args[0]}: missing from a segment") from exc


@dataclass(frozen=True)
class YearBand:
    """Negotiation time from ``from_year`` on (until the next band): Spring and Fall seconds."""

    from_year: int
    spring: int
    fall: int


@dataclass(frozen=True)
class TimingRules:
    """A format's timing as its rule document states it. ``None`` means "not timed".

    ``end_year``: games end after this year's Fall (EDC 2026: 1909; DBN: forced draw after 1915).
    ``final_retreat_seconds``: the last Fall's retreats, timed only because nothing follows them
    (EDC 2026: the TD closes retreats after two minutes; it makes the 5 h 22 min total).
    """

    negotiation: tuple[YearBand, ...]
    order_writing: int | None = None
    retreats: int | None = None
    adjustments: int | None = None
    optional_retreats_and_adjustments: bool = False
    rolling: bool = True
    end_year: int | None = None
    final_retreat_seconds: int | None = None

    def negotiation_seconds(self, year: int, season: str) -> int:
        bands = [b for b in self.negotiation if b.from_year <= year]
        if not bands:
            raise ScheduleError(f"negotiation: no time set for {year}")
        band = max(bands, key=lambda b: b.from_year)
        return band.spring if season == "spring" else band.fall


@dataclass(frozen=True)
class Schedule:
    """The segments a clock runs, in order, with the name of the format they came from."""

    name: str
    segments: tuple[Segment, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not self.segments:
            raise ScheduleError("segments: a schedule needs at least one segment")

    def __len__(self) -> int:
        return len(self.segments)

    def __getitem__(self, index: int) -> Segment:
        return self.segments[index]

    @property
    def total_seconds(self) -> int:
        return sum(s.seconds for s in self.segments)

    def seconds_before(self, index: int) -> int:
        """Scheduled seconds of all segments before ``index`` (a board's nominal progress)."""
        return sum(s.seconds for s in self.segments[:index])

    def with_segment(self, index: int, **changes: Any) -> Schedule:
        """A copy with segment ``index`` edited (seconds, kind, rolls_on ...)."""
        self._check_index(index)
        segments = list(self.segments)
        segments[index] = replace(segments[index], **changes)
        return replace(self, segments=tuple(segments))

    def without_segment(self, index: int) -> Schedule:
        self._check_index(index)
        return replace(self, segments=self.segments[:index] + self.segments[index + 1:])

    def with_inserted(self, index: int, segment: Segment) -> Schedule:
        if not 0 <= index <= len(self.segments):
            raise ScheduleError(f"index: {index} is outside 0..{len(self.segments)}")
        return replace(
            self, segments=self.segments[:index] + (segment,) + self.segments[index:]
        )

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.segments):
            raise ScheduleError(f"index: {index} is outside 0..{len(self.segments) - 1}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "segments": [s.to_dict() for s in self.segments]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Schedule:
        raw = data.get("segments")
        if not isinstance(raw, list):
            raise ScheduleError("segments: must be a list")
        segments = []
        for index, item in enumerate(raw):
            if not isinstance(item, Mapping):
                raise ScheduleError(f"segments[{index}]: must be an object")
            try:
                segments.append(Segment.from_dict(item))
            except ScheduleError as exc:
                raise ScheduleError(f"segments[{index}].{exc}") from exc
        return cls(name=str(data.get("name", "custom")), segments=tuple(segments))


def build_schedule(name: str, rules: TimingRules, first: int = 1901, last: int = 1910) -> Schedule:
    """Unroll ``rules`` for the years ``first``..``last`` (cut at the format's ``end_year``)."""
    if first < FIRST_YEAR:
        raise ScheduleError(f"first: must be {FIRST_YEAR} or later, not {first}")
    if rules.end_year is not None:
        last = min(last, rules.end_year)
        if first > rules.end_year:
            raise ScheduleError(f"first: {name} games end after {rules.end_year}")
    if last < first:
        raise ScheduleError(f"last: {last} is before first year {first}")
    if last - first >= MAX_GAME_YEARS:
        raise ScheduleError(f"last: a schedule covers at most {MAX_GAME_YEARS} game years "
                            f"({first} to {first + MAX_GAME_YEARS - 1}), not up to {last}")
    segments: list[Segment] = []
    for year in range(first, last + 1):
        segments.extend(_year_segments(rules, year, final=year == rules.end_year))
    return Schedule(name=name, segments=tuple(_link_rolls(segments, rules.rolling)))


def _year_segments(rules: TimingRules, year: int, *, final: bool) -> Iterable[Segment]:
    optional = rules.optional_retreats_and_adjustments
    for season in ("spring", "fall"):
        yield Segment(year, season, "negotiation", rules.negotiation_seconds(year, season))
        if rules.order_writing:
            yield Segment(year, season, "order-writing", rules.order_writing)
        if final and season == "fall" and rules.final_retreat_seconds:
            yield Segment(year, season, "retreats", rules.final_retreat_seconds)
        elif rules.retreats:
            yield Segment(year, season, "retreats", rules.retreats, optional=optional)
    if rules.adjustments and not final:
        yield Segment(year, "winter", "adjustments", rules.adjustments, optional=optional)


def _link_rolls(segments: list[Segment], rolling: bool) -> list[Segment]:
    """Mark which segments run straight on into the next one.

    On a rolling clock every segment does. Otherwise only negotiation does, into its silent
    order writing; after that the board adjudicates and someone starts the next segment.
    """
    linked = []
    for index, segment in enumerate(segments):
        following = segments[index + 1] if index + 1 < len(segments) else None
        rolls = following is not None and (
            rolling or (segment.kind == "negotiation" and following.kind == "order-writing")
        )
        linked.append(replace(segment, rolls_on=rolls))
    return linked
