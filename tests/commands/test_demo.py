from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tdapp.commands.demo import write_demo
from tdapp.commands.demo_data import last_year
from tdapp.core.formats import get_format, list_formats
from tdapp.core.powers import POWERS
from tdapp.services import players, rollcall, rounds
from tdapp.services.tournaments import tournament_info
from tdapp.store.files import open_tournament_file


def run_tdapp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tdapp", *args], capture_output=True, text=True,
                          timeout=300)


def test_demo_is_a_complete_tournament(demo_file: Path, tmp_path: Path) -> None:
    db = open_tournament_file(demo_file)
    try:
        info = tournament_info(db)
        assert (info.format_name, info.rounds_planned) == ("wdc-2025", 4)
        people = players.list_players(db)
        assert len(people) == 49
        assert all(p.home_town and p.country for p in people)
        assert len({p.name for p in people}) == 49
        for number in (1, 2):
            boards = rounds.board_call(db, number)
            assert len(boards) == 7
            assert all(b.status == "finished" for b in boards)
            for board in boards:
                assert sum(s.centers for s in board.seats) == 34
                assert all(s.score is not None for s in board.seats)
            seated = [s.player_id for b in boards for s in b.seats]
            assert len(set(seated)) == 49
        assert rollcall.count(rollcall.roll_call(db, 2)).present == 49
        # Nobody plays the same power twice, and nobody meets an opponent twice (N = 49).
        powers: dict[int, set[str]] = {}
        meetings: set[frozenset[int]] = set()
        for number in (1, 2):
            for board in rounds.board_call(db, number):
                ids = [s.player_id for s in board.seats]
                for seat in board.seats:
                    assert seat.power not in powers.setdefault(seat.player_id, set())
                    powers[seat.player_id].add(seat.power)
                for a in ids:
                    for b in ids:
                        if a < b:
                            assert frozenset((a, b)) not in meetings
                            meetings.add(frozenset((a, b)))
        assert rounds.list_rounds(db)[2].status == "planned"
    finally:
        db.close()


def test_demo_command_options_and_refusals(tmp_path: Path) -> None:
    out = tmp_path / "small.tdt"
    result = run_tdapp("demo", "--out", str(out), "--players", "21", "--format", "edc-2026",
                       "--rounds-played", "1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"file": str(out), "players": 21, "format": "edc-2026",
                                         "rounds_played": 1}
    again = run_tdapp("demo", "--out", str(out))
    assert again.returncode == 2 and "--force" in again.stderr
    bad = run_tdapp("demo", "--out", str(tmp_path / "x.tdt"), "--format", "nope")
    assert bad.returncode == 2 and "--format" in bad.stderr


def test_demo_has_dates(demo_file: Path) -> None:
    import datetime as dt

    db = open_tournament_file(demo_file)
    try:
        info = tournament_info(db)
        assert info.start_date == dt.date(2026, 8, 28) and info.end_date == dt.date(2026, 8, 30)
    finally:
        db.close()


@pytest.fixture(scope="module")
def dbn_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """DBN Invitational: 21 players, the three semi-final rounds played."""
    path = tmp_path_factory.mktemp("dbn") / "dbn.tdt"
    return write_demo(path, players=21, format_name="dbn-2025", rounds_played=3)


def test_a_dbn_demo_plays_to_the_formats_end_year(dbn_demo: Path) -> None:
    """Seed 000 (DBN): "The game shall end in a forced draw if no power has achieved a solo
    victory by the end of 1915." The demo read a field that did not exist and stopped at 1909."""
    assert get_format("dbn-2025").end_year == 1915 == last_year(get_format("dbn-2025"))
    db = open_tournament_file(dbn_demo)
    try:
        boards = rounds.all_boards(db)
    finally:
        db.close()
    assert len(boards) == 9 and all(b.status == "finished" for b in boards)
    assert all(b.end_year is not None and 1901 <= b.end_year <= 1915 for b in boards)
    went_the_distance = [b for b in boards if b.end_reason == "last-year"]
    assert went_the_distance, "no DBN demo game reached the format's last year"
    assert all(b.end_year == 1915 for b in went_the_distance)
    # "Beginning in Spring 1907, players may propose a draw": the clock ends no DBN game
    drawn = [b for b in boards if b.end_reason == "draw"]
    assert all(b.end_year is not None and 1907 <= b.end_year < 1915 for b in drawn)
    assert {b.end_reason for b in boards} <= {"last-year", "draw", "solo"}


