"""What phones wrote reaches the TD's views, whichever program served the page.

Issue 25: a player may "Check in for the next round (shown live in the roll call; the TD keeps
the last word)" and "Confirm or dispute their board's result once it is entered; the TD sees
each board's confirmations". Served inside the program, a phone's write is an action on the
page's own handle, told to the GUI at once (a queued signal) and broadcast as a Change. Served
by ``tdapp web FILE.tdt`` in another process, the program notices the other program's commit
(SQLite's data_version, about once a second) and broadcasts the Change the audit rows name.
Either way the roll call's "Checked in" column and the results' "Players' answers" follow
without reopening the file.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from PySide6.QtCore import Qt

from tdapp.gui.common.table_model import ROW_ROLE
from tdapp.gui.results.boards_panel import ANSWERS_COLUMN
from tdapp.services import players as player_service
from tdapp.services.announcements import announce
from tdapp.services.changes import Change
from tdapp.services.checkins import check_in, check_in_round, check_ins
from tests.gui.room.helpers import checked_in, free_port

# What `tdapp web FILE.tdt` does when a phone checks in and when the TD renames a player from
# a command: services on the file, opened as the page opens it (no lock), in another process.
OTHER_PROGRAM = """
import sys
from pathlib import Path
from tdapp.services import players
from tdapp.services.checkins import check_in, check_in_round
from tdapp.web.serve import as_page
from tdapp.web.source import open_live
source = open_live(sys.argv[1])
as_page(source.db, in_program=False)  # as `tdapp web` names its handle
db = source.db
first = players.list_players(db)[0]
check_in(db, first.id, check_in_round(db))
data = players.PlayerData(**{k: getattr(first, k) for k in players.PlayerData.__dataclass_fields__})
players.update_player(db, first.id, data.__class__(**{**data.__dict__, "name": "Ann Phoned"}),
                      first.version)
source.close()
"""


def _record(main) -> list[Change]:  # noqa: ANN001 - the GUI's fixture
    heard: list[Change] = []
    main.app.changed.connect(heard.append)
    return heard


def test_a_check_in_on_the_page_served_here_reaches_the_views_once(
        main, qtbot, filled_file: Path) -> None:
    assert main.app.open_file(filled_file)
    main.window.menus.players_page_action.trigger()
    dialog = main.room.dialog
    dialog.port.setValue(free_port())
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    server = main.room.server
    assert server is not None
    main.window.show_page("Rounds")
    assert checked_in(main, "Ann Smith") == ""
    heard = _record(main)
    ann = next(p for p in main.app.read(player_service.list_players) if p.name == "Ann Smith")
    number = main.app.read(check_in_round)
    # The page's request handler runs on a thread of the server, with the page's own handle.
    phone = threading.Thread(target=check_in, args=(server.db, ann.id, number))
    phone.start()
    phone.join(5)
    qtbot.waitUntil(lambda: any(c.room for c in heard), timeout=3000)
    change = next(c for c in heard if c.room)
    assert change.roll_call and ann.id in change.ids
    said = main.window.statusBar().currentMessage()
    assert said.startswith("Ann Smith checked in for round 1"), said
    if not server.db.on_server:  # on a venue server the login names the writer
        assert said.endswith("— players' page"), said
    assert ann.id in main.app.read(check_ins, number)
    assert checked_in(main, "Ann Smith").startswith("✓ phone "), "the roll call shows it"
    qtbot.wait(2500)  # the file watch looks twice meanwhile: it knows this one was told
    assert len([c for c in heard if c.room]) == 1, "told once, not again by the file watch"


def test_the_programs_own_change_is_not_heard_again(main, qtbot, filled_file: Path) -> None:
    assert main.app.open_file(filled_file)
    heard = _record(main)
    assert main.app.call(announce, "Lunch is at one") is not None
    qtbot.wait(2500)
    assert len([c for c in heard if c.room]) == 1, "its own broadcast only"


def test_another_programs_writes_to_the_file_reach_the_views(
        main, qtbot, filled_file: Path) -> None:
    assert main.app.open_file(filled_file)
    main.window.show_page("Rounds")
    assert checked_in(main, "Ann Smith") == ""
    page = main.window.players_page  # the Players page, open on the table
    assert "Ann Smith" in [row.name for row in page.model.rows()]
    heard = _record(main)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", OTHER_PROGRAM, str(filled_file)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    qtbot.waitUntil(lambda: "Ann Phoned" in [row.name for row in page.model.rows()],
                    timeout=5000)
    assert time.monotonic() - started < 20
    # The check-in (roll call and room) and the new name (the players' views), merged or not.
    qtbot.waitUntil(lambda: any(c.room and c.roll_call for c in heard)
                    and any(c.players for c in heard), timeout=5000)
    assert "Ann Phoned" in main.window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: checked_in(main, "Ann Phoned").startswith("✓ phone "),
                    timeout=3000)  # the roll call, without reopening


# A phone disputes its board's result, the page served by another process.
DISPUTE = """
import sys
from tdapp.services.result_responses import respond_to_result
from tdapp.services.rounds import all_boards
from tdapp.web.serve import as_page
from tdapp.web.source import open_live
source = open_live(sys.argv[1])
as_page(source.db, in_program=False)
board = next(b for b in all_boards(source.db, 2) if b.number == 1)
seat = board.seats[2]
respond_to_result(source.db, seat.player_id, board.board_id, "dispute", "Italy had 5")
print(seat.player_name)
source.close()
"""


def test_a_dispute_sent_to_a_page_served_beside_marks_the_results_at_once(
        main, qtbot, demo_file: Path, tmp_path: Path) -> None:
    path = Path(shutil.copy(demo_file, tmp_path / "demo.tdt"))
    assert main.files.open_path(path)
    main.window.show_page("Standings")
    page = main.window.pages["Standings"]
    page.tabs.setCurrentWidget(page.results_panel)
    panel = page.results_panel
    panel.round_box.setCurrentIndex(panel.round_box.findData(2))

    def answers(number: int) -> str:
        for row in range(panel.proxy.rowCount()):
            if panel.proxy.index(row, 0).data(ROW_ROLE).number == number:
                return str(panel.proxy.index(row, ANSWERS_COLUMN).data())
        raise AssertionError(f"no board {number}")

    assert answers(1) == "0 of 7 confirmed"
    done = subprocess.run([sys.executable, "-c", DISPUTE, str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    disputer = done.stdout.strip().splitlines()[-1]
    qtbot.waitUntil(lambda: answers(1) == f"⚠ DISPUTED by {disputer}", timeout=5000)
    assert panel.disputes.text().startswith(f"Board 1 disputed by {disputer} at ")
