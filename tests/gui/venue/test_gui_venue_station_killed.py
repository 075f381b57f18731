"""A station process keeps what is typed while the network to the venue server is cut, is
killed (SIGKILL), and a new station on the same laptop sends what it kept once the server is
reachable: nothing typed is lost, nothing is sent twice, nothing half-written appears. The
journal is rewritten atomically: a kill in the middle of a write leaves the old journal.

Issue 16: "A station that loses the network says so at once, keeps what was typed, and sends it
when the server is back"; "a station killed with SIGKILL mid-edit (nothing committed is lost,
nothing half-written appears)".
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import make_url

from tdapp.services import games, players, rollcall
from tdapp.services.kept import send
from tdapp.services.live import announced
from tdapp.services.outbox import Outbox
from tdapp.store.copying import copy_tournament
from tdapp.store.models import AuditEntry, DrawVote
from tdapp.store.pg import local_copy_path, open_server_tournament
from tests.venue_helpers import NetworkCut, drop_database, fresh_database_url
from tests.venue_stations import board_in_play

STATION = Path(__file__).with_name("venue_station.py")
ROOT = Path(__file__).resolve().parents[3]


class Station:
    """A station process and the lines it prints (read on a thread, so a wait can time out)."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen([sys.executable, str(STATION), *args], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def expect(self, prefix: str, seconds: float = 60) -> str:
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} from the station; it said: "
                                     f"{self.seen[-15:]}") from None
            self.seen.append(line)
            if line.startswith(prefix):
                return line

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def _env(laptop: Path, settings: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
                TDAPP_STATION="desk-3", TDAPP_VENUE_COPIES=str(laptop),
                TDAPP_SETTINGS_SCOPE="tests", HOME=str(settings.parent))


def _actions(db) -> int:
    with db.read() as session:
        return int(session.scalar(select(func.count(func.distinct(AuditEntry.action_id)))))


@pytest.mark.postgres
def test_a_killed_stations_kept_entries_are_sent_once_by_the_next_station(
        venue_server, demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not venue_server.url_assistant:
        pytest.skip("TDAPP_TEST_PG gives only the TD's URL")
    laptop = tmp_path / "laptop"
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(laptop))
    url = fresh_database_url(venue_server.url_td, "killed")
    copy_tournament(demo_file, url)
    direct = make_url(url)
    network = NetworkCut(str(direct.host), int(direct.port or 5432))
    # The station reaches the server through a network the test can cut.
    station_url = direct.set(host="127.0.0.1", port=network.port).render_as_string(
        hide_password=False)
    db = open_server_tournament(url)
    first = second = None
    try:
        board_id = board_in_play(db, "S1906M")
        player_id = players.list_players(db)[0].id
        before = _actions(db)

        (tmp_path / "home").mkdir()
        env = _env(laptop, tmp_path / "home" / "x")
        first = Station(["keep", station_url, str(board_id), "S1906M", str(player_id),
                         str(tmp_path / "first.ini")], env)
        first.expect("ready")
        network.cut()
        assert first.expect("said:") == "said: Venue server gone"  # at once, in the window
        kept = [int(first.expect("kept ").split()[1]) for _ in range(5)]
        assert kept == [1, 2, 3, 4, 5], "\n".join(first.seen)
        first.expect("all kept")
        first.kill()  # SIGKILL: no goodbye, no last save

        journal = local_copy_path(station_url)
        journal = journal.with_name(journal.name + ".outbox.json")
        outbox = Outbox(station_url, journal)
        assert [e.kind for e in outbox.entries] == ["orders", "orders", "sheet mark",
                                                    "roll call", "draw veto"]
        assert not _temporaries(journal) and outbox.damaged is None
        assert _actions(db) == before  # nothing reached the server while it was gone

        # The kill could have landed right after the first entry reached the server, before
        # the journal was rewritten: send it as send_all does, leaving the journal as it is.
        # The next station must find its receipt and not send it twice.
        sent_first = outbox.entries[0]
        announced(db, lambda: send(db, sent_first), receipt=sent_first.key)
        assert _actions(db) == before + 1

        network.restore()
        second = Station(["send", station_url, str(tmp_path / "second.ini")], env)
        report = json.loads(second.expect("{"))
        second.process.wait(timeout=30)
        assert report["refused"] == [] and report["still_kept"] == 0, report
        assert report["already"] == [report["already"][0]] and \
            report["already"][0].startswith("Austria's orders for Spring 1906 movement")
        assert len(report["sent"]) == 4 and not report["journal"]
        assert not journal.exists() and not _temporaries(journal)

        # Everything typed is on the server, each once.
        assert _actions(db) == before + 5
        state = games.game_state(db, board_id)
        sheets = state.current.sheets
        assert sheets["AUSTRIA"].text == "A Vie-Gal; A Bud-Ser; F Tri-Alb"
        assert sheets["ENGLAND"].text == "F Lon-Nth, F Edi-Nwg, A Lvp-Yor"
        assert sheets["FRANCE"].status == games.NO_ORDERS
        assert {r.player_id: r.status for r in rollcall.roll_call(db, 3)}[player_id] == \
            "standby"
        with db.read() as session:
            vetoes = [tuple(v.vetoed_by) for v in session.scalars(
                select(DrawVote).where(DrawVote.board_id == board_id))]
        assert vetoes == [("GERMANY",)]
    finally:
        for station in (first, second):
            if station is not None:
                station.kill()
        network.close()
        db.close()
        drop_database(url)


def _temporaries(journal: Path) -> list[Path]:
    """The journal's new version being written (tdapp.atomic: a temporary file beside it)."""
    return list(journal.parent.glob(f".{journal.name}.*.part")) if journal.parent.exists() \
        else []


def test_a_kill_in_the_middle_of_a_journal_write_leaves_the_old_journal(tmp_path: Path) -> None:
    """The station is killed while it writes its journal (the new one half on the disk): the
    journal found afterwards is whole, the old one or the new one, and every sheet in it is
    whole; the next run carries on from it."""
    journal = tmp_path / "laptop" / "tournament.tdt.outbox.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    mid_write = 0
    acknowledged = 0
    for _attempt in range(12):
        for left in _temporaries(journal):  # the last kill's: a kill leaves its temporary
            left.unlink()
        station = Station(["journal", str(journal)], env)
        try:
            station.expect("kept", seconds=30)
            # Kill it the moment a new journal is being written (its temporary file exists).
            deadline = time.monotonic() + 10
            while not _temporaries(journal) and time.monotonic() < deadline:
                pass
            os.kill(station.process.pid, signal.SIGKILL)
            station.process.wait(timeout=10)
        finally:
            station.kill()
        while not station.lines.empty():
            line = station.lines.get()
            if line.startswith("kept "):
                acknowledged = max(acknowledged, int(line.split()[1]))
        mid_write += bool(_temporaries(journal))
        outbox = Outbox("postgresql://tdapp_td:x@127.0.0.1:5999/tournament", journal)
        assert outbox.damaged is None  # never a half-written journal
        boards = [entry.args["board_id"] for entry in outbox.entries]
        assert boards == list(range(1, len(boards) + 1))  # in order, none missing
        assert len(boards) >= acknowledged  # every write it finished is there
        assert all(entry.args["text"].startswith(f"sheet {entry.args['board_id']} ") and
                   entry.args["text"].endswith("A Vie-Gal; ") for entry in outbox.entries)
        if mid_write >= 3:
            break
    assert mid_write >= 1, "no kill landed in the middle of a write"
