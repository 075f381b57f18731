"""What a station keeps while the venue server is gone: one entry per kind of typed work, and
how each is sent when the server is back (:mod:`tdapp.services.outbox` keeps the journal).

What an assistant types on their boards and cannot send is not lost: order sheets, a sheet's
mark (no orders, grace, late), roll call marks, a draw vote or an openly vetoed proposal, a
board's result. Each entry is sent later through its own service, checked as if typed then:
an order sheet or a result carries the version the station saw, so that one someone else saved
meanwhile is a conflict shown with both sides, never overwritten. A draw vote's ballots are
sealed (:mod:`tdapp.services.sealed`): the journal on the laptop's disk never holds them in
clear, since a vote may be secret.

Work computed from the server's state (adjudicating, correcting an adjudicated phase, ending a
game) cannot be done from a copy: it is refused while the server is gone
(``WAITS_FOR_SERVER``), in words that say what typed is kept and that the work waits.
"""

from __future__ import annotations

import datetime as dt
import functools
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import DBAPIError

from tdapp.core.game.phases import phase_title
from tdapp.services import rollcall
from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import typed_change
from tdapp.services.results import BoardResult, record_result
from tdapp.services.sealed import is_sealed, seal, unseal
from tdapp.store.database import TournamentDb
from tdapp.store.server_refusals import ServerRefused, connection_problem

# What the station says when the server goes (gui/venue/controller.py).
KEPT_WORDS = ("Order sheets, sheet marks, roll call marks, draw votes and results typed now are "
              "kept on this laptop and sent when it is back; adjudication and other work done "
              "from the server's state waits for it.")
BALLOTS = "a draw vote's ballots kept on a station"  # the seal's label: opens nowhere else


