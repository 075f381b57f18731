"""What a station typed while the venue server was gone: kept, and sent when the server is back.

What an assistant types on their boards and cannot send (the network or the server is gone)
is not lost: order sheets, a sheet's mark (no orders, grace, late), roll call marks, a draw vote
or an openly vetoed proposal, a board's result. Each is kept in memory and in a small journal
file beside this laptop's copy of the tournament (``<copy>.tdt.outbox.json``, rewritten whole
and atomically: a crash or a kill mid-write leaves the old journal or the new one, never half
of one), so a crash or a closed window keeps it too. When the station hears the server again,
everything kept is sent in the order it was typed, each through its own service, checked as
if typed then; what was sent and what was refused (someone else changed the same thing
meanwhile, the phase is over) is reported in words. Each entry carries a key its action writes
on the server (``store.receipts``), so an entry is sent once even when the station died between
sending it and rewriting the journal.

Work computed from the server's state (adjudicating, correcting an adjudicated phase, ending a
game) cannot be done from a copy: it is refused while the server is gone, in words that say
what typed is kept and that the work waits for the server (:meth:`Outbox.explain`).
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError

from tdapp.core.game.phases import phase_title
from tdapp.services import games, rollcall
from tdapp.services.changes import Change, ServiceError
from tdapp.services.live import announced, typed_change
from tdapp.services.results import BoardResult, record_result
from tdapp.store import receipts
from tdapp.store.backup import sync_to_disk
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.pg import ServerRefused, connection_problem, describe, local_copy_path

JOURNAL_SUFFIX = ".outbox.json"
# What the station says when the server goes (gui/venue/controller.py).
KEPT_WORDS = ("Order sheets, sheet marks, roll call marks, draw votes and results typed now are "
              "kept on this laptop and sent when it is back; adjudication and other work done "
              "from the server's state waits for it.")


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
    what: str  # in the TD's words, for the report
    args: dict[str, Any]
    typed_at: float = field(default_factory=time.time)
    key: str = field(default_factory=lambda: uuid.uuid4().hex)  # its receipt on the server


def _in(phase: str | None) -> str:
    return f" for {phase_title(phase)}" if phase else ""


def orders_entry(board_id: int, power: str, text: str, phase: str | None = None) -> Pending:
    # The board's number is not known without the server: the report after sending names it.
    return Pending("orders", f"{power.title()}'s orders{_in(phase)}",
                   {"board_id": board_id, "power": power, "text": text, "phase": phase})


def sheet_mark_entry(board_id: int, power: str, status: str, now: dt.datetime | None = None,
                     phase: str | None = None) -> Pending:
    # A grace period starts when the TD marked it, not when the server heard of it.
    when = (now or dt.datetime.now(dt.UTC).replace(tzinfo=None)).isoformat()  # as the store
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
    # The ballots stay off the report's words: a vote may be secret.
    return Pending("draw vote", f"a draw vote{_in(phase)}",
                   {"board_id": board_id, "votes": {p: bool(v) for p, v in votes.items()},
                    "abandoned": list(abandoned), "powers": list(powers) if powers else None,
                    "phase": phase})


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


# How each kind of kept entry is sent: through its own service, checked exactly as when typed.
SENDERS: dict[str, Callable[[TournamentDb, dict[str, Any]], object]] = {
    "orders": lambda db, a: games.save_orders(db, a["board_id"], a["power"], a["text"],
                                              a["phase"]),
    "sheet mark": lambda db, a: games.set_sheet_status(
        db, a["board_id"], a["power"], a["status"], dt.datetime.fromisoformat(a["now"]),
        a["phase"]),
    "result": lambda db, a: record_result(db, a["board_id"], _result(a["result"]),
                                          expected_version=a["expected_version"]),
    "roll call": lambda db, a: rollcall.set_answers(
        db, a["round_number"], a["player_ids"], status=a["status"], two_boards=a["two_boards"],
        volunteer_sit_out=a["volunteer_sit_out"]),
    "draw vote": lambda db, a: games.hold_draw_vote(db, a["board_id"], a["votes"],
                                                    a["abandoned"], a["powers"], a["phase"]),
    "draw veto": lambda db, a: games.veto_draw_openly(db, a["board_id"], a["vetoed_by"],
                                                      a["phase"]),
}


def send(db: TournamentDb, entry: Pending) -> Change:
    """Send one kept entry through its service (checked exactly as when it was typed)."""
    sender = SENDERS.get(entry.kind)
    if sender is None:
        raise ServiceError(f"tdapp does not know how to send a kept {entry.kind!r}.")
    result = sender(db, entry.args)
    return typed_change(result) or Change(entry.what)


# The services whose work a station keeps while the server is gone, and how to keep it.
KEEPERS: dict[Callable[..., Any], Callable[..., Pending]] = {
    games.save_orders: orders_entry,
    games.set_sheet_status: sheet_mark_entry,
    record_result: result_entry,
    rollcall.set_answers: roll_call_entry,
    games.hold_draw_vote: draw_vote_entry,
    games.veto_draw_openly: draw_veto_entry,
}

# Work computed from the server's state: refused while it is gone, saying it waits.
WAITS_FOR_SERVER: dict[Callable[..., Any], str] = {
    games.adjudicate: "Adjudication works from the order sheets on the server",
    games.correct_orders: "A correction adjudicates the phases after it again, on the server",
    games.end_game: "Ending a game scores it from the phases on the server",
    games.start_game: "Starting a board's game opens its first phase on the server",
}


@dataclass
class Report:
    """What one sending after the server came back did."""

    sent: list[str] = field(default_factory=list)
    refused: list[tuple[str, Exception]] = field(default_factory=list)
    already: list[str] = field(default_factory=list)  # reached the server before a crash
    still_kept: int = 0

    def words(self) -> str:
        parts = []
        if self.sent:
            parts.append(f"Sent what was typed while the server was gone: {'; '.join(self.sent)}.")
        if self.already:
            parts.append(f"Already on the server (sent before this station stopped): "
                         f"{'; '.join(self.already)}.")
        for what, why in self.refused:
            parts.append(f"Not saved: {what}: {why}")
        if self.still_kept:
            parts.append(f"{self.still_kept} kept on this laptop until the server answers.")
        return " ".join(parts)


def _typed_at(entry: Pending) -> str:
    return time.strftime("%H:%M", time.localtime(entry.typed_at))


class Outbox:
    """The kept entries of one server tournament on this laptop, journalled to a file."""

    def __init__(self, url: str, journal: Path | None = None) -> None:
        self.url = url
        copy = local_copy_path(url)
        self.journal = journal or copy.with_name(copy.name + JOURNAL_SUFFIX)
        self.damaged: Path | None = None  # a journal that could not be read, set aside
        self.entries: list[Pending] = self._load()
        self.on_kept: Callable[[Pending], None] | None = None  # the station says so at once

    def _load(self) -> list[Pending]:
        try:
            data = json.loads(self.journal.read_text(encoding="utf-8"))
            return [Pending(**item) for item in data]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, TypeError):
            # A damaged journal is kept aside for the TD, never silently dropped.
            self.damaged = self.journal.with_suffix(".damaged")
            self.journal.replace(self.damaged)
            return []

    def _save(self) -> None:
        """Rewrite the journal whole: a new file, flushed to the disk, then renamed over the
        old one (atomic), so a kill at any moment leaves the old journal or the new one."""
        self.journal.parent.mkdir(parents=True, exist_ok=True)
        if not self.entries:
            self.journal.unlink(missing_ok=True)
            return
        temporary = self.journal.with_suffix(".tmp")
        with temporary.open("w", encoding="utf-8") as out:
            json.dump([asdict(entry) for entry in self.entries], out, ensure_ascii=False)
            out.flush()
            os.fsync(out.fileno())
        temporary.replace(self.journal)
        sync_to_disk(self.journal.parent)  # the rename itself durable

    def __len__(self) -> int:
        return len(self.entries)

    def keep(self, service: Callable[..., Any], args: tuple[Any, ...],
             kwargs: dict[str, Any], exc: BaseException) -> Pending | None:
        """Keep this call when it is one a station keeps and the server is out of reach."""
        maker = KEEPERS.get(service)
        if maker is None or not unreachable(self.url, exc):
            return None
        entry = maker(*args, **kwargs)
        # A newer sheet for the same power replaces the kept one (it was typed over).
        self.entries = [old for old in self.entries
                        if not (old.kind == entry.kind == "orders"
                                and old.args["board_id"] == entry.args["board_id"]
                                and old.args["power"] == entry.args["power"])]
        self.entries.append(entry)
        self._save()
        if self.on_kept is not None:
            self.on_kept(entry)
        return entry

    def explain(self, service: Callable[..., Any], exc: BaseException) -> BaseException:
        """The refusal of work that needs the server, while it is gone, in words that say
        what happens to what was typed; any other failure as it was."""
        why = WAITS_FOR_SERVER.get(service)
        if why is None or not unreachable(self.url, exc):
            return exc
        kept = len(self.entries)
        waiting = (f" {kept} entr{'y' if kept == 1 else 'ies'} typed meanwhile "
                   f"{'is' if kept == 1 else 'are'} kept on this laptop." if kept else "")
        refused = ServerRefused(
            f"The venue server at {describe(self.url)} cannot be reached, so this cannot be "
            f"done now. {why}, so it waits for the server: do it again when the server is "
            f"back. Order sheets and other entries typed now are kept on this laptop and sent "
            f"when it is back; nothing typed is lost.{waiting}")
        refused.__cause__ = exc
        return refused

    def send_all(self, db: TournamentDb, *, on_change: Callable[[Change], None],
                 on_refused: Callable[[Exception], None],
                 run: Callable[[Callable[[], Any]], Any] | None = None) -> Report:
        """Send every kept entry in the order typed (each through ``run``: the GUI's wait that
        never freezes the window); stop, keeping the rest, if the server goes again. An entry
        whose receipt is on the server already (sent before a crash) is not sent twice. A
        refused entry is shown to the TD (a conflict with both versions, so the TD may still
        save theirs over with it), reported and dropped from the journal."""
        report = Report()
        run = run or (lambda fn: fn())
        try:
            with_receipts = bool(run(lambda: _receipts_available(db)))
        except Exception as exc:
            if unreachable(self.url, exc):
                report.still_kept = len(self.entries)
                return report
            raise
        while self.entries:
            entry = self.entries[0]
            try:
                if with_receipts and run(functools.partial(_arrived, db, entry)):
                    report.already.append(f"{entry.what} (typed {_typed_at(entry)})")
                else:
                    change = run(functools.partial(_send_once, db, entry, with_receipts))
                    report.sent.append(change.description)  # names the board, from the server
                    on_change(change)
            except Exception as refused:
                if unreachable(self.url, refused):
                    break  # gone again: the rest stays kept
                if not isinstance(refused, ServiceError | TournamentFileError):
                    raise  # a bug: the entry stays kept, the TD is told by the caller
                report.refused.append((f"{entry.what} (typed {_typed_at(entry)})", refused))
                on_refused(refused)
            self.entries.pop(0)
            self._save()
        report.still_kept = len(self.entries)
        return report


def _receipts_available(db: TournamentDb) -> bool:
    with db.read() as session:
        return receipts.available(session)


def _send_once(db: TournamentDb, entry: Pending, with_receipt: bool) -> Change:
    """Send ``entry`` announcing its typed change, its receipt written with its action."""
    return announced(db, lambda: send(db, entry), receipt=entry.key if with_receipt else None)


def _arrived(db: TournamentDb, entry: Pending) -> bool:
    with db.read() as session:
        return receipts.sent(session, entry.key)
