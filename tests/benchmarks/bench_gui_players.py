"""How long the Players page and the import preview take with a big list (run by hand):

    PYTHONPATH=. QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_gui_players.py

Prints the median of 5 runs of: reading a 2000-line CSV and previewing it under the guessed
mapping (what the import dialog does), and showing 2000 players in the Players table sorted by
name (set_rows + sort through the proxy).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tdapp.gui.players import importing
from tdapp.gui.players.page import PlayersPage
from tdapp.services.players import PlayerRow

LINES = 2000


def _median(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp())
    csv_path = folder / "big.csv"
    rows = ["Name,Home town,Country,Club,E-mail"]
    rows += [f"Player {n:04d},Town {n % 97},Country {n % 31},Club {n % 13},p{n}@example.org"
             for n in range(LINES)]
    csv_path.write_text("\n".join(rows) + "\n", encoding="utf-8")

    def preview() -> None:
        table = importing.read_table(csv_path)
        lines = importing.preview(table, importing.guess(table))
        assert len(lines) == LINES

    page = PlayersPage()
    players = [PlayerRow(f"Player {n:04d}", home_town=f"Town {n % 97}", id=n + 1)
               for n in reversed(range(LINES))]

    def show() -> None:
        page.set_players(players)
        page.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        app.processEvents()
        assert page.proxy.index(0, 0).data() == "Player 0000"

    print(f"read + preview {LINES} CSV lines: median {_median(preview) * 1000:.0f} ms")
    print(f"show {LINES} players sorted:      median {_median(show) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
