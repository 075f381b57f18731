"""Review of a proposed round: every issue a TD should see, recomputed in milliseconds.

The GUI calls :func:`review_round` after each drag-and-drop swap; the whole round is re-checked
(a 29-board round is about 600 pair lookups), so no incremental bookkeeping can go stale.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from tdapp.core.collation import name_key

from .history import History, pair_key
from .model import Board, Issue, SeatingStats


def keep_apart_set(pairs: Iterable[Sequence[str]]) -> set[tuple[str, str]]:
    return {pair_key(a, b) for a, b in pairs if a != b}


def review_round(
    boards: Sequence[Board],
    history: History,
    keep_apart: Iterable[Sequence[str]] = (),
    locked_seats: Mapping[str, int] | None = None,
    teams: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[SeatingStats, list[Issue]]:
    """All issues of a round and the totals of ``tdapp seat``'s ``stats``. ``teams`` (team ->
    power -> player, the team round): a player playing the power their team chose is no
    issue even when they played it before (WDC 2025 II.4.a: "One player from the team will
    play each country, and this will be assigned by the team"): the team's choice, not one
    the TD can better."""
    chosen = {player: power for team in (teams or {}).values()
              for power, player in team.items()}
    apart = keep_apart_set(keep_apart)
    issues: list[Issue] = []
    repeat_pairs = repeat_meetings = power_repeats = apart_hits = doubles = lock_misses = 0
    powers_this_round: dict[str, Counter[str]] = {}
    for board in boards:
        seats = board.seats
        counts = Counter(seats)
        for player, count in counts.items():
            if count > 1:
                doubles += 1
                issues.append(Issue("double_board", board.number, (player,), count,
                                    f"{player} is seated {count} times on board {board.number}"))
        for a, b in combinations(sorted(counts), 2):
            met = history.met(a, b)
            if met:
                repeat_pairs += 1
                repeat_meetings += met
                times = "once" if met == 1 else f"{met} times"
                issues.append(Issue("repeat", board.number, (a, b), met,
                                    f"{a} and {b} have met {times} before"))
            if (a, b) in apart:
                apart_hits += 1
                issues.append(Issue("keep_apart", board.number, (a, b), 1,
                                    f"{a} and {b} should be kept apart"))
        for power, player in board.powers.items():
            played = history.times_played(player, power)
            played += powers_this_round.get(player, Counter())[power]
            powers_this_round.setdefault(player, Counter())[power] += 1
            if played and chosen.get(player) != power:
                power_repeats += 1
                times = "once" if played == 1 else f"{played} times"
                issues.append(Issue("power_repeat", board.number, (player,), played,
                                    f"{player} has played {power.title()} {times} before"))
        for player in counts:
            table = (locked_seats or {}).get(player)
            if table is not None and table != board.number and not _seated_at(boards, player, table):
                lock_misses += 1
                issues.append(Issue("locked_seat", board.number, (player,), 1,
                                    f"{player} is locked to board {table}"))
    stats = SeatingStats(repeat_pairs, repeat_meetings, power_repeats, apart_hits, doubles,
                         lock_misses)
    return stats, issues


def _seated_at(boards: Sequence[Board], player: str, number: int) -> bool:
    return any(b.number == number and player in b.seats for b in boards)


def swap_players(boards: Sequence[Board], a: str, board_a: int, b: str, board_b: int) -> None:
    """Swap two seated players (drag and drop); each takes over the other's power."""
    first = _board(boards, board_a)
    second = _board(boards, board_b)
    ia, ib = first.seats.index(a), second.seats.index(b)
    first.seats[ia], second.seats[ib] = b, a
    power_a, power_b = first.power_of(a), second.power_of(b)
    if power_a is not None:
        first.powers[power_a] = b
    if power_b is not None:
        second.powers[power_b] = a


def set_power(board: Board, player: str, power: str) -> None:
    """Give ``player`` ``power`` by hand; whoever held it takes the player's old power."""
    old = board.power_of(player)
    holder = board.powers.get(power)
    board.powers[power] = player
    if old is not None and old != power:
        if holder is not None and holder != player:
            board.powers[old] = holder
        else:
            del board.powers[old]


def _board(boards: Sequence[Board], number: int) -> Board:
    for board in boards:
        if board.number == number:
            return board
    raise ValueError(f"no board {number}")


def call_by_player(boards: Sequence[Board]) -> list[tuple[str, int, str]]:
    """The board call alphabetically by player: (player, board number, power), a player on two
    boards listed twice."""
    rows = [(player, board.number, power)
            for board in boards for power, player in board.powers.items()]
    return sorted(rows, key=lambda row: (name_key(row[0]), row[1]))
