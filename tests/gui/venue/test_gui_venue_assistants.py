"""File › Assistants and their boards… on a real PostgreSQL venue server, offscreen: the TD adds
an assistant's login from the dialog and gives it board 2; the server itself then lets that
login save orders on board 2 and refuses board 3. Only the TD's station has the command; the
Tournament page's "At a glance" names the server for a shared tournament.

Issue 16: "assistants (players' roll call marks, order sheets and results of the boards they
are given [...]). Enforced by the database's own grants, not only by hidden menu items."
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from sqlalchemy.engine import make_url
from sqlalchemy.orm import sessionmaker

from tdapp.gui.window.menus import Menu
from tdapp.services import assistants, games
from tdapp.services.changes import ServiceError
from tdapp.services.rounds import all_boards
from tdapp.services.server_info import whereabouts
from tdapp.services.snapshots import take_snapshot
from tdapp.store import venue_server as venue
from tdapp.store.copying import copy_tournament
from tdapp.store.pg import (
    ServerRefused,
    make_server_engine,
    open_server_tournament,
    server_tournament,
)
from tdapp.store.snapshots import snapshot_dir
from tests.gui import screens
from tests.venue_helpers import drop_database, fresh_database_url

pytestmark = pytest.mark.postgres


@pytest.fixture
def shared(venue_server, demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The demo (two rounds of seven boards) in a database of its own on the session's server;
    the TD's URL and the assistants' role's URL."""
    monkeypatch.setenv("TDAPP_VENUE_COPIES", str(tmp_path / "copies"))
    url_td = fresh_database_url(venue_server.url_td, "assist")
    copy_tournament(demo_file, url_td)
    database = make_url(url_td).database
    url_assistant = (make_url(venue_server.url_assistant).set(database=database)
                     .render_as_string(hide_password=False)) if venue_server.url_assistant else ""
    yield url_td, url_assistant
    drop_database(url_td)


def _login() -> str:
    """A login of this test's own: logins belong to the whole server, which tests share."""
    return f"desk_{uuid.uuid4().hex[:8]}"


def _board_ids(db, round_number: int) -> dict[int, int]:
    return {b.number: b.board_id for b in all_boards(db, round_number)}


def _in_play(td, *board_ids: int) -> None:
    """Set-up: these finished demo boards put back in play (no result), so orders are typed."""
    from tdapp.store.models import Board

    with td.system() as session:
        for board_id in board_ids:
            board = session.get(Board, board_id)
            board.status, board.end_year, board.end_reason = "seated", None, None


