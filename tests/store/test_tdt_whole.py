"""The .tdt file is whole after every committed action: copied alone (its -wal left behind),
as a TD copies it to a USB stick between rounds with the program still open, it opens with
everything in it.

The issue: "after four rounds the .tdt itself had not changed since it was created (no
tournament in it yet), everything being in the 3.2 MB -wal beside it: copying the .tdt alone
to a USB stick (what TDs do between rounds) gave "damaged"."""

from __future__ import annotations

import shutil
from pathlib import Path

from tdapp.services import players, rounds
from tdapp.services.files import close_tournament, open_tournament
from tdapp.services.tournaments import TournamentInfo, create_tournament, tournament_info


def _copy_alone(path: Path, folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    target = folder / path.name
    shutil.copyfile(path, target)  # the .tdt only: no -wal, no -shm
    assert not target.with_name(target.name + "-wal").exists()
    return target


def test_the_tdt_copied_alone_after_each_action_holds_every_action(tmp_path: Path) -> None:
    path = tmp_path / "open.tdt"
    db = create_tournament(path, TournamentInfo("USB Stick Open", "wdc-2025", 4))
    try:
        copy = open_tournament(_copy_alone(path, tmp_path / "stick-0"))
        assert tournament_info(copy).name == "USB Stick Open"
        close_tournament(copy)
        for n in range(1, 4):
            players.add_players(db, [players.PlayerData(f"Player {n}-{i}") for i in range(7)],
                                f"Import {n}")
            copy = open_tournament(_copy_alone(path, tmp_path / f"stick-{n}"))
            try:
                assert len(players.list_players(copy)) == 7 * n
                assert [r.number for r in rounds.list_rounds(copy)] == \
                    [r.number for r in rounds.list_rounds(db)]
            finally:
                close_tournament(copy)
        wal = path.with_name(path.name + "-wal")
        assert not wal.exists() or wal.stat().st_size == 0  # folded in: nothing left beside
    finally:
        close_tournament(db)
