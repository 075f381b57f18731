"""The WDC 2025 team tournament: sum of round-4 scores, ties by dropping the lowest, checks."""

from __future__ import annotations

from dataclasses import replace

from tdapp.core.formats import copy_format, get_format
from tdapp.core.tournament import (
    Player,
    Team,
    TieDecision,
    Tournament,
    check_teams,
    compute_awards,
    compute_standings,
    team_standings,
)
from tests.core.tournament.tournament_helpers import board

FMT = get_format("wdc-2025")
X = [f"x{i}" for i in range(7)]
Y = [f"y{i}" for i in range(7)]
Z = [f"z{i}" for i in range(7)]


def team_tournament(x: list[float], y: list[float], z: list[float] | None = None,
                    **changes: object) -> Tournament:
    """Round 4 boards of three seats, one member of each team per board (never team-mates)."""
    z = z if z is not None else [0.0] * 7
    boards = tuple(board(4, i + 1, [X[i], Y[i], Z[i]], [x[i], y[i], z[i]]) for i in range(7))
    teams = (Team("Xanadu", tuple(X)), Team("Yonder", tuple(Y)), Team("Zed", tuple(Z)))
    people = tuple(Player(p) for p in X + Y + Z)
    return Tournament(people, boards, teams=teams, pool=(), **changes)  # type: ignore[arg-type]


def rows_of(t: Tournament):
    s = compute_standings(t, FMT)
    assert s.sheet is not None
    return team_standings(t, FMT, s.sheet)


def test_team_score_is_the_sum_of_the_members_round_4_scores() -> None:
    rows = rows_of(team_tournament([10] * 7, [20] * 7, [5] * 7))
    assert [(r.rank, r.team, r.score) for r in rows] == [
        (1, "Yonder", 140), (2, "Xanadu", 70), (3, "Zed", 35)]
    assert rows[0].reason == "higher team score (140 against 70)"


def test_a_tie_is_broken_by_dropping_the_lowest_scores_in_turn() -> None:
    rows = rows_of(team_tournament([50, 40, 30, 20, 10, 0, 0], [60, 30, 30, 15, 15, 0, 0]))
    assert [r.team for r in rows[:2]] == ["Xanadu", "Yonder"]
    assert rows[0].score == rows[1].score == 150
    assert rows[0].reason == ("tied on 150; higher after dropping the lowest 3 score(s) "
                              "(140 against 135)")


def test_a_tie_that_survives_every_drop_is_left_to_the_td() -> None:
    rows = rows_of(team_tournament([10] * 7, [10] * 7))
    assert rows[0].rank == rows[1].rank == 1 and rows[0].tie == "td"
    awards = compute_awards(team_tournament([10] * 7, [10] * 7), FMT,
                            compute_standings(team_tournament([10] * 7, [10] * 7), FMT))
    team = awards.named("Team champion")
    assert team.tie == "td" and team.team == "Xanadu / Yonder" and len(team.players) == 14


def test_a_recorded_td_decision_settles_a_team_tie() -> None:
    t = team_tournament([10] * 7, [10] * 7,
                        tie_decisions=(TieDecision(("Yonder", "Xanadu"), "td", about="team"),))
    rows = rows_of(t)
    assert [(r.rank, r.team) for r in rows[:2]] == [(1, "Yonder"), (2, "Xanadu")]
    assert compute_awards(t, FMT, compute_standings(t, FMT)).named("Team champion").team == "Yonder"


def test_team_checks_name_every_problem() -> None:
    t = team_tournament([0] * 7, [0] * 7)
    assert check_teams(t, FMT) == ["only 21 players are outside the pool; the team tournament "
                                   "needs at least 49"]
    small = copy_format(FMT, name="small-teams", team=replace(FMT.team, min_players=21))
    assert check_teams(t, small) == []
    bad_boards = t.boards + (board(4, 8, ["x0", "x1"], [0, 0]),)
    bad = Tournament(t.players, bad_boards, teams=(
        Team("Xanadu", tuple(X), powers={"x0": "FRANCE", "x1": "FRANCE"}),
        Team("Small", ("y0", "y1"))))
    problems = check_teams(bad, FMT, pool=("y1",))
    assert "team 'Xanadu' picked FRANCE more than once" in problems
    assert "team 'Xanadu': x0, x1 share round 4 board 8" in problems
    assert "team 'Small' has 2 players, not 7" in problems
    assert "y1 of team 'Small' is in the championship pool" in problems


def test_a_member_seated_on_another_power_than_the_team_picked_is_reported() -> None:
    t = team_tournament([0] * 7, [0] * 7)
    picked = Tournament(t.players, t.boards, teams=(
        Team("Xanadu", tuple(X), powers={"x0": "AUSTRIA", "x1": "TURKEY"}),))
    problems = check_teams(picked, FMT)
    assert "x1 of team 'Xanadu' plays AUSTRIA in round 4, not TURKEY as the team picked" in problems
    assert not any(p.startswith("x0 ") for p in problems)