def test_the_td_gives_board_2_and_the_server_refuses_board_3(main, qtbot, shared,
                                                             dialog_answers) -> None:
    url_td, _ = shared
    assert main.app.open_file(url_td)
    action = main.venue.assistants.action
    assert action.isVisible() and action in main.window.menus.menu(Menu.FILE).actions()
    dialog = main.venue.assistants.open()
    # Boards are given round by round: the picker opens on the latest seated round.
    assert dialog.round.currentText() == "Round 2" and dialog.round.count() == 2
    assert sorted(dialog.board_ticks) == [1, 2, 3, 4, 5, 6, 7]
    assert "Boards are given round by round" in dialog.intro.text()

    login = _login()
    offered = dialog.password.text()
    assert len(offered) == 14 and offered.count("-") == 2  # 'k7m2-p9qx-4hta'
    dialog.login.setText(login)
    dialog.add_button.click()
    assert dialog.problems.isHidden(), dialog.problems.text()
    address = dialog.join_address.text()
    assert address.startswith("postgresql://") and f"{login}:{offered}@" in address
    assert not dialog.qr.pixmap().isNull()
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == address  # to paste into a message or a note
    row = dialog.selected()
    assert row is not None and row.login == login and row.every_board
    assert "every board" in dialog.table.item(dialog.table.currentRow(), 1).text()

    dialog.board_ticks[2].setChecked(True)
    dialog.give_button.click()
    assert dialog.problems.isHidden(), dialog.problems.text()
    assert dialog.selected().boards == (2,)
    assert dialog.table.item(dialog.table.currentRow(), 1).text() == "2"  # no other round
    assert "given board 2 of round 2" in dialog.outcome.text()
    dialog.show()
    qtbot.waitExposed(dialog)
    screens.save(dialog, "venue/assistants-dialog.png")

    # The assistant's laptop joins with the address shown; the server enforces the boards.
    td = main.app.db
    ids = _board_ids(td, 2)
    _in_play(td, ids[2], ids[3])
    desk = open_server_tournament(address)
    try:
        games.start_game(desk, ids[2])
        games.save_orders(desk, ids[2], "AUSTRIA", "A VIE-TRI",
                          games.game_state(desk, ids[2]).current.phase)
        assert "AUSTRIA" in games.game_state(td, ids[2]).current.sheets
        with pytest.raises(ServerRefused, match="not given this board"):
            games.start_game(desk, ids[3])
        games.start_game(td, ids[3])  # the TD may enter every board
        with pytest.raises(ServerRefused, match="not given this board"):
            games.save_orders(desk, ids[3], "AUSTRIA", "A VIE-TRI",
                              games.game_state(desk, ids[3]).current.phase)
        assert "AUSTRIA" not in games.game_state(td, ids[3]).current.sheets
    finally:
        desk.close()

    # Round 1 picked: none of its boards were given, so this login may enter none of them.
    dialog.round.setCurrentIndex(0)
    dialog.table.selectRow(0 if dialog.rows[0].login == login else
                           [r.login for r in dialog.rows].index(login))
    assert dialog.selected().boards == ()
    assert "none of round 1" in dialog.table.item(dialog.table.currentRow(), 1).text()
    assert not any(tick.isChecked() for tick in dialog.board_ticks.values())

    # Removed: the laptop can no longer log in.
    dialog.remove_button.click()
    assert dialog_answers.shown[-1][1] == "Remove an assistant"
    assert login not in [r.login for r in dialog.rows]
    with pytest.raises(Exception, match="refused the password"):
        open_server_tournament(address)


def test_refusals_in_a_tds_words(main, qtbot, shared) -> None:
    url_td, _ = shared
    assert main.app.open_file(url_td)
    dialog = main.venue.assistants.open()
    dialog.login.setText("desk 3")
    dialog.add_button.click()
    assert "'desk 3' has a space: a login is one word" in dialog.problems.text()
    dialog.login.setText("Desk3!")
    dialog.add_button.click()
    assert "cannot be an assistant's login: use lower-case letters" in dialog.problems.text()
    dialog.login.setText("tdapp_td")
    dialog.add_button.click()
    assert "cannot be an assistant's login" in dialog.problems.text()
    dialog.login.setText(_login())
    dialog.password.setText("")
    dialog.add_button.click()
    assert "Type a password for the assistant" in dialog.problems.text()
    dialog.password.setText("short")  # anyone on the venue network may try passwords
    dialog.add_button.click()
    assert "needs at least 10 characters (this one has 5)" in dialog.problems.text()
    dialog.show()
    qtbot.waitExposed(dialog)
    screens.save(dialog, "venue/assistants-refused.png")
    assert [r.login for r in assistants.list_assistants(main.app.db, 2)
            if r.login.startswith("desk 3")] == []  # nothing was added

    login = _login()
    assistants.add_assistant(main.app.db, login, "pw-one-long")
    with pytest.raises(ServiceError, match="Round 2 has no board 99: nothing was given."):
        assistants.give_boards(main.app.db, login, 2, [1, 99])
    assert next(r for r in assistants.list_assistants(main.app.db, 2)
                if r.login == login).every_board  # board 1 was not given either
    with pytest.raises(ServiceError, match="There is no round 9|Round 9 has no boards yet"):
        assistants.give_boards(main.app.db, login, 9, [1])
    assistants.remove_assistant(main.app.db, login)


