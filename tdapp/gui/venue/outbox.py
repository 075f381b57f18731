"""What a station typed while the venue server was gone: kept, and sent when the server is back.

An order sheet or a board result that cannot reach the server (the network or the server is
gone) is not lost: it is kept in memory and in a small journal file beside this laptop's copy
of the tournament (``<copy>.outbox.json``, rewritten whole and atomically), so a crash or a
closed window keeps it too. When the station hears the server again, everything kept is sent
in the order it was typed; what was sent and what was refused (a conflict: someone else
changed the same thing meanwhile) is reported.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError

from tdapp.services import games
from tdapp.services.changes import Change, ServiceError
from tdapp.services.results import BoardResult, record_result
from tdapp.store.database import TournamentDb
from tdapp.store.pg import ServerRefused, connection_problem, local_copy_path

JOURNAL_SUFFIX = ".outbox.json"


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

    kind: str  # "orders" or "result"
    what: str  # in the TD's words, for the report
    args: dict[str, Any]
    typed_at: float = field(default_factory=time.time)


def orders_entry(board_id: int, power: str, text: str, phase: str | None) -> Pending:
    # The board's number is not known without the server: the report after sending names it.
    return Pending("orders", f"{power.title()}'s orders{f' for {phase}' if phase else ''}",
                   {"board_id": board_id, "power": power, "text": text, "phase": phase})


def result_entry(board_id: int, result: BoardResult, expected_version: int | None) -> Pending:
    data = asdict(result)
    data["history"] = {str(year): counts for year, counts in result.history.items()}
    return Pending("result", f"a board's result ({_typed(result)})",
                   {"board_id": board_id, "result": data, "expected_version": expected_version})


def _typed(result: BoardResult) -> str:
    return ", ".join(f"{power.title()} {count}" for power, count in result.centers.items())


def _result(data: dict[str, Any]) -> BoardResult:
    fields = dict(data)
    fields["history"] = {int(year): counts for year, counts in data.get("history", {}).items()}
    for name in ("draw", "selection_order"):
        if fields.get(name) is not None:
            fields[name] = tuple(fields[name])
    return BoardResult(**fields)


def send(db: TournamentDb, entry: Pending) -> Change:
    """Send one kept entry through its service (checked exactly as when it was typed)."""
    args = entry.args
    if entry.kind == "orders":
        return games.save_orders(db, args["board_id"], args["power"], args["text"],
                                 args["phase"])
    if entry.kind == "result":
        return record_result(db, args["board_id"], _result(args["result"]),
                             expected_version=args["expected_version"])
    raise ServiceError(f"tdapp does not know how to send a kept {entry.kind!r}.")


# The services whose work a station keeps while the server is gone, and how to keep it.
KEEPERS: dict[Callable[..., Any], Callable[..., Pending]] = {
    games.save_orders: orders_entry,
    record_result: result_entry,
}


@dataclass
class Report:
    """What one sending after the server came back did."""

    sent: list[str] = field(default_factory=list)
    refused: list[tuple[str, ServiceError]] = field(default_factory=list)
    still_kept: int = 0

    def words(self) -> str:
        parts = []
        if self.sent:
            parts.append(f"Sent what was typed while the server was gone: {'; '.join(self.sent)}.")
        for what, why in self.refused:
            parts.append(f"Not saved: {what}: {why}")
        if self.still_kept:
            parts.append(f"{self.still_kept} kept on this laptop until the server answers.")
        return " ".join(parts)


class Outbox:
    """The kept entries of one server tournament on this laptop, journalled to a file."""

    def __init__(self, url: str, journal: Path | None = None) -> None:
        self.url = url
        copy = local_copy_path(url)
        self.journal = journal or copy.with_name(copy.name + JOURNAL_SUFFIX)
        self.entries: list[Pending] = self._load()
        self.on_kept: Callable[[Pending], None] | None = None  # the station says so at once

    def _load(self) -> list[Pending]:
        try:
            data = json.loads(self.journal.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError):
            # A damaged journal is kept aside for the TD, never silently dropped.
            self.journal.replace(self.journal.with_suffix(".damaged"))
            return []
        return [Pending(**item) for item in data]

    def _save(self) -> None:
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

    def send_all(self, db: TournamentDb, *, on_change: Callable[[Change], None],
                 on_refused: Callable[[ServiceError], None],
                 run: Callable[[Callable[[], Change]], Change] | None = None) -> Report:
        """Send every kept entry in the order typed (each through ``run``: the GUI's wait that
        never freezes the window); stop, keeping the rest, if the server goes again. A refused
        entry is shown to the TD (a conflict with both versions, so the TD may still save
        theirs over with it), reported and dropped from the journal."""
        report = Report()
        run = run or (lambda fn: fn())
        while self.entries:
            entry = self.entries[0]
            try:
                change = run(lambda entry=entry: send(db, entry))  # type: ignore[misc]
            except ServiceError as refused:
                if unreachable(self.url, refused):
                    break
                report.refused.append((entry.what, refused))
                on_refused(refused)
            except DBAPIError as exc:
                if unreachable(self.url, exc):
                    break
                raise
            else:
                report.sent.append(change.description)  # names the board, from the server
                on_change(change)
            self.entries.pop(0)
            self._save()
        report.still_kept = len(self.entries)
        return report
