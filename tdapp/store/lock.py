"""One running copy of tdapp per tournament file: a lock file beside it (``FILE.tdt.lock``).

The lock is an OS lock on that file (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), so
it disappears with the process that holds it, even after a crash or a kill. The file's text says
who holds it (host, user, process, since when) for the message the next copy shows.

Within one process the lock is shared: opening the same tournament twice (a second window, a
test) does not lock the program out of its own file.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import socket
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

LOCK_SUFFIX = ".lock"
# Windows locks byte ranges and refuses reads of a locked range: lock a byte past the text.
_WINDOWS_LOCK_OFFSET = 1 << 16
_INFO_SIZE = 1024
_BINARY = getattr(os, "O_BINARY", 0)  # Windows would otherwise open it in text mode


@dataclass(frozen=True)
class LockHolder:
    host: str
    user: str
    pid: int
    since: str  # ISO time with offset

    def describe(self) -> str:
        try:
            when = dt.datetime.fromisoformat(self.since).astimezone()
            since = f"{when:%H:%M on %d %b %Y}"
        except ValueError:
            since = self.since or "an unknown time"
        who = self.user or "someone"
        return f"{who} on {self.host or 'an unknown computer'} (process {self.pid}) since {since}"


class FileLocked(Exception):
    """Another running copy of tdapp holds the tournament file."""

    def __init__(self, lock_path: Path, holder: LockHolder | None, *,
                 other_name: bool = False) -> None:
        self.lock_path = lock_path
        self.holder = holder
        self.other_name = other_name  # held through another name of the same file
        super().__init__(holder.describe() if holder else (
            "another copy of tdapp, through another name for the same file (a link or "
            "another path)" if other_name else "another copy of tdapp"))


def lock_path_for(path: Path) -> Path:
    path = Path(path)
    return path.with_name(path.name + LOCK_SUFFIX)


def _user() -> str:
    for name in ("USER", "USERNAME", "LOGNAME"):
        if os.environ.get(name):
            return os.environ[name]
    return ""


def _lock_fd(fd: int) -> None:
    """Take the OS lock without waiting; OSError if someone else has it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock_fd(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


def read_holder(lock_path: Path) -> LockHolder | None:
    try:
        text = Path(lock_path).read_bytes()[:_INFO_SIZE].decode("utf-8", "replace").strip()
        data = json.loads(text.strip("\x00 "))
        return LockHolder(str(data["host"]), str(data["user"]), int(data["pid"]),
                          str(data["since"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _same_file(fd: int, path: Path) -> bool:
    """The path still names the file we locked (a releasing holder may have just removed it)."""
    if sys.platform == "win32":
        return path.exists()
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    opened = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


class TournamentLock:
    """A held lock; ``release()`` when the tournament is closed (idempotent)."""

    _held: dict[str, tuple[int, int]] = {}  # key -> (fd, how many opens share it)
    _identity: dict[str, int | None] = {}  # key -> fd holding the tournament file's own lock
    _aliases: dict[str, str] = {}  # the file's identity -> key, for its other names
    _guard = threading.Lock()

    def __init__(self, lock_path: Path, key: str) -> None:
        self.lock_path = lock_path
        self._key = key
        self._released = False

    @classmethod
    def acquire(cls, path: Path) -> TournamentLock:
        """Lock the tournament file at ``path``; FileLocked names who holds it.

        Two locks: the lock file beside the name (which says who holds it), and an OS lock
        standing for the file's identity (on POSIX the tournament file itself, on Windows a
        file named after it, see identity_lock_path), so a second copy reaching the same file
        by another name (a hard link, a symbolic link, another path) is refused as well.
        """
        lock_path = lock_path_for(path)
        identity = _identity_key(path)
        with cls._guard:
            key = cls._aliases.get(identity or "", _name_key(lock_path))
            if key in cls._held:  # this process has it already (under this or another name)
                fd, count = cls._held[key]
                cls._held[key] = (fd, count + 1)
                return cls(lock_path, key)
            fd = cls._take(lock_path)
            try:
                cls._identity[key] = _lock_identity(path, lock_path)
            except BaseException:
                _unlock_fd(fd)
                os.close(fd)
                raise
            cls._held[key] = (fd, 1)
            if identity and cls._identity[key] is not None:
                cls._aliases[identity] = key
            return cls(lock_path, key)

    @classmethod
    def check_free(cls, path: Path) -> None:
        """FileLocked if another process holds the lock of ``path``; creates and changes nothing
        (so a refused file is not even read while another copy is writing it)."""
        lock_path = lock_path_for(path)
        with cls._guard:
            identity = _identity_key(path)
            if _name_key(lock_path) in cls._held or (identity and identity in cls._aliases):
                return
        try:
            fd: int | None = os.open(lock_path, os.O_RDWR | _BINARY)
        except OSError:  # no lock file: free; unreadable: acquire() will say why
            fd = None
        if fd is not None:
            try:
                try:
                    _lock_fd(fd)
                except OSError:
                    raise FileLocked(lock_path, read_holder(lock_path)) from None
                _unlock_fd(fd)
            finally:
                os.close(fd)
        held = _lock_identity(path, lock_path)
        if held is not None:
            _unlock_fd(held)
            os.close(held)

    @staticmethod
    def _take(lock_path: Path) -> int:
        for _attempt in range(5):
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | _BINARY, 0o644)
            try:
                _lock_fd(fd)
            except OSError:
                os.close(fd)
                raise FileLocked(lock_path, read_holder(lock_path)) from None
            if _same_file(fd, lock_path):
                _write_holder(fd)
                return fd
            _unlock_fd(fd)
            os.close(fd)
        raise FileLocked(lock_path, read_holder(lock_path))

    def release(self) -> None:
        if self._released:
            return
        self._released = True
        with self._guard:
            fd, count = self._held[self._key]
            if count > 1:
                self._held[self._key] = (fd, count - 1)
                return
            del self._held[self._key]
            identity = self._identity.pop(self._key, None)
            for alias in [a for a, k in self._aliases.items() if k == self._key]:
                del self._aliases[alias]
            if identity is not None:
                _unlock_fd(identity)
                os.close(identity)
            if sys.platform != "win32":
                # Removed while still locked: a copy waiting on the old file sees it is gone.
                self.lock_path.unlink(missing_ok=True)
            _unlock_fd(fd)
            os.close(fd)
            if sys.platform == "win32":
                # It stays if another copy has it open, about to lock it.
                with contextlib.suppress(OSError):
                    self.lock_path.unlink(missing_ok=True)


def _name_key(lock_path: Path) -> str:
    return os.path.normcase(os.path.realpath(lock_path))


def _identity_key(path: Path) -> str | None:
    """The file's identity (device and inode; on Windows the volume's serial number and the
    file's index, which os.stat fills in) when it exists: the same for every name of it."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    if not found.st_ino:  # a file system without file numbers (FAT on some systems)
        return None
    return f"file:{found.st_dev}:{found.st_ino}"


def identity_lock_path(dev: int, ino: int, folder: Path | None = None) -> Path:
    """Windows: the lock file that stands for one tournament file under all its names.

    Windows' locks are mandatory byte-range locks, so the tournament file itself cannot carry
    one (SQLite would be refused its own reads), and an open handle on it would stop a restore
    from replacing it. The lock goes on a small file named after the file's identity instead,
    in this user's temporary folder: a hard or symbolic link, a subst drive letter or a short
    8.3 name all lead to the same one. (Another computer cannot reach the file: a network
    drive is refused, store.filesystems.)"""
    base = folder if folder is not None else Path(tempfile.gettempdir()) / "tdapp-locks"
    return base / f"{dev:x}-{ino:x}.lock"


def _open_identity(path: Path) -> int | None:
    """The descriptor to lock for the file's identity; None if the file is not made yet."""
    if sys.platform != "win32":
        try:
            return os.open(path, os.O_RDONLY | _BINARY)
        except OSError:
            return None  # not made yet (a new tournament): no other name can reach it
    try:
        found = os.stat(path)
    except OSError:
        return None
    if not found.st_ino:
        return None
    marker = identity_lock_path(found.st_dev, found.st_ino)
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        return os.open(marker, os.O_RDWR | os.O_CREAT | _BINARY, 0o644)
    except OSError:
        return None  # no temporary folder: the lock beside the name still holds


def _lock_identity(path: Path, lock_path: Path) -> int | None:
    """Take an OS lock for the tournament file's identity; FileLocked if another copy has it
    under any name. On POSIX that is flock on the file itself: SQLite locks with fcntl ranges,
    which flock does not touch on local disks; a file on a network file system is refused
    before this (store.filesystems). On Windows, see identity_lock_path."""
    fd = _open_identity(path)
    if fd is None:
        return None
    try:
        _lock_fd(fd)
    except OSError:
        os.close(fd)
        raise FileLocked(lock_path, None, other_name=True) from None
    return fd


def _write_holder(fd: int) -> None:
    info = {
        "host": socket.gethostname(),
        "user": _user(),
        "pid": os.getpid(),
        "since": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "program": "tdapp",
    }
    data = json.dumps(info).encode("utf-8")[:_INFO_SIZE].ljust(_INFO_SIZE, b" ")
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, data)