def test_an_unreachable_server_is_said_in_words(main, qtbot, shared) -> None:
    url_td, _ = shared
    dead = make_url(url_td).set(port=venue.free_port()).render_as_string(hide_password=False)
    db = server_tournament(dead, make_server_engine(dead))
    try:
        assert not assistants.manages_assistants(db)
        with pytest.raises(ServiceError, match="cannot be reached: is it started"):
            assistants.add_assistant(db, _login(), "pw-long-enough")
    finally:
        db.close()
    # In the dialog: the server goes away while it is open (its address now answers nothing).
    assert main.app.open_file(url_td)
    dialog = main.venue.assistants.open()
    main.app.db.engine.dispose()
    main.app.db.engine = make_server_engine(dead)
    # The TD's changes are actions (audit log, notices): their sessions go there too.
    main.app.db._sessions = sessionmaker(main.app.db.engine, expire_on_commit=False)
    dialog.login.setText(_login())
    dialog.add_button.click()
    assert "cannot be reached: is it started, and is this laptop on the venue network?" in \
        dialog.problems.text()
    assert dialog.join_box.isHidden()  # nothing to join with: nothing was added


def test_only_the_tds_station_has_the_command(main, qtbot, shared, filled_file) -> None:
    url_td, url_assistant = shared
    action = main.venue.assistants.action
    assert main.files.open_path(filled_file)
    assert not action.isVisible()  # a .tdt file has no logins
    if url_assistant:
        assert main.app.open_file(url_assistant)
        assert not action.isVisible()
        with pytest.raises(ServiceError, match="Only the TD's role may add assistants"):
            assistants.add_assistant(main.app.db, _login(), "pw-long-enough")
    assert main.app.open_file(url_td)
    assert action.isVisible()


def test_at_a_glance_names_the_server_and_the_copies(main, qtbot, shared,
                                                     tmp_path: Path) -> None:
    url_td, _ = shared
    assert main.app.open_file(url_td)
    main.window.show_page("Tournament")
    page = main.window.tournament_page
    parsed = make_url(url_td)
    assert page.file_caption.text() == "Server:"
    text = page.file_label.text()
    assert text.startswith(f"Venue server {parsed.host}:{parsed.port}/{parsed.database}, "
                           "as the TD's role (tdapp_td)")
    assert str(snapshot_dir(main.app.db.path)) in text and "none yet" in text
    assert str(tmp_path / "copies") in text
    qtbot.wait(100)  # the summary's layout follows its new text
    screens.save(main.window, "venue/at-a-glance-server.png")
    kept = take_snapshot(main.app.db, "end of round 2", 2)  # what a round's end does
    assert f"Latest copy on this laptop: {kept.path}" in whereabouts(main.app.db).describe()
    main.app.close_file()


def test_a_new_round_seated_waits_for_its_boards(main, qtbot, shared) -> None:
    """Boards are given round by round: round 2's boards say nothing about round 3. Once round
    3 is seated the TD is told who may enter none of it, and the dialog opens on round 3."""
    from tdapp.services import players, rounds
    from tests.round_helpers import seat_round

    url_td, _ = shared
    assert main.app.open_file(url_td)
    td = main.app.db
    login, password = _login(), "pw-round-three"
    assistants.add_assistant(td, login, password)
    assistants.give_boards(td, login, 2, [1])
    ids = [p.id for p in players.list_players(td) if not p.withdrawn][:49]
    plans = seat_round(ids, rounds.seating_history(td, 3), seed=3)
    assert main.app.call(rounds.save_board_call, 3, plans) is not None
    message = main.window.statusBar().currentMessage()
    assert f"Round 3 is seated: {login} had boards of earlier rounds only and may enter no " \
           "board of round 3 until you give them some" in message

    desk = open_server_tournament(assistants.join_address(td, login, password))
    try:
        third = _board_ids(td, 3)
        with pytest.raises(ServerRefused, match="not given this board"):
            games.start_game(desk, third[1])
        dialog = main.venue.assistants.open()
        assert dialog.round.currentText() == "Round 3"
        dialog.table.selectRow([r.login for r in dialog.rows].index(login))
        assert "none of round 3" in dialog.table.item(dialog.table.currentRow(), 1).text()
        dialog.board_ticks[4].setChecked(True)
        dialog.give_button.click()
        assert dialog.selected().boards == (4,)
        dialog.show()
        qtbot.waitExposed(dialog)
        screens.save(dialog, "venue/assistants-round-3.png")
        games.start_game(desk, third[4])  # round 3's board given: entered
        assert assistants.waiting_for_boards(td) == ""
        assert assistants.my_boards(desk) == "Boards given to this login: round 2: 1; round 3: 4"
    finally:
        desk.close()
    # This window joins as the assistant: At a glance says which boards it was given.
    dialog.close()
    assert main.app.open_file(assistants.join_address(td, login, password))
    assert not main.venue.assistants.action.isVisible()
    main.window.show_page("Tournament")
    shown = main.window.tournament_page.file_label.text()
    assert f"as assistant '{login}'\n" in shown and f"({login})" not in shown
    assert shown.endswith("Boards given to this login: round 2: 1; round 3: 4")
    qtbot.wait(100)
    screens.save(main.window, "venue/at-a-glance-assistant.png")
    main.app.close_file()
    td = open_server_tournament(url_td)
    try:
        assistants.remove_assistant(td, login)
    finally:
        td.close()


