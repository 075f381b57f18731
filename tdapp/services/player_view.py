"""What one player sees on their own page (``/p/CODE``): their board or boards of the current
round's published call, its result and their answer to it, and whether they have checked in
for the next round. Only the player's own rows: nothing of another player's answers.

``player_view`` reads one player's; ``room_views`` reads every player's at once, with each
board's game as the pages show it (its open phase, last draw vote, a proposal's preview): the
page server reads it once per change and serves each phone's page from it (256 phones on their
own pages cost one read, not 256; tests/benchmarks/bench_web_phones.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from tdapp.core.game.draws import NOT_IN_GAME, VotePreview, eligible_voters, vote_preview
from tdapp.core.game.record import VoteRow
from tdapp.core.powers import POWERS
from tdapp.services.changes import ServiceError
from tdapp.services.checkins import open_round
from tdapp.services.formats import session_format
from tdapp.services.players import PLAYER_GONE, player_in
from tdapp.services.result_responses import result_entered
from tdapp.services.results import END_REASONS
from tdapp.store.database import TournamentDb
from tdapp.store.models import (
    Board,
    CheckIn,
    DrawVote,
    GamePhase,
    Player,
    ResultResponse,
    Round,
    Seat,
    Tournament,
)

PUBLISHED = ("called", "playing", "finished")  # a round whose board call players may see


@dataclass(frozen=True)
class PlayerBoard:
    board_id: int
    round_number: int
    board_number: int
    power: str
    top_board: bool
    result_entered: bool
    result_words: str  # "Ended 1907 (Time called): Austria 5, England 6, …", or ""
    my_response: str | None  # "confirm", "dispute", or None (none to this result)
    game_in_progress: bool  # a game played through order entry, not over
    # the player's power has a supply centre (as draw votes count voters): in the result, or
    # in the game's latest phase; True while neither is known
    surviving: bool
    asked_again: bool = False  # they answered an earlier result, since corrected
    settled_note: str = ""  # the TD's note when settling this player's dispute
    # the result's version as shown: respond_to_result(board_version=...) refuses an answer
    # to a result corrected since
    result_version: int = 0


@dataclass(frozen=True)
class PlayerView:
    player_id: int
    name: str
    round_number: int | None  # the current round with a published board call, or None
    boards: tuple[PlayerBoard, ...]  # the player's boards in it (two boards possible)
    check_in_round: int | None
    checked_in: bool
    withdrawn: bool = False


def _current_round(session: Session) -> Round | None:
    return session.scalar(select(Round).where(Round.status.in_(PUBLISHED))
                          .order_by(Round.number.desc()).limit(1))


def _words(board: Board) -> str:
    if not result_entered(board):
        return ""
    order = {p: i for i, p in enumerate(POWERS)}
    centres = ", ".join(f"{seat.power.title()} {seat.centers if seat.centers is not None else 0}"
                        for seat in sorted(board.seats, key=lambda s: order.get(s.power, 99)))
    how = END_REASONS.get(board.end_reason or "", board.end_reason or "")
    return f"Ended {board.end_year} ({how}): {centres}"




def _surviving(board: Board, seat: Seat, latest: Mapping[str, Any] | None) -> bool:
    """``latest``: the position of the game's latest phase (None: no game played here)."""
    if result_entered(board):
        return seat.eliminated_year is None and (seat.centers or 0) > 0
    if latest is not None:  # the draw votes' rule: a power with a supply centre votes
        return seat.power in eligible_voters(latest or {})
    return True


def _player_board(board: Board, seat: Seat, latest: Mapping[str, Any] | None,
                  response: ResultResponse | None, words: str) -> PlayerBoard:
    current = response is not None and response.board_version == board.version
    return PlayerBoard(
        board_id=board.id, round_number=board.round.number, board_number=board.number,
        power=seat.power, top_board=board.top_board, result_entered=result_entered(board),
        result_words=words,
        my_response=response.kind if response is not None and current else None,
        game_in_progress=latest is not None and board.status not in ("finished", "scored"),
        surviving=_surviving(board, seat, latest),
        asked_again=response is not None and not current and result_entered(board),
        settled_note=(response.settled_note if response is not None and current
                      and response.settled_at is not None else ""),
        result_version=board.version,
    )


def _latest_phases(session: Session,
                   board_ids: list[int]) -> dict[int, tuple[str, dict[str, Any]]]:
    """Each board's latest phase and its position, for the boards with a game played (phases
    set aside by a correction have ``seq`` < 0)."""
    if not board_ids:
        return {}
    last = (select(GamePhase.board_id, func.max(GamePhase.seq).label("seq"))
            .where(GamePhase.board_id.in_(board_ids), GamePhase.seq >= 0)
            .group_by(GamePhase.board_id).subquery())
    rows = session.execute(select(GamePhase.board_id, GamePhase.phase, GamePhase.position).join(
        last, (GamePhase.board_id == last.c.board_id) & (GamePhase.seq == last.c.seq)))
    return {int(board_id): (str(phase), dict(position or {}))
            for board_id, phase, position in rows}


