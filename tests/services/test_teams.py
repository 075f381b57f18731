"""The team tournament's teams (WDC 2025 round 4) on real tournament files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tdapp.services import history, players, teams
from tdapp.services.changes import ServiceError
from tdapp.services.standings_data import tournament_model
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.files import open_tournament_file
from tdapp.store.locations import open_location

NAMES = [f"Player {n:02d}" for n in range(1, 17)]


@pytest.fixture
def db(tournament_path: Path):
    db = create_tournament(tournament_path, TournamentInfo("Team Open", "wdc-2025", 4))
    players.add_players(db, [players.PlayerData(n) for n in NAMES], "Add")
    yield db
    db.close()


@pytest.fixture(scope="module")
def three_rounds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A WDC 2025 demo with rounds 1-3 played: the championship pool is known."""
    from tdapp.commands.demo import write_demo

    path = tmp_path_factory.mktemp("teams") / "three.tdt"
    return write_demo(path, players=49, format_name="wdc-2025", rounds_played=3)


def ids(db) -> dict[str, int]:
    return {p.name: p.id for p in players.list_players(db)}


def make_team(db, name: str, members: list[str], powers: str = "") -> int:
    team_id = teams.create_team(db, name).ids[0]
    who = ids(db)
    for i, member in enumerate(members):
        teams.add_member(db, team_id, who[member], powers[i] if i < len(powers) else None)
    return team_id


def test_a_full_team_with_its_powers_reaches_the_standings(db, tournament_path: Path) -> None:
    make_team(db, "Les Bleus", NAMES[:7], "AEFGIRT")
    db.close()
    reopened = open_location(tournament_path)
    [row] = teams.list_teams(reopened)
    assert row.name == "Les Bleus"
    assert [m.power for m in row.members] == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY",
                                              "ITALY", "RUSSIA", "TURKEY"]
    [model_team] = tournament_model(reopened).teams
    who = ids(reopened)
    assert model_team.powers[str(who["Player 03"])] == "FRANCE"
    assert teams.team_problems(reopened) == [
        "Only 16 players are outside the pool; the team tournament needs at least 49."]
    reopened.close()


def test_team_names_are_needed_and_unique(db) -> None:
    with pytest.raises(ServiceError, match="A team needs a name"):
        teams.create_team(db, "   ")
    teams.create_team(db, "  The   Sultans ")
    assert [t.name for t in teams.list_teams(db)] == ["The Sultans"]
    with pytest.raises(ServiceError, match="There is already a team called 'The Sultans'"):
        teams.create_team(db, "the sultans")
    other = teams.create_team(db, "Kaisers").ids[0]
    with pytest.raises(ServiceError, match="already a team called 'The Sultans'"):
        teams.rename_team(db, other, "THE SULTANS")
    teams.rename_team(db, other, "Tsars")
    assert [t.name for t in teams.list_teams(db)] == ["The Sultans", "Tsars"]
    assert history.undo_redo_state(db)[0] == "Rename team Kaisers to Tsars"


def test_a_team_has_the_formats_size(db) -> None:
    team_id = make_team(db, "Seven", NAMES[:7])
    with pytest.raises(ServiceError, match="Team Seven already has 7 players; the format's "
                                           "teams have 7"):
        teams.add_member(db, team_id, ids(db)["Player 08"])


def test_a_player_is_in_one_team_only(db) -> None:
    make_team(db, "First", NAMES[:2])
    second = teams.create_team(db, "Second").ids[0]
    with pytest.raises(ServiceError, match="Player 01 is already in team First"):
        teams.add_member(db, second, ids(db)["Player 01"])


def test_every_power_once_per_team(db) -> None:
    team_id = make_team(db, "Powers", NAMES[:3], "F")
    who = ids(db)
    with pytest.raises(ServiceError, match="Team Powers already picked France for Player 01"):
        teams.set_member_power(db, team_id, who["Player 02"], "france")
    with pytest.raises(ServiceError, match="already picked France"):
        teams.add_member(db, team_id, who["Player 04"], "FRANCE")
    with pytest.raises(ServiceError, match="'Prussia' is not a power"):
        teams.set_member_power(db, team_id, who["Player 02"], "Prussia")
    teams.set_member_power(db, team_id, who["Player 01"], None)  # France is free again
    teams.set_member_power(db, team_id, who["Player 02"], "F")
    assert history.undo_redo_state(db)[0] == "Team Powers: Player 02 plays France"
    [row] = teams.list_teams(db)
    assert {m.name: m.power for m in row.members} == {
        "Player 01": None, "Player 02": "FRANCE", "Player 03": None}
    assert "FRANCE" not in row.free_powers() and len(row.free_powers()) == 6


