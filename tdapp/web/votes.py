"""Draw votes held on the players' phones, with the ballots in this server's memory only.

A surviving power of a board played through order entry proposes a draw (every power with a
centre, or, where the format lets a proposal name them, the powers named); every power with a
centre then votes once from its own page. Until all have voted, the ballots exist only here, in
one dict of this process: never in the database, a log, a response or ``/api/state`` (a page
shows "k of n have voted" and, to a voter, that their ballot is in). When the last ballot comes,
the vote is recorded through ``services.games.hold_draw_vote``, which keeps what the format
says (only whether a secret vote passed; the votes of an open one), and the ballots are dropped.
A vote nobody finishes lapses after ``VOTE_TIMEOUT_S`` with nothing recorded; a restart of the
server loses an open vote (both said on the page).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tdapp.core.game.draws import proposed_draw
from tdapp.core.game.errors import GameRuleRefusal
from tdapp.services.changes import ServiceError
from tdapp.services.formats import effective_format
from tdapp.services.games import draw_vote_preview, game_state, hold_draw_vote
from tdapp.services.replacements import board_civil_disorder
from tdapp.store.database import TournamentDb
from tdapp.web.words import N_

VOTE_TIMEOUT_S = 5 * 60.0


@dataclass
class _Open:
    board_id: int
    phase: str
    powers: tuple[str, ...]  # in the proposed draw
    voters: tuple[str, ...]  # powers with a centre and a player (civil disorder votes yes)
    gone: tuple[str, ...]  # powers in civil disorder: counted as yes by the service
    secret: bool
    deadline: float
    ballots: dict[str, bool] = field(default_factory=dict)  # never leaves this object


@dataclass(frozen=True)
class BallotView:
    """What one power's page shows of its board's open vote: nothing of another's ballot."""

    phase: str  # the phase the vote was proposed in (S1906M)
    powers: tuple[str, ...]
    secret: bool
    voted: int
    voters: int
    may_vote: bool  # this power votes in it and has not yet
    has_voted: bool
    seconds_left: int


class DrawVotes:
    """The open draw votes of this server, one per board at most."""

    def __init__(self, on_change: Callable[[], None] = lambda: None,
                 clock: Callable[[], float] = time.monotonic,
                 timeout_s: float = VOTE_TIMEOUT_S) -> None:
        self.on_change = on_change
        self.clock = clock
        self.timeout_s = timeout_s
        self._lock = threading.Lock()
        self._open: dict[int, _Open] = {}
        # board -> (phase, what happened: a word of the catalogue and its values)
        self._notes: dict[int, tuple[str, str, dict[str, object]]] = {}
        self._recording: set[int] = set()  # boards whose outcome is being written

    # ------------------------------------------------------------------ proposing and voting
    def propose(self, db: TournamentDb, board_id: int, power: str,
                powers: Sequence[str] | None = None) -> None:
        """``power`` proposes a draw on its board (``powers``: those named, if the format
        allows naming; None or all: every power with a centre). ServiceError when not now."""
        preview = draw_vote_preview(db, board_id)
        if preview.refusal:
            raise ServiceError(preview.refusal)
        if power not in preview.eligible:
            raise ServiceError(N_("Only a power with a supply centre proposes a draw."))
        try:
            included = proposed_draw(effective_format(db), preview.eligible,
                                     list(powers) if powers else None)
        except GameRuleRefusal as exc:
            raise ServiceError(str(exc)) from exc
        current = game_state(db, board_id).current
        assert current is not None  # the preview refuses a game not started
        gone = tuple(p for p in preview.eligible if p in board_civil_disorder(db, board_id))
        voters = tuple(p for p in preview.eligible if p not in gone)
        with self._lock:
            self._sweep_locked()
            if board_id in self._open or board_id in self._recording:
                raise ServiceError(N_("A draw vote is open on this board already."))
            self._open[board_id] = _Open(board_id, current.phase, included, voters, gone,
                                         preview.secret, self.clock() + self.timeout_s)
            self._notes.pop(board_id, None)
        self.on_change()

    def vote(self, db: TournamentDb, board_id: int, power: str, yes: bool) -> bool:
        """``power``'s ballot; True when it was the last one and the outcome is recorded."""
        with self._lock:
            self._sweep_locked()
            vote = self._open.get(board_id)
            if vote is None:
                raise ServiceError(N_("No draw vote is open on your board (it may have lapsed)."))
            if power not in vote.voters:
                raise ServiceError(N_("Only the powers with a supply centre vote."))
            if power in vote.ballots:
                raise ServiceError(N_("Your ballot is in already: each power votes once."))
            vote.ballots[power] = bool(yes)
            complete = len(vote.ballots) == len(vote.voters)
            if complete:
                del self._open[board_id]
                self._recording.add(board_id)
        if not complete:
            self.on_change()
            return False
        try:
            hold_draw_vote(db, board_id, dict(vote.ballots), abandoned=vote.gone,
                           powers=vote.powers, phase=vote.phase)
        except ServiceError as exc:
            with self._lock:
                self._notes[board_id] = (vote.phase, N_(
                    "The draw vote could not be recorded: %(why)s Tell the TD."), {"why": exc})
            raise
        finally:
            vote.ballots.clear()  # recorded (as the format keeps it) or not: gone from here
            with self._lock:
                self._recording.discard(board_id)
            self.on_change()
        return True

    # ------------------------------------------------------------------------- reading
    def ballot(self, board_id: int, power: str) -> BallotView | None:
        """The open vote of a board as ``power``'s page shows it (None: no vote open)."""
        with self._lock:
            vote = self._open.get(board_id)
            if vote is None or self.clock() >= vote.deadline:
                return None
            has_voted = power in vote.ballots
            return BallotView(vote.phase, vote.powers, vote.secret,
                              len(vote.ballots), len(vote.voters),
                              power in vote.voters and not has_voted, has_voted,
                              max(int(vote.deadline - self.clock()), 0))

    def note(self, board_id: int, phase: str) -> tuple[str, dict[str, object]] | None:
        """What happened to this board's last vote on the phones while ``phase`` is open (a
        lapsed vote, one that could not be recorded): a word of the catalogue and its values,
        said in each player's language by their page."""
        with self._lock:
            kept = self._notes.get(board_id)
        return (kept[1], kept[2]) if kept and kept[0] == phase else None

    def drop_if_moved_on(self, board_id: int, phase: str | None) -> None:
        """The board's phase is no longer the vote's (adjudicated, game over): it lapses."""
        with self._lock:
            vote = self._open.get(board_id)
            if vote is None or vote.phase == phase:
                return
            del self._open[board_id]
            vote.ballots.clear()
            self._notes[board_id] = (phase or "", N_(
                "The draw vote lapsed: the game moved on before every power had voted."), {})
        self.on_change()

    def sweep(self) -> None:
        """Lapse the votes past their time (called by a timer, and before each use)."""
        with self._lock:
            lapsed = self._sweep_locked()
        if lapsed:
            self.on_change()

    def _sweep_locked(self) -> bool:
        now = self.clock()
        late = [b for b, vote in self._open.items() if now >= vote.deadline]
        for board_id in late:
            vote = self._open.pop(board_id)
            vote.ballots.clear()
            self._notes[board_id] = (vote.phase, N_(
                "The draw vote lapsed: not every power had voted within %(minutes)s minutes. "
                "Nothing was recorded."), {"minutes": round(self.timeout_s / 60)})
        return bool(late)

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)
