"""Where a tournament lives, in words: a file is its path; a shared tournament is its server,
database and role, and where this laptop keeps its copies (no server needed to say so)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.services.server_info import role_words, whereabouts
from tdapp.store.database import TournamentDb
from tdapp.store.pg import make_server_engine, server_tournament


def test_a_file_is_its_path(tmp_path: Path) -> None:
    from tdapp.services.tournaments import TournamentInfo, create_tournament

    db = create_tournament(tmp_path / "cup.tdt", TournamentInfo("Cup", "wdc-2025", 4))
    try:
        where = whereabouts(db)
        assert where.server == "" and where.describe() == str(tmp_path / "cup.tdt")
    finally:
        db.close()


def _on(url: str, copies: Path, monkeypatch: pytest.MonkeyPatch) -> TournamentDb:
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(copies))
    return server_tournament(url, make_server_engine(url))  # no connection is made


def test_a_shared_tournament_names_server_role_and_copies(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    db = _on("postgresql://tdapp_td:secret@192.168.1.20:5433/wdc", tmp_path, monkeypatch)
    try:
        words = whereabouts(db).describe()
    finally:
        db.close()
    assert words.splitlines() == [
        "Venue server 192.168.1.20:5433/wdc, as the TD's role (tdapp_td)",
        f"Copies on this laptop (at each round's end): {tmp_path / 'wdc@192.168.1.20-5433 snapshots'}"
        " — none yet"]
    assert "secret" not in words


def test_an_assistant_is_told_the_copies_are_the_tds(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = _on("postgresql://desk3:pw@10.0.0.2:5432/tournament", tmp_path, monkeypatch)
    try:
        words = whereabouts(db).describe()
    finally:
        db.close()
    assert words.startswith("Venue server 10.0.0.2:5432/tournament, as assistant 'desk3'")
    assert "the TD's laptop keeps one at each round's end" in words
    assert role_words("tdapp_assistant") == "the assistants' role"
