"""Another program's commits to the open .tdt, seen by this one (services/file_watch.py):
SQLite's data_version moves, the audit rows since say what; this program's own actions, and
those of a handle that told the GUI itself (the page served here), are not heard again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.services.announcements import announce
from tdapp.services.file_watch import FileFeed, heard_of_actions
from tdapp.services.players import PlayerData, add_player
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb, make_engine

pytestmark = pytest.mark.sqlite_only("SQLite's data_version: a venue server is heard by its notices")


@pytest.fixture
def program(tmp_path: Path):  # noqa: ANN201 - the program's own handle, with its lock
    db = create_tournament(tmp_path / "open.tdt", TournamentInfo("Open", "wdc-2025", 4))
    yield db
    db.close()


def _beside(db: TournamentDb) -> TournamentDb:
    """Another program's handle on the same file (as `tdapp web` opens it: no lock)."""
    return TournamentDb(db.path, make_engine(db.path))


def test_another_programs_commit_is_heard_with_its_tables_and_words(program) -> None:  # noqa: ANN001
    feed = FileFeed(program)
    other = _beside(program)
    try:
        assert feed.poll() is None, "nothing yet"
        add_player(other, PlayerData("Ann Smith", "Leeds", "UK"))
        heard = feed.poll()
        assert heard is not None and heard.change.players and heard.change.standings
        assert "Ann Smith" in heard.words
        assert feed.poll() is None, "heard once"
        announce(other, "Lunch at one")
        announce(other, "Round 2 at two")
        both = feed.poll()
        assert both is not None and both.change.room
        assert both.words.startswith("2 changes by another program; the last: Announcement")
    finally:
        other.close()
        feed.close()


def test_this_programs_own_commits_are_not_heard_again(program) -> None:  # noqa: ANN001
    feed = FileFeed(program)
    try:
        add_player(program, PlayerData("Bob Jones", "Paris", "France"))
        assert feed.poll() is None
    finally:
        feed.close()


def test_a_handle_that_told_the_gui_itself_is_skipped(program) -> None:  # noqa: ANN001
    feed = FileFeed(program)
    page = _beside(program)
    told: list[int] = []
    page.on_action = told.append
    feed.told = [page]
    try:
        announce(page, "Seen at once")
        assert len(told) == 1
        assert feed.poll() is None
        heard = heard_of_actions(program, told, "a phone")
        assert heard is not None and heard.change.room and "Seen at once" in heard.words
    finally:
        page.close()
        feed.close()


def test_this_programs_undo_and_redo_are_not_heard_again(program) -> None:  # noqa: ANN001
    from tdapp.services.history import redo, undo

    add_player(program, PlayerData("Carla Rossi", "Milan", "Italy"))
    feed = FileFeed(program)
    try:
        undo(program)
        assert feed.poll() is None
        redo(program)
        assert feed.poll() is None
    finally:
        feed.close()