def test_a_format_without_a_last_year_ends_its_demo_games_by_time() -> None:
    """WDC 2025 has no last game year (the clock ends its games): the demo plays to 1909."""
    assert get_format("wdc-2025").end_year is None
    assert last_year(get_format("wdc-2025")) == 1909
    assert last_year(get_format("edc-2026")) == 1909  # EDC 2026: "games end after Fall 1909"


def test_the_demo_seats_each_round_by_the_formats_method(dbn_demo: Path) -> None:
    """The demo calls the boards through the seating services, as the TD's wizard does: each
    round is published (a snapshot taken) and DBN's semi-finals have three boards of seven."""
    from tdapp.services import snapshots

    db = open_tournament_file(dbn_demo)
    try:
        for number in (1, 2, 3):
            assert len(rounds.board_call(db, number)) == 3
        reasons = [s.reason for s in snapshots.list_snapshots(db)]
    finally:
        db.close()
    assert all(f"board call of round {n}" in reasons for n in (1, 2, 3)), reasons


@pytest.mark.parametrize("format_name", [f.name for f in list_formats()])
def test_every_built_in_format_demos_its_whole_tournament(format_name: str, tmp_path: Path) -> None:
    """Every round of every built-in format goes through the services, the final rounds'
    structures included (WDC 2025's pool and team round, WDC 2018's top board, EDC 2026's
    locked final boards, DBN's championship game)."""
    fmt = get_format(format_name)
    path = write_demo(tmp_path / "all.tdt", players=21, format_name=format_name,
                      rounds_played=fmt.rounds)
    db = open_tournament_file(path)
    try:
        assert [r.status for r in rounds.list_rounds(db)] == ["finished"] * fmt.rounds
        assert all(b.status == "finished" for b in rounds.all_boards(db))
    finally:
        db.close()


def test_a_dbn_demo_board_keeps_its_paris_selection_order(dbn_demo: Path) -> None:
    """Seed 000 seats DBN's boards with Paris method power selection, whose order breaks a
    shared board top: the demo walks the selection for every board (as the TD's wizard does)
    and every board keeps a whole selection order."""
    from tdapp.services.standings_data import tournament_model

    db = open_tournament_file(dbn_demo)
    try:
        model = tournament_model(db)
    finally:
        db.close()
    assert len(model.boards) == 9
    for board in model.boards:
        assert board.selection_order is not None
        assert sorted(board.selection_order) == sorted(POWERS)


def test_edc_demo_seats_round_4_by_ranking_with_the_top_board_and_locked_ranges(
        tmp_path: Path) -> None:
    """``tdapp demo --format edc-2026 --rounds-played 4`` (issue 15): round 4 seated by ranking,
    seven a board, board 1 the top board, powers by the Paris method; the final standings keep
    each board in the places its players held as the round began."""
    from tdapp.core.tournament import compute_standings
    from tdapp.services.formats import effective_format
    from tdapp.services.standings_data import tournament_model

    out = tmp_path / "edc.tdt"
    done = run_tdapp("demo", "--out", str(out), "--format", "edc-2026", "--rounds-played", "4",
                     "--players", "28")
    assert done.returncode == 0, done.stderr
    db = open_tournament_file(out)
    try:
        fmt, model = effective_format(db), tournament_model(db)
        start = compute_standings(model, fmt, through=3).order()
        final = compute_standings(model, fmt)
        call = rounds.board_call(db, 4)
        assert [b.top_board for b in call] == [True, False, False, False]
        for board in call:
            held = sorted(start.index(str(s.player_id)) + 1 for s in board.seats)
            assert held == list(range(7 * board.number - 6, 7 * board.number + 1))
            assert sorted(final.row(str(s.player_id)).rank for s in board.seats) == held
            assert board.status == "finished"
        assert final.rows[0].reason.startswith(("board-topper of the top board",
                                                "shared board top"))
    finally:
        db.close()
