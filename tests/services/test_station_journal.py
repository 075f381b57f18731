"""A station's journal (``services/outbox.py``): this account's alone, a secret vote's ballots
never in clear on the laptop's disk, and order sheets typed offline that carry the version they
were based on, so that two stations' sheets for the same power meet as a conflict with both
sides when they are sent, never the second silently replacing the first (real PostgreSQL).

Issue "The venue network made safe": "journal and snapshots owner-only and ballots sealed in the
journal"; "Order sheets typed offline on two stations for the same power: the second replaces the
first when both are sent (the journal entry carries no version)".
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from tdapp.core.powers import POWERS
from tdapp.services import games
from tdapp.services.changes import ServiceError, StaleEdit
from tdapp.services.kept import BALLOTS, send
from tdapp.services.outbox import Outbox
from tdapp.services.sealed import is_sealed, unseal
from tdapp.store.pg import ServerRefused
from tests.venue_stations import board_in_play, shared, stations  # noqa: F401 (fixtures)

GONE = ServerRefused("The venue server at x cannot be reached: is it started, and is this "
                     "laptop on the venue network?")
URL = "postgresql://tdapp_assistant:x@127.0.0.1:5999/tournament"
POSIX_ONLY = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")


def _keep(outbox: Outbox, service, *args, **kwargs) -> None:
    assert outbox.keep(service, args, kwargs, GONE) is not None


@POSIX_ONLY
def test_the_journal_is_private_and_holds_no_ballot_in_clear(tmp_path: Path) -> None:
    journal = tmp_path / "copies" / "tournament.tdt.outbox.json"
    ballots = {"AUSTRIA": True, "ENGLAND": False, "FRANCE": True, "GERMANY": False,
               "ITALY": True, "RUSSIA": False, "TURKEY": True}
    old = os.umask(0o022)  # everyone may read what this account writes, unless it says not
    try:
        outbox = Outbox(URL, journal)
        _keep(outbox, games.hold_draw_vote, 7, ballots, (), None, "S1906M")
        _keep(outbox, games.save_orders, 7, "AUSTRIA", "A Vie-Gal", "S1906M")
    finally:
        os.umask(old)
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600
    assert [p.name for p in journal.parent.iterdir()] == [journal.name]  # nothing half left

    on_disk = journal.read_text(encoding="utf-8")
    kept = json.loads(on_disk)[0]["args"]
    assert is_sealed(kept["votes"])
    for power, ballot in ballots.items():  # no power's ballot anywhere in the file
        assert f'"{power}": {json.dumps(ballot)}' not in on_disk
    assert "true" not in on_disk and "false" not in on_disk
    assert unseal(kept["votes"], BALLOTS) == ballots  # this laptop opens them to send them

    # A journal another tdapp wrote readable by all is made private when it is read.
    os.chmod(journal, 0o644)
    again = Outbox(URL, journal)
    assert len(again) == 2 and stat.S_IMODE(journal.stat().st_mode) == 0o600


@pytest.mark.postgres
def test_a_kept_secret_vote_is_sent_whole(stations) -> None:  # noqa: F811
    """Sealed in the journal, the ballots reach the vote's service as typed."""
    first, _second = stations
    board_id = board_in_play(first, "S1906M")
    outbox = Outbox(first.url, Path(first.path).with_name("vote.outbox.json"))
    _keep(outbox, games.hold_draw_vote, board_id, dict.fromkeys(POWERS, True), (), None,
          "S1906M")
    change = send(first, outbox.entries[0])
    assert change.results  # every power voted for the draw: the board's result is the draw
    state = games.game_state(first, board_id)
    assert state.votes[-1].passed and state.status in ("finished", "scored")


