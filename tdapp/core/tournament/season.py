"""A season points competition across events: the DBN Invitational 2025 (seed 000, part 2).

Each qualifying event is classed minor / standard / major (60 / 80 / 100 points); a player's
placement points at an event are ``1.5 x event score / (1.5 + (place - 1) ^ 1.17)``; the season
total is the sum of the three largest; ties go to the largest single placement, then the
higher TopShare percentage, then a public coin toss (a recorded draw, else left to the TD).
The invitation list takes automatic qualifiers first, then season order, and seeds everybody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

EVENT_SCORES: Mapping[str, float] = {"minor": 60.0, "standard": 80.0, "major": 100.0}
PLACE_EXPONENT = 1.17
PLACE_DAMPING = 1.5


def placement_points(event_score: float, place: int) -> float:
    """Points for finishing ``place`` at an event worth ``event_score`` (1st takes it all)."""
    if place < 1:
        raise ValueError(f"place must be 1 or more, not {place}")
    return PLACE_DAMPING * event_score / (PLACE_DAMPING + (place - 1) ** PLACE_EXPONENT)


def classify_event(boards: int, players: int, *, major: bool = False) -> str | None:
    """The class of an event (seed 000, 2.3-2.4), or None when it does not qualify."""
    if boards < 5 or players < 14:
        return None
    if major:
        return "major"
    if boards >= 9 and players >= 21:
        return "standard"
    return "minor"


@dataclass(frozen=True)
class EventResult:
    """One qualifying event's final ranking: player -> place (1 = winner)."""

    name: str
    classification: str
    places: Mapping[str, int]

    @property
    def score(self) -> float:
        return EVENT_SCORES[self.classification]


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: str
    total: float
    counted: tuple[tuple[str, float], ...]  # (event, points) of the counted events, best first
    best_single: float
    top_share: float | None
    reason: str = ""
    tie: str = ""


@dataclass(frozen=True)
class Season:
    rows: tuple[SeasonRow, ...]
    points: Mapping[str, Mapping[str, float]] = field(default_factory=dict)  # player -> event

    def order(self) -> list[str]:
        return [r.player for r in self.rows]


def season_standings(events: Sequence[EventResult], *, best: int = 3,
                     top_share: Mapping[str, float] | None = None,
                     coin_toss: Sequence[str] = ()) -> Season:
    """Season ranking from the events. ``top_share``: each player's TopShare percentage over
    all qualifying games; ``coin_toss``: the order a recorded public coin toss gave, if any."""
    for event in events:
        if event.classification not in EVENT_SCORES:
            raise ValueError(f"event {event.name!r}: unknown class {event.classification!r}")
    points: dict[str, dict[str, float]] = {}
    for event in events:
        for player, place in event.places.items():
            points.setdefault(player, {})[event.name] = placement_points(event.score, place)
    shares = dict(top_share or {})
    counted = {p: sorted(ev.items(), key=lambda kv: (-kv[1], kv[0]))[:best]
               for p, ev in points.items()}
    total = {p: round(sum(v for _, v in c), 9) for p, c in counted.items()}
    single = {p: round(max(points[p].values()), 9) for p in points}

    def key(p: str) -> tuple[float, float, float, float]:
        toss = -coin_toss.index(p) if p in coin_toss else float("-inf")
        return (total[p], single[p], shares.get(p, float("-inf")), toss)

    ordered = sorted(points, key=lambda p: (tuple(-k for k in key(p)), p))
    rows: list[SeasonRow] = []
    for i, player in enumerate(ordered):
        rank = 1 + sum(1 for q in ordered if key(q) > key(player))
        tie = "td" if any(key(q) == key(player) for q in ordered if q != player) else ""
        reason = _why(player, ordered[i + 1], key, total) if i + 1 < len(ordered) else ""
        rows.append(SeasonRow(rank, player, total[player], tuple(counted[player]),
                              single[player], shares.get(player), reason, tie))
    return Season(tuple(rows), points)


def _why(a: str, b: str, key: Callable[[str], tuple[float, ...]],
         total: Mapping[str, float]) -> str:
    ka, kb = key(a), key(b)
    if ka == kb:
        return f"tied on {total[a]:.2f} in every tie-breaker; a public coin toss decides"
    words = ("higher placement points total", "larger single-event placement points",
             "higher TopShare percentage", "won the recorded public coin toss")
    index = next(i for i, (x, y) in enumerate(zip(ka, kb, strict=True)) if x != y)
    if index == 0:
        return f"{words[0]} ({ka[0]:.2f} against {kb[0]:.2f})"
    if index == 3:
        return f"tied on {total[a]:.2f}; {words[3]}"
    shown = "unknown" if kb[index] == float("-inf") else f"{kb[index]:.2f}"
    return f"tied on {total[a]:.2f}; {words[index]} ({ka[index]:.2f} against {shown})"


@dataclass(frozen=True)
class Invitation:
    player: str
    seed: int
    alternate: bool
    how: str


def invitations(season: Season, *, automatic: Sequence[str] = (), invited: int = 31,
                alternates: int = 4, declined: Sequence[str] = ()) -> tuple[Invitation, ...]:
    """Qualifiers (automatic first: defending champion, major winners), then season order until
    ``invited`` are in, then ``alternates`` more; seeds follow season order (seed 000, 2.7-2.9)."""
    out_of_play = set(declined)
    auto = [p for p in dict.fromkeys(automatic) if p not in out_of_play]
    rest = [p for p in season.order() if p not in out_of_play and p not in auto]
    qualifiers = set(auto[:invited]) | set(rest[: max(0, invited - len(auto))])
    standing = {p: i for i, p in enumerate(season.order())}
    by_season = sorted(qualifiers, key=lambda p: (standing.get(p, len(standing)), p))
    result = [Invitation(p, i + 1, False,
                         "automatic invitation" if p in auto else "season standings")
              for i, p in enumerate(by_season)]
    spare = [p for p in rest if p not in qualifiers][:alternates]
    result.extend(Invitation(p, len(by_season) + i + 1, True, "alternate, season standings")
                  for i, p in enumerate(spare))
    return tuple(result)
