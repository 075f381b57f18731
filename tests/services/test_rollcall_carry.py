"""Issue 14: round 3's roll call started with almost everyone Absent, because it kept only the
answers typed in round 2 (most round-2 rows were carried from round 1, never typed). The roll
call now carries the latest answer of any earlier round, and a player who played in the previous
round without an answer there starts Present; only a player marked absent starts Absent."""

from __future__ import annotations

from pathlib import Path

from tdapp.core.powers import POWERS
from tdapp.services import players, rollcall
from tdapp.services.rounds import BoardPlan, save_board_call
from tdapp.services.tournaments import TournamentInfo, create_tournament


def test_round_three_carries_round_one_answers_through_round_two(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Carry Open", "wdc-2025", 4))
    try:
        players.add_players(db, [players.PlayerData(f"P{i:02d}") for i in range(21)], "Import")
        ids = [p.id for p in players.list_players(db)]
        rollcall.set_answers(db, 1, ids, status="present")
        rollcall.set_answers(db, 2, ids[:2], status="absent")  # two say they miss round 2
        rows = {r.player_id: r for r in rollcall.roll_call(db, 3)}
        assert [rows[i].status for i in ids[:2]] == ["absent", "absent"]
        assert all(rows[i].status == "present" and rows[i].carried for i in ids[2:])
        assert rollcall.count(rows.values()).present == 19
    finally:
        db.close()


def test_a_player_who_played_last_round_starts_present(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Carry Open", "wdc-2025", 4))
    try:
        players.add_players(db, [players.PlayerData(f"P{i:02d}") for i in range(7)], "Import")
        ids = [p.id for p in players.list_players(db)]
        save_board_call(db, 1, [BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
        rows = rollcall.roll_call(db, 2)  # nobody answered the round-1 roll call
        assert {r.status for r in rows} == {"present"}
    finally:
        db.close()
