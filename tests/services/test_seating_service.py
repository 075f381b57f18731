"""The board-call services on real tournament files: roll call -> who plays -> seat -> publish."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.commands.demo import write_demo
from tdapp.core.powers import POWERS
from tdapp.core.tournament import board_call
from tdapp.services import history, rollcall, rounds, seating
from tdapp.services.changes import ServiceError
from tdapp.services.snapshots import list_snapshots
from tdapp.store.database import TournamentDb
from tdapp.store.files import open_tournament_file
from tdapp.store.models import Board, Player, SitOut


@pytest.fixture(scope="module")
def demo45(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo45") / "demo45.tdt"
    return write_demo(path, players=45, format_name="wdc-2025", rounds_played=2)


@pytest.fixture(scope="module")
def demo_2018(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo2018") / "demo2018.tdt"
    return write_demo(path, players=52, format_name="wdc-2018", rounds_played=1)


def _open(source: Path, tmp_path: Path) -> TournamentDb:
    target = tmp_path / "work.tdt"
    shutil.copy(source, target)
    return open_tournament_file(target)


def _everyone_present(db: TournamentDb, number: int) -> list[int]:
    ids = [row.player_id for row in rollcall.roll_call(db, number)]
    rollcall.set_answers(db, number, ids, status="present")
    return ids


def _fix(proposal: seating.WhoPlaysProposal, fix: str) -> seating.WhoPlaysProposal:
    return next(p for p in (proposal, *proposal.alternatives) if p.fix == fix)


def _played_powers(db: TournamentDb, before: int) -> Counter:
    return Counter((s.player_id, s.power) for b in rounds.all_boards(db) if b.round_number < before
                   for s in b.seats)


def test_49_players_seat_and_publish_without_repeated_powers(demo_file: Path,
                                                               tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        _everyone_present(db, 3)
        proposal = seating.who_plays(db, 3)
        assert proposal.fix == "none"
        assert proposal.count_text.startswith("49 present — 7 boards")
        plan = proposal.plan()
        seated = seating.seat(db, 3, plan, time_limit=2.0)
        assert len(seated.boards) == 7
        assert seated.stats.power_repeats == 0
        seating.publish(db, 3, seated)
        call = rounds.board_call(db, 3)
        assert [b.number for b in call] == list(range(1, 8))
        assert all(len(b.seats) == 7 for b in call)
        before = _played_powers(db, 3)
        assert not any(before[(s.player_id, s.power)] for b in call for s in b.seats)
        assert sorted(s.player_id for b in call for s in b.seats) == sorted(plan.playing)
        assert [r.status for r in rounds.list_rounds(db) if r.number == 3] == ["called"]
        assert any(s.round_number == 3 for s in list_snapshots(db))
    finally:
        db.close()


def test_45_players_two_boards_fill_the_seventh_board(demo45: Path, tmp_path: Path) -> None:
    db = _open(demo45, tmp_path)
    try:
        ids = _everyone_present(db, 3)
        volunteers = ids[:4]
        rollcall.set_answers(db, 3, volunteers, two_boards=True)
        proposal = seating.who_plays(db, 3)
        assert proposal.count_text.startswith("45 present — 6 boards + 3 over")
        assert proposal.fix == "two_boards"  # WDC 2025: the TD asks for help before sit-outs
        assert sorted(proposal.two_boards) == sorted(volunteers)
        assert any("two boards" in line for line in proposal.explanations)
        assert any(alt.fix == "sit_out_order" for alt in proposal.alternatives)
        seated = seating.seat(db, 3, proposal.plan(), time_limit=2.0)
        for board in seated.boards:
            assert len(set(board.seats)) == 7  # never on the same board twice
        assert seated.stats.power_repeats == 0
        seating.publish(db, 3, seated)
        call = rounds.board_call(db, 3)
        assert len(call) == 7
        times = Counter(s.player_id for b in call for s in b.seats)
        assert {p for p, n in times.items() if n == 2} == set(volunteers)
    finally:
        db.close()


def test_45_players_sit_out_recorded_and_undo_removes_the_call(demo45: Path,
                                                               tmp_path: Path) -> None:
    db = _open(demo45, tmp_path)
    try:
        _everyone_present(db, 3)
        proposal = seating.who_plays(db, 3)
        assert proposal.fix == "sit_out_order"  # nobody volunteered: the lowest-ranked sit out
        sit_out = _fix(proposal, "sit_out_order")
        assert len(sit_out.sitting_out) == 3 and len(sit_out.playing) == 42
        seated = seating.seat(db, 3, sit_out.plan(), time_limit=2.0)
        assert len(seated.boards) == 6
        seating.publish(db, 3, seated)
        with db.read() as session:
            rows = session.scalars(select(SitOut)).all()
            assert sorted(r.player_id for r in rows) == sorted(sit_out.sitting_out)
            assert all(r.bonus == 0.0 and r.reason for r in rows)
        # Round 4: a player who sat out before is not asked again.
        with db.read() as session:
            assert len(session.scalars(select(Board)).all()) == 6 * 3
        history.undo(db)
        assert rounds.board_call(db, 3) == []
        with db.read() as session:
            assert session.scalars(select(SitOut)).all() == []
        assert [r.status for r in rounds.list_rounds(db) if r.number == 3] == ["planned"]
    finally:
        db.close()


def test_sat_out_before_not_asked_again(demo45: Path, tmp_path: Path) -> None:
    db = _open(demo45, tmp_path)
    try:
        _everyone_present(db, 3)
        first = _fix(seating.who_plays(db, 3), "sit_out_order")
        seating.publish(db, 3, seating.seat(db, 3, first.plan(), time_limit=1.0))
        _everyone_present(db, 4)
        second = seating.who_plays(db, 4)
        again = _fix(second, "sit_out_order")
        assert not set(again.sitting_out) & set(first.sitting_out)
        assert any("not asked again" in line for line in again.explanations)
    finally:
        db.close()


def test_wdc_2018_sit_out_order_takes_local_board_members_first(demo_2018: Path,
                                                               tmp_path: Path) -> None:
    db = _open(demo_2018, tmp_path)
    try:
        ids = _everyone_present(db, 2)
        with db.action("statuses") as session:
            for player in session.scalars(select(Player)):
                player.local_status = "traveller"
            for pid, status in zip(ids[:3], ("club_member", "board_member", "local"),
                                   strict=True):
                session.get(Player, pid).local_status = status
        proposal = seating.who_plays(db, 2)
        assert proposal.count_text.startswith("52 present — 7 boards + 3 over")
        assert proposal.fix == "sit_out_order"
        assert set(proposal.sitting_out) == set(ids[:3])
        assert any("board" in line for line in proposal.explanations)
    finally:
        db.close()


def test_review_swap_and_lock_then_reseed_unlocked(demo_file: Path, tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        _everyone_present(db, 3)
        seated = seating.seat(db, 3, seating.who_plays(db, 3).plan(), time_limit=1.0)
        assert seated.issues == []
        a, b = seated.boards[0].seats[0], seated.boards[1].seats[0]
        board_call.move_player(seated, a, 1, 2, b)
        assert a in seated.boards[1].seats and b in seated.boards[0].seats
        assert any(i.kind == "repeat" for i in seated.issues)  # they now meet old opponents
        seated.locked_boards = {3}
        kept = list(seated.boards[2].seats)
        with pytest.raises(board_call.SeatingRefusal, match="locked"):
            board_call.move_player(seated, kept[0], 3, 1, seated.boards[0].seats[1])
        again = board_call.reseed(seated, only_unlocked=True, time_limit=1.0)
        assert again.boards[2].seats == kept
        assert again.locked_boards == {3}
        assert again.stats.power_repeats == 0
    finally:
        db.close()


def test_paris_method_keeps_the_selection_order(demo_file: Path, tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        _everyone_present(db, 3)
        seated = seating.seat(db, 3, seating.who_plays(db, 3).plan(), time_limit=1.0,
                              power_method="paris")
        board_call.clear_powers(seated, 1)
        assert seated.missing_powers() == [1]
        with pytest.raises(ServiceError, match="seven powers"):
            seating.publish(db, 3, seated)
        selection = board_call.paris_selection(seated, 1)
        while (turn := selection.turn()) is not None:
            if turn.stage == "ordering":
                selection.choose_position(0)
            else:
                selection.choose_power(turn.options[0])
        board_call.apply_paris(seated, 1, selection)
        assert seated.stats.power_repeats == 0
        seating.publish(db, 3, seated)
        with db.read() as session:
            board = session.scalars(select(Board).where(Board.number == 1)
                                    .order_by(Board.id.desc())).first()
            assert board.selection_order is not None
            assert sorted(board.selection_order) == sorted(POWERS)
            first = next(s.player_id for s in board.seats
                         if s.power == board.selection_order[0])
        assert first == seated.context.ids[selection.selection_order()[0]]
    finally:
        db.close()


def test_preferences_and_ranked_method(demo_file: Path, tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        _everyone_present(db, 3)
        with db.action("preferences") as session:
            for player in session.scalars(select(Player)):
                player.power_preferences = "TRIGFEA"
        seated = seating.seat(db, 3, seating.who_plays(db, 3).plan(), method="ranked",
                              power_method="preferences", time_limit=1.0)
        ranking = seated.context.ranking
        assert seated.boards[0].seats == ranking[:7]  # the best seven on board 1
        history_index = seated.context.history_index()
        for board in seated.boards:  # the lowest-ranked chooses first: first unplayed power
            lowest = sorted(board.seats, key=ranking.index)[-1]
            wanted = next(p for p in ("TURKEY", "RUSSIA", "ITALY", "GERMANY", "FRANCE",
                                      "ENGLAND", "AUSTRIA")
                          if not history_index.times_played(lowest, p))
            assert board.power_of(lowest) == wanted
            assert sorted(board.powers) == sorted(POWERS)
    finally:
        db.close()


def test_republish_replaces_the_call_and_refuses_after_results(demo_file: Path,
                                                              tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        assert seating.existing_call(db, 2) == 7
        _everyone_present(db, 3)
        plan = seating.who_plays(db, 3).plan()
        seating.publish(db, 3, seating.seat(db, 3, plan, time_limit=1.0))
        assert seating.existing_call(db, 3) == 7
        seating.publish(db, 3, seating.seat(db, 3, plan, seed=99, time_limit=1.0))
        assert seating.existing_call(db, 3) == 7
        # Round 2 has results: its boards cannot be seated differently.
        _everyone_present(db, 2)
        changed = seating.seat(db, 2, seating.who_plays(db, 2).plan(), seed=5, time_limit=1.0)
        with pytest.raises(ServiceError, match="already has a result"):
            seating.publish(db, 2, changed)
    finally:
        db.close()


def test_republish_refuses_to_replace_a_board_being_played(demo_file: Path,
                                                           tmp_path: Path) -> None:
    # QA: publishing a new call for a round whose board 1 was in Spring 1902 deleted the game
    # with the board (phases and sheets go by a database cascade); Undo brought the board
    # back as 'playing' with no game at all.
    from tdapp.services import games

    db = _open(demo_file, tmp_path)
    try:
        _everyone_present(db, 3)
        plan = seating.who_plays(db, 3).plan()
        seating.publish(db, 3, seating.seat(db, 3, plan, time_limit=1.0))
        board_id = rounds.board_call(db, 3)[0].board_id
        games.start_game(db, board_id)
        games.save_orders(db, board_id, "FRANCE", "A Par-Bur")
        other = seating.seat(db, 3, plan, method="random", seed=99, time_limit=1.0)
        seated = {s.power: s.player_id for s in rounds.board_call(db, 3)[0].seats}
        assert seating.plans_of(other)[0].powers != seated  # board 1 would be replaced
        with pytest.raises(ServiceError, match="Board 1 of round 3 is being played"):
            seating.publish(db, 3, other)
        state = games.game_state(db, board_id)
        assert state.current.sheets["FRANCE"].text == "A Par-Bur", "nothing was lost"
    finally:
        db.close()


def test_bad_plan_is_refused_in_words(demo_file: Path, tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        plan = board_call.PlayersPlan(tuple(range(1, 46)))
        assert plan.problems() == ["45 players is not a multiple of 7: 4 more or 3 fewer."]
        with pytest.raises(ServiceError, match="not a multiple of 7"):
            seating.seat(db, 3, plan)
    finally:
        db.close()


def test_late_arrival_reseeds_only_boards_not_started(demo_file: Path, tmp_path: Path) -> None:
    db = _open(demo_file, tmp_path)
    try:
        ids = _everyone_present(db, 3)
        late, still_out = ids[:7], ids[7:14]
        plan = board_call.PlayersPlan(tuple(ids[14:]), tuple(ids[:14]),
                                   {pid: "not here yet" for pid in ids[:14]})
        seating.publish(db, 3, seating.seat(db, 3, plan, time_limit=1.0))
        call = rounds.board_call(db, 3)
        assert len(call) == 5 and len(seating.sit_outs(db, 3)) == 14
        with db.action("board 1 starts") as session:
            session.get(Board, call[0].board_id).status = "playing"
        waiting, started = seating.open_boards(db, 3)
        assert started == [1] and waiting == [2, 3, 4, 5]
        before = {s.power: s.player_id for s in call[0].seats}
        again = seating.reseed_open_boards(db, 3, late, time_limit=1.0)
        assert len(again.boards) == 6
        assert sorted(again.plan.sitting_out) == sorted(still_out)  # still out, still recorded
        seating.publish(db, 3, again)
        after = rounds.board_call(db, 3)
        assert {s.power: s.player_id for s in after[0].seats} == before
        assert after[0].status == "playing"  # the started board was left alone
        assert {s.player_id for b in after for s in b.seats} == set(ids[:7] + ids[14:])
        out = seating.sit_outs(db, 3)
        assert sorted(pid for pid, _, _ in out) == sorted(still_out)
        assert {reason for _, _, reason in out} == {"not here yet"}
        seating.add_to_standby(db, 3, [still_out[0]])
        assert {r.player_id: r.status for r in rollcall.roll_call(db, 3)}[still_out[0]] == \
            "standby"
    finally:
        db.close()


def test_cancelled_search_returns_the_best_seating_so_far(demo45: Path, tmp_path: Path) -> None:
    db = _open(demo45, tmp_path)
    try:
        _everyone_present(db, 3)
        plan = _fix(seating.who_plays(db, 3), "sit_out_order").plan()
        polls = []

        def cancel() -> bool:
            polls.append(1)
            return True

        seated = seating.seat(db, 3, plan, time_limit=30.0, cancel=cancel)
        assert polls and seated.cancelled
        assert any("Stopped early" in note for note in seated.notes)
        assert sorted(p for b in seated.boards for p in b.seats) == sorted(
            seated.context.labels[p] for p in plan.playing)
    finally:
        db.close()


def test_dbn_seeds_go_to_separate_boards_and_powers_by_the_paris_method(tmp_path: Path) -> None:
    path = write_demo(tmp_path / "dbn.tdt", players=21, format_name="dbn-2025", rounds_played=0)
    db = open_tournament_file(path)
    try:
        ids = _everyone_present(db, 1)
        with db.action("seeds") as session:
            for seed, pid in enumerate(reversed(ids), start=1):
                session.get(Player, pid).seed = seed
        seated = seating.seat(db, 1, seating.who_plays(db, 1).plan(), time_limit=1.0)
        assert seated.method == "seed_order" and seated.context.power_method == "paris"
        labels = seated.context.labels
        top = {labels[p] for p in list(reversed(ids))[:3]}  # seeds 1, 2 and 3
        assert [len(top & set(b.seats)) for b in seated.boards] == [1, 1, 1]
        selection = board_call.paris_selection(seated, 1)
        assert selection.seeds[0] in top  # the best seed of the board is seed 1, 2 or 3
    finally:
        db.close()


def test_wdc_2018_top_board_seats_the_best_seven_on_board_1(tmp_path: Path) -> None:
    from tdapp.services.exports import tournament_standings

    path = write_demo(tmp_path / "wdc2018.tdt", players=21, format_name="wdc-2018",
                      rounds_played=4)
    db = open_tournament_file(path)
    try:
        _everyone_present(db, 5)
        standings, _ = tournament_standings(db)
        order = [int(p) for p in standings.order()]
        with db.action("declines") as session:
            session.get(Player, order[0]).declined_top_board = True
        seated = seating.seat(db, 5, seating.who_plays(db, 5).plan(), time_limit=1.0)
        labels = seated.context.labels
        expected = {labels[p] for p in order[1:8]}  # the leader declined: the 8th is invited
        assert set(seated.boards[0].seats) == expected
        assert any(note.startswith("Top board") for note in seated.notes)
        seating.publish(db, 5, seated)
        call = rounds.board_call(db, 5)
        assert [b.top_board for b in call] == [True, False, False]
    finally:
        db.close()


def test_team_round_reads_the_teams_and_their_powers(demo_file: Path, tmp_path: Path) -> None:
    from tdapp.store.models import Team, TeamMember

    db = _open(demo_file, tmp_path)
    try:
        ids = _everyone_present(db, 4)
        with db.action("teams") as session:
            for number in range(7):
                team = Team(name=f"Team {number + 1}")
                session.add(team)
                session.flush()
                for power, pid in zip(POWERS, ids[number * 7:(number + 1) * 7], strict=True):
                    session.add(TeamMember(team_id=team.id, player_id=pid, power=power))
        seated = seating.seat(db, 4, seating.who_plays(db, 4).plan(), time_limit=1.0)
        assert seated.method == "team"  # WDC 2025 round 4
        labels = seated.context.labels
        team_of = {labels[pid]: i // 7 for i, pid in enumerate(ids)}
        chosen = {labels[pid]: POWERS[i % 7] for i, pid in enumerate(ids)}
        for board in seated.boards:
            assert len({team_of[p] for p in board.seats}) == 7  # team-mates never share a board
            assert all(chosen[player] == power for power, player in board.powers.items())
    finally:
        db.close()


def test_who_plays_before_the_roll_call_and_with_nine_players(tmp_path: Path) -> None:
    from tdapp.services import players as player_service
    from tdapp.services.tournaments import TournamentInfo, create_tournament

    db = create_tournament(tmp_path / "nine.tdt", TournamentInfo("Nine", "wdc-2025", 4))
    try:
        for number in range(9):
            player_service.add_player(db, player_service.PlayerData(f"Player {number}"))
        empty = seating.who_plays(db, 1)
        assert empty.fix == "unresolved" and empty.playing == []
        assert empty.explanations == ["Nobody is marked present for round 1: take the roll "
                                      "call on the Rounds page first."]
        _everyone_present(db, 1)
        nine = seating.who_plays(db, 1)
        assert nine.fix == "sit_out_order" and len(nine.playing) == 7
        assert nine.count_text.startswith("9 present — 1 board + 2 over")
        assert sum("(lowest-ranked first, by the sit-out order)" in line
                   for line in nine.explanations) == 2
        assert set(nine.plan().reasons.values()) == {"asked to sit out"}
    finally:
        db.close()


def test_the_seater_prepares_a_next_round_only_when_it_is_seated_the_same_way():
    from tdapp.core.formats.registry import get_format
    from tdapp.services.seating import last_balanced_round

    wdc = get_format("wdc-2025")  # round 4 is the team round
    assert [last_balanced_round(wdc, r) for r in (1, 2, 3, 4)] == [3, 3, 3, 4]
    tempest = get_format("wdc-2018")  # five balanced rounds
    assert [last_balanced_round(tempest, r) for r in (1, 5)] == [5, 5]
