"""Snapshots of a tournament kept in a folder beside its file: "<name> snapshots/".

Each snapshot is a complete tournament file named so a TD browsing the folder can tell them
apart ("2026-11-22 14.05.33 round 2 - after round 2 scored.tdt"), with a small JSON file of the
same name holding the exact time, round and reason (the name alone is enough if it is lost).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tdapp.atomic import write_atomically
from tdapp.store.backup import copy_from_connection, readonly_uri

SNAPSHOT_SUFFIX = ".tdt"
_TIME_FORMAT = "%Y-%m-%d %H.%M.%S"
_NAME = re.compile(
    r"^(?P<time>\d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.\d{2})"
    r"(?: round (?P<round>\d+))?"
    r" - (?P<reason>.*?)"
    r"(?: \(\d+\))?\.tdt$"
)


@dataclass(frozen=True)
class Snapshot:
    path: Path
    taken_at: dt.datetime  # local time, with its UTC offset when known
    round_number: int | None
    reason: str

    def label(self) -> str:
        """One line for the Restore dialog."""
        when = f"{self.taken_at:%a %d %b %H:%M:%S}"
        round_text = f"round {self.round_number}" if self.round_number is not None else "—"
        return f"{when}  {round_text}  {self.reason}"


def snapshot_dir(tournament_path: Path) -> Path:
    tournament_path = Path(tournament_path)
    return tournament_path.with_name(f"{tournament_path.stem} snapshots")


def _safe_reason(reason: str) -> str:
    """The reason as part of a file name on every system (no / \\ : * ? " < > |)."""
    text = re.sub(r"[^\w .,()+&'-]+", "-", reason, flags=re.UNICODE)
    text = " ".join(text.split()).strip(" .-")
    return text[:60].rstrip(" .-") or "snapshot"


def snapshot_name(taken_at: dt.datetime, round_number: int | None, reason: str) -> str:
    round_part = f" round {round_number}" if round_number is not None else ""
    return f"{taken_at:{_TIME_FORMAT}}{round_part} - {_safe_reason(reason)}{SNAPSHOT_SUFFIX}"


def _free_path(folder: Path, name: str) -> Path:
    candidate = folder / name
    stem = candidate.stem
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem} ({number}){SNAPSHOT_SUFFIX}"
        number += 1
    return candidate


def _metadata_path(snapshot_path: Path) -> Path:
    return snapshot_path.with_name(snapshot_path.name + ".json")


def write_snapshot(
    source: sqlite3.Connection,
    tournament_path: Path,
    reason: str,
    round_number: int | None = None,
    now: Callable[[], dt.datetime] | None = None,
) -> Snapshot:
    """Back up the database behind ``source`` into the snapshots folder of ``tournament_path``."""
    taken_at = (now or (lambda: dt.datetime.now().astimezone()))()
    folder = snapshot_dir(tournament_path)
    folder.mkdir(parents=True, exist_ok=True)
    target = _free_path(folder, snapshot_name(taken_at, round_number, reason))
    # A snapshot holds everything the tournament does (sealed votes, assistants' names): it is
    # this account's alone, like the tournament file's own folder should be.
    copy_from_connection(source, target, private=True)
    metadata = {
        "taken_at": taken_at.isoformat(),
        "round": round_number,
        "reason": reason,
        "tournament": Path(tournament_path).name,
    }
    write_atomically(_metadata_path(target), json.dumps(metadata, ensure_ascii=False, indent=1),
                     private=True)
    return Snapshot(target, taken_at, round_number, reason)


def snapshot_closed_file(
    tournament_path: Path, reason: str, round_number: int | None = None
) -> Snapshot:
    """Snapshot a tournament file that is not open (this process holds its lock)."""
    connection = sqlite3.connect(readonly_uri(tournament_path), uri=True)
    try:
        return write_snapshot(connection, tournament_path, reason, round_number)
    finally:
        connection.close()


def read_snapshot(path: Path) -> Snapshot | None:
    """What a snapshot file is, from its JSON beside it or else its name; None if neither."""
    path = Path(path)
    try:
        data = json.loads(_metadata_path(path).read_text(encoding="utf-8"))
        round_number = data.get("round")
        return Snapshot(
            path, dt.datetime.fromisoformat(data["taken_at"]),
            int(round_number) if round_number is not None else None, str(data["reason"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        pass
    match = _NAME.match(path.name)
    if not match:
        return None
    round_text = match.group("round")
    return Snapshot(
        path, dt.datetime.strptime(match.group("time"), _TIME_FORMAT),
        int(round_text) if round_text else None, match.group("reason"),
    )


def list_snapshots(tournament_path: Path) -> list[Snapshot]:
    """The snapshots of a tournament, newest first."""
    folder = snapshot_dir(tournament_path)
    if not folder.is_dir():
        return []
    found = [read_snapshot(p) for p in folder.glob(f"*{SNAPSHOT_SUFFIX}")]
    snapshots = [s for s in found if s is not None]

    def newest_first(snapshot: Snapshot) -> tuple[float, str]:
        taken = snapshot.taken_at
        stamp = taken.timestamp() if taken.tzinfo else taken.astimezone().timestamp()
        return (-stamp, snapshot.path.name)

    return sorted(snapshots, key=newest_first)
