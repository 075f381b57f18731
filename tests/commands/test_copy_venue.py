"""``tdapp copy`` between a file and a venue server, and ``tdapp standings``/``export`` on a URL
(CONTRACTS.md: "Afterwards `tdapp standings` of source and destination print the same JSON
(player ids included: a copy keeps every row's id), and `tdapp export` the same documents.")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import openpyxl
import pytest
from sqlalchemy.engine import make_url

pytestmark = pytest.mark.postgres


def _tdapp(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    return subprocess.run([sys.executable, "-m", "tdapp", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def _fresh_url(venue_server, name: str = "copy") -> str:
    url = make_url(venue_server.url_td).set(database=f"{name}_{uuid.uuid4().hex[:10]}")
    return url.render_as_string(hide_password=False).replace("postgresql+psycopg", "postgresql")


def _sheet_rows(path: Path) -> list[tuple]:
    book = openpyxl.load_workbook(path, read_only=True)
    return [row for row in book["Standings"].iter_rows(values_only=True)]


def test_file_to_server_to_file_keeps_standings_and_exports(venue_server, tmp_path: Path) -> None:
    source = tmp_path / "x.tdt"
    assert _tdapp("demo", "--out", str(source), "--rounds-played", "2").returncode == 0
    url = _fresh_url(venue_server)
    to_server = _tdapp("copy", str(source), url)
    assert to_server.returncode == 0, to_server.stderr
    report = json.loads(to_server.stdout)
    assert report["rows"]["player"] > 0 and report["rows"]["audit_entry"] > 0
    assert "***" in report["destination"]  # the password is not printed
    back = tmp_path / "y.tdt"
    to_file = _tdapp("copy", url, str(back))
    assert to_file.returncode == 0, to_file.stderr

    standings = [_tdapp("standings", str(where)) for where in (source, url, back)]
    assert all(s.returncode == 0 for s in standings), [s.stderr for s in standings]
    assert standings[0].stdout == standings[1].stdout == standings[2].stdout
    assert json.loads(standings[1].stdout)["standings"][0]["player_id"]

    books = []
    for index, where in enumerate((source, url)):
        out = tmp_path / f"book{index}.xlsx"
        done = _tdapp("export", str(where), "--xlsx", str(out))
        assert done.returncode == 0, done.stderr
        books.append(_sheet_rows(out))
    assert books[0] == books[1] and len(books[0]) > 40


def test_a_destination_holding_a_tournament_is_refused_unless_force(
        venue_server, demo_file: Path, tmp_path: Path) -> None:
    url = _fresh_url(venue_server)
    assert _tdapp("copy", str(demo_file), url).returncode == 0
    again = _tdapp("copy", str(demo_file), url)
    assert again.returncode == 2
    assert again.stderr.count("\n") == 1 and "already holds a tournament" in again.stderr
    forced = _tdapp("copy", str(demo_file), url, "--force")
    assert forced.returncode == 0, forced.stderr
    existing = tmp_path / "there.tdt"
    existing.write_bytes(demo_file.read_bytes())
    refused = _tdapp("copy", url, str(existing))
    assert refused.returncode == 2 and "already exists" in refused.stderr
    assert existing.read_bytes() == demo_file.read_bytes()


def test_bad_addresses_are_told_in_words(venue_server, demo_file: Path) -> None:
    url = make_url(_fresh_url(venue_server))
    wrong = url.set(password="not-the-password").render_as_string(hide_password=False)
    refused = _tdapp("copy", str(demo_file), wrong.replace("postgresql+psycopg", "postgresql"))
    assert refused.returncode == 2 and "refused the password" in refused.stderr
    nowhere = _tdapp("standings", "postgresql://tdapp_td:x@127.0.0.1:1/tournament")
    assert nowhere.returncode == 2 and "cannot be reached" in nowhere.stderr
    missing = _tdapp("standings", _fresh_url(venue_server, "missing"))
    assert missing.returncode == 2 and "no tournament database" in missing.stderr
    for result in (refused, nowhere, missing):
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