@pytest.mark.postgres
def test_sheets_typed_offline_on_two_stations_for_one_power_meet_as_a_conflict(
        stations, tmp_path: Path) -> None:  # noqa: F811
    """Both stations saw Austria's sheet as saved (version 1); each typed a new one while the
    server was gone. The first sent is saved; the second is not written over it: it is a
    conflict naming who saved first, with both sheets side by side, and saving it over theirs
    stays the TD's choice (``retry``)."""
    first, second = stations
    board_id = board_in_play(first, "S1906M")
    games.save_orders(first, board_id, "AUSTRIA", "A Vie H", "S1906M", expected_version=0)
    seen = games.game_state(first, board_id).current.sheets["AUSTRIA"].version
    assert seen == games.game_state(second, board_id).current.sheets["AUSTRIA"].version == 1

    desk1 = Outbox(first.url, tmp_path / "desk1.outbox.json")
    desk2 = Outbox(second.url, tmp_path / "desk2.outbox.json")
    _keep(desk1, games.save_orders, board_id, "AUSTRIA", "A Vie-Tri", "S1906M",
          expected_version=seen)
    _keep(desk2, games.save_orders, board_id, "AUSTRIA", "A Vie-Gal", "S1906M",
          expected_version=seen)
    # Typed over on desk 2 before sending: still the version it first saw.
    _keep(desk2, games.save_orders, board_id, "AUSTRIA", "A Vie-Gal\nA Bud-Ser", "S1906M",
          expected_version=seen)
    assert len(desk2) == 1 and desk2.entries[0].args["expected_version"] == seen

    sent = desk1.send_all(first, on_change=lambda change: None, on_refused=pytest.fail)
    assert len(sent.sent) == 1 and not sent.refused
    refused: list[ServiceError] = []
    report = desk2.send_all(second, on_change=lambda change: None, on_refused=refused.append)
    assert not report.sent and len(report.refused) == 1 and len(desk2) == 0
    conflict = refused[0]
    assert isinstance(conflict, StaleEdit)
    assert conflict.rows == (("Austria's orders", "A Vie-Tri", "A Vie-Gal\nA Bud-Ser"),)
    assert "changed by someone else by ann on desk-1" in str(conflict)
    assert "Not saved: Austria's orders for Spring 1906 movement" in report.words()
    assert games.game_state(first, board_id).current.sheets["AUSTRIA"].text == "A Vie-Tri"

    assert conflict.retry is not None
    conflict.retry()  # the TD saw both and saves desk 2's sheet over desk 1's
    sheet = games.game_state(first, board_id).current.sheets["AUSTRIA"]
    assert sheet.text == "A Vie-Gal\nA Bud-Ser" and sheet.version == 3


@pytest.mark.postgres
def test_a_sheet_saved_by_another_station_since_is_a_conflict_online_too(
        stations) -> None:  # noqa: F811
    """The board's view reads the version it saved (a save of the same text keeps it), so its
    next save is checked against the right one; a sheet another station saved since is a
    conflict, never overwritten; a save naming no version overwrites, as before."""
    first, second = stations
    board_id = board_in_play(first, "S1906M")
    games.save_orders(first, board_id, "ENGLAND", "F Lon-Nth", "S1906M", expected_version=0)
    games.save_orders(first, board_id, "ENGLAND", "F Lon-Nth", "S1906M", expected_version=1)
    assert games.sheet_version(first, board_id, "ENGLAND") == 1  # nothing changed
    games.save_orders(first, board_id, "ENGLAND", "F Lon-Eng", "S1906M", expected_version=1)
    assert games.sheet_version(second, board_id, "ENGLAND") == 2
    with pytest.raises(StaleEdit) as stale:
        games.save_orders(second, board_id, "ENGLAND", "F Lon-Wal", "S1906M",
                          expected_version=1)
    assert stale.value.rows == (("England's orders", "F Lon-Eng", "F Lon-Wal"),)
    with pytest.raises(StaleEdit):  # a sheet saved since none was seen: not overwritten
        games.save_orders(second, board_id, "ENGLAND", "F Lon-Wal", "S1906M",
                          expected_version=0)
    games.save_orders(second, board_id, "ENGLAND", "F Lon-Wal", "S1906M")  # no version: as before
    assert games.game_state(first, board_id).current.sheets["ENGLAND"].text == "F Lon-Wal"
