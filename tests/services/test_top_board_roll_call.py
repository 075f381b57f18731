"""WDC 2018's top board asks who is present: found in a TD's pass in a real window (issue 14).

A player of the best seven whom the round-5 roll call does not have present used to be named on
the top board in the wizard, then dropped silently by the seater: board 1 was filled by whoever
the search chose (not the 8th highest) and was not even marked the top board.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.commands.demo import write_demo
from tdapp.core.tournament import board_call
from tdapp.services import rollcall, seating
from tdapp.store.database import TournamentDb
from tdapp.store.files import open_tournament_file


@pytest.fixture()
def before_final(tmp_path: Path):
    db = open_tournament_file(write_demo(tmp_path / "wdc-2018.tdt", players=56,
                                      format_name="wdc-2018", rounds_played=4))
    yield db
    db.close()


def _top_board(db: TournamentDb) -> tuple[board_call.SeatingProposal, set[str]]:
    plan = seating.who_plays(db, 5).plan()
    assert not plan.problems()
    proposal = seating.seat(db, 5, plan, time_limit=0.5)
    board_one = next(b for b in proposal.boards if b.number == 1)
    return proposal, set(board_one.seats)


def test_a_top_board_player_absent_on_the_roll_call_is_replaced_by_the_next_in_line(
        before_final: TournamentDb) -> None:
    """Seed 002: "the players with the seven highest scores will qualify for the "Top Board" ...
    If a player cannot take their spot on the top board, or declines to participate, that spot
    will be offered to the 8th highest score, and so on until a top board is seated." """
    db = before_final
    ids = [int(p) for p in seating.ranking_ids(db)]
    labels = seating.player_labels(db)
    everyone = [row.player_id for row in rollcall.roll_call(db, 5)]
    rollcall.set_answers(db, 5, everyone, status="present")
    rollcall.set_answers(db, 5, [ids[2]], status="absent")  # the 3rd best is not there

    proposal, board_one = _top_board(db)

    expected = {labels[p] for p in [p for p in ids if p != ids[2]][:7]}
    assert board_one == expected  # the 8th highest took the place, nobody the search picked
    assert labels[ids[7]] in board_one
    assert proposal.context.top_board and set(proposal.context.top_board) == expected
    assert any(labels[ids[2]] in note and "roll call" in note for note in proposal.notes)
    plans = seating.plans_of(proposal)
    assert next(p for p in plans if p.number == 1).top_board  # board 1 is marked the top board


def test_everyone_present_keeps_the_best_seven(before_final: TournamentDb) -> None:
    """Seed 002: "the players with the seven highest scores will qualify for the "Top Board"." """
    db = before_final
    ids = [int(p) for p in seating.ranking_ids(db)]
    labels = seating.player_labels(db)
    everyone = [row.player_id for row in rollcall.roll_call(db, 5)]
    rollcall.set_answers(db, 5, everyone, status="present")

    proposal, board_one = _top_board(db)

    assert board_one == {labels[p] for p in ids[:7]}
    assert not any("roll call" in note for note in proposal.notes)


def test_a_decline_and_an_absence_are_both_named_and_passed_over(
        before_final: TournamentDb) -> None:
    """Seed 002: "If a player cannot take their spot on the top board, or declines to
    participate, that spot will be offered to the 8th highest score, and so on"."""
    import dataclasses

    from tdapp.services import players as player_service

    db = before_final
    ids = [int(p) for p in seating.ranking_ids(db)]
    labels = seating.player_labels(db)
    row = player_service.get_player(db, ids[0])
    fields = {f.name for f in dataclasses.fields(player_service.PlayerData)}
    data = player_service.PlayerData(**{f: getattr(row, f) for f in fields if hasattr(row, f)})
    player_service.update_player(db, ids[0], dataclasses.replace(data, declined_top_board=True),
                                 row.version)
    everyone = [r.player_id for r in rollcall.roll_call(db, 5)]
    rollcall.set_answers(db, 5, everyone, status="present")
    rollcall.set_answers(db, 5, [ids[4]], status="absent")

    proposal, board_one = _top_board(db)

    assert board_one == {labels[p] for p in ids[1:4] + ids[5:9]}  # the 8th and 9th came in
    declined = [n for n in proposal.notes if n.startswith("Declined the top board")]
    absent = [n for n in proposal.notes if "roll call" in n]
    assert declined == [f"Declined the top board (the next in line takes the place): "
                        f"{labels[ids[0]]}"]
    assert len(absent) == 1 and absent[0].endswith(labels[ids[4]])