def unreachable(url: str, exc: BaseException) -> bool:
    """True when ``exc`` (or what caused it) says the venue server cannot be reached."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ServerRefused) and "cannot be reached" in str(seen):
            return True
        if isinstance(seen, DBAPIError) and (seen.connection_invalidated or "cannot be reached"
                                             in connection_problem(url, seen)):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


@dataclass
class Pending:
    """One thing typed and not yet on the server."""

    kind: str  # a key of SENDERS: "orders", "result", "roll call", "sheet mark", ...
    what: str  # in the TD's words, for the report (never a secret ballot)
    args: dict[str, Any]
    typed_at: float = field(default_factory=time.time)
    key: str = field(default_factory=lambda: uuid.uuid4().hex)  # its receipt on the server


def _in(phase: str | None) -> str:
    return f" for {phase_title(phase)}" if phase else ""


def orders_entry(board_id: int, power: str, text: str, phase: str | None = None,
                 expected_version: int | None = None) -> Pending:
    # The board's number is not known without the server: the report after sending names it.
    # ``expected_version``: the sheet as this station saw it; another station's sheet saved
    # meanwhile (typed offline there too, perhaps) is a conflict on sending, not overwritten.
    return Pending("orders", f"{power.title()}'s orders{_in(phase)}",
                   {"board_id": board_id, "power": power, "text": text, "phase": phase,
                    "expected_version": expected_version})


def sheet_mark_entry(board_id: int, power: str, status: str, now: dt.datetime | None = None,
                     phase: str | None = None) -> Pending:
    # A grace period starts when the TD marked it, not when the server heard of it.
    when = (now or dt.datetime.now(dt.UTC).replace(tzinfo=None)).isoformat()  # as the store
    # speed: the games service loads with the first game
    from tdapp.services import games

    label = games.SHEET_STATUSES.get(status, status)
    return Pending("sheet mark", f"{power.title()}'s sheet marked {label.lower()}{_in(phase)}",
                   {"board_id": board_id, "power": power, "status": status, "now": when,
                    "phase": phase})


def result_entry(board_id: int, result: BoardResult, expected_version: int | None = None
                 ) -> Pending:
    data = asdict(result)
    data["history"] = {str(year): counts for year, counts in result.history.items()}
    return Pending("result", f"a board's result ({_typed(result)})",
                   {"board_id": board_id, "result": data, "expected_version": expected_version})


def roll_call_entry(round_number: int, player_ids: Iterable[int], *, status: str | None = None,
                    two_boards: bool | None = None, volunteer_sit_out: bool | None = None
                    ) -> Pending:
    ids = [int(i) for i in player_ids]
    marks = [rollcall.STATUSES.get(status, status).lower()] if status else []
    if two_boards is not None:
        marks.append("willing to play two boards" if two_boards else "one board only")
    if volunteer_sit_out is not None:
        marks.append("volunteering to sit out" if volunteer_sit_out else "not sitting out")
    who = "1 player" if len(ids) == 1 else f"{len(ids)} players"
    return Pending("roll call", f"round {round_number} roll call: {who} {', '.join(marks)}",
                   {"round_number": round_number, "player_ids": ids, "status": status,
                    "two_boards": two_boards, "volunteer_sit_out": volunteer_sit_out})


def draw_vote_entry(board_id: int, votes: Mapping[str, bool], abandoned: Iterable[str] = (),
                    powers: Sequence[str] | None = None, phase: str | None = None) -> Pending:
    # The ballots stay off the report's words and are sealed in the journal: a vote may be
    # secret, and the journal is a file on an assistant's laptop.
    ballots = seal({p: bool(v) for p, v in votes.items()}, BALLOTS)
    return Pending("draw vote", f"a draw vote{_in(phase)}",
                   {"board_id": board_id, "votes": ballots, "abandoned": list(abandoned),
                    "powers": list(powers) if powers else None, "phase": phase})


def draw_veto_entry(board_id: int, vetoed_by: Sequence[str], phase: str | None = None
                    ) -> Pending:
    who = ", ".join(p.title() for p in vetoed_by)
    return Pending("draw veto", f"a draw proposal vetoed openly by {who}{_in(phase)}",
                   {"board_id": board_id, "vetoed_by": list(vetoed_by), "phase": phase})


def _typed(result: BoardResult) -> str:
    return ", ".join(f"{power.title()} {count}" for power, count in result.centers.items())


def _result(data: dict[str, Any]) -> BoardResult:
    fields = dict(data)
    fields["history"] = {int(year): counts for year, counts in data.get("history", {}).items()}
    for name in ("draw", "selection_order"):
        if fields.get(name) is not None:
            fields[name] = tuple(fields[name])
    return BoardResult(**fields)


def _ballots(votes: Any) -> dict[str, bool]:
    """The ballots of a kept vote (a journal written before they were sealed holds them open)."""
    opened = unseal(votes, BALLOTS) if is_sealed(votes) else votes
    return {str(p): bool(v) for p, v in dict(opened).items()}


def _games() -> Any:
    # speed: the games service loads with the first game
    from tdapp.services import games

    return games


# How each kind of kept entry is sent: through its own service, checked exactly as when typed.
# (The games service loads with the first game sent, not with the program: _games.)
SENDERS: dict[str, Callable[[TournamentDb, dict[str, Any]], object]] = {
    "orders": lambda db, a: _games().save_orders(db, a["board_id"], a["power"], a["text"],
                                              a["phase"], a.get("expected_version")),
    "sheet mark": lambda db, a: _games().set_sheet_status(
        db, a["board_id"], a["power"], a["status"], dt.datetime.fromisoformat(a["now"]),
        a["phase"]),
    "result": lambda db, a: record_result(db, a["board_id"], _result(a["result"]),
                                          expected_version=a["expected_version"]),
    "roll call": lambda db, a: rollcall.set_answers(
        db, a["round_number"], a["player_ids"], status=a["status"], two_boards=a["two_boards"],
        volunteer_sit_out=a["volunteer_sit_out"]),
    "draw vote": lambda db, a: _games().hold_draw_vote(db, a["board_id"], _ballots(a["votes"]),
                                                    a["abandoned"], a["powers"], a["phase"]),
    "draw veto": lambda db, a: _games().veto_draw_openly(db, a["board_id"], a["vetoed_by"],
                                                      a["phase"]),
}


def send(db: TournamentDb, entry: Pending) -> Change:
    """Send one kept entry through its service (checked exactly as when it was typed)."""
    sender = SENDERS.get(entry.kind)
    if sender is None:
        raise ServiceError(f"tdapp does not know how to send a kept {entry.kind!r}.")
    result = sender(db, entry.args)
    return typed_change(result) or Change(entry.what)


@functools.cache
def _keepers() -> dict[Callable[..., Any], Callable[..., Pending]]:
    """The services whose work a station keeps while the server is gone, and how to keep it."""
    # speed: the games service loads with the first game
    from tdapp.services import games

    return {
        games.save_orders: orders_entry,
        games.set_sheet_status: sheet_mark_entry,
        record_result: result_entry,
        rollcall.set_answers: roll_call_entry,
        games.hold_draw_vote: draw_vote_entry,
        games.veto_draw_openly: draw_veto_entry,
    }


@functools.cache
def _waits_for_server() -> dict[Callable[..., Any], str]:
    """Work computed from the server's state: refused while it is gone, saying it waits."""
    # speed: the games service loads with the first game
    from tdapp.services import games

    return {
        games.adjudicate: "Adjudication works from the order sheets on the server",
        games.correct_orders: "A correction adjudicates the phases after it again, on the server",
        games.end_game: "Ending a game scores it from the phases on the server",
        games.start_game: "Starting a board's game opens its first phase on the server",
    }


def keeper_of(service: Callable[..., Any]) -> Callable[..., Pending] | None:
    """How to keep a call of ``service`` while the server is gone (None: it is not kept)."""
    return _keepers().get(service)


def waits_for_server(service: Callable[..., Any]) -> str | None:
    """Why ``service`` waits for the server, in words (None: it does not)."""
    return _waits_for_server().get(service)


# KEEPERS and WAITS_FOR_SERVER as names, built on first use (they need the games service, which
# the program loads with the first board's game rather than at start-up).
if TYPE_CHECKING:
    KEEPERS: dict[Callable[..., Any], Callable[..., Pending]]
    WAITS_FOR_SERVER: dict[Callable[..., Any], str]
else:
    def __getattr__(name: str) -> object:
        if name == "KEEPERS":
            return _keepers()
        if name == "WAITS_FOR_SERVER":
            return _waits_for_server()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
