"""Copy a whole tournament between a ``.tdt`` file and a venue server, keeping every row's id.

Rows go table by table in the order of their foreign keys, in one transaction on the destination:
a copy that fails leaves no half-written tournament behind. On PostgreSQL each table's id
sequence is then moved past the copied ids, so the next row added gets a fresh one.

A round's hidden end time goes with the copy: a server keeps it in the TD-only ``td_secret``
(store.td_secrets), a file in the round's clock, sealed with the TD's key (services.clock gives
the sealing as ``file_clock``; without it the time is written as it is). A clock copied onto a
server with its time in plain moves it to ``td_secret``, out of the assistants' sight.
"""

from __future__ import annotations

import contextlib
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, insert, select, text

from tdapp.store import td_secrets
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.files import create_tournament_file
from tdapp.store.lock import FileLocked, TournamentLock
from tdapp.store.models import Base
from tdapp.store.reading import open_for_reading
from tdapp.store.server_address import describe, is_database_url, redact
from tdapp.store.snapshots import Snapshot, write_snapshot

_BATCH = 500
# A round's clock state and its hidden end time -> the clock state a file keeps (sealed).
FileClock = Callable[[dict[str, Any], Any], dict[str, Any]]


class DestinationError(TournamentFileError):
    """The destination cannot take the copy (it holds a tournament, is open, cannot be made)."""


@dataclass(frozen=True)
class CopyReport:
    source: str
    destination: str
    rows: dict[str, int]

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "destination": self.destination, "rows": self.rows,
                "total": sum(self.rows.values())}


def _name(location: Path | str) -> str:
    return describe(str(location)) if is_database_url(location) else str(location)


def _create_destination(location: Path | str, force: bool) -> TournamentDb:
    if is_database_url(location):
        from tdapp.store.pg import create_server_tournament  # the venue code, only for a URL

        return create_server_tournament(str(location), replace=force)
    path = Path(location)
    if path.exists():
        if not force:
            raise TournamentFileError(
                f"{path.name} already exists; give --force to replace it. Nothing was changed.")
        try:
            TournamentLock.check_free(path)
        except FileLocked as exc:
            raise TournamentFileError(
                f"{path.name} is open in tdapp ({exc}); close it there first. "
                f"Nothing was changed.") from exc
        for leftover in (path, path.with_name(path.name + "-wal"),
                         path.with_name(path.name + "-shm")):
            leftover.unlink(missing_ok=True)
    return create_tournament_file(path)


def copy_rows(source: Connection, destination: Connection,
              file_clock: FileClock | None = None) -> dict[str, int]:
    """Every row of every tdapp table, ids kept, and the hidden end times (see above)."""
    counts: dict[str, int] = {}
    for table in Base.metadata.sorted_tables:
        destination.execute(table.delete())
    for table in Base.metadata.sorted_tables:
        rows = [dict(row) for row in source.execute(select(table).order_by(*table.primary_key))
                .mappings()]
        for start in range(0, len(rows), _BATCH):
            destination.execute(insert(table), rows[start:start + _BATCH])
        counts[table.name] = len(rows)
    if destination.dialect.name == "postgresql":
        move_sequences_past_ids(destination)
    _carry_hidden_ends(source, destination, file_clock)
    return counts


def _carry_hidden_ends(source: Connection, destination: Connection,
                       file_clock: FileClock | None) -> None:
    ends = td_secrets.hidden_ends(source)
    rounds = Base.metadata.tables["round"]
    clocks = {int(round_id): dict(state) for round_id, state in destination.execute(
        select(rounds.c.id, rounds.c.clock_state)) if isinstance(state, dict)}
    to_server = destination.dialect.name == "postgresql"
    for round_id, state in clocks.items():
        changed: dict[str, Any] | None = None
        if to_server and state.get(td_secrets.HIDDEN_END) is not None:
            ends.setdefault(round_id, state[td_secrets.HIDDEN_END])
            changed = {**state, td_secrets.HIDDEN_END: None}
        elif not to_server and round_id in ends:
            changed = (file_clock(state, ends[round_id]) if file_clock is not None
                       else {**state, td_secrets.HIDDEN_END: ends[round_id]})
        if changed is not None:
            destination.execute(rounds.update().where(rounds.c.id == round_id)
                                .values(clock_state=changed))
    if to_server and td_secrets.readable(destination):
        for round_id, value in ends.items():
            td_secrets.keep_hidden_end(destination, round_id, value)


def move_sequences_past_ids(connection: Connection) -> None:
    for table in Base.metadata.sorted_tables:
        if "id" not in table.c:
            continue
        connection.execute(text(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
            f"coalesce((SELECT max(id) FROM \"{table.name}\"), 0) + 1, false)"))


def copy_tournament(source: Path | str, destination: Path | str, *,
                    force: bool = False, file_clock: FileClock | None = None) -> CopyReport:
    """Copy the tournament at ``source`` to ``destination`` (file or URL, either way)."""
    if not is_database_url(source) and not is_database_url(destination):
        with contextlib.suppress(OSError):
            if Path(source).resolve() == Path(destination).resolve():
                raise TournamentFileError("The source and the destination are the same file.")
    if is_database_url(source) and str(source) == str(destination):
        raise TournamentFileError("The source and the destination are the same database.")
    with open_for_reading(source) as src:
        try:
            target = _create_destination(destination, force)
        except DestinationError:
            raise
        except TournamentFileError as exc:
            raise DestinationError(str(exc)) from exc
        try:
            with src.engine.connect() as reading, target.engine.begin() as writing:
                counts = copy_rows(reading, writing, file_clock)
        except BaseException:
            target.close()
            if not is_database_url(destination):
                Path(destination).unlink(missing_ok=True)
            raise
        target.close()
    return CopyReport(redact(str(source)), redact(str(destination)), counts)


def snapshot_server(db: TournamentDb, reason: str, round_number: int | None = None,
                    file_clock: FileClock | None = None) -> Snapshot:
    """A ``.tdt`` snapshot of a server tournament on this laptop (in the snapshots folder of
    ``db.path``): the event survives the server's laptop dying."""
    with tempfile.TemporaryDirectory(prefix="tdapp-snapshot-") as folder:
        whole = Path(folder) / db.path.name
        copy = create_tournament_file(whole)
        try:
            with db.engine.connect() as reading, copy.engine.begin() as writing:
                copy_rows(reading, writing, file_clock)
        finally:
            copy.close()
        connection = sqlite3.connect(whole)
        try:
            return write_snapshot(connection, db.path, reason, round_number)
        finally:
            connection.close()
