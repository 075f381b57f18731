"""Reading a tournament file (or a venue server's database) from the command line without
disturbing it.

``tdapp standings`` and ``tdapp export`` work on a private copy made with the SQLite backup API,
so they run while the program has the file open and never change it (not even by upgrading it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from tdapp.commands.jsonio import BadInput
from tdapp.services.formats import FormatUnreadable, effective_format
from tdapp.store.database import TournamentDb, TournamentFileError
from tdapp.store.reading import open_for_reading


@contextmanager
def tournament_for_reading(path: str) -> Iterator[TournamentDb]:
    """The tournament at ``path`` (a file or a server's URL), undisturbed; one that cannot be
    read is bad input naming FILE, and so is one whose own format holds what no format may (a
    misspelt option: the message names its field); what the command's body raises stays its
    own."""
    with ExitStack() as stack:
        try:
            db = stack.enter_context(open_for_reading(path))
        except TournamentFileError as exc:
            raise BadInput(str(exc), "FILE") from exc
        try:
            effective_format(db)
        except FormatUnreadable as exc:
            raise BadInput(str(exc), "FILE") from exc
        yield db