def test_withdrawn_and_not_competing_players_cannot_join(db) -> None:
    who = ids(db)
    players.set_withdrawn(db, who["Player 01"], True)
    row = players.get_player(db, who["Player 02"])
    players.update_player(db, row.id, players.PlayerData(row.name, competing=False), row.version)
    team_id = teams.create_team(db, "Hopefuls").ids[0]
    with pytest.raises(ServiceError, match="Player 01 has withdrawn"):
        teams.add_member(db, team_id, who["Player 01"])
    with pytest.raises(ServiceError, match="Player 02 is not competing"):
        teams.add_member(db, team_id, who["Player 02"])
    view = teams.teams_view(db)
    why = {c.name: c.why_not for c in view.candidates}
    assert why["Player 03"] == "" and "withdrawn" in why["Player 01"]


def test_removing_members_and_deleting_a_team_are_undoable(db) -> None:
    team_id = make_team(db, "Brief", NAMES[:3], "AE")
    who = ids(db)
    teams.remove_member(db, team_id, who["Player 01"])
    with pytest.raises(ServiceError, match="Player 01 is not in team Brief"):
        teams.remove_member(db, team_id, who["Player 01"])
    teams.delete_team(db, team_id)
    assert teams.list_teams(db) == []
    assert len(players.list_players(db)) == 16  # the players stay
    history.undo(db)
    [row] = teams.list_teams(db)
    assert [(m.name, m.power) for m in row.members] == [("Player 02", "ENGLAND"),
                                                        ("Player 03", None)]
    with pytest.raises(ServiceError, match="no longer in the tournament"):
        teams.rename_team(db, 9999, "Ghost")


def test_a_format_without_a_team_tournament_refuses_teams(tournament_path: Path) -> None:
    db = create_tournament(tournament_path, TournamentInfo("No Teams", "wdc-2018", 5))
    with pytest.raises(ServiceError, match="format has no team tournament"):
        teams.create_team(db, "Lonely")
    assert teams.teams_view(db).rule is None
    db.close()


def test_pool_players_cannot_join_once_the_pool_is_known(three_rounds: Path,
                                                         tmp_path: Path) -> None:
    path = tmp_path / "copy.tdt"
    shutil.copy(three_rounds, path)
    db = open_tournament_file(path)
    pool, known = teams.championship_pool(db)
    assert known and len(pool) == 21
    view = teams.teams_view(db)
    assert view.pool_known
    outside = [c for c in view.candidates if c.player_id not in pool]
    inside = [c for c in view.candidates if c.player_id in pool]
    assert len(outside) == 28 and all(c.why_not == "" for c in outside)
    assert all("championship pool" in c.why_not for c in inside)
    team_id = teams.create_team(db, "Outsiders").ids[0]
    with pytest.raises(ServiceError, match="is in the championship pool; only players outside"):
        teams.add_member(db, team_id, inside[0].player_id)
    for candidate, power in zip(outside[:7], "AEFGIRT", strict=True):
        teams.add_member(db, team_id, candidate.player_id, power)
    assert teams.team_problems(db) == [
        "Only 28 players are outside the pool; the team tournament needs at least 49."]
    db.close()


def test_problems_name_players_not_ids(db) -> None:
    team_id = make_team(db, "Short", NAMES[:2])
    assert "Team 'Short' has 2 players, not 7." in teams.team_problems(db)
    assert team_id in [t.id for t in teams.list_teams(db)]


def test_before_the_qualifying_rounds_the_pool_is_not_known(db) -> None:
    assert teams.championship_pool(db) == (frozenset(), False)
    view = teams.teams_view(db)
    assert not view.pool_known and all(c.why_not == "" for c in view.candidates)
    assert view.rule_text.startswith("Round 4: teams of 7 players outside the championship pool")


def test_the_seating_sees_each_teams_powers(db) -> None:
    from tdapp.services.seating import seating_context

    make_team(db, "Les Bleus", NAMES[:7], "AEFGIRT")
    context = seating_context(db, 4)
    who = ids(db)
    assert context.teams == {"Les Bleus": {
        power: context.labels[who[name]] for name, power in zip(
            NAMES[:7], ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA",
                        "TURKEY"], strict=True)}}
