"""The format in force decides how a board's order sheets are read: a TD's own copy of EDC 2026
(saved in the tournament under a new name) keeps EDC's strict abbreviation rule, named by its
title; an old tournament file reads as it did; seating reads the same format through the one
formats service."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.core.formats import copy_format, get_format
from tdapp.core.game.sheets import read_sheet
from tdapp.core.powers import POWERS
from tdapp.services import formats, games, seating
from tdapp.services.changes import ServiceError
from tdapp.services.files import open_tournament
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.database import TournamentDb
from tdapp.store.models import Player, Tournament

OLD_FILE = (Path(__file__).parents[1] / "core" / "formats" / "data"
            / "edc-2026-custom-before-reading-rules.json")


@pytest.fixture
def db(demo_file: Path, tmp_path: Path):
    path = tmp_path / "reading.tdt"
    shutil.copy(demo_file, path)
    db = open_tournament(path)
    yield db
    db.close()


def _board(db: TournamentDb) -> int:
    """Round 3, board 1 seated and its game started at Spring 1901."""
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    plans = [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7], strict=True)))
             for n in range(7)]
    save_board_call(db, 3, plans)
    board_id = all_boards(db, 3)[0].board_id
    games.start_game(db, board_id)
    return board_id


def _save_own_edc(db: TournamentDb) -> None:
    own = copy_format(get_format("edc-2026"), name="our-edc", title="Our EDC", end_year=1910)
    formats.save_custom_format(db, own, "edc-2026")


def _london(db: TournamentDb, board_id: int, text: str) -> dict:
    """England's F LON ordered by ``text`` and the phase adjudicated: F LON's result."""
    games.save_orders(db, board_id, "ENGLAND", text)
    games.adjudicate(db, board_id)
    first = games.game_state(db, board_id).phases[0]
    return next(r for r in first.results if r["unit"] == "F LON")


def test_a_tds_copy_of_edc_reads_lon_nor_as_edc_says(db) -> None:
    _save_own_edc(db)
    options, rules, _ = games.format_rules(db)
    assert options.strict_abbreviations and not options.correct_slips
    assert options.rules_name == "Our EDC"
    assert rules["duplicate_orders"] == "last"  # EDC's two-orders rule came along too
    board_id = _board(db)
    position = games.game_state(db, board_id).current.position
    read = read_sheet("F Lon-Nor", "ENGLAND", position, options)[0]
    assert read.normalized == "F LON - NWY"  # Nor is Norway's official abbreviation
    result = _london(db, board_id, "F Lon-Nor")
    assert "void" in result["tags"]  # an illegal order: the fleet holds
    units = games.game_state(db, board_id).current.position["units"]["ENGLAND"]
    assert "F LON" in units and "F NTH" not in units


def test_the_forgiving_reading_moves_the_same_fleet_to_the_north_sea(db) -> None:
    """WDC 2025 (the demo's format) reads the slip by intent: the one possible order."""
    options, _, _ = games.format_rules(db)
    assert not options.strict_abbreviations and options.rules_name == "WDC 2025"
    result = _london(db, _board(db), "F Lon-Nor")
    assert "void" not in result["tags"] and result["normalized"] == "F LON - NTH"


def test_a_tournament_file_saved_before_the_reading_rule_reads_as_it_did(db) -> None:
    """Its copy of EDC 2026 was read with the forgiving defaults then: it still is."""
    with db.action("a file from before the reading rule") as session:
        session.scalars(select(Tournament)).one().custom_format = json.loads(
            OLD_FILE.read_text())
    options, _, _ = games.format_rules(db)
    assert not options.strict_abbreviations and options.correct_slips
    assert options.rules_name == "European Diplomacy Championship 2026 (changed)"
    result = _london(db, _board(db), "F Lon-Nor")
    assert result["normalized"] == "F LON - NTH"


def test_seating_reads_the_format_in_force_with_the_services_message(db) -> None:
    _save_own_edc(db)
    # seating reads the format through the one formats service, as the rest of the program does
    assert seating.seating_context(db, 1).fmt == formats.effective_format(db)
    assert seating.seating_context(db, 1).fmt.title == "Our EDC"
    with db.action("a format edited by hand") as session:
        session.scalars(select(Tournament)).one().custom_format = {
            "base": "edc-2026", "reading": {"missing_coast": "guess"}}
    with pytest.raises(ServiceError, match=r"own format cannot be read .*reading\.missing_coast"):
        seating.seating_context(db, 1)
