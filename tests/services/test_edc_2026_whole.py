"""EDC 2026 (seed 004) run whole through the services a TD uses: roll call, who plays, seating by
the format's method each round, results, round 4 by ranking with the Paris method and locked
rank ranges, the final ranking, the awards; then count-back between players, and a board played
through the games service for the format's game rules. Each check quotes the seed's sentence.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.commands.demo_data import demo_game
from tdapp.core.game.record import LATE
from tdapp.core.powers import BOARD_SIZE, POWERS
from tdapp.core.seating.paris import ORDERING
from tdapp.core.tournament import board_call
from tdapp.services import awards, clock, games, rollcall, rounds, seating
from tdapp.services import players as player_service
from tdapp.services.changes import ServiceError
from tdapp.services.formats import effective_format
from tdapp.services.results import BoardResult, record_result, score_result
from tdapp.services.standings_views import standings_view
from tdapp.services.tournaments import TournamentInfo, create_tournament
from tdapp.store.database import TournamentDb
from tdapp.store.models import GamePhase, Seat

PLAYERS = 29  # four boards and one over: every round someone sits out


def _new_tournament(path: Path, players: int) -> TournamentDb:
    info = TournamentInfo(name="EDC 2026", format_name="edc-2026", rounds_planned=4,
                          start_date=dt.date(2026, 10, 2), end_date=dt.date(2026, 10, 4))
    db = create_tournament(path, info)
    people = [player_service.PlayerData(name=f"Player {i:02d}") for i in range(1, players + 1)]
    player_service.add_players(db, people, f"Add {players} players")
    return db


def _ids(db: TournamentDb, number: int) -> list[int]:
    return [row.player_id for row in rollcall.roll_call(db, number)]


def _seat_and_publish(db: TournamentDb, number: int) -> board_call.SeatingProposal:
    """Who plays by the format's fix, seated by the format's method, powers as it says."""
    proposal = seating.who_plays(db, number)
    plan = proposal.plan()
    assert not plan.problems()
    seated = seating.seat(db, number, plan, time_limit=1.0)
    assert seated.method == effective_format(db).round_rule(number).seating
    if seated.context.power_method == "paris":
        for board in seated.boards:
            _paris(seated, board.number)
    seating.publish(db, number, seated)
    return seated


def _paris(proposal: board_call.SeatingProposal, number: int) -> None:
    """The Paris method on one board, each player taking the first choice offered."""
    selection = board_call.paris_selection(proposal, number)
    ranking = proposal.context.ranking
    board = next(b for b in proposal.boards if b.number == number)
    assert list(selection.seeds) == sorted(board.seats, key=ranking.index)
    assert selection.order[0] == selection.seeds[-1]  # the lowest seed starts the order
    while (turn := selection.turn()) is not None:
        if turn.stage == ORDERING:
            selection.choose_position(turn.options[0])
        else:
            selection.choose_power(turn.options[0])
    board_call.apply_paris(proposal, number, selection)
    assert board.powers == selection.powers


def _play_randomly(db: TournamentDb, number: int, rng: random.Random,
                   skip: tuple[int, ...] = ()) -> None:
    for board in rounds.board_call(db, number):
        if board.number in skip:
            continue
        game = demo_game(rng, 1909)
        record_result(db, board.board_id, BoardResult(
            centers=game.centers, end_year=game.end_year, end_reason=game.end_reason,
            solo=game.solo, eliminated=game.eliminated, history=game.history))


def _powers(db: TournamentDb, number: int, board_number: int) -> dict[int, str]:
    """Player id -> power on a published board."""
    board = next(b for b in rounds.board_call(db, number) if b.number == board_number)
    with db.read() as session:
        seats = session.scalars(select(Seat).where(Seat.board_id == board.board_id)).all()
        return {s.player_id: s.power for s in seats}


def _result_by_player(powers: dict[int, str], counts: dict[int, list[int]], years: list[int],
                      eliminated: dict[int, int]) -> BoardResult:
    """A typed result: ``counts[player]`` are the player's centres in ``years`` (last first)."""
    history = {y: {powers[p]: c[i] for p, c in counts.items()} for i, y in enumerate(years)}
    return BoardResult(centers=history[years[0]], end_year=years[0], end_reason="last-year",
                       history=history,
                       eliminated={powers[p]: y for p, y in eliminated.items()})


