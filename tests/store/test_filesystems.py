"""A tournament file on a network drive is refused with words pointing to the venue server
(issue 16: "a file on a network file system is refused or opened in a safe mode with words that
point to the venue server")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tdapp.store import filesystems
from tdapp.store.database import TournamentFileError

MOUNTINFO = """\
22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
40 22 0:35 / /mnt/club\\040share rw,relatime shared:20 - cifs //nas/club rw,vers=3.0
41 22 0:36 / /srv/nfs rw,relatime shared:21 - nfs4 nas:/export rw
42 41 8:2 / /srv/nfs/local rw,relatime shared:22 - ext4 /dev/sdb1 rw
"""


def test_the_mount_holding_a_path_is_the_longest_prefix() -> None:
    kind = filesystems.filesystem_type
    assert kind(Path("/mnt/club share/cup.tdt"), MOUNTINFO) == "cifs"
    assert kind(Path("/srv/nfs/cup.tdt"), MOUNTINFO) == "nfs4"
    assert kind(Path("/srv/nfs/local/cup.tdt"), MOUNTINFO) == "ext4"
    assert kind(Path("/srv/nfsother/cup.tdt"), MOUNTINFO) == "ext4"
    assert kind(Path("/home/td/cup.tdt"), MOUNTINFO) == "ext4"


# What `mount` prints on a Mac with a club's share mounted from Finder (Connect to Server).
MAC_MOUNT = """\
/dev/disk3s1s1 on / (apfs, sealed, local, read-only, journaled)
devfs on /dev (devfs, local, nobrowse)
/dev/disk3s5 on /System/Volumes/Data (apfs, local, journaled, nobrowse, protect)
//td@nas.local/Club%20Share on /Volumes/Club Share (smbfs, nodev, nosuid, mounted by td)
nas.local:/export on /Volumes/export (nfs, asynchronous)
/dev/disk4s1 on /Volumes/USB STICK (msdos, local, nodev, nosuid, noowners)
"""


def test_a_mac_share_is_found_from_what_mount_prints() -> None:
    mounts = filesystems.bsd_mount_types(MAC_MOUNT)
    assert ("/Volumes/Club Share", "smbfs") in mounts and len(mounts) == 6

    def kind(path: str) -> str | None:
        return filesystems.filesystem_type(Path(path), mounts=mounts)

    assert kind("/Volumes/Club Share/cup.tdt") == "smbfs"
    assert kind("/Volumes/export/cup.tdt") == "nfs"
    assert kind("/Volumes/USB STICK/cup.tdt") == "msdos"  # a stick is local: allowed
    assert kind("/Users/td/cup.tdt") == "apfs"
    assert {"smbfs", "nfs"} <= filesystems.NETWORK_TYPES
    assert "msdos" not in filesystems.NETWORK_TYPES


def test_a_file_on_a_network_drive_is_refused_in_words(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    from tdapp.services.files import open_tournament
    from tdapp.services.tournaments import TournamentInfo, create_tournament

    path = tmp_path / "cup.tdt"
    create_tournament(path, TournamentInfo("Share Cup", "wdc-2025", 2)).close()
    before = path.read_bytes()
    monkeypatch.setattr(filesystems, "network_filesystem", lambda p: "nfs4")
    with pytest.raises(TournamentFileError) as refused:
        open_tournament(path)
    assert "network drive (nfs4)" in str(refused.value)
    assert "venue network" in str(refused.value)
    assert path.read_bytes() == before
    with pytest.raises(TournamentFileError, match="network drive"):
        create_tournament(tmp_path / "new.tdt", TournamentInfo("New", "wdc-2025", 2))
    assert not (tmp_path / "new.tdt").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/mountinfo")
def test_a_local_folder_is_not_a_network_drive(tmp_path: Path) -> None:
    assert filesystems.filesystem_type(tmp_path) is not None
    assert filesystems.network_filesystem(tmp_path / "cup.tdt") is None
