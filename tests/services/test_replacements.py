"""A player who leaves a game, through the services: a replacement or civil disorder, the phase,
both names kept, each scored as the TD decides, the standings crediting both, undo.

WDC 2025 III.3 (seed 001) and WDC 2018 (seed 002) say the same:
"Should a player leave a game for illness or personal reasons, the position may be filled or left
in civil disorder, at the discretion of the TD. Scoring of this position will be at the
discretion of the TD. A player eliminated from the game may not play another position in the
same game as a replacement."
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.core.powers import POWERS
from tdapp.services import games, history, players, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.replacements import Departure, record_departure, replacements, set_scoring
from tdapp.services.results import BoardResult, record_result
from tdapp.services.standings_views import standings_view
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.models import Tournament

FINAL = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2,
         "TURKEY": 0}


@pytest.fixture(params=["wdc-2025", "wdc-2018"])
def board(tournament_path: Path, request):
    db = create_tournament(tournament_path, TournamentInfo("Leaver Cup", request.param, 3))
    players.add_players(db, [players.PlayerData(f"Player {i}") for i in range(9)], "Add nine")
    ids = {p.name: p.id for p in players.list_players(db)}
    seated = {power: ids[f"Player {i}"] for i, power in enumerate(POWERS)}
    rounds.save_board_call(db, 1, [rounds.BoardPlan(1, seated)])
    yield db, rounds.board_call(db, 1)[0].board_id, ids
    db.close()


def _line(db, player_id: int):
    return next(line for line in standings_view(db).lines if line.player_id == player_id)


def _scores(db, board_id: int) -> dict[str, float]:
    return {s.power: s.score for s in rounds.board_call(db, 1)[0].seats}


def test_a_replacement_takes_the_seat_and_both_are_credited_as_decided(board) -> None:
    """'the position may be filled ... Scoring of this position will be at the discretion of the
    TD': by default the replacement gets the position's score, the leaver what the TD says."""
    db, board_id, ids = board
    change = record_departure(db, board_id, Departure(
        "england", "s1905m", replaced_by=ids["Player 7"], leaver_scoring="value",
        leaver_score=4.5))
    assert change.games and change.boards and change.results
    seat = {s.power: s.player_id for s in rounds.board_call(db, 1)[0].seats}
    assert seat["ENGLAND"] == ids["Player 7"]  # the seat is the replacement's now
    [row] = replacements(db, board_id)
    assert (row.left, row.replaced_by, row.phase) == ("Player 1", "Player 7", "S1905M")
    assert row.text == "England: Player 1 left in S1905M, Player 7 took over"
    record_result(db, board_id, BoardResult(FINAL, 1908, eliminated={"TURKEY": 1907}))
    england = _scores(db, board_id)["ENGLAND"]
    assert _line(db, ids["Player 7"]).score == pytest.approx(england)
    assert _line(db, ids["Player 1"]).score == pytest.approx(4.5)
    assert "Player 1 left in S1905M" in _line(db, ids["Player 7"]).note
    assert any("took over" in n for n in standings_view(db).notes)


def test_the_td_changes_how_each_is_scored(board) -> None:
    db, board_id, ids = board
    record_departure(db, board_id, Departure("FRANCE", "F1904M", replaced_by=ids["Player 8"]))
    record_result(db, board_id, BoardResult(FINAL, 1908, eliminated={"TURKEY": 1907}))
    france = _scores(db, board_id)["FRANCE"]
    assert _line(db, ids["Player 2"]).score == 0  # the leaver: zero unless the TD says more
    [row] = replacements(db, board_id)
    set_scoring(db, row.id, Departure("FRANCE", "F1904M", replaced_by=ids["Player 8"],
                                      leaver_scoring="position", finisher_scoring="value",
                                      finisher_score=10.0))
    assert _line(db, ids["Player 2"]).score == pytest.approx(france)
    assert _line(db, ids["Player 8"]).score == pytest.approx(10.0)


def test_civil_disorder_keeps_the_leaver_on_the_seat(board) -> None:
    """'the position may be ... left in civil disorder'."""
    db, board_id, ids = board
    record_departure(db, board_id, Departure("ITALY", "F1903M", leaver_scoring="position"))
    seat = {s.power: s.player_id for s in rounds.board_call(db, 1)[0].seats}
    assert seat["ITALY"] == ids["Player 4"]
    [row] = replacements(db, board_id)
    assert row.replaced_by is None and row.text.endswith("civil disorder")
    record_result(db, board_id, BoardResult(FINAL, 1908, eliminated={"TURKEY": 1907}))
    assert _line(db, ids["Player 4"]).score == pytest.approx(_scores(db, board_id)["ITALY"])


def test_an_eliminated_player_may_not_replace_another_power(board) -> None:
    """'A player eliminated from the game may not play another position in the same game as a
    replacement.'"""
    db, board_id, ids = board
    record_result(db, board_id, BoardResult(FINAL, 1908, eliminated={"TURKEY": 1906}))
    with pytest.raises(ServiceError, match="eliminated from this game"):
        record_departure(db, board_id, Departure("AUSTRIA", "S1907M",
                                                 replaced_by=ids["Player 6"]))
    with pytest.raises(ServiceError, match="already plays England"):
        record_departure(db, board_id, Departure("AUSTRIA", "S1907M",
                                                 replaced_by=ids["Player 1"]))
    with pytest.raises(ServiceError, match="not a phase"):
        record_departure(db, board_id, Departure("AUSTRIA", "Spring 7",
                                                 replaced_by=ids["Player 7"]))
    with pytest.raises(ServiceError, match="Enter the leaving player's score"):
        record_departure(db, board_id, Departure("AUSTRIA", "S1907M", leaver_scoring="value"))
    assert replacements(db, board_id) == []  # nothing recorded by the refusals


