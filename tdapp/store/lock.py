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

    def __init__(self, lock_path: Path, holder: LockHolder | None) -> None:
        self.lock_path = lock_path
        self.holder = holder
        super().__init__(holder.describe() if holder else "another copy of tdapp")


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
    _guard = threading.Lock()

    def __init__(self, lock_path: Path, key: str) -> None:
        self.lock_path = lock_path
        self._key = key
        self._released = False

    @classmethod
    def acquire(cls, path: Path) -> TournamentLock:
        """Lock the tournament file at ``path``; FileLocked names who holds it."""
        lock_path = lock_path_for(path)
        key = os.path.normcase(os.path.realpath(lock_path))
        with cls._guard:
            if key in cls._held:
                fd, count = cls._held[key]
                cls._held[key] = (fd, count + 1)
                return cls(lock_path, key)
            cls._held[key] = (cls._take(lock_path), 1)
            return cls(lock_path, key)

    @classmethod
    def check_free(cls, path: Path) -> None:
        """FileLocked if another process holds the lock of ``path``; creates and changes nothing
        (so a refused file is not even read while another copy is writing it)."""
        lock_path = lock_path_for(path)
        with cls._guard:
            if os.path.normcase(os.path.realpath(lock_path)) in cls._held:
                return
        try:
            fd = os.open(lock_path, os.O_RDWR | _BINARY)
        except OSError:  # no lock file: free; unreadable: acquire() will say why
            return
        try:
            try:
                _lock_fd(fd)
            except OSError:
                raise FileLocked(lock_path, read_holder(lock_path)) from None
            _unlock_fd(fd)
        finally:
            os.close(fd)

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
            if sys.platform != "win32":
                # Removed while still locked: a copy waiting on the old file sees it is gone.
                self.lock_path.unlink(missing_ok=True)
            _unlock_fd(fd)
            os.close(fd)
            if sys.platform == "win32":
                # It stays if another copy has it open, about to lock it.
                with contextlib.suppress(OSError):
                    self.lock_path.unlink(missing_ok=True)


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
