"""Scoring and ranking a 300-player, 7-round tournament from scratch (run by hand).

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_standings.py [--runs 7] [--players 300]

Each round 294 players sit at 42 boards and 6 sit out with a bonus. Boards carry final centres,
elimination years and a year-by-year history, but no game scores: every run scores all 294
boards with Haight, counts the best five of seven rounds, ranks with the WDC 2025 tie-breakers
plus count-back, and names the awards. Reported as the median of ``--runs`` timed runs; the
EADiplomacy rating table over the same boards is timed too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from tdapp.core.formats import copy_format, get_format
from tdapp.core.formats.model import CountGroup
from tdapp.core.powers import POWERS
from tdapp.core.tournament import (
    Board,
    Player,
    SitOut,
    Tournament,
    compute_awards,
    compute_standings,
    rating_table,
)

START = (3, 3, 3, 3, 3, 4, 3)


def random_game(rng: random.Random) -> tuple[dict[str, int], dict[str, int], dict, int]:
    """A plausible finished game: final centres, elimination years, history, end year."""
    end = rng.randint(1907, 1912)
    weights = [rng.random() ** 2 for _ in POWERS]
    owned = rng.randint(28, 34)
    final = [min(17, int(owned * w / sum(weights))) for w in weights]
    eliminated = {p: rng.randint(1903, end) for p, c in zip(POWERS, final, strict=True) if c == 0}
    history: dict[int, dict[str, int]] = {}
    for year in range(1901, end + 1):
        share = (year - 1900) / (end - 1900)
        counts = {}
        for p, s, f in zip(POWERS, START, final, strict=True):
            out = p in eliminated and year >= eliminated[p]
            counts[p] = 0 if out else max(1, int(s + (f - s) * share))
        while sum(counts.values()) > 34:
            big = max(counts, key=counts.get)  # type: ignore[arg-type]
            counts[big] -= 1
        history[year] = counts
    history[end] = dict(zip(POWERS, final, strict=True))
    return history[end], eliminated, history, end


def build(players: int, rounds: int, seed: int = 2025) -> Tournament:
    rng = random.Random(seed)
    people = tuple(Player(f"p{i:03d}", f"Player {i}", distance_km=rng.uniform(0, 9000))
                   for i in range(players))
    ids = [p.id for p in people]
    seated_each_round = players - players % 7
    boards: list[Board] = []
    sit_outs: list[SitOut] = []
    for rnd in range(1, rounds + 1):
        rng.shuffle(ids)
        for s in ids[seated_each_round:]:
            sit_outs.append(SitOut(rnd, s, bonus=40.0))
        for b in range(seated_each_round // 7):
            seats = ids[b * 7:(b + 1) * 7]
            centres, eliminated, history, end = random_game(rng)
            boards.append(Board(rnd, b + 1, dict(zip(POWERS, seats, strict=True)),
                                centers=centres, end_year=end, eliminated=eliminated,
                                history=history, top=rnd == rounds and b == 0))
    return Tournament(people, tuple(boards), tuple(sit_outs))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    base = get_format("wdc-2025")
    fmt = copy_format(base, name="bench", title="Benchmark", rounds=args.rounds, pool=None,
                      team=None, final_ranking="total", tie_break_places=None,
                      counting=(CountGroup(tuple(range(1, args.rounds + 1)),
                                           best=max(1, args.rounds - 2)),),
                      tie_breakers=("last-round-score", "best-game", "head-to-head-best",
                                    "counted-centres", "dropped-round", "count-back",
                                    "distance"))
    tournament = build(args.players, args.rounds)
    compute_standings(tournament, fmt)  # warm the scoring registry's imports
    times, rating_times = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        standings = compute_standings(tournament, fmt)
        compute_awards(tournament, fmt, standings)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        rating_table(tournament)
        rating_times.append(time.perf_counter() - start)
    # The same tournament with every game score already stored: the ranking alone.
    assert standings.sheet is not None
    scored = Tournament(tournament.players, tuple(
        replace(b, scores=standings.sheet.board_scores[(b.round, b.number)])
        for b in tournament.boards), tournament.sit_outs)
    ranking_times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        compute_awards(scored, fmt, compute_standings(scored, fmt))
        ranking_times.append(time.perf_counter() - start)
    ties = sum(1 for r in standings.rows if r.tie)
    print(f"{args.players} players, {args.rounds} rounds, {len(tournament.boards)} boards "
          f"scored with haight; {ties} rows still tied; issues: {len(standings.issues)}")
    print(f"standings + awards from scratch: median {statistics.median(times) * 1000:.1f} ms "
          f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, runs {args.runs})")
    print(f"ranking only (scores stored):    median "
          f"{statistics.median(ranking_times) * 1000:.1f} ms")
    print(f"EADiplomacy rating table:        median {statistics.median(rating_times) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
