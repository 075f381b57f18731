"""Game scoring speed: every built-in system, and ``tdapp score`` batches. Run by hand:

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_scoring.py           # full run
    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_scoring.py --quick   # a smoke run

Scores the same set of random finished games (with full history, so count-back systems never
stop) with each system, five times, and prints the median microseconds per game; then times a
``tdapp score`` batch of the same games through the JSON command in one process.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import sys
import time
from contextlib import redirect_stdout

from tdapp.commands import score as score_command
from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult
from tdapp.core.scoring.formula import FormulaSystem
from tdapp.core.scoring.registry import list_systems


def random_game(rng: random.Random) -> GameResult:
    """A finished game: random centre counts (a solo one time in ten), elimination years and a
    year-by-year history consistent with them."""
    end_year = rng.randint(1906, 1912)
    counts = [0] * 7
    solo = rng.random() < 0.1
    if solo:
        counts[0] = rng.randint(18, 22)
    left = 34 - counts[0]
    for i in range(1 if solo else 0, 7):
        counts[i] = rng.randint(0, min(17, left))
        left -= counts[i]
    order = rng.sample(POWERS, 7)
    centers = dict(zip(order, counts, strict=True))
    eliminated = {p: rng.randint(1903, end_year) for p in POWERS if centers[p] == 0}
    history = {
        year: {
            p: 0 if eliminated.get(p, 9999) <= year else rng.randint(1, 6) for p in POWERS
        }
        for year in range(1901, end_year)
    }
    for counts_of_year in history.values():
        while sum(counts_of_year.values()) > 34:
            big = max(counts_of_year, key=counts_of_year.get)
            counts_of_year[big] -= 1
    return GameResult(
        centers=centers, end_year=end_year, solo=order[0] if solo else None,
        eliminated=eliminated, history=history, selection_order=tuple(rng.sample(POWERS, 7)),
    )


def as_json(system: str, game: GameResult) -> dict:
    return {
        "system": system, "end_year": game.end_year, "solo": game.solo,
        "centers": dict(game.centers), "eliminated": dict(game.eliminated),
        "history": {str(y): dict(c) for y, c in (game.history or {}).items()},
        "selection_order": list(game.selection_order or ()),
    }


def median_seconds(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games, fewer repeats")
    options = parser.parse_args()
    count, repeats = (200, 3) if options.quick else (2000, 5)
    rng = random.Random(2026)
    games = [random_game(rng) for _ in range(count)]
    systems = [*list_systems(), FormulaSystem("formula-sos", "Sum of Squares as a formula",
               "if(solo_game, 100 * solo, 100 * centres^2 / sum(centres^2))")]
    print(f"{count} games, median of {repeats} runs, microseconds per game")
    per_game = []
    for system in systems:
        seconds = median_seconds(lambda s=system: [s.score(g) for g in games], repeats)
        per_game.append(seconds / count * 1e6)
        print(f"  {system.name:<30} {per_game[-1]:8.1f}")
    print(f"  median over systems: {statistics.median(per_game):.1f} us/game")

    batch = json.dumps([as_json("haight", g) for g in games])

    def run_batch() -> None:
        sys.stdin = io.StringIO(batch)
        with redirect_stdout(io.StringIO()):
            assert score_command.main(["-"]) == 0

    seconds = median_seconds(run_batch, repeats)
    print(f"tdapp score batch of {count} haight games in process: {seconds * 1000:.1f} ms "
          f"({seconds / count * 1e6:.1f} us/game, JSON in and out included)")
    sys.stdin = sys.__stdin__


if __name__ == "__main__":
    main()
