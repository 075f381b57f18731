"""The EADiplomacy ELO-style rating (seed 003), every step kept so it can be shown.

Per board: players are placed (a solo first, survivors by centres, the eliminated by how late
they went out); each place's base score is 5 per player beaten minus 5 per player lost to;
players sharing a place, and the players of a draw, get the average of the places they span;
eliminated players' scores are compressed, ``y = 0.7 x + 0.3 S / n``; the result is rounded to
a whole number. The rating table adds each board's change to every player's rating.

The document leaves two readings open, both kept as named parameters:
- ``compression``: ``"eliminated"`` (S and n over the eliminated players' scores, which keeps
  the board zero-sum) or ``"all"`` (S and n over every score on the board);
- ``rounding``: ``"half-up"`` (x.5 goes up) or ``"half-even"`` (Python's banker's rounding).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tdapp.core.powers import POWERS
from tdapp.core.tournament.model import Board, Tournament

COMPRESSION_MODES = ("eliminated", "all")
DEFAULT_COMPRESSION = "eliminated"
# Seed 003: "b = (0.3 * S) / n ... Where: S = sum of original base scores n = number of scores".
COMPRESSION_READINGS: dict[str, tuple[str, str]] = {
    "eliminated": (
        "S and n over the eliminated players' scores",
        "S and n are taken over the eliminated players' base scores only: the compression "
        "moves them toward their own mean, so the board's scores still add up to 0 before "
        "rounding (zero-sum)."),
    "all": (
        "S and n over all the scores of the board",
        "S and n are taken over every base score of the board (seed 003: \"S = sum of "
        "original base scores, n = number of scores\"): the eliminated players' scores move "
        "toward the board's mean, near 0, so the board is only \"zero-sum (mostly)\"."),
}
ROUNDING_MODES = ("half-up", "half-even")
KEEP = 0.7  # share of an eliminated player's own score kept by the compression


@dataclass(frozen=True)
class RatingStep:
    """One player on one board: each intermediate value of the calculation."""

    player: str
    power: str
    centres: int
    eliminated: int | None
    place: float  # average place when shared (2.5 = shared 2nd-3rd)
    base: float  # base score of the player's own place, before sharing
    shared: float  # after averaging shared places and draws
    compressed: float | None  # after compression (None: survived, not compressed)
    change: int  # rounded rating change


@dataclass(frozen=True)
class BoardRating:
    round: int
    board: int
    steps: tuple[RatingStep, ...]
    explanation: tuple[str, ...]

    def change(self, player: str) -> int:
        return next(s.change for s in self.steps if s.player == player)


@dataclass(frozen=True)
class RatingRow:
    rank: int
    player: str
    rating: float
    change: int
    games: int
    history: tuple[tuple[int, int, int], ...]  # (round, board, change)


@dataclass(frozen=True)
class RatingTable:
    rows: tuple[RatingRow, ...]
    boards: tuple[BoardRating, ...]
    initial: float
    points: float
    compression: str

    def row(self, player: str) -> RatingRow:
        return next(r for r in self.rows if r.player == player)


def base_scores(players: int, points: float = 5.0) -> list[float]:
    """Base score of places 1..players: ``points`` per player beaten minus per player above."""
    return [points * (players - k) - points * (k - 1) for k in range(1, players + 1)]


def round_rating(value: float, mode: str = "half-up") -> int:
    if mode == "half-even":
        return round(value)
    return math.floor(value + 0.5 + 1e-9)


def rate_board(board: Board, *, points: float = 5.0, compression: str = "eliminated",
               rounding: str = "half-up") -> BoardRating:
    """The rating change of every player of ``board`` with the steps that produce it."""
    if compression not in COMPRESSION_MODES:
        raise ValueError(f"compression must be one of {', '.join(COMPRESSION_MODES)}")
    if rounding not in ROUNDING_MODES:
        raise ValueError(f"rounding must be one of {', '.join(ROUNDING_MODES)}")
    # Every power in the game is placed, a seat nobody holds (civil disorder) included.
    powers = [p for p in POWERS if p in board.centers or p in board.powers]
    groups = _place_groups(board, powers)
    bases = base_scores(len(powers), points)
    lines = [_places_line(board, groups),
             f"base score = {points:g} x players beaten - {points:g} x players lost to; "
             f"{len(powers)} players: " + ", ".join(f"{b:g}" for b in bases)]
    place: dict[str, float] = {}
    base: dict[str, float] = {}
    shared: dict[str, float] = {}
    first = 0
    for group, why in groups:
        span = bases[first: first + len(group)]
        average = sum(span) / len(span)
        for power in group:
            place[power] = first + (len(group) + 1) / 2
            base[power] = bases[first + sorted(group).index(power)]
            shared[power] = average
        if len(group) > 1:
            lines.append(f"{_names(group)} {why}: places {first + 1}-{first + len(group)} "
                         f"averaged, ({' + '.join(f'{b:g}' for b in span)}) / {len(span)} = "
                         f"{average:g}")
        first += len(group)
    dead = [p for p in powers if int(board.centers.get(p, 0)) == 0 and board.solo != p]
    compressed = _compress(shared, dead, powers, compression, lines)
    steps = []
    for power in (p for p in powers if p in board.powers):
        value = compressed.get(power, shared[power])
        steps.append(RatingStep(
            player=board.powers[power], power=power, centres=int(board.centers.get(power, 0)),
            eliminated=board.eliminated.get(power), place=place[power], base=base[power],
            shared=shared[power], compressed=compressed.get(power),
            change=round_rating(value, rounding)))
    lines.append(f"changes rounded to whole numbers ({rounding}): " + ", ".join(
        f"{s.power.title()} {s.change:+d}" for s in steps))
    return BoardRating(board.round, board.number, tuple(steps), tuple(lines))


def _place_groups(board: Board, powers: Sequence[str]) -> list[tuple[list[str], str]]:
    """Powers grouped by shared place, best first, each with why the group shares."""
    centres = {p: int(board.centers.get(p, 0)) for p in powers}
    if board.solo in powers:
        key = {p: (2, 0, 0) if p == board.solo else _key(p, centres, board) for p in powers}
    else:
        drawn = set(board.draw or ())
        key = {p: (2, 0, 0) if p in drawn else _key(p, centres, board) for p in powers}
    out: list[tuple[list[str], str]] = []
    for k in sorted(set(key.values()), reverse=True):
        members = sorted(p for p in powers if key[p] == k)
        if k[0] == 2 and board.solo is None:
            why = "share the draw"
        elif k[0] == 1:
            why = f"tie on {k[1]} centres"
        else:
            why = "went out in the same year"
        out.append((members, why))
    return out


def _key(power: str, centres: Mapping[str, int], board: Board) -> tuple[int, int, int]:
    if centres[power] > 0:
        return (1, centres[power], 0)
    return (0, board.eliminated.get(power, 0), 0)  # later elimination places higher


def _compress(shared: dict[str, float], dead: list[str], powers: Sequence[str], mode: str,
              lines: list[str]) -> dict[str, float]:
    if not dead:
        lines.append("no eliminated players: no compression")
        return {}
    pool = dead if mode == "eliminated" else list(powers)
    total = sum(shared[p] for p in pool)
    b = (1 - KEEP) * total / len(pool)
    out = {p: KEEP * shared[p] + b for p in dead}
    over = "the eliminated players'" if mode == "eliminated" else "all"
    lines.append(
        f"eliminated players compressed, y = {KEEP:g} x + b with b = 0.3 x S / n over {over} "
        f"scores: S = {total:g}, n = {len(pool)}, b = {b:g}; "
        + ", ".join(f"{p.title()} {shared[p]:g} -> {out[p]:g}" for p in dead))
    return out


def _places_line(board: Board, groups: list[tuple[list[str], str]]) -> str:
    parts = []
    first = 1
    for group, _ in groups:
        for p in group:
            c = int(board.centers.get(p, 0))
            what = "solo" if board.solo == p else (f"{c} centres" if c else
                                                   f"out {board.eliminated.get(p, '?')}")
            label = f"{first}" if len(group) == 1 else f"{first}-{first + len(group) - 1}"
            parts.append(f"{p.title()} {label} ({what})")
        first += len(group)
    return "places: " + ", ".join(parts)


def _names(powers: Sequence[str]) -> str:
    return " and ".join(p.title() for p in powers)


def rating_table(tournament: Tournament, *, initial: float = 1000.0, points: float = 5.0,
                 compression: str = "eliminated", rounding: str = "half-up") -> RatingTable:
    """Ratings after every finished board of the tournament, in round and board order."""
    ratings = {p.id: initial for p in tournament.players}
    history: dict[str, list[tuple[int, int, int]]] = {p.id: [] for p in tournament.players}
    rated: list[BoardRating] = []
    for board in sorted(tournament.boards, key=lambda b: (b.round, b.number)):
        if not board.centers or len(board.powers) < 2:
            continue  # not played yet
        result = rate_board(board, points=points, compression=compression, rounding=rounding)
        rated.append(result)
        for step in result.steps:
            if step.player in ratings:
                ratings[step.player] += step.change
                history[step.player].append((board.round, board.number, step.change))
    order = sorted(ratings, key=lambda p: (-ratings[p], p))
    rows = []
    for player in order:
        rank = 1 + sum(1 for q in ratings if ratings[q] > ratings[player])
        changes = history[player]
        rows.append(RatingRow(rank, player, ratings[player], sum(c for _, _, c in changes),
                              len(changes), tuple(changes)))
    return RatingTable(tuple(rows), tuple(rated), initial, points, compression)


def worked_example(compression: str, *, points: float = 5.0) -> tuple[str, ...]:
    """The calculation of one example board under a compression reading, in words: seven
    players, no shared place, the 6th and 7th eliminated."""
    centres = dict(zip(POWERS, (12, 9, 6, 4, 3, 0, 0), strict=True))
    board = Board(0, 0, {p: p.title() for p in POWERS}, centers=centres, end_year=1908,
                  eliminated={"RUSSIA": 1906, "TURKEY": 1904})
    rated = rate_board(board, points=points, compression=compression)
    exact = sum(s.shared if s.compressed is None else s.compressed for s in rated.steps)
    total = sum(s.change for s in rated.steps)
    return (*rated.explanation,
            f"the board's scores add up to {'0' if abs(exact) < 1e-9 else f'{exact:+g}'} before rounding, {total:+d} after")
