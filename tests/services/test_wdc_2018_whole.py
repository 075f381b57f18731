"""World DipCon 2018 (seed 002) run whole through the services: three of the four preliminary
rounds per player, sit-outs chosen locals first, the Top Board (a player who declines replaced
by the next), its winner the champion, every other award on total score. Each test quotes the
sentence it checks."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from tdapp.core.tournament import board_call
from tdapp.services import awards, rollcall, rounds, seating
from tdapp.services import players as player_service
from tdapp.services.changes import ServiceError
from tdapp.services.standings_views import standings_view
from tdapp.store.database import TournamentDb
from tests.wdc2018_helpers import new_wdc_2018, play

PLAYERS = 60  # 45 a preliminary round: six boards and three who must sit out
LOCALS = {1: "board_member", 2: "club_member", 3: "local"}  # the rest travel


def _new_tournament(path: Path) -> TournamentDb:
    db = new_wdc_2018(path)
    people = [player_service.PlayerData(name=f"Player {i:02d}",
                                        local_status=LOCALS.get(i % 20, "traveller"))
              for i in range(1, PLAYERS + 1)]
    player_service.add_players(db, people, f"Add {PLAYERS} players")
    return db


def _ids(db: TournamentDb, number: int) -> list[int]:
    return [row.player_id for row in rollcall.roll_call(db, number)]


def _seat(db: TournamentDb, number: int) -> tuple[seating.WhoPlaysProposal,
                                                  board_call.SeatingProposal]:
    who = seating.who_plays(db, number)
    plan = who.plan()
    assert not plan.problems()
    proposal = seating.seat(db, number, plan, time_limit=1.0)
    seating.publish(db, number, proposal)
    return who, proposal


@pytest.fixture(scope="module")
def wdc(tmp_path_factory: pytest.TempPathFactory):
    rng = random.Random(2018)
    db = _new_tournament(tmp_path_factory.mktemp("wdc") / "wdc-2018.tdt")
    everyone = _ids(db, 1)
    who: dict[int, seating.WhoPlaysProposal] = {}
    for number in (1, 2, 3, 4):  # player i rests in round (i mod 4) + 1
        here = [p for i, p in enumerate(everyone) if i % 4 != number - 1]
        away = [p for p in everyone if p not in here]
        rollcall.set_answers(db, number, away, status="absent")
        rollcall.set_answers(db, number, here, status="present")
        who[number], _ = _seat(db, number)
        play(db, number, rng)
    before_final = [int(p) for p in seating.ranking_ids(db)]
    declined = before_final[2]  # the 3rd best cannot take the top board
    row = player_service.get_player(db, declined)
    fields = {f.name for f in dataclasses.fields(player_service.PlayerData)}
    data = player_service.PlayerData(**{f: getattr(row, f) for f in fields if hasattr(row, f)})
    player_service.update_player(db, declined, dataclasses.replace(data, declined_top_board=True),
                                 row.version)
    rollcall.set_answers(db, 5, everyone, status="present")
    _who, final = _seat(db, 5)
    play(db, 5, rng)
    yield db, everyone, who, before_final, declined, final
    db.close()


def test_a_fourth_preliminary_registration_is_refused_with_the_reason(wdc) -> None:
    """ "Players may participate in no more than three of the four preliminary rounds." """
    db, everyone, _who, _ranking, _declined, _final = wdc
    seated = [{s.player_id for b in rounds.board_call(db, n) for s in b.seats} for n in (2, 3, 4)]
    # rested in round 1 and seated in rounds 2-4 (a sit-out is not a round played)
    player = next(p for i, p in enumerate(everyone) if i % 4 == 0 and all(p in s for s in seated))
    with pytest.raises(ServiceError, match=r"rounds 2, 3, 4: a player may play at most 3 of "
                                           r"rounds 1, 2, 3, 4, so round 1 is refused"):
        rollcall.set_answers(db, 1, [player], status="present")
    rollcall.set_answers(db, 1, [player], status="absent")  # any other answer is taken


def test_sit_outs_are_chosen_locals_first(wdc) -> None:
    """ "When the TD has to exclude players, he will exclude local board members before local
    club members, local club members before local non-members, and local non-members before
    travelers." """
    db, _everyone, who, _ranking, _declined, _final = wdc
    order = ["board_member", "club_member", "local", "traveller"]
    status = {p.id: p.local_status for p in player_service.list_players(db)}
    for proposal in who.values():
        assert proposal.fix == "sit_out_order" and len(proposal.sitting_out) == 3
        assert len(proposal.playing) == 42
        out = [order.index(status[p]) for p in proposal.sitting_out]
        # The program asks nobody twice (a player who sat out before plays): among the others,
        # nobody kept is more local than someone excluded.
        before = {c.player_id for c in proposal.candidates if c.sat_out_before}
        kept = [order.index(status[p]) for p in proposal.playing if p not in before]
        assert max(out) <= min(kept)
        assert out == sorted(out)
    assert [status[p] for p in who[1].sitting_out] == ["club_member"] * 3  # board members rest


def test_the_top_board_is_the_best_seven_a_decliner_replaced_by_the_eighth(wdc) -> None:
    """ "the players with the seven highest scores will qualify for the "Top Board" on Sunday
    morning. If a player cannot take their spot on the top board, or declines to participate,
    that spot will be offered to the 8th highest score, and so on" """
    db, _everyone, _who, ranking, declined, final = wdc
    top = rounds.board_call(db, 5)[0]
    assert top.top_board
    expected = [p for p in ranking if p != declined][:7]
    assert {s.player_id for s in top.seats} == set(expected)
    assert declined not in {s.player_id for s in top.seats}
    assert any("Top board" in n for n in final.notes)


def test_the_top_board_winner_is_champion_other_awards_on_total_score(wdc) -> None:
    """ "The WDC 2018 & Tempest 2018 Champion will be decided by the winner of the Top Board."
    "All other awards will be determined by total point score for all rounds." """
    db, _everyone, _who, _ranking, _declined, _final = wdc
    top = rounds.board_call(db, 5)[0]
    best = max(top.seats, key=lambda s: s.score or 0.0)
    places = [a for a in awards.awards_view(db).awards if a.kind == "place"]
    assert places[0].player_ids == (best.player_id,)
    lines = [line for line in standings_view(db).lines if line.rank is not None]
    rest = [line for line in lines if line.player_id != best.player_id]
    assert [line.score for line in rest] == sorted((line.score for line in rest), reverse=True)
    assert places[1].player_ids[0] == rest[0].player_id
