"""Another station's notice becomes the same change a local edit produces (store.live ->
services.live), so every open view refreshes the same way."""

from __future__ import annotations

from tdapp.services.live import TABLE_TOPICS, change_from_notice


def _named(change, kind: str) -> bool:
    return bool(getattr(change, kind, False) is True or kind in getattr(change, "topics", ()))


def test_a_notice_names_the_views_its_tables_concern() -> None:
    change = change_from_notice({"what": "Roll call round 3: Ann present", "who": "ann on desk-2",
                                 "tables": ["roll_call"], "rows": [["roll_call", 12]]})
    assert _named(change, "roll_call") and _named(change, "players")
    assert not _named(change, "games")
    assert change.ids == (12,)
    assert "ann on desk-2" in change.description


def test_a_notice_without_tables_refreshes_everything() -> None:
    change = change_from_notice({"what": "Reconnected"})
    for table in TABLE_TOPICS:
        for kind in TABLE_TOPICS[table]:
            assert _named(change, kind), kind
