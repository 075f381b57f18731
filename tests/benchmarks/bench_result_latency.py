"""Benchmark: how long a result typed on one station takes to show in another station's real
window (Xvfb), on a real PostgreSQL venue server.

Run by hand (never part of the test run; needs Xvfb and xdotool, and the ``venue`` extra):

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_result_latency.py [RESULTS [TAB]]

The WDC 2025 demo (49 players, two rounds played) is copied to a venue server started for the
run. The TD's station is a real window (``python -m tdapp URL`` on Xvfb) showing Standings ›
TAB ("Enter results", the default, or "Standings"); its probe (tdapp/gui/venue/probe.py) notes
the moment its results table, or its standings table, takes new rows. An assistant's station (this process, as the GUI's operation API calls the service:
``services.live.announced``) records RESULTS corrections of the shown boards, one every 0.6 s.
Reported: from the moment the assistant's save starts to the TD's table showing the new
centres, median and 95th percentile (and the sender's own save, for comparison).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tdapp.commands.demo import write_demo  # noqa: E402
from tdapp.core.powers import POWERS  # noqa: E402
from tdapp.services.live import announced  # noqa: E402
from tdapp.services.results import BoardResult, record_result  # noqa: E402
from tdapp.store import venue_server  # noqa: E402
from tdapp.store.copying import copy_tournament  # noqa: E402
from tdapp.store.pg import open_server_tournament  # noqa: E402
from tests.gui.xvfb_stations import Station, missing_tools, wait, xvfb  # noqa: E402
from tests.venue_helpers import server_folder  # noqa: E402


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def _result(i: int) -> BoardResult:
    centres = [10, 8, 6, 4, 3, 2, 1]
    shift = i % 7
    return BoardResult(dict(zip(POWERS, centres[shift:] + centres[:shift], strict=True)),
                       end_year=1908)


def main(argv: list[str]) -> None:
    count = int(argv[0]) if argv else 20
    tab = argv[1] if len(argv) > 1 else "Enter results"
    if missing_tools():
        sys.exit(f"needs {', '.join(missing_tools())} (apt install xvfb xdotool)")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        demo = write_demo(folder / "demo.tdt", players=49, format_name="wdc-2025",
                          rounds_played=2)
        with server_folder(folder) as data:
            status = venue_server.start(data, venue_server.free_port(), "127.0.0.1")
            try:
                url = status.url_td.rsplit("/", 1)[0] + "/latency"
                copy_tournament(demo, url)
                with xvfb() as display:
                    td = Station("td", url, display, folder, page="Standings", tab=tab)
                    try:
                        run(td, url, count, tab)
                    except BaseException:
                        td.stop()
                        print((folder / "td.log").read_text(errors="replace")[-3000:])
                        raise
                    td.stop()
            finally:
                venue_server.stop(data)


def run(td: Station, url: str, count: int, tab: str) -> None:
    wait("the TD's window on the shared tournament", td.shared, 90)
    shown = wait("the TD's results table", lambda: td.state().get("results"), 30)
    assert isinstance(shown, dict)
    boards = [int(b) for b in shown][:4]
    desk = open_server_tournament(url)
    desk.who, desk.station = "ann on desk-laptop", "desk-laptop"
    time.sleep(2)  # the window settled
    seen: list[float] = []
    saves: list[float] = []
    for i in range(count):
        board = boards[i % len(boards)]
        result = _result(i)
        expected = [result.centers[p] for p in POWERS]
        started = time.time()
        announced(desk, lambda b=board, r=result: record_result(desk, b, r))
        saves.append(time.time() - started)
        if tab == "Standings":  # the first standings computed after the save show it
            at = wait(f"result {i} in the TD's standings", lambda s=started: next(
                (t for t in td.state().get("standings_shown", []) if t > s), None), 10, 0.01)
            assert isinstance(at, float)
            seen.append(at - started)
        else:
            wait(f"result {i} on the TD's window", lambda b=board, e=expected:
                 td.state().get("results", {}).get(str(b)) == e, 10, every=0.01)
            seen.append(td.state()["results_shown_at"] - started)
        time.sleep(0.6)
    desk.close()
    print(f"{count} results, typed on one station, shown on the TD's window (Xvfb), "
          f"Standings › {tab}:")
    print(f"  shown after:  median {statistics.median(seen) * 1000:6.0f} ms, "
          f"p95 {_percentile(seen, 0.95) * 1000:6.0f} ms, max {max(seen) * 1000:6.0f} ms")
    print(f"  the save itself (sender): median {statistics.median(saves) * 1000:6.0f} ms, "
          f"p95 {_percentile(saves, 0.95) * 1000:6.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
