"""How long the Teams dialog's reads and a team edit take on a WDC 2025 tournament after round 3
(run by hand):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_teams.py [players]

Prints the median of 7 runs of: teams_view (teams, who may join, the pool from the standings,
the format's checks) with four full teams, and add_member + remove_member (one edit each way,
the pool recomputed for the eligibility check).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from tdapp.commands.demo import write_demo
from tdapp.services import teams
from tdapp.store.files import open_tournament_file


def _median(fn, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(players: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_demo(Path(folder) / "bench.tdt", players=players, format_name="wdc-2025",
                          rounds_played=3)
        db = open_tournament_file(path)
        outside = [c for c in teams.teams_view(db).candidates if not c.why_not]
        for n in range(min(4, len(outside) // 7)):
            team_id = teams.create_team(db, f"Team {n + 1}").ids[0]
            for candidate, power in zip(outside[n * 7:(n + 1) * 7], "AEFGIRT", strict=True):
                teams.add_member(db, team_id, candidate.player_id, power)
        spare = teams.create_team(db, "Spare").ids[0]
        free = [c for c in teams.teams_view(db).candidates if not c.why_not and not c.team][0]

        def edit() -> None:
            teams.add_member(db, spare, free.player_id)
            teams.remove_member(db, spare, free.player_id)

        view = _median(lambda: teams.teams_view(db))
        both = _median(edit)
        db.close()
    print(f"{players} players, 3 rounds played: teams_view median {view * 1000:.0f} ms; "
          f"add + remove member median {both * 1000:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 98)
