"""A board played through the games service: sheets, adjudication, corrections, draw votes,
the end of the game and its result."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.core.formats import get_format, parse_options_for
from tdapp.core.game.corrections import correction_allowed
from tdapp.core.game.ending import center_history, supply_centre_chart
from tdapp.core.game.play import adjudicate_position
from tdapp.core.game.record import LATE
from tdapp.core.game.sheets import read_sheet, unordered_units
from tdapp.core.powers import POWERS
from tdapp.services import games
from tdapp.services.changes import ServiceError
from tdapp.services.files import open_tournament
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.audit import AuditEntry
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, CenterCount, GamePhase, Player, Seat, Tournament
from tests.gui.game import game_record as record


def seat_round_3(db: TournamentDb) -> int:
    with db.read() as session:
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    plans = [BoardPlan(n + 1, dict(zip(POWERS, ids[n * 7:n * 7 + 7], strict=True)))
             for n in range(7)]
    save_board_call(db, 3, plans)
    return all_boards(db, 3)[0].board_id


@pytest.fixture
def board(demo_file: Path, tmp_path: Path):
    path = tmp_path / "game.tdt"
    shutil.copy(demo_file, path)
    db = open_tournament(path)
    board_id = seat_round_3(db)
    games.start_game(db, board_id)
    yield db, board_id
    db.close()


def set_format(db: TournamentDb, name: str) -> None:
    with db.action("format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = name


def play(db: TournamentDb, board_id: int, upto: str | None = None) -> None:
    for phase, sheets in record.GAME:
        if phase == upto:
            return
        assert games.game_state(db, board_id).current.phase == phase
        for power, text in sheets.items():
            games.save_orders(db, board_id, power, text)
        games.adjudicate(db, board_id)


def jump_to(db: TournamentDb, board_id: int, position: dict) -> None:
    """Put the open phase at a given position (a test shortcut to late years)."""
    with db.action("test position") as session:
        row = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id)
                              .order_by(GamePhase.seq.desc())).first()
        row.phase, row.position = position["phase"], position


def test_start_opens_spring_1901_from_the_standard_start(board) -> None:
    db, board_id = board
    state = games.game_state(db, board_id)
    assert state.current.phase == "S1901M"
    assert state.current.position["units"]["RUSSIA"] == ["F SEV", "A MOS", "F STP/SC", "A WAR"] \
        or sorted(state.current.position["units"]["RUSSIA"]) == [
            "A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert state.status == "playing"
    with pytest.raises(ServiceError, match="already been started"):
        games.start_game(db, board_id)


def test_two_years_of_the_record_come_out_as_published(board) -> None:
    db, board_id = board
    play(db, board_id)
    state = games.game_state(db, board_id)
    assert [p.phase for p in state.phases] == [
        "S1901M", "F1901M", "W1901A", "S1902M", "S1902R", "F1902M", "W1902A", "S1903M"]
    hist = center_history(state.phases)
    assert {y: [hist[y][p] for p in POWERS] for y in hist} == record.CENTRES
    s1902 = state.phases[3].results
    rum = next(r for r in s1902 if r["unit"] == "A RUM")
    assert rum["tags"] == ["dislodged"] and "A SER" in rum["message"]
    sev = next(r for r in s1902 if r["unit"] == "F SEV")
    assert "support cut by F BLA" in sev["message"]
    # France wrote no removal: WDC 2025's civil-disorder list chose the fleet far from home
    w1902 = state.phases[6].results
    assert any(r["power"] == "FRANCE" and "civil disorder" in r["message"] for r in w1902)


def test_each_sheet_save_is_one_audited_action_with_the_text_as_typed(board) -> None:
    db, board_id = board
    games.save_orders(db, board_id, "ITALY", "A Ven-Tyr")
    games.save_orders(db, board_id, "ITALY", "a ven - tyrolia ")
    state = games.game_state(db, board_id)
    assert state.current.sheets["ITALY"].text == "a ven - tyrolia "
    with db.read() as session:
        actions = {(e.action_id, e.what) for e in session.scalars(select(AuditEntry))}
    # named as in Edit > Undo (QA: 'Undo Draw vote W1901A passed' was in codes)
    assert sum("Italy orders Spring 1901 movement" in what for _, what in actions) == 2


def test_unordered_units_and_reading_follow_the_format(board) -> None:
    db, board_id = board
    state = games.game_state(db, board_id)
    pos = state.current.position
    opts = parse_options_for(get_format("wdc-2025"))
    read = read_sheet("A Ven-Tyr; F Nap-Ion", "ITALY", pos, opts)
    assert [r.normalized for r in read] == ["A VEN - TYR", "F NAP - ION"]
    assert unordered_units(pos, "ITALY", read) == ["A ROM"]
    bad = read_sheet("A Ven-Xyz", "ITALY", pos, opts)[0]
    assert bad.error and bad.span == (6, 9)
    edc = read_sheet("F Lon-Nor", "ENGLAND", pos, parse_options_for(get_format("edc-2026")))
    assert "EDC 2026" in " ".join(edc[0].warnings)


def test_no_orders_means_every_unit_holds(board) -> None:
    db, board_id = board
    games.save_orders(db, board_id, "FRANCE", "A Par-Bur")
    games.set_sheet_status(db, board_id, "FRANCE", games.NO_ORDERS)
    games.adjudicate(db, board_id)
    state = games.game_state(db, board_id)
    assert "A PAR" in state.current.position["units"]["FRANCE"]


def test_grace_period_only_where_the_format_has_one_and_once_per_game(board) -> None:
    db, board_id = board
    with pytest.raises(ServiceError, match="no grace period"):
        games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    set_format(db, "edc-2026")
    games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    assert games.game_state(db, board_id).current.sheets["FRANCE"].status == games.GRACE
    games.save_orders(db, board_id, "FRANCE", "A Par-Bur")  # handed in during the grace
    assert games.game_state(db, board_id).current.sheets["FRANCE"].status == LATE
    games.adjudicate(db, board_id)
    with pytest.raises(ServiceError, match="has had its grace period"):
        games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)


def test_correction_recomputes_later_phases_and_names_orders_now_invalid(board) -> None:
    db, board_id = board
    play(db, board_id, upto="W1902A")  # F1902M adjudicated, W1902A open
    state = games.game_state(db, board_id)
    seq = next(p.seq for p in state.phases if p.phase == "S1902M")
    # Too late under WDC 2025 (S1902R and F1902M have been played since) unless the TD says so
    with pytest.raises(ServiceError, match="WDC 2025") as refused:
        games.correct_orders(db, board_id, seq, "FRANCE", "x")
    # QA: the TD read 'Too late to correct S1902M'; the phase is named as people say it
    assert str(refused.value).startswith("Too late to correct Spring 1902 movement: ")
    assert str(refused.value).endswith(". The TD may override.")
    assert ".." not in str(refused.value)
    report = games.correct_orders(
        db, board_id, seq, "FRANCE", "F Bre-Mao, A Par-Gas, A Bur H, F Por H, A Spa H",
        override=True)
    assert report.recomputed == ("S1902M", "S1902R", "F1902M")
    assert any("F1902M France" in line and "A Pic" in line for line in report.invalid)
    after = games.game_state(db, board_id)
    assert "A GAS" in after.phases[seq + 1].position["units"]["FRANCE"] or any(
        "A GAS" in u for p in after.phases for u in p.position["units"].get("FRANCE", []))
    # The later sheets are kept as typed
    f1902 = next(p for p in after.phases if p.phase == "F1902M")
    assert f1902.sheets["FRANCE"].text == dict(record.GAME)["F1902M"]["FRANCE"]
    with db.read() as session:
        actions = [e.what for e in session.scalars(select(AuditEntry))]
    assert any("Correct France orders Spring 1902 movement (TD override)" in a for a in actions)


def test_correction_can_remove_a_retreat_phase(board) -> None:
    db, board_id = board
    play(db, board_id, upto="S1902R")  # S1902M adjudicated, Russia's retreat open
    state = games.game_state(db, board_id)
    seq = next(p.seq for p in state.phases if p.phase == "S1902M")
    allowed, _ = correction_allowed(state.phases, seq, get_format("wdc-2025").corrections)
    assert allowed  # before the next deadline
    report = games.correct_orders(db, board_id, seq, "TURKEY",
                                  "F Bla H, A Bul H, A Con H, F Ank H")
    assert report.dropped == ("S1902R",)
    after = games.game_state(db, board_id)
    assert after.current.phase == "F1902M"
    assert "A RUM" in after.current.position["units"]["RUSSIA"]


def test_draw_votes_follow_the_format(board) -> None:
    db, board_id = board
    with pytest.raises(ServiceError, match="Spring 1906"):
        games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS, True))
    set_format(db, "edc-2026")  # draws from 1901, secret
    out = games.hold_draw_vote(db, board_id, {**dict.fromkeys(POWERS, True), "ITALY": False})
    assert not out.passed and out.secret
    with pytest.raises(ServiceError, match="one per season"):
        games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS, True))
    state = games.game_state(db, board_id)
    assert state.votes[0].votes is None  # a secret vote keeps no ballot
    games.adjudicate(db, board_id)  # Fall 1901: a new season
    out = games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS[:6], True),
                               abandoned=["TURKEY"])
    assert out.passed
    state = games.game_state(db, board_id)
    assert state.status == "finished" and state.end_reason == "draw"
    with db.read() as session:
        b = session.get(Board, board_id)
        assert b.draw_powers == list(POWERS)
        whats = {e.what for e in session.scalars(select(AuditEntry))}
    assert any(w.startswith("Draw vote Fall 1901 movement passed, ") for w in whats)


def test_solo_at_the_end_of_a_fall_ends_the_game_with_its_history(board) -> None:
    db, board_id = board
    play(db, board_id, upto="S1902M")
    state = games.game_state(db, board_id)
    pos = dict(state.current.position)
    # Germany on 17 centres with an army about to walk into empty Warsaw
    centers = {"GERMANY": ["BER", "KIE", "MUN", "HOL", "BEL", "DEN", "SWE", "NWY", "PAR", "BRE",
                           "MAR", "LON", "EDI", "LVP", "MOS", "STP", "VIE"],
               "AUSTRIA": ["BUD", "TRI"], "RUSSIA": ["WAR", "SEV"]}
    jump_to(db, board_id, {"phase": "F1905M", "units": {"GERMANY": ["A SIL"],
                                                        "AUSTRIA": ["A BUD"],
                                                        "RUSSIA": ["F SEV"]},
                           "centers": centers, "dislodged": {}, "contested": []})
    games.save_orders(db, board_id, "GERMANY", "A Sil-War")
    games.adjudicate(db, board_id)
    state = games.game_state(db, board_id)
    assert state.end_reason == "solo"
    with db.read() as session:
        seats = {s.power: s for s in session.scalars(select(Seat).where(
            Seat.board_id == board_id))}
        assert seats["GERMANY"].centers == 18
        years = {c.year for c in session.scalars(select(CenterCount).where(
            CenterCount.board_id == board_id))}
    assert {1901, 1905} <= years
    del pos


def test_time_and_td_call_score_on_the_last_completed_fall(board) -> None:
    db, board_id = board
    play(db, board_id, upto="F1902M")
    games.end_game(db, board_id, "time")
    with db.read() as session:
        b = session.get(Board, board_id)
        assert (b.end_reason, b.end_year) == ("time", 1901)
        seats = {s.power: s.centers for s in session.scalars(select(Seat).where(
            Seat.board_id == board_id))}
    assert [seats[p] for p in POWERS] == record.CENTRES[1901]
    with pytest.raises(ServiceError, match="over"):
        games.save_orders(db, board_id, "FRANCE", "A Par H")


def test_supply_centre_chart_rows(board) -> None:
    db, board_id = board
    play(db, board_id)
    rows = supply_centre_chart(games.history(db, board_id))
    assert rows[0] == ("Start", [3, 3, 3, 3, 3, 4, 3])
    assert rows[1:] == [(str(y), c) for y, c in record.CENTRES.items()]


def test_undo_takes_an_adjudication_back(board) -> None:
    from tdapp.services import history as history_service

    db, board_id = board
    for power, text in dict(record.GAME)["S1901M"].items():
        games.save_orders(db, board_id, power, text)
    games.adjudicate(db, board_id)
    assert games.game_state(db, board_id).current.phase == "F1901M"
    history_service.undo(db)
    state = games.game_state(db, board_id)
    assert [p.phase for p in state.phases] == ["S1901M"]
    assert not state.current.adjudicated
    assert state.current.sheets["TURKEY"].text == dict(record.GAME)["S1901M"]["TURKEY"]


def test_the_service_adjudicates_exactly_as_tdapp_adjudicate() -> None:
    from tdapp.commands.adjudicate import adjudicate_document
    from tdapp.core.adjudication.reading import paper_reader
    from tdapp.core.board.contract import position_to_contract
    from tdapp.core.board.position import Position

    fmt = get_format("wdc-2025")
    position = position_to_contract(Position.initial())
    sheets = {p: games.SheetRow(p, t, games.ENTERED)
              for p, t in dict(record.GAME)["S1901M"].items()}
    ours = adjudicate_position(position, sheets, fmt)
    options = parse_options_for(fmt)
    doc = {**position, "rules": fmt.adjudicator_rules(), "orders": {
        p: [r.text for r in read_sheet(s.text, p, position, options)]
        for p, s in sheets.items()}}
    assert ours == adjudicate_document(doc, paper_reader(options=options))


def test_sheets_of_a_phase_no_longer_reached_come_back_when_it_is(board) -> None:
    db, board_id = board
    play(db, board_id, upto="W1902A")  # F1902M adjudicated
    seq = next(p.seq for p in games.game_state(db, board_id).phases if p.phase == "S1902M")
    turkey = dict(record.GAME)["S1902M"]["TURKEY"]
    # Turkey only held: no dislodgement, no retreat phase
    report = games.correct_orders(db, board_id, seq, "TURKEY",
                                  "F Bla H, A Bul H, A Con H, F Ank H", override=True)
    assert report.dropped == ("S1902R",)
    assert [p.phase for p in games.game_state(db, board_id).phases][seq:] == [
        "S1902M", "F1902M", "W1902A"]
    # ...and back as it was: the retreat phase returns with Russia's retreat as typed, open
    report = games.correct_orders(db, board_id, seq, "TURKEY", turkey, override=True)
    state = games.game_state(db, board_id)
    assert state.current.phase == "S1902R"
    assert state.current.sheets["RUSSIA"].text == "A Rum-Ukr"
    assert "F1902M" in report.dropped
    games.adjudicate(db, board_id)
    state = games.game_state(db, board_id)
    assert state.current.phase == "F1902M"
    assert state.current.sheets["FRANCE"].text == dict(record.GAME)["F1902M"]["FRANCE"]
    games.adjudicate(db, board_id)
    hist = center_history(games.history(db, board_id))
    assert [hist[1902][p] for p in POWERS] == record.CENTRES[1902]


def test_wdc_2025_votes_turn_open_after_three_failed_secret_votes(board) -> None:
    db, board_id = board
    start = games.game_state(db, board_id).current.position
    no_from_italy = {**dict.fromkeys(POWERS, True), "ITALY": False}
    for phase in ("S1906M", "F1906M", "S1907M"):
        jump_to(db, board_id, {**start, "phase": phase})
        out = games.hold_draw_vote(db, board_id, no_from_italy)
        assert out.secret and not out.passed
    jump_to(db, board_id, {**start, "phase": "F1907M"})
    assert not games.draw_vote_preview(db, board_id).secret
    out = games.hold_draw_vote(db, board_id, no_from_italy)
    assert not out.secret and not out.passed
    votes = games.game_state(db, board_id).votes
    assert [v.votes for v in votes[:3]] == [None, None, None]
    assert votes[3].votes == no_from_italy


def test_an_action_for_a_phase_already_over_is_refused(board) -> None:
    from tdapp.services.changes import StaleEdit

    db, board_id = board
    games.adjudicate(db, board_id, phase="S1901M")  # another laptop adjudicated it
    with pytest.raises(StaleEdit, match="S1901M is over already"):
        games.adjudicate(db, board_id, phase="S1901M")
    with pytest.raises(StaleEdit, match="the board is at F1901M"):
        games.save_orders(db, board_id, "ITALY", "A Ven-Tyr", phase="S1901M")
    assert games.game_state(db, board_id).current.phase == "F1901M"


def test_round_time_ends_every_board_but_those_in_a_fall(board) -> None:
    db, board_id = board
    boards = [b.board_id for b in all_boards(db, 3)]
    other = boards[1]
    games.start_game(db, other)
    for power, text in dict(record.GAME)["S1901M"].items():
        games.save_orders(db, other, power, text)
    games.adjudicate(db, other)
    games.save_orders(db, other, "FRANCE", "A Bur-Bel")  # Fall 1901 under way
    out = games.end_round_by_time(db, 3)
    assert out.ended == (board_id,) and out.fall_in_hand == (other,)
    with db.read() as session:
        assert session.get(Board, board_id).end_reason == "time"
        assert session.get(Board, other).status == "playing"


def test_a_tds_own_format_brings_its_grace_period_and_correction_rule(board) -> None:
    from tdapp.core.formats import copy_format
    from tdapp.core.formats.model import CorrectionRule, GraceRule
    from tdapp.services import formats

    db, board_id = board
    mine = copy_format(get_format("wdc-2025"), name="house", title="House rules",
                       grace=GraceRule(minutes=3, per_game=2, movement_only=True),
                       corrections=CorrectionRule("next-movement", "our house rule"))
    formats.save_custom_format(db, mine, "wdc-2025")
    state = games.game_state(db, board_id)
    assert state.grace == mine.grace and state.corrections == mine.corrections
    games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)  # twice per game here
    games.adjudicate(db, board_id)
    games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    games.adjudicate(db, board_id)  # F1901M: France's centres hold, no Winter for France
    state = games.game_state(db, board_id)
    while not state.current.phase.endswith("M"):
        games.adjudicate(db, board_id)
        state = games.game_state(db, board_id)
    with pytest.raises(ServiceError, match=r"House rules: 2 per game"):
        games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    # S1901M stays correctable until a later movement phase is adjudicated: F1901M was
    first = next(p for p in state.phases if p.phase == "S1901M")
    with pytest.raises(ServiceError, match="our house rule"):
        games.correct_orders(db, board_id, first.seq, "FRANCE", "A Par-Bur")


def test_an_old_file_whose_own_format_predates_the_game_rules_plays_as_before(board) -> None:
    """Before grace periods were part of the format, a changed EDC 2026 had none (the rule
    was looked up by the name 'edc-2026'): the file still opens and still has none."""
    import json

    db, board_id = board
    old = Path(__file__).parents[1] / "core" / "formats" / "data" / (
        "edc-2026-custom-before-game-rules.json")
    with db.action("an old file's own format") as session:
        row = session.scalars(select(Tournament)).one()
        row.format_name, row.custom_format = "edc-2026", json.loads(old.read_text())
    state = games.game_state(db, board_id)
    assert state.format_name == "edc-2026-custom" and state.grace is None
    with pytest.raises(ServiceError, match="has no grace period"):
        games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    assert "TD rules otherwise" in state.corrections.text


def test_a_draw_among_named_powers_only_where_the_format_allows_it(board) -> None:
    import dataclasses

    from tdapp.core.formats import copy_format
    from tdapp.services import formats

    db, board_id = board
    set_format(db, "edc-2026")  # DIAS: every power with a centre is in the draw
    assert not games.draw_vote_preview(db, board_id).named
    with pytest.raises(ServiceError, match="a draw includes every power with a centre"):
        games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS, True),
                             powers=["FRANCE", "GERMANY"])
    edc = get_format("edc-2026")
    named = copy_format(edc, name="edc-named", title="EDC with named draws",
                        draw_votes=dataclasses.replace(edc.draw_votes, participants="named"))
    formats.save_custom_format(db, named, "edc-2026")
    preview = games.draw_vote_preview(db, board_id)
    assert preview.named and preview.eligible == POWERS  # voters: every power with a centre
    with pytest.raises(ServiceError, match="two powers at least"):
        games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS, True), powers=["FRANCE"])
    out = games.hold_draw_vote(db, board_id, {**dict.fromkeys(POWERS, True), "ITALY": False},
                               powers=["GERMANY", "FRANCE", "ENGLAND"])
    assert not out.passed and out.eligible == POWERS  # Italy, not in the draw, still votes
    assert games.game_state(db, board_id).votes[-1].powers == ("ENGLAND", "FRANCE", "GERMANY")
    games.adjudicate(db, board_id)  # Fall 1901: a new season
    out = games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS, True),
                               powers=["ENGLAND", "FRANCE", "GERMANY"])
    assert out.passed
    with db.read() as session:
        b = session.get(Board, board_id)
        assert (b.end_reason, b.draw_powers) == ("draw", ["ENGLAND", "FRANCE", "GERMANY"])