# Seed 004's scoring example, year by year (A16 E13 R4 F1 in 1909, G out 1908, I 1905, T 1903).
EXAMPLE = {
    1901: [5, 4, 5, 5, 4, 5, 4], 1902: [6, 5, 5, 5, 4, 5, 2], 1903: [8, 6, 5, 5, 4, 5, 0],
    1904: [9, 7, 5, 5, 3, 5, 0], 1905: [11, 8, 5, 5, 0, 5, 0], 1906: [12, 9, 4, 4, 0, 5, 0],
    1907: [13, 10, 3, 3, 0, 5, 0], 1908: [15, 12, 2, 0, 0, 5, 0], 1909: [16, 13, 1, 0, 0, 4, 0],
}


def _example_result() -> BoardResult:
    history = {y: dict(zip(POWERS, c, strict=True)) for y, c in EXAMPLE.items()}
    return BoardResult(centers=history[1909], end_year=1909, end_reason="last-year",
                       history=history,
                       eliminated={"GERMANY": 1908, "ITALY": 1905, "TURKEY": 1903})


@pytest.fixture(scope="module")
def edc(tmp_path_factory: pytest.TempPathFactory):
    """Rounds 1-3 played; round 4 seated by ranking with Player ranked 10th absent."""
    path = tmp_path_factory.mktemp("edc") / "edc-2026.tdt"
    db = _new_tournament(path, PLAYERS)
    rng = random.Random(2026)
    seated: dict[int, board_call.SeatingProposal] = {}
    for number in (1, 2, 3):
        rollcall.set_answers(db, number, _ids(db, number), status="present")
        seated[number] = _seat_and_publish(db, number)
        rounds.set_round_status(db, number, "playing")
        _play_randomly(db, number, rng)
        rounds.set_round_status(db, number, "finished")
    start = [int(p) for p in seating.ranking_ids(db)]  # the ranking as round 4 begins
    ids = _ids(db, 4)
    absent = start[9]
    rollcall.set_answers(db, 4, [p for p in ids if p != absent], status="present")
    rollcall.set_answers(db, 4, [absent], status="absent")
    seated[4] = _seat_and_publish(db, 4)
    rounds.set_round_status(db, 4, "playing")
    yield db, seated, start, absent, rng
    db.close()


def test_round_1_is_random_and_rounds_2_3_weighted_random_by_rank(edc) -> None:
    """"Allocation of players to each board for Round 1 will be random." "... a weighted random
    algorithm whereby the highest ranked player not assigned to a board will be assigned first
    followed by another player at random weighted so that players closer to the previous
    player in ranking have a higher chance of being selected ... Once seven players have been
    selected the next highest-ranking player remaining will be selected for the next board and
    so-on." "Country allocation for each board in Round 1 shall be random.\""""
    db, seated, _, _, _ = edc
    fmt = effective_format(db)
    assert [fmt.round_rule(n).seating for n in (1, 2, 3, 4)] == [
        "random", "weighted", "weighted", "ranked"]
    assert [fmt.round_rule(n).powers for n in (1, 2, 3, 4)] == [
        "automatic", "automatic", "automatic", "paris"]
    for number in (2, 3):
        proposal = seated[number]
        ranking = proposal.context.ranking
        remaining = {p for b in proposal.boards for p in b.seats}
        opened = []
        for board in proposal.boards:  # each board opens with the best player still unseated
            best = min(remaining, key=ranking.index)
            assert best in board.seats
            opened.append(best)
            remaining -= set(board.seats)
        assert opened == sorted(opened, key=ranking.index)
    # Who sits out when 29 answer: the format leaves it to the TD, the lowest-ranked by default
    assert all(len(seated[n].plan.sitting_out) == 1 for n in (1, 2, 3))


