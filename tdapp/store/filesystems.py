"""Is a tournament file on a network drive? SQLite's locking is not safe over NFS or SMB (two
laptops writing one file through a share can damage it), so such a file is refused with words
that point the TD to the venue server, made for exactly that.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tdapp.store.database import TournamentFileError

NETWORK_TYPES = frozenset({
    "nfs", "nfs4", "cifs", "smb", "smb2", "smb3", "smbfs", "ncpfs", "afs", "9p", "ceph",
    "glusterfs", "lustre", "davfs", "fuse.sshfs", "sshfs", "fuse.rclone", "fuse.davfs2",
    "fuse.s3fs", "fuse.gcsfuse", "fuse.glusterfs", "fuse.cephfs", "webdav", "afpfs",
})


def _unescape(field: str) -> str:
    """Mount points in /proc escape space, tab, newline and backslash as octal."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def mount_types(mountinfo: str) -> list[tuple[str, str]]:
    """(mount point, file-system type) from the text of /proc/self/mountinfo."""
    mounts = []
    for line in mountinfo.splitlines():
        if " - " not in line:
            continue
        before, after = line.split(" - ", 1)
        fields = before.split()
        kinds = after.split()
        if len(fields) >= 5 and kinds:
            mounts.append((_unescape(fields[4]), kinds[0]))
    return mounts


# A line of macOS's (and the BSDs') ``mount``: "//td@nas/club on /Volumes/club (smbfs, nodev,
# nosuid, mounted by td)". The mount point may hold spaces; the type is the first in brackets.
_BSD_MOUNT = re.compile(r"^.+? on (?P<point>/.*?) \((?P<kind>[^,)]+)")


def bsd_mount_types(listing: str) -> list[tuple[str, str]]:
    """(mount point, file-system type) from the text ``mount`` prints on macOS and the BSDs."""
    found = []
    for line in listing.splitlines():
        match = _BSD_MOUNT.match(line)
        if match:
            found.append((match["point"], match["kind"].strip()))
    return found


def _system_mounts() -> list[tuple[str, str]] | None:
    """This machine's mounts: /proc on Linux, ``mount``'s listing on macOS and the BSDs."""
    try:
        return mount_types(Path("/proc/self/mountinfo").read_text(encoding="utf-8",
                                                                    errors="replace"))
    except OSError:
        pass
    try:
        listing = subprocess.run(["/sbin/mount"], capture_output=True, text=True, timeout=5,
                                 check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return bsd_mount_types(listing)


def filesystem_type(path: Path, mountinfo: str | None = None,
                    mounts: list[tuple[str, str]] | None = None) -> str | None:
    """The type of the file system holding ``path``, None when unknown. ``mountinfo`` (Linux's
    text) or ``mounts`` stand in for this machine's own."""
    if mounts is None:
        mounts = mount_types(mountinfo) if mountinfo is not None else _system_mounts()
    if mounts is None:
        return None
    target = os.path.realpath(path)
    best, kind = "", None
    for point, fs_type in mounts:
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fs_type
    return kind


def _windows_network(path: Path) -> str | None:
    if sys.platform != "win32":  # only called on Windows; tells mypy `ctypes.windll` exists below
        return None
    text = str(path.resolve())
    if text.startswith("\\\\"):
        return "a network share"
    import ctypes

    drive = os.path.splitdrive(text)[0] + "\\"
    drive_remote = 4
    if ctypes.windll.kernel32.GetDriveTypeW(drive) == drive_remote:
        return "a network drive"
    return None


def network_filesystem(path: Path) -> str | None:
    """The network file system's name when ``path`` is on one, else None."""
    if sys.platform == "win32":
        return _windows_network(path)
    kind = filesystem_type(path.parent if not path.exists() else path)
    return kind if kind in NETWORK_TYPES else None


def refuse_network_file(path: Path) -> None:
    kind = network_filesystem(Path(path))
    if kind is None:
        return
    raise TournamentFileError(
        f"{Path(path).name} is on a network drive ({kind}). A tournament file is not safe to "
        f"share that way: two laptops writing it at once can damage it. To work on one "
        f"tournament from several laptops, share it on the venue network (File > Share on the "
        f"venue network…, or tdapp server start and tdapp copy); to work alone, copy the file "
        f"to this laptop's own disk first. Nothing was changed."
    )