def player_view(db: TournamentDb, player_id: int) -> PlayerView:
    """The player's own page: name, current round and their boards in it, check-in."""
    with db.read() as session:
        player = player_in(session, player_id)
        round_ = _current_round(session)
        boards: list[PlayerBoard] = []
        if round_ is not None:
            for board, seat in session.execute(
                    select(Board, Seat).join(Seat, Seat.board_id == Board.id)
                    .where(Board.round_id == round_.id, Seat.player_id == player_id)
                    .order_by(Board.number)).all():
                latest = _latest_phases(session, [board.id]).get(board.id)
                response = session.scalar(select(ResultResponse).where(
                    ResultResponse.board_id == board.id, ResultResponse.player_id == player_id))
                boards.append(_player_board(board, seat, latest[1] if latest else None,
                                            response, _words(board)))
        open_round_number = open_round(session)
        checked_in = open_round_number is not None and session.scalar(
            select(CheckIn.id).where(CheckIn.round_number == open_round_number,
                                     CheckIn.player_id == player_id)) is not None
        return PlayerView(player.id, player.name, round_.number if round_ else None,
                          tuple(boards), open_round_number, checked_in, player.withdrawn)


@dataclass(frozen=True)
class BoardGame:
    """A board's game as each of its players' pages shows it."""

    board_id: int
    open_phase: str | None  # the open phase of a game in progress (None: none in progress)
    last_vote: VoteRow | None  # its last draw vote not vetoed openly
    preview: VotePreview  # a draw proposal now (refused outside a game in progress)


@dataclass(frozen=True)
class RoomViews:
    """Every player's own page at one moment (``room_views``)."""

    tournament: str  # its name
    views: Mapping[int, PlayerView]  # by player id, every player of the tournament
    games: Mapping[int, BoardGame]  # by board id, the current round's boards

    def view(self, player_id: int) -> PlayerView:
        """The player's page; ServiceError when they are no longer in the tournament."""
        found = self.views.get(player_id)
        if found is None:
            raise ServiceError(PLAYER_GONE)
        return found


def room_views(db: TournamentDb) -> RoomViews:
    """Every player's page and the current round's games, read at once in one session (what
    ``player_view`` gives for one player, and ``games.draw_vote_preview`` for one board)."""
    with db.read() as session:
        name = session.scalars(select(Tournament.name)).one()
        round_ = _current_round(session)
        boards = list(session.scalars(select(Board).where(Board.round_id == round_.id)
                                      .options(selectinload(Board.seats))
                                      .order_by(Board.number))) if round_ is not None else []
        ids = [board.id for board in boards]
        latest = _latest_phases(session, ids)
        responses = {(r.board_id, r.player_id): r for r in session.scalars(
            select(ResultResponse).where(ResultResponse.board_id.in_(ids)))} if ids else {}
        votes: dict[int, list[VoteRow]] = {}
        if latest:
            for v in session.scalars(select(DrawVote).where(DrawVote.board_id.in_(list(latest)))
                                     .order_by(DrawVote.id)):
                votes.setdefault(v.board_id, []).append(VoteRow(
                    v.phase, tuple(v.powers), v.passed, v.secret, v.votes,
                    tuple(v.vetoed_by or ())))
        fmt = session_format(session) if latest else None
        mine: dict[int, list[PlayerBoard]] = {}
        games: dict[int, BoardGame] = {}
        for board in boards:
            phase, position = latest.get(board.id, ("", None))
            words = _words(board)
            for seat in board.seats:
                mine.setdefault(seat.player_id, []).append(_player_board(
                    board, seat, position, responses.get((board.id, seat.player_id)), words))
            played = votes.get(board.id, [])
            shown = [v for v in played if not v.vetoed]
            in_game = position is not None and board.status not in ("finished", "scored")
            open_phase = phase if in_game else None
            games[board.id] = BoardGame(
                board.id, open_phase, shown[-1] if shown else None,
                vote_preview(fmt, open_phase, position or {}, played) if fmt is not None
                else VotePreview((), True, NOT_IN_GAME))
        open_round_number = open_round(session)
        checked = set(session.scalars(select(CheckIn.player_id).where(
            CheckIn.round_number == open_round_number))) if open_round_number else set()
        views = {
            pid: PlayerView(pid, player_name, round_.number if round_ else None,
                            tuple(mine.get(pid, ())), open_round_number, pid in checked,
                            withdrawn)
            for pid, player_name, withdrawn in session.execute(
                select(Player.id, Player.name, Player.withdrawn))}
        return RoomViews(name, views, games)
