"""Pinned board, seed, declined top board and the keep-apart list, on real tournament files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.services import history, players
from tdapp.services.changes import ServiceError
from tdapp.services.standings_data import tournament_model
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.locations import open_location


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Extras Open", "wdc-2018", 5))
    players.add_players(db, [players.PlayerData(n) for n in ("Ann", "Bob", "Cat", "Dan")], "Add")
    yield db
    db.close()


def ids(db) -> dict[str, int]:
    return {p.name: p.id for p in players.list_players(db)}


def test_new_fields_default_and_survive_reopening(db, tournament_path: Path) -> None:
    ann = players.get_player(db, ids(db)["Ann"])
    assert (ann.pinned_board, ann.seed, ann.declined_top_board) == (None, None, False)
    data = players.PlayerData("Ann", pinned_board=3, seed=12, declined_top_board=True)
    players.update_player(db, ann.id, data, ann.version)
    db.close()
    reopened = open_location(tournament_path)
    again = players.get_player(reopened, ann.id)
    assert (again.pinned_board, again.seed, again.declined_top_board) == (3, 12, True)
    model = tournament_model(reopened)
    assert model.top_board_declined == (str(ann.id),)
    assert model.player(str(ann.id)).seed == 12
    reopened.close()


@pytest.mark.parametrize(("data", "words"), [
    (players.PlayerData("Eve", pinned_board=0), "Pinned board must be a board number from 1"),
    (players.PlayerData("Eve", seed=0), "Seed must be a number from 1"),
    (players.PlayerData("Eve", seed=-4), "Seed must be a number from 1"),
])
def test_bad_pinned_board_or_seed_is_refused_in_words(db, data, words) -> None:
    with pytest.raises(ServiceError, match=words):
        players.add_player(db, data)
    assert "Eve" not in ids(db)


def test_a_seed_is_given_once(db) -> None:
    who = ids(db)
    ann = players.get_player(db, who["Ann"])
    players.update_player(db, ann.id, players.PlayerData("Ann", seed=1), ann.version)
    with pytest.raises(ServiceError, match="Seed 1 is already Ann's"):
        players.add_player(db, players.PlayerData("Eve", seed=1))
    bob = players.get_player(db, who["Bob"])
    with pytest.raises(ServiceError, match="Seed 1 is already Ann's"):
        players.update_player(db, bob.id, players.PlayerData("Bob", seed=1), bob.version)
    with pytest.raises(ServiceError, match="Seed 5 is given to two players"):
        players.add_players(db, [players.PlayerData("X", seed=5), players.PlayerData("Y", seed=5)],
                            "Import")
    ann = players.get_player(db, ann.id)  # keeping one's own seed is no clash
    players.update_player(db, ann.id, players.PlayerData("Ann B", seed=1), ann.version)
    assert players.get_player(db, ann.id).seed == 1


def test_keep_apart_listed_with_names_and_removed(db) -> None:
    who = ids(db)
    players.add_keep_apart(db, who["Cat"], who["Ann"], "sisters")
    players.add_keep_apart(db, who["Bob"], who["Cat"], "partners")
    mine = players.keep_apart_list(db, who["Cat"])
    assert [(r.player_name, r.other_name, r.reason) for r in mine] == [
        ("Cat", "Ann", "sisters"), ("Cat", "Bob", "partners")]
    every = players.keep_apart_list(db)
    assert [(r.player_name, r.other_name) for r in every] == [("Ann", "Cat"), ("Bob", "Cat")]
    players.remove_keep_apart(db, who["Ann"], who["Cat"])  # either order
    assert [(r.player_name, r.other_name) for r in players.keep_apart_list(db)] == [
        ("Bob", "Cat")]
    assert history.undo_redo_state(db)[0] == "Let Ann and Cat meet again"
    with pytest.raises(ServiceError, match="Ann and Cat are not on the keep-apart list"):
        players.remove_keep_apart(db, who["Cat"], who["Ann"])
    history.undo(db)
    assert len(players.keep_apart_pairs(db)) == 2


def test_keep_apart_with_someone_unknown_is_refused_in_words(db) -> None:
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        players.add_keep_apart(db, ids(db)["Ann"], 9999)
    with pytest.raises(ServiceError, match="themselves"):
        players.add_keep_apart(db, 1, 1)


def test_an_edit_replaces_the_keep_apart_list_in_one_undoable_action(db) -> None:
    who = ids(db)
    players.add_keep_apart(db, who["Ann"], who["Bob"], "married")
    players.add_keep_apart(db, who["Ann"], who["Cat"])
    players.add_keep_apart(db, who["Bob"], who["Dan"], "not Ann's business")
    ann = players.get_player(db, who["Ann"])
    players.update_player(db, ann.id, players.PlayerData("Ann", club="Leeds"), ann.version,
                          keep_apart={who["Bob"]: "divorced", who["Dan"]: "siblings"})
    rows = {(r.other_name, r.reason) for r in players.keep_apart_list(db, ann.id)}
    assert rows == {("Bob", "divorced"), ("Dan", "siblings")}
    assert len(players.keep_apart_pairs(db)) == 3  # Bob-Dan untouched
    history.undo(db)  # one Undo: club and all three pair changes
    assert players.get_player(db, ann.id).club == ""
    rows = {(r.other_name, r.reason) for r in players.keep_apart_list(db, ann.id)}
    assert rows == {("Bob", "married"), ("Cat", "")}


def test_a_new_player_can_come_with_keep_apart_pairs(db) -> None:
    who = ids(db)
    change = players.add_player(db, players.PlayerData("Eve"), keep_apart={who["Dan"]: "twin"})
    assert [(r.player_name, r.other_name, r.reason)
            for r in players.keep_apart_list(db, change.ids[0])] == [("Eve", "Dan", "twin")]
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        players.add_player(db, players.PlayerData("Fay"), keep_apart={4242: ""})
    assert "Fay" not in ids(db)
    with pytest.raises(ServiceError, match="themselves"):
        players.update_player(db, who["Dan"], players.PlayerData("Dan"),
                              players.get_player(db, who["Dan"]).version,
                              keep_apart={who["Dan"]: ""})


def test_editing_without_a_keep_apart_list_leaves_it_alone(db) -> None:
    who = ids(db)
    players.add_keep_apart(db, who["Ann"], who["Bob"])
    ann = players.get_player(db, who["Ann"])
    players.update_player(db, ann.id, players.PlayerData("Ann Smith"), ann.version)
    assert len(players.keep_apart_pairs(db)) == 1


def test_the_seating_sees_the_pinned_board_and_the_keep_apart_list(db) -> None:
    from tdapp.services.seating import seating_context

    who = ids(db)
    ann = players.get_player(db, who["Ann"])
    players.update_player(db, ann.id, players.PlayerData("Ann", pinned_board=2), ann.version,
                          keep_apart={who["Dan"]: "married"})
    context = seating_context(db, 1)
    label = context.labels[ann.id]
    assert context.locked_seats == {label: 2}
    assert context.keep_apart == [(label, context.labels[who["Dan"]])]