def test_round_4_is_seated_by_ranking_seven_available_players_a_board(edc) -> None:
    """"Allocation of players to each board for Round 4 will be based solely on ranking, with
    each group of 7 available players selected for a board." "Country allocation for each
    board in Round 4 shall be the Paris method.\""""
    db, seated, start, absent, _ = edc
    proposal = seated[4]
    labels = seating.player_labels(db)
    available = [labels[p] for p in start if p != absent]
    assert len(available) == 28 and not proposal.plan.sitting_out
    for board in proposal.boards:
        group = available[(board.number - 1) * BOARD_SIZE: board.number * BOARD_SIZE]
        assert sorted(board.seats) == sorted(group)
        assert proposal.selection_orders[board.number]  # powers by the Paris method
    call = rounds.board_call(db, 4)
    assert [b.top_board for b in call] == [True, False, False, False]  # board 1 is the top
    assert any("locked to the range of places" in note for note in proposal.notes)


def test_the_final_ranking_locks_each_board_to_its_range(edc) -> None:
    """"Each of group of seven players forming a board in the final round will be locked into
    the range of rankings they occupy at the start of the final round ... With the exception
    of the top board, players will swap freely within this range of ranks ..." "The board
    topper of the top board in the final round will be crowned the champion of the tournament.
    If there is a joint board top, then count back shall be used and the player losing the
    count back will be awarded 2nd place ... The remaining places will be determined using the
    full tournament scores across all rounds.\""""
    db, seated, start, absent, rng = edc
    call = rounds.board_call(db, 4)
    top = _powers(db, 4, 1)
    by_start = sorted(top, key=start.index)
    # Start ranks 4 and 6 share the top on 10 centres; a year back rank 6 had 9 against 8.
    winner, loser = by_start[5], by_start[3]
    others = [p for p in by_start if p not in (winner, loser)]
    counts = {winner: [10, 9, 8, 7, 6, 5, 5, 5, 5], loser: [10, 8, 8, 7, 6, 5, 5, 5, 5],
              others[0]: [6, 6, 6, 6, 5, 5, 5, 5, 5], others[1]: [4, 4, 4, 5, 5, 5, 5, 5, 5],
              others[2]: [3, 3, 4, 4, 5, 5, 5, 5, 5], others[3]: [1, 2, 2, 3, 4, 5, 5, 5, 5],
              others[4]: [0, 1, 2, 2, 3, 4, 4, 4, 4]}
    years = list(range(1909, 1900, -1))
    record_result(db, call[0].board_id,
                  _result_by_player(top, counts, years, {others[4]: 1909}))
    record_result(db, call[3].board_id, _example_result())
    _play_randomly(db, 4, rng, skip=(1, 4))
    rounds.set_round_status(db, 4, "finished")
    view = standings_view(db)
    line = {ln.player_id: ln for ln in view.lines}
    rank = {p: line[p].rank for p in line}
    assert view.through == 4
    # the champion: the top board's board topper, the joint top settled by count-back
    assert rank[winner] == 1 and rank[loser] == 2
    assert line[winner].reason == ("shared board top; ahead on count-back (9 against 8 centres "
                                   "in 1908)")
    rest = sorted(others, key=lambda p: -line[p].score)
    assert [rank[p] for p in rest] == [3, 4, 5, 6, 7]  # then by full tournament score
    assert all(line[p].top_board for p in top)
    # every other board keeps the places its players held when round 4 began
    for board_number in (2, 3, 4):
        members = list(_powers(db, 4, board_number))
        held = sorted(start.index(p) + 1 for p in members)
        assert sorted(rank[p] for p in members) == held
        by_score = sorted(members, key=lambda p: -line[p].score)
        assert [rank[p] for p in by_score] == held  # swapped freely inside by total
    # the absent player (ranked 10th as round 4 began) keeps that place
    assert rank[absent] == 10
    assert line[absent].reason == "held place 10 and did not play the final round"
    # "Whilst Round 4 will be scored no player may move in the rankings above a player on a
    # higher board."
    board_of = {p: n for n in (1, 2, 3, 4) for p in _powers(db, 4, n)}
    for a in board_of:
        for b in board_of:
            if board_of[a] < board_of[b]:
                assert rank[a] < rank[b]
    champion = awards.awards_view(db).others()[0]
    assert champion.name == "Champion" and champion.player_ids == (winner,)
    assert champion.rule == "board-topper of the top board in the final round"


