"""A board's result: final centres (and year by year when known), how it ended, and its scores."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.exc import StaleDataError

from tdapp.core.powers import POWERS
from tdapp.core.scoring.base import GameResult, ScoringError, ScoringSystem
from tdapp.core.scoring.registry import get_system
from tdapp.core.scoring.validate import game_problems
from tdapp.services.changes import Change, ServiceError, StaleEdit
from tdapp.services.formats import session_format, session_systems
from tdapp.services.live import declare
from tdapp.services.snapshots import take_snapshot
from tdapp.store import audit
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, CenterCount, Round

END_REASONS = {
    "solo": "Solo victory",
    "draw": "Draw vote passed",
    "time": "Time called",
    "called": "Called by the TD",
    "last-year": "Last year played",
}


@dataclass(frozen=True)
class BoardResult:
    """What a TD types from a finished board."""

    centers: Mapping[str, int]
    end_year: int
    end_reason: str = "time"
    solo: str | None = None
    draw: tuple[str, ...] | None = None
    eliminated: Mapping[str, int] = field(default_factory=dict)
    history: Mapping[int, Mapping[str, int]] = field(default_factory=dict)
    selection_order: tuple[str, ...] | None = None

    def problems(self) -> list[str]:
        """Everything impossible about this result, in the TD's words (empty when valid): how
        it ended (the file's own list), then the core's one list of impossible games."""
        found: list[str] = []
        if self.end_reason not in END_REASONS:
            found.append(f"Unknown way for a game to end: {self.end_reason!r}.")
        return found + [_sentence(str(problem)) for problem in game_problems(self.game())]

    def game(self) -> GameResult:
        """The game as the scoring systems see it (a power left out has no centres; a key
        that is no power stays, for the checks to name)."""
        return GameResult(
            centers={**{p: 0 for p in POWERS}, **self.centers}, end_year=self.end_year,
            solo=self.solo, eliminated=dict(self.eliminated),
            history={int(y): dict(h) for y, h in self.history.items()} or None,
            draw=self.draw, selection_order=self.selection_order,
        )


def _sentence(words: str) -> str:
    """"the centres add up to 35; ..." as a sentence on its own."""
    return words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")


def score_result(system_name: str, result: BoardResult,
                 custom: Iterable[ScoringSystem] = ()) -> dict[str, float]:
    """Score ``result`` with a built-in system or one of ``custom`` (the tournament's own)."""
    try:
        return get_system(system_name, custom).score(result.game())
    except ScoringError as exc:
        raise ServiceError(f"This board cannot be scored yet: {exc}") from exc


def _result_action(db: TournamentDb, board_id: int) -> str:
    """What History and Edit > Undo call the entry: "Result of round 2 board 5"."""
    with db.read() as session:
        board = session.get(Board, board_id)
        if board is None:
            raise ServiceError("That board no longer exists.")
        return f"Result of round {board.round.number} board {board.number}"


def _result_words(board: Board) -> str:
    """A board's stored result in a line: "ended 1907 (time): AUSTRIA 5, ENGLAND 6, …"."""
    if board.end_year is None:
        return "no result"
    centres = ", ".join(f"{seat.power} {seat.centers}"
                        for seat in sorted(board.seats, key=lambda s: s.power))
    return f"ended {board.end_year} ({board.end_reason}): {centres}"


def _typed_words(result: BoardResult) -> str:
    centres = ", ".join(f"{power} {result.centers.get(power, 0)}" for power in POWERS)
    return f"ended {result.end_year} ({result.end_reason}): {centres}"


def _refuse_if_changed(session: Session, board: Board, expected: int,
                       result: BoardResult) -> None:
    """Two people entering the same board: the second is told who, when, and both results."""
    if board.version == expected:
        return
    who = audit.last_change_words(session, ("board", "seat"), board.id)
    raise StaleEdit(
        f"Board {board.number}'s result was changed by someone else {who}. "
        f"Theirs: {_result_words(board)}. Yours (not saved): {_typed_words(result)}. "
        f"Look again, then enter yours if it is the right one.".replace("else .", "else."),
        rows=_result_rows(board, result), version=board.version)


def _result_rows(board: Board, result: BoardResult) -> tuple[tuple[str, str, str], ...]:
    """Both results side by side, one line per power plus the end, for the conflict dialog."""
    stored = {seat.power: seat.centers for seat in board.seats}
    end = (f"{board.end_year} ({board.end_reason})" if board.end_year is not None
           else "no result")
    rows = [("Ended", end, f"{result.end_year} ({result.end_reason})")]
    rows += [(power.title(), str(stored.get(power, "")) if board.end_year is not None else "",
              str(result.centers.get(power, 0))) for power in POWERS]
    return tuple(rows)


def record_result(db: TournamentDb, board_id: int, result: BoardResult,
                  expected_version: int | None = None) -> Change:
    """Store a finished board's result and its scores (replacing an earlier entry).

    ``expected_version``: the board's version when the result was typed; when someone else
    changed it since (another station), nothing is stored and StaleEdit says who and when.
    """
    problems = result.problems()
    if problems:
        raise ServiceError(" ".join(problems))
    try:
        try:
            return _record_result(db, board_id, result, expected_version)
        except StaleDataError as exc:  # committed by another station between read and write
            with db.read() as session:
                board = session.get(Board, board_id)
                if board is None:
                    raise ServiceError("That board no longer exists.") from exc
                _refuse_if_changed(session, board, -1, result)
            raise
    except StaleEdit as stale:  # "enter mine over theirs" is this same call at today's version
        now = stale.version
        if now is not None:
            stale.retry = lambda: record_result(db, board_id, result, expected_version=now)
        raise


def _record_result(db: TournamentDb, board_id: int, result: BoardResult,
                   expected_version: int | None) -> Change:
    with db.action(_result_action(db, board_id)) as session:
        board = session.get(Board, board_id)
        if board is None:
            raise ServiceError("That board no longer exists.")
        if expected_version is not None:
            _refuse_if_changed(session, board, expected_version, result)
        round_number = board.round.number
        fmt = session_format(session)  # the TD's own format and systems when there are some
        scores = score_result(fmt.scoring_for(round_number), result,
                              session_systems(session))
        for seat in board.seats:
            seat.centers = result.centers.get(seat.power, 0)
            seat.eliminated_year = result.eliminated.get(seat.power)
            seat.score = scores[seat.power]
        board.end_year, board.end_reason = result.end_year, result.end_reason
        board.solo_power = result.solo
        board.draw_powers = list(result.draw) if result.draw else None
        board.selection_order = list(result.selection_order) if result.selection_order else None
        if board.status == "finished":
            # The board's version is the result's: a correction that changes only the seats'
            # centres still moves it, so a second station's correction typed over the first's
            # older version is a conflict, never a silent overwrite.
            flag_modified(board, "status")
        board.status = "finished"
        closed = _close_round_when_done(session, board.round_id)
        for old in session.scalars(select(CenterCount).where(CenterCount.board_id == board_id)):
            session.delete(old)  # one by one, so that Undo brings them back
        # The unit of work inserts before it deletes: without this flush a correction of a
        # board whose year-by-year centres were typed hits the (board, year, power) key.
        session.flush()
        session.add_all(
            CenterCount(board_id=board_id, year=int(year), power=power, centers=count)
            for year, counts in result.history.items() for power, count in counts.items()
        )
        # The whole call's change, carried by the action's own notice: the other stations
        # refresh at once, not after the round's snapshot below (services.live.declare).
        change = declare(session, Change(f"Result of round {round_number} board {board.number}",
                                         results=True, boards=True, rounds=closed,
                                         ids=(board_id,)))
    if closed:  # a round boundary: a snapshot, as when the TD closes a round by hand
        take_snapshot(db, f"after round {round_number}", round_number)
    return change


def _close_round_when_done(session: Session, round_id: int) -> bool:
    """The round is finished once every board of it has its result (the same action, so Undo
    opens it again; the Rounds page can reopen it too)."""
    round_ = session.get(Round, round_id)
    boards = list(session.scalars(select(Board).where(Board.round_id == round_id)))
    if round_ is None or round_.status == "finished" or not boards or any(
            b.status not in ("finished", "scored") for b in boards):
        return False
    round_.status = "finished"
    return True
