"""Build errors under a format that carries them (EDC 2026, seed 004): a correction that changes
the builds of a Winter after the next Spring was played keeps the game as played and puts the
difference right at the next build phase; found before that Spring's deadline, it is put right
at once. Played on a real board: the published game of tests/gui/game/game_record.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.core.formats import copy_format, get_format
from tdapp.core.formats.model import CorrectionRule
from tdapp.core.game.builds import owed_adjustments
from tdapp.core.powers import POWERS
from tdapp.services import formats, games
from tdapp.services.files import open_tournament
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.database import TournamentDb
from tdapp.store.models import Player
from tests.gui.game import game_record as record

SHEETS = dict(record.GAME)

# Russia's fleet in the Gulf of Bothnia held in Fall 1901 instead of taking Sweden
RUSSIA_HOLDS = "A Ukr-Rum, F Sev S A Ukr-Rum, A War-Gal, F Bot H"
# France's army held in Burgundy, so Germany's army walked into Belgium
FRANCE_HOLDS = "A Bur H, F Mao-Por, A Spa H"


def house_format(build_errors: str):
    """WDC 2025 as a TD's own format, with the build-error rule under test."""
    return copy_format(get_format("wdc-2025"), name="house", title="House rules",
                       corrections=CorrectionRule("next-deadline", "the board stands",
                                                  build_errors))


@pytest.fixture
def board(demo_file: Path, tmp_path: Path):
    path = tmp_path / "game.tdt"
    shutil.copy(demo_file, path)
    db = open_tournament(path)
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    save_board_call(db, 3, [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7], strict=True)))
                            for n in range(7)])
    board_id = all_boards(db, 3)[0].board_id
    games.start_game(db, board_id)
    yield db, board_id
    db.close()


def play(db: TournamentDb, board_id: int, upto: str) -> None:
    for phase, sheets in record.GAME:
        if phase == upto:
            return
        for power, text in sheets.items():
            games.save_orders(db, board_id, power, text)
        games.adjudicate(db, board_id)


def phase(db: TournamentDb, board_id: int, name: str) -> games.PhaseRow:
    return next(p for p in games.game_state(db, board_id).phases if p.phase == name)


def seq_of(db: TournamentDb, board_id: int, name: str) -> int:
    return phase(db, board_id, name).seq


def test_too_many_builds_found_after_the_next_spring_come_off_at_the_next_winter(board) -> None:
    db, board_id = board
    formats.save_custom_format(db, house_format("next-adjustment"), "wdc-2025")
    play(db, board_id, upto="F1902M")  # S1902M and its retreat played
    played = {name: phase(db, board_id, name) for name in ("W1901A", "S1902M", "S1902R")}
    report = games.correct_orders(db, board_id, seq_of(db, board_id, "F1901M"), "RUSSIA",
                                  RUSSIA_HOLDS, override=True)
    assert report.recomputed == ("F1901M",)
    assert report.carried == (
        "Russia: Winter 1901 adjustments gave 1 build too many; the game stands as played "
        "and Russia has 1 build fewer (or 1 more removal) at Winter 1902 adjustments.",)
    state = games.game_state(db, board_id)
    assert [p.phase for p in state.phases] == [
        "S1901M", "F1901M", "W1901A", "S1902M", "S1902R", "F1902M"]
    f1901 = phase(db, board_id, "F1901M")
    assert any(r["unit"] == "F BOT" and r["power"] == "RUSSIA" for r in f1901.results)
    for name, before in played.items():  # the game as played stands, sheets and all
        after = phase(db, board_id, name)
        assert (after.position, after.results, after.sheets) == (
            before.position, before.results, before.sheets)
    assert state.current.position["carried"] == {"W1901A": {"RUSSIA": -1}}
    # Fall 1902 as written: Russia owes the removal it owed, and one more
    for power, text in SHEETS["F1902M"].items():
        games.save_orders(db, board_id, power, text)
    games.adjudicate(db, board_id)
    winter = games.game_state(db, board_id).current
    assert winter.phase == "W1902A"
    assert owed_adjustments(winter.position)["RUSSIA"] == -2
    assert winter.position["adjustments"]["RUSSIA"] == -2  # what the entry view shows
    assert winter.position["adjustments"]["AUSTRIA"] == 1  # nobody else is touched
    russia_before = len(winter.position["units"]["RUSSIA"])
    for power, text in SHEETS["W1902A"].items():
        games.save_orders(db, board_id, power, text)
    games.adjudicate(db, board_id)
    spring = games.game_state(db, board_id).current
    assert spring.phase == "S1903M" and "carried" not in spring.position
    assert len(spring.position["units"]["RUSSIA"]) == russia_before - 2
    assert "A UKR" not in spring.position["units"]["RUSSIA"]  # the removal Russia wrote
    assert spring.position["centers"] == winter.position["centers"]
    results = phase(db, board_id, "W1902A").results
    assert any(r["power"] == "RUSSIA" and "civil disorder" in r["message"] for r in results)


