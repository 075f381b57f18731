"""Everything an assistant types on their boards is kept while the venue server is gone, and
sent once when it is back: order sheets, a sheet's mark, roll call marks, a draw vote, a
proposal vetoed openly, a board's result. What meets a changed board is refused in words;
adjudication is refused while the server is gone, saying the sheets are kept and it waits.

Issue 16: "A station that loses the network says so at once, keeps what was typed, and sends
it when the server is back"; "Nothing typed is lost".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tdapp.core.powers import POWERS
from tdapp.services import games, players, rollcall
from tdapp.services.kept import KEEPERS
from tdapp.services.outbox import Outbox
from tdapp.services.results import BoardResult, record_result
from tdapp.store.copying import copy_tournament
from tdapp.store.models import AuditEntry, Board, DrawVote
from tdapp.store.pg import ServerRefused, open_server_tournament
from tests.venue_helpers import drop_database, fresh_database_url
from tests.venue_stations import board_in_play, finished_board

GONE = ServerRefused("The venue server at x cannot be reached: is it started, and is this "
                     "laptop on the venue network?")
RESULT = BoardResult({"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 4, "ITALY": 3,
                      "RUSSIA": 2, "TURKEY": 1}, end_year=1908)
SHEET = "A Vie-Gal; A Bud-Ser; F Tri-Alb"


@pytest.fixture
def stations(venue_server, demo_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Two stations on the demo tournament copied to a fresh database of the session's server."""
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    url = fresh_database_url(venue_server.url_td, "kinds")
    copy_tournament(demo_file, url)
    first, second = open_server_tournament(url), open_server_tournament(url)
    first.who, second.who = "ann on desk-1", "bob on desk-2"
    yield first, second
    first.close()
    second.close()
    drop_database(url)


def _keep(outbox: Outbox, service, *args, **kwargs) -> None:
    assert outbox.keep(service, args, kwargs, GONE) is not None


def _actions(db) -> int:
    with db.read() as session:
        return int(session.scalar(select(func.count(func.distinct(AuditEntry.action_id)))))


@pytest.mark.postgres
def test_every_kind_an_assistant_types_is_kept_and_sent_once(stations, tmp_path: Path) -> None:
    first, _second = stations
    board_id = board_in_play(first, "S1906M")
    finished, version = finished_board(first)
    ids = [row.id for row in players.list_players(first)][:3]
    outbox = Outbox(first.url, tmp_path / "kept.outbox.json")
    _keep(outbox, games.save_orders, board_id, "AUSTRIA", SHEET, "S1906M")
    _keep(outbox, games.set_sheet_status, board_id, "ENGLAND", games.NO_ORDERS, None, "S1906M")
    _keep(outbox, rollcall.set_answers, 3, ids[:2], status="present")
    _keep(outbox, rollcall.set_answers, 3, ids[2:], two_boards=True)
    _keep(outbox, games.veto_draw_openly, board_id, ["FRANCE"], "S1906M")
    _keep(outbox, games.hold_draw_vote, board_id, dict.fromkeys(POWERS, False), (), None,
          "S1906M")
    _keep(outbox, record_result, finished, RESULT, expected_version=version)
    assert set(KEEPERS) >= {games.save_orders, games.set_sheet_status, rollcall.set_answers,
                            games.veto_draw_openly, games.hold_draw_vote, record_result}
    kept = [e.what for e in outbox.entries]
    assert kept[1] == "England's sheet marked no orders: every unit holds for Spring 1906 movement"
    assert kept[2] == "round 3 roll call: 2 players present"
    assert kept[4] == "a draw proposal vetoed openly by France for Spring 1906 movement"
    assert "False" not in json.dumps(kept)  # the ballots stay out of the words
    journal_before = outbox.journal.read_text(encoding="utf-8")
    assert [e.key for e in Outbox(first.url, outbox.journal).entries] == \
        [e.key for e in outbox.entries]  # a crash now loses nothing

    before = _actions(first)
    changes = []
    report = outbox.send_all(first, on_change=changes.append, on_refused=pytest.fail)
    assert len(report.sent) == 7 and not report.refused and len(outbox) == 0
    assert not outbox.journal.exists()
    assert _actions(first) - before == 7  # one audited action each
    state = games.game_state(first, board_id)
    assert state.current.sheets["AUSTRIA"].text == SHEET
    assert state.current.sheets["ENGLAND"].status == games.NO_ORDERS
    assert [(v.vetoed_by, v.passed) for v in state.votes] == [(("FRANCE",), False), ((), False)]
    rows = {row.player_id: row for row in rollcall.roll_call(first, 3)}
    assert rows[ids[0]].status == rows[ids[1]].status == "present"
    assert rows[ids[2]].two_boards
    with first.read() as session:
        assert {s.power: s.centers for s in session.get(Board, finished).seats}["AUSTRIA"] == 10
    assert changes[2].roll_call and changes[5].games  # what each service returned

    # The station died after sending, before its journal was rewritten: the old journal is
    # found again, and nothing in it is sent twice (each entry's receipt is on the server).
    outbox.journal.write_text(journal_before, encoding="utf-8")
    again = Outbox(first.url, outbox.journal)
    report = again.send_all(first, on_change=changes.append, on_refused=pytest.fail)
    assert len(report.already) == 7 and not report.sent and not report.refused
    assert "Already on the server" in report.words()
    assert _actions(first) - before == 7 and not again.journal.exists()
    with first.read() as session:
        assert session.scalar(select(func.count(DrawVote.id))
                              .where(DrawVote.board_id == board_id)) == 2


