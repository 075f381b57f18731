"""Issue 24 item 12a and 12b, through the services a TD's window uses.

12a. Seed 002: "There may be times when the number of players registered for a round is not a
multiple of seven. In these cases, the TD may ask designated players to play on two boards, or
may play on one or two boards himself. The TD instead may ask players to stand aside". A
non-competing assistant ("fills a seat if needed") was ticked to play while competing travellers
sat out.

12b. A standby waits for one round's boards: the next round does not start them Present."""

from __future__ import annotations

from pathlib import Path

from tdapp.core.powers import POWERS
from tdapp.services import players, rollcall, seating
from tdapp.services.rounds import BoardPlan, save_board_call
from tdapp.services.tournaments import TournamentInfo, create_tournament


def test_who_plays_leaves_out_the_assistant_not_a_traveller(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("WDC 2018", "wdc-2018", 5))
    try:
        players.add_players(db, [players.PlayerData("Assistant TD", competing=False)]
                            + [players.PlayerData(f"P{i:02d}") for i in range(58)], "Import")
        everyone = players.list_players(db)
        rollcall.set_answers(db, 1, [p.id for p in everyone], status="present")
        assistant = next(p.id for p in everyone if p.name == "Assistant TD")
        proposal = seating.who_plays(db, 1)
        assert len(proposal.playing) == 56 and assistant not in proposal.playing
        assert assistant in proposal.sitting_out and len(proposal.sitting_out) == 3
        assert proposal.plan().reasons[assistant] == "not competing: not needed"
    finally:
        db.close()


def test_who_plays_takes_the_assistant_when_short(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("WDC 2018", "wdc-2018", 5))
    try:
        players.add_players(db, [players.PlayerData("Assistant TD", competing=False)]
                            + [players.PlayerData(f"P{i:02d}") for i in range(55)], "Import")
        rollcall.set_answers(db, 1, [p.id for p in players.list_players(db)], status="present")
        proposal = seating.who_plays(db, 1)
        assert len(proposal.playing) == 56 and proposal.sitting_out == []
    finally:
        db.close()


def test_a_standby_who_played_does_not_start_the_next_round_present(
        tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Standby Open", "wdc-2025", 4))
    try:
        players.add_players(db, [players.PlayerData(f"P{i:02d}") for i in range(9)], "Import")
        ids = [p.id for p in players.list_players(db)]
        rollcall.set_answers(db, 1, ids[:6], status="present")
        rollcall.set_answers(db, 1, ids[6:], status="standby")
        save_board_call(db, 1, [BoardPlan(1, dict(zip(POWERS, ids[:7], strict=True)))])
        rows = {r.player_id: r for r in rollcall.roll_call(db, 2)}
        assert [rows[i].status for i in ids[6:]] == ["standby"] * 3
        assert rollcall.count(rows.values()).present == 6
    finally:
        db.close()
