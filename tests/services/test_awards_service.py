"""Special awards, tie decisions and the standings views, on real tournament files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tdapp.core.powers import POWERS
from tdapp.core.tournament import tiebreakers
from tdapp.services import awards, history, players, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.results import BoardResult, record_result
from tdapp.services.standings_views import (
    COMPLETED,
    NOW,
    last_completed_round,
    standings_view,
)
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.files import open_tournament_file

TIED = {"AUSTRIA": 10, "ENGLAND": 6, "FRANCE": 6, "GERMANY": 5, "ITALY": 4, "RUSSIA": 3,
        "TURKEY": 0}


@pytest.fixture
def tied(tournament_path: Path):
    """One board of seven where England and France finish level: a tie left to the TD."""
    db = create_tournament(tournament_path, TournamentInfo("Tie Cup", "wdc-2018", 5))
    players.add_players(db, [players.PlayerData(f"Player {p.title()}") for p in POWERS], "Add")
    ids = [p.id for p in players.list_players(db)]
    rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
    board = rounds.board_call(db, 1)[0]
    record_result(db, board.board_id, BoardResult(TIED, 1908, eliminated={"TURKEY": 1906}))
    yield db, dict(zip(POWERS, ids, strict=True))
    db.close()


def test_open_tie_is_listed_and_a_td_decision_settles_it(tied) -> None:
    db, ids = tied
    view = awards.awards_view(db)
    standings_ties = [t for t in view.open_ties if t.about == "standings"]
    assert len(standings_ties) == 1
    tie = standings_ties[0]
    assert set(tie.player_ids) == {ids["ENGLAND"], ids["FRANCE"]}
    assert "Rank 2" in tie.what
    # The core names players by id in its notes; the TD reads names.
    assert "not available for Player England, Player France" in tie.note
    line = {ln.player_id: ln for ln in standings_view(db).lines}
    assert line[ids["ENGLAND"]].tie == "td"
    assert line[ids["ENGLAND"]].tie_text.startswith("Tie for the TD")

    awards.record_tie_decision(db, "standings", (ids["FRANCE"], ids["ENGLAND"]), "td",
                               "France player arrived first")
    after = {ln.player_id: ln for ln in standings_view(db).lines}
    assert after[ids["FRANCE"]].rank == 2 and after[ids["ENGLAND"]].rank == 3
    assert "TD's recorded decision" in after[ids["FRANCE"]].reason
    assert not [t for t in awards.awards_view(db).open_ties if t.about == "standings"]
    decisions = awards.tie_decisions(db)
    assert decisions[-1].order == (ids["FRANCE"], ids["ENGLAND"])
    assert decisions[-1].names == ("Player France", "Player England")


def test_random_draw_is_repeatable_and_counts_in_a_format_without_draws(tied) -> None:
    db, ids = tied
    pair = (ids["ENGLAND"], ids["FRANCE"])
    order, seed = tiebreakers.draw_order(pair)
    assert sorted(order) == sorted(pair)
    assert tiebreakers.draw_order(pair, seed) == (order, seed)  # the seed repeats the draw
    awards.record_tie_decision(db, "standings", order, "random-draw", f"seed {seed}")
    stored = awards.tie_decisions(db)[-1]
    # WDC 2018 leaves the tie to the TD: the draw the TD chose to make is the TD's decision.
    assert stored.method == "td"
    assert "random draw made in tdapp" in stored.note and f"seed {seed}" in stored.note
    ranks = {ln.player_id: ln.rank for ln in standings_view(db).lines}
    assert ranks[order[0]] == 2 and ranks[order[1]] == 3


def test_tie_decision_refuses_bad_orders(tied) -> None:
    db, ids = tied
    with pytest.raises(ServiceError, match="order"):
        awards.record_tie_decision(db, "standings", (ids["ENGLAND"],), "td")
    with pytest.raises(ServiceError, match="not in the tournament"):
        awards.record_tie_decision(db, "standings", (ids["ENGLAND"], 9999), "td")
    with pytest.raises(ServiceError, match="method"):
        awards.record_tie_decision(db, "standings", (ids["ENGLAND"], ids["FRANCE"]), "coin")
    with pytest.raises(ValueError, match="two tied players"):
        tiebreakers.draw_order((ids["ENGLAND"],))


def test_special_awards_add_edit_remove_and_undo(tied) -> None:
    db, ids = tied
    awards.add_special_award(db, "  Best   Pirate ", ids["TURKEY"], "most stabs")
    listed = awards.list_special_awards(db)
    assert [(a.title, a.player_name, a.note) for a in listed] == [
        ("Best Pirate", "Player Turkey", "most stabs")]
    view = awards.awards_view(db)
    special = [a for a in view.awards if a.kind == "special"]
    assert special[0].winners == ("Player Turkey",)
    assert special[0].rule == "named and given by the TD: most stabs"

    awards.update_special_award(db, listed[0].id, "Best Pirate", ids["ITALY"], "")
    assert awards.list_special_awards(db)[0].player_name == "Player Italy"
    awards.remove_special_award(db, listed[0].id)
    assert awards.list_special_awards(db) == []
    assert history.list_actions(db)[0].what == "Remove award Best Pirate"  # QA: was "Remove award"
    history.undo(db)  # the removal comes back
    assert awards.list_special_awards(db)[0].player_name == "Player Italy"
    with pytest.raises(ServiceError, match="Award title"):
        awards.add_special_award(db, "   ", ids["ITALY"])
    with pytest.raises(ServiceError, match="not in the tournament"):
        awards.add_special_award(db, "Ghost", 9999)


def test_non_competing_player_cannot_take_a_special_award(tied) -> None:
    db, ids = tied
    row = players.get_player(db, ids["ITALY"])
    data = players.PlayerData(row.name, competing=False)
    players.update_player(db, ids["ITALY"], data, row.version)
    with pytest.raises(ServiceError, match="not competing"):
        awards.add_special_award(db, "Player's choice", ids["ITALY"])


def test_best_country_rows_come_in_power_order(demo_file: Path, tmp_path: Path) -> None:
    path = shutil.copy(demo_file, tmp_path / "demo.tdt")
    db = open_tournament_file(Path(path))
    try:
        best = awards.awards_view(db).best_countries()
        assert [a.power for a in best] == list(POWERS)
        assert all(a.winners and a.value is not None for a in best)
    finally:
        db.close()


def _seat_round_three(db) -> list[rounds.BoardRow]:
    done = rounds.board_call(db, 2)
    plans = [rounds.BoardPlan(b.number, {s.power: s.player_id for s in b.seats}) for b in done]
    rounds.save_board_call(db, 3, plans)
    return rounds.board_call(db, 3)


def test_standings_views_after_completed_round_and_if_all_games_ended_now(
        demo_file: Path, tmp_path: Path) -> None:
    path = shutil.copy(demo_file, tmp_path / "demo.tdt")
    db = open_tournament_file(Path(path))
    try:
        boards = _seat_round_three(db)
        assert last_completed_round(db) == 2
        counts = dict(zip(POWERS, (9, 7, 6, 5, 4, 3, 0), strict=True))
        record_result(db, boards[0].board_id, BoardResult(counts, 1907,
                                                          eliminated={"TURKEY": 1905}))
        completed = standings_view(db, COMPLETED)
        assert completed.through == 2 and completed.rounds == (1, 2)
        assert "not counted" in completed.notes[0]
        now = standings_view(db, NOW)
        assert now.through == 3
        # Six boards have no centres yet: they are named as left out.
        assert now.notes == ("Round 3 boards 2, 3, 4, 5, 6, 7: no centres known yet, left out.",)
        seated = {s.player_id for s in boards[0].seats}
        played = [ln for ln in now.lines if ln.player_id in seated]
        assert all(ln.rounds[2].score is not None for ln in played)
        assert all(not ln.rounds[2].provisional for ln in played)  # finished, not estimated
    finally:
        db.close()


def test_if_all_games_ended_now_scores_typed_current_centres(demo_file: Path,
                                                              tmp_path: Path) -> None:
    path = shutil.copy(demo_file, tmp_path / "demo.tdt")
    db = open_tournament_file(Path(path))
    try:
        boards = _seat_round_three(db)
        from tdapp.store.models import Board, Seat

        counts = dict(zip(POWERS, (8, 6, 6, 5, 4, 3, 2), strict=True))
        with db.action("Centres so far") as session:  # as a board's own entry would leave them
            for seat in session.query(Seat).filter(Seat.board_id == boards[1].board_id):
                seat.centers = counts[seat.power]
            session.get(Board, boards[1].board_id).end_year = 1905
        now = standings_view(db, NOW)
        assert any("scored on its centres of 1905 (not final)" in n for n in now.notes)
        seated = {s.player_id for s in boards[1].seats}
        cells = [ln.rounds[2] for ln in now.lines if ln.player_id in seated]
        assert all(c.provisional and c.score is not None and c.text.endswith("*")
                   for c in cells)
    finally:
        db.close()
