"""World DipCon 2018 (seed 002): "Players may participate in no more than three of the four
preliminary rounds." Everyone answers present once and the roll call carries over, as a TD does
it; the roll call, the seating wizard and the board call then know who has used their three (a
sit-out is not a round played), and the standings name a player who broke the rule."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tdapp.core.tournament import board_call
from tdapp.services import players as player_service
from tdapp.services import rollcall, rounds, seating
from tdapp.services.changes import ServiceError
from tdapp.services.standings_views import standings_view
from tests.wdc2018_helpers import new_wdc_2018, play, three_rounds_played


@pytest.fixture(scope="module")
def three_played(tmp_path_factory: pytest.TempPathFactory):
    """Rounds 1-3 seated by the wizard from one roll call carried over; one sit-out a round."""
    db, everyone, sat_out = three_rounds_played(tmp_path_factory.mktemp("wdc") / "wdc-2018.tdt")
    yield db, everyone, sat_out
    db.close()


def test_the_roll_call_knows_who_has_played_three(three_played) -> None:
    db, everyone, sat_out = three_played
    assert len(set(sat_out)) == 3
    rows = {r.player_id: r for r in rollcall.roll_call(db, 4)}
    used = [p for p in everyone if p not in sat_out]
    for player in used:  # a carried "present" does not call them to a fourth
        assert rows[player].status == "absent"
        assert rows[player].limit == ("has already played or registered for rounds 1, 2, 3: a "
                                      "player may play at most 3 of rounds 1, 2, 3, 4")
    for player in sat_out:  # a sit-out is not a round played: they may play round 4
        assert rows[player].status == "present" and rows[player].limit == ""


def test_present_late_or_standby_for_a_fourth_is_refused(three_played) -> None:
    db, everyone, sat_out = three_played
    player = next(p for p in everyone if p not in sat_out)
    name = player_service.get_player(db, player).name
    for status in ("present", "late", "standby"):
        with pytest.raises(ServiceError, match=rf"{name} has already played or registered for "
                                               r"rounds 1, 2, 3.*so round 4 is refused"):
            rollcall.set_answers(db, 4, [player], status=status)
    # The one who sat out round 1 may register for round 4 (that is their third board).
    rollcall.set_answers(db, 4, [sat_out[0]], status="present")


def test_the_wizard_calls_nobody_to_a_fourth_and_says_why(three_played) -> None:
    db, everyone, sat_out = three_played
    who = seating.who_plays(db, 4)
    assert set(who.playing).isdisjoint(set(everyone) - set(sat_out))
    names = [player_service.get_player(db, p).name for p in everyone if p not in sat_out]
    note = next(e for e in who.explanations if e.startswith("Not called"))
    assert "3 of rounds 1, 2, 3, 4" in note and all(n in note for n in names)


def test_a_board_call_seating_a_fourth_is_refused(three_played) -> None:
    db, everyone, sat_out = three_played
    extra = [p for p in everyone if p not in sat_out][:4]
    plan = board_call.PlayersPlan(playing=(*sat_out, *extra))
    proposal = seating.seat(db, 4, plan, time_limit=0.3)
    with pytest.raises(ServiceError, match="The board call is refused: Player"):
        seating.publish(db, 4, proposal)
    assert rounds.board_call(db, 4) == []


def test_the_standings_count_three_and_name_who_played_four(tmp_path: Path) -> None:
    """A fourth preliminary put on the file anyway (a board call saved by hand) never counts:
    the first three boards do, and the note names the player, not their number."""
    db = new_wdc_2018(tmp_path / "four.tdt")
    player_service.add_players(db, [player_service.PlayerData(name=f"Player {i}")
                                    for i in range(1, 8)], "Add players")
    ids = [r.player_id for r in rollcall.roll_call(db, 1)]
    powers = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    rng = random.Random(4)
    for number in (1, 2, 3, 4):
        order = ids[number:] + ids[:number]
        rounds.save_board_call(db, number, [rounds.BoardPlan(1, dict(zip(powers, order,
                                                                         strict=True)))])
        play(db, number, rng)
    view = standings_view(db)
    first = view.lines[0]
    assert [c.counted for c in first.rounds[:4]] == [True, True, True, False]
    assert any(i.startswith(f"{first.name} played 4 of rounds 1, 2, 3, 4; at most 3 allowed, "
                            "so round 4 does not count") for i in view.issues)
    assert not any(i[0].isdigit() for i in view.issues)
    db.close()
