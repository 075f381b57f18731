"""Reading a tournament undisturbed (store/reading.py), as ``tdapp copy``, ``tdapp standings``
and the season's event import do: a file open in tdapp is read from a private copy and left
byte for byte as it was; one that cannot be read is refused in a TD's words before anything
is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdapp.services.tournaments import TournamentInfo, create_tournament, tournament_info
from tdapp.store.errors import TournamentFileError
from tdapp.store.files import open_tournament_file
from tdapp.store.reading import open_for_reading
from tests.file_helpers import folder_state

pytestmark = pytest.mark.sqlite_only("reading a .tdt file through a private copy")


def _cup(path: Path) -> None:
    create_tournament(path, TournamentInfo("Spring Cup", "wdc-2018", 5)).close()


def test_a_file_open_in_tdapp_is_read_from_a_private_copy(tmp_path: Path) -> None:
    path = tmp_path / "cup.tdt"
    _cup(path)
    editing = open_tournament_file(path)  # the window has it open, lock and all
    try:
        before = folder_state(tmp_path)
        with open_for_reading(path) as reader:
            assert tournament_info(reader).name == "Spring Cup"
            assert reader.path != path and reader.path.name == "cup.tdt"
            copy_folder = reader.path.parent
        assert folder_state(tmp_path) == before  # nothing written beside the file
        assert not copy_folder.exists()  # the private copy is gone once read
    finally:
        editing.close()


def test_a_damaged_file_is_refused_in_words_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "cup.tdt"
    _cup(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # a copy cut short (a full USB stick, say)
    before = folder_state(tmp_path)
    with pytest.raises(TournamentFileError) as refused, open_for_reading(path):
        pytest.fail("a damaged file was opened for reading")
    message = str(refused.value)
    assert "cup.tdt" in message and "Nothing was changed" in message, message
    assert folder_state(tmp_path) == before


def test_no_such_file_is_said_plainly(tmp_path: Path) -> None:
    with pytest.raises(TournamentFileError, match="There is no file"), \
            open_for_reading(tmp_path / "missing.tdt"):
        pytest.fail("a missing file was opened")


def test_what_the_reader_raises_stays_its_own(tmp_path: Path) -> None:
    """Only opening is refused as a file problem; the reader's own error passes through."""
    path = tmp_path / "cup.tdt"
    _cup(path)
    with pytest.raises(KeyError), open_for_reading(path):
        raise KeyError("the reader's own")