def test_too_few_builds_found_late_give_an_extra_build_at_the_next_winter(board) -> None:
    db, board_id = board
    formats.save_custom_format(db, house_format("next-adjustment"), "wdc-2025")
    play(db, board_id, upto="F1902M")
    report = games.correct_orders(db, board_id, seq_of(db, board_id, "F1901M"), "FRANCE",
                                  FRANCE_HOLDS, override=True)
    assert report.carried == (
        "Germany: Winter 1901 adjustments gave 1 build too few; the game stands as played and "
        "Germany has 1 more build (or 1 removal fewer) at Winter 1902 adjustments.",)
    for power, text in SHEETS["F1902M"].items():
        games.save_orders(db, board_id, power, text)
    games.adjudicate(db, board_id)
    winter = games.game_state(db, board_id).current
    owed = owed_adjustments(winter.position)
    germany = winter.position["adjustments"]["GERMANY"]
    assert germany == owed["GERMANY"] == 2  # the build it owed as played, and the one carried
    games.save_orders(db, board_id, "GERMANY", "Build A Ber, Build F Kie")
    games.adjudicate(db, board_id)
    spring = games.game_state(db, board_id).current
    assert {"A BER", "F KIE"} <= set(spring.position["units"]["GERMANY"])
    assert len(spring.position["units"]["GERMANY"]) == len(winter.position["units"]["GERMANY"]) + 2
    assert "carried" not in spring.position


def test_a_build_error_found_before_the_next_spring_deadline_is_put_right_at_once(board) -> None:
    db, board_id = board
    formats.save_custom_format(db, house_format("next-adjustment"), "wdc-2025")
    play(db, board_id, upto="S1902M")  # Winter 1901 played, Spring 1902 still open
    report = games.correct_orders(db, board_id, seq_of(db, board_id, "F1901M"), "RUSSIA",
                                  RUSSIA_HOLDS, override=True)
    assert report.recomputed == ("F1901M", "W1901A") and report.carried == ()
    winter = phase(db, board_id, "W1901A")
    russia = [r for r in winter.results if r["power"] == "RUSSIA"]
    assert [r["tags"] for r in russia] == [[], ["void"]]  # the second build has no centre
    assert "carried" not in games.game_state(db, board_id).current.position


def test_re_adjudicating_everything_stays_the_rule_elsewhere(board) -> None:
    db, board_id = board
    formats.save_custom_format(db, house_format("recompute"), "wdc-2025")
    play(db, board_id, upto="F1902M")
    report = games.correct_orders(db, board_id, seq_of(db, board_id, "F1901M"), "RUSSIA",
                                  RUSSIA_HOLDS, override=True)
    assert report.recomputed == ("F1901M", "W1901A", "S1902M", "S1902R")
    assert report.carried == ()
    assert "carried" not in games.game_state(db, board_id).current.position
