"""Where a tournament lives: a ``.tdt`` file's path or a venue server's database URL.

One place decides, so every caller that takes a path (File > Open, ``tdapp standings``,
``tdapp export``, the tests) takes a URL as well. The venue server's code loads only for a URL.
"""

from __future__ import annotations

from pathlib import Path

from tdapp.store.database import TournamentDb
from tdapp.store.files import create_tournament_file, open_tournament_file
from tdapp.store.server_address import is_database_url

Location = Path | str


def open_location(location: Location) -> TournamentDb:
    if is_database_url(location):
        # speed: the venue code loads only for sharing or a server URL
        from tdapp.store.pg import open_server_tournament

        return open_server_tournament(str(location))
    return open_tournament_file(Path(location))


def create_location(location: Location) -> TournamentDb:
    """A new, empty tournament (a file that must not exist, or a database holding none)."""
    if is_database_url(location):
        # speed: the venue code loads only for sharing or a server URL
        from tdapp.store.pg import create_server_tournament

        return create_server_tournament(str(location))
    return create_tournament_file(Path(location))
