"""A DBN Invitational 2025 game played through the games service (seed 000, 5.1 and 5.6-5.8):
draw proposals from Spring 1907, one per Spring or Fall, a secret vote that passes only if every
power with a centre votes yes, a power nobody replaces counted in favour, a forced draw after
1915, and a single winner: the most centres, a tie going to who selected their power last."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from tdapp.core.powers import POWERS
from tdapp.services import games
from tdapp.services.changes import ServiceError
from tdapp.services.files import open_tournament
from tdapp.services.rounds import BoardPlan, all_boards, save_board_call
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, GamePhase, Player, Seat, Tournament

# the Paris method's selection order on this board: Turkey chose first ... England last
SELECTION = ("TURKEY", "RUSSIA", "ITALY", "GERMANY", "FRANCE", "AUSTRIA", "ENGLAND")


@pytest.fixture
def dbn_board(demo_file: Path, tmp_path: Path) -> Iterator[tuple[TournamentDb, int]]:
    path = tmp_path / "dbn.tdt"
    shutil.copy(demo_file, path)
    db = open_tournament(path)
    with db.action("DBN format for the test") as session:
        session.scalars(select(Tournament)).one().format_name = "dbn-2025"
        ids = list(session.scalars(select(Player.id).order_by(Player.id)))
    save_board_call(db, 3, [BoardPlan(1, dict(zip(POWERS, ids[:7], strict=True)))])
    board_id = all_boards(db, 3)[0].board_id
    with db.action("Paris method selection order") as session:
        session.get(Board, board_id).selection_order = list(SELECTION)
    games.start_game(db, board_id)
    yield db, board_id
    db.close()


def jump_to(db: TournamentDb, board_id: int, phase: str, centers: dict[str, list[str]],
            units: dict[str, list[str]] | None = None) -> None:
    """Put the open phase at a given position (a shortcut to late years)."""
    position = {"phase": phase, "units": units or {}, "centers": centers, "dislodged": {},
                "contested": []}
    with db.action("test position") as session:
        row = session.scalars(select(GamePhase).where(GamePhase.board_id == board_id)
                              .order_by(GamePhase.seq.desc())).first()
        row.phase, row.position = phase, position


# England and Austria share the top on 8 centres; Italy has none
TIED_TOP = {"ENGLAND": ["LON", "EDI", "LVP", "NWY", "SWE", "DEN", "HOL", "BEL"],
            "AUSTRIA": ["VIE", "BUD", "TRI", "SER", "GRE", "RUM", "BUL", "VEN"],
            "FRANCE": ["PAR", "BRE", "MAR", "SPA", "POR"],
            "GERMANY": ["BER", "KIE", "MUN"],
            "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
            "TURKEY": ["ANK", "CON", "SMY", "NAP", "ROM", "TUN"]}


def test_draw_proposals_begin_in_spring_1907(dbn_board) -> None:
    """5.7.1: "Beginning in Spring 1907, players may propose a draw once per Spring or Fall
    season"."""
    db, board_id = dbn_board
    jump_to(db, board_id, "F1906M", TIED_TOP)
    with pytest.raises(ServiceError, match="Spring 1907"):
        games.hold_draw_vote(db, board_id, dict.fromkeys(POWERS, True))
    jump_to(db, board_id, "S1907M", TIED_TOP)
    preview = games.draw_vote_preview(db, board_id)
    assert preview.refusal is None and preview.secret
    assert "ITALY" not in preview.eligible  # no centre, no vote


def test_a_secret_vote_needs_every_power_with_a_centre(dbn_board) -> None:
    """5.7.3: "every player that controls at least one supply center at the time of the vote
    must vote in favor of the draw. The GM shall not divulge who voted in what way, or how many
    players voted for or against the draw." """
    db, board_id = dbn_board
    jump_to(db, board_id, "S1907M", TIED_TOP)
    voters = [p for p in POWERS if p in TIED_TOP]
    out = games.hold_draw_vote(db, board_id, {**dict.fromkeys(voters, True), "GERMANY": False})
    assert not out.passed and out.secret
    assert games.game_state(db, board_id).votes[0].votes is None  # no ballot kept
    with pytest.raises(ServiceError, match="one per season"):
        games.hold_draw_vote(db, board_id, dict.fromkeys(voters, True))


