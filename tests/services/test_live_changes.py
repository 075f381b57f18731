"""Another station's notice becomes the same change a local edit produces (store.live ->
services.live), so every open view refreshes the same way."""

from __future__ import annotations

from tdapp.services.changes import Change
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


def _do(call: str | None, table: str, row: int, what: str) -> dict:
    notice = {"station": "desk-2", "who": "ann on desk-2", "what": what, "kind": "do",
              "tables": [table], "rows": [[table, row]]}
    return notice if call is None else dict(notice, call=call)


def test_a_service_calls_typed_change_is_broadcast_once_for_all_its_actions() -> None:
    """The actions of one call are held until the call's typed change comes: that change,
    exactly, is what the station broadcasts (the sender's own views got the same)."""
    from tdapp.services.live import NoticeMerger

    merger = NoticeMerger(wait=1.0)
    typed = Change("Draw vote passed, round 3 board 2", games=True, results=True, ids=(7,))
    assert merger.feed(_do("c1", "draw_vote", 4, "Draw vote Spring 1906 passed"), 0.0) == []
    assert merger.feed(_do("c1", "board", 7, "Result of round 3 board 2"), 0.01) == []
    heard = merger.feed({"kind": "change", "call": "c1", "change": typed.to_payload(),
                         "station": "desk-2", "who": "ann on desk-2"}, 0.02)
    assert [h.change for h in heard] == [typed]
    assert heard[0].words == ("Draw vote Spring 1906 passed; Result of round 3 board 2 — "
                              "ann on desk-2")
    assert merger.due(5.0) == [] and merger.next_due() is None


def test_without_a_typed_change_the_tables_still_refresh_the_views() -> None:
    """A change written outside the services (psql, a command) refreshes at once by its
    tables; a call whose typed change never comes (its station died between) does so after
    the wait, and a call that failed part way (typed change None) at once."""
    from tdapp.services.live import NoticeMerger

    merger = NoticeMerger(wait=1.0)
    outside = merger.feed(_do(None, "player", 3, "Withdraw Ann"), 0.0)
    assert len(outside) == 1 and outside[0].change.players and not outside[0].change.games
    assert merger.feed(_do("c2", "phase_orders", 9, "Austria orders"), 0.0) == []
    assert merger.due(0.5) == [] and merger.next_due() == 1.0
    late = merger.due(1.0)
    assert len(late) == 1 and late[0].change.games and late[0].change.ids == (9,)
    merger.feed(_do("c3", "roll_call", 5, "Roll call"), 2.0)
    failed = merger.feed({"kind": "change", "call": "c3", "change": None}, 2.1)
    assert len(failed) == 1 and failed[0].change.roll_call


def test_a_call_whose_one_action_carried_its_change_is_broadcast_at_once() -> None:
    """Order sheets, sheet marks and roll call marks declare their change inside their one
    action: its notice carries it, and nothing is held or sent twice."""
    from tdapp.services.live import NoticeMerger

    merger = NoticeMerger(wait=1.0)
    typed = Change("Austria orders for S1901M", games=True, ids=(4,))
    heard = merger.feed(dict(_do("c4", "phase_orders", 9, "Austria orders Spring 1901"),
                             change=typed.to_payload()), 0.0)
    assert [h.change for h in heard] == [typed]
    assert heard[0].words == "Austria orders Spring 1901 — ann on desk-2"
    assert merger.next_due() is None and merger.due(9.0) == []


# -- notices are hints: checked, and merged ------------------------------------------------------
_CALL = "0123456789abcdef0123456789abcdef"


