"""DBN 2025's championship game calls only its seven finalists: found in a TD's pass through the
DBN Invitational in a real window. The round-4 roll call carried all 35 over as present and the
wizard offered "35 present — 5 boards · Seed order across boards", while the standings already
marked the seven finalists 2=.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.commands.demo import write_demo
from tdapp.core.tournament.standings import knockout_call
from tdapp.services import rollcall, seating
from tdapp.services.final_call import final_call
from tdapp.services.standings_data import tournament_model, tournament_standings
from tdapp.store.database import TournamentDb
from tdapp.store.files import open_tournament_file


@pytest.fixture()
def before_final(tmp_path: Path):
    db = open_tournament_file(write_demo(tmp_path / "dbn.tdt", players=35,
                                      format_name="dbn-2025", rounds_played=3))
    yield db
    db.close()


def test_the_championship_roll_call_and_wizard_call_only_the_seven_finalists(
        before_final: TournamentDb) -> None:
    """Seed 000 4.1.2: "The Championship Game includes the Top Three Seeds who automatically
    advanced and the 4 Semi-Final game winners." """
    db = before_final
    standings, _ = tournament_standings(db)
    marked = {int(r.player) for r in standings.rows if r.note.startswith("qualified for the final")}
    assert len(marked) == 7

    rows = rollcall.roll_call(db, 4)
    present = {r.player_id for r in rows if r.status == "present"}
    assert present == marked
    assert rollcall.count(rows).summary().startswith("7 present — 1 board")
    assert all(r.not_called for r in rows if r.player_id not in marked)

    proposal = seating.who_plays(db, 4)
    assert set(proposal.playing) == marked and not proposal.sitting_out
    assert not proposal.plan().problems()
    not_called = next(n for n in proposal.explanations if n.startswith("Not called (28"))
    names = {r.player_id: r.name for r in rows}
    assert all(names[p] in not_called for p in names if p not in marked)
    assert "not in the final" in not_called

    seated = seating.seat(db, 4, proposal.plan(), time_limit=0.5)
    assert len(seated.boards) == 1
    labels = seating.player_labels(db)
    assert set(seated.boards[0].seats) == {labels[p] for p in marked}


def test_the_final_is_seeded_solo_first_then_by_seed(before_final: TournamentDb) -> None:
    """Seed 000 2.9.2: "The Top Three Seeds automatically advance to the Championship Game";
    the format seeds the final by a semi-final solo first, then by seed."""
    db = before_final
    call = final_call(db, 4)
    assert call is not None and not call.issues
    model = tournament_model(db)
    seeds = {int(p.id): p.seed for p in model.players}
    automatic = sorted((p for p in seeds if seeds[p] is not None), key=lambda p: seeds[p] or 0)[:3]
    assert set(automatic) <= set(call.called)
    assert all(how.startswith("automatic") for p, how in call.called.items() if p in automatic)
    solos = [p for p, how in call.called.items() if "(solo)" in how]
    order = list(call.called)
    assert order[:len(solos)] == solos  # a semi-final solo first
    rest = order[len(solos):]
    assert rest == sorted(rest, key=lambda p: seeds[p] or 1 << 30)  # then by seed

    context = seating.seating_context(db, 4)
    labels = seating.player_labels(db)
    assert context.ranking[:7] == [labels[p] for p in order]
    assert any(n.startswith("Final, seeded:") for n in context.notes)


def test_a_semi_final_without_a_winner_calls_nobody_off(tmp_path: Path) -> None:
    """With a semi-final unfinished the final's call is not known: the roll call is not cut."""
    db = open_tournament_file(write_demo(tmp_path / "dbn2.tdt", players=35,
                                         format_name="dbn-2025", rounds_played=2))
    try:
        call = final_call(db, 4)
        assert call is not None and call.issues
        assert not any(r.not_called for r in rollcall.roll_call(db, 4))
        model = tournament_model(db)
        from tdapp.services.formats import effective_format
        found, issues = knockout_call(model, effective_format(db))
        assert issues and len(found) < 7
    finally:
        db.close()
