"""Tournament-file operations as the GUI uses them (``tdapp.services.files``), and the errors
that the AppController shows to the TD in words rather than as a traceback."""

from __future__ import annotations

from tdapp.services.changes import ServiceError
from tdapp.services.files import (
    TournamentFileError,
    close_tournament,
    create_new_tournament,
    open_tournament,
    save_copy_as,
)

FILE_ERRORS: tuple[type[BaseException], ...] = (ServiceError, TournamentFileError)

__all__ = [
    "FILE_ERRORS",
    "close_tournament",
    "create_new_tournament",
    "open_tournament",
    "save_copy_as",
]
