"""The roll call shows who checked in from their phones (issue 25: "Check in for the next round
(shown live in the roll call; the TD keeps the last word)"): a column beside the TD's answers,
refreshed as check-ins come, and a button the TD presses to mark them present. Nothing changes
the roll call by itself."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt

from tdapp.gui.common.table_model import ROW_ROLE
from tdapp.gui.rounds.model import CHECKED_IN_COLUMN, needs_marking, roll_call_model
from tdapp.services import checkins, rollcall
from tdapp.services.checkins import CheckInRow
from tdapp.services.players import list_players
from tdapp.services.rollcall import RollCallRow
from tests.gui import screens


def _open_rounds(main, path: Path):
    assert main.files.open_path(path)
    main.window.show_page("Rounds")
    return main.window.rounds_page


def _column(page, name: str) -> str:
    for row in range(page.proxy.rowCount()):
        if page.proxy.index(row, 0).data(ROW_ROLE).name == name:
            return page.proxy.index(row, CHECKED_IN_COLUMN).data()
    raise AssertionError(f"{name} not in the roll call")


def _statuses(page) -> dict[str, str]:
    return {r.name: r.status for r in page.roll_call.rows()}


def test_phone_check_ins_show_and_the_td_marks_them_present(main, qtbot,
                                                            filled_file: Path) -> None:
    page = _open_rounds(main, filled_file)
    assert page.current_round() == 1
    assert page.checkin_note.text() == "Players can check in for round 1 on the players' page."
    assert not page.mark_checked_in.isEnabled()
    ids = {p.name: p.id for p in main.app.read(list_players, default=[])}
    for name in ("Ann Smith", "Bob Jones", "Carla Rossi"):  # from their phones
        main.app.call(checkins.check_in, ids[name], 1)
    main.app.call(checkins.check_in, ids["Dieter Braun"], 1, "td")  # at the desk
    before = _statuses(page)
    assert set(before.values()) == {"absent"}  # round 1, nobody answered: nothing changed

    assert _column(page, "Ann Smith").startswith("✓ phone ")
    assert _column(page, "Dieter Braun").startswith("✓ at the desk ")
    assert _column(page, "Eve Novak") == ""
    assert page.checkin_note.text() == "4 checked in (3 by phone): 4 not marked present yet."
    assert page.mark_checked_in.text() == "Mark checked-in players present (4)"

    # The TD marks Bob by hand first; the button then counts three.
    main.app.call(rollcall.set_answers, 1, [ids["Bob Jones"]], status="present")
    assert page.mark_checked_in.text() == "Mark checked-in players present (3)"
    qtbot.wait(20)  # the button's new width laid out before the picture
    screens.save(main.window, "rounds/check-ins-before-marking.png")

    qtbot.mouseClick(page.mark_checked_in, Qt.MouseButton.LeftButton)
    after = _statuses(page)
    assert {n for n, s in after.items() if s == "present"} == {
        "Ann Smith", "Bob Jones", "Carla Rossi", "Dieter Braun"}
    assert not page.mark_checked_in.isEnabled()
    assert page.checkin_note.text() == "4 checked in (3 by phone): all marked present."
    assert page.count_label.text().startswith("4 present")
    screens.save(main.window, "rounds/check-ins-marked.png")

    # A check-in taken back shows at once; the TD's "present" stays.
    main.app.call(checkins.cancel_check_in, ids["Ann Smith"], 1)
    assert _column(page, "Ann Smith") == ""
    assert _statuses(page)["Ann Smith"] == "present"

    page.select_round(2)  # no check-in there: check-in is open for round 1 only
    assert _column(page, "Carla Rossi") == ""
    assert page.checkin_note.text() == "Check-in on the players' page is open for round 1."


def _row(status: str, *, limit: str = "", not_called: str = "") -> RollCallRow:
    return RollCallRow(7, "Ann", "", status, False, False, True, False, limit=limit,
                       not_called=not_called)


def test_only_checked_in_players_free_to_play_are_offered_for_marking(qapp) -> None:
    phone = CheckInRow(dt.datetime(2026, 5, 1, 9, 30), "phone")
    assert needs_marking(_row("absent"), phone)
    assert needs_marking(_row("late"), phone)
    assert not needs_marking(_row("present"), phone)
    assert not needs_marking(_row("absent"), None)
    # WDC 2018's fourth preliminary and a knock-out's final stay the TD's own call
    assert not needs_marking(_row("absent", limit="has played rounds 1, 2, 3"), phone)
    assert not needs_marking(_row("absent", not_called="not in the final"), phone)
    model = roll_call_model()
    model.set_rows([_row("absent")])
    model.set_check_ins({7: phone})
    assert model.to_mark_present() == [_row("absent")]
    assert model.index(0, CHECKED_IN_COLUMN).data().startswith("✓ phone ")
