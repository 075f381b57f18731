"""Is a process (the venue server's postmaster) still running? Without disturbing it.

POSIX answers ``os.kill(pid, 0)`` without sending anything. On Windows ``os.kill(pid, 0)`` is
not a question: Python calls TerminateProcess there, so asking would kill the server. Windows
is asked with OpenProcess and GetExitCodeProcess instead.
"""

from __future__ import annotations

import os
import subprocess
import sys

# Console programs (initdb, pg_ctl, postgres) started from the window (pythonw, no console)
# would each open a console window on Windows, and the server's would stay open as long as it
# runs (closing it would stop the server): they get none. 0 elsewhere.
NO_CONSOLE_WINDOW: int = getattr(subprocess, "CREATE_NO_WINDOW", 0)

_STILL_ACTIVE = 259
_QUERY_LIMITED_INFORMATION = 0x1000


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (also when it belongs to another user)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _windows_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's: it exists
    return True


if sys.platform == "win32":
    import ctypes
    from ctypes import wintypes

    def _windows_alive(pid: int) -> bool:
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.OpenProcess.restype = wintypes.HANDLE
        handle = kernel32.OpenProcess(_QUERY_LIMITED_INFORMATION, False, pid)
        if not handle:
            # Access denied means it exists (a service's process); anything else: gone.
            return ctypes.get_last_error() == 5
        try:
            code = wintypes.DWORD()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return False
            return code.value == _STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