def test_a_departure_is_undone_with_the_seat_given_back(board) -> None:
    db, board_id, ids = board
    record_departure(db, board_id, Departure("GERMANY", "S1906M", replaced_by=ids["Player 7"]))
    assert "Player 3 left Germany (Spring 1906 movement), Player 7 took over" in \
        history.list_actions(db)[0].what
    history.undo(db)
    assert replacements(db, board_id) == []
    seat = {s.power: s.player_id for s in rounds.board_call(db, 1)[0].seats}
    assert seat["GERMANY"] == ids["Player 3"]
    history.redo(db)
    assert len(replacements(db, board_id)) == 1


def test_civil_disorder_holds_and_votes_for_every_draw(board) -> None:
    """WDC 2025 VII.3.c: "If a player has abandoned the game or chooses not to vote, they are
    considered to vote in favor of all proposals." DBN 5.8.3 (seed 000): "the GM shall process
    standing "hold" orders for the abandoned power and assume a vote in favor of all draw
    proposals". Its units hold: no sheet is typed for it and nothing moves."""
    db, board_id, ids = board
    games.start_game(db, board_id)
    record_departure(db, board_id, Departure("TURKEY", "S1901M"))
    games.adjudicate(db, board_id)  # no sheet for Turkey: its units stand where they were
    state = games.game_state(db, board_id)
    assert sorted(state.current.position["units"]["TURKEY"]) == ["A CON", "A SMY", "F ANK"]
    with db.action("format for the test") as session:  # draws from 1901 (EDC 2026)
        session.scalars(select(Tournament)).one().format_name = "edc-2026"
    voters = [p for p in POWERS if p != "TURKEY"]
    out = games.hold_draw_vote(db, board_id, dict.fromkeys(voters, True))
    assert out.passed  # Turkey was not asked and counted in favour


def test_the_exports_show_who_left_and_who_took_over(board, tmp_path: Path) -> None:
    from openpyxl import load_workbook
    from pypdf import PdfReader

    from tdapp.services.exports import export_pdf, export_workbook

    db, board_id, ids = board
    record_departure(db, board_id, Departure("ENGLAND", "S1905M", replaced_by=ids["Player 7"],
                                             leaver_scoring="value", leaver_score=4.5))
    record_departure(db, board_id, Departure("ITALY", "F1906M"))
    record_result(db, board_id, BoardResult(FINAL, 1908, eliminated={"TURKEY": 1907}))
    pdf = export_pdf(db, tmp_path / "results.pdf", "all")
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(pdf)).pages)
    assert ("England: Player 1 left in S1905M, Player 7 took over (Player 1 scored 4.5, "
            "Player 7 the position's score)") in text
    assert "Italy: Player 4 left in F1906M, civil disorder (Player 4 scored zero)" in text
    assert "Left mid-game" in text
    book = load_workbook(export_workbook(db, tmp_path / "results.xlsx"))
    rows = list(book["Left mid-game"].iter_rows(min_row=2, values_only=True))
    assert rows == [(1, 1, "England", "S1905M", "Player 1", "Player 7", "4.5",
                     "the position's score"),
                    (1, 1, "Italy", "F1906M", "Player 4", "civil disorder", "zero", None)]


