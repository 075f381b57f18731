"""A season points competition across events: the DBN Invitational 2025 (seed 000, part 2).

Each qualifying event is classed minor / standard / major (60 / 80 / 100 points); a player's
placement points at an event are ``1.5 x event score / (1.5 + (place - 1) ^ 1.17)``, never less
than 1% of the event score; the season total is the sum of the three largest; ties go to the
largest single placement, then the higher TopShare percentage, then a recorded public coin toss
(players a coin toss has not yet separated share a rank). The invitation list takes the automatic
invitees (defending champion, major winners) first, then season order, and seeds everybody
invited in season order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

EVENT_SCORES: Mapping[str, float] = {"minor": 60.0, "standard": 80.0, "major": 100.0}
PLACE_EXPONENT = 1.17
PLACE_DAMPING = 1.5
FLOOR_SHARE = 0.01  # 2.5.1: "never dropping below 1% of the Event Score"
MIN_BOARDS, MIN_PLAYERS = 5, 14  # 2.3.1
STANDARD_BOARDS, STANDARD_PLAYERS = 9, 21  # 2.4.2
_DIGITS = 9  # totals compared to 9 decimals: 60 + 40 and 40 + 60 are the same total

# decided_by values (CONTRACTS.md, ``tdapp season``)
BY_BEST_SINGLE, BY_TOPSHARE, BY_COIN_TOSS = "best single", "topshare", "coin toss"


def placement_points(event_score: float, place: int) -> float:
    """Points for finishing ``place`` at an event worth ``event_score`` (1st takes it all)."""
    if place < 1:
        raise ValueError(f"place must be 1 or more, not {place}")
    formula = PLACE_DAMPING * event_score / (PLACE_DAMPING + (place - 1) ** PLACE_EXPONENT)
    return max(formula, FLOOR_SHARE * event_score)


def classify_event(boards: int, players: int, *, major: bool = False) -> str | None:
    """The class of an event (seed 000, 2.3-2.4), or None when it does not qualify."""
    if boards < MIN_BOARDS or players < MIN_PLAYERS:
        return None
    if major:
        return "major"
    if boards >= STANDARD_BOARDS and players >= STANDARD_PLAYERS:
        return "standard"
    return "minor"


@dataclass(frozen=True)
class QualifyingEvent:
    """An event as the TD records it: its size, the DBN Board's say on "major", its final places
    and each player's TopShare percentage in each game they played there."""

    name: str
    boards: int
    players: int
    places: Mapping[str, int]
    major: bool = False
    date: str = ""
    topshare: Mapping[str, tuple[float, ...]] = field(default_factory=dict)

    @property
    def classification(self) -> str | None:
        return classify_event(self.boards, self.players, major=self.major)

    @property
    def qualifies(self) -> bool:
        return self.classification is not None

    @property
    def score(self) -> float:
        c = self.classification
        return EVENT_SCORES[c] if c else 0.0

    def why(self) -> str:
        """Why the event has its class, in the seed's words."""
        size = f"{self.boards} boards, {self.players} players"
        if not self.qualifies:
            return (f"{size}; not a qualifying event: 2.3.1 needs at least {MIN_BOARDS} boards "
                    f"and {MIN_PLAYERS} unique players")
        if self.major:
            return f"{size}; major by the DBN Board's say (2.4.3)"
        return size

    def result(self) -> EventResult | None:
        c = self.classification
        return EventResult(self.name, c, self.places) if c else None


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
class CoinToss:
    """A public coin toss already made between tied players (2.6.3): the winner goes above
    every other player named."""

    between: frozenset[str]
    winner: str

    def __post_init__(self) -> None:
        if self.winner not in self.between:
            raise ValueError(f"the coin toss winner {self.winner!r} is not among those tossing")


