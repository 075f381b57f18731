""""Boards played" counts games actually played: a board with a result. A board of a round that
was called (seated) but not yet played counts as seated only, and still keeps the player from
being deleted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.core.powers import POWERS
from tdapp.services import history, players, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.player_export import player_table
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament

FINAL = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2,
         "TURKEY": 0}


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Played Cup", "wdc-2018", 5))
    players.add_players(db, [players.PlayerData(f"Player {i}") for i in range(8)], "Add")
    yield db
    db.close()


def _call_round(db, number: int, ids: list[int]) -> int:
    """Seat the seven ``ids`` on board 1 of round ``number``; the board's id."""
    rounds.save_board_call(db, number, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
    return rounds.board_call(db, number)[0].board_id


def _counts(db) -> dict[str, tuple[int, int]]:
    return {p.name: (p.boards_played, p.boards_seated) for p in players.list_players(db)}


def test_a_called_round_is_not_played_until_its_result_is_in(db) -> None:
    ids = [p.id for p in players.list_players(db)][:7]
    first = _call_round(db, 1, ids)
    counts = _counts(db)
    assert counts["Player 0"] == (0, 1), "called, not played"
    assert counts["Player 7"] == (0, 0), "not seated at all"

    record_result(db, first, BoardResult(FINAL, 1907))
    assert _counts(db)["Player 0"] == (1, 1)

    _call_round(db, 2, ids)  # the next round is called: seated twice, played once
    assert _counts(db)["Player 0"] == (1, 2)
    assert players.get_player(db, ids[0]).boards_played == 1
    headers, rows = player_table(db)
    exported = {row[0]: row[headers.index("Boards played")] for row in rows}
    assert exported["Player 0"] == 1 and exported["Player 7"] == 0

    history.undo(db)  # the second board call
    history.undo(db)  # the result
    assert _counts(db)["Player 0"] == (0, 1)


def test_someone_seated_but_not_played_is_not_deleted(db) -> None:
    ids = [p.id for p in players.list_players(db)][:7]
    _call_round(db, 1, ids)
    with pytest.raises(ServiceError, match="Player 0 is seated on 1 board.*withdraw them"):
        players.delete_player(db, ids[0])
    assert "Player 0" in _counts(db)
    free = next(p.id for p in players.list_players(db) if p.name == "Player 7")
    players.delete_player(db, free)
    assert "Player 7" not in _counts(db)