def test_a_power_nobody_replaces_counts_in_favour_of_every_draw(dbn_board) -> None:
    """5.8.3: "In the situation where an alternate player cannot be found, the GM shall process
    standing "hold" orders for the abandoned power and assume a vote in favor of all draw
    proposals". 5.1.2: "If two or more players are tied for the most supply centers, the winner
    is the player who selected their power last among the tied players." """
    db, board_id = dbn_board
    jump_to(db, board_id, "F1908M", TIED_TOP)
    voters = [p for p in POWERS if p in TIED_TOP and p != "RUSSIA"]
    out = games.hold_draw_vote(db, board_id, dict.fromkeys(voters, True), abandoned=["RUSSIA"])
    assert out.passed
    scores = board_scores(db, board_id)
    # England chose after Austria (England is last in the selection order): England wins
    assert scores == {**dict.fromkeys(POWERS, 0.0), "ENGLAND": 1.0}


def test_a_power_nobody_replaces_holds(dbn_board) -> None:
    """5.8.3: "the GM shall process standing "hold" orders for the abandoned power"."""
    db, board_id = dbn_board
    games.save_orders(db, board_id, "RUSSIA", "A War-Gal")
    games.set_sheet_status(db, board_id, "RUSSIA", games.NO_ORDERS)  # the GM: no replacement
    games.save_orders(db, board_id, "GERMANY", "A Mun-Ruh")
    games.adjudicate(db, board_id)
    units = games.game_state(db, board_id).current.position["units"]
    assert "A WAR" in units["RUSSIA"] and "A RUH" in units["GERMANY"]


def test_a_forced_draw_after_1915_has_a_single_winner(dbn_board) -> None:
    """5.6.3: "The game shall end in a forced draw if no power has achieved a solo victory by
    the end of 1915." 5.1.2: the most centres at the draw wins, a tie to the later selector."""
    db, board_id = dbn_board
    units = {"ENGLAND": ["F NTH"], "AUSTRIA": ["A VIE"]}
    jump_to(db, board_id, "F1915M", TIED_TOP, units)
    games.adjudicate(db, board_id)
    state = games.game_state(db, board_id)
    assert state.finished and state.end_reason == "draw"
    assert board_scores(db, board_id) == {**dict.fromkeys(POWERS, 0.0), "ENGLAND": 1.0}
    with db.read() as session:  # the Paris selection order is still on the board
        assert session.get(Board, board_id).selection_order == list(SELECTION)


def board_scores(db: TournamentDb, board_id: int) -> dict[str, float]:
    with db.read() as session:
        return {s.power: float(s.score) for s in session.scalars(
            select(Seat).where(Seat.board_id == board_id))}


def test_an_open_veto_is_recorded_and_no_vote_is_held(dbn_board) -> None:
    """5.7.1: "Once everyone is in the Game Table, the GM shall give players the opportunity to
    openly veto the draw. If the draw is openly vetoed, it does not count as the draw vote for
    that season. If it is not openly vetoed, each player shall head to their assigned voice room
    and confidentially cast their vote to the GM." The veto is open, so who vetoed is kept."""
    db, board_id = dbn_board
    jump_to(db, board_id, "S1907M", TIED_TOP)
    games.veto_draw_openly(db, board_id, ["TURKEY", "FRANCE"])
    state = games.game_state(db, board_id)
    (vetoed,) = state.votes
    assert vetoed.vetoed_by == ("FRANCE", "TURKEY") and not vetoed.passed
    assert vetoed.votes is None  # no ballot: no vote was held
    assert state.current is not None and not state.finished
    # it was not the season's draw vote: a secret vote may still be held in Spring 1907
    assert games.draw_vote_preview(db, board_id).refusal is None
    voters = [p for p in POWERS if p in TIED_TOP]
    out = games.hold_draw_vote(db, board_id, {**dict.fromkeys(voters, True), "GERMANY": False})
    assert not out.passed and out.secret
    with pytest.raises(ServiceError, match="one per season"):
        games.veto_draw_openly(db, board_id, ["TURKEY"])


def test_an_open_veto_refused_in_words(dbn_board) -> None:
    """5.7.2: "those players shall be considered to have openly vetoed the draw" — a player, so a
    power with a centre; and 5.7.1's Spring 1907 applies to proposals vetoed openly too."""
    db, board_id = dbn_board
    jump_to(db, board_id, "F1906M", TIED_TOP)
    with pytest.raises(ServiceError, match="Spring 1907"):
        games.veto_draw_openly(db, board_id, ["TURKEY"])
    jump_to(db, board_id, "S1907M", TIED_TOP)
    with pytest.raises(ServiceError, match="Italy has no centre"):
        games.veto_draw_openly(db, board_id, ["ITALY"])
    with pytest.raises(ServiceError, match="Name the powers"):
        games.veto_draw_openly(db, board_id, [])
    assert games.game_state(db, board_id).votes == ()
