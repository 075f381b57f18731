from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.core.powers import POWERS
from tdapp.services import history, players, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament


@pytest.fixture
def seated(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Results Cup", "wdc-2018", 5))
    players.add_players(db, [players.PlayerData(f"Player {i}") for i in range(7)], "Add seven")
    ids = [p.id for p in players.list_players(db)]
    rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
    yield db, rounds.board_call(db, 1)[0]
    db.close()


FINAL = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2,
         "TURKEY": 0}


def test_board_call_rejects_incomplete_boards(seated) -> None:
    db, board = seated
    ids = [s.player_id for s in board.seats]
    with pytest.raises(ServiceError, match="no player for Turkey"):
        rounds.save_board_call(db, 2, [rounds.BoardPlan(1, dict(zip(POWERS[:6], ids, strict=False)))])
    with pytest.raises(ServiceError, match="same player twice"):
        rounds.save_board_call(db, 2, [rounds.BoardPlan(1, {p: ids[0] for p in POWERS})])


def test_result_is_scored_with_the_format_system(seated) -> None:
    db, board = seated
    record_result(db, board.board_id, BoardResult(FINAL, 1908, eliminated={"TURKEY": 1907}))
    scored = rounds.board_call(db, 1)[0]
    squares = sum(c * c for c in FINAL.values())
    by_power = {s.power: s for s in scored.seats}
    # WDC 2018 Sum of Squares: 100 * S^2 / sum of squares
    assert by_power["AUSTRIA"].score == pytest.approx(100 * 100 / squares)
    assert by_power["TURKEY"].score == 0
    assert sum(s.score for s in scored.seats) == pytest.approx(100)
    assert scored.status == "finished" and scored.end_year == 1908


@pytest.mark.parametrize(
    ("result", "message"),
    [
        (BoardResult({**FINAL, "TURKEY": 5}, 1908), "add up to 39"),
        (BoardResult(FINAL, 1908, solo="AUSTRIA"), "a solo needs 18"),
        (BoardResult({**FINAL, "AUSTRIA": 18, "ENGLAND": 0}, 1908), "that is a solo"),
        (BoardResult(FINAL, 1908, eliminated={"ITALY": 1906}), "eliminated but has centres"),
        (BoardResult(FINAL, 1908, draw=("AUSTRIA", "TURKEY")), "cannot be in the draw"),
    ],
)
def test_impossible_results_are_refused_and_nothing_changes(seated, result, message) -> None:
    db, board = seated
    with pytest.raises(ServiceError, match=message):
        record_result(db, board.board_id, result)
    assert all(s.centers is None for s in rounds.board_call(db, 1)[0].seats)


def test_result_can_be_undone(seated) -> None:
    db, board = seated
    record_result(db, board.board_id, BoardResult(FINAL, 1908, history={1908: FINAL}))
    # QA: History said only "Enter result"; the TD needs to know which board
    assert history.list_actions(db)[0].what == "Result of round 1 board 1"
    assert history.undo_redo_state(db)[0] == "Result of round 1 board 1"
    history.undo(db)
    again = rounds.board_call(db, 1)[0]
    assert again.status == "seated"
    assert all(s.score is None for s in again.seats)


def test_a_round_with_results_cannot_be_reseated(seated) -> None:
    db, board = seated
    record_result(db, board.board_id, BoardResult(FINAL, 1908))
    ids = [s.player_id for s in board.seats]
    with pytest.raises(ServiceError, match="already has a result"):
        rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])


def test_a_result_with_year_by_year_centres_can_be_corrected(seated) -> None:
    """QA: saving a corrected result of a board whose earlier years were typed showed the TD
    '(sqlite3.IntegrityError) UNIQUE constraint failed: center_count...' and saved nothing."""
    db, board = seated
    early = {power: 5 if power != "RUSSIA" else 4 for power in POWERS}
    record_result(db, board.board_id, BoardResult(FINAL, 1908, history={1901: early, 1908: FINAL}))
    corrected = {**FINAL, "AUSTRIA": 11, "RUSSIA": 1}
    change = record_result(db, board.board_id,
                           BoardResult(corrected, 1908, history={1901: early, 1908: corrected}))
    assert change.description == "Result of round 1 board 1"
    seats = {s.power: s.centers for s in rounds.board_call(db, 1)[0].seats}
    assert seats["AUSTRIA"] == 11 and seats["RUSSIA"] == 1
    history.undo(db)  # the correction is one action: Undo brings back the first entry
    seats = {s.power: s.centers for s in rounds.board_call(db, 1)[0].seats}
    assert seats["AUSTRIA"] == 10 and seats["RUSSIA"] == 2


def test_a_result_s_problems_are_the_core_s_list_in_sentences() -> None:
    """One list of impossible games, in the core (core/scoring/validate.py): the service adds
    only what the file itself knows (how a game may end)."""
    result = BoardResult({**FINAL, "AUSTRIA": 18, "ENGLAND": 0, "NARNIA": 1}, 1908,
                         end_reason="boredom")
    assert result.problems() == ["Unknown way for a game to end: 'boredom'.",
                                 "Unknown power 'NARNIA'."]
    result = BoardResult({**FINAL, "AUSTRIA": 18, "ENGLAND": 0}, 1908, draw=("TURKEY",))
    assert result.problems() == ["Austria has 18 centres: that is a solo.",
                                 "Turkey has no centres and cannot be in the draw."]
