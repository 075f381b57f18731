"""Asking whether a process runs must never stop it (tdapp.store.processes): on Windows
``os.kill(pid, 0)`` terminates the process; the Windows branch runs under Wine in .ci/run
(packaging/windows/probe.py)."""

from __future__ import annotations

import subprocess
import sys

from tdapp.store.processes import NO_CONSOLE_WINDOW, process_alive


def test_a_running_process_is_seen_and_left_running() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"],
                             creationflags=NO_CONSOLE_WINDOW)
    try:
        assert process_alive(child.pid)
        assert process_alive(child.pid)  # asking twice: still there
        assert child.poll() is None
    finally:
        child.kill()
        child.wait()
    assert not process_alive(child.pid)


def test_no_process_has_pid_zero_or_less() -> None:
    assert not process_alive(0)
    assert not process_alive(-1)
