"""A station's journal: what it typed while the venue server was gone, kept on this laptop and
sent when the server is back.

The entries (:mod:`tdapp.services.kept`) are kept in memory and in a small journal file beside
this laptop's copy of the tournament (``<copy>.tdt.outbox.json``), rewritten whole through
:func:`tdapp.atomic.write_atomically`: a crash or a kill mid-write leaves the old journal or
the new one, never half of one, so a crash or a closed window keeps them too. The journal is
private (0600 from its creation: this account's alone) and holds a draw vote's ballots sealed.

When the station hears the server again, everything kept is sent in the order it was typed,
each through its own service, checked as if typed then; what was sent and what was refused
(someone else changed the same thing meanwhile, the phase is over) is reported in words. Each
entry carries a key its action writes on the server (``store.receipts``), so an entry is sent
once even when the station died between sending it and rewriting the journal.

No Qt here: the GUI runs :meth:`Outbox.send_all` with its operation API's ``wait_for``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tdapp.atomic import PRIVATE_MODE, write_atomically
from tdapp.services.changes import Change, ServiceError
from tdapp.services.kept import Pending, keeper_of, send, unreachable, waits_for_server
from tdapp.services.live import announced
from tdapp.store import receipts
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.server_address import describe
from tdapp.store.server_refusals import ServerRefused

JOURNAL_SUFFIX = ".outbox.json"


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
        from tdapp.store.pg import local_copy_path  # the venue code, loaded when sharing

        copy = local_copy_path(url)
        self.journal = journal or copy.with_name(copy.name + JOURNAL_SUFFIX)
        self.damaged: Path | None = None  # a journal that could not be read, set aside
        self.entries: list[Pending] = self._load()
        self.on_kept: Callable[[Pending], None] | None = None  # the station says so at once

    def _load(self) -> list[Pending]:
        try:
            data = json.loads(self.journal.read_text(encoding="utf-8"))
            entries = [Pending(**item) for item in data]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, TypeError):
            # A damaged journal is kept aside for the TD, never silently dropped.
            self.damaged = self.journal.with_suffix(".damaged")
            self.journal.replace(self.damaged)
            with contextlib.suppress(OSError):
                os.chmod(self.damaged, PRIVATE_MODE)
            return []
        with contextlib.suppress(OSError):  # one written by an older tdapp was 0644
            os.chmod(self.journal, PRIVATE_MODE)
        return entries

    def _save(self) -> None:
        """Rewrite the journal whole, private, atomically and durably."""
        if not self.entries:
            self.journal.unlink(missing_ok=True)
            return
        write_atomically(self.journal, json.dumps([asdict(entry) for entry in self.entries],
                                                  ensure_ascii=False), private=True)

    def __len__(self) -> int:
        return len(self.entries)

    def keep(self, service: Callable[..., Any], args: tuple[Any, ...],
             kwargs: dict[str, Any], exc: BaseException) -> Pending | None:
        """Keep this call when it is one a station keeps and the server is out of reach."""
        maker = keeper_of(service)
        if maker is None or not unreachable(self.url, exc):
            return None
        entry = maker(*args, **kwargs)
        # A newer sheet for the same power replaces the kept one (it was typed over here; it
        # keeps the version first seen, so another station's sheet is still a conflict).
        for old in self.entries:
            if old.kind == entry.kind == "orders" and _same_sheet(old, entry):
                entry.args["expected_version"] = old.args.get("expected_version")
        self.entries = [old for old in self.entries
                        if not (old.kind == entry.kind == "orders" and _same_sheet(old, entry))]
        self.entries.append(entry)
        self._save()
        if self.on_kept is not None:
            self.on_kept(entry)
        return entry

    def explain(self, service: Callable[..., Any], exc: BaseException) -> BaseException:
        """The refusal of work that needs the server, while it is gone, in words that say
        what happens to what was typed; any other failure as it was."""
        why = waits_for_server(service)
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


def _same_sheet(old: Pending, new: Pending) -> bool:
    return (old.args["board_id"], old.args["power"]) == (new.args["board_id"],
                                                         new.args["power"])


def _receipts_available(db: TournamentDb) -> bool:
    with db.read() as session:
        return receipts.available(session)


def _send_once(db: TournamentDb, entry: Pending, with_receipt: bool) -> Change:
    """Send ``entry`` announcing its typed change, its receipt written with its action."""
    return announced(db, lambda: send(db, entry), receipt=entry.key if with_receipt else None)


def _arrived(db: TournamentDb, entry: Pending) -> bool:
    with db.read() as session:
        return receipts.sent(session, entry.key)
