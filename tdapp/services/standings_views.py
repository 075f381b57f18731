"""The standings shaped for the Standings page: "after the last completed round" and "if all
games ended now" (unfinished boards scored on their current centres when these are known)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from tdapp.core.collation import name_key
from tdapp.core.formats import TournamentFormat
from tdapp.core.game.phases import last_completed_fall
from tdapp.core.game.replacement import scoring_words
from tdapp.core.powers import POWERS, SOLO_CENTERS
from tdapp.core.scoring.base import GameResult, ScoringError
from tdapp.core.scoring.formula import FormulaSystem
from tdapp.core.scoring.registry import get_system
from tdapp.core.tournament import model as tm
from tdapp.core.tournament.results import RoundEntry, scorer_with
from tdapp.core.tournament.standings import compute_standings
from tdapp.core.tournament.tiebreakers import names_in_note
from tdapp.services.changes import ServiceError
from tdapp.services.formats import effective_format, scoring_systems
from tdapp.services.replacements import ReplacementRow, board_replacements_by_id, replacements
from tdapp.services.results import BoardResult
from tdapp.services.standings_data import tournament_model
from tdapp.services.tournaments import tournament_info
from tdapp.store.database import TournamentDb
from tdapp.store.models import Board, CenterCount, GamePhase, Player, Round

COMPLETED = "completed"
NOW = "now"
MODES = {COMPLETED: "After the last completed round", NOW: "If all games ended now"}


@dataclass(frozen=True)
class RoundCell:
    round: int
    score: float | None
    counted: bool
    dropped: bool
    provisional: bool = False  # from an unfinished board ("if all games ended now")

    @property
    def text(self) -> str:
        if self.score is None:
            return "—"
        shown = f"{self.score:.2f}".rstrip("0").rstrip(".")
        if self.dropped:
            shown = f"({shown})"
        return shown + ("*" if self.provisional else "")


@dataclass(frozen=True)
class StandingsLine:
    rank: int | None
    player_id: int
    name: str
    score: float
    rounds: tuple[RoundCell, ...]
    in_pool: bool
    top_board: bool
    reason: str
    tie: str
    note: str
    competing: bool
    withdrawn: bool
    home: str

    @property
    def marks(self) -> str:
        return ", ".join(m for m, on in (("pool", self.in_pool), ("top board", self.top_board))
                         if on)

    @property
    def tie_text(self) -> str:
        """What separated this player from the next, or that the tie is the TD's to settle."""
        if self.tie == "td":
            return f"Tie for the TD to settle — {self.note}"
        if self.tie == "shared":
            return f"Shared — {self.note}"
        return self.reason

    @property
    def rank_text(self) -> str:
        if self.rank is None:
            return "not ranked"
        return f"{self.rank}=" if self.tie else str(self.rank)


@dataclass(frozen=True)
class StandingsView:
    mode: str
    through: int
    rounds: tuple[int, ...]
    lines: tuple[StandingsLine, ...]
    notes: tuple[str, ...]  # what the view left out or estimated, in words
    issues: tuple[str, ...]
    open_ties: int


def last_completed_round(db: TournamentDb) -> int:
    """The highest round whose boards all have a result (0 when none has)."""
    with db.read() as session:
        last = 0
        for round_ in session.scalars(select(Round).order_by(Round.number)):
            boards = round_.boards
            if boards and all(b.status in ("finished", "scored") for b in boards):
                last = round_.number
            elif boards:
                break
        return last


def _year_of(phase: str) -> int | None:
    """The year a board's centres are counted for: its last completed Fall (centres change
    hands at the end of the year), 1901 at the earliest; None for no phase."""
    try:
        return max(1901, last_completed_fall(phase))
    except ValueError:
        return None


def _current_centres(session: Session, board: Board) -> tuple[dict[str, int], int] | None:
    """Centres of an unfinished board as far as tdapp knows them: counts typed on its seats,
    else the latest position of its order entry. None when nothing is known."""
    if board.seats and all(s.centers is not None for s in board.seats):
        counts = {s.power: int(s.centers or 0) for s in board.seats}
        return counts, board.end_year or 1901
    phase = session.scalars(select(GamePhase).where(GamePhase.board_id == board.id)
                            .order_by(GamePhase.seq.desc()).limit(1)).first()
    if phase is None or not isinstance(phase.position, dict):
        return None
    owned = phase.position.get("centers") or {}
    year = _year_of(phase.phase)
    if year is None:
        return None
    return {p: len(owned.get(p, [])) for p in POWERS}, year