@dataclass(frozen=True)
class Counted:
    event: str
    place: int
    points: float


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: str
    total: float
    counted: tuple[Counted, ...]  # the counted events, largest first
    best_single: float
    top_share: float | None
    decided_by: str = ""  # what separated this player from the one above (CONTRACTS.md)
    rookie: bool = False
    coin_toss_needed: bool = False  # tied with a neighbour in every tie-breaker, no toss yet

    @property
    def reason(self) -> str:
        """The tie-breaker in a TD's words, or '' when the totals differ."""
        return {BY_BEST_SINGLE: "tie broken by the largest single-event placement points",
                BY_TOPSHARE: "tie broken by the TopShare percentage",
                BY_COIN_TOSS: "tie broken by the recorded public coin toss"}.get(
            self.decided_by, "tied in every tie-breaker; a public coin toss decides"
            if self.coin_toss_needed else "")


@dataclass(frozen=True)
class Season:
    rows: tuple[SeasonRow, ...]
    points: Mapping[str, Mapping[str, float]] = field(default_factory=dict)  # player -> event

    def order(self) -> list[str]:
        return [r.player for r in self.rows]

    def row(self, player: str) -> SeasonRow | None:
        return next((r for r in self.rows if r.player == player), None)


def season_topshare(events: Iterable[QualifyingEvent]) -> dict[str, float]:
    """Each player's TopShare over all games of all qualifying events (2.6.2): the mean of the
    game percentages."""
    games: dict[str, list[float]] = {}
    for event in events:
        if event.qualifies:
            for player, shares in event.topshare.items():
                games.setdefault(player, []).extend(shares)
    return {p: sum(g) / len(g) for p, g in games.items() if g}


def season_standings(events: Sequence[EventResult], *, best: int = 3,
                     top_share: Mapping[str, float] | None = None,
                     coin_toss: Sequence[str] = (), coin_tosses: Sequence[CoinToss] = (),
                     known_players: Iterable[str] | None = None) -> Season:
    """Season ranking from the events. ``top_share``: each player's TopShare percentage over
    all qualifying games; ``coin_tosses``: public coin tosses already made (``coin_toss``: an
    order one toss gave, best first); ``known_players``: in the database before the season
    (everyone else is a rookie, 2.10)."""
    for event in events:
        if event.classification not in EVENT_SCORES:
            raise ValueError(f"event {event.name!r}: unknown class {event.classification!r}")
    points: dict[str, dict[str, float]] = {}
    places: dict[tuple[str, str], int] = {}
    for event in events:
        for player, place in event.places.items():
            points.setdefault(player, {})[event.name] = placement_points(event.score, place)
            places[player, event.name] = place
    shares = dict(top_share or {})
    counted = {p: sorted(ev.items(), key=lambda kv: (-kv[1], kv[0]))[:best]
               for p, ev in points.items()}
    total = {p: sum(v for _, v in c) for p, c in counted.items()}
    single = {p: max(points[p].values()) for p in points}

    def key(p: str) -> tuple[float, float, float]:
        share = shares.get(p)
        return (round(total[p], _DIGITS), round(single[p], _DIGITS),
                float("-inf") if share is None else share)

    tosses = list(coin_tosses) + _order_as_tosses(coin_toss)
    groups: dict[tuple[float, float, float], list[str]] = {}
    for player in sorted(points):
        groups.setdefault(key(player), []).append(player)
    ordered: list[tuple[str, int]] = []  # (player, sub-rank inside its tie group)
    for group_key in sorted(groups, reverse=True):
        ordered.extend(_toss_order(groups[group_key], tosses))
    known = set(known_players) if known_players is not None else set()
    keys = {p: key(p) for p in points}
    # players still level (same key, same coin-toss sub-rank) share a rank: count them once
    level: dict[tuple[tuple[float, float, float], int], int] = {}
    for player, sub in ordered:
        level[keys[player], sub] = level.get((keys[player], sub), 0) + 1
    rows: list[SeasonRow] = []
    rank = 0
    for i, (player, sub) in enumerate(ordered):
        above = ordered[i - 1] if i else None
        if above is None or (keys[above[0]], above[1]) != (keys[player], sub):
            rank = i + 1  # ordered is sorted: a new level starts after everyone above it
        rows.append(SeasonRow(
            rank, player, total[player],
            tuple(Counted(e, places[player, e], v) for e, v in counted[player]),
            single[player], shares.get(player),
            _decided_by(keys[above[0]], above[1], keys[player], sub) if above else "",
            player not in known, level[keys[player], sub] > 1))
    return Season(tuple(rows), points)


