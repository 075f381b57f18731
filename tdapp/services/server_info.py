"""Where the open tournament lives, in a TD's words (the Tournament page's "At a glance").

A ``.tdt`` file is its path. A shared tournament lives on the venue server (host:port/database,
reached as one role); this laptop keeps only its ``.tdt`` snapshot copies, taken at every round
boundary, in a folder of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from tdapp.store.database import TournamentDb
from tdapp.store.grants import ASSISTANT_ROLE
from tdapp.store.server_address import describe, is_database_url
from tdapp.store.snapshots import list_snapshots, snapshot_dir
from tdapp.store.venue_server import TD_ROLE

# Where a tournament lives, in words, for the GUI (which imports nothing of the store but the
# open tournament's handle): a server's address without its password, and whether a name is one.
__all__ = ["Whereabouts", "describe", "is_database_url", "role_words", "whereabouts"]


@dataclass(frozen=True)
class Whereabouts:
    """``server`` is empty for a file; ``role`` names who this station is on a server."""

    path: Path  # the file, or for a server the name its snapshots are kept under
    server: str = ""  # 'host:port/database'
    role: str = ""  # the login this station uses
    role_words: str = ""  # 'the TD's role', 'the assistants' role', "assistant 'desk3'"
    snapshot_folder: Path | None = None
    latest_snapshot: Path | None = None

    def describe(self) -> str:
        if not self.server:
            return str(self.path)
        who = self.role_words if repr(self.role) in self.role_words else \
            f"{self.role_words} ({self.role})"
        lines = [f"Venue server {self.server}, as {who}"]
        if self.latest_snapshot is not None:
            lines.append(f"Latest copy on this laptop: {self.latest_snapshot}")
        elif self.role != TD_ROLE:
            lines.append("No copy on this laptop: the TD's laptop keeps one at each round's end")
        else:
            lines.append(f"Copies on this laptop (at each round's end): {self.snapshot_folder}"
                         " — none yet")
        return "\n".join(lines)


def role_words(role: str) -> str:
    if role == TD_ROLE:
        return "the TD's role"
    if role == ASSISTANT_ROLE:
        return "the assistants' role"
    return f"assistant {role!r}"


def whereabouts(db: TournamentDb) -> Whereabouts:
    """Where ``db`` lives (no server round trip: the URL says it, the snapshots are local)."""
    if db.url is None:
        return Whereabouts(db.path)
    url = make_url(db.url)
    server = f"{url.host or 'localhost'}:{url.port or 5432}/{url.database}"
    role = str(url.username or "")
    folder = snapshot_dir(db.path)
    snapshots = list_snapshots(db.path)
    latest = snapshots[0].path if snapshots else None
    return Whereabouts(db.path, server, role, role_words(role), folder, latest)
