"""Create and open tournament files, refusing anything that is not one, with words a TD reads."""

from __future__ import annotations

from pathlib import Path

from tdapp.store.database import (
    APPLICATION_ID,
    SQLITE_HEADER,
    TournamentDb,
    TournamentFileError,
    create_schema,
    make_engine,
)

TOURNAMENT_SUFFIX = ".tdt"


def create_tournament_file(path: Path) -> TournamentDb:
    """A new, empty tournament file at ``path`` (which must not exist yet)."""
    path = Path(path)
    if path.exists():
        raise TournamentFileError(f"{path.name} already exists; choose another name.")
    path.parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(path)
    create_schema(engine)
    return TournamentDb(path, engine)


def check_is_tournament_file(path: Path) -> None:
    """Raise TournamentFileError unless ``path`` looks like a tdapp tournament file."""
    path = Path(path)
    if not path.exists():
        raise TournamentFileError(f"There is no file {path}.")
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise TournamentFileError(f"{path.name} cannot be read: {exc.strerror}.") from exc
    if not header.startswith(SQLITE_HEADER):
        raise TournamentFileError(f"{path.name} is not a tdapp tournament file.")
    if len(header) < 72 or int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise TournamentFileError(
            f"{path.name} is a database, but not a tdapp tournament file."
        )


def open_tournament_file(path: Path) -> TournamentDb:
    """Open an existing tournament file; changes nothing on disk if it cannot be opened."""
    path = Path(path)
    check_is_tournament_file(path)
    return TournamentDb(path, make_engine(path))
