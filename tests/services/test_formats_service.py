"""The tournament's own format and formula systems, on real demo tournament files, read back
through ``tdapp standings`` as a TD would."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections import defaultdict
from pathlib import Path

import pytest

from tdapp.commands import standings as standings_command
from tdapp.commands.demo import write_demo
from tdapp.core.formats import copy_format, get_format
from tdapp.core.formats.model import CountGroup
from tdapp.core.powers import POWERS
from tdapp.services import formats, history, players, rounds
from tdapp.services.changes import ServiceError
from tdapp.services.exports import report_data
from tdapp.services.results import BoardResult, record_result
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.files import open_tournament_file

WDC = get_format("wdc-2025")


@pytest.fixture(scope="module")
def demo_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "master.tdt"
    return write_demo(path, players=49, format_name="wdc-2025", rounds_played=2)


@pytest.fixture
def demo(demo_master: Path, tmp_path: Path) -> Path:
    """This test's own copy of the demo tournament (two rounds of WDC 2025 played)."""
    path = tmp_path / "demo.tdt"
    shutil.copyfile(demo_master, path)
    return path


def standings_of(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    assert standings_command.main([str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def scores_by_player(document: dict) -> dict[str, float]:
    return {row["player_id"]: row["score"] for row in document["standings"]}


def round_scores(document: dict, number: int) -> dict[tuple[int, str], float]:
    """(board, power) -> the round's score, from the standings document."""
    return {(e["board"], e["power"]): e["score"] for row in document["standings"]
            for e in row["rounds"] if e["round"] == number and e["board"] is not None}


def test_best_one_of_three_rounds_changes_the_standings(demo: Path, capsys) -> None:
    before = standings_of(demo, capsys)
    custom = copy_format(WDC, name="wdc-2025-best-one", title="WDC 2025, best one of 1-3",
                         counting=(CountGroup((1, 2, 3), best=1), CountGroup((4,))))
    db = open_tournament_file(demo)
    try:
        change = formats.save_custom_format(db, custom, "wdc-2025")
        assert change.tournament
        assert formats.format_state(db).custom
        assert formats.effective_format(db).counting[0].best == 1
    finally:
        db.close()
    after = standings_of(demo, capsys)
    assert after["format"] == "wdc-2025-best-one"
    assert scores_by_player(after) != scores_by_player(before)
    for row in after["standings"]:
        played = [e["score"] for e in row["rounds"] if e["score"] is not None]
        assert row["score"] == pytest.approx(max(played))  # only the better round counts
        assert sum(e["counted"] for e in row["rounds"]) == 1


def test_sum_of_squares_in_round_two_rescores_its_boards_and_undo_restores(
        demo: Path, capsys) -> None:
    before = standings_of(demo, capsys)
    rules = list(WDC.round_rules)
    rules[1] = dataclasses.replace(rules[1], scoring="sum-of-squares")
    custom = copy_format(WDC, name="wdc-2025-sos", title="WDC 2025, round 2 Sum of Squares",
                         round_rules=tuple(rules))
    db = open_tournament_file(demo)
    try:
        change = formats.save_custom_format(db, custom, "wdc-2025")
        assert "rescored" in change.description
        after = standings_of(demo, capsys)
        board_totals: dict[int, float] = defaultdict(float)
        for (board, _power), score in round_scores(after, 2).items():
            board_totals[board] += score
        assert board_totals and all(t == pytest.approx(100.0) for t in board_totals.values())
        assert round_scores(after, 1) == round_scores(before, 1)  # round 1 is still Haight
        assert scores_by_player(after) != scores_by_player(before)
        history.undo(db)
        assert not formats.format_state(db).custom
        restored = standings_of(demo, capsys)
        assert scores_by_player(restored) == pytest.approx(scores_by_player(before))
        assert round_scores(restored, 2) == pytest.approx(round_scores(before, 2))
    finally:
        db.close()


def test_formula_system_used_by_a_custom_format_scores_the_boards(demo: Path, capsys) -> None:
    db = open_tournament_file(demo)
    try:
        formats.save_scoring_system(db, "centres-only", "Centres only", "centres")
        rules = list(WDC.round_rules)
        rules[0] = dataclasses.replace(rules[0], scoring="centres-only")
        custom = copy_format(WDC, name="wdc-2025-centres", title="WDC 2025 by centres",
                             round_rules=tuple(rules))
        formats.save_custom_format(db, custom, "wdc-2025")
        for board in rounds.all_boards(db, 1):
            assert all(s.score == s.centers for s in board.seats)
        # Editing the formula rescores the rounds that use it, and only those.
        round_two = [s.score for b in rounds.all_boards(db, 2) for s in b.seats]
        formats.save_scoring_system(db, "centres-only", "Centres doubled", "2 * centres")
        for board in rounds.all_boards(db, 1):
            assert all(s.score == 2 * s.centers for s in board.seats)
        assert [s.score for b in rounds.all_boards(db, 2) for s in b.seats] == round_two
        assert [s.title for s in formats.scoring_systems(db)] == ["Centres doubled"]
        assert report_data(db).format_title == "WDC 2025 by centres"
        with pytest.raises(ServiceError, match="round 1"):
            formats.delete_scoring_system(db, "centres-only")
    finally:
        db.close()
    document = standings_of(demo, capsys)
    for row in document["standings"]:
        first = [e for e in row["rounds"] if e["round"] == 1 and e["score"] is not None]
        assert all(e["score"] % 2 == 0 for e in first)


def test_a_new_result_is_scored_with_the_tournament_formula(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("Formula Cup", "wdc-2018", 5))
    try:
        players.add_players(db, [players.PlayerData(f"Player {p.title()}") for p in POWERS],
                            "Add")
        ids = [p.id for p in players.list_players(db)]
        formats.save_scoring_system(db, "survivor-bonus", "Survivor bonus",
                                    "centres + if(alive, 10, 0)")
        custom = copy_format(get_format("wdc-2018"), name="formula-cup", title="Formula Cup",
                             scoring="survivor-bonus",
                             round_rules=tuple(dataclasses.replace(r, scoring="survivor-bonus")
                                               for r in get_format("wdc-2018").round_rules))
        formats.save_custom_format(db, custom, "wdc-2018")
        rounds.save_board_call(db, 1, [rounds.BoardPlan(1, dict(zip(POWERS, ids, strict=True)))])
        board = rounds.board_call(db, 1)[0]
        centres = {"AUSTRIA": 10, "ENGLAND": 8, "FRANCE": 6, "GERMANY": 5, "ITALY": 4,
                   "RUSSIA": 1, "TURKEY": 0}
        record_result(db, board.board_id, BoardResult(centres, 1908, eliminated={"TURKEY": 1906}))
        seats = {s.power: s.score for s in rounds.board_call(db, 1)[0].seats}
        assert seats == {p: c + (10 if c else 0) for p, c in centres.items()}
    finally:
        db.close()


def test_a_bad_formula_is_refused_with_its_column(demo: Path) -> None:
    db = open_tournament_file(demo)
    try:
        with pytest.raises(formats.FormulaRefused) as refused:
            formats.save_scoring_system(db, "broken", "Broken", "centres + * 2")
        assert refused.value.column == 11
        assert "column 11" in str(refused.value)
        with pytest.raises(formats.FormulaRefused) as named:
            formats.save_scoring_system(db, "haight", "Mine", "centres")
        assert named.value.field == "name"
        with pytest.raises(formats.FormulaRefused, match="unknown"):
            formats.save_scoring_system(db, "typo", "Typo", "centers_squared")
        assert formats.scoring_systems(db) == ()
    finally:
        db.close()


def test_a_format_naming_an_unknown_system_is_refused_with_the_field(demo: Path) -> None:
    rules = list(WDC.round_rules)
    rules[2] = dataclasses.replace(rules[2], scoring="no-such-system")
    custom = dataclasses.replace(WDC, name="bad", round_rules=tuple(rules))
    db = open_tournament_file(demo)
    try:
        with pytest.raises(formats.FormatRefused) as refused:
            formats.save_custom_format(db, custom, "wdc-2025")
        assert refused.value.field == "round_rules[2].scoring"
        assert not formats.format_state(db).custom
    finally:
        db.close()


def test_back_to_the_built_in_format_restores_its_scores(demo: Path, capsys) -> None:
    before = standings_of(demo, capsys)
    custom = copy_format(WDC, name="wdc-2025-sos", title="All Sum of Squares",
                         round_rules=tuple(dataclasses.replace(r, scoring="sum-of-squares")
                                           for r in WDC.round_rules))
    db = open_tournament_file(demo)
    try:
        formats.save_custom_format(db, custom, "wdc-2025")
        formats.use_builtin_format(db, "wdc-2025")
        state = formats.format_state(db)
        assert not state.custom and state.fmt == WDC and state.base == "wdc-2025"
    finally:
        db.close()
    assert scores_by_player(standings_of(demo, capsys)) == pytest.approx(
        scores_by_player(before))


def test_more_rounds_in_the_format_plan_more_rounds(demo: Path) -> None:
    custom = copy_format(WDC, name="wdc-2025-five", title="Five rounds", rounds=5,
                         counting=(CountGroup((1, 2, 3), best=2), CountGroup((4,)),
                                   CountGroup((5,))))
    db = open_tournament_file(demo)
    try:
        formats.save_custom_format(db, custom, "wdc-2025")
        assert [r.number for r in rounds.list_rounds(db)] == [1, 2, 3, 4, 5]
        assert formats.effective_format(db).round_rule(5).label == "Round 5"
    finally:
        db.close()


def test_a_format_cannot_end_before_a_round_with_boards(demo: Path) -> None:
    custom = copy_format(WDC, name="wdc-2025-one", title="One round", rounds=1,
                         counting=(CountGroup((1,)),), pool=None, team=None,
                         final_ranking="total", tie_breakers=("best-game",),
                         champion_tie_breakers=None)
    db = open_tournament_file(demo)
    try:
        with pytest.raises(formats.FormatRefused) as refused:
            formats.save_custom_format(db, custom, "wdc-2025")
        assert refused.value.field == "rounds" and "round 2" in str(refused.value)
        assert not formats.format_state(db).custom
    finally:
        db.close()


def test_an_unreadable_own_format_is_a_clear_refusal(demo: Path) -> None:
    from sqlalchemy import select

    from tdapp.store.models import Tournament

    db = open_tournament_file(demo)
    try:
        with db.action("Damage") as session:
            session.scalars(select(Tournament)).one().custom_format = {
                "base": "wdc-2025", "rounds": "four"}
        with pytest.raises(ServiceError, match="rounds: must be a whole number"):
            formats.effective_format(db)
        assert formats.format_state(db).fmt == WDC  # the dialog can still open to replace it
        formats.use_builtin_format(db, "wdc-2025")  # the way out the message names
        assert formats.effective_format(db) == WDC
    finally:
        db.close()


def test_choosing_another_builtin_in_the_details_drops_the_custom_format(demo: Path) -> None:
    """Tournament details' format box must not be silently overridden by a saved custom one."""
    from tdapp.services.tournaments import tournament_info, update_tournament

    db = open_tournament_file(demo)
    custom = copy_format(get_format("wdc-2025"), name="wdc-2025-custom", title="Mine")
    formats.save_custom_format(db, custom, "wdc-2025")
    info = tournament_info(db)
    update_tournament(db, dataclasses.replace(info, format_name="wdc-2018", rounds_planned=5))
    assert formats.format_state(db).custom is False
    assert formats.effective_format(db).name == "wdc-2018"
    for board in rounds.all_boards(db):  # rescored with Sum of Squares: each board sums to 100
        assert abs(sum(s.score for s in board.seats) - 100) < 1e-6
    db.close()
