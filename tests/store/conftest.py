"""Helpers for store tests: a folder's state (to prove a refused file was left as it was), and
child Python processes that hold or write a tournament file (read with timeouts, so a child that
hangs or dies fails the test instead of blocking the run)."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.file_helpers import folder_state

REPO_ROOT = Path(__file__).resolve().parents[2]
LINE_TIMEOUT = 60.0  # generous: a loaded CI machine takes seconds to import SQLAlchemy


class Child:
    """A Python process running some code with tdapp importable; its stdout read line by line."""

    def __init__(self, code: str) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(REPO_ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        self.process = subprocess.Popen(
            [sys.executable, "-u", "-c", code], env=env, stdout=subprocess.PIPE,
            stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.pid = self.process.pid
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)  # end of output

    def line(self, timeout: float = LINE_TIMEOUT) -> str:
        """The next line printed (with its newline); "" once the child has ended."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"child {self.pid} printed nothing for {timeout} s") from None
        if line is None:
            self._lines.put(None)
            return ""
        return line

    def rest(self, timeout: float = LINE_TIMEOUT) -> list[str]:
        """Every line still to come, up to the end of the child's output."""
        lines = []
        while (line := self.line(timeout)) != "":
            lines.append(line)
        return lines

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text)
        self.process.stdin.flush()

    def stderr(self) -> str:
        """What the child wrote on stderr (only once it has ended)."""
        assert self.process.stderr is not None
        return self.process.stderr.read() if self.process.poll() is not None else ""

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)
        self._reader.join(timeout=10)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream:
                stream.close()


@pytest.fixture
def snapshot_of_folder():
    return folder_state


@pytest.fixture
def spawn_python():
    """Start child Pythons; any still running at the end of the test are killed."""
    children: list[Child] = []

    def spawn(code: str) -> Child:
        child = Child(code)
        children.append(child)
        return child

    yield spawn
    for child in children:
        child.end()
