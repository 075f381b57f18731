"""Benchmark: what one phone's request costs in the players' page services, on a 200-player
tournament (WDC 2025 demo, two rounds played, check-in open for round 3) in a .tdt file.

Run by hand (never part of the test run):

    cd /work/wt-ppdata && .venv/bin/python tests/benchmarks/bench_player_services.py [N]

Timed, interleaved call by call (so a busy machine slows them alike), N calls each:
- ``player_for_code`` (a code typed: normalised, hashed, looked up by its hash);
- ``player_for_code`` with a wrong code (the same work: no shortcut tells a near miss);
- ``player_view`` (a player's own page: boards, result, answer, check-in);
- ``check_in`` twice for one player (a double tap: the first writes unless that player is
  checked in already, the second finds it);
- ``responses_for_round`` (the TD's Enter results page, every board's answers);
- the peer: ``rounds.board_call`` of the same round (what every page already reads).
Prints medians in milliseconds and each against the peer.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.commands.demo import write_demo  # noqa: E402,I001
from tdapp.services import (  # noqa: E402
    checkins,
    player_codes,
    player_view,
    result_responses,
    rounds,
)
from tdapp.store.locations import open_location  # noqa: E402


def main(n: int = 200) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_demo(Path(folder) / "bench.tdt", players=200, format_name="wdc-2025",
                          rounds_played=2)
        db = open_location(path)
        try:
            player_codes.ensure_codes(db)
            codes = player_codes.list_codes(db)
            boards = rounds.board_call(db, 2)
            for board in boards:  # half the players have answered
                for seat in board.seats[:4]:
                    result_responses.respond_to_result(db, seat.player_id, board.board_id,
                                                       "confirm")
            rng = random.Random(25)
            open_round = checkins.check_in_round(db) or 3

            def lookup() -> None:
                player_codes.player_for_code(db, rng.choice(codes).shown.lower())

            def wrong() -> None:
                player_codes.player_for_code(db, "ABCD-EFGH")

            def view() -> None:
                player_view.player_view(db, rng.choice(codes).player_id)

            def double_tap() -> None:
                player_id = rng.choice(codes).player_id
                checkins.check_in(db, player_id, open_round)
                checkins.check_in(db, player_id, open_round)

            calls: dict[str, Callable[[], object]] = {
                "player_for_code": lookup,
                "player_for_code (wrong)": wrong,
                "player_view": view,
                "check_in twice": double_tap,
                "responses_for_round": lambda: result_responses.responses_for_round(db, 2),
                "peer: rounds.board_call": lambda: rounds.board_call(db, 2),
            }
            times: dict[str, list[float]] = {name: [] for name in calls}
            for _ in range(n):
                for name in rng.sample(list(calls), len(calls)):
                    t0 = time.perf_counter()
                    calls[name]()
                    times[name].append(time.perf_counter() - t0)
        finally:
            db.close()
    peer = statistics.median(times["peer: rounds.board_call"])
    print(f"200 players, {len(boards)} boards a round, {n} calls each (medians):")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:28s} {median * 1000:7.2f} ms  ({median / peer:4.2f} x the peer)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