def test_the_scoring_example_scores_as_the_rule_text_says(edc) -> None:
    """Seed 004's scoring example: "Austria 16 centres, England 13 centres, Russia 4 centres,
    France 1 centre, Germany eliminated 1908, Italy eliminated 1905, Turkey eliminated 1903".
    Its table's totals for Austria, England and Russia (240, 145, 70) leave out Score 4
    (seeds/README.md, known slip); "Each player's game score will be the total of Score 1,
    Score 2, Score 3 and Score 4", so they are 249, 154 and 79."""
    db, *_ = edc
    board = rounds.board_call(db, 4)[3]
    with db.read() as session:
        scores = {s.power: s.score for s in session.scalars(
            select(Seat).where(Seat.board_id == board.board_id))}
    assert scores == {"AUSTRIA": 249, "ENGLAND": 154, "RUSSIA": 79, "FRANCE": 44,
                      "GERMANY": 38, "ITALY": 25, "TURKEY": 13}


def test_count_back_in_a_game_and_a_tie_in_every_year() -> None:
    """"If players are tied on centre count (including zero centres for eliminated players)
    there will be a count back to each previous year within the current game until ties are
    settled. If players are tied on centre count in every game year, then points will be split
    equally (e.g. 110 points each for a tied 2nd place)." Germany, Italy and Turkey all end on
    nothing and take 5th, 6th and 7th by the years they lasted (30, 20, 10 of Score 1: the
    example's 38, 25, 13). Two powers level in every year share the points of the places they
    fill: 110 is (130 + 90) / 2, a tie for the top two places (the seed calls it "a tied 2nd
    place"; a tie for 2nd and 3rd would share (90 + 60) / 2 = 75)."""
    example = score_result("edc-2026", _example_result())
    assert (example["GERMANY"], example["ITALY"], example["TURKEY"]) == (38, 25, 13)
    level = {y: {"AUSTRIA": 10, "ENGLAND": 10, "FRANCE": 5, "GERMANY": 4, "ITALY": 3,
                 "RUSSIA": 2, "TURKEY": 0} for y in range(1901, 1910)}
    shared = score_result("edc-2026", BoardResult(
        centers=level[1909], end_year=1909, end_reason="last-year", history=level,
        eliminated={"TURKEY": 1901}))
    assert shared["AUSTRIA"] == shared["ENGLAND"] == 110 + 5 * 10 + 9


def test_the_format_dialog_says_the_final_round_rules(edc) -> None:
    """"Sit-outs and double boards in round 4 get a rule the TD can read in the format dialog"
    (issue 15): the format's description, which the dialog shows, says both."""
    from tdapp.core.formats import describe_format

    db, *_ = edc
    words = dict(describe_format(effective_format(db)))
    assert "sits the final round out keeps the place held" in words["Final-round sit-outs"]
    assert "two final-round boards" in words["Final-round sit-outs"]
    assert words["Champion"].startswith("the board-topper of the final round's top board")
    assert "seated by ranking, seven available players a board" in words["Final round"]


def _austria_result(austria: list[int]) -> BoardResult:
    """Austria on ``austria`` centres in 1909, 1908, 1907, 1906; every other year and power the
    same, so three such boards differ only in Austria's last years."""
    rest = {"ENGLAND": 7, "FRANCE": 6, "GERMANY": 5, "ITALY": 3, "RUSSIA": 2, "TURKEY": 0}
    early = {1901: [5, 4, 5, 5, 4, 5, 4], 1902: [6, 5, 5, 5, 4, 5, 2],
             1903: [7, 6, 6, 5, 3, 5, 1], 1904: [8, 7, 6, 5, 3, 4, 0],
             1905: [8, 7, 6, 5, 3, 2, 0]}
    history = {y: dict(zip(POWERS, c, strict=True)) for y, c in early.items()}
    for year, count in zip((1909, 1908, 1907, 1906), austria, strict=True):
        history[year] = {"AUSTRIA": count, **rest}
    history[1909]["ENGLAND"] = 8
    return BoardResult(centers=history[1909], end_year=1909, end_reason="last-year",
                       history=history, eliminated={"TURKEY": 1904})