@pytest.mark.postgres
def test_kept_entries_that_meet_a_changed_board_are_refused_in_words(stations,
                                                                     tmp_path: Path) -> None:
    """Someone adjudicated the phase and withdrew a player meanwhile: the kept sheet, vote and
    roll call mark are not written over their work; each is named and the reason given."""
    first, second = stations
    board_id = board_in_play(first, "S1906M")
    withdrawn = players.list_players(first)[0]
    outbox = Outbox(first.url, tmp_path / "kept.outbox.json")
    _keep(outbox, games.save_orders, board_id, "AUSTRIA", SHEET, "S1906M")
    _keep(outbox, games.hold_draw_vote, board_id, dict.fromkeys(POWERS, True), (), None,
          "S1906M")
    _keep(outbox, rollcall.set_answers, 3, [withdrawn.id], status="present")
    games.adjudicate(second, board_id, phase="S1906M")
    players.set_withdrawn(second, withdrawn.id, True)
    refused: list[Exception] = []
    report = outbox.send_all(first, on_change=lambda change: None, on_refused=refused.append)
    assert not report.sent and len(report.refused) == 3 and len(outbox) == 0
    words = report.words()
    assert "Not saved: Austria's orders for Spring 1906 movement (typed " in words
    assert "S1906M is over already (the board is at " in words
    assert "Not saved: a draw vote for Spring 1906 movement" in words
    assert "withdrawn or no longer exists" in words
    state = games.game_state(first, board_id)
    assert not state.finished and not state.votes  # the kept "yes to a draw" ended nothing


def test_adjudication_while_the_server_is_gone_says_the_sheets_are_kept_and_it_waits(
        tmp_path: Path) -> None:
    url = "postgresql://tdapp_td:x@127.0.0.1:5999/tournament"
    outbox = Outbox(url, tmp_path / "kept.outbox.json")
    _keep(outbox, games.save_orders, 1, "AUSTRIA", SHEET, "S1901M")
    words = str(outbox.explain(games.adjudicate, GONE))
    assert words.startswith("The venue server at tournament on 127.0.0.1:5999 cannot be reached, "
                            "so this cannot be done now.")
    assert "Adjudication works from the order sheets on the server, so it waits for the " \
           "server: do it again when the server is back." in words
    assert "Order sheets and other entries typed now are kept on this laptop" in words
    assert "1 entry typed meanwhile is kept on this laptop." in words
    assert "Ending a game" in str(outbox.explain(games.end_game, GONE))
    refusal = ServerRefused("The role you connected with may not do this")
    assert outbox.explain(games.adjudicate, refusal) is refusal  # not the server gone
    assert outbox.keep(games.adjudicate, (1,), {}, GONE) is None  # computed, never kept