def test_a_malformed_notice_is_named_for_what_is_wrong() -> None:
    """The issue's notice, ``{"station":"x","tables":5}``, killed the listening thread on every
    station; now it is refused with a reason (the feed logs it and goes on)."""
    from tdapp.services.live import notice_problem

    good = {"station": "desk-2", "who": "ann on desk-2", "what": "Roll call", "kind": "do",
            "action_id": 12, "tables": ["roll_call"], "rows": [["roll_call", 5]], "at": 1.5}
    assert notice_problem(good) is None
    assert notice_problem(dict(good, call=_CALL, change=Change("x", games=True).to_payload())) \
        is None
    assert notice_problem({"kind": "change", "call": _CALL, "change": None}) is None
    bad = [
        {"station": "x", "tables": 5},
        {"raw": "not json"},
        dict(good, tables=5),
        dict(good, tables=["player; DROP TABLE"]),
        dict(good, rows=[["seat", "7"]]),
        dict(good, action_id=True),
        dict(good, action_id=-3),
        dict(good, what="x" * 5000),
        dict(good, station=["desk"]),
        dict(good, call="not-a-call"),
        dict(good, change={"description": "x", "kinds": "games"}),
        {"kind": "change", "change": None},
        {"kind": "reload everything"},
        dict(good, at="now"),
    ]
    for notice in bad:
        assert notice_problem(notice), notice
    assert notice_problem([1, 2]) == "not a JSON object"


def test_a_typed_change_for_a_call_never_heard_is_not_broadcast() -> None:
    """Only a call whose action the audit log vouched for may bring its typed change: a forged
    change alone names nothing and is said nowhere."""
    from tdapp.services.live import NoticeMerger

    merger = NoticeMerger(wait=1.0)
    forged = {"kind": "change", "call": _CALL, "station": "x",
              "change": Change("The TD says: go home", results=True).to_payload()}
    assert merger.feed(forged, 0.0) == [] and merger.next_due() is None


def test_a_flood_is_merged_into_a_few_rereads() -> None:
    """300 changes heard within a second are handed to the views at most every
    REREAD_EVERY seconds, merged: every kind and every row they named, nothing twice."""
    from tdapp.services.live import REREAD_EVERY, Coalescer, Heard

    coalescer = Coalescer()
    handed: list[Heard] = []
    for i in range(300):
        now = i / 300
        coalescer.add(Heard(Change(f"change {i}", players=i % 2 == 0, results=i % 2 == 1,
                                   ids=(i,)), f"change {i} — ann"))
        taken = coalescer.take(now)
        if taken is not None:
            handed.append(taken)
    taken = coalescer.take(1.0 + REREAD_EVERY)
    assert taken is not None
    handed.append(taken)
    assert len(handed) <= 1 / REREAD_EVERY + 2
    assert handed[0].change.description == "change 0"  # the first at once, alone
    assert all(h.change.players and h.change.results for h in handed[1:])
    assert sorted(i for h in handed for i in h.change.ids) == list(range(300))
    assert handed[-1].words.endswith("the last: change 299 — ann")
    assert coalescer.take(9.0) is None and coalescer.next_due() is None


def test_a_change_of_every_row_swallows_the_named_rows() -> None:
    """One merged change naming no rows means every row of its kinds: merged with one naming
    rows, the views reread every row (not only the named ones)."""
    from tdapp.services.live import Heard, merge_heard

    merged = merge_heard(Heard(Change("a", results=True, ids=(3,)), "a"),
                         Heard(Change("b", results=True), "b"), 2)
    assert merged.change.ids == () and merged.change.results


def test_a_late_typed_change_of_a_call_heard_already_is_still_broadcast() -> None:
    """A call whose actions were heard and broadcast by their tables (its typed change late)
    still brings its typed change when it comes: the audit log vouched for its actions."""
    from tdapp.services.live import NoticeMerger

    merger = NoticeMerger(wait=1.0)
    assert merger.feed(dict(_do(None, "board", 7, "Vote"), call=_CALL), 0.0) == []
    assert len(merger.due(1.5)) == 1  # by the tables
    typed = Change("Draw vote passed", games=True, results=True, ids=(7,))
    late = merger.feed({"kind": "change", "call": _CALL, "change": typed.to_payload()}, 2.0)
    assert [h.change for h in late] == [typed] and late[0].words == "Vote — ann on desk-2"
