"""Benchmark: what data safety costs on a full-sized tournament file.

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_store.py [REPEATS]

Builds a tournament of 250 players, 7 rounds of 35 boards with seats and year-by-year centre
counts (about the size of a WDC), then times, each REPEATS times (default 15), and prints medians:
- open: ``open_tournament`` (header check, lock, quick_check, revision check, first connection)
  and ``close_tournament``;
- one edit: one player edited through ``TournamentDb.action`` (audit log, commit with
  synchronous=FULL, which waits for the disk);
- snapshot: ``take_snapshot`` with the backup API (copy, switch to one file, quick_check, fsync);
- import: reading and mapping resources/samples/players-60.csv, and importing it as one action.
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

from tdapp.core.powers import POWERS  # noqa: E402
from tdapp.core.tournament.roster import guess_mapping  # noqa: E402
from tdapp.services import players  # noqa: E402
from tdapp.services.files import close_tournament, open_tournament  # noqa: E402
from tdapp.services.player_import import (  # noqa: E402
    apply_mapping,
    import_players,
    read_player_table,
)
from tdapp.services.snapshots import take_snapshot  # noqa: E402
from tdapp.services.tournaments import TournamentInfo, create_tournament  # noqa: E402
from tdapp.store.models import Board, CenterCount, Round, Seat  # noqa: E402

N_PLAYERS, N_ROUNDS, N_BOARDS = 250, 7, 35


def build(path: Path) -> None:
    db = create_tournament(path, TournamentInfo("Bench Cup", "wdc-2025", N_ROUNDS))
    players.add_players(
        db, [players.PlayerData(f"Player {i:03d}", home_town="Town", country="Country")
             for i in range(N_PLAYERS)], "Import")
    ids = [p.id for p in players.list_players(db)]
    rng = random.Random(1)
    with db.system() as session:
        for round_ in session.query(Round).all():
            round_.status = "finished"
            chosen = rng.sample(ids, N_BOARDS * 7)
            for number in range(N_BOARDS):
                board = Board(round_id=round_.id, number=number + 1, status="scored", end_year=1908)
                session.add(board)
                session.flush()
                for k, power in enumerate(POWERS):
                    session.add(Seat(board_id=board.id, power=power,
                                     player_id=chosen[number * 7 + k], centers=rng.randint(0, 10),
                                     score=rng.random() * 50))
                    for year in range(1901, 1909):
                        session.add(CenterCount(board_id=board.id, year=year, power=power,
                                                centers=rng.randint(0, 10)))
    db.close()


def median_ms(action: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: list[str]) -> None:
    repeats = int(argv[0]) if argv else 15
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.tdt"
        build(path)
        print(f"file: {path.stat().st_size / 1024:.0f} KiB "
              f"({N_PLAYERS} players, {N_ROUNDS} rounds x {N_BOARDS} boards)")
        print(f"open + close:     {median_ms(lambda: close_tournament(open_tournament(path)), repeats):8.1f} ms")

        db = open_tournament(path)
        first = players.list_players(db)[0]
        counter = iter(range(10**9))

        def edit() -> None:
            row = players.get_player(db, first.id)
            players.update_player(db, first.id, players.PlayerData(f"Edited {next(counter)}"),
                                  row.version)

        print(f"one edit:         {median_ms(edit, repeats):8.1f} ms")
        print(f"snapshot:         {median_ms(lambda: take_snapshot(db, 'bench'), repeats):8.1f} ms")
        sample = ROOT / "resources" / "samples" / "players-60.csv"

        def read_and_map() -> list:
            table = read_player_table(sample)
            return apply_mapping(table, guess_mapping(table.headers))[0]

        print(f"read+map 60 CSV:  {median_ms(read_and_map, repeats):8.1f} ms")
        found = read_and_map()
        print(f"import 60:        {median_ms(lambda: import_players(db, found), repeats):8.1f} ms")
        close_tournament(db)


if __name__ == "__main__":
    main(sys.argv[1:])
