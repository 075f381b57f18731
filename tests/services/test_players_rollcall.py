from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.services import history, players, rollcall
from tdapp.services.changes import ServiceError, StaleEdit
from tdapp.services.tournaments import TournamentInfo, create_tournament, tournament_info
from tdapp.store.locations import open_location


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Test Open", "wdc-2025", 4))
    yield db
    db.close()


def test_create_and_reopen_keeps_everything(db, tournament_path: Path) -> None:
    players.add_player(db, players.PlayerData("Ann Smith", home_town="Leeds", country="UK"))
    db.close()
    reopened = open_location(tournament_path)
    assert tournament_info(reopened).name == "Test Open"
    assert [p.name for p in players.list_players(reopened)] == ["Ann Smith"]
    reopened.close()


def test_player_validation_is_in_words(db) -> None:
    with pytest.raises(ServiceError, match="needs a name"):
        players.add_player(db, players.PlayerData("   "))
    with pytest.raises(ServiceError, match="e-mail"):
        players.add_player(db, players.PlayerData("Bob", email="bob-at-home"))
    assert players.list_players(db) == []


def test_stale_edit_is_refused(db) -> None:
    players.add_player(db, players.PlayerData("Ann"))
    ann = players.list_players(db)[0]
    players.update_player(db, ann.id, players.PlayerData("Ann B"), ann.version)
    with pytest.raises(StaleEdit):
        players.update_player(db, ann.id, players.PlayerData("Ann C"), ann.version)
    assert players.get_player(db, ann.id).name == "Ann B"


def test_undo_and_redo_through_the_audit_log(db) -> None:
    players.add_player(db, players.PlayerData("Ann"))
    ann = players.list_players(db)[0]
    players.update_player(db, ann.id, players.PlayerData("Ann Jones", club="Leeds"), ann.version)
    assert history.undo_redo_state(db) == ("Edit player Ann Jones", None)
    history.undo(db)
    assert players.get_player(db, ann.id).name == "Ann"
    history.undo(db)
    assert players.list_players(db) == []
    history.redo(db)
    assert [p.name for p in players.list_players(db)] == ["Ann"]
    history.redo(db)
    assert players.get_player(db, ann.id).club == "Leeds"
    with pytest.raises(ServiceError, match="nothing to redo"):
        history.redo(db)
    kinds = [a.kind for a in history.list_actions(db)]
    assert kinds[:4] == ["redo", "redo", "undo", "undo"]


def test_new_action_clears_redo(db) -> None:
    players.add_player(db, players.PlayerData("Ann"))
    history.undo(db)
    players.add_player(db, players.PlayerData("Bob"))
    assert history.undo_redo_state(db)[1] is None


def test_delete_refused_for_someone_who_played_but_withdraw_works(db) -> None:
    from sqlalchemy import select

    from tdapp.store.models import Board, Round, Seat

    players.add_player(db, players.PlayerData("Ann"))
    ann = players.list_players(db)[0]
    with db.action("seat Ann") as session:
        round_ = session.scalar(select(Round).where(Round.number == 1))
        board = Board(round_id=round_.id, number=1, status="finished")
        session.add(board)
        session.flush()
        session.add(Seat(board_id=board.id, power="FRANCE", player_id=ann.id, centers=5))
    with pytest.raises(ServiceError, match="has played 1 board.*withdraw them instead"):
        players.delete_player(db, ann.id)
    players.set_withdrawn(db, ann.id, True)
    row = players.get_player(db, ann.id)
    assert row.withdrawn and row.boards_played == 1 and row.boards_seated == 1


def test_roll_call_count_and_carry_over(db) -> None:
    players.add_players(db, [players.PlayerData(f"P{i:02d}") for i in range(45)], "Import")
    ids = [p.id for p in players.list_players(db)]
    rollcall.set_answers(db, 1, ids, status="present")
    rollcall.set_answers(db, 1, ids[:2], two_boards=True)
    rows = rollcall.roll_call(db, 1)
    assert rollcall.count(rows).summary() == (
        "45 present — 6 boards + 3 over (2 willing to play two boards)"
    )
    rollcall.set_answers(db, 2, ids[:3], status="absent")
    rollcall.set_answers(db, 2, ids[3:4], status="standby")
    count2 = rollcall.count(rollcall.roll_call(db, 2))
    assert (count2.present, count2.absent, count2.standby) == (41, 3, 1)
    history.undo(db)
    assert rollcall.count(rollcall.roll_call(db, 2)).standby == 0


def test_find_duplicates() -> None:
    existing = [players.PlayerRow("Ann Smith", email="ann@x.org", id=1)]
    incoming = [players.PlayerData("ann  smith"), players.PlayerData("A S", email="ANN@x.org"),
                players.PlayerData("Bob"), players.PlayerData("bob")]
    found = players.find_duplicates(existing, incoming)
    assert set(found) == {0, 1, 3}
    assert "already in the tournament" in found[0]
    assert "line 3" in found[3]


def test_players_sort_alphabetically_with_accents(db) -> None:
    for name in ("Bob", "Åsa", "Zoë", "asa", "Émile"):
        players.add_player(db, players.PlayerData(name))
    assert [p.name for p in players.list_players(db)] == ["asa", "Åsa", "Bob", "Émile", "Zoë"]


def test_history_names_the_player_withdrawn_reinstated_or_deleted(db) -> None:
    """QA: History and Edit > Undo said only "Withdraw player" / "Delete player", never whom."""
    players.add_player(db, players.PlayerData("Ann Smith"))
    ann = players.list_players(db)[0]
    players.set_withdrawn(db, ann.id, True)
    players.set_withdrawn(db, ann.id, False)
    players.delete_player(db, ann.id)
    whats = [action.what for action in history.list_actions(db)]
    assert whats[:3] == ["Delete player Ann Smith", "Reinstate Ann Smith", "Withdraw Ann Smith"]
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        players.set_withdrawn(db, ann.id, True)


def test_deleting_a_team_member_who_never_played_can_be_undone(db) -> None:
    from sqlalchemy import select

    from tdapp.store.models import Team, TeamMember

    players.add_player(db, players.PlayerData("Ann"))
    ann = players.list_players(db)[0]
    with db.action("Form a team") as session:
        team = Team(name="Les Bleus")
        session.add(team)
        session.flush()
        session.add(TeamMember(team_id=team.id, player_id=ann.id, power="FRANCE"))
    players.delete_player(db, ann.id)
    history.undo(db)
    with db.read() as session:
        member = session.scalars(select(TeamMember)).one()
        assert (member.player_id, member.power) == (ann.id, "FRANCE")


def test_the_audit_log_uses_the_name_a_service_gives_its_action(db) -> None:
    players.add_player(db, players.PlayerData("Ann Smith"))
    ann = players.list_players(db)[0]
    players.set_withdrawn(db, ann.id, True)  # names itself "Withdraw Ann Smith" inside
    assert history.list_actions(db)[0].what == "Withdraw Ann Smith"
