"""Each player's code for the players' page (issue 25): "A short code per player, printed by
the TD [...]; never guessable, [...] one player's code gives nothing of another's." On both
engines (TDAPP_TEST_ENGINE=postgres)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tdapp.core.collation import name_key
from tdapp.core.tournament import player_codes as rules
from tdapp.services import checkins, history, player_codes, players
from tdapp.services.changes import ServiceError
from tdapp.store.models import PlayerCode

HOSTILE = "<img src=x onerror=alert(1)>"


def test_every_player_gets_a_code_of_their_own(demo_db) -> None:
    change = player_codes.ensure_codes(demo_db)
    assert change.room and len(change.ids) == 49
    rows = player_codes.list_codes(demo_db)
    assert len(rows) == 49 and len({r.code for r in rows}) == 49
    assert [r.name for r in rows] == sorted((r.name for r in rows), key=name_key)
    assert all(rules.normalise(r.code) == r.code and r.shown == rules.shown(r.code)
               for r in rows)
    with demo_db.read() as session:
        stored = dict(session.execute(select(PlayerCode.player_id, PlayerCode.code_hash)).all())
    assert all(stored[r.player_id] == rules.code_hash(r.code) for r in rows)


def test_a_second_call_records_nothing(demo_db) -> None:
    player_codes.ensure_codes(demo_db)
    actions = len(history.list_actions(demo_db))
    change = player_codes.ensure_codes(demo_db)
    assert not change.history and len(history.list_actions(demo_db)) == actions


def test_a_new_player_gets_a_code_and_the_others_keep_theirs(demo_db) -> None:
    player_codes.ensure_codes(demo_db)
    before = {r.player_id: r.code for r in player_codes.list_codes(demo_db)}
    players.add_player(demo_db, players.PlayerData(HOSTILE))
    change = player_codes.ensure_codes(demo_db)
    after = {r.player_id: r for r in player_codes.list_codes(demo_db)}
    assert len(change.ids) == 1 and change.description == (
        f"Player's page code for {HOSTILE}")
    assert {pid: after[pid].code for pid in before} == before
    assert after[change.ids[0]].name == HOSTILE  # plain data, never markup


def test_a_player_is_found_by_what_they_type(demo_db) -> None:
    player_codes.ensure_codes(demo_db)
    row = player_codes.list_codes(demo_db)[5]
    for typed in (row.code, row.shown, row.shown.lower(), " ".join(row.code.lower())):
        card = player_codes.player_for_code(demo_db, typed)
        assert card == player_codes.PlayerCard(row.player_id, row.name)
    wrong = "".join("A" if ch != "A" else "B" for ch in row.code)
    assert player_codes.player_for_code(demo_db, wrong) is None
    assert player_codes.player_for_code(demo_db, "") is None
    assert player_codes.player_for_code(demo_db, "' OR 1=1 --") is None


def test_a_replaced_code_stops_working_and_undo_brings_it_back(demo_db) -> None:
    player_codes.ensure_codes(demo_db)
    row = player_codes.list_codes(demo_db)[0]
    change = player_codes.replace_code(demo_db, row.player_id)
    assert change.room and change.ids == (row.player_id,)
    new = next(r for r in player_codes.list_codes(demo_db) if r.player_id == row.player_id)
    assert new.code != row.code
    assert player_codes.player_for_code(demo_db, row.code) is None
    assert player_codes.player_for_code(demo_db, new.code).player_id == row.player_id
    assert history.undo_redo_state(demo_db)[0] == f"New players' page code for {row.name}"
    history.undo(demo_db)
    assert player_codes.player_for_code(demo_db, row.code).player_id == row.player_id
    assert player_codes.player_for_code(demo_db, new.code) is None


def test_undo_takes_the_codes_away_and_redo_gives_the_same_back(demo_db) -> None:
    player_codes.ensure_codes(demo_db)
    codes = player_codes.list_codes(demo_db)
    history.undo(demo_db)
    assert player_codes.list_codes(demo_db) == []
    history.redo(demo_db)
    assert player_codes.list_codes(demo_db) == codes


def test_a_player_without_a_code_gets_one_when_replaced(demo_db) -> None:
    player_id = players.list_players(demo_db)[0].id
    player_codes.replace_code(demo_db, player_id)
    assert [r.player_id for r in player_codes.list_codes(demo_db)] == [player_id]


def test_replacing_the_code_of_a_player_gone_is_refused(demo_db) -> None:
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        player_codes.replace_code(demo_db, 99999)


def test_a_deleted_player_takes_their_code_along(demo_db) -> None:
    added = players.add_player(demo_db, players.PlayerData("Zed Newcomer"))
    player_id = added.ids[0] if added.ids else next(
        p.id for p in players.list_players(demo_db) if p.name == "Zed Newcomer")
    player_codes.ensure_codes(demo_db)
    code = next(r.code for r in player_codes.list_codes(demo_db) if r.player_id == player_id)
    checkins.check_in(demo_db, player_id, 3)
    players.delete_player(demo_db, player_id)
    assert player_codes.player_for_code(demo_db, code) is None
    assert len(player_codes.list_codes(demo_db)) == 49
    assert checkins.check_ins(demo_db, 3) == {}
    history.undo(demo_db)  # the player comes back with their code and check-in
    assert player_codes.player_for_code(demo_db, code).player_id == player_id
    assert player_id in checkins.check_ins(demo_db, 3)