def test_logins_and_boards_in_the_history_with_undo_and_another_station_heard(
        main, qtbot, shared, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 item 13: "assistants' logins and boards are missing from the audit log and
    Undo, and the Assistants dialog does not refresh when another TD station changes them"."""
    from tdapp.services import history
    from tdapp.services.live import announced

    url_td, _ = shared
    main.window.show()
    assert main.app.open_file(url_td)
    td = main.app.db
    dialog = main.venue.assistants.open()
    dialog.show()
    qtbot.waitUntil(lambda: main.venue.watcher is not None and main.venue.watcher.connected,
                    timeout=10000)
    # Another TD station (the same TD's role, another laptop) adds a login and gives it boards:
    # the open dialog here rereads without the TD touching it.
    monkeypatch.setenv("TDAPP_STATION", "td-spare")
    other = open_server_tournament(url_td)
    other.who = "bob on td-spare"
    login = _login()
    try:
        announced(other, lambda: assistants.add_assistant(other, login, "pw-from-the-spare"))
        qtbot.waitUntil(lambda: login in [r.login for r in dialog.rows], timeout=10000)
        announced(other, lambda: assistants.give_boards(other, login, 2, [1, 3]))
        qtbot.waitUntil(lambda: any(r.login == login and r.boards == (1, 3)
                                    for r in dialog.rows), timeout=10000)
    finally:
        other.close()

    # The History says who and when; this station's own change goes there too.
    actions = history.list_actions(td, 10)
    assert [(a.what, a.who) for a in actions[:2]] == [
        (f"{login} given boards 1, 3 of round 2", "bob on td-spare"),
        (f"Assistant {login} added", "bob on td-spare")]
    assert history.action_details(td, actions[0].action_id)[0]["after"]["board_ids"] == \
        [_board_ids(td, 2)[1], _board_ids(td, 2)[3]]
    dialog.table.selectRow([r.login for r in dialog.rows].index(login))
    dialog.board_ticks[1].setChecked(False)
    dialog.give_button.click()
    assert dialog.problems.isHidden(), dialog.problems.text()
    assert dialog.selected().boards == (3,)
    mine = history.list_actions(td, 1)[0]
    assert mine.what == f"{login} given board 3 of round 2" and mine.who == td.who

    # Undo of "given board 3" gives back boards 1 and 3; the dialog rereads.
    assert history.undo_redo_state(td)[0] == f"{login} given board 3 of round 2"
    main.window.menus.undo_action.trigger()
    qtbot.waitUntil(lambda: any(r.login == login and r.boards == (1, 3)
                                for r in dialog.rows), timeout=5000)
    # The others' actions are theirs to undo (as for every action on a venue server).
    with pytest.raises(ServiceError, match="only they can undo it"):
        history.undo(td)

    # Removing a login is in the History, but Undo does not pretend to bring it back: the
    # password is not kept anywhere.
    assistants.add_assistant(td, login + "x", "pw-for-the-third")
    assert history.undo_redo_state(td)[0] == f"Assistant {login}x added"
    history.undo(td)  # Undo of adding a login removes it
    assert login + "x" not in [r.login for r in assistants.list_assistants(td, 2)]
    with pytest.raises(ServiceError, match="cannot come back by Redo"):
        history.redo(td)
    assistants.remove_assistant(td, login)
    removed = history.list_actions(td, 1)[0]
    assert removed.what == f"Assistant {login} removed" and removed.kind == "note"
    assert history.undo_redo_state(td)[0] != removed.what
    assert "removed" in assistants.__doc__ and "Undo could not bring it back" in " ".join(
        assistants.__doc__.split())