def test_count_back_between_players_goes_on_until_one_is_ahead(tmp_path: Path) -> None:
    """"Players may be tied for scores at any time. In this case a count-back phase-by-phase
    will be used to determine the rankings. I.e. players tied at the end of Round 4 will have
    their Round 4 boards rolled back by one year to determine their whole tournament scores at
    this point. If both are still tied then these boards will be rolled back another year and
    so-on until one of the players is ahead." Three Austrias tie on 189 after round 1: a year
    back z is behind (183 against 218: x and y were 3 clear of second, z 2), x and y are level
    at two years (182/182) and x is ahead at three (181 against 176)."""
    db = _new_tournament(tmp_path / "count-back.tdt", 21)
    try:
        rollcall.set_answers(db, 1, _ids(db, 1), status="present")
        _seat_and_publish(db, 1)
        rounds.set_round_status(db, 1, "playing")
        call = rounds.board_call(db, 1)
        austria = {}
        for board, centres in zip(call, ([10, 10, 9, 9], [10, 10, 9, 8], [10, 9, 9, 9]),
                                  strict=True):
            record_result(db, board.board_id, _austria_result(centres))
            austria[board.number] = next(p for p, pw in _powers(db, 1, board.number).items()
                                         if pw == "AUSTRIA")
        rounds.set_round_status(db, 1, "finished")
        x, y, z = austria[1], austria[2], austria[3]
        line = {ln.player_id: ln for ln in standings_view(db).lines}
        assert line[x].score == line[y].score == line[z].score == 189
        assert (line[x].rank, line[y].rank, line[z].rank) == (1, 2, 3)
        assert not line[x].tie and not line[y].tie
        assert line[x].reason == ("tied on 189; ahead on count-back (181 against 176 with the "
                                  "last round 3 years back)")
        assert line[y].reason == ("tied on 189; ahead on count-back (218 against 183 with the "
                                  "last round 1 year back)")
        # the ranking that seats round 2 is the same
        assert [int(p) for p in seating.ranking_ids(db)][:3] == [x, y, z]
    finally:
        db.close()


# -- the game rules on a board played through the games service -----------------------------

@pytest.fixture
def game(tmp_path: Path):
    db = _new_tournament(tmp_path / "game.tdt", 7)
    rollcall.set_answers(db, 1, _ids(db, 1), status="present")
    _seat_and_publish(db, 1)
    rounds.set_round_status(db, 1, "playing")
    board_id = rounds.board_call(db, 1)[0].board_id
    games.start_game(db, board_id)
    yield db, board_id
    db.close()


def test_the_clock_and_the_grace_period(game) -> None:
    """"a full game year shall be 16+16+4= 36 minutes" "The total maximum game time is therefore
    5 hours 22 minutes." "Any player not already eliminated that submits no orders in a
    movement round shall be given a 2-minute grace period to submit orders. Each player has
    one grace period allowed during the whole game ... Any player that submits no orders for a
    second time will have all their units hold for that phase and may continue to submit
    orders in later phases.\""""
    db, board_id = game
    schedule = clock.clock_format(db).schedule()
    assert schedule.total_seconds == 5 * 3600 + 22 * 60
    assert [s.seconds for s in schedule.segments[:3]] == [16 * 60, 16 * 60, 4 * 60]
    state = games.game_state(db, board_id)
    assert (state.grace.minutes, state.grace.per_game, state.grace.movement_only) == (2, 1, True)
    games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    games.save_orders(db, board_id, "FRANCE", "A Par-Bur")  # handed in within the grace
    assert games.game_state(db, board_id).current.sheets["FRANCE"].status == LATE
    games.adjudicate(db, board_id)
    with pytest.raises(ServiceError, match="has had its grace period"):
        games.set_sheet_status(db, board_id, "FRANCE", games.GRACE)
    games.set_sheet_status(db, board_id, "FRANCE", games.NO_ORDERS)
    games.adjudicate(db, board_id)  # F1901M: France's units hold
    state = games.game_state(db, board_id)
    assert "A BUR" in state.current.position["units"]["FRANCE"]


