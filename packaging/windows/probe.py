"""tdapp's Windows-only code paths, run by the Windows build's own python.exe (check_wine.py):

    runtime\\python.exe probe.py FILE.tdt

prints one JSON object: what each check found. It takes the tournament lock (``msvcrt``) and has
a second process try it (by the same name and by the name in other letter case and slashes),
asks the drive type of the file's drive and of a UNC share, and reads where settings go."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

CHILD = """
import sys
from pathlib import Path
from tdapp.store.lock import FileLocked, TournamentLock
try:
    TournamentLock.acquire(Path(sys.argv[1])).release()
except FileLocked as refused:
    print("refused:", refused)
else:
    print("taken")
"""


def _other_process(path: str) -> str:
    done = subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True,
                          timeout=120)
    return (done.stdout.strip() or done.stderr.strip()[-300:])


def main(argv: list[str]) -> int:
    from tdapp.resources import resource_path
    from tdapp.store.filesystems import network_filesystem
    from tdapp.store.lock import TournamentLock, lock_path_for

    tdt = Path(argv[0]).resolve()
    report: dict[str, object] = {"platform": sys.platform, "machine": platform.machine(),
                                 "windows": platform.release(), "file": str(tdt)}
    lock = TournamentLock.acquire(tdt)
    report["lock_file"] = lock_path_for(tdt).exists()
    report["second_copy"] = _other_process(str(tdt))
    other_name = str(tdt).upper().replace("\\", "/")  # the same file to Windows
    report["second_copy_other_name"] = _other_process(other_name)
    link = tdt.with_name("hard-link-" + tdt.name)  # another name, another folder's lock file
    os.link(tdt, link)
    report["second_copy_hard_link"] = _other_process(str(link))
    lock.release()
    report["after_release"] = _other_process(str(tdt))
    report["lock_file_removed"] = not lock_path_for(tdt).exists()

    from tdapp.store.processes import NO_CONSOLE_WINDOW, process_alive

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                             creationflags=NO_CONSOLE_WINDOW)
    asked = process_alive(child.pid) and process_alive(child.pid)
    report["process_alive"] = asked and child.poll() is None  # seen, and not killed by asking
    child.kill()
    child.wait()
    report["process_gone"] = not process_alive(child.pid)

    import ctypes

    drive = os.path.splitdrive(str(tdt))[0] + "\\"
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]  # Windows only
    report["drive_type"] = kernel32.GetDriveTypeW(drive)  # 3: a fixed disk
    report["network_local_file"] = network_filesystem(tdt)
    report["network_unc"] = network_filesystem(Path(r"\\venue-nas\club\open.tdt"))
    report["font"] = resource_path("fonts").is_dir() and any(resource_path("fonts").iterdir())
    from tdapp.services.sealed import settings_folder

    report["settings_folder"] = str(settings_folder())
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
