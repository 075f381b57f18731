"""The other seating methods: random, ranked, weighted random by rank (EDC 2026), seed order
across boards (DBN), the team round (WDC 2025), and DBN's placement of players into rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import product

from tdapp.core.powers import BOARD_SIZE, POWERS

from .balanced import KEEP_APART_WEIGHT, build_problem
from .history import History, pair_key
from .model import Cancel, Progress
from .review import keep_apart_set
from .tabu import SearchLimits, TabuSearch


def chunk(seats: Sequence[str]) -> list[list[str]]:
    return [list(seats[i : i + BOARD_SIZE]) for i in range(0, len(seats), BOARD_SIZE)]


def rank_order(seats: Sequence[str], ranking: Sequence[str]) -> list[str]:
    """Seats in ranking order (best first); unranked players follow in the given order. The
    second seat of a player on two boards goes to the end so that the two are apart."""
    position = {player: index for index, player in enumerate(ranking)}
    first: list[str] = []
    second: list[str] = []
    for player in seats:
        (second if player in first else first).append(player)
    first.sort(key=lambda p: position.get(p, len(position)))
    return first + second


def seat_random(seats: Sequence[str], rng: random.Random) -> list[list[str]]:
    order = list(seats)
    rng.shuffle(order)
    return chunk(order)


def repair_random(
    groups: list[list[str]],
    history: History,
    keep_apart: Sequence[Sequence[str]],
    rng: random.Random,
    time_limit: float,
) -> list[list[str]]:
    """Move as few players of a random grouping as it takes so that a player's two seats and
    keep-apart pairs are apart and every board can avoid repeated powers (Hall's condition);
    earlier meetings are deliberately ignored: the method is random."""
    seats = [p for group in groups for p in group]
    problem = build_problem(seats, history, keep_apart, with_meetings=False)
    start = [index // BOARD_SIZE for index in range(len(seats))]
    limits = SearchLimits(time_limit=time_limit, max_iterations=2000, idle_iterations=100,
                          patience=600, target=0)
    result = TabuSearch(problem, start, rng).run(limits)
    repaired: list[list[str]] = [[] for _ in groups]
    for seat, board in enumerate(result.board_of):
        repaired[board].append(seats[seat])
    return repaired


def seat_ranked(seats: Sequence[str], ranking: Sequence[str]) -> list[list[str]]:
    """Boards of seven in standings order, the best seven on board 1."""
    return chunk(rank_order(seats, ranking))


def seat_weighted(
    seats: Sequence[str], ranking: Sequence[str], rng: random.Random, decay: float = 0.75
) -> list[list[str]]:
    """EDC 2026 rounds 2-3: the best unseated player opens a board; each next player is drawn
    with weight ``decay ** (d - 1)``, d the ranking distance to the player drawn before."""
    if not 0 < decay <= 1:
        raise ValueError("weighted_decay must be in (0, 1]")
    remaining = list(enumerate(rank_order(seats, ranking)))  # (rank position, player)
    groups = []
    while remaining:
        previous, first = remaining.pop(0)
        group = [first]
        while len(group) < BOARD_SIZE:
            weights = [decay ** (abs(position - previous) - 1) for position, _ in remaining]
            index = rng.choices(range(len(remaining)), weights)[0]
            previous, player = remaining.pop(index)
            group.append(player)
        groups.append(group)
    return groups


def seat_seed_order(seats: Sequence[str], ranking: Sequence[str]) -> list[list[str]]:
    """DBN 3.2: the top seeds of the round go to separate boards, then the next seeds, and so
    on (seed i on board i mod B)."""
    order = rank_order(seats, ranking)
    boards = len(order) // BOARD_SIZE
    groups: list[list[str]] = [[] for _ in range(boards)]
    for index, player in enumerate(order):
        groups[index % boards].append(player)
    return groups


def separate(
    groups: list[list[str]], keep_apart: Sequence[Sequence[str]], rng: random.Random
) -> list[list[str]]:
    """Repair a random grouping: a player's two seats, then keep-apart pairs, onto different
    boards, each by swapping with a random seat elsewhere that creates no new clash."""
    apart = keep_apart_set(keep_apart)

    def clashes(player: str, group: Sequence[str], skip: int) -> bool:
        for index, other in enumerate(group):
            if index == skip:
                continue
            if other == player or pair_key(player, other) in apart:
                return True
        return False

    for _ in range(len(groups) * BOARD_SIZE * 4):
        bad = [(g, i) for g, group in enumerate(groups) for i, p in enumerate(group)
               if clashes(p, group, i)]
        if not bad:
            break
        g, i = rng.choice(bad)
        player = groups[g][i]
        options = [
            (h, j) for h, other in enumerate(groups) if h != g for j, q in enumerate(other)
            if not clashes(player, other, j) and not clashes(q, groups[g], i)
        ]
        if not options:
            break
        h, j = rng.choice(options)
        groups[g][i], groups[h][j] = groups[h][j], groups[g][i]
    return groups


def seat_team_round(
    seats: Sequence[str],
    teams: Mapping[str, Mapping[str, str]],
    history: History,
    keep_apart: Sequence[Sequence[str]],
    rng: random.Random,
    time_limit: float,
    progress: Progress | None = None,
    cancel: Cancel | None = None,
) -> tuple[list[list[str]], dict[str, str]]:
    """WDC 2025 round 4: teams of seven, one per power, chosen by the team. Team-mates never
    share a board and each plays the team's power: board b gets one player of each power, and a
    Latin start (team t's power-k player on board (t + k) mod B) is improved for repeats by
    swapping players of the same power only. Returns the groups and player -> power."""
    power_of: dict[str, str] = {}
    team_of: dict[str, str] = {}
    for team, members in teams.items():
        if sorted(members) != sorted(POWERS):
            raise ValueError(f"teams.{team}: a team names one player for each of the 7 powers")
        for power, player in members.items():
            if player in power_of:
                raise ValueError(f"teams.{team}: {player} is in two teams or plays two powers")
            power_of[player] = power
            team_of[player] = team
    if sorted(seats) != sorted(power_of):
        raise ValueError("players: the team round seats exactly the players of the teams")
    boards = len(seats) // BOARD_SIZE
    if boards < BOARD_SIZE:
        raise ValueError("teams: team-mates can be kept apart only with at least 7 teams")
    order = sorted(teams)
    seats = [teams[team][power] for team in order for power in POWERS]
    team_pairs = {
        pair_key(a, b) for team in order for a, b in product(teams[team].values(), repeat=2)
        if a < b
    }
    problem = build_problem(seats, history, keep_apart, with_powers=False, extra_apart=team_pairs)
    problem.swap_class = [POWERS.index(power_of[p]) for p in seats]
    start = [(t + k) % boards for t in range(len(order)) for k in range(BOARD_SIZE)]
    limits = SearchLimits(time_limit=time_limit, max_iterations=1000 + 40 * boards,
                          idle_iterations=100 + 10 * boards, progress=progress, cancel=cancel)
    result = TabuSearch(problem, start, rng).run(limits)
    groups: list[list[str]] = [[] for _ in range(boards)]
    for seat, board in enumerate(result.board_of):
        groups[board].append(seats[seat])
    if result.cost >= KEEP_APART_WEIGHT:
        raise ValueError("teams: could not keep every team and keep-apart pair apart")
    return groups, power_of


def assign_rounds_by_preference(
    seeds: Sequence[str], preferences: Mapping[str, Sequence[int]], rounds: Sequence[int]
) -> dict[int, list[str]]:
    """DBN 3.2: players go to their preferred round in seed order; then the lowest seeds are
    moved so that every round holds a multiple of 7 players (to their next preferred round that
    still needs players, else to the round that needs them most). Returns round -> players in
    seed order."""
    if len(seeds) % BOARD_SIZE:
        raise ValueError(f"{len(seeds)} players cannot fill boards of seven")
    placed: dict[int, list[str]] = {r: [] for r in rounds}
    for player in seeds:
        wanted = [r for r in preferences.get(player, ()) if r in placed] or [rounds[0]]
        placed[wanted[0]].append(player)
    targets = _round_targets({r: len(p) for r, p in placed.items()})
    movers: list[str] = []
    for r in rounds:
        while len(placed[r]) > targets[r]:
            movers.append(placed[r].pop())  # the lowest seed of the round moves
    rank = {p: i for i, p in enumerate(seeds)}
    for player in sorted(movers, key=rank.__getitem__):
        short = [r for r in rounds if len(placed[r]) < targets[r]]
        liked = [r for r in preferences.get(player, ()) if r in short]
        target = liked[0] if liked else max(short, key=lambda r: targets[r] - len(placed[r]))
        placed[target].append(player)
    return {r: sorted(p, key=rank.__getitem__) for r, p in placed.items()}


def _round_targets(counts: Mapping[int, int]) -> dict[int, int]:
    """Multiples of 7 per round, as close to the wished counts as possible (fewest moves)."""
    total = sum(counts.values())
    rounds = list(counts)
    options = [((c // BOARD_SIZE) * BOARD_SIZE, -(-c // BOARD_SIZE) * BOARD_SIZE)
               for c in counts.values()]
    best: tuple[int, tuple[int, ...]] | None = None
    for choice in product(*options):
        if sum(choice) != total:
            continue
        moves = sum(abs(c - t) for c, t in zip(counts.values(), choice, strict=True))
        if best is None or moves < best[0]:
            best = (moves, choice)
    if best is None:  # cannot stay within one board of the wishes: fill rounds in order
        filled: list[int] = []
        left = total
        for count in counts.values():
            take = min(left, -(-count // BOARD_SIZE) * BOARD_SIZE)
            filled.append(take)
            left -= take
        filled[-1] += left
        return dict(zip(rounds, filled, strict=True))
    return dict(zip(rounds, best[1], strict=True))
