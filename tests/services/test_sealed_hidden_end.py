"""Issue 17: the hidden end time is sealed in the tournament file.

Seed 001 (WDC 2025): round 4 ends at a secret time between 1:30 and 3:30 pm. The file used to
hold it as plain epoch seconds, one SQL query from anyone with a copy. It is now sealed with a key
kept in the TD's own settings folder; another laptop cannot read it until the TD imports the key
(or sets or draws the time again there), and the program says so in words.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tdapp.cli import main
from tdapp.core.clock import FakeTime
from tdapp.services import clock as clock_service
from tdapp.services import sealed
from tdapp.services.files import open_tournament

START = 1_780_000_000.0
SECRET = START + 3 * 3600 + 17 * 60 + 23.0  # 3h17m23s into the round


@pytest.fixture
def laptop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Switch between laptops: each has its own settings folder (and so its own key)."""
    def use(name: str) -> Path:
        folder = tmp_path / f"{name}-settings"
        monkeypatch.setenv("TDAPP_SETTINGS_DIR", str(folder))
        return folder

    use("td")
    return use


@pytest.fixture
def tournament(demo_file: Path, tmp_path: Path) -> Path:
    path = tmp_path / "round4.tdt"
    shutil.copy(demo_file, path)
    return path


def _set_secret(path: Path) -> None:
    with open_tournament(path) as db:
        clock = clock_service.load_clock(db, 3, FakeTime(START))
        clock.set_hidden_end(SECRET)
        clock_service.save_clock(db, 3, clock)


def _load(path: Path):
    with open_tournament(path) as db:
        return (clock_service.load_clock(db, 3, FakeTime(START)).hidden_end,
                clock_service.hidden_end_notice(db, 3))


def _raw_states(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        return [row[0] or "" for row in connection.execute("SELECT clock_state FROM round")]


def test_the_file_never_holds_the_time_in_plain(laptop, tournament: Path) -> None:
    _set_secret(tournament)
    states = _raw_states(tournament)
    for text in states:
        assert str(int(SECRET)) not in text and repr(SECRET) not in text
    state = json.loads(next(s for s in states if "hidden_end_sealed" in s))
    assert state["hidden_end"] is None and state["hidden_end_sealed"]["sealed"] == 1
    assert str(int(SECRET)).encode() not in tournament.read_bytes()
    assert _load(tournament) == (SECRET, None)  # the TD's laptop reads it back


def test_another_laptop_is_told_what_to_do_and_keeps_the_seal(laptop, tournament: Path,
                                                              tmp_path: Path) -> None:
    _set_secret(tournament)
    key_file = sealed.export_key(tmp_path / "td-key.json")
    laptop("assistant")
    hidden, notice = _load(tournament)
    assert hidden is None
    assert notice is not None and "cannot be read here" in notice and "Import the key" in notice
    assert "set or draw the end time again" in notice
    with open_tournament(tournament) as db:  # the assistant's clock saves many times a minute
        clock = clock_service.load_clock(db, 3, FakeTime(START + 60))
        clock.start()
        clock_service.save_clock(db, 3, clock)
    sealed.import_key(key_file)
    assert _load(tournament) == (SECRET, None)  # the seal survived the other laptop's saves
    laptop("td")
    assert _load(tournament) == (SECRET, None)


def test_clearing_on_another_laptop_drops_the_seal(laptop, tournament: Path) -> None:
    _set_secret(tournament)
    laptop("assistant")
    with open_tournament(tournament) as db:
        clock = clock_service.load_clock(db, 3, FakeTime(START))
        clock.set_hidden_end(START + 7200)  # set again here: sealed with this laptop's key
        clock_service.save_clock(db, 3, clock)
        assert clock_service.hidden_end_notice(db, 3) is None
        clock.clear_hidden_end()
        clock_service.save_clock(db, 3, clock)
    assert _load(tournament) == (None, None)
    assert not any("hidden_end_sealed" in s for s in _raw_states(tournament))


def test_standings_and_exports_do_not_reveal_it(laptop, tournament: Path, tmp_path: Path) -> None:
    _set_secret(tournament)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["standings", str(tournament)]) == 0
    assert str(int(SECRET)) not in out.getvalue()
    assert main(["export", str(tournament), "--csv", str(tmp_path / "s.csv"),
                 "--xlsx", str(tmp_path / "s.xlsx")]) == 0
    for name in ("s.csv", "s.xlsx"):
        assert str(int(SECRET)).encode() not in (tmp_path / name).read_bytes()


def test_a_seal_is_bound_to_its_key_and_label(laptop) -> None:
    box = sealed.seal({"at": "2026-07-05T15:12:00+02:00"}, "label a")
    assert sealed.unseal(box, "label a") == {"at": "2026-07-05T15:12:00+02:00"}
    with pytest.raises(sealed.SealError):
        sealed.unseal(box, "label b")
    tampered = dict(box, data=box["data"][:-4] + ("AAAA" if box["data"][-4:] != "AAAA"
                                                   else "BBBB"))
    with pytest.raises(sealed.SealError):
        sealed.unseal(tampered, "label a")
    assert (sealed.keyring_path().stat().st_mode & 0o777) == 0o600  # the TD's eyes only
