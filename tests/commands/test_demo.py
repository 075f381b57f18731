from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