def _provisional_boards(db: TournamentDb, fmt: TournamentFormat,
                        custom: tuple[FormulaSystem, ...] = ()
                        ) -> tuple[list[tm.Board], list[str]]:
    """Unfinished boards of seated rounds, scored as if they ended now, and notes for the rest."""
    boards: list[tm.Board] = []
    notes: list[str] = []
    unknown: dict[int, list[int]] = {}
    with db.read() as session:
        departures = board_replacements_by_id(session)
        query = (select(Board, Round.number).join(Round).options(selectinload(Board.seats))
                 .order_by(Round.number, Board.number))
        for board, number in session.execute(query):
            if board.status in ("finished", "scored"):
                continue
            known = _current_centres(session, board)
            label = f"Round {number} board {board.number}"
            if known is None:
                unknown.setdefault(number, []).append(board.number)
                continue
            counts, year = known
            solo = next((p for p, c in counts.items() if c >= SOLO_CENTERS), None)
            eliminated = {p: year for p, c in counts.items() if c == 0}
            game = GameResult(centers=counts, end_year=year, solo=solo, eliminated=eliminated)
            try:
                scores = get_system(fmt.scoring_for(number), custom).score(game)
            except (ScoringError, KeyError) as exc:
                notes.append(f"{label}: cannot be scored on its current centres ({exc}); "
                             "left out.")
                continue
            boards.append(tm.Board(
                round=number, number=board.number,
                powers={s.power: str(s.player_id) for s in board.seats}, scores=scores,
                centers=counts, end_year=year, solo=solo, eliminated=eliminated,
                top=board.top_board, replacements=departures.get(board.id, ())))
            notes.append(f"{label}: scored on its centres of {year} (not final).")
    for number, numbers in unknown.items():
        which = (f"board {numbers[0]}" if len(numbers) == 1
                 else "boards " + ", ".join(str(n) for n in numbers))
        notes.append(f"Round {number} {which}: no centres known yet, left out.")
    return boards, notes


def _shared_places_by_name(lines: list[StandingsLine]) -> list[StandingsLine]:
    """Players sharing a place are listed alphabetically (as people sort names), not by id."""
    out: list[StandingsLine] = []
    for (rank, shared), group in groupby(lines, key=lambda line: (line.rank, line.tie == "shared")):
        block = list(group)
        out += sorted(block, key=lambda line: name_key(line.name)) if shared and rank else block
    return out


def _keep_going() -> None:
    """The default ``check``: nobody can stop this computation."""


def standings_view(db: TournamentDb, mode: str = COMPLETED, *,
                   check: Callable[[], None] = _keep_going) -> StandingsView:
    """The standings in one of :data:`MODES`, every line ready for the page.

    ``check()`` is called between the steps (each read of the file, the ranking, the lines),
    the places where the work can stop: a caller that may cancel passes a ``check`` that
    raises. A step already started (one query, the ranking) runs to its end."""
    if mode not in MODES:
        raise ValueError(f"unknown standings mode {mode!r}")
    check()
    fmt = effective_format(db)  # the TD's own format and formula systems when there are some
    check()
    custom = scoring_systems(db)
    scorer = scorer_with(custom)
    check()
    model = tournament_model(db)
    check()
    notes: list[str] = []
    provisional: set[tuple[int, int]] = set()
    if mode == COMPLETED:
        through = last_completed_round(db)
        check()
        later = model.rounds_played() > through
        if later:
            notes.append(f"Results entered for round {through + 1} and later are not counted "
                         "until every board of the round has its result.")
        standings = compute_standings(model, fmt, through=min(through, fmt.rounds),
                                      scorer=scorer)
    else:
        extra, notes = _provisional_boards(db, fmt, custom)
        check()
        provisional = {(b.round, b.number) for b in extra}
        model = dataclasses.replace(model, boards=model.boards + tuple(extra))
        standings = compute_standings(model, fmt, scorer=scorer)
    check()
    players = {p.id: p for p in model.players}
    labels = {p.id: p.label for p in model.players}
    departures, departure_notes = _departure_notes(db, standings.through)
    check()
    notes.extend(departure_notes)
    lines = []
    for row in standings.rows:
        player = players[row.player]
        lines.append(StandingsLine(
            rank=row.rank, player_id=int(row.player), name=row.name or player.label,
            score=row.score, rounds=tuple(_cell(e, provisional) for e in row.rounds),
            in_pool=row.in_pool, top_board=row.top_board, reason=names_in_note(row.reason, labels),
            tie=row.tie, competing=row.competing,
            note="; ".join(n for n in (names_in_note(row.note, labels),
                                       *departures.get(row.player, ())) if n),
            withdrawn=player.withdrawn, home=player.home,
        ))
    lines = _shared_places_by_name(lines)
    rounds = tuple(range(1, standings.through + 1))
    return StandingsView(mode, standings.through, rounds, tuple(lines), tuple(notes),
                         tuple(standings.issues), len(standings.open_ties()))


