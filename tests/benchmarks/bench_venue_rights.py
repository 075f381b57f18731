"""Benchmark: what the venue server's rights cost an assistant's result entry.

Run by hand (never part of the test run):

    cd /work/wt-venuerights && .venv/bin/python tests/benchmarks/bench_venue_rights.py [N]

A WDC 2025 demo tournament is copied to a real PostgreSQL venue server started for the run; an
assistant's own login given board 1 enters that board's result N times (``record_result``: the
board, its seven seats, its audit entries), with the rights in place (the old-row triggers on
the board tables and the audit entries' check, store.board_rights and store.audit_rights), then
with those triggers switched off by the TD for comparison, alternating in rounds so that both
see the same server. Reported: the median of each and their ratio.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

TRIGGERS = ["board", "seat"]  # the tables record_result writes (+ the audit log)


def main(rounds: int = 30) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    from tdapp.commands.demo import write_demo
    from tdapp.services.results import BoardResult, record_result
    from tdapp.store import board_rights, venue_server
    from tdapp.store.copying import copy_tournament
    from tdapp.store.pg import open_server_tournament
    from tdapp.store.server_address import libpq_url
    from tdapp.store.server_engine import make_server_engine

    result = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                          "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
    with tempfile.TemporaryDirectory(prefix="bench-rights-") as folder:
        demo = write_demo(Path(folder) / "demo.tdt", players=49, format_name="wdc-2025",
                          rounds_played=2)
        data = Path(folder) / "server"
        status = venue_server.start(data, venue_server.free_port(), "127.0.0.1")
        try:
            copy_tournament(demo, status.url_td)
            board_rights.add_assistant(data, "desk_bench", "desk-bench-password")
            engine = make_server_engine(status.url_td)
            with engine.begin() as connection:
                board_rights.give_boards(connection, "desk_bench", [1])
            engine.dispose()
            url = make_url(status.url_td).set(username="desk_bench",
                                              password="desk-bench-password")
            desk = open_server_tournament(url.render_as_string(hide_password=False))
            td = psycopg.connect(libpq_url(status.url_td), autocommit=True)

            def switch(on: bool) -> None:
                verb = "ENABLE" if on else "DISABLE"
                for table in TRIGGERS:
                    td.execute(f"ALTER TABLE {table} {verb} TRIGGER tdapp_{table}_old_given")
                td.execute(f"ALTER TABLE audit_entry {verb} TRIGGER tdapp_audit_who")

            timings: dict[bool, list[float]] = {True: [], False: []}
            record_result(desk, 1, result)  # warm: the first entry's one-off costs
            for _ in range(rounds):
                for on in (True, False):
                    switch(on)
                    start = time.perf_counter()
                    record_result(desk, 1, result)
                    timings[on].append(time.perf_counter() - start)
            switch(True)
            desk.close()
            td.close()
        finally:
            venue_server.stop(data)
    with_rights = statistics.median(timings[True]) * 1000
    without = statistics.median(timings[False]) * 1000
    print(f"record_result by an assistant's login, {rounds} each, medians:")
    print(f"  rights in place (old-row and audit triggers): {with_rights:.1f} ms")
    print(f"  triggers off (row-level policies only):       {without:.1f} ms")
    print(f"  ratio: {with_rights / without:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