def test_a_dbn_alternate_taking_over_is_recorded_in_the_invitational_file(tmp_path: Path) -> None:
    """DBN 5.8.2 (seed 000): "If an emergency dictates that a player must leave the game early,
    the GM shall seek out an Alternate to serve as a replacement player." 5.8.6: "Alternates
    serving as a replacement player shall receive full points as if they had played the entire
    game." The season file's action also records the seat's change in the tournament."""
    from tdapp.services import season as season_service
    from tdapp.store.files import open_tournament_file
    from tests.season_helpers import make_season

    path = make_season(tmp_path)
    view = season_service.season_view(path)
    stage_seats = [s for s in view.stage.seats if s.board == 1]
    made = season_service.start_invitational(path, tmp_path / "dbni.tdt")
    db = open_tournament_file(made.path)
    try:
        ids = {p.name: p.id for p in players.list_players(db)}
        number = stage_seats[0].round
        rounds.save_board_call(db, number, [rounds.BoardPlan(1, {
            power: ids[s.player] for power, s in zip(POWERS, stage_seats, strict=True)})])
        leaving = stage_seats[-1].player
        season_service.replace_mid_game(path, 1, leaving, "F1904M")
        change = season_service.record_mid_game_in_tournament(db, path, 1, leaving, "F1904M")
        assert change is not None
        [row] = replacements(db)
        alternate = season_service.season_view(path).mid_game[0].alternate
        assert (row.left, row.replaced_by, row.phase) == (leaving, alternate, "F1904M")
        assert (row.leaver_scoring, row.finisher_scoring) == ("zero", "position")
    finally:
        db.close()


def _phase_with_centres(db, board_id: int, phase: str, counts: dict[str, int]) -> None:
    """Set-up: the board's order entry has reached ``phase`` with these centres held."""
    from tdapp.store.models import GamePhase

    games.start_game(db, board_id)
    names = iter(f"SC{i}" for i in range(34))
    with db.system() as session:
        first = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id)).one()
        position = dict(first.position)
        position["centers"] = {p: [next(names) for _ in range(n)] for p, n in counts.items()}
        session.add(GamePhase(board_id=board_id, seq=1, phase=phase, position=position))


def test_the_score_when_they_left_is_computed_from_the_centres_then(tournament_path) -> None:
    """Issue 24 item 13: "The leaver's 'score when they left' is typed by the TD, not
    computed". WDC 2018 (seed 002) Sum of Squares' worked table: "Austria 12 144 50.35 ...
    Germany 6 36 12.59": those centres held when Germany's player left in Spring 1905."""
    from tdapp.services.replacements import score_when_left

    db = create_tournament(tournament_path, TournamentInfo("Leaver Cup", "wdc-2018", 3))
    try:
        players.add_players(db, [players.PlayerData(f"Player {i}") for i in range(7)], "Add")
        ids = [p.id for p in players.list_players(db)]
        rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
        board_id = rounds.board_call(db, 1)[0].board_id
        none_yet = score_when_left(db, board_id, "GERMANY", "S1905M")
        assert none_yet.score is None and "not entered" in none_yet.words
        _phase_with_centres(db, board_id, "S1905M", {
            "AUSTRIA": 12, "ENGLAND": 0, "FRANCE": 3, "GERMANY": 6, "ITALY": 9, "RUSSIA": 0,
            "TURKEY": 4})
        left = score_when_left(db, board_id, "germany", "s1905m")
        assert left.score == pytest.approx(12.59, abs=0.005)
        assert left.words.startswith("Germany held 6 centres at Spring 1905 movement: 12.59 by ")
        # A later phase than order entry reached: the last position entered, said so.
        later = score_when_left(db, board_id, "AUSTRIA", "F1906M")
        assert later.score == pytest.approx(50.35, abs=0.005)
        assert "(the last phase entered)" in later.words
        # Before the game started (S1901M, all powers 3 or 4 centres): 9 / 70 of 100.
        start = score_when_left(db, board_id, "ENGLAND", "S1901M")
        assert start.score == pytest.approx(100 * 9 / 70)
        assert score_when_left(db, board_id, "ENGLAND", "Spring 5").score is None
    finally:
        db.close()