def test_last_order_counts_and_an_official_wrong_abbreviation_is_illegal(game) -> None:
    """"If two or more orders for the same unit are entered, then the adjudication will use
    only the one lower down the text (i.e. the last one) and ignore the other(s)." "if an
    official but incorrect abbreviation is used this will be deemed an illegal order and
    replaced with a HOLD (e.g. Fleet move Lon-Nor ... is an illegal order, even if the player
    intended to move to North Sea and so wrote 'Nor')." "If it isn't reported before the next
    movement phase, it is final and will not be corrected.\""""
    db, board_id = game
    games.save_orders(db, board_id, "ITALY", "A Ven-Tyr\nA Ven-Pie")
    games.save_orders(db, board_id, "ENGLAND", "F Lon-Nor\nF Edi-Nwg")
    games.adjudicate(db, board_id)
    units = games.game_state(db, board_id).current.position["units"]
    assert "A PIE" in units["ITALY"] and "A TYR" not in units["ITALY"]
    assert "F LON" in units["ENGLAND"] and "F NTH" not in units["ENGLAND"]
    assert "F NWG" in units["ENGLAND"]
    state = games.game_state(db, board_id)
    spring = next(p for p in state.phases if p.phase == "S1901M")
    # reported before the next movement phase is adjudicated: corrected
    report = games.correct_orders(db, board_id, spring.seq, "ENGLAND", "F Lon-Nth\nF Edi-Nwg")
    assert report is not None
    assert "F NTH" in games.game_state(db, board_id).current.position["units"]["ENGLAND"]
    games.adjudicate(db, board_id)  # Fall 1901: the next movement phase
    with pytest.raises(ServiceError, match="not reported before the next movement phase"):
        games.correct_orders(db, board_id, spring.seq, "ITALY", "A Ven-Tyr")


def test_the_game_ends_after_the_fall_1909_retreats(game) -> None:
    """"Games will end after the Fall Retreat 1909 phase.\""""
    db, board_id = game
    with db.action("test: the board reaches Fall 1909") as session:
        row = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id)
                              .order_by(GamePhase.seq.desc())).first()
        row.phase = "F1909M"
        row.position = {
            "phase": "F1909M",
            "units": {"FRANCE": ["A BUR", "A RUH"], "GERMANY": ["A MUN"]},
            # every power on its own count, so the score needs no count-back into years
            # this shortcut has no record of
            "centers": {"AUSTRIA": ["VIE"], "ENGLAND": ["LON", "EDI"],
                        "FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE", "HOL"],
                        "ITALY": ["ROM", "NAP", "VEN", "TUN", "GRE"],
                        "RUSSIA": ["MOS", "WAR", "SEV", "STP", "RUM", "SWE"],
                        "TURKEY": ["CON", "ANK", "SMY", "BUL", "SER", "BUD", "TRI"]},
            "dislodged": {}, "contested": []}
    games.save_orders(db, board_id, "FRANCE", "A Bur-Mun\nA Ruh S A Bur-Mun")
    games.adjudicate(db, board_id)
    state = games.game_state(db, board_id)
    assert state.current.phase == "F1909R" and state.end_reason is None  # retreats to come
    games.save_orders(db, board_id, "GERMANY", "A Mun-Ber")
    games.adjudicate(db, board_id)
    state = games.game_state(db, board_id)
    assert state.end_reason == "last-year"
    played = [p.phase for p in state.phases if p.results is not None]
    assert played[-2:] == ["F1909M", "F1909R"]  # nothing of 1909's winter is played
    with pytest.raises(ServiceError, match="over"):
        games.save_orders(db, board_id, "FRANCE", "A Par B")
    with db.read() as session:
        centres = {s.power: s.centers for s in session.scalars(
            select(Seat).where(Seat.board_id == board_id))}
    assert centres["FRANCE"] == 4 and centres["GERMANY"] == 3  # Munich changed hands
