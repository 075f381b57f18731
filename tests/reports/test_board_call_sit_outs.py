"""Issue 24 item 12g: the printed board call lists who sits out (by board, and in "where do I
play?"), so a player not seated finds their name and the reason."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from tdapp.services import exports, players, rollcall, seating
from tdapp.services.tournaments import TournamentInfo, create_tournament


def test_the_printed_board_call_names_the_sit_outs(tournament_path: Path, tmp_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("WDC 2018", "wdc-2018", 5))
    try:
        players.add_players(db, [players.PlayerData(f"Player {c}") for c in "ABCDEFGHI"]
                            + [players.PlayerData("Zoë Volunteer")], "Import")
        everyone = players.list_players(db)
        rollcall.set_answers(db, 1, [p.id for p in everyone], status="present")
        zoe = next(p.id for p in everyone if p.name == "Zoë Volunteer")
        rollcall.set_answers(db, 1, [zoe], volunteer_sit_out=True)
        proposal = seating.who_plays(db, 1)
        assert len(proposal.playing) == 7 and zoe in proposal.sitting_out
        seating.publish(db, 1, seating.seat(db, 1, proposal.plan(), seed=1, time_limit=1.0))
        data = exports.report_data(db)
        out = {s.player: s.reason for s in data.round_sit_outs(1)}
        assert len(out) == 3 and out["Zoë Volunteer"] == "volunteered to sit out"
        path = exports.export_pdf(db, tmp_path / "call.pdf", what="board-call")
        text = " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())
        assert "Sitting out (3)" in text and "Zoë Volunteer volunteered to sit out" in text
        assert "Zoë Volunteer — sits out" in text  # in "where do I play?" too
    finally:
        db.close()
