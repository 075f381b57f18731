"""The DBN Invitational 2025 whole, through the services a TD's windows call (seed 000): a season
file, the invitation list, the semi-final stage seated round by round with the Seat round
services (seed order, the Paris method), results with a single winner, the championship game
and the DBN Diplomat of the Year."""

from __future__ import annotations

import random
from pathlib import Path

from tdapp.core.formats.structures.knockout import finalists as knockout_finalists
from tdapp.core.powers import POWERS
from tdapp.core.tournament import board_call
from tdapp.core.tournament.results import ScoreSheet
from tdapp.core.tournament.season import QualifyingEvent
from tdapp.services import players, rollcall, rounds, seating
from tdapp.services import season as season_service
from tdapp.services.exports import tournament_standings
from tdapp.services.formats import effective_format
from tdapp.services.results import BoardResult, record_result
from tdapp.services.standings_data import tournament_model
from tdapp.store.database import TournamentDb
from tdapp.store.files import open_tournament_file
from tdapp.store.models import Board


def season_file(tmp_path: Path) -> Path:
    path = tmp_path / "dbn-2025.tds"
    season_service.new_season(path, "DBN Invitational 2025")
    names = [f"Player {n:02d}" for n in range(1, 51)]
    for i, (name, major) in enumerate((("Whipping", False), ("WDC", True), ("Carnage", False),
                                       ("Weasel Moot", False))):
        order = names[3 * i:] + names[:3 * i]
        season_service.add_event(path, QualifyingEvent(
            name, 14, len(names), {p: n for n, p in enumerate(order, start=1)}, major=major,
            date=f"2025-0{i + 3}-01"))
    season_service.set_defending_champion(path, "Last Champion")
    return path


def seat_and_play(db: TournamentDb, number: int, rng: random.Random,
                  tie_board: int | None = None) -> dict[int, str]:
    """Seat the round as the wizard does (who plays, seed order, the Paris method on every
    board), publish, and record each board's result; returns board -> winner's name."""
    plan = seating.who_plays(db, number).plan()
    proposal = seating.seat(db, number, plan)
    for board in proposal.boards:
        selection = board_call.paris_selection(proposal, board.number)
        while (turn := selection.turn()) is not None:
            if turn.stage == "ordering":
                selection.choose_position(rng.choice(turn.options))
            else:
                selection.choose_power(rng.choice(turn.options))
        board_call.apply_paris(proposal, board.number, selection)
    seating.publish(db, number, proposal)
    rounds.set_round_status(db, number, "playing")
    names = {p.id: p.name for p in players.list_players(db)}
    winners: dict[int, str] = {}
    for row in rounds.board_call(db, number):
        with db.read() as session:
            order = tuple(session.get(Board, row.board_id).selection_order)
        if row.number == tie_board:  # the two last selectors share the top: the later wins
            centers = dict(zip(POWERS, (4, 4, 4, 4, 4, 4, 4), strict=True))
            centers[order[-1]], centers[order[-2]], centers[order[0]] = 8, 8, 2
        else:
            centers = dict(zip(POWERS, (3, 5, 4, 9, 4, 5, 4), strict=True))
        record_result(db, row.board_id, BoardResult(centers=centers, end_year=1915,
                                                    end_reason="draw", selection_order=order))
        seats = {s.power: s for s in rounds.board_call(db, number)[row.number - 1].seats}
        winner = [s for s in seats.values() if s.score]
        assert len(winner) == 1  # 5.1: "All games in the DBN Invitational produce a single winner"
        if row.number == tie_board:
            assert winner[0].power == order[-1]  # 5.1.2: "selected their power last"
        winners[row.number] = names[winner[0].player_id]
    rounds.set_round_status(db, number, "finished")
    return winners


def test_the_dbn_invitational_from_the_season_to_the_diplomat_of_the_year(tmp_path: Path) -> None:
    rng = random.Random(2025)
    path = season_file(tmp_path)
    view = season_service.season_view(path)
    qualifiers = [i for i in view.invitations if not i.alternate]
    assert len(qualifiers) == 31 and len(view.invitations) == 35  # 2.7.1, 2.8.2
    # preferences: seeds 4-14 ask for round 3, the rest round 1 (round 3 overflows a board)
    for inv in qualifiers[3:]:
        season_service.set_preference(path, inv.player, [3, 2] if inv.seed <= 14 else [1])
    season_service.cannot_play(path, qualifiers[10].player)  # seed 11: an alternate plays
    view = season_service.season_view(path)
    assert view.stage is not None
    expected = {n: sorted(s.player for s in view.stage.round_players(n)) for n in (1, 2, 3)}
    # 17 want round 1 and 11 round 3: 14 + 14 moves the fewest (the three lowest of round 1)
    assert [len(expected[n]) for n in (1, 2, 3)] == [14, 0, 14]
    moved = sorted(s.seed for s in view.stage.seats if s.moved)
    assert moved == [29, 30, 31]
    made = season_service.start_invitational(path, tmp_path / "dbni.tdt")
    db = open_tournament_file(made.path)
    try:
        seed = {p.name: p.seed for p in players.list_players(db)}
        semi_winners: list[str] = []
        for number in (1, 2, 3):
            present = sorted(r.name for r in rollcall.roll_call(db, number)
                             if r.status == "present")
            assert present == expected[number]
            if not expected[number]:
                continue  # nobody plays round 2
            semi_winners += seat_and_play(db, number, rng, tie_board=1 if number == 3 else None
                                          ).values()
            boards = rounds.board_call(db, number)
            # 3.2.2: the top seeds of the round on separate boards, then the next, and so on
            by_seed = sorted((seed[s.player_name], b.number) for b in boards for s in b.seats)
            for i in range(0, len(by_seed), len(boards)):
                assert len({b for _, b in by_seed[i:i + len(boards)]}) == len(boards)
        assert len(semi_winners) == 4
        # 4.1.2: the top three seeds and the four semi-final winners; 4.3 seeding
        model = tournament_model(db)
        fmt = effective_format(db)
        final = knockout_finalists(model, fmt, ScoreSheet(model, fmt, 3))
        names = {p.id: p.name for p in model.players}
        assert {names[f.player] for f in final} == set(semi_winners) | {
            n for n, s in seed.items() if s in (1, 2, 3)}
        assert [f.seed for f in final] == sorted(f.seed for f in final)  # no solo: by seed
        ids = {p.name: p.id for p in players.list_players(db)}
        finalist_ids = [int(f.player) for f in final]
        rollcall.set_answers(db, 4, finalist_ids, status="present")
        rollcall.set_answers(db, 4, [i for i in ids.values() if i not in finalist_ids],
                             status="absent")
        champion = seat_and_play(db, 4, rng)[1]
        standings, names_by_id = tournament_standings(db)
        top = standings.rows[0]
        assert names_by_id[top.player] == champion and top.rank == 1
        assert top.reason == "champion: won the championship game"  # 1.5, 4.1.1
    finally:
        db.close()
