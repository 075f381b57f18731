"""``tdapp demo`` plays the final round as the format does, through the services (issue 14)."""

from __future__ import annotations

from pathlib import Path

from tdapp.commands.demo import write_demo
from tdapp.services import awards, rounds, seating, teams
from tdapp.store.files import open_tournament_file


def test_wdc_2025_demo_plays_the_pool_and_the_team_round(tmp_path: Path) -> None:
    """Seed 001 II.2 (the pool of 21 in round 4) and II.4 (the Team Tournament, 49 or more)."""
    path = write_demo(tmp_path / "w25.tdt", players=70, format_name="wdc-2025", rounds_played=4)
    db = open_tournament_file(path)
    try:
        assert seating.pool_boards(db, 4) == frozenset({1, 2, 3})
        assert len(teams.list_teams(db)) == 7 and teams.team_problems(db) == []
        kinds = {a.kind: a for a in awards.awards_view(db).awards}
        assert kinds["team"].team and kinds["team"].name == "Team champion"
        pool, _ = teams.championship_pool(db)
        assert kinds["place"].player_ids[0] in pool
    finally:
        db.close()


def test_wdc_2018_demo_plays_the_top_board(tmp_path: Path) -> None:
    """Seed 002: "the players with the seven highest scores will qualify for the "Top Board"";
    "That board will determine the winner of WDC2018.\""""
    path = write_demo(tmp_path / "w18.tdt", players=56, format_name="wdc-2018", rounds_played=5)
    db = open_tournament_file(path)
    try:
        call = rounds.board_call(db, 5)
        assert [b.number for b in call if b.top_board] == [1]
        champion = next(a for a in awards.awards_view(db).awards if a.kind == "place")
        assert champion.player_ids[0] in {s.player_id for s in call[0].seats}
    finally:
        db.close()