def _order_as_tosses(order: Sequence[str]) -> list[CoinToss]:
    return [CoinToss(frozenset((a, b)), a) for i, a in enumerate(order) for b in order[i + 1:]]


def _toss_order(group: list[str], tosses: Sequence[CoinToss]) -> list[tuple[str, int]]:
    """Order a tie group by the recorded coin tosses: the player who won a toss against every
    other player still level goes next; players no toss separates keep one sub-rank."""
    remaining = sorted(group)
    out: list[tuple[str, int]] = []
    sub = 0
    while remaining:
        if len(remaining) == 1:
            out.append((remaining.pop(), sub))
            break
        beats = [p for p in remaining
                 if all(_won_toss(p, q, tosses) for q in remaining if q != p)]
        if len(beats) != 1:
            out.extend((p, sub) for p in remaining)
            break
        out.append((beats[0], sub))
        remaining.remove(beats[0])
        sub += 1
    return out


def _won_toss(p: str, q: str, tosses: Sequence[CoinToss]) -> bool:
    return any(t.winner == p and q in t.between for t in tosses)


def _decided_by(above: tuple[float, float, float], above_sub: int,
                key: tuple[float, float, float], sub: int) -> str:
    if above[0] != key[0]:
        return ""
    if above[1] != key[1]:
        return BY_BEST_SINGLE
    if above[2] != key[2]:
        return BY_TOPSHARE
    return BY_COIN_TOSS if above_sub != sub else ""


def major_winners(events: Iterable[QualifyingEvent]) -> list[tuple[str, str]]:
    """(player, why) for each winner of a qualifying major event (2.7.2), in event order."""
    out: list[tuple[str, str]] = []
    for event in events:
        if event.classification == "major":
            out.extend((p, f"won major event {event.name}")
                       for p, place in sorted(event.places.items()) if place == 1)
    return out


@dataclass(frozen=True)
class Invitation:
    player: str
    seed: int
    alternate: bool
    how: str  # why the player is on the list: "defending champion", "standings 4" ...


def invitations(season: Season, *, automatic: Sequence[str | tuple[str, str]] = (),
                invited: int = 31, alternates: int = 4,
                declined: Sequence[str] = ()) -> tuple[Invitation, ...]:
    """Qualifiers (automatic first: defending champion, major winners), then season order until
    ``invited`` are in, then ``alternates`` more; seeds follow season order among the invited
    (seed 000, 2.7-2.9). A declined invitation passes to the next player in order."""
    out_of_play = set(declined)
    reasons: dict[str, list[str]] = {}
    for entry in automatic:
        player, why = (entry, "automatic invitation") if isinstance(entry, str) else entry
        if player not in out_of_play and why not in reasons.setdefault(player, []):
            reasons[player].append(why)
    auto = list(reasons)[:invited]
    order = season.order()
    rest = [p for p in order if p not in out_of_play and p not in reasons]
    qualifiers = set(auto) | set(rest[: max(0, invited - len(auto))])
    standing = {p: i for i, p in enumerate(order)}
    by_season = sorted(qualifiers, key=lambda p: (standing.get(p, len(standing)), p))

    def how(p: str) -> str:
        row = season.row(p)
        return "; ".join(reasons[p]) if p in reasons else f"standings {row.rank if row else '-'}"

    result = [Invitation(p, i + 1, False, how(p)) for i, p in enumerate(by_season)]
    spare = [p for p in rest if p not in qualifiers][:alternates]
    result.extend(Invitation(p, len(by_season) + i + 1, True, how(p))
                  for i, p in enumerate(spare))
    return tuple(result)
