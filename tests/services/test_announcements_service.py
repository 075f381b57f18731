"""The TD's announcements on every phone (issue 25): "the TD's announcements"; "every name
escaped": a text stays plain data. On both engines (TDAPP_TEST_ENGINE=postgres)."""

from __future__ import annotations

import pytest

from tdapp.services import announcements, history
from tdapp.services.changes import ServiceError

HOSTILE = "<img src=x onerror=alert(1)> Round 3 at 14:00"


def test_announcements_newest_first_as_typed(demo_db) -> None:
    first = announcements.announce(demo_db, "Lunch is at 13:00.")
    second = announcements.announce(demo_db, HOSTILE)
    assert first.room and second.room
    shown = announcements.announcements(demo_db)
    assert [a.text for a in shown] == [HOSTILE, "Lunch is at 13:00."]  # plain text, unchanged
    assert [a.id for a in shown] == [second.ids[0], first.ids[0]]
    assert shown[0].at >= shown[1].at


def test_typed_text_is_made_safe(demo_db) -> None:
    announcements.announce(demo_db, "  Board\u200b 5\u202e moves\r\nto room B  ")
    assert announcements.announcements(demo_db)[0].text == "Board 5 moves\nto room B"


def test_an_announcement_has_at_most_500_characters(demo_db) -> None:
    announcements.announce(demo_db, "x" * 500)
    with pytest.raises(ServiceError, match="An announcement.*500"):
        announcements.announce(demo_db, "y" * 501)
    with pytest.raises(ServiceError, match="An announcement needs some text"):
        announcements.announce(demo_db, " \u200b\n ")
    assert [a.text for a in announcements.announcements(demo_db)] == ["x" * 500]


def test_withdrawn_announcements_leave_the_pages_and_undo_brings_them_back(demo_db) -> None:
    kept = announcements.announce(demo_db, "Kept").ids[0]
    gone = announcements.announce(demo_db, "Parking is full").ids[0]
    change = announcements.withdraw_announcement(demo_db, gone)
    assert change.room
    assert [a.id for a in announcements.announcements(demo_db)] == [kept]
    assert history.undo_redo_state(demo_db)[0] == (
        "Announcement \u201cParking is full\u201d withdrawn")
    actions = len(history.list_actions(demo_db))
    assert not announcements.withdraw_announcement(demo_db, gone).history  # twice: nothing
    assert len(history.list_actions(demo_db)) == actions
    history.undo(demo_db)
    assert [a.id for a in announcements.announcements(demo_db)] == [gone, kept]
    history.undo(demo_db)
    assert [a.id for a in announcements.announcements(demo_db)] == [kept]
    with pytest.raises(ServiceError, match="no longer exists"):
        announcements.withdraw_announcement(demo_db, gone)


def test_history_quotes_a_long_announcement_short(demo_db) -> None:
    announcements.announce(demo_db, "The bar closes at midnight and the last round starts "
                                    "at nine tomorrow morning sharp")
    what = history.undo_redo_state(demo_db)[0] or ""
    assert what.startswith("Announcement \u201cThe bar closes") and what.endswith("\u2026\u201d")
    assert len(what) < 60