def _departure_notes(db: TournamentDb, through: int
                     ) -> tuple[dict[str, list[str]], list[str]]:
    """Players who left a seat or took one over mid-game (WDC 2025 III.3): a note on each
    one's line ("R1 B1 England: Ann left in S1905M, Bob took over") and one under the table."""
    by_player: dict[str, list[str]] = {}
    under: list[str] = []
    for row in replacements(db):
        if row.round_number > through:
            continue
        text = f"Round {row.round_number} board {row.board_number}, {row.text}"
        under.append(f"{text} ({_scoring_words(row)}).")
        for player in (row.left_id, row.replaced_by_id):
            if player is not None:
                by_player.setdefault(str(player), []).append(text)
    return by_player, under


def _scoring_words(row: ReplacementRow) -> str:
    left = scoring_words(row.leaver_scoring, row.leaver_score)
    if row.replaced_by is None:
        return f"{row.left} scored {left}"
    finisher = scoring_words(row.finisher_scoring, row.finisher_score)
    return f"{row.left} scored {left}, {row.replaced_by} {finisher}"


def _cell(entry: RoundEntry, provisional: set[tuple[int, int]]) -> RoundCell:
    return RoundCell(entry.round, entry.score, entry.counted, entry.dropped,
                     (entry.round, entry.board) in provisional if entry.board else False)


# -- a board's entered result, for the result entry grid ----------------------------------------

@dataclass(frozen=True)
class EntrySeat:
    power: str
    player_id: int
    player_name: str


@dataclass(frozen=True)
class BoardEntry:
    """A board as the result entry grid shows it; ``result`` is what was entered before."""

    board_id: int
    round_number: int
    number: int
    top_board: bool
    status: str
    format_name: str
    seats: tuple[EntrySeat, ...]
    result: BoardResult | None
    selection_order: tuple[str, ...] | None
    version: int | None = None  # the board's version as read: a save checks nobody changed it

    @property
    def title(self) -> str:
        top = " (top board)" if self.top_board else ""
        return f"Round {self.round_number} · Board {self.number}{top}"


def board_entry(db: TournamentDb, board_id: int) -> BoardEntry:
    """The board's seats and its stored result (if any), read in one session."""
    info = tournament_info(db)
    with db.read() as session:
        board = session.get(Board, board_id)
        if board is None:
            raise ServiceError("That board no longer exists.")
        number = board.round.number
        names = dict(session.execute(select(Player.id, Player.name)).all())
        order = {p: i for i, p in enumerate(POWERS)}
        seats = tuple(EntrySeat(s.power, s.player_id, names.get(s.player_id, "?"))
                      for s in sorted(board.seats, key=lambda s: order.get(s.power, 99)))
        result = None
        if board.status in ("finished", "scored"):
            history: dict[int, dict[str, int]] = {}
            counts = select(CenterCount).where(CenterCount.board_id == board_id)
            for row in session.scalars(counts):
                history.setdefault(row.year, {})[row.power] = row.centers
            result = BoardResult(
                centers={s.power: s.centers or 0 for s in board.seats},
                end_year=board.end_year or 1901, end_reason=board.end_reason or "time",
                solo=board.solo_power, draw=tuple(board.draw_powers) if board.draw_powers
                else None,
                eliminated={s.power: s.eliminated_year for s in board.seats
                            if s.eliminated_year is not None},
                history=history,
            )
        selection = tuple(board.selection_order) if board.selection_order else None
        return BoardEntry(board.id, number, board.number, board.top_board, board.status,
                          info.format_name, seats, result, selection, board.version)
