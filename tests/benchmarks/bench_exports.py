"""Export speed for a 300-player, 7-round tournament (run by hand).

    python tests/benchmarks/bench_exports.py [--repeat 5]

Two measurements, medians of ``--repeat`` runs:
1. the builders alone on synthetic data of 300 players over 7 rounds (PDF of everything, score
   sheets, certificates, Excel workbook, CSV);
2. end to end from a tournament file: a 301-player WDC 2018 demo with all 5 rounds played
   (gathering the data from SQLite, standings, then the PDF and the workbook).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tdapp.core.powers import POWERS
from tdapp.reports import data as rd
from tdapp.reports.certificates import write_certificates
from tdapp.reports.excel import write_workbook
from tdapp.reports.pdf_export import write_pdf


def synthetic(players: int = 300, rounds: int = 7, seed: int = 1) -> rd.ReportData:
    rng = random.Random(seed)
    names = [f"Player {i:03d} Ødegård" for i in range(players)]
    boards = []
    per_player: dict[str, list[rd.RoundCell]] = {n: [] for n in names}
    for r in range(1, rounds + 1):
        order = names[:]
        rng.shuffle(order)
        for b in range(len(order) // 7):
            seven = order[b * 7:(b + 1) * 7]
            centres = [rng.randint(0, 10) for _ in seven]
            seats = tuple(rd.SeatLine(p, n, c, c * 10.0) for p, n, c in zip(POWERS, seven, centres, strict=True))
            boards.append(rd.BoardSheet(r, b + 1, seats, end_year=1909, end_reason="time",
                                        finished=True))
            for seat in seats:
                per_player[seat.player].append(rd.RoundCell(r, seat.score))
    lines = sorted(((sum(c.score or 0 for c in cells), n, cells)
                    for n, cells in per_player.items()), reverse=True)
    standings = tuple(rd.StandingLine(i + 1, n, "Oslo, Norway", s, tuple(c))
                      for i, (s, n, c) in enumerate(lines))
    awards = tuple(rd.AwardLine(f"Place {i}", (standings[i - 1].player,), "score")
                   for i in range(1, 8))
    return rd.ReportData("Benchmark Open", boards=tuple(boards), standings=standings,
                         standings_through=rounds, awards=awards)


def median_time(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    data = synthetic()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        print("builders on 300 players x 7 rounds (median seconds):")
        for label, action in (
            ("PDF, everything", lambda: write_pdf(data, out / "all.pdf")),
            ("PDF, score sheets", lambda: write_pdf(data, out / "s.pdf", "score-sheets")),
            ("PDF, certificates", lambda: write_certificates(data, out / "c.pdf")),
            ("Excel workbook", lambda: write_workbook(data, out / "w.xlsx")),
        ):
            print(f"  {label:<20} {median_time(action, args.repeat):.2f}")
        from tdapp.commands.demo import write_demo
        from tdapp.services import exports
        from tdapp.store.files import open_tournament_file

        demo = write_demo(out / "demo.tdt", players=301, format_name="wdc-2018", rounds_played=5)
        db = open_tournament_file(demo)
        try:
            print("end to end from a 301-player, 5-round tournament file:")
            for label, action in (
                ("gather data", lambda: exports.report_data(db)),
                ("PDF, everything", lambda: exports.export_pdf(db, out / "e.pdf")),
                ("Excel workbook", lambda: exports.export_workbook(db, out / "e.xlsx")),
            ):
                print(f"  {label:<20} {median_time(action, args.repeat):.2f}")
        finally:
            db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
