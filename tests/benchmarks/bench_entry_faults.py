"""Benchmark: what checking a sheet against the board adds to each key press in order entry.

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_entry_faults.py [N]

Every sheet of the two published years (tests/gui/game/published_game.py) is read N times as the
game view reads it on a key press: ``read_sheet`` alone (the reading before the check
existed), then reading plus ``faults.check_sheet`` (the judge's own checks, the void orders'
units). The position is converted for the judge once per phase, as the view does (also timed).
Prints medians and 95th percentiles in microseconds.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.core.board.contract import position_from_contract, position_to_contract  # noqa: E402
from tdapp.core.board.position import Position  # noqa: E402
from tdapp.core.formats import get_format, parse_options_for  # noqa: E402
from tdapp.core.game.play import adjudicate_position  # noqa: E402
from tdapp.core.game.sheets import orderable_units, read_sheet  # noqa: E402
from tdapp.gui.game.faults import check_sheet  # noqa: E402
from tdapp.services import games  # noqa: E402
from tests.gui.game.published_game import GAME  # noqa: E402


def _us(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"median {statistics.median(values) * 1e6:7.1f} us   p95 {p95 * 1e6:7.1f} us"


def main(repeats: int = 50) -> None:
    fmt = get_format("wdc-2025")
    options = parse_options_for(fmt)
    position = position_to_contract(Position.initial())
    reading: list[float] = []
    checked: list[float] = []
    converting: list[float] = []
    for _phase, sheets in GAME:
        start = time.perf_counter()
        board = position_from_contract(position)
        converting.append(time.perf_counter() - start)
        for power, text in sheets.items():
            units = orderable_units(position, power)
            for _ in range(repeats):
                start = time.perf_counter()
                read = read_sheet(text, power, position, options)
                middle = time.perf_counter()
                check_sheet(read, power, board, units)
                end = time.perf_counter()
                reading.append(middle - start)
                checked.append(end - start)
        out = adjudicate_position(
            position, {p: games.SheetRow(p, t, games.ENTERED) for p, t in sheets.items()}, fmt)
        position = out["next"]
    print(f"{len(reading)} sheet readings ({repeats} per sheet, {len(GAME)} phases)")
    print(f"read a sheet:                    {_us(reading)}")
    print(f"read and check it (the view):    {_us(checked)}")
    print(f"position for the judge (once per phase): {_us(converting)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
